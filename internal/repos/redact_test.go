package repos

import (
	"context"
	"strings"
	"testing"
)

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://bob:s3cr3t@example.org/app.git", "https://example.org/app.git"},
		{"https://token@example.org/app.git", "https://example.org/app.git"},
		{"https://bob:p@ss%w0rd@example.org:8443/a/b", "https://example.org:8443/a/b"},
		{"https://bob:bad\x7ftoken@example.org/x", "https://example.org/x"}, // url.Parse refuses this
		{"ssh://git@example.org/app.git", "ssh://git@example.org/app.git"},
		{"ssh://git:secret@example.org/app.git", "ssh://git@example.org/app.git"},
		{"https://example.org/path/with@sign", "https://example.org/path/with@sign"},
		{"git@example.org:owner/app.git", "git@example.org:owner/app.git"},
		{"/srv/git/app.git", "/srv/git/app.git"},
		{"local:", "local:"},
		{"https://example.org/app.git?access_token=s3cr3t", "https://example.org/app.git"},
		{"https://gitlab.example/a.git?private_token=x&y=1#frag", "https://gitlab.example/a.git"},
		{"https://bob:pw@example.org?token=x", "https://example.org"},
		{"https://example.org/app.git#s3cr3t", "https://example.org/app.git"},
		{"ssh://git:pw@example.org/a.git?x=1", "ssh://git@example.org/a.git"},
	}
	for _, tt := range tests {
		if got := RedactURL(tt.in); got != tt.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRemoteErrorsHideQueryTokens: a clone that fails names its URL without the
// token a forge takes in the query string.
func TestRemoteErrorsHideQueryTokens(t *testing.T) {
	t.Parallel()
	spec := Spec{Repo: "http://127.0.0.1:1/app.git?access_token=s3cr3t-token", DataDir: t.TempDir()}
	_, err := Open(context.Background(), spec)
	if err == nil {
		t.Fatal("a clone from a closed port worked")
	}
	if strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("the error shows the token: %v", err)
	}
	if !strings.Contains(err.Error(), "http://127.0.0.1:1/app.git") {
		t.Errorf("the error does not name the repository: %v", err)
	}
}
