package changelog

import (
	"fmt"
	"strings"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// userTable gives authors usernames derived from their e-mail addresses, unless
// projects.yaml names them; the first author to claim a derived name keeps it, later
// ones get a numbered suffix.
type userTable struct {
	overrides map[string]*config.Author
	byEmail   map[string]*snapshot.User
	byName    map[string]*snapshot.User
	list      []*snapshot.User
}

func newUserTable(authors []*config.Author) *userTable {
	t := &userTable{overrides: map[string]*config.Author{}, byEmail: map[string]*snapshot.User{}, byName: map[string]*snapshot.User{}}
	for _, a := range authors {
		t.overrides[a.Email] = a
	}
	return t
}

// user returns the user of an author, making it on first sight.
func (t *userTable) user(name, email string) *snapshot.User {
	key := strings.ToLower(strings.TrimSpace(email))
	if u := t.byEmail[key]; u != nil {
		return u
	}
	username, full := "", name
	if o := t.overrides[key]; o != nil {
		username = o.Username
		if o.FullName != "" {
			full = o.FullName
		}
		if u := t.byName[username]; username != "" && u != nil {
			// Another address of a configured user: the same person.
			t.byEmail[key] = u
			return u
		}
	}
	if username == "" {
		base := usernameFromEmail(key)
		username = base
		for n := 2; t.byName[username] != nil || t.reserved(username); n++ {
			username = fmt.Sprintf("%s-%d", base, n)
		}
	}
	u := &snapshot.User{Username: username, FullName: full, Email: email}
	t.byEmail[key] = u
	t.byName[username] = u
	t.list = append(t.list, u)
	return u
}

// reserved reports a username that projects.yaml gives to someone, so a derived name
// never takes it.
func (t *userTable) reserved(name string) bool {
	for _, o := range t.overrides {
		if o.Username == name {
			return true
		}
	}
	return false
}

// usernameFromEmail takes the local part of an address, drops GitHub's numeric
// "12345+" noreply prefix, and keeps the characters Weblate allows in usernames.
func usernameFromEmail(email string) string {
	local, _, _ := strings.Cut(email, "@")
	if i := strings.IndexByte(local, '+'); i > 0 && strings.HasSuffix(email, "users.noreply.github.com") {
		local = local[i+1:]
	}
	var b strings.Builder
	for _, r := range local {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		}
	}
	name := strings.Trim(b.String(), ".")
	if name == "" {
		return "user"
	}
	return name
}
