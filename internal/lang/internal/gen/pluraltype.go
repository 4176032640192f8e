package main

import "strings"

// Weblate's plural type enum and the gettext formulas it recognises
// (weblate/lang/data.py: PLURAL_* constants, the *_PLURALS tuples and
// PLURAL_MAPPINGS, in that order). The sets are as Weblate 4.16 and later
// have them, after the Slavic formulas moved from One/few/other to
// One/few/many (lang migration 0019_alter_plural_type).
const (
	pluralNone                   = 0
	pluralOneOther               = 1
	pluralOneFewOther            = 2
	pluralArabic                 = 3
	pluralOneTwoOther            = 4
	pluralOneTwoThreeOther       = 5
	pluralOneTwoFewOther         = 6
	pluralOneOtherZero           = 7
	pluralOneFewManyOther        = 8
	pluralTwoOther               = 9
	pluralOneTwoFewManyOther     = 10
	pluralZeroOneOther           = 11
	pluralZeroOneTwoFewManyOther = 12
	pluralOtherOneTwoFew         = 13
	pluralOneOtherTwo            = 14
	pluralZeroOther              = 15
	pluralZeroOneFewOther        = 16
	pluralZeroOneTwoFewOther     = 17
	pluralZeroOneTwoOther        = 18
	pluralZeroOneFewManyOther    = 19
	pluralOneManyOther           = 20
	pluralZeroOneManyOther       = 21
	pluralOneFewMany             = 22
	pluralOneZeroFewOther        = 23
	pluralUnknown                = 666
)

// pluralMappings is PLURAL_MAPPINGS: the first set holding the formula
// (spaces removed) names its type.
var pluralMappings = []struct {
	formulas []string
	typ      int
}{
	{[]string{
		"n==1 || n%10==1 ? 0 : 1",
		"n != 1",
		"(n != 1)",
		"n > 1",
		"(n > 1)",
		"n >= 2 && (n < 11 || n > 99)",
		"n % 10 != 1 || n % 100 == 11",
		"(n % 10 == 1 && n % 100 != 11) ? 0 : 1",
		"n != 1 && n != 2 && n != 3 && (n % 10 == 4 || n % 10 == 6 || n % 10 == 9)",
		"(n==0 || n==1)",
		"(n%10==1 && n%100!=11 ? 0 : 1)",
	}, pluralOneOther},
	{[]string{
		"n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2",
		"(n == 1) ? 0 : ((n == 0 || n != 1 && n % 100 >= 1 && n % 100 <= 19) ? 1 : 2)",
		"(n == 0 || n == 1) ? 0 : ((n >= 2 && n <= 10) ? 1 : 2)",
		"(n == 1) ? 0 : ((n == 0 || n % 100 >= 2 && n % 100 <= 19) ? 1 : 2)",
		"(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)",
	}, pluralOneFewOther},
	{[]string{
		"n == 0 ? 0 : n == 1 ? 1 : ((n >= 2 && n <= 10) ? 2 : 3)",
		"n==0 ? 0 : n==1 ? 1 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 2 : 3",
		"n==0 ? 0 : (n == 1) ? 1 : ((n == 0 || n % 100 >= 2 && n % 100 <= 19) ? 2 : 3)",
		"n==0 ? 0 : n==1 ? 1 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 2 : 3",
		"n==0 ? 0 : (n==1) ? 1 : (n>=2 && n<=4) ? 2 : 3",
		"n==0 ? 0 : n%10==1 && n%100!=11 ? 1 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 2 : 3",
		"n==0 ? 0 : (n % 10 == 1 && (n % 100 < 11 || n % 100 > 19)) ? 1 : ((n % 10 >= 2 && n % 10 <= 9 && (n % 100 < 11 || n % 100 > 19)) ? 2 : 3)",
	}, pluralZeroOneFewOther},
	{[]string{
		"(n==1 ? 0 : (n==0 || (n%100>=1 && n%100<=10)) ? 1 : (n%100>=11 && n%100<=19) ? 2 : 3)",
	}, pluralOneZeroFewOther},
	{[]string{
		"n==1 ? 0 : n==2 ? 1 : 2",
		"(n == 1) ? 0 : ((n == 2) ? 1 : 2)",
		"n%100==1 ? 0 : n%100==2 ? 1 : 2",
		"(n==1 ? 0 : n==2 ? 1 : 2)",
		"(n%100==1 ? 0 : n%100==2 ? 1 : 2)",
	}, pluralOneTwoOther},
	{[]string{
		"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : 3",
		"n==0 ? 0 : (n == 1) ? 1 : ((n == 2) ? 2 : 3)",
	}, pluralZeroOneTwoOther},
	{[]string{"n==1 ? 0 : n==2 ? 2 : 1"}, pluralOneOtherTwo},
	{[]string{
		"n==0 ? 0 : n==1 ? 1 : 2",
		"(n == 0) ? 0 : ((n == 1) ? 1 : 2)",
		"(n % 10 == 0 || n % 100 >= 11 && n % 100 <= 19) ? 0 : ((n % 10 == 1 && n % 100 != 11) ? 1 : 2)",
		"n==0 ? 0 : n>1 ? 1 : 2",
		"n==0 ? 0 : n!=1 ? 1 : 2",
		"n == 0 ? 0 : n==1 || n%10==1 ? 1 : 2",
		"n==0 ? 0 : n != 1 && n != 2 && n != 3 && (n % 10 == 4 || n % 10 == 6 || n % 10 == 9) ? 1: 2",
		"n==0 ? 0 : n % 10 != 1 || n % 100 == 11 ? 1 :2",
		"n==0 ? 0 : n >= 2 && (n < 11 || n > 99) ? 1 : 2",
		"n==0 ? 0 : n%10==1 && n%100!=11 ? 1 : 2",
		"(n==1 ? 0 : (n%10==4 || n%10==6 || n%10== 9) ? 1 : 2)",
	}, pluralZeroOneOther},
	{[]string{
		"(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3",
		"n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3",
		"(n % 10 == 1) ? 0 : ((n % 10 == 2) ? 1 : ((n % 100 == 0 || n % 100 == 20 || n % 100 == 40 || n % 100 == 60 || n % 100 == 80) ? 2 : 3))",
		"(n % 100 == 1) ? 0 : ((n % 100 == 2) ? 1 : ((n % 100 == 3 || n % 100 == 4) ? 2 : 3))",
		"(n == 1) ? 0 : ((n == 2) ? 1 : ((n > 10 && n % 10 == 0) ? 2 : 3))",
		"(n == 1) ? 0 : ((n == 2) ? 1 : ((n == 10) ? 2 : 3))",
		"(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3",
		"(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)",
	}, pluralOneTwoFewOther},
	{[]string{
		"n==0 ? 0 : (n==1 || n==11) ? 1 : (n==2 || n==12) ? 2 : (n > 2 && n < 20) ? 3 : 4",
		"n==0 ? 0 : (n == 1) ? 1 : ((n == 2) ? 2 : ((n > 10 && n % 10 == 0) ? 3 : 4))",
		"n==0 ? 0 : (n % 100 == 1) ? 1 : ((n % 100 == 2) ? 2 : ((n % 100 == 3 || n % 100 == 4) ? 3 : 4))",
		"n==0 ? 0 : n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 4",
		"n==0 ? 0 : (n % 10 == 1) ? 1 : ((n % 10 == 2) ? 2 : ((n % 100 == 0 || n % 100 == 20 || n % 100 == 40 || n % 100 == 60 || n % 100 == 80) ? 3 : 4))",
	}, pluralZeroOneTwoFewOther},
	{[]string{"(n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0)"}, pluralOtherOneTwoFew},
	{[]string{"(n==1) ? 0 : (n==2) ? 1 : (n == 3) ? 2 : 3"}, pluralOneTwoThreeOther},
	{[]string{
		"n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2",
		"(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)",
	}, pluralOneOtherZero},
	{[]string{
		"n==1 ? 0 : n==0 || ( n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20 ) ? 2 : 3",
		"n==1 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : n%10==0 || (n%100>10 && n%100<20) ? 2 : 3",
		"n==1 ? 3 : n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
		"(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3)",
		"(n==1 ? 0 : (n%10>=2 && n%10<=4) && (n%100<12 || n%100>14) ? 1 : n!=1 && (n%10>=0 && n%10<=1) || (n%10>=5 && n%10<=9) || (n%100>=12 && n%100<=14) ? 2 : 3)",
		"(n % 1 == 0 && n % 10 == 1 && n % 100 != 11 ? 0 : n % 1 == 0 && n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : n % 1 == 0 && (n % 10 ==0 || (n % 10 >=5 && n % 10 <=9) || (n % 100 >=11 && n % 100 <=14 )) ? 2: 3)",
	}, pluralOneFewManyOther},
	{[]string{
		"n==0 ? 0 : n==1 ? 1 : ( n%100>1 && n%100<11) ? 2 : (n%100>10 && n%100<20 ) ? 3 : 4",
		"(n==0 ? 0 : n==1 ? 1 : (n>=2 && n<=5) ? 2 : n==6 ? 3 : 4)",
	}, pluralZeroOneFewManyOther},
	{[]string{"(n==2) ? 1 : 0"}, pluralTwoOther},
	{[]string{
		"n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4",
		"n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4",
		"(n % 10 == 1 && n % 100 != 11 && n % 100 != 71 && n % 100 != 91) ? 0 : ((n % 10 == 2 && n % 100 != 12 && n % 100 != 72 && n % 100 != 92) ? 1 : ((((n % 10 == 3 || n % 10 == 4) || n % 10 == 9) && (n % 100 < 10 || n % 100 > 19) && (n % 100 < 70 || n % 100 > 79) && (n % 100 < 90 || n % 100 > 99)) ? 2 : ((n != 0 && n % 1000000 == 0) ? 3 : 4)))",
		"(n == 1) ? 0 : ((n == 2) ? 1 : ((n == 0 || n % 100 >= 3 && n % 100 <= 10) ? 2 : ((n % 100 >= 11 && n % 100 <= 19) ? 3 : 4)))",
	}, pluralOneTwoFewManyOther},
	{[]string{
		"(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 :(n==6) ? 4 : 5",
		"(n == 0) ? 0 : ((n == 1) ? 1 : ((n == 2) ? 2 : ((n % 100 >= 3 && n % 100 <= 10) ? 3 : ((n % 100 >= 11 && n % 100 <= 99) ? 4 : 5))))",
		"(n == 0) ? 0 : ((n == 1) ? 1 : (((n % 100 == 2 || n % 100 == 22 || n % 100 == 42 || n % 100 == 62 || n % 100 == 82) || n % 1000 == 0 && (n % 100000 >= 1000 && n % 100000 <= 20000 || n % 100000 == 40000 || n % 100000 == 60000 || n % 100000 == 80000) || n != 0 && n % 1000000 == 100000) ? 2 : ((n % 100 == 3 || n % 100 == 23 || n % 100 == 43 || n % 100 == 63 || n % 100 == 83) ? 3 : ((n != 1 && (n % 100 == 1 || n % 100 == 21 || n % 100 == 41 || n % 100 == 61 || n % 100 == 81)) ? 4 : 5))))",
		"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : (n>2 && n<7) ? 3 :(n>6 && n<11) ? 4 : 5",
		"n==0 ? 0 : (n % 10 == 1 && n % 100 != 11 && n % 100 != 71 && n % 100 != 91) ? 1 : ((n % 10 == 2 && n % 100 != 12 && n % 100 != 72 && n % 100 != 92) ? 2 : ((((n % 10 == 3 || n % 10 == 4) || n % 10 == 9) && (n % 100 < 10 || n % 100 > 19) && (n % 100 < 70 || n % 100 > 79) && (n % 100 < 90 || n % 100 > 99)) ? 3 : ((n != 0 && n % 1000000 == 0) ? 4 : 5)))",
		"(n == 0) ? 0 : (n == 1) ? 1 : ((n == 2) ? 2 : ((n == 0 || n % 100 >= 3 && n % 100 <= 10) ? 3 : ((n % 100 >= 11 && n % 100 <= 19) ? 4 : 5)))",
		// Weblate 5 also lists Arabic's two formulas here; 4.18 does not, so
		// Arabic gets its own type through get_plural_type's special case.
	}, pluralZeroOneTwoFewManyOther},
	{[]string{"n==0 ? 0 : 1"}, pluralZeroOther},
	{[]string{
		"(n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2)",
		"(n == 0 || n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2)",
	}, pluralOneManyOther},
	{[]string{"(n == 0) ? 0 : (n == 1) ? 1 : ((n != 0 && n % 1000000 == 0) ? 2 : 3)"}, pluralZeroOneManyOther},
	{[]string{
		"n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
		"(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2",
		"n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
		"(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
		"n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2",
		"(n % 10 == 1 && (n % 100 < 11 || n % 100 > 19)) ? 0 : ((n % 10 >= 2 && n % 10 <= 9 && (n % 100 < 11 || n % 100 > 19)) ? 1 : 2)",
		"(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)",
		"(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
		"((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2)",
	}, pluralOneFewMany},
}

// pluralType is Weblate's get_plural_type (weblate/lang/models.py): drop a
// trailing ";", "0" is no plural, else look the formula up without spaces;
// an unknown formula of Arabic is the Arabic type.
func pluralType(baseCode, formula string) int {
	formula = strings.TrimSuffix(formula, ";")
	if formula == "0" {
		return pluralNone
	}
	f := strings.ReplaceAll(formula, " ", "")
	for _, m := range pluralMappings {
		for _, known := range m.formulas {
			if strings.ReplaceAll(known, " ", "") == f {
				return m.typ
			}
		}
	}
	if baseCode == "ar" {
		return pluralArabic
	}
	return pluralUnknown
}

// pluralNames are Weblate's names of each type's forms (data.PLURAL_NAMES),
// as CLDR categories: "Singular"/"Plural" are one/other.
var pluralNames = map[int]string{
	pluralNone:                   "other",
	pluralOneOther:               "one other",
	pluralOneFewOther:            "one few other",
	pluralZeroOneFewOther:        "zero one few other",
	pluralOneZeroFewOther:        "one zero few other",
	pluralArabic:                 "zero one two few many other",
	pluralZeroOneOther:           "zero one other",
	pluralOneTwoOther:            "one two other",
	pluralZeroOneTwoOther:        "zero one two other",
	pluralOneOtherTwo:            "one other two",
	pluralOneTwoThreeOther:       "one two three other",
	pluralOneTwoFewOther:         "one two few other",
	pluralZeroOneTwoFewOther:     "zero one two few other",
	pluralOtherOneTwoFew:         "other one two few",
	pluralOneOtherZero:           "one other zero",
	pluralOneFewManyOther:        "one few many other",
	pluralZeroOneFewManyOther:    "zero one few many other",
	pluralOneTwoFewManyOther:     "one two few many other",
	pluralTwoOther:               "two other",
	pluralZeroOneTwoFewManyOther: "zero one two few many other",
	pluralZeroOther:              "zero other",
	pluralOneManyOther:           "one many other",
	pluralZeroOneManyOther:       "zero one many other",
	pluralOneFewMany:             "one few many",
}
