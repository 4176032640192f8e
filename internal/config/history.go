package config

import (
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// DefaultHistoryCommits bounds a component's change-log walk when the file does not
// say: enough for years of a busy app, small enough to walk in seconds.
const DefaultHistoryCommits = 5000

// History bounds how much of a component's git history the change log is built
// from. The zero value walks everything.
type History struct {
	MaxCommits int       // at most this many commits from the head (0: no limit)
	Since      time.Time // only commits since then (zero: no limit)
}

// Author maps a commit author's e-mail address to the user the API shows.
type Author struct {
	Email    string
	Username string // "" derives it from the address
	FullName string // "" takes the commit's author name
	Line     int
}

var authorFields = []field[Author]{
	required(str("email", func(a *Author) *string { return &a.Email }, notEmpty)),
	str("username", func(a *Author) *string { return &a.Username }, validUsername),
	str("full_name", func(a *Author) *string { return &a.FullName }),
}

// usernameRE is what Weblate accepts in usernames (letters, digits, @ . + - _).
var usernameRE = regexp.MustCompile(`^[A-Za-z0-9@.+_-]+$`)

func validUsername(s string) string {
	if !usernameRE.MatchString(s) {
		return "must be letters, digits and @.+-_ only"
	}
	return ""
}

// decodeAuthors reads the top-level authors list. Several addresses may name the same
// username: one person committing from two addresses is one user.
func decodeAuthors(d *decoder, n *yaml.Node, path string, cfg *Config) {
	emails := unique{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		a := &Author{Line: n.Line}
		s, ok := decodeMapping(d, n, path, authorFields, a)
		if !ok {
			return
		}
		a.Email = strings.ToLower(strings.TrimSpace(a.Email))
		emails.check(d, s["email"], path+".email", "author e-mail")
		cfg.Authors = append(cfg.Authors, a)
	})
}

// historyField decodes a component's history bound: a number of commits, a date
// (only commits since), or "all".
var historyField = field[Component]{key: "history", decode: func(d *decoder, n *yaml.Node, path string, c *Component) {
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!int":
		var i int
		if n.Decode(&i) != nil || i < 1 {
			d.problem(n, path, "must be a positive number of commits, a date (2024-01-31) or all")
			return
		}
		c.History = History{MaxCommits: i}
	case n.Kind == yaml.ScalarNode && n.Tag == "!!timestamp":
		var t time.Time
		if err := n.Decode(&t); err != nil {
			d.problem(n, path, "%v", err)
			return
		}
		c.History = History{Since: t}
	case n.Kind == yaml.ScalarNode && n.Tag == "!!str" && n.Value == "all":
		c.History = History{}
	case n.Kind == yaml.ScalarNode && n.Tag == "!!str":
		t, err := time.Parse("2006-01-02", n.Value)
		if err != nil {
			d.problem(n, path, "must be a positive number of commits, a date (2024-01-31) or all")
			return
		}
		c.History = History{Since: t}
	default:
		d.problem(n, path, "must be a positive number of commits, a date (2024-01-31) or all, not %s", describe(n))
	}
}}
