package repos

import "testing"

// TestIsRemote: every address Open clones is one the live loop fetches
// periodically, scp-like ones of any user included.
func TestIsRemote(t *testing.T) {
	t.Parallel()
	for repo, want := range map[string]bool{
		"https://example.org/app.git": true,
		"ssh://git@example.org/app":   true,
		"file:///srv/git/app.git":     true,
		"git@github.com:org/app.git":  true,
		"deploy@host.example:app.git": true,
		"host.example:srv/app":        true,
		"/srv/checkouts/app":          false,
		"local:":                      false,
		"":                            false,
	} {
		if got := IsRemote(repo); got != want {
			t.Errorf("IsRemote(%q) = %v, want %v", repo, got, want)
		}
	}
}
