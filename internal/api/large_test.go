package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
)

// writeStrings writes an Android file of n strings, k0000000 …, every third
// translated when translated (as a translation), all when not (as a template).
func writeStrings(t *testing.T, path string, n int, translated bool) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString("<resources>\n")
	for i := range n {
		switch {
		case !translated:
			fmt.Fprintf(w, "  <string name=\"k%07d\">Text number %d</string>\n", i, i)
		case i%3 == 0:
			fmt.Fprintf(w, "  <string name=\"k%07d\">Text %d přeložený</string>\n", i, i)
		}
	}
	w.WriteString("</resources>\n")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// peakHeap runs fn and returns how far the heap in use grew above what it was
// when fn started (sampled every few milliseconds) and how long fn took.
func peakHeap(fn func()) (uint64, time.Duration) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base := m.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > base && m.HeapInuse-base > peak.Load() {
				peak.Store(m.HeapInuse - base)
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	fn()
	d := time.Since(start)
	close(done)
	wg.Wait()
	return peak.Load(), d
}

// TestMillionUnits: a translation of 1,000,000 units, scanned and served through
// the units reader. Its ids are given at scan
// time without an entry per unit; its last page is answered by streaming its
// files, keeping the page only; a page out of range is answered at once, reading
// nothing; a unit is found by id.
func TestMillionUnits(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads two files of a million strings")
	}
	const n = 1_000_000
	repo := testutil.NewRepo(t, map[string]string{"README": "large"})
	writeStrings(t, filepath.Join(repo, "res/values/strings.xml"), n, false)
	writeStrings(t, filepath.Join(repo, "res/values-cs/strings.xml"), n, true)
	dir := t.TempDir()
	cfg := testutil.Config(t, dir, testutil.AndroidConfig(repo))
	st, err := boltstore.Open(filepath.Join(dir, "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	var scanErr error
	scanHeap, scanTime := peakHeap(func() { scanErr = s.Live.Rebuild(context.Background()) })
	if scanErr != nil {
		t.Fatal(scanErr)
	}
	t.Logf("scan of 2 × %d units: %s, heap grew by at most %d MB", n, scanTime.Round(time.Millisecond), scanHeap>>20)
	cs := s.Live.Snapshot().Project("demo").Component("android").Translation("cs")
	if cs.Stats.Total != n || cs.UnitIDs.Len() != n || len(cs.UnitIDs.Segs) != 1 || len(cs.UnitIDs.Runs) != 1 {
		t.Fatalf("cs: %d units, unit ids of %d positions in %d segments and %d runs", cs.Stats.Total, cs.UnitIDs.Len(), len(cs.UnitIDs.Segs), len(cs.UnitIDs.Runs))
	}
	srv, err := api.New(s.Live, api.Options{BaseURL: "http://gitlate.test", Reader: s.Units, Changes: st})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	h := gin.New()
	srv.Install(h.Group(srv.Prefix()))
	get := func(url string) (int, []byte) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", url, nil))
		return w.Code, w.Body.Bytes()
	}

	var code int
	var body []byte
	pageHeap, pageTime := peakHeap(func() { code, body = get("/api/translations/demo/android/cs/units/?page=last") })
	var page struct {
		Count   int
		Results []struct {
			ID       int
			Context  string
			Position int
			Target   []string
			State    int
		}
	}
	if err := json.Unmarshal(body, &page); err != nil || code != 200 {
		t.Fatalf("%d %v %.200s", code, err, body)
	}
	files, _ := os.Stat(filepath.Join(repo, "res/values/strings.xml"))
	t.Logf("page=last: %s, heap grew by at most %d MB (the template is %d MB)", pageTime.Round(time.Millisecond), pageHeap>>20, files.Size()>>20)
	last := page.Results[len(page.Results)-1]
	// k0999999 is translated (every third is), k0999998 not.
	if page.Count != n || len(page.Results) != 50 || last.Position != n || last.Context != fmt.Sprintf("k%07d", n-1) ||
		last.ID != cs.UnitIDs.ID(n-1) || last.State != 20 || last.Target[0] != fmt.Sprintf("Text %d přeložený", n-1) {
		t.Errorf("last page: count %d, %d results, last %+v", page.Count, len(page.Results), last)
	}
	if r := page.Results[48]; r.State != 0 || r.Target[0] != "" || r.Context != fmt.Sprintf("k%07d", n-2) {
		t.Errorf("an untranslated unit of the last page: %+v", r)
	}
	// Bounded: the page keeps 50 units; what grows is reading the two files (their
	// bytes), not a million units (gigabytes held before).
	if pageHeap > 3*uint64(files.Size())+64<<20 {
		t.Errorf("the last page took %d MB of heap", pageHeap>>20)
	}
	// Out of range costs nothing: the heap bound shows no file is read (reading one
	// grows it by the file's size). The wall-time bound only catches a re-read (seconds
	// here), generous enough for -race on a loaded machine.
	outHeap, outTime := peakHeap(func() { code, body = get("/api/translations/demo/android/cs/units/?page=999999") })
	if code != 404 || string(body) != `{"detail":"Invalid page."}` || outTime > time.Second || outHeap > 1<<20 {
		t.Errorf("a page out of range: %d %s in %s, heap +%d kB", code, body, outTime, outHeap>>10)
	}
	unitHeap, unitTime := peakHeap(func() { code, body = get(fmt.Sprintf("/api/units/%d/", cs.UnitIDs.ID(n-2))) })
	var unit struct{ Context string }
	if json.Unmarshal(body, &unit); code != 200 || unit.Context != fmt.Sprintf("k%07d", n-2) {
		t.Errorf("unit by id: %d %.200s", code, body)
	}
	t.Logf("a unit by id: %s, heap grew by at most %d MB", unitTime.Round(time.Millisecond), unitHeap>>20)
}
