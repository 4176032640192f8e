package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

// goldenEndpoints are answered on the bundled samples and compared with
// testdata/*.golden. The numbers in those files were checked by hand against
// internal/samples/expected (the hand count) once; -update rewrites them.
var goldenEndpoints = []string{
	"/api/",
	"/api/projects/",
	"/api/projects/tinynotes/",
	"/api/projects/tinynotes/components/",
	"/api/projects/tinynotes/changes/",
	"/api/projects/tinynotes/statistics/",
	"/api/projects/tinynotes/languages/",
	"/api/projects/tinynotes/repository/",
	"/api/projects/blitzclock/languages/",
	"/api/components/",
	"/api/components/tinynotes/app/",
	"/api/components/tinynotes/app/statistics/",
	"/api/components/tinynotes/app/translations/",
	"/api/components/tinynotes/app/changes/",
	"/api/components/tinynotes/app/lock/",
	"/api/components/tinynotes/app/links/",
	"/api/components/tinynotes/app/repository/",
	"/api/components/tinynotes/glossary/",
	"/api/components/tinynotes/glossary/statistics/",
	"/api/components/tinynotes/glossary/repository/",
	"/api/translations/tinynotes/app/cs/",
	"/api/translations/tinynotes/app/en/",
	"/api/translations/tinynotes/app/he/statistics/",
	"/api/translations/tinynotes/app/pt_BR/changes/",
	"/api/translations/tinynotes/glossary/en/",
	"/api/translations/tinynotes/glossary/ar/",
	"/api/languages/",
	"/api/languages/cs/",
	"/api/languages/cs/statistics/",
	"/api/languages/he/",
	"/api/changes/?page=2",
	"/api/changes/?action=2&action=30&page_size=5",
	"/api/translations/tinynotes/app/cs/units/?page_size=4",
	"/api/translations/tinynotes/glossary/en/units/",
	"/api/units/1/",
	"/api/changes/1/",
	"/api/users/",
	"/api/users/jakub.dvorak/statistics/",
	"/api/addons/",
	"/api/projects/tinynotes/?format=api",
	"/api/projects/?page=2",
	"/api/projects/nope/",
}

// sampleServer is the API on the bundled samples, built once for the tests that
// only send it requests (what it keeps, it keeps for all of them).
func sampleServer(t *testing.T) *gin.Engine {
	t.Helper()
	shared.once.Do(func() {
		shared.err = errors.New("building the samples failed in an earlier test")
		// Not t.TempDir: t's cleanups would remove the samples when t ends. TestMain
		// removes them.
		data, err := os.MkdirTemp("", "api-samples-")
		if err != nil {
			shared.err = err
			return
		}
		shared.data = data
		cfg, err := testutil.SamplesIn(data)
		if err != nil {
			shared.err = err
			return
		}
		s := livetest.Built(t, cfg, data, livetest.Options{})
		srv, err := New(s.Live, Options{BaseURL: "http://gitlate.test", Reader: s.Units, Repos: s.Repos, Changes: s.Store})
		if err != nil {
			shared.err = err
			return
		}
		gin.SetMode(gin.ReleaseMode)
		e := gin.New()
		srv.Install(e.Group(srv.Prefix()))
		e.NoRoute(srv.NotFound)
		shared.engine, shared.err = e, nil
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.engine
}

func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	code := m.Run()
	if shared.data != "" {
		os.RemoveAll(shared.data)
	}
	restore()
	os.Exit(code)
}

var shared struct {
	once   sync.Once
	data   string
	engine *gin.Engine
	err    error
}

func TestGolden(t *testing.T) {
	h := sampleServer(t)
	for _, target := range goldenEndpoints {
		name := strings.Trim(strings.NewReplacer("/", "_", "?", "_", "=", "-", "&", "_").Replace(target), "_") + ".golden"
		t.Run(target, func(t *testing.T) {
			got := do(t, h, "GET", target)
			var out bytes.Buffer
			fmt.Fprintf(&out, "GET %s\n%d\n", target, got.status)
			for _, k := range []string{"Allow", "Content-Type", "Vary"} {
				fmt.Fprintf(&out, "%s: %s\n", k, got.header.Get(k))
			}
			out.WriteString("\n")
			// Indenting keeps every token as written (100.0 stays 100.0) but makes the
			// files reviewable; byte-exact shapes are tested on fixtures.
			if err := json.Indent(&out, []byte(got.body), "", "  "); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, got.body)
			}
			out.WriteString("\n")
			testutil.Golden(t, filepath.Join("testdata", name), out.Bytes())
		})
	}
}
