package export

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// The oracle is testdata/ttk_export.py: the same exporter steps driven through
// the installed translate-toolkit (Debian's 3.8.4, whose writers for these
// formats are those of 3.9.2 but for JSON's go-i18n additions, which JsonFile does
// not use).

const python = "/usr/bin/python3"

func needTTK(t *testing.T) {
	t.Helper()
	outside.Short(t, "translate-toolkit")
	if _, err := os.Stat(python); err != nil {
		t.Skip("python3 is missing")
	}
	if err := exec.Command(python, "-c", "import translate.storage.pypo, lxml").Run(); err != nil {
		t.Skip("python3-translate is missing")
	}
}

type ttkUnit struct {
	Source      []string `json:"source"`
	Target      []string `json:"target"`
	Context     string   `json:"context"`
	Note        string   `json:"note"`
	Explanation string   `json:"explanation"`
	Location    string   `json:"location"`
	Flags       []string `json:"flags"`
	State       int      `json:"state"`
	Checksum    string   `json:"checksum"`
}

func ttkDoc(format string, t *Translation) []byte {
	units := []ttkUnit{}
	for _, u := range t.Units {
		u = sanitizeUnit(u)
		src := sources(&u)
		tg := u.Target
		if len(tg) == 0 {
			tg = []string{""}
		}
		flags := u.Flags
		if flags == nil {
			flags = []string{}
		}
		units = append(units, ttkUnit{src, tg, u.Context, u.Note, u.Explanation, u.Location, flags, u.State, checksum(u.IDHash)})
	}
	doc := map[string]any{
		"format":          format,
		"now":             t.Time.Format("2006-01-02 15:04") + tzString(t.Time),
		"ttk_version":     toolkitVersion,
		"generator":       Generator,
		"project_name":    t.ProjectName,
		"url":             t.URL,
		"source_language": t.SourceLanguage.Code,
		"language": map[string]any{
			"code": t.Language.Code, "name": t.Language.Name,
			"nplurals": t.Language.Plurals, "formula": t.Language.Formula,
		},
		"units": units,
	}
	b, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return b
}

func runTTK(t *testing.T, format string, tr *Translation) []byte {
	t.Helper()
	needTTK(t)
	cmd := exec.Command(python, "testdata/ttk_export.py")
	cmd.Stdin = bytes.NewReader(ttkDoc(format, tr))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ttk_export.py %s: %v\n%s", format, err, stderr.String())
	}
	return out
}

// firstDiff shows where two outputs part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return "at byte " + itoa(i) + ":\n got: " + strings.ToValidUTF8(string(a[lo:min(len(a), i+80)]), "?") +
		"\nwant: " + strings.ToValidUTF8(string(b[lo:min(len(b), i+80)]), "?")
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
