# This Source Code Form is subject to the terms of the Mozilla Public
# License, v. 2.0. If a copy of the MPL was not distributed with this
# file, You can obtain one at http://mozilla.org/MPL/2.0/.


## Settings page

settings-headline = Nastavení { -brand-name-relay(case: "gen") }
settings-meta-contact-label = Kontakt
settings-meta-help-label = Nápověda a podpora
settings-meta-help-tooltip = Získat pomoc s používáním { -brand-name-relay(case: "gen") }
settings-meta-status-label = Stav služby
settings-meta-status-tooltip = Zkontrolujte, zda jsou teď všechny systémy { -brand-name-relay(case: "gen") } funkční.
settings-warning-collection-off-heading-3 = Názvy účtů pro e-mailové masky jsou vypnuté
settings-warning-collection-off-description-3 = Služba { -brand-name-relay } momentálně nemá povoleno opatřovat vaše e-mailové masky popiskami udávající weby, na kterých jste je použili. Chcete-li to změnit, povolte názvy účtů pro e-mailové masky v části „Soukromí“.
# This is the heading for the checkbox labelled with `setting-label-collection-description`.
setting-label-collection-heading-v2 = Soukromí
setting-label-collection-description-3 = Povolit názvy účtů pro e-mailové masky
setting-label-collection-off-warning-3 = Služba { -brand-name-firefox-relay } si bude ukládat weby, na kterých jste použili své e-mailové masky, a tyto masky opatří popisky udávající dané weby, abyste je mohli snadno identifikovat. Vypnutí této funkce znamená, že nebudete moci zjistit, kde jste jednotlivé masky použili, a názvy vašich účtů se již nebudou synchronizovat mezi zařízeními.
settings-button-save-label = Uložit
# This is a read-only input where a user can copy their API key to their clipboard
setting-label-api-key = API klíč
settings-api-key-description = Toto je váš API klíč pro { -brand-name-relay(case: "acc") }. Umožňuje ostatním aplikacím automatický přístup k vašemu účtu { -brand-name-relay }.
settings-api-key-description-bolded = Používejte ho pouze u aplikací, kterým důvěřujete natolik, že za vás budou moci přistupovat k vašemu účtu { -brand-name-relay }.
# This is a label that appears on hover to copy the API key
settings-button-copy = Klepnutím zkopírujete do schránky
setting-api-key-copied = Zkopírováno!
setting-api-key-copied-alt = Klepnutím zkopírujete do schránky
setting-tracker-removal-heading = Odstraňování sledovacích prvků
setting-tracker-removal-description = Odstraňovat sledovací prvky ze všech přeposlaných e-mailů
setting-tracker-removal-note = { -brand-name-firefox-relay } nyní může z e-mailů přeposlaných přes vaše masky odstranit běžné sledovací prvky.
setting-tracker-removal-warning-2 = Důležité: Odstranění sledovacích prvků může způsobit, že bude e-mail vypadat jako rozbitý, protože sledovací prvky jsou často obsaženy v obrázcích a odkazech. Takto obdržené e-maily nelze opravit ani obnovit.
