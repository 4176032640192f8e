package discover

import (
	"fmt"
	"strings"
	"testing"
)

// TestLeftOut: files that look like translations and that no component reads
// are listed with the reason: a set whose content is not of its family, XML
// named by locale outside Android's folders with no Crowdin template; a lone
// file is not.
func TestLeftOut(t *testing.T) {
	t.Parallel()
	tree := memTree{
		// TypeScript, not Qt Linguist.
		"src/i18n/de.ts": "export default { hello: 'Hallo' };\n", "src/i18n/fr.ts": "export default { hello: 'Salut' };\n",
		"docs/help/de.xml": "<help/>", "docs/help/fr.xml": "<help/>", "docs/help/index.xml": "<help/>",
		"fixtures/cs.json": `{"a": "A"}`,
		// Crowdin's layout, read.
		"l10n/source/app.xml":     "<resources><string name=\"a\">A</string></resources>",
		"l10n/dest/app/de-DE.xml": "<resources><string name=\"a\">B</string></resources>",
	}
	comps, left := find(tree, tree.paths(), "x")
	var got []string
	for _, c := range comps {
		got = append(got, c.Name+" "+c.Filemask+" "+c.Template+" "+c.FileFormat+" "+c.Problem)
	}
	if want := "app l10n/dest/app/*.xml l10n/source/app.xml aresource "; strings.Join(got, "\n") != want {
		t.Errorf("components:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	got = nil
	for _, l := range left {
		got = append(got, fmt.Sprintf("%s %v", l.Mask, l.Files))
	}
	want := []string{"docs/help/*.xml [docs/help/de.xml docs/help/fr.xml]", "src/i18n/*.ts [src/i18n/de.ts src/i18n/fr.ts]"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("left out:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(left[0].Reason, "Crowdin") || !strings.Contains(left[1].Reason, "src/i18n/de.ts is not a Qt") {
		t.Errorf("reasons: %q, %q", left[0].Reason, left[1].Reason)
	}
	p := &Proposal{Name: "x", Slug: "x", Repo: "/x", Components: comps, LeftOut: left}
	if y := string(p.YAML()); !strings.Contains(y, "      # Not proposed: docs/help/*.xml (docs/help/de.xml, docs/help/fr.xml):\n      #   no format reads") {
		t.Errorf("YAML:\n%s", y)
	}
	if n := p.Notes(); len(n) != 2 || !strings.HasPrefix(n[1], "not proposed: src/i18n/*.ts (src/i18n/de.ts, src/i18n/fr.ts): ") {
		t.Errorf("notes %q", n)
	}
}
