package repos

import (
	"context"
	"crypto/ed25519"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

func TestRedactURL(t *testing.T) {
	t.Parallel()
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

// TestSSHNote: an ssh authentication failure says which keys were tried and which
// known_hosts checks the host.
func TestSSHNote(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SSH_AUTH_SOCK", "")
	t.Setenv("SSH_KNOWN_HOSTS", "")
	auth, note := sshKeyAuth("ssh://git@example.org/app.git")
	if auth != nil {
		t.Errorf("auth without keys: %v", auth)
	}
	for _, want := range []string{"no ssh agent", filepath.Join(home, ".ssh", "id_ed25519") + " (missing)", filepath.Join(home, ".ssh", "id_rsa") + " (missing)", filepath.Join(home, ".ssh", "known_hosts") + " (missing"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
	u := remoteURL{clean: "ssh://git@example.org/app.git", shown: "ssh://git@example.org/app.git", sshNote: note}
	err := u.fail(ErrFetch, errors.New("ssh: handshake failed: ssh: unable to authenticate, attempted methods [none]"))
	if !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), "keys tried") {
		t.Errorf("fail: %v", err)
	}
	if err := u.fail(ErrFetch, errors.New("repository not found")); strings.Contains(err.Error(), "keys tried") {
		t.Errorf("a note on an error that is not about authentication: %v", err)
	}
	// A key file present is the one offered.
	_, priv, _ := ed25519.GenerateKey(nil)
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "id_ed25519"), pem.EncodeToMemory(block), 0o600)
	if auth, note := sshKeyAuth("git@example.org:app.git"); auth == nil || !strings.Contains(note, "user git with key "+filepath.Join(home, ".ssh", "id_ed25519")) {
		t.Errorf("with a key: %v %q", auth, note)
	}
}
