package rules

import (
	"slices"
	"testing"

	"github.com/gitlate/gitlate/internal/weblate"
)

// The cases follow Weblate's weblate/checks/tests/test_format_checks.py,
// test_angularjs_checks.py and the Qt and Ruby cases, rewritten, and as the
// 4.18 code judges them where later Weblate differs.

// formatFamilyOf maps check ids to the family each check compares with.
var formatFamilyOf = map[string]*formatFamily{
	"python_format": pythonFormat, "python_brace_format": pythonBraceFormat, "php_format": phpFormat,
	"c_format": cFormat, "perl_format": cFormat, "javascript_format": cFormat, "lua_format": cFormat,
	"object_pascal_format": pascalFormat, "scheme_format": schemeFormat, "c_sharp_format": cSharpFormat,
	"java_printf_format": javaPrintfFormat, "java_format": javaMessageFormat,
	"percent_placeholders": percentFormat, "vue_format": vueFormat, "i18next_interpolation": i18nextFormat,
	"es_format": esFormat, "angularjs_format": angularjsFormat, "qt_format": qtFormat,
	"qt_plural_format": qtPluralFormat, "ruby_format": rubyFormat,
}

type formatCase struct {
	id             string
	source, target string
	ignore         bool // the target form may lack placeholders
	want           bool // the check fails
}

// cFormatCases are the cases every family reading C_PRINTF_MATCH shares.
func cFormatCases(id string) []formatCase {
	return []formatCase{
		{id, "fruit", "ovoce", false, false},
		{id, "%s file", "%s soubor", false, false},
		{id, "%10s file", "%10s soubor", false, false},
		{id, "%s file", "soubor", false, true},
		{id, "%10s file", "soubor", false, true},
		{id, "%10s file", "soubor", true, false},
		{id, "%s file", "%c soubor", false, true},
		{id, "%10s file", "%20s soubor", false, true},
		{id, "%1$s and %2$s", "%2$s a %1$s", false, false},
		// ' is a locale flag: %'6.3f is %6.3f.
		{id, "rows: %6.3f", "řádky: %'6.3f", false, false},
		// %ld against %l: both missing and extra, so not forgiven.
		{id, "%ld kB (free %ld kB)", "%l ko (%l ko libres)", true, true},
		// Where the %% stands does not matter.
		{id, "(%.0lf%%)", "(%%%.0lf)", false, false},
	}
}

var formatCases = slices.Concat(
	[]formatCase{
		{"python_format", "fruit", "ovoce", false, false},
		{"python_format", "%s file", "%s soubor", false, false},
		// "% f" (space flag) and "% j" differ.
		{"python_format", "%d % file", "%d % jiný", false, true},
		{"python_format", "%d%% done", "%d%% hotovo", false, false},
		{"python_format", "50%% off", "50% sleva", false, true},
		{"python_format", "Save 12%%.", "Ušetři 12%.", false, true},
		{"python_format", "Save 12%%.", "Ušetři 12 procent.", false, false},
		{"python_format", "%(name)s file", "%(name)s soubor", false, false},
		{"python_format", "%s file", "soubor", false, true},
		{"python_format", "%(name)s file", "soubor", false, true},
		{"python_format", "%(name)s file", "soubor", true, false},
		{"python_format", "%s file", "%c soubor", false, true},
		// Unnamed placeholders keep their order; named ones need not.
		{"python_format", "%s %d file", "%d %s soubor", false, true},
		{"python_format", "%(name)s file", "%(jmeno)s soubor", false, true},
		{"python_format", "%(a)s and %(b)s", "%(b)s a %(a)s", false, false},
		{"python_format", "%(count)d rows in %(langs)d languages %(pct)d%%", "%(langs)d dil %(count)d satır %%%(pct)d", false, false},
		// Multisets (4.16+): a repeated placeholder counts.
		{"python_format", "%(x)s %(y)s", "%(y)s %(x)s %(y)s", false, true},
		{"python_format", "%(t)s%(t)s%(t)s", "%(t)s%(t)s", false, true},
		{"python_format", "%(t)s%(t)s%(t)s", "%(t)s%(t)s", true, false},
		{"python_format", "%d %d", "%d", false, true},
		{"python_format", "%d %d", "%d", true, false},
		// Forgiven only when nothing is extra.
		{"python_format", "%d", "%s", true, true},
		{"python_format", "%d", "", false, false},

		{"php_format", "%1$s file", "%1$s soubor", false, false},
		{"php_format", "%1$s file", "soubor", false, true},
		{"php_format", "%1$s file", "soubor", true, false},
		{"php_format", "%s file", "%s%s soubor", false, true},
		{"php_format", "%1$s %2$s file", "%2$s %1$s soubor", false, false},
		{"php_format", "%1$s file", "%s soubor", false, true},
		{"php_format", "%s%% (0.1%%)", "%s%% (0.1%x)", false, true},
		{"php_format", "%s%% %%", "%s%% procent", false, false},
		{"php_format", "%d % file", "%d % jiný", false, true},

		{"scheme_format", "~s file", "~s soubor", false, false},
		{"scheme_format", "~0@*~s file", "~0@*~s soubor", false, false},
		{"scheme_format", "~s file", "soubor", false, true},
		{"scheme_format", "~1@*~s file", "soubor", false, true},
		{"scheme_format", "~1@*~s file", "soubor", true, false},
		{"scheme_format", "~s file", "~c soubor", false, true},
		{"scheme_format", "~s file", "~s~s soubor", false, true},
		{"scheme_format", "~1@*~s ~2@*~s", "~2@*~s ~1@*~s", false, false},
		{"scheme_format", "~1@*~s file", "~s soubor", false, true},
		{"scheme_format", "~s~~ (0.1~~)", "~s~~ (0.1~x)", false, true},
		{"scheme_format", "~s~~ ~~", "~s~~ vlnka", false, false},

		{"object_pascal_format", "%s file", "%s soubor", false, false},
		{"object_pascal_format", "%10s file", "%10s soubor", false, false},
		{"object_pascal_format", "%s file", "soubor", false, true},
		{"object_pascal_format", "file", "%s soubor", false, true},
		{"object_pascal_format", "%10s file", "soubor", true, false},
		{"object_pascal_format", "%s file", "%d soubor", false, true},
		// %c is no Pascal placeholder: the target has none.
		{"object_pascal_format", "%d file", "%c soubor", false, true},
		{"object_pascal_format", "%c file", "%c soubor", false, false},
		{"object_pascal_format", "%6.2f%% file", "%6.2f%% soubor", false, false},
		{"object_pascal_format", "%6.2f file", "%5.3f soubor", false, true},
		{"object_pascal_format", "%*s file", "%10s soubor", false, true},
		{"object_pascal_format", "%1:s %2:d", "%2:d %1:s", false, false},

		{"python_brace_format", "{} and {}", "{} a {}", false, false},
		{"python_brace_format", "{} file", "{} soubor {}", false, true},
		{"python_brace_format", "{a} and {b}", "{b} a {a}", false, false},
		{"python_brace_format", "{} file", "soubor", false, true},
		{"python_brace_format", "{a} file", "soubor", false, true},
		{"python_brace_format", "{a} file", "soubor", true, false},
		{"python_brace_format", "{s} file", "{c} soubor", false, true},
		{"python_brace_format", "{{ text }}", "text", false, false},
		{"python_brace_format", "{{ text }}", "{{ text }}", false, false},
		{"python_brace_format", "{s.foo} file", "{s.foo} soubor", false, false},
		{"python_brace_format", "{s.foo} file", "{s.bar} soubor", false, true},
		{"python_brace_format", "{x[0]!r:>10} file", "{x[0]!r:>10} soubor", false, false},
		{"python_brace_format", "{{ {{ {s} }}", "{{ {{ {s} }}", false, false},
		// 4.18 (and the 5.4.2 oracle) does not look at stray braces; later
		// Weblate counts "}}" and "{ " as placeholders of their own.
		{"python_brace_format", "{s} file", "{s}} soubor", false, false},

		{"c_sharp_format", "{{ text }}", "text", false, false},
		{"c_sharp_format", "{0} file", "{0} soubor", false, false},
		{"c_sharp_format", "{0,1} file", "{0,1} soubor", false, false},
		{"c_sharp_format", "{0:C2} file", "{0:C2} soubor", false, false},
		{"c_sharp_format", "{0,1:N0} file", "{0,1:N0} soubor", false, false},
		{"c_sharp_format", "{0} file", "soubor", false, true},
		{"c_sharp_format", "{0,1} file", "soubor", false, true},
		{"c_sharp_format", "{0:C1} file", "soubor", false, true},
		{"c_sharp_format", "{0,1:C3} file", "soubor", false, true},
		{"c_sharp_format", "{0} file", "{1} soubor", false, true},
		{"c_sharp_format", "{0} file", "soubor", true, false},
		{"c_sharp_format", "{{ 0 }}", "soubor", false, false},
		{"c_sharp_format", "{0} and {1}", "{1} a {0}", false, false},
		// Only the argument number is compared.
		{"c_sharp_format", "{0,-8:N2} file", "{0} soubor", false, false},

		// Java's printf has no %% placeholder: "%%" is skipped and "%s" after it
		// is one (later Weblate reads %% as an escape).
		{"java_printf_format", "%% s %%", "text", false, false},
		{"java_printf_format", "Something failed", "Něco %%s", false, true},
		{"java_printf_format", "%s file", "%s soubor", false, false},
		{"java_printf_format", "%1$tH file", "%1$tH soubor", false, false},
		{"java_printf_format", "%tY file", "%tY soubor", false, false},
		{"java_printf_format", "%tY file", "%ty soubor", false, true},
		{"java_printf_format", "%s file", "%s soubor %s", false, true},
		{"java_printf_format", "%1s file %2s", "%1s soubor %2s", false, false},
		{"java_printf_format", "%1s file", "soubor", false, true},
		{"java_printf_format", "%1$05d file", "soubor", false, true},
		{"java_printf_format", "%1s file", "%2s soubor", false, true},
		{"java_printf_format", "%s file", "%d soubor", false, true},
		{"java_printf_format", "%1s file", "soubor", true, false},
		{"java_printf_format", "%1s file %2d", "%2d soubor %1s", false, true},
		// A space after % is no placeholder.
		{"java_printf_format", "100 % sure", "100 % jistě", false, false},

		{"java_format", "fruit", "ovoce", false, false},
		{"java_format", "{{ text }}", "text", false, false},
		{"java_format", "{0} file", "{0} soubor", false, false},
		{"java_format", "{0,1} file", "{0,1} soubor", false, false},
		{"java_format", "{0} file", "soubor", false, true},
		{"java_format", "{0,number} file", "soubor", false, true},
		{"java_format", "{0,number,integer} file", "soubor", false, true},
		{"java_format", "{0} file", "{1} soubor", false, true},
		{"java_format", "{0} file", "soubor", true, false},
		{"java_format", "{{ 0 }}", "soubor", false, false},
		{"java_format", "{0} and {1}", "{1} a {0}", false, false},
		{"java_format", "{0,number,integer} file", "{0} soubor", false, false},
		// Apostrophes come in pairs, forgiven or not.
		{"java_format", "{0} and {1}", "'{1}' a''b '{0}'", false, false},
		{"java_format", "{0} and {1}", "'{1}' a''b '{0}", false, true},
		{"java_format", "{0} and {1}", "'{1}' a'b '{0}'", false, true},
		{"java_format", "{0} file", "soubor'", true, true},

		{"qt_format", "fruit", "ovoce", false, false},
		{"qt_format", "%1 file", "%1 soubor", false, false},
		{"qt_format", "%1 file", "soubor", false, true},
		{"qt_format", "%1 file", "%2 soubor", false, true},
		{"qt_format", "%1 and %2", "%2 a %1", false, false},
		{"qt_format", "%1 and %1", "%1 a %1", false, false},
		{"qt_format", "%L1 file", "%1 soubor", false, true},
		{"qt_plural_format", "fruit", "ovoce", false, false},
		{"qt_plural_format", "%n file(s)", "%n soubor", false, false},
		{"qt_plural_format", "%Ln file(s)", "%Ln soubor", false, false},
		{"qt_plural_format", "%n file(s)", "soubor", false, true},

		{"ruby_format", "fruit", "ovoce", false, false},
		{"ruby_format", "%s file", "%s soubor", false, false},
		{"ruby_format", "%d % file", "%d % jiný", false, true},
		{"ruby_format", "%d%% file", "%d%% soubor", false, false},
		{"ruby_format", "%<name>s file", "%<name>s soubor", false, false},
		{"ruby_format", "%s file", "soubor", false, true},
		{"ruby_format", "%<name>s file", "soubor", false, true},
		{"ruby_format", "%<name>s file", "soubor", true, false},
		{"ruby_format", "%s file", "%c soubor", false, true},
		{"ruby_format", "%s %d file", "%d %s soubor", false, true},
		{"ruby_format", "%<name>s file", "%<jmeno>s soubor", false, true},
		{"ruby_format", "%<a>s %<b>s", "%<b>s %<a>s", false, false},
		{"ruby_format", "%<count>d rows in %<langs>d languages %<pct>d%%", "%<langs>d dil %<count>d satır %%%<pct>d", false, false},
		{"ruby_format", "%+08.2<foo>f file", "%+08.2<foo>f soubor", false, false},
		{"ruby_format", "%{name} file", "soubor", false, true},
		{"ruby_format", "%{name} file", "soubor", true, false},
		{"ruby_format", "%{name} file", "%{jmeno} soubor", false, true},
		{"ruby_format", "%{a} %{b}", "%{b} %{a}", false, false},
		{"ruby_format", "%8.8{foo} file", "%8.8{foo} soubor", false, false},
		{"ruby_format", "%{count} rows in %{langs} languages %{pct}%%", "%{langs} dil %{count} satır %%%{pct}", false, false},

		{"i18next_interpolation", "fruit", "ovoce", false, false},
		{"i18next_interpolation", "{{foo}} file", "{{foo}} soubor", false, false},
		{"i18next_interpolation", "{{ foo }} file", "{{ foo }} soubor", false, false},
		{"i18next_interpolation", "{{ foo }} file", "{{foo}} soubor", false, false},
		{"i18next_interpolation", "$t(bar) file", "$t(bar) jiný", false, false},
		{"i18next_interpolation", "$t( bar ) file", "$t( bar ) jiný", false, false},
		{"i18next_interpolation", "$t( bar ) file", "$t(bar) jiný", false, false},
		{"i18next_interpolation", "{{foo}} file", "soubor", false, true},
		{"i18next_interpolation", "$t(bar) file", "jiný", false, true},
		{"i18next_interpolation", "{{foo}} file", "{{bar}} soubor", false, true},
		{"i18next_interpolation", "{{a}} {{b}}", "{{b}} {{a}}", false, false},

		{"es_format", "fruit", "ovoce", false, false},
		{"es_format", "${foo} file", "${foo} soubor", false, false},
		{"es_format", "${ foo } file", "${ foo } soubor", false, false},
		{"es_format", "${ foo } file", "${foo} soubor", false, false},
		{"es_format", "${foo} file", "soubor", false, true},
		{"es_format", "${foo} file", "${bar} soubor", false, true},

		{"percent_placeholders", "fruit", "ovoce", false, false},
		{"percent_placeholders", "%foo% file", "%foo% soubor", false, false},
		{"percent_placeholders", "%foo% file", "soubor", false, true},
		{"percent_placeholders", "%foo% file", "%bar% soubor", false, true},

		{"vue_format", "fruit", "ovoce", false, false},
		{"vue_format", "%{foo} file", "%{foo} soubor", false, false},
		{"vue_format", "{foo} file", "{foo} soubor", false, false},
		{"vue_format", "@.lower:message.homeAddress file", "@.lower:message.homeAddress soubor", false, false},
		{"vue_format", "@:message.the_world file", "@:message.the_world soubor", false, false},
		{"vue_format", "@:(message.dio) file", "@:(message.dio) soubor", false, false},
		{"vue_format", "%{foo} file", "soubor", false, true},
		{"vue_format", "{foo} file", "soubor", false, true},
		{"vue_format", "@.lower:message.homeAddress file", "soubor", false, true},
		{"vue_format", "@:message.the_world file", "soubor", false, true},
		{"vue_format", "@:(message.dio) file", "soubor", false, true},
		{"vue_format", "%{foo} file", "%{bar} soubor", false, true},
		{"vue_format", "{foo} file", "{bar} soubor", false, true},
		// Linked keys take any letter, as Python's \w does.
		{"vue_format", "@:zpráva.název file", "@:zpráva.název soubor", false, false},
		{"vue_format", "@:zpráva.název file", "@:zpráva.nazev soubor", false, true},

		{"angularjs_format", "fruit", "ovoce", false, false},
		{"angularjs_format", "{{name}} file {{other}}", "{{name}} {{other}} soubor", false, false},
		{"angularjs_format", "{{name}} file {{other}}", "{{other}} soubor {{name}}", false, false},
		{"angularjs_format", "{{ name   }} file", "{{name}} soubor", false, false},
		{"angularjs_format", "{{name}} file", "soubor", false, true},
		{"angularjs_format", "{{name}} file", "{{nameerror}} soubor", false, true},
		{"angularjs_format", "Value: {{ item.value | currency }}", "Wert: {{ item.value | currency }}", false, false},
		{"angularjs_format", "Value: {{ item.value | currency }}", "Wert: {{ item.value }}", false, true},
		// Python's \s: a no-break space inside the braces is whitespace too.
		{"angularjs_format", "{{\u00a0name\u00a0}} file", "{{name}} soubor", false, false},
	},
	cFormatCases("c_format"), cFormatCases("perl_format"), cFormatCases("javascript_format"), cFormatCases("lua_format"),
)

func TestFormatCheckFormat(t *testing.T) {
	t.Parallel()
	for _, tc := range formatCases {
		f := formatFamilyOf[tc.id]
		if f == nil {
			t.Fatalf("no family for %s", tc.id)
		}
		if got := f.fails(tc.source, tc.target, tc.ignore); got != tc.want {
			t.Errorf("%s(%q, %q, ignore=%v) = %v, want %v", tc.id, tc.source, tc.target, tc.ignore, got, tc.want)
		}
	}
}

// TestFormatExtract pins the placeholders each family reads, in particular
// where Python's regular expressions needed rewriting for RE2.
func TestFormatExtract(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    *formatFamily
		text string
		want []string
	}{
		{pythonFormat, "%sstring%d", []string{"s", "d"}},
		{pythonFormat, "%(name)s %% %", []string{"(name)s", "%", ""}},
		{pythonFormat, "%lld", []string{"ll"}},
		{cFormat, "%'6.3f %1$s", []string{"6.3f", "1$s"}},
		// Python's \d is any decimal digit.
		{cFormat, "%\u0661$s", []string{"\u0661$s"}},
		{pascalFormat, "%-9sstring%d %0:s %*.*f", []string{"-9s", "d", "0:s", "*.*f"}},
		{schemeFormat, "~sstring~d ~1@*~a ~~ ~'x,5d", []string{"s", "d", "1@*~a", "~", "x,5d"}},
		{pythonBraceFormat, "{0}string{1} {} {a.b[c]!s:>8}", []string{"0", "1", "", "a.b[c]!s:>8"}},
		{cSharpFormat, "{0}string{1} {2,-5:N2}", []string{"0", "1", "2"}},
		// The lookbehind and lookahead of Java's expression are not needed:
		// %tt is the t conversion of date/time, "% d" is nothing.
		{javaPrintfFormat, "%1s string %2s %tY %tt % d %%d %1$-5.2f", []string{"1s", "2s", "tY", "tt", "d", "1$-5.2f"}},
		{javaMessageFormat, "{0}string{1} {2, number, #.##} {3,date}", []string{"0", "1", "2", "3"}},
		{i18nextFormat, "{{foo}} string {{ bar }} $t(key, { \"x\": 1 })", []string{"{{foo}}", "{{bar}}", "$t(key,{\"x\":1})"}},
		{esFormat, "${foo} string ${ bar }", []string{"foo", "bar"}},
		{percentFormat, "%foo% string %bar% 100%", []string{"%foo%", "%bar%"}},
		{vueFormat, "{foo} string %{bar} @:a.b @.upper:c @:(d.e)", []string{"{foo}", "%{bar}", "@:a.b", "@.upper:c", "@:(d.e)"}},
		{qtFormat, "%1string%2 %L3 %123", []string{"1", "2", "L3", "12"}},
		{qtPluralFormat, "%Lnstring %n", []string{"Ln", "n"}},
		{rubyFormat, "%8.8{foo}string%+08.2<float>fstring %s %1$d %%", []string{"8.8{foo}", "+08.2<float>f", "s", "1$d", "%"}},
		{angularjsFormat, "{{name}} {{ something.value | currency }} string", []string{"name", "something.value|currency"}},
	}
	for _, tt := range tests {
		if got := tt.f.extract(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("extract(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// formatTarget runs a translation unit through Checker.Target and reports the
// ids of the format checks it fails.
func formatTarget(lang string, plurals int, formula, flags string, sources, targets []string) []string {
	c := NewChecker(CheckContext{Lang: lang, SourceLang: "en", PluralNumber: plurals, PluralFormula: formula, Flags: flags})
	var out []string
	for _, id := range c.Target(nil, &CheckUnit{Source: sources, Target: targets, State: weblate.StateTranslated}) {
		if formatFamilyOf[id] != nil {
			out = append(out, id)
		}
	}
	return out
}

// Plural formulas of Weblate's language data.
const (
	arabicPlural     = "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"
	czechPlural      = "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"
	belarusianPlural = "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"
	frenchPlural     = "n > 1"
)

func rep(s string, n int) []string { return slices.Repeat([]string{s}, n) }

func TestFormatPlurals(t *testing.T) {
	t.Parallel()
	type lang struct {
		code    string
		n       int
		formula string
	}
	ar, cs, be, fr := lang{"ar", 6, arabicPlural}, lang{"cs", 3, czechPlural}, lang{"be", 3, belarusianPlural}, lang{"fr", 2, frenchPlural}
	ja, fa, kab := lang{"ja", 1, "0"}, lang{"fa", 2, frenchPlural}, lang{"kab", 2, frenchPlural}
	tests := []struct {
		name             string
		l                lang
		flags            string
		sources, targets []string
		want             bool
	}{
		{"ar singular", ar, "", []string{"hello %s"}, []string{"ahlan %s"}, false},
		{"ar singular missing", ar, "", []string{"hello %s"}, []string{"ahlan"}, true},
		{"ar plural", ar, "", rep("hello %s", 2), rep("ahlan %s", 6), false},
		{"ar plural missing everywhere", ar, "", rep("hello %s", 2), rep("ahlan", 6), true},
		// Forms 0, 1 and 2 are used for one number each (0, 1, 2).
		{"ar missing in single-number forms", ar, "", rep("hello %s", 2), slices.Concat(rep("ahlan", 3), rep("ahlan %s", 3)), false},
		{"ar missing in a form of many numbers", ar, "", rep("hello %s", 2), slices.Concat(rep("ahlan", 4), rep("ahlan %s", 2)), true},
		// strict-format is 5.0: 4.18 forgives all the same.
		{"ar strict-format is not 4.18", ar, "strict-format", rep("hello %s", 2), slices.Concat(rep("ahlan", 3), rep("ahlan %s", 3)), false},
		{"cs singular without placeholder", cs, "", []string{"One apple", "%d apples"}, []string{"%d jablko", "%d jablka", "%d jablek"}, false},
		{"cs first form lacks it", cs, "", []string{"One apple", "%d apples"}, []string{"Jedno jablko", "%d jablka", "%d jablek"}, false},
		{"cs second form lacks it", cs, "", []string{"One apple", "%d apples"}, []string{"Jedno jablko", "jablka", "%d jablek"}, true},
		{"cs named", cs, "", []string{"One apple", "%(count)s apples"}, []string{"%(count)s jablko", "%(count)s jablka", "%(count)s jablek"}, false},
		{"cs named, first lacks it", cs, "", []string{"One apple", "%(count)s apples"}, []string{"Jedno jablko", "%(count)s jablka", "%(count)s jablek"}, false},
		{"cs named, second lacks it", cs, "", []string{"One apple", "%(count)s apples"}, []string{"Jedno jablko", "jablka", "%(count)s jablek"}, true},
		// Belarusian's first form is 1, 21, 31, …: it must keep the placeholder.
		{"be first form of many numbers", be, "", []string{"One apple", "%(count)s apples"}, []string{"Adin", "%(count)s jablka", "%(count)s jablek"}, true},
		// n > 1: the first form is used for 0 and 1 and may drop it.
		{"kab zero and one", kab, "", []string{"One apple", "%(count)s apples"}, []string{"Yiwen", "%(count)s"}, false},
		{"fa zero and one (any format in 4.18)", fa, "", []string{"One apple", "%d apples"}, []string{"Yek sib", "%d sib"}, false},
		{"fr", fr, "", []string{"One apple", "%(count)s apples"}, []string{"Une pomme", "%(count)s pommes"}, false},
		{"fr both", fr, "", []string{"%(count)s apple", "%(count)s apples"}, []string{"%(count)s pomme", "%(count)s pommes"}, false},
		{"fr singular keeps it", fr, "", []string{"One apple", "%(count)s apples"}, []string{"%(count)s pomme", "%(count)s pommes"}, false},
		{"fr singular drops it", fr, "", []string{"%(count)s apple", "%(count)s apples"}, []string{"Une pomme", "%(count)s pommes"}, false},
		{"fr plural drops it", fr, "", []string{"%(count)s apple", "%(count)s apples"}, []string{"%(count)s pomme", "pommes"}, true},
		// One plural form: compared with the source's plural, nothing forgiven.
		{"ja one form", ja, "", []string{"One apple", "%d apples"}, []string{"%d ringo"}, false},
		{"ja one form missing", ja, "", []string{"One apple", "%d apples"}, []string{"ringo"}, true},
		// Not plural: no forgiveness.
		{"cs not plural", cs, "", []string{"%d apples"}, []string{"jablka"}, true},
	}
	for _, tt := range tests {
		flags := "python-format"
		if tt.flags != "" {
			flags += ", " + tt.flags
		}
		got := formatTarget(tt.l.code, tt.l.n, tt.l.formula, flags, tt.sources, tt.targets)
		if want := []string(nil); tt.want {
			want = []string{"python_format"}
			if !slices.Equal(got, want) {
				t.Errorf("%s: %v, want %v", tt.name, got, want)
			}
		} else if len(got) != 0 {
			t.Errorf("%s: %v, want none", tt.name, got)
		}
	}
}

func TestFormatFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		flags          string
		source, target string
		want           []string
	}{
		{"no flag, no check", "", "%s file", "soubor", nil},
		{"c-format", "c-format", "%s file", "soubor", []string{"c_format"}},
		{"ignored", "c-format, ignore-c-format", "%s file", "soubor", nil},
		{"two flags", "c-format, python-brace-format", "%s {x}", "soubor", []string{"python_brace_format", "c_format"}},
		{"java-printf-format", "java-printf-format", "%1$s file", "soubor", []string{"java_printf_format"}},
		{"java-format", "java-format", "{0} file", "soubor", []string{"java_format"}},
		{"java-format apostrophe", "java-format", "file", "soubor'", []string{"java_format"}},
		{"java-format off", "", "{0} file", "soubor", nil},
		// auto-java-messageformat (Java properties, GWT) turns java_format on
		// for a source that holds "{0".
		{"auto without {0", "auto-java-messageformat", "file", "soubor'", nil},
		{"auto with {0", "auto-java-messageformat", "{0} file", "soubor", []string{"java_format"}},
		{"auto with {0,number}", "auto-java-messageformat", "{0,number} file", "{0} soubor'", []string{"java_format"}},
		{"auto ignored", "auto-java-messageformat, ignore-java-format", "{0} file", "soubor", nil},
		{"auto, only {1}", "auto-java-messageformat", "{1} file", "soubor", nil},
		{"icu never fails", "icu-message-format", "{count, plural, one {# file} other {# files}}", "soubor", nil},
		{"qt-format", "qt-format", "%1 file", "soubor", []string{"qt_format"}},
		{"ruby-format", "ruby-format", "%{name} file", "soubor", []string{"ruby_format"}},
		{"i18next-interpolation", "i18next-interpolation", "{{name}} file", "soubor", []string{"i18next_interpolation"}},
	}
	for _, tt := range tests {
		got := formatTarget("cs", 3, czechPlural, tt.flags, []string{tt.source}, []string{tt.target})
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// auto-java-messageformat looks at every source form.
	got := formatTarget("cs", 3, czechPlural, "auto-java-messageformat", []string{"One file", "{0} files"}, []string{"soubor", "{0} soubory", "soubory"})
	if !slices.Equal(got, []string{"java_format"}) {
		t.Errorf("auto in the plural form: %v", got)
	}
}

func TestFormatUnnamed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		flags  string
		source string
		want   bool
	}{
		{"", "text", false},
		{"", "%s %s", false},
		{"c-format", "text", false},
		{"c-format", "%1$s %2$s", false},
		{"c-format", "%s %s", true},
		{"c-format", "%s %%", false},
		{"python-brace-format", "{} {}", true},
		// One placeholder read by two flags is still one.
		{"c-format, python-format", "Test %s", false},
		{"c-format, python-format", "%s and %d", true},
		{"python-brace-format", "Recognition {progress}% ({current_job}/{total_jobs})", false},
		{"python-brace-format", "Recognition {}% ({}/{})", true},
		{"python-format", "%(a)s %(b)s", false},
		{"c-sharp-format", "{0} {1}", false},
		{"java-printf-format", "%s and %d", true},
		{"object-pascal-format", "%s and %d", true},
		{"object-pascal-format", "%0:s and %1:d", false},
		{"scheme-format", "~a and ~s", true},
		{"c-format, ignore-unnamed-format", "%s %s", false},
		// Not a FLAG_RULES flag.
		{"qt-format", "%1 %2", false},
	}
	for _, tt := range tests {
		c := NewChecker(CheckContext{Lang: "en", SourceLang: "en", Flags: tt.flags})
		got := slices.Contains(c.Source(nil, &CheckUnit{Source: []string{tt.source}, State: weblate.StateTranslated}, 0), "unnamed_format")
		if got != tt.want {
			t.Errorf("%q under %q: %v, want %v", tt.source, tt.flags, got, tt.want)
		}
	}
}

func TestStripFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		flags, text, want string
	}{
		{"", "Hello %s {name}", "Hello %s {name}"},
		{"c-format", "Hello %s, 100%% %1$d", "Hello , 100 "},
		{"python-format", "Hi %(name)s!", "Hi !"},
		// The first FLAG_RULES flag in force wins, whatever the order given.
		{"python-brace-format, c-format", "%s {name}", " {name}"},
		{"python-brace-format", "%s {name}", "%s "},
		{"java-printf-format", "%1$s files", " files"},
		{"c-sharp-format", "{0} of {1:N2}", " of "},
		{"qt-format", "%1 of %L2", " of "},
		{"qt-plural-format", "%n files", " files"},
		{"ruby-format", "%{count} files %<x>d", " files "},
		{"rst-text", "See :ref:`intro` and ``code``", "See  and "},
		{"percent-placeholders", "%name% is here", " is here"},
		// Later flags are not stripped once an earlier one is in force.
		{"qt-format, percent-placeholders", "%1 %x%", " %x%"},
		// Checks that are not stripped by the same check.
		{"i18next-interpolation", "{{name}}", "{{name}}"},
	}
	for _, tt := range tests {
		s := NewChecker(CheckContext{Lang: "cs", SourceLang: "en"}).subject(&CheckUnit{Flags: tt.flags})
		if got := StripFormat(s, tt.text); got != tt.want {
			t.Errorf("StripFormat(%q, %q) = %q, want %q", tt.flags, tt.text, got, tt.want)
		}
	}
}

func TestFormatRegistry(t *testing.T) {
	t.Parallel()
	for id := range formatFamilyOf {
		c := CheckByID(id)
		if c == nil || c.Kind != TargetCheck || c.Unit == nil {
			t.Errorf("%s: %+v", id, c)
			continue
		}
		// java_format decides its own enabling (auto-java-messageformat).
		if c.DefaultDisabled != (id != "java_format") {
			t.Errorf("%s: DefaultDisabled %v", id, c.DefaultDisabled)
		}
	}
	if c := CheckByID("java_printf_format"); c.Name != "Java format" || c.EnableFlag() != "java-printf-format" {
		t.Errorf("java_printf_format: %q %q", c.Name, c.EnableFlag())
	}
	for _, id := range []string{"icu_message_format", "icu_message_format_syntax"} {
		if c := CheckByID(id); c == nil || c.Kind != NeverCheck || !c.DefaultDisabled || c.EnableFlag() != "icu-message-format" {
			t.Errorf("%s: %+v", id, c)
		}
	}
	if c := CheckByID("unnamed_format"); c == nil || c.Kind != SourceCheck || c.DefaultDisabled || c.Name != "Multiple unnamed variables" {
		t.Errorf("unnamed_format: %+v", c)
	}
}
