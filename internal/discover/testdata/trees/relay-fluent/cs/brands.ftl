# This Source Code Form is subject to the terms of the Mozilla Public
# License, v. 2.0. If a copy of the MPL was not distributed with this
# file, You can obtain one at http://mozilla.org/MPL/2.0/.


## Brands


# Dev Note: When adding to this section, use this file for naming conventions: https://github.com/mozilla/bedrock/blob/master/l10n/en/brands.ftl

-brand-name-firefox =
    { $case ->
        [gen] Firefoxu
        [dat] Firefoxu
        [acc] Firefox
        [voc] Firefoxe
        [loc] Firefoxu
        [ins] Firefoxem
       *[nom] Firefox
    }
    .gender = masculine
-brand-name-firefox-relay =
    { $case ->
        [gen] Firefoxu Relay
        [dat] Firefoxu Relay
        [acc] Firefox Relay
        [voc] Firefoxe Relay
        [loc] Firefoxu Relay
        [ins] Firefoxem Relay
       *[nom] Firefox Relay
    }
    .gender = masculine
-brand-name-relay = Relay
-brand-name-relay-premium = Relay Premium
-brand-name-premium = Premium
-brand-name-firefox-relay-premium =
    { $case ->
        [gen] Firefoxu Relay Premium
        [dat] Firefoxu Relay Premium
        [acc] Firefox Relay Premium
        [voc] Firefoxe Relay Premium
        [loc] Firefoxu Relay Premium
        [ins] Firefoxem Relay Premium
       *[nom] Firefox Relay Premium
    }
    .gender = masculine
-brand-name-firefox-browser =
    { $case ->
        [gen]
            { $capitalization ->
                [lower] prohlížeče Firefox
               *[upper] Prohlížeče Firefox
            }
        [dat]
            { $capitalization ->
                [lower] prohlížeči Firefox
               *[upper] Prohlížeči Firefox
            }
        [acc]
            { $capitalization ->
                [lower] prohlížeč Firefox
               *[upper] Prohlížeč Firefox
            }
        [voc]
            { $capitalization ->
                [lower] prohlížeči Firefox
               *[upper] Prohlížeči Firefox
            }
        [loc]
            { $capitalization ->
                [lower] prohlížeči Firefox
               *[upper] Prohlížeči Firefox
            }
        [ins]
            { $capitalization ->
                [lower] prohlížečem Firefox
               *[upper] Prohlížečem Firefox
            }
       *[nom]
            { $capitalization ->
                [lower] prohlížeč Firefox
               *[upper] Prohlížeč Firefox
            }
    }
-brand-name-mozilla =
    { $case ->
        [gen] Mozilly
        [dat] Mozille
        [acc] Mozillu
        [voc] Mozillo
        [loc] Mozille
        [ins] Mozillou
       *[nom] Mozilla
    }
    .gender = feminine
-brand-name-vpn = VPN
-brand-name-mozilla-vpn =
    { $case ->
        [gen] Mozilly VPN
        [dat] Mozille VPN
        [acc] Mozillu VPN
        [voc] Mozillo VPN
        [loc] Mozille VPN
        [ins] Mozillou VPN
       *[nom] Mozilla VPN
    }
    .gender = feminine
-brand-name-mozilla-privacy-pack =
    { $case ->
        [gen]
            { $capitalization ->
                [lower] balíčku soukromí od Mozilly
               *[upper] Balíčku soukromí od Mozilly
            }
        [dat]
            { $capitalization ->
                [lower] balíčku soukromí od Mozilly
               *[upper] Balíčku soukromí od Mozilly
            }
        [acc]
            { $capitalization ->
                [lower] balíček soukromí od Mozilly
               *[upper] Balíček soukromí od Mozilly
            }
        [voc]
            { $capitalization ->
                [lower] balíčku soukromí od Mozilly
               *[upper] Balíčku soukromí od Mozilly
            }
        [loc]
            { $capitalization ->
                [lower] balíčku soukromí od Mozilly
               *[upper] Balíčku soukromí od Mozilly
            }
        [ins]
            { $capitalization ->
                [lower] balíčkem soukromí od Mozilly
               *[upper] Balíčkem soukromí od Mozilly
            }
       *[nom]
            { $capitalization ->
                [lower] balíček soukromí od Mozilly
               *[upper] Balíček soukromí od Mozilly
            }
    }
-brand-name-firefox-lockwise =
    { $case ->
        [gen] Firefoxu Lockwise
        [dat] Firefoxu Lockwise
        [acc] Firefox Lockwise
        [voc] Firefoxe Lockwise
        [loc] Firefoxu Lockwise
        [ins] Firefoxem Lockwise
       *[nom] Firefox Lockwise
    }
    .gender = masculine
# Deprecated
-brand-name-firefox-monitor =
    { $case ->
        [gen] Firefox Monitoru
        [dat] Firefox Monitoru
        [acc] Firefox Monitor
        [voc] Firefox Monitore
        [loc] Firefox Monitoru
        [ins] Firefox Monitorem
       *[nom] Firefox Monitor
    }
    .gender = masculine
-brand-name-mozilla-monitor = Mozilla Monitor
-brand-name-pocket =
    { $case ->
        [gen] Pocketu
        [dat] Pocketu
        [acc] Pocket
        [voc] Pocket
        [loc] Pocketu
        [ins] Pocketem
       *[nom] Pocket
    }
    .gender = masculine
# Deprecated
-brand-name-firefox-account =
    { $case ->
        [gen]
            { $capitalization ->
                [lower] účtu Firefoxu
               *[upper] Účtu Firefoxu
            }
        [dat]
            { $capitalization ->
                [lower] účtu Firefoxu
               *[upper] Účtu Firefoxu
            }
        [acc]
            { $capitalization ->
                [lower] účet Firefoxu
               *[upper] Účet Firefoxu
            }
        [voc]
            { $capitalization ->
                [lower] účte Firefoxu
               *[upper] Účte Firefoxu
            }
        [loc]
            { $capitalization ->
                [lower] účtu Firefoxu
               *[upper] Účtu Firefoxu
            }
        [ins]
            { $capitalization ->
                [lower] účtem Firefoxu
               *[upper] Účtem Firefoxu
            }
       *[nom]
            { $capitalization ->
                [lower] účet Firefoxu
               *[upper] Účet Firefoxu
            }
    }
-brand-name-chrome =
    { $case ->
        [gen] Chromu
        [dat] Chromu
        [acc] Chrome
        [voc] Chrome
        [loc] Chromu
        [ins] Chromem
       *[nom] Chrome
    }
    .gender = masculine
-brand-name-google-chrome =
    { $case ->
        [gen] Google Chromu
        [dat] Google Chromu
        [acc] Google Chrome
        [voc] Google Chrome
        [loc] Google Chromu
        [ins] Google Chromem
       *[nom] Google Chrome
    }
    .gender = masculine
-brand-name-monitor = Monitor
-brand-name-monitor-plus = Monitor Plus
-brand-name-solo = Solo
-brand-name-solo-ai = Solo AI
