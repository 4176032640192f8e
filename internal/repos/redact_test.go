package repos

import "testing"

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
	}
	for _, tt := range tests {
		if got := RedactURL(tt.in); got != tt.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
