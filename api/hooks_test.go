package api

import "testing"

func TestNormalizeRepoURL(t *testing.T) {
	same := [][]string{
		{"https://github.com/Owner/App.git", "https://github.com/owner/app", "git@github.com:owner/app.git",
			"ssh://git@github.com/owner/app", "git://github.com/owner/app.git", "https://user:token@github.com/owner/app/",
			"ssh://git@github.com:22/owner/app.git"},
		{"https://gitlab.example.org/group/sub/app.git", "git@gitlab.example.org:group/sub/app.git"},
	}
	for _, group := range same {
		want := normalizeRepoURL(group[0])
		for _, u := range group[1:] {
			if got := normalizeRepoURL(u); got != want {
				t.Errorf("%s → %s, want %s (as %s)", u, got, want, group[0])
			}
		}
	}
	if normalizeRepoURL("https://github.com/owner/app") == normalizeRepoURL("https://github.com/owner/app2") {
		t.Error("different repositories compare equal")
	}
}
