package history

import (
	"crypto/sha256"
	"encoding/hex"
	"os/exec"
	"strings"
	"testing"
)

// The bundle is the one testdata/SOURCE.md describes: its checksum, commit count and
// tip (sha256sum, git rev-list --count master, git rev-parse master on a clone).
func TestBundle(t *testing.T) {
	sum := sha256.Sum256(trimmed)
	if got := hex.EncodeToString(sum[:]); got != "15a42541ed73afa72ae3af9394b0c0f3e976c5aed259b0431f4b9113a484984e" {
		t.Errorf("embedded bundle sha256 %s, not the one SOURCE.md names", got)
	}
	dir := Clone(t, "", true)
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"--git-dir", dir}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	count, tip := "152", "4c09c026836caf0af4537b81b04350afe480aa83"
	if Full() {
		count, tip = "2568", "919ffe8bc4ed786eb875f8875097a452d358fd4b" // the README beside the whole bundle
	}
	if got := git("rev-list", "--count", Branch); got != count {
		t.Errorf("%s commits, want %s", got, count)
	}
	if got := git("rev-parse", "HEAD"); got != tip {
		t.Errorf("HEAD %s, want %s", got, tip)
	}
	if got := git("rev-list", "--max-parents=0", "HEAD"); got != "ad95c8319b00dc6fc5535659dcf6ef5dcfe8c5ae" {
		t.Errorf("root %s, want the history's first commit", got)
	}
	work := Clone(t, "", false)
	if out, err := exec.Command("git", "-C", work, "symbolic-ref", "--short", "HEAD").Output(); err != nil || strings.TrimSpace(string(out)) != Branch {
		t.Errorf("checkout on %q (%v), want %s", out, err, Branch)
	}
}
