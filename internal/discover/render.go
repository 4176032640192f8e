package discover

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/gitlate/gitlate/internal/formats"
)

// Proposal is a projects.yaml for one repository: one project, a component for
// each set of translation files.
type Proposal struct {
	// Name and Slug are the project's, after the repository.
	Name, Slug string
	// Repo is the repository as projects.yaml names it: an absolute path or the
	// URL given.
	Repo       string
	Components []*Component
	// LeftOut are the files that look like translations and that no
	// component, proposed or left out, reads.
	LeftOut []LeftOut
	// PlainFolder: Repo is a folder that is no git repository, read as it is
	// (its files, no history; see plainFolderNote).
	PlainFolder bool
}

// Proposed returns the components the configuration holds (those without a Problem).
func (p *Proposal) Proposed() []*Component {
	var out []*Component
	for _, c := range p.Components {
		if c.Problem == "" {
			out = append(out, c)
		}
	}
	return out
}

// YAML writes the proposal as projects.yaml, with a comment above each
// component: the languages found and what each translation counts, and the
// files language_regex leaves out. Components left out follow as comments
// saying why.
func (p *Proposal) YAML() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Translation files found in %s by `gitlate discover`.\n", comment(p.Repo))
	b.WriteString("# Above each component: its languages and, for each, the strings translated of\n")
	b.WriteString("# all strings, as `gitlate scan` counts them.\n")
	if p.PlainFolder {
		wrap(&b, "# ", strings.Fields(comment(plainFolderNote(p.Repo))), "")
	}
	b.WriteString("projects:\n")
	fmt.Fprintf(&b, "  - name: %s\n", scalar(p.Name))
	fmt.Fprintf(&b, "    slug: %s\n", scalar(p.Slug))
	proposed := p.Proposed()
	if len(proposed) == 0 {
		b.WriteString("    components: []\n")
	} else {
		b.WriteString("    components:\n")
	}
	const indent = "      "
	for _, c := range proposed {
		info, _ := formats.Lookup(c.FileFormat)
		words := []string{}
		for _, n := range c.Counts {
			w := fmt.Sprintf("%s %d/%d", n.Language, n.Translated, n.Total)
			if n.Source {
				w += " (source)"
			}
			words = append(words, w)
		}
		fmt.Fprintf(&b, "%s# %s, %s:\n", indent, info.Name, plural(len(c.Counts), "translation"))
		wrap(&b, indent+"#   ", words, ",")
		if w := c.sourceWarning(); w != "" {
			fmt.Fprintf(&b, "%s# Warning: %s\n", indent, comment(w))
		}
		for _, s := range c.Skipped {
			what := s.Path
			if s.Path == c.Filemask {
				// A file holding every language: one of them is left out.
				what = s.Code + " of " + s.Path
			}
			fmt.Fprintf(&b, "%s# language_regex leaves out %s: %s\n", indent, comment(what), comment(s.Language))
		}
		writeComponent(&b, indent, p.Repo, c)
	}
	for _, c := range p.Components {
		if c.Problem == "" {
			continue
		}
		b.WriteString(indent + "#\n")
		for i, line := range strings.Split(strings.TrimRight(c.Problem, "\n"), "\n") {
			if i == 0 {
				fmt.Fprintf(&b, "%s# Left out (%s): %s\n", indent, comment(c.Filemask), comment(line))
			} else {
				fmt.Fprintf(&b, "%s#   %s\n", indent, comment(line))
			}
		}
		var block bytes.Buffer
		writeComponent(&block, "", p.Repo, c)
		for _, line := range strings.SplitAfter(strings.TrimRight(block.String(), "\n"), "\n") {
			fmt.Fprintf(&b, "%s# %s", indent, line)
		}
		b.WriteString("\n")
	}
	for _, l := range p.LeftOut {
		b.WriteString(indent + "#\n")
		fmt.Fprintf(&b, "%s# Not proposed: %s:\n", indent, comment(l.files()))
		wrap(&b, indent+"#   ", strings.Fields(comment(l.Reason)), "")
	}
	return b.Bytes()
}

// maxListed bounds the files a left-out set's note names.
const maxListed = 3

// describe says which files a left-out set holds and why no component reads
// them.
func (l LeftOut) describe() string { return l.files() + ": " + l.Reason }

// files names a left-out set's mask and its first files.
func (l LeftOut) files() string {
	names := l.Files[:min(len(l.Files), maxListed)]
	more := ""
	if len(l.Files) > maxListed {
		more = fmt.Sprintf(", … (%d files)", len(l.Files))
	}
	return fmt.Sprintf("%s (%s%s)", l.Mask, strings.Join(names, ", "), more)
}

// Notes are the files the proposal leaves out and why, one line each, for a
// terminal (the JSON form has no comments to hold them).
func (p *Proposal) Notes() []string {
	var out []string
	for _, l := range p.LeftOut {
		out = append(out, "not proposed: "+l.describe())
	}
	return out
}

// sourceWarning says when the source translation of a proposed component is not
// fully translated: the file the source strings come from lacks some, a sign
// that it is read in a wrong format (plain keys taken for plural forms) or that
// the template is not the file of source strings. "" when all is translated.
func (c *Component) sourceWarning() string {
	for _, n := range c.Counts {
		if n.Source && n.Translated < n.Total {
			file := c.Template
			if file == "" {
				file = "its files"
			}
			return fmt.Sprintf("the source (%s, %s) has %d of %d strings translated: empty source strings, or a wrong file_format (%s) or template?",
				n.Language, file, n.Translated, n.Total, c.FileFormat)
		}
	}
	return ""
}

// Warnings are what the proposal's comments warn of, one line each, for a
// terminal: components whose source is not fully translated. A plain folder is
// no warning: gitlate serves it as it is.
func (p *Proposal) Warnings() []string {
	var out []string
	for _, c := range p.Proposed() {
		if w := c.sourceWarning(); w != "" {
			out = append(out, "component "+c.Slug+": "+w)
		}
	}
	return out
}

// comment makes s safe in a YAML comment: text with a line break or another
// control character (a file name may hold one) is written quoted, as Go writes it.
func comment(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// writeComponent writes one component's mapping as a list item.
func writeComponent(b *bytes.Buffer, indent, repo string, c *Component) {
	fields := [][2]string{
		{"name", c.Name}, {"slug", c.Slug}, {"repo", repo}, {"filemask", c.Filemask},
		{"template", c.Template}, {"new_base", c.NewBase}, {"file_format", c.FileFormat},
		{"source_language", c.SourceLanguage}, {"language_regex", c.LanguageRegex},
	}
	for i, f := range fields {
		if f[1] == "" {
			continue
		}
		lead := indent + "  "
		if i == 0 {
			lead = indent + "- "
		}
		fmt.Fprintf(b, "%s%s: %s\n", lead, f[0], scalar(f[1]))
	}
}

// scalar writes s as a YAML scalar, quoted where YAML needs it ("*.po"); text
// with a line break or another control character is double-quoted, with Go's
// escapes, which are YAML's too (\n, \t, \xXX, \uXXXX): a block scalar would
// not keep the indentation of the list it is in.
func scalar(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return strconv.Quote(s)
	}
	out, err := yaml.Marshal(s)
	if err != nil { // cannot happen for a string
		return fmt.Sprintf("%q", s)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// wrap writes words, each but the last followed by comma ("," or ""), and
// spaces between them, in lines of at most 100 columns, each starting with lead.
func wrap(b *bytes.Buffer, lead string, words []string, comma string) {
	line := lead
	for i, w := range words {
		sep := ""
		if i < len(words)-1 {
			sep = comma
		}
		if line != lead && len(line)+1+len(w)+len(sep) > 100 {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = lead
		}
		if line != lead {
			line += " "
		}
		line += w + sep
	}
	if line != lead {
		b.WriteString(line + "\n")
	}
}

// jsonConfig is projects.yaml's structure, for JSON.
type jsonConfig struct {
	Projects []jsonProject `json:"projects"`
}

type jsonProject struct {
	Name       string          `json:"name"`
	Slug       string          `json:"slug"`
	Components []jsonComponent `json:"components"`
}

type jsonComponent struct {
	Name           string `json:"name"`
	Slug           string `json:"slug"`
	Repo           string `json:"repo"`
	Filemask       string `json:"filemask"`
	Template       string `json:"template,omitempty"`
	NewBase        string `json:"new_base,omitempty"`
	FileFormat     string `json:"file_format"`
	SourceLanguage string `json:"source_language"`
	LanguageRegex  string `json:"language_regex,omitempty"`
}

// JSON writes the configuration of YAML as JSON, which projects.yaml also
// accepts (JSON is YAML); JSON has no comments, so it holds the proposed
// components alone.
func (p *Proposal) JSON() []byte {
	proj := jsonProject{Name: p.Name, Slug: p.Slug, Components: []jsonComponent{}}
	for _, c := range p.Proposed() {
		proj.Components = append(proj.Components, jsonComponent{
			Name: c.Name, Slug: c.Slug, Repo: p.Repo, Filemask: c.Filemask, Template: c.Template,
			NewBase: c.NewBase, FileFormat: c.FileFormat, SourceLanguage: c.SourceLanguage,
			LanguageRegex: c.LanguageRegex,
		})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(jsonConfig{Projects: []jsonProject{proj}})
	return b.Bytes()
}

// Write writes the proposal in format "yaml" or "json".
func (p *Proposal) Write(w io.Writer, format string) error {
	var data []byte
	switch format {
	case "yaml", "":
		data = p.YAML()
	case "json":
		data = p.JSON()
	default:
		return fmt.Errorf("unknown output format %q (yaml or json)", format)
	}
	_, err := w.Write(data)
	return err
}

// plainFolderNote is what the proposal's comments say of a plain folder: that
// it is served as it is, and what that leaves out, so that an empty change log
// surprises no one.
func plainFolderNote(dir string) string {
	return dir + " is a plain folder, no git repository: gitlate reads its files as they are " +
		"(like a checkout's working tree), without history, so the change log stays empty " +
		"(git init; git add; git commit to have one)."
}
