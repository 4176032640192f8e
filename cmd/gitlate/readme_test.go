package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// readmePath is the repository's README, whose commands these tests run.
const readmePath = "../../README.md"

// commands are gitlate's commands that take flags.
var commands = []string{"serve", "scan", "check", "lint", "discover", "health"}

// readmeSection returns the lines of the README's "## title" section, and the
// README line number of its first line.
func readmeSection(t *testing.T, title string) (lines []string, first int) {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(string(data), "\n")
	start := slices.Index(all, "## "+title)
	if start < 0 {
		t.Fatalf("the README has no section %q", title)
	}
	end := len(all)
	for i := start + 1; i < len(all); i++ {
		if strings.HasPrefix(all[i], "## ") {
			end = i
			break
		}
	}
	return all[start+1 : end], start + 2
}

// helpOutput is what `gitlate cmd -h` prints (on stderr, exit 0).
func helpOutput(t *testing.T, cmd string) string {
	t.Helper()
	code, out, errs := runCLI(cmd, "-h")
	if code != 0 || out != "" {
		t.Fatalf("gitlate %s -h: exit %d, stdout %q", cmd, code, out)
	}
	return errs
}

// flagsOf names the flags of cmd's FlagSet.
func flagsOf(cmd string) []string {
	var o options
	var names []string
	newFlags(cmd, &o, io.Discard).VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// TestUsageTwoDashes: -h lists each flag as the usage text and the README write it,
// with two dashes and the name of its value (--base-url URL), never Go's one dash.
func TestUsageTwoDashes(t *testing.T) {
	t.Parallel()
	serveHelp := helpOutput(t, "serve")
	if !strings.Contains(serveHelp, "\n  --base-url URL\n") || strings.Contains(serveHelp, "\n  -base-url") {
		t.Errorf("serve -h does not list --base-url with two dashes:\n%s", serveHelp)
	}
	if !strings.Contains(serveHelp, "(default 30s)") || !strings.Contains(serveHelp, `(default ":8080")`) {
		t.Errorf("serve -h lacks the defaults of --rescan and --listen:\n%s", serveHelp)
	}
	single := regexp.MustCompile(`(?m)^\s+-[a-z]`)
	for _, cmd := range commands {
		help := helpOutput(t, cmd)
		if m := single.FindString(help); m != "" {
			t.Errorf("gitlate %s -h lists a flag with one dash (%q):\n%s", cmd, m, help)
		}
		for _, name := range flagsOf(cmd) {
			if !regexp.MustCompile(`(?m)^  --` + regexp.QuoteMeta(name) + `( [A-Z]+)?$`).MatchString(help) {
				t.Errorf("gitlate %s -h does not list --%s:\n%s", cmd, name, help)
			}
		}
	}
}

// readmeFlagsTable reads the rows of the flags table of "Commands and flags":
// command → flag → the flag's cell without backquotes ("--config FILE").
func readmeFlagsTable(t *testing.T) map[string]map[string]string {
	t.Helper()
	lines, first := readmeSection(t, "Commands and flags")
	table := map[string]map[string]string{}
	for i, line := range lines {
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		cells := strings.Split(line, "|")
		cell := strings.Trim(strings.TrimSpace(cells[1]), "`")
		name, _, _ := strings.Cut(strings.TrimPrefix(cell, "--"), " ")
		cmds := strings.FieldsFunc(cells[2], func(r rune) bool { return r == ',' || r == ';' || r == ' ' })
		if len(cmds) == 0 {
			t.Errorf("README line %d: the row of --%s names no command", first+i, name)
		}
		for _, cmd := range cmds {
			if table[cmd] == nil {
				table[cmd] = map[string]string{}
			}
			table[cmd][name] = cell
		}
	}
	if len(table) == 0 {
		t.Fatal("found no flags table in the README's Commands and flags")
	}
	return table
}

// synopsis reads usage lines indented by indent ("gitlate scan [--config FILE] …"
// and their continuations): command → the flags its lines name ("[--name …]").
func synopsis(lines []string, indent string) map[string][]string {
	flagRE := regexp.MustCompile(`\[--([a-z-]+)`)
	synopsis := map[string][]string{}
	cmd := ""
	for _, line := range lines {
		switch {
		case strings.HasPrefix(line, indent+"gitlate "):
			cmd = strings.Trim(strings.Fields(line)[1], "[]")
		case strings.HasPrefix(line, indent+"  ") && cmd != "":
		default:
			cmd = ""
			continue
		}
		for _, m := range flagRE.FindAllStringSubmatch(line, -1) {
			synopsis[cmd] = append(synopsis[cmd], m[1])
		}
	}
	return synopsis
}

// TestReadmeFlags: the README's flags table and usage lines name, for each command,
// the flags its FlagSet defines, no more and no fewer, written as -h writes them.
func TestReadmeFlags(t *testing.T) {
	t.Parallel()
	table := readmeFlagsTable(t)
	section, _ := readmeSection(t, "Commands and flags")
	readmeUsage := synopsis(section, "    ")
	// The usage text of `gitlate help` and -h.
	_, usageText, _ := strings.Cut(usage, "Usage:\n")
	usageText, _, _ = strings.Cut(usageText, "\n\n")
	helpUsage := synopsis(strings.Split(usageText, "\n"), "  ")
	for cmd := range table {
		if !slices.Contains(commands, cmd) {
			t.Errorf("the README's flags table names a command gitlate lacks: %q", cmd)
		}
	}
	for _, cmd := range commands {
		help := helpOutput(t, cmd)
		have := flagsOf(cmd)
		for name, cell := range table[cmd] {
			if !slices.Contains(have, name) {
				t.Errorf("the README's flags table gives %s --%s, which gitlate %s lacks", cmd, name, cmd)
				continue
			}
			if !strings.Contains(help, "\n  "+cell+"\n") {
				t.Errorf("the README's flags table writes %s's %q, -h another way:\n%s", cmd, cell, help)
			}
		}
		for _, name := range have {
			if _, ok := table[cmd][name]; !ok {
				t.Errorf("gitlate %s --%s is missing from the README's flags table", cmd, name)
			}
		}
		// VisitAll visits in lexical order.
		if got := slices.Sorted(slices.Values(readmeUsage[cmd])); !slices.Equal(got, have) {
			t.Errorf("the README's usage of %s names %v, its flags are %v", cmd, got, have)
		}
		if got := slices.Sorted(slices.Values(helpUsage[cmd])); !slices.Equal(got, have) {
			t.Errorf("gitlate help's usage of %s names %v, its flags are %v", cmd, got, have)
		}
	}
}

// readmeStep is a command of the Quick start ("$ …") and the lines shown after it.
type readmeStep struct {
	line    int // in the README
	command string
	want    []string
}

// quickStartSteps reads the commands of the Quick start's blocks that show a
// prompt, each with the output shown under it.
func quickStartSteps(t *testing.T) []readmeStep {
	t.Helper()
	lines, first := readmeSection(t, "Quick start")
	var steps []readmeStep
	inStep := false
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "    $ "):
			steps = append(steps, readmeStep{line: first + i, command: strings.TrimPrefix(line, "    $ ")})
			inStep = true
		case inStep && strings.HasPrefix(line, "    "):
			s := &steps[len(steps)-1]
			s.want = append(s.want, strings.TrimRight(strings.TrimPrefix(line, "    "), " "))
		default:
			inStep = false
		}
	}
	return steps
}

// matchLines says whether got is what want shows: a line "…" stands for any number
// of lines, and "…" within a line for any text.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchLine(want[0], got[0]) && matchLines(want[1:], got[1:])
}

func matchLine(want, got string) bool {
	parts := strings.Split(want, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// outputLines splits out into lines without trailing blanks, after replacing what
// differs in the test (temporary paths, ports) with what the README shows.
func outputLines(out string, shown *strings.Replacer) []string {
	out = strings.TrimRight(shown.Replace(out), "\n")
	if out == "" {
		return nil
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}

// readmeRepo is where the Quick start's checkout is shown to be.
const readmeRepo = "/home/you/myapp"

// TestReadmeQuickStart runs the Quick start's commands as written — gitlate's in
// this process, on the bundled samples and on testdata/myapp committed to a
// checkout, wlc as a program — and compares what they print with what the README
// shows under each. Only the checkout's path and the port differ, and are replaced
// by the README's before comparing.
func TestReadmeQuickStart(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	steps := quickStartSteps(t)
	var names []string
	for _, s := range steps {
		f := strings.Fields(s.command)
		if len(f) > 3 && f[0] == "go" {
			names = append(names, f[3])
		} else {
			names = append(names, f[0])
		}
	}
	for _, want := range []string{"discover", "check", "serve", "wlc"} {
		if !slices.Contains(names, want) {
			t.Fatalf("the Quick start shows no %s step with its output (steps: %v)", want, names)
		}
	}
	repo := checkoutOf(t, "testdata/myapp")
	work := filepath.Join(filepath.Dir(repo), "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	// The server started last: its address and the address the README shows.
	var srv struct {
		addr, shown string
		log         *testutil.Log
		stop        func()
	}
	defer func() {
		if srv.stop != nil {
			srv.stop()
		}
	}()
	replacer := func() *strings.Replacer {
		return strings.NewReplacer(repo, readmeRepo, srv.addr, srv.shown)
	}
	for _, step := range steps {
		t.Run(step.command, func(t *testing.T) {
			fields := strings.Fields(step.command)
			var redirect string
			if n := len(fields); n > 2 && fields[n-2] == ">" {
				redirect, fields = filepath.Join(work, fields[n-1]), fields[:n-2]
			}
			var args []string
			switch {
			case len(fields) >= 3 && fields[0] == "go" && fields[1] == "run" && fields[2] == "./cmd/gitlate":
				args = fields[3:]
			case fields[0] == "gitlate":
				args = fields[1:]
			case fields[0] == "cat" && len(fields) == 2:
				data, err := os.ReadFile(filepath.Join(work, fields[1]))
				if err != nil {
					t.Fatal(err)
				}
				compareStep(t, step, outputLines(string(data), replacer()))
				return
			case fields[0] == "wlc":
				runWlcStep(t, step, fields[1:], srv.addr, srv.shown, replacer())
				return
			default:
				t.Fatalf("README line %d: a command the test cannot run: %s", step.line, step.command)
			}
			// Relative paths are the working folder's, beside the checkout.
			for i, a := range args {
				if !strings.HasPrefix(a, "-") && (strings.HasPrefix(a, "../") || strings.HasSuffix(a, ".yaml")) {
					args[i] = filepath.Join(work, a)
				}
			}
			cmd := "serve"
			if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
				cmd, args = args[0], args[1:]
			}
			if cmd == "serve" {
				if srv.stop != nil {
					srv.stop()
					srv.stop = nil
				}
				// The README's address is replaced by a free port, and shown
				// back as the README's in the log.
				srv.shown = ":8080"
				var rest []string
				for i := 0; i < len(args); i++ {
					if args[i] == "--listen" && i+1 < len(args) {
						srv.shown = args[i+1]
						i++
						continue
					}
					rest = append(rest, args[i])
				}
				srv.log = new(testutil.Log)
				base, stop, err := startServe(srv.log, t.TempDir(), true, rest...)
				if err != nil {
					t.Fatal(err)
				}
				srv.addr, srv.stop = strings.TrimPrefix(base, "http://"), stop
				// The log's last line shown may follow the readiness it reports.
				// "serving" and "history read" come from two goroutines: on a
				// small repository the walk may end first, so lines are compared
				// in the README's order of their messages.
				var got []string
				for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
					got = byMessage(outputLines(srv.log.String(), replacer()), step.want)
					if matchLines(step.want, got) || time.Now().After(deadline) {
						break
					}
				}
				compareStep(t, step, got)
				return
			}
			if cmd == "scan" || cmd == "check" || cmd == "lint" {
				args = append(args, "--data", t.TempDir())
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), append([]string{cmd}, args...), &stdout, &stderr); code != 0 {
				t.Fatalf("README line %d: %s: exit %d\n%s%s", step.line, step.command, code, stdout.String(), stderr.String())
			}
			out := stdout.String() + stderr.String()
			if redirect != "" {
				if err := os.WriteFile(redirect, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				out = stderr.String()
			}
			compareStep(t, step, outputLines(out, replacer()))
		})
	}
}

// runWlcStep runs Weblate's client with args against the server started last,
// whose address the README shows as shown.
func runWlcStep(t *testing.T, step readmeStep, args []string, addr, shown string, replacer *strings.Replacer) {
	t.Helper()
	outside.Short(t, "wlc")
	wlc, err := exec.LookPath("wlc")
	if err != nil {
		t.Skip("wlc is not installed (Debian package wlc); .ci/run installs it")
	}
	if addr == "" {
		t.Fatalf("README line %d: wlc runs before any server", step.line)
	}
	host := shown
	if strings.HasPrefix(host, ":") {
		host = "localhost" + host
	}
	for i, a := range args {
		args[i] = strings.Replace(a, "//"+host+"/", "//"+addr+"/", 1)
	}
	home := t.TempDir()
	cmd := exec.Command(wlc, args...)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("README line %d: %s: %v\n%s", step.line, step.command, err, out)
	}
	compareStep(t, step, outputLines(string(out), replacer))
}

func compareStep(t *testing.T, step readmeStep, got []string) {
	t.Helper()
	if !matchLines(step.want, got) {
		t.Errorf("README line %d: %s prints\n%s\nthe README shows\n%s", step.line, step.command,
			strings.Join(got, "\n"), strings.Join(step.want, "\n"))
	}
}

// TestReadmeMatchLines: the comparison of TestReadmeQuickStart can fail.
func TestReadmeMatchLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want, got []string
		ok        bool
	}{
		{[]string{"a", "…", "d"}, []string{"a", "b", "c", "d"}, true},
		{[]string{"a", "…", "d"}, []string{"a", "d"}, true},
		{[]string{"a", "…"}, []string{"a"}, true},
		{[]string{"time=… n=2 took=…"}, []string{"time=2026 n=2 took=3ms"}, true},
		{[]string{"time=… n=2 took=…"}, []string{"time=2026 n=21 took=3ms"}, false},
		{[]string{"a", "d"}, []string{"a", "b", "d"}, false},
		{[]string{"a"}, []string{"a", "b"}, false},
		{[]string{"x.y"}, []string{"xzy"}, false},
		{nil, nil, true},
		{nil, []string{"a"}, false},
	}
	for _, tt := range tests {
		if got := matchLines(tt.want, tt.got); got != tt.ok {
			t.Errorf("matchLines(%q, %q) = %v", tt.want, tt.got, got)
		}
	}
}

// TestReadmeWrites: what the README says of writes is what the API does — 401
// without a valid token (no token, an unknown one), then 403 for a method the
// route's Allow lists and 405 for one it does not; POST …/repository/ pulls with
// a valid token and answers {"result": false} to the other operations.
func TestReadmeWrites(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	const token = "readme-test-token-0123456789"
	repo := checkoutOf(t, "testdata/myapp")
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, `tokens: [`+token+`]
projects:
  - name: myapp
    slug: myapp
    components:
      - name: myapp
        slug: myapp
        repo: `+repo+`
        filemask: po/*.po
        new_base: po/myapp.pot
        file_format: po
        source_language: en
`)
	base := serve(t, false, "--config", cfg)
	tests := []struct {
		method, path, token, body string
		status                    int
		want                      string // in the body
	}{
		{"PUT", "/api/projects/myapp/", "", "", 401, `"Authentication credentials were not provided."`},
		{"PUT", "/api/projects/myapp/", "wrong-token-0123456789", "", 401, `"Invalid token."`},
		{"PUT", "/api/projects/myapp/", token, "", 403, "read-only"},
		{"DELETE", "/api/translations/myapp/myapp/de/", "", "", 401, `"Authentication credentials were not provided."`},
		{"DELETE", "/api/translations/myapp/myapp/de/", token, "", 403, "read-only"},
		{"POST", "/api/projects/", token, "", 403, "read-only"},
		{"PATCH", "/api/projects/", "", "", 401, `"Authentication credentials were not provided."`},
		{"PATCH", "/api/projects/", token, "", 405, `"Method \"PATCH\" not allowed."`},
		{"POST", "/api/projects/myapp/repository/", "", `{"operation":"pull"}`, 401, `"Authentication credentials were not provided."`},
		{"POST", "/api/projects/myapp/repository/", "wrong-token-0123456789", `{"operation":"pull"}`, 401, `"Invalid token."`},
		{"POST", "/api/projects/myapp/repository/", token, `{"operation":"commit"}`, 200, `{"result":false,`},
		{"POST", "/api/projects/myapp/repository/", token, `{"operation":"pull"}`, 200, `{"result":true}`},
	}
	for _, tt := range tests {
		req, err := http.NewRequest(tt.method, base+tt.path, strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if tt.token != "" {
			req.Header.Set("Authorization", "Token "+tt.token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.Contains(string(body), tt.want) || !json.Valid(body) {
			t.Errorf("%s %s (token %q): %d %s; want %d with %s", tt.method, tt.path, tt.token, resp.StatusCode, body, tt.status, tt.want)
		}
		if resp.StatusCode == 401 && resp.Header.Get("WWW-Authenticate") != "Token" {
			t.Errorf("%s %s: 401 without WWW-Authenticate: Token", tt.method, tt.path)
		}
	}
	// Every paragraph of the README that gives writes a 403 says that a write
	// without a valid token answers 401 first.
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, p := range strings.Split(string(data), "\n\n") {
		for _, item := range strings.Split(p, "\n- ") {
			if !strings.Contains(item, "403") || !strings.Contains(item, "write") {
				continue
			}
			found++
			if !strings.Contains(item, "401") || !strings.Contains(item, "without a valid") {
				t.Errorf("the README gives writes 403 without saying 401 without a valid token first:\n%s", item)
			}
		}
	}
	if found < 3 {
		t.Errorf("the README says what writes answer in %d places, want at least 3 (what is read, Endpoints, Security)", found)
	}
}

// byMessage orders log lines as the lines of want with the same msg= come.
func byMessage(got, want []string) []string {
	msg := func(l string) string {
		if i := strings.Index(l, " msg="); i >= 0 {
			rest := l[i+5:]
			if j := strings.Index(rest, " "); j >= 0 && !strings.HasPrefix(rest, `"`) {
				return rest[:j]
			}
			if strings.HasPrefix(rest, `"`) {
				if j := strings.Index(rest[1:], `"`); j >= 0 {
					return rest[:j+2]
				}
			}
			return rest
		}
		return l
	}
	rank := map[string]int{}
	for i, w := range want {
		if _, ok := rank[msg(w)]; !ok {
			rank[msg(w)] = i
		}
	}
	out := slices.Clone(got)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, oka := rank[msg(a)]
		rb, okb := rank[msg(b)]
		if !oka || !okb {
			return 0
		}
		return ra - rb
	})
	return out
}
