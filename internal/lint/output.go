package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gitlate/gitlate/internal/rules"
)

// Formats are the output formats Write knows.
var Formats = []string{"text", "json", "sarif", "github"}

// Write prints findings in format: text (one line per finding, then a summary),
// json (an array), sarif (SARIF 2.1.0, which GitHub code scanning and GitLab
// read) or github (workflow commands that annotate a pull request's files).
func Write(w io.Writer, format string, findings []Finding, version string) error {
	switch format {
	case "text":
		return writeText(w, findings)
	case "json":
		return writeJSON(w, findings)
	case "sarif":
		return writeSARIF(w, findings, version)
	case "github":
		return writeGitHub(w, findings)
	}
	return fmt.Errorf("unknown format %q (one of %s)", format, strings.Join(Formats, ", "))
}

// location is "file:line" (or the file alone when the line is unknown).
func (f *Finding) location() string {
	if f.Line > 0 {
		return f.File + ":" + strconv.Itoa(f.Line)
	}
	return f.File
}

// subject names the string: its key, else its source.
func (f *Finding) subject() string {
	if f.Key != "" {
		return strconv.Quote(f.Key)
	}
	src := ""
	if len(f.Source) > 0 {
		src = f.Source[0]
	}
	if r := []rune(src); len(r) > 60 {
		src = string(r[:60]) + "…"
	}
	return strconv.Quote(src)
}

// message is a finding in one sentence.
func (f *Finding) message() string {
	return fmt.Sprintf("%s: %s (%s, string %s)", f.Check.Name, f.Check.Description, f.Language, f.subject())
}

func writeText(w io.Writer, findings []Finding) error {
	enforced := 0
	for i := range findings {
		f := &findings[i]
		mark := ""
		if f.Enforced {
			mark = " [enforced]"
			enforced++
		}
		if _, err := fmt.Fprintf(w, "%s: %s%s: %s\n", f.location(), f.Check.ID, mark, f.message()); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d failing check(s), %d of enforced checks\n", len(findings), enforced)
	return err
}

type jsonFinding struct {
	Project     string   `json:"project"`
	Component   string   `json:"component"`
	Language    string   `json:"language"`
	File        string   `json:"file"`
	Line        int      `json:"line"`
	Key         string   `json:"key"`
	Source      []string `json:"source"`
	Target      []string `json:"target"`
	Check       string   `json:"check"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Enforced    bool     `json:"enforced"`
}

func writeJSON(w io.Writer, findings []Finding) error {
	out := make([]jsonFinding, len(findings))
	for i := range findings {
		f := &findings[i]
		out[i] = jsonFinding{f.Project, f.Component, f.Language, f.File, f.Line, f.Key, f.Source, f.Target,
			f.Check.ID, f.Check.Name, f.Check.Description, f.Enforced}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}

// SARIF 2.1.0 (OASIS): the parts a code-scanning service reads.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		HelpURI          string       `json:"helpUri"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// checksDocs is where Weblate documents each check (an anchor per check id).
const checksDocs = "https://docs.weblate.org/en/weblate-4.18/user/checks.html"

func writeSARIF(w io.Writer, findings []Finding, version string) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "gitlate", InformationURI: "https://github.com/gitlate/gitlate",
			Version: version, Rules: []sarifRule{}}},
		Results: []sarifResult{},
	}
	index := map[string]int{}
	for i := range findings {
		f := &findings[i]
		ri, ok := index[f.Check.ID]
		if !ok {
			ri = len(run.Tool.Driver.Rules)
			index[f.Check.ID] = ri
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
				ID: f.Check.ID, Name: ruleName(f.Check), ShortDescription: sarifMessage{f.Check.Name},
				FullDescription: sarifMessage{f.Check.Description},
				HelpURI:         checksDocs + "#check-" + strings.ReplaceAll(f.Check.ID, "_", "-"),
			})
		}
		level := "warning"
		if f.Enforced {
			level = "error"
		}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uriPath(f.File)}}}
		if f.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line}
		}
		run.Results = append(run.Results, sarifResult{RuleID: f.Check.ID, RuleIndex: ri, Level: level,
			Message: sarifMessage{f.message()}, Locations: []sarifLocation{loc}})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// ruleName is a check's name in SARIF's PascalCase convention: "Mismatched full
// stop" becomes MismatchedFullStop.
func ruleName(c *rules.Check) string {
	var b strings.Builder
	for _, word := range strings.FieldsFunc(c.Name, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) {
		b.WriteString(strings.ToUpper(word[:1]) + word[1:])
	}
	return b.String()
}

// uriPath writes a repository-relative path as a relative URI reference (RFC
// 3986): each segment percent-encoded where it must be.
func uriPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// writeGitHub prints GitHub Actions workflow commands: ::error for an enforced
// check, ::warning otherwise, each annotating the file and line.
func writeGitHub(w io.Writer, findings []Finding) error {
	for i := range findings {
		f := &findings[i]
		level := "warning"
		if f.Enforced {
			level = "error"
		}
		props := "file=" + ghProperty(f.File)
		if f.Line > 0 {
			props += ",line=" + strconv.Itoa(f.Line)
		}
		props += ",title=" + ghProperty(f.Check.Name)
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, props, ghData(f.message())); err != nil {
			return err
		}
	}
	return nil
}

// ghData escapes a workflow command's message as the Actions toolkit does
// (@actions/core's escapeData).
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value (escapeProperty).
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
