package corpora

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// EnvWeblateChecks names the variable that points at the weblate-checks oracle
// (the folder of oracle_checks.py, which runs Weblate's own check code): set, the
// checks test runs it instead of reading the goldens of testdata/checks.
const EnvWeblateChecks = "GITLATE_TEST_WEBLATE_CHECKS"

// ChecksDir is the folder of the quality checks' corpora and goldens
// (testdata/checks, see its README.md).
func ChecksDir() string { return filepath.Join(testdata(), "checks") }

// ChecksCorpus is one corpus of the quality checks test: a row of
// testdata/checks/corpora.tsv. Its project and component are both named Name,
// as the oracle was told (the `same` check reads both names).
type ChecksCorpus struct {
	Name                                string
	Format, Filemask, Template, NewBase string
	// Dir is the folder of its files: in ChecksDir, or for one of All's corpora
	// Path(Name) (the full corpus under $GITLATE_TEST_SHARED).
	Dir string
	// Shared tells that it is one of All's corpora: its numbers are those of
	// the full corpus when Full().
	Shared bool
}

// ChecksCorpora reads testdata/checks/corpora.tsv.
func ChecksCorpora() ([]ChecksCorpus, error) {
	f, err := os.Open(filepath.Join(ChecksDir(), "corpora.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []ChecksCorpus
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 6 {
			return nil, fmt.Errorf("corpora.tsv: %d fields, want 6: %q", len(fields), line)
		}
		for i, v := range fields {
			if v == "-" {
				fields[i] = ""
			}
		}
		c := ChecksCorpus{Name: fields[0], Format: fields[2], Filemask: fields[3], Template: fields[4], NewBase: fields[5]}
		if rest, ok := strings.CutPrefix(fields[1], "../"); ok {
			// One of the corpora the other tests read (trimmed copies in testdata,
			// full ones under $GITLATE_TEST_SHARED).
			c.Dir, c.Shared = Path(rest), true
		} else {
			c.Dir = filepath.Join(ChecksDir(), filepath.FromSlash(fields[1]))
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Golden is the path of the oracle's output for the corpus: NAME.oracle.json,
// or NAME.full.oracle.json for the full corpus.
func (c ChecksCorpus) Golden() string {
	if c.Shared && Full() {
		return filepath.Join(ChecksDir(), c.Name+".full.oracle.json")
	}
	return filepath.Join(ChecksDir(), c.Name+".oracle.json")
}

// Details is the path of the oracle's failing units for the corpus
// (NAME.details.jsonl; only for the trimmed copies: "" on the full corpus).
func (c ChecksCorpus) Details() string {
	if c.Shared && Full() {
		return ""
	}
	return filepath.Join(ChecksDir(), c.Name+".details.jsonl")
}

// Config is projects.yaml for the corpus's repository repo: project NAME (slug
// NAME) of one component NAME (slug strings).
func (c ChecksCorpus) Config(repo string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "projects:\n  - name: %s\n    slug: %s\n    components:\n      - name: %s\n        slug: strings\n        repo: %s\n        filemask: %q\n        file_format: %s\n",
		c.Name, c.Name, c.Name, repo, c.Filemask, c.Format)
	if c.Template != "" {
		fmt.Fprintf(&b, "        template: %s\n", c.Template)
	}
	if c.NewBase != "" {
		fmt.Fprintf(&b, "        new_base: %s\n", c.NewBase)
	}
	return b.String()
}

// OracleArgs are the arguments of oracle_checks.py (after the script) for the
// corpus, as testdata/checks/oracle.sh passes them.
func (c ChecksCorpus) OracleArgs(out, details string) []string {
	args := []string{c.Dir, "--format", c.Format, "--filemask", c.Filemask,
		"--project-name", c.Name, "--component-name", c.Name, "-o", out}
	if c.Template != "" {
		args = append(args, "--template", c.Template)
	}
	if c.NewBase != "" {
		args = append(args, "--new-base", c.NewBase)
	}
	if details != "" {
		args = append(args, "--details", details)
	}
	return args
}

// OracleRow is one translation of oracle_checks.py's output: what Weblate 4.18
// reports after importing it. Failing leaves out the batch check `reused`
// (see the oracle's README); Checks counts the failing units per check id.
type OracleRow struct {
	Code                      string         `json:"code"`
	Filename                  string         `json:"filename"`
	Total                     int            `json:"total"`
	Failing                   int            `json:"failing"`
	FailingWithReused         int            `json:"failing_with_reused"`
	FailingWithReusedUncapped int            `json:"failing_with_reused_uncapped"`
	Checks                    map[string]int `json:"checks"`
	Unsupported               map[string]int `json:"unsupported"`
}

// OracleUnit is one failing unit of the oracle's --details output.
type OracleUnit struct {
	Code   string   `json:"code"`
	Key    string   `json:"key"`
	State  int      `json:"state"`
	Checks []string `json:"checks"`
	Flags  string   `json:"flags"`
	Source string   `json:"source"`
	Target string   `json:"target"`
}

// ReadOracle reads an output of oracle_checks.py.
func ReadOracle(path string) ([]OracleRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []OracleRow
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rows, nil
}

// ReadOracleDetails reads a --details output of oracle_checks.py.
func ReadOracleDetails(path string) ([]OracleUnit, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []OracleUnit
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var u OracleUnit
		if err := json.Unmarshal(line, &u); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, u)
	}
	return out, nil
}

// RunOracle runs oracle_checks.py of the folder oracle on the corpus (into tmp)
// and returns its rows and failing units.
func RunOracle(oracle, tmp string, c ChecksCorpus) ([]OracleRow, []OracleUnit, error) {
	out, details := filepath.Join(tmp, c.Name+".oracle.json"), filepath.Join(tmp, c.Name+".details.jsonl")
	cmd := exec.Command(Python, append([]string{filepath.Join(oracle, "oracle_checks.py")}, c.OracleArgs(out, details)...)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("oracle_checks.py %s: %v\n%s", strings.Join(cmd.Args[2:], " "), err, msg)
	}
	rows, err := ReadOracle(out)
	if err != nil {
		return nil, nil, err
	}
	units, err := ReadOracleDetails(details)
	return rows, units, err
}

// MakeRepoOf makes a git repository of the files of dir (MakeRepoFrom, named
// after dir's last element) in a new temporary folder and returns its path.
func MakeRepoOf(t testing.TB, dir string) string {
	t.Helper()
	dest := filepath.Join(t.TempDir(), filepath.Base(dir))
	if _, err := MakeRepoFrom(dir, filepath.Base(dir), dest); err != nil {
		t.Fatal(err)
	}
	return dest
}
