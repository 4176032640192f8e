package main

// Hand-written overrides: only where Weblate's conventions (language-data
// 2023.5, the release Weblate 4.18 ships) differ from CLDR or where CLDR has
// nothing to say. Everything else comes from the CLDR packages.

// renames maps a CLDR locale to the code Weblate uses for it; when the
// Weblate code is also a CLDR locale the two are merged.
var renames = map[string]string{
	"zh":             "zh_Hans",     // Weblate has no bare zh: Chinese means Simplified Chinese
	"yue":            "yue_Hant",    // Weblate names Cantonese by script, Traditional by default
	"nb":             "nb_NO",       // Weblate's code for Norwegian Bokmål keeps the region
	"no":             "nb_NO",       // Weblate (and CLDR's alias table) read Norwegian as Bokmål
	"sh":             "sr_Latn",     // Weblate (and CLDR's alias table) read Serbo-Croatian as Serbian (latin)
	"pa-Arab":        "pa_PK",       // Weblate's code for Punjabi in Shahmukhi (Arabic) script
	"ca-ES-valencia": "ca@valencia", // Weblate writes the Valencian variant without the region
}

// keepRegion lists CLDR default-content locales (which CLDR folds into their
// language) that Weblate lists as languages of their own.
var keepRegion = []string{
	"bn-BD",  // Weblate lists Bengali (Bangladesh) beside Bengali
	"bo-CN",  // Weblate lists Tibetan (China) beside Tibetan
	"ckb-IQ", // Weblate lists Central Kurdish (Iraq) beside Central Kurdish
	"en-US",  // Weblate lists English (United States) beside English
	"gu-IN",  // Weblate lists Gujarati (India) beside Gujarati
	"he-IL",  // Weblate lists Hebrew (Israel) beside Hebrew
	"pt-BR",  // Weblate lists Portuguese (Brazil) beside Portuguese
	"sw-TZ",  // Weblate lists Swahili (Tanzania) beside Swahili
	"ur-PK",  // Weblate lists Urdu (Pakistan) beside Urdu
}

// extraLanguages are languages Weblate lists (and the shared corpora use) for
// which CLDR has no English name, with Weblate's names.
var extraLanguages = map[string]string{
	"ayc": "Aymara (Southern)",      // Weblate lists it; CLDR has no English name
	"azb": "Azerbaijani (Southern)", // Weblate lists it; CLDR has no English name
	"ber": "Berber",                 // Weblate lists it; CLDR has no English name
	"kmr": "Kurdish (Northern)",     // Weblate lists it; CLDR has no English name
	"nah": "Nahuatl",                // Weblate lists it; CLDR has no English name
	"otk": "Kokturk",                // Weblate lists it; CLDR has no English name
	"sgn": "Sign Languages",         // Weblate lists it; CLDR has no English name
}

// names overrides the composed "Language (Script, Region)" name.
var names = map[string]string{
	"nb_NO":       "Norwegian Bokmål", // the region is part of Weblate's code, not of the name
	"ca@valencia": "Valencian",        // Weblate's name for the variant
}

// scriptNames overrides CLDR's English script names in composed names.
var scriptNames = map[string]string{
	"Hans": "Simplified",  // Weblate: "Chinese (Simplified)"
	"Hant": "Traditional", // Weblate: "Chinese (Traditional)"
	"Latn": "latin",       // Weblate: "Serbian (latin)"
	"Cyrl": "cyrillic",    // Weblate: "Serbian (cyrillic)"
}

// keepMacrolanguageAlias lists the CLDR "macrolanguage" aliases Weblate keeps;
// the others are dropped because Weblate treats an individual language
// (kmr, gug, mhr, bh, …) as a language of its own, not as its macrolanguage.
var keepMacrolanguageAlias = map[string]bool{
	"cmn": true, // Weblate maps Mandarin to Chinese (Simplified)
}

// extraAliases are aliases Weblate has that CLDR's alias table does not give.
var extraAliases = map[string]string{
	"tgl": "tl", // Weblate keeps Tagalog apart from Filipino, so its ISO 639-2 code names Tagalog
}

// dropAlias lists other CLDR aliases Weblate does not follow.
var dropAlias = map[string]string{
	"cnr": "Weblate keeps Montenegrin as a language, not Serbian (Montenegro)",
	"tgl": "replaced by extraAliases",
}

// androidLegacy are the pre-ISO-639 codes Java and Android still write in
// resource directories; translate-toolkit's plural table keys them as copies of
// the current codes.
var androidLegacy = map[string]string{
	"in": "id",
	"iw": "he",
	"ji": "yi",
}

// gettextModifiers are the glibc locale modifiers naming a script; Weblate
// accepts "sr@latin" for sr_Latn and "sr@cyrillic" for sr_Cyrl.
var gettextModifiers = map[string]string{
	"Latn": "latin",
	"Cyrl": "cyrillic",
}
