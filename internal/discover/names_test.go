package discover

import (
	"strings"
	"testing"
)

// TestNameFromFilesOrModule: components are named after what their files
// translate (the file's stem, the gettext domain of their .pot, the Crowdin
// module of their template) rather than after a conventional folder, and after
// the repository where the paths say nothing else.
func TestNameFromFilesOrModule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		comps []*Component
		repo  string
		want  string
	}{
		{[]*Component{{Filemask: "share/translations/keepassxc_*.ts", FileFormat: "ts"}}, "keepassxc", "keepassxc"},
		{[]*Component{{Filemask: "po/*.po", NewBase: "po/gnome-clocks.pot", FileFormat: "po"}}, "clocks", "gnome-clocks"},
		// No .pot: the repository's name rather than "po".
		{[]*Component{{Filemask: "po/*.po", FileFormat: "po"}}, "gnome-clocks", "gnome-clocks"},
		{[]*Component{{Filemask: "po/*.po", NewBase: "po/messages.pot", FileFormat: "po"}}, "hello", "hello"},
		// GNOME's help, one catalogue per language in a folder of its own.
		{[]*Component{{Filemask: "help/*/*.po", FileFormat: "po"}}, "gnome-clocks", "help"},
		{[]*Component{{Filemask: "translation/dest/site/*.xml", Template: "translation/source/site.xml", FileFormat: "aresource"}}, "lila", "site"},
		// A template named by its language names nothing.
		{[]*Component{{Filemask: "config/locales/*.yml", Template: "config/locales/en.yml", FileFormat: "ruby-yaml"}}, "shop", "shop"},
		{[]*Component{{Filemask: "translations/*.all.json", Template: "translations/en-us.all.json", FileFormat: "go-i18n-json"}}, "tool", "tool"},
		{[]*Component{{Filemask: "app/src/main/res/values-*/strings.xml", Template: "app/src/main/res/values/strings.xml", FileFormat: "aresource"}}, "NewPipe", "app"},
		// Two in conventional folders: told apart by them.
		{[]*Component{{Filemask: "po/*.po", FileFormat: "po"}, {Filemask: "i18n/*.json", Template: "i18n/en.json", FileFormat: "json"}}, "x", "po, i18n"},
	}
	for _, tt := range tests {
		nameIn(tt.comps, tt.repo)
		var got []string
		for _, c := range tt.comps {
			got = append(got, c.Name)
		}
		if strings.Join(got, ", ") != tt.want {
			t.Errorf("%s in %s: %q, want %q", tt.comps[0].Filemask, tt.repo, strings.Join(got, ", "), tt.want)
		}
	}
}
