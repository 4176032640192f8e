package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gitlate/gitlate/internal/filemask"
	"github.com/gitlate/gitlate/internal/formats"
)

// Load reads and parses the configuration file at path. A file that cannot be read
// returns the *os.PathError (errors.Is(err, fs.ErrNotExist) works); a file with
// problems returns *Errors.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse parses a configuration file's content. file names the file in messages and
// its folder is where relative repository paths are resolved; with file "" they are
// resolved against the current directory. Every problem found is returned at once,
// as *Errors.
func Parse(data []byte, file string) (*Config, error) {
	cfg := &Config{}
	var base string
	var err error
	if file == "" {
		base, err = os.Getwd()
	} else {
		cfg.File, err = filepath.Abs(file)
		base = filepath.Dir(cfg.File)
	}
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	d := &decoder{file: file, baseDir: base}
	if root := d.parseYAML(data); root != nil {
		decodeMapping(d, root, "", configFields, cfg)
	}
	if len(d.problems) > 0 {
		sortProblems(d.problems)
		return nil, &Errors{Problems: d.problems}
	}
	return cfg, nil
}

// parseYAML returns the root node of the single document in data, or nil after
// reporting why there is none.
func (d *decoder) parseYAML(data []byte) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			d.problem(nil, "", "the file is empty; it needs at least %q", "projects: []")
		} else {
			d.syntaxError(data, err)
		}
		return nil
	}
	// A second document would be silently ignored by a plain Unmarshal: projects
	// written after a stray "---" would vanish without a word.
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
	case err != nil:
		d.syntaxError(data, err)
	default:
		d.problem(firstContent(&extra), "", "only one YAML document is allowed (remove the \"---\")")
	}
	return firstContent(&doc)
}

func firstContent(doc *yaml.Node) *yaml.Node {
	if len(doc.Content) > 0 {
		return doc.Content[0]
	}
	return doc
}

// yamlLine matches yaml.v3's syntax errors, which carry a line but no column.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func (d *decoder) syntaxError(data []byte, err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	p := Problem{File: d.file}
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		p.Line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	// A tab in indentation is the commonest YAML mistake, and yaml.v3 reports it at
	// the line of the enclosing block, not of the tab: point at the tab itself.
	switch {
	case strings.Contains(msg, "tab character"):
		p.Line, p.Column = findIndentTab(data, p.Line, false)
	case strings.Contains(msg, "cannot start any token"):
		if line, col := findIndentTab(data, p.Line, true); col > 0 {
			p.Line, p.Column = line, col
			msg += " (a tab; indent with spaces)"
			break
		}
		fallthrough
	default:
		p.Line, msg = explainSyntax(data, p.Line, msg)
	}
	p.Message = "invalid YAML: " + msg
	d.problems = append(d.problems, p)
}

// explainSyntax finds the line a yaml.v3 syntax error is about and says, in plain
// words, what is usually wrong there. yaml.v3 reports some mistakes far from where
// they are (a key indented one space too few is reported at the start of its
// block): the first line whose addition makes the document fail is the culprit.
func explainSyntax(data []byte, line int, msg string) (int, string) {
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) <= 2000 { // a configuration, not a data file: parsing prefixes is cheap
		var prefix strings.Builder
		for i, l := range lines {
			prefix.WriteString(l)
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(prefix.String()), &n); err != nil && !strings.Contains(err.Error(), "end of stream") {
				if i+1 > line {
					line = i + 1
				}
				break
			}
		}
	}
	text := ""
	if line >= 1 && line <= len(lines) {
		text = lines[line-1]
	}
	value := strings.TrimSpace(text)
	if _, v, ok := strings.Cut(value, ": "); ok {
		value = strings.TrimSpace(v)
	} else {
		value = strings.TrimSpace(strings.TrimPrefix(value, "- "))
	}
	switch {
	case strings.HasPrefix(value, "*") || strings.HasPrefix(value, "&"):
		msg += fmt.Sprintf(` (a value starting with %q is read as a YAML alias or anchor: quote it, e.g. "%s")`, value[:1], value)
	case value != "" && strings.ContainsRune("@`%!|>", rune(value[0])) && strings.Contains(msg, "cannot start any token"):
		msg += fmt.Sprintf(` (a value starting with %q must be quoted, e.g. "%s")`, value[:1], value)
	case strings.Contains(msg, "mapping values are not allowed"):
		msg += ` (a value containing ": " must be quoted)`
	case strings.Contains(msg, "end of stream") && strings.ContainsAny(text, `"'`):
		msg += " (a quoted value is not closed)"
	case strings.Contains(msg, "expected ',' or"):
		msg += " (a [ or { is not closed)"
	case strings.Contains(msg, "did not find expected"):
		msg += " (check the indentation of this line against the lines above it: keys of one mapping line up, list items start with \"- \")"
	}
	return line, msg
}

// findIndentTab returns the first line from line on (only that line if only is set)
// whose indentation holds a tab, and the tab's column; or line, 0.
func findIndentTab(data []byte, line int, only bool) (int, int) {
	for i, l := range strings.Split(string(data), "\n") {
		if n := i + 1; n >= line {
			indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			if col := strings.IndexByte(indent, '\t'); col >= 0 {
				return n, col + 1
			}
			if only {
				break
			}
		}
	}
	return line, 0
}

// The tables below list every key of each mapping. Keys are the API's field names.
// To support a new key, add the struct field and one line here.

var configFields = []field[Config]{
	required(field[Config]{key: "projects", decode: decodeProjects}),
	{key: "authors", decode: decodeAuthors},
	tokensField,
}

var projectFields = []field[Project]{
	required(str("name", func(p *Project) *string { return &p.Name }, notEmpty)),
	required(str("slug", func(p *Project) *string { return &p.Slug }, validSlug)),
	str("web", func(p *Project) *string { return &p.Web }),
	str("instructions", func(p *Project) *string { return &p.Instructions }),
	flag("set_language_team", func(p *Project) *bool { return &p.SetLanguageTeam }),
	flag("translation_review", func(p *Project) *bool { return &p.TranslationReview }),
	flag("source_review", func(p *Project) *bool { return &p.SourceReview }),
	flag("enable_hooks", func(p *Project) *bool { return &p.EnableHooks }),
	str("language_aliases", func(p *Project) *string { return &p.LanguageAliases }),
	{key: "components", decode: decodeComponents},
}

// comp keeps the component table's lines short enough to read as a table.
type comp = Component

var componentFields = []field[Component]{
	required(str("name", func(c *comp) *string { return &c.Name }, notEmpty)),
	required(str("slug", func(c *comp) *string { return &c.Slug }, validSlug)),
	str("source_language", func(c *comp) *string { return &c.SourceLanguage }, notEmpty),
	str("vcs", func(c *comp) *string { return &c.VCS }, oneOf(vcsChoices...)),
	required(str("repo", func(c *comp) *string { return &c.Repo }, notEmpty)),
	str("branch", func(c *comp) *string { return &c.Branch }),
	str("push_branch", func(c *comp) *string { return &c.PushBranch }),
	str("push", func(c *comp) *string { return &c.Push }),
	str("git_export", func(c *comp) *string { return &c.GitExport }),
	str("repoweb", func(c *comp) *string { return &c.RepoWeb }),
	// Its syntax depends on file_format: checkFilemask, once both are read.
	required(str("filemask", func(c *comp) *string { return &c.Filemask }, inRepo)),
	historyField,
	fetchIntervalField,
	str("template", func(c *comp) *string { return &c.Template }, inRepo),
	flag("edit_template", func(c *comp) *bool { return &c.EditTemplate }),
	str("intermediate", func(c *comp) *string { return &c.Intermediate }, inRepo),
	str("new_base", func(c *comp) *string { return &c.NewBase }, inRepo),
	required(str("file_format", func(c *comp) *string { return &c.FileFormat }, knownFormat)),
	str("license", func(c *comp) *string { return &c.License }),
	str("license_url", func(c *comp) *string { return &c.LicenseURL }),
	str("agreement", func(c *comp) *string { return &c.Agreement }),
	str("new_lang", func(c *comp) *string { return &c.NewLang }, oneOf(newLangChoices...)),
	str("language_code_style", func(c *comp) *string { return &c.LanguageCodeStyle }, oneOf(codeStyleChoices...)),
	str("check_flags", func(c *comp) *string { return &c.CheckFlags }),
	integer("priority", func(c *comp) *int { return &c.Priority }, oneOf(priorityChoices...)),
	strList("enforced_checks", func(c *comp) *[]string { return &c.EnforcedChecks }),
	flag("restricted", func(c *comp) *bool { return &c.Restricted }),
	str("report_source_bugs", func(c *comp) *string { return &c.ReportSourceBugs }),
	str("merge_style", func(c *comp) *string { return &c.MergeStyle }, oneOf(mergeStyleChoices...)),
	str("commit_message", func(c *comp) *string { return &c.CommitMessage }),
	str("add_message", func(c *comp) *string { return &c.AddMessage }),
	str("delete_message", func(c *comp) *string { return &c.DeleteMessage }),
	str("merge_message", func(c *comp) *string { return &c.MergeMessage }),
	str("addon_message", func(c *comp) *string { return &c.AddonMessage }),
	str("pull_message", func(c *comp) *string { return &c.PullMessage }),
	flag("allow_translation_propagation", func(c *comp) *bool { return &c.AllowTranslationPropagation }),
	flag("manage_units", func(c *comp) *bool { return &c.ManageUnits }),
	flag("enable_suggestions", func(c *comp) *bool { return &c.EnableSuggestions }),
	flag("suggestion_voting", func(c *comp) *bool { return &c.SuggestionVoting }),
	integer("suggestion_autoaccept", func(c *comp) *int { return &c.SuggestionAutoaccept }, autoaccept),
	flag("push_on_commit", func(c *comp) *bool { return &c.PushOnCommit }),
	integer("commit_pending_age", func(c *comp) *int { return &c.CommitPendingAge }, notNegative),
	flag("auto_lock_error", func(c *comp) *bool { return &c.AutoLockError }),
	str("language_regex", func(c *comp) *string { return &c.LanguageRegex }, compiles),
	str("variant_regex", func(c *comp) *string { return &c.VariantRegex }, compiles),
	flag("is_glossary", func(c *comp) *bool { return &c.IsGlossary }),
	str("glossary_color", func(c *comp) *string { return &c.GlossaryColor }, oneOf(colorChoices...)),
	addonsField,
	linksField,
	flag("locked", func(c *comp) *bool { return &c.Locked }),
}

var vcsChoices = []string{"git", "local"}

func decodeProjects(d *decoder, n *yaml.Node, path string, cfg *Config) {
	slugs, names := unique{}, unique{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		// Weblate's Project model defaults: set_language_team and enable_hooks
		// are on (weblate/trans/models/project.py).
		p := &Project{Line: n.Line, SetLanguageTeam: true, EnableHooks: true}
		first := len(d.links)
		s, ok := decodeMapping(d, n, path, projectFields, p)
		for i := first; i < len(d.links); i++ {
			d.links[i].project = p
		}
		if !ok {
			return
		}
		slugs.check(d, s["slug"], path+".slug", "project slug")
		names.check(d, s["name"], path+".name", "project name")
		cfg.Projects = append(cfg.Projects, p)
	})
	d.checkLinks(cfg)
}

func decodeComponents(d *decoder, n *yaml.Node, path string, p *Project) {
	// Weblate keeps both unique within a project: URLs use the slug, pages the name.
	slugs, names := unique{}, unique{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		c := newComponent()
		c.Line = n.Line
		s, ok := decodeMapping(d, n, path, componentFields, c)
		if !ok {
			return
		}
		slugs.check(d, s["slug"], path+".slug", "component slug")
		names.check(d, s["name"], path+".name", "component name")
		d.resolveRepo(c, s, path)
		applyDerivedDefaults(c, s)
		d.checkFilemask(c, s, path)
		p.Components = append(p.Components, c)
	})
}

// unique reports a value seen before, at its second occurrence, naming the first.
type unique map[string]int

func (u unique) check(d *decoder, n *yaml.Node, path, what string) {
	if n == nil || n.Value == "" {
		return
	}
	if first, dup := u[n.Value]; dup {
		d.problem(n, path, "duplicate %s %q (first at line %d)", what, n.Value, first)
		return
	}
	u[n.Value] = n.Line
}

// urlSchemes are the URL schemes git can clone from.
var urlSchemes = []string{"https", "http", "ssh", "git", "file"}

// resolveRepo sets VCS and RepoPath from Repo, and checks a written vcs agrees.
func (d *decoder) resolveRepo(c *Component, s seen, path string) {
	c.RepoPath, c.VCS = c.Repo, "git"
	switch scheme, _, isURL := strings.Cut(c.Repo, "://"); {
	case c.Repo == "":
		// already reported as empty
	case c.Repo == "local:":
		c.VCS = "local"
	case strings.HasPrefix(c.Repo, "local:"):
		d.problem(s["repo"], path+".repo", `"local:" takes nothing after the colon`)
	case isURL:
		if !slices.Contains(urlSchemes, strings.ToLower(scheme)) {
			d.problem(s["repo"], path+".repo", "unsupported URL scheme %q (use %s)", scheme, strings.Join(urlSchemes, ", "))
		}
	case isSCPLike(c.Repo):
		// git@host:path, as git itself reads it
	case filepath.IsAbs(c.Repo):
		c.RepoPath = filepath.Clean(c.Repo)
	default:
		c.RepoPath = filepath.Join(d.baseDir, c.Repo)
	}
	if v := s["vcs"]; v != nil && slices.Contains(vcsChoices, v.Value) && v.Value != c.VCS {
		d.problem(v, path+".vcs", "must be %q for repo %q (vcs follows from repo)", c.VCS, c.Repo)
	}
}

// isSCPLike follows git's rule: a colon before any slash makes "[user@]host:path".
func isSCPLike(repo string) bool {
	i := strings.IndexByte(repo, ':')
	return i > 0 && !strings.Contains(repo[:i], "/") && filepath.VolumeName(repo) == ""
}

// Checks of single values.

func notEmpty(s string) string {
	if s == "" {
		return "must not be empty"
	}
	return ""
}

var slugRE = regexp.MustCompile(`^[a-z0-9_-]+$`)

func validSlug(s string) string {
	if s == "" {
		return "must not be empty"
	}
	if !slugRE.MatchString(s) {
		return "must match [a-z0-9_-]+"
	}
	return ""
}

func oneOf[V comparable](choices ...V) check[V] {
	return func(v V) string {
		if slices.Contains(choices, v) {
			return ""
		}
		list := make([]string, len(choices))
		for i, c := range choices {
			list[i] = fmt.Sprintf("%#v", c) // strings quoted, numbers bare
		}
		return "must be one of " + strings.Join(list, ", ")
	}
}

// checkFilemask checks the filemask by the component's format. A format whose one
// file holds every language (formats.MultiLanguage: Xcode's string catalog) is
// named by that file's path, without "*", and the file is its own template: the
// template is filled in, and one naming another file is refused.
func (d *decoder) checkFilemask(c *Component, s seen, path string) {
	if s["filemask"] == nil || c.Filemask == "" || inRepo(c.Filemask) != "" {
		return // missing, empty or outside: reported already
	}
	if info, ok := formats.Lookup(c.FileFormat); ok && info.MultiLanguage {
		if strings.Contains(c.Filemask, "*") {
			d.problem(s["filemask"], path+".filemask", "must name the one file holding every language, without \"*\" (a %s file holds them all)", c.FileFormat)
			return
		}
		switch {
		case c.Template == "":
			c.Template = c.Filemask
		case c.Template != c.Filemask:
			d.problem(s["template"], path+".template", "must be empty or the filemask's file: a %s file is its own template", c.FileFormat)
		}
		return
	}
	if problem := validMask(c.Filemask); problem != "" {
		d.problem(s["filemask"], path+".filemask", "%s", problem)
	}
}

// validMask accepts what the filemask package can match: one "*" or more for the
// language code (never "**"), and Python's glob syntax otherwise.
func validMask(s string) string {
	if _, err := filemask.Compile(s); err != nil {
		var se *filemask.SyntaxError
		if errors.As(err, &se) {
			return se.Problem
		}
		return err.Error()
	}
	return ""
}

// inRepo refuses paths that would make the server read outside the repository.
func inRepo(p string) string {
	switch c := path.Clean(p); {
	case p == "":
		return ""
	case path.IsAbs(p) || filepath.IsAbs(p):
		return "must be relative to the repository, not absolute"
	case c == ".." || strings.HasPrefix(c, "../"):
		return `must stay inside the repository (".." leads out of it)`
	case c == ".":
		return "must name a file in the repository"
	}
	return ""
}

func knownFormat(s string) string {
	if _, ok := formats.Lookup(s); ok {
		return ""
	}
	return fmt.Sprintf("unknown file format %q (known: %s)", s, strings.Join(formats.IDs(), ", "))
}

func compiles(s string) string {
	if _, err := regexp.Compile(s); err != nil {
		return "is not a valid regular expression: " + strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	}
	return ""
}

func notNegative(i int) string {
	if i < 0 {
		return "must not be negative"
	}
	return ""
}

func autoaccept(i int) string {
	if i == 1 {
		// As Weblate: the author's own vote would accept every suggestion at once.
		return "must not be 1 (a suggestion's author would accept it alone); use 0 to turn it off"
	}
	return notNegative(i)
}
