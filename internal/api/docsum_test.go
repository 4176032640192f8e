package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// followDocs serves the stored changes of whichever snapshot src serves, as a store
// whose log a force-push rewrote would.
type followDocs struct{ src *swapSource }

func (f *followDocs) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	fl, _ := fixtureChanges.Load(f.src.Snapshot())
	return fl.(*fixtureLog).docs.Docs(ctx, ids, fn)
}

// rewrittenHistory is the fixture with its three changes replaced by three others
// under the same ids: other actions, an hour later, the same count.
func rewrittenHistory(t *testing.T) *snapshot.Snapshot {
	snap := fixture(t)
	p := snap.Projects[0]
	c := p.Components[0]
	ann := snap.Users[0]
	when := time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC)
	var changes []*snapshot.Change
	for i, a := range []weblate.Action{5, 5, 2} {
		changes = append(changes, &snapshot.Change{ID: i + 1, Timestamp: when, Action: a, Count: 1,
			Project: p, Component: c, Translation: c.Translation("cs"), User: ann, Author: ann})
	}
	setChanges(snap, changes)
	snap.Finish()
	return snap
}

// TestETagFollowsStoredChanges: a change list whose changes were replaced by as many
// others (a force-push) is another answer, so another ETag: the tag of the old one
// answers 200 with the new bytes, never 304. The ETag is made of the documents'
// sums, so every document, stored changes included, must have its sum.
func TestETagFollowsStoredChanges(t *testing.T) {
	fd := &followDocs{}
	src, _, h := swapServer(t, fixture(t), Options{Changes: fd})
	fd.src = src
	paths := []string{"/api/changes/", "/api/projects/demo/changes/", "/api/changes/?page_size=2", "/api/changes/3/"}
	before := map[string]response{}
	for _, p := range paths {
		before[p] = do(t, h, "GET", p)
		if before[p].status != 200 {
			t.Fatalf("%s: %d %s", p, before[p].status, before[p].body)
		}
	}
	src.p.Store(rewrittenHistory(t))
	for _, p := range paths {
		got := do(t, h, "GET", p)
		if got.status != 200 || got.body == before[p].body {
			t.Fatalf("%s: %d, body unchanged: the fixture does not rewrite the history", p, got.status)
		}
		if etagOf(got.header) == etagOf(before[p].header) {
			t.Errorf("%s: other changes, same ETag %s", p, etagOf(got.header))
		}
		if got := do(t, h, "GET", p, "If-None-Match", etagOf(before[p].header)); got.status != 200 {
			t.Errorf("%s: the old tag answers %d, not the new bytes", p, got.status)
		}
	}
}

// TestETagFollowsAddonConfiguration: an add-on whose configuration changed, to one
// of the same length, long enough (128 bytes and more) to be embedded by reference,
// gets another ETag.
func TestETagFollowsAddonConfiguration(t *testing.T) {
	conf := func(v string) *snapshot.Snapshot {
		snap := fixture(t)
		c := snap.Projects[0].Components[0]
		c.Config.Addons = []config.Addon{{Name: "weblate.gettext.linguas",
			Configuration: json.RawMessage(`{"x":"` + strings.Repeat(v, 200) + `"}`)}}
		c.Addons = []*snapshot.Addon{{ID: 1, Config: &c.Config.Addons[0]}}
		snap.Aggregate()
		snap.Finish()
		return snap
	}
	src, _, h := swapServer(t, conf("a"), Options{})
	paths := []string{"/api/addons/1/", "/api/addons/"}
	before := map[string]response{}
	for _, p := range paths {
		before[p] = do(t, h, "GET", p)
	}
	src.p.Store(conf("b"))
	for _, p := range paths {
		got := do(t, h, "GET", p, "If-None-Match", etagOf(before[p].header))
		if got.status != http.StatusOK || got.body == before[p].body || !strings.Contains(got.body, "bbbb") {
			t.Errorf("%s: the old configuration's tag answers %d", p, got.status)
		}
		if etagOf(got.header) == etagOf(before[p].header) {
			t.Errorf("%s: another configuration, same ETag", p)
		}
	}
}

// TestEveryDocHasItsSum: documents made from stored bytes have the sum their bytes
// and holes give, as rendered ones do.
func TestEveryDocHasItsSum(t *testing.T) {
	for _, d := range []*doc{storedDoc([]byte(`{"a":1}`), 1), newDoc([]byte(`{}`), nil, nil)} {
		if d.sum == 0 || d.sum != d.hash() {
			t.Errorf("%s: sum %x, hash %x", d.buf, d.sum, d.hash())
		}
	}
}
