package main

import "testing"

// TestPluralType: Weblate's get_plural_type on formulas its tests name.
func TestPluralType(t *testing.T) {
	for _, c := range []struct {
		base, formula string
		want          int
	}{
		{"ja", "0", pluralNone},
		{"en", "n != 1", pluralOneOther},
		{"fr", "n > 1", pluralOneOther},
		{"pt", "(n > 1);", pluralOneOther},
		{"cs", "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", pluralOneFewMany},
		{"ru", "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", pluralOneFewMany},
		{"ar", "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5", pluralArabic},
		{"ar", "n==0 ? 0 : n==1 ? 1 : 7", pluralArabic},
		{"xx", "n==0 ? 0 : n==1 ? 1 : 7", pluralUnknown},
		{"he", "(n == 1) ? 0 : ((n == 2) ? 1 : ((n > 10 && n % 10 == 0) ? 2 : 3))", pluralOneTwoFewOther},
		{"ro", "(n == 1) ? 0 : ((n == 0 || n % 100 >= 2 && n % 100 <= 19) ? 1 : 2)", pluralOneFewOther},
	} {
		if got := pluralType(c.base, c.formula); got != c.want {
			t.Errorf("pluralType(%q, %q) = %d, want %d", c.base, c.formula, got, c.want)
		}
	}
}

func TestBaseCode(t *testing.T) {
	for in, want := range map[string]string{"pt_BR": "pt", "zh_Hant_HK": "zh", "ca@valencia": "ca@valencia", "sr-Latn": "sr", "de": "de"} {
		if got := baseCode(in); got != want {
			t.Errorf("baseCode(%q) = %q, want %q", in, got, want)
		}
	}
}
