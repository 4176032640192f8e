package repos

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestWatcher: edits below watched directories notify their tags once per burst,
// new subdirectories are picked up, and unrelated places stay quiet.
func TestWatcher(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"res/values", "res/values-cs", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan []string, 10)
	w, err := NewWatcher(50*time.Millisecond, 500*time.Millisecond, func(tags []string) { got <- tags })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Add("app", filepath.Join(root, "res"), 1); err != nil {
		t.Fatal(err)
	}
	if err := w.Add("later", filepath.Join(root, "not", "yet"), 0); err != nil {
		t.Fatal(err)
	}
	expect := func(want []string) {
		t.Helper()
		select {
		case tags := <-got:
			if !reflect.DeepEqual(tags, want) {
				t.Fatalf("notified %v, want %v", tags, want)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("no notification, want %v", want)
		}
	}
	quiet := func() {
		t.Helper()
		select {
		case tags := <-got:
			t.Fatalf("unexpected notification %v", tags)
		case <-time.After(300 * time.Millisecond):
		}
	}
	write := func(rel string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A burst of edits: one notification.
	for i := 0; i < 20; i++ {
		write("res/values-cs/strings.xml")
	}
	expect([]string{"app"})
	quiet()
	// A new language directory appears; a file written into it right after counts.
	if err := os.Mkdir(filepath.Join(root, "res/values-de"), 0o755); err != nil {
		t.Fatal(err)
	}
	expect([]string{"app"})
	write("res/values-de/strings.xml")
	expect([]string{"app"})
	// Elsewhere: nothing.
	write("other/file.txt")
	quiet()
	// A directory that did not exist when watched.
	if err := os.MkdirAll(filepath.Join(root, "not", "yet"), 0o755); err != nil {
		t.Fatal(err)
	}
	expect([]string{"later"})
	write("not/yet/x.tbx")
	expect([]string{"later"})
}
