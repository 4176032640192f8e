package config

import (
	"path"
	"slices"
)

// Weblate's component defaults (weblate/trans/models/component.py). The API shows every field,
// so a value the file leaves out must be the one a Weblate server would show.
const (
	DefaultSourceLanguage   = "en"
	DefaultNewLang          = "add"
	DefaultPriority         = 100
	DefaultMergeStyle       = "rebase"
	DefaultCommitPendingAge = 24 // hours
	DefaultLanguageRegex    = `^[^.]+$`
	DefaultGlossaryColor    = "silver"
	// DefaultLocalBranch is the branch of "local:" repositories, which gitlate creates.
	DefaultLocalBranch = "main"
)

// Default message templates. They use the placeholders Weblate's templates use, so
// clients that fill them in keep working, but the wording is gitlate's own. The
// "Translate-URL:" trailer is kept because tools look for it in commit messages.
const (
	DefaultCommitMessage = "Update {{ language_name }} translation\n" +
		"\n" +
		"{{ stats.translated }} of {{ stats.all }} strings are translated now ({{ stats.translated_percent }}%).\n" +
		"\n" +
		"Component: {{ project_name }}/{{ component_name }}\n" +
		"Translate-URL: {{ url }}"
	DefaultAddMessage = "Add {{ language_name }} translation\n" +
		"\n" +
		"Component: {{ project_name }}/{{ component_name }}\n" +
		"Translate-URL: {{ url }}"
	DefaultDeleteMessage = "Remove {{ language_name }} translation\n" +
		"\n" +
		"Component: {{ project_name }}/{{ component_name }}\n" +
		"Translate-URL: {{ url }}"
	DefaultMergeMessage = "Merge upstream '{{ component_remote_branch }}' into the translations\n" +
		"\n" +
		"Component: {{ project_name }}/{{ component_name }}\n" +
		"Translate-URL: {{ url }}"
	DefaultAddonMessage = "Refresh translation files\n" +
		"\n" +
		"The \"{{ addon_name }}\" add-on changed these files.\n" +
		"\n" +
		"Component: {{ project_name }}/{{ component_name }}\n" +
		"Translate-URL: {{ url }}"
	DefaultPullMessage = "Translation updates from [{{ site_title }}]({{ site_url }}) for {{ project_name }}/{{ component_name }}.\n" +
		"\n" +
		"{% if component_linked_childs %}These components share this repository:\n" +
		"\n" +
		"{% for linked in component_linked_childs %}- [{{ linked.project_name }}/{{ linked.name }}]({{ linked.url }})\n" +
		"{% endfor %}\n" +
		"{% endif %}Anyone can help translate at {{ url }}.\n" +
		"\n" +
		"![Translation progress]({{ widget_url }})"
)

// Choices Weblate accepts for enumerated component fields (weblate/trans/models/component.py).
var (
	newLangChoices    = []string{"add", "contact", "url", "none"}
	mergeStyleChoices = []string{"merge", "rebase", "merge_noff"}
	priorityChoices   = []int{60, 80, 100, 120, 140}
	colorChoices      = []string{"navy", "blue", "aqua", "teal", "olive", "green", "lime", "yellow",
		"orange", "red", "maroon", "fuchsia", "purple", "black", "gray", "silver"}
	codeStyleChoices = []string{"", "posix", "bcp", "posix_long", "posix_long_lowercase", "bcp_long",
		"bcp_legacy", "bcp_lower", "android", "appstore", "googleplay", "linux"}
)

// newComponent returns a component holding every Weblate default.
func newComponent() *Component {
	return &Component{
		SourceLanguage:              DefaultSourceLanguage,
		EditTemplate:                true,
		NewLang:                     DefaultNewLang,
		Priority:                    DefaultPriority,
		EnforcedChecks:              []string{},
		MergeStyle:                  DefaultMergeStyle,
		CommitMessage:               DefaultCommitMessage,
		AddMessage:                  DefaultAddMessage,
		DeleteMessage:               DefaultDeleteMessage,
		MergeMessage:                DefaultMergeMessage,
		AddonMessage:                DefaultAddonMessage,
		PullMessage:                 DefaultPullMessage,
		AllowTranslationPropagation: true,
		EnableSuggestions:           true,
		PushOnCommit:                true,
		CommitPendingAge:            DefaultCommitPendingAge,
		AutoLockError:               true,
		LanguageRegex:               DefaultLanguageRegex,
		GlossaryColor:               DefaultGlossaryColor,
		History:                     History{MaxCommits: DefaultHistoryCommits},
		FetchInterval:               DefaultFetchInterval,
	}
}

// applyDerivedDefaults fills the defaults that depend on other keys, once the whole
// component mapping has been read (keys may come in any order).
func applyDerivedDefaults(c *Component, s seen) {
	// Paths are compared with what trees list ("res/values/strings.xml"), so they are
	// kept in that one form: "./res//values/x.xml" would otherwise match nothing.
	for _, p := range []*string{&c.Filemask, &c.Template, &c.Intermediate, &c.NewBase} {
		if *p != "" {
			*p = path.Clean(*p)
		}
	}
	if c.IsGlossary {
		// Weblate creates glossaries with these values; they stay overridable...
		if s["manage_units"] == nil {
			c.ManageUnits = true
		}
		if s["allow_translation_propagation"] == nil {
			c.AllowTranslationPropagation = false
		}
		// ...except new_lang, which Weblate forces on every save of a glossary.
		c.NewLang = "none"
	}
	if c.VCS == "local" && c.Branch == "" {
		c.Branch = DefaultLocalBranch
	}
	if s["license_url"] == nil && slices.Contains(spdxLicenses, c.License) {
		c.LicenseURL = "https://spdx.org/licenses/" + c.License + ".html"
	}
}

// spdxLicenses are the SPDX ids whose license_url is filled in when the file gives none.
// Weblate knows the whole SPDX list; these are the ones translation projects use. Any
// other licence shows license_url null, as an unknown one does in Weblate, unless the
// file gives license_url.
var spdxLicenses = []string{
	"0BSD", "AGPL-3.0-only", "AGPL-3.0-or-later", "Apache-2.0", "Artistic-2.0",
	"BSD-2-Clause", "BSD-3-Clause", "BSL-1.0", "CC-BY-3.0", "CC-BY-4.0",
	"CC-BY-SA-3.0", "CC-BY-SA-4.0", "CC0-1.0", "EPL-2.0", "EUPL-1.2",
	"GPL-2.0-only", "GPL-2.0-or-later", "GPL-3.0-only", "GPL-3.0-or-later", "ISC",
	"LGPL-2.1-only", "LGPL-2.1-or-later", "LGPL-3.0-only", "LGPL-3.0-or-later", "MIT",
	"MPL-2.0", "OFL-1.1", "Unlicense", "WTFPL", "Zlib",
}
