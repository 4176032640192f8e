package main

import "testing"

func TestCode(t *testing.T) {
	for in, want := range map[string]string{
		"pt-BR":          "pt_BR",
		"zh-Hant-HK":     "zh_Hant_HK",
		"sr-latn":        "sr_Latn",
		"es-419":         "es_419",
		"be-tarask":      "be@tarask",
		"ca-ES-valencia": "ca@valencia",
		"zh":             "zh_Hans",
		"nb":             "nb_NO",
		"pa-Arab":        "pa_PK",
		"yue":            "yue_Hant",
		"pa_Arab":        "pa_PK",
	} {
		if got := code(in); got != want {
			t.Errorf("code(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOverridesConsistent(t *testing.T) {
	for from, to := range renames {
		if parseTag(from).String() != from {
			t.Errorf("rename key %q is not in CLDR form", from)
		}
		if to == "" {
			t.Errorf("rename %q has no target", from)
		}
	}
	for _, r := range keepRegion {
		if parseTag(r).region == "" {
			t.Errorf("keepRegion %q has no region", r)
		}
	}
	for alias, target := range extraAliases {
		if _, ok := dropAlias[alias]; !ok {
			t.Errorf("extra alias %q -> %q must also drop CLDR's own alias", alias, target)
		}
	}
}
