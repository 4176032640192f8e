package api

import (
	"archive/zip"
	"bytes"
	"io"
	"sort"
	"strings"
	"testing"
)

func unzip(t *testing.T, body string) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader([]byte(body)), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = string(data)
	}
	return files
}

// TestComponentConversion: a component's file/ with format=zip:X, or X as wlc
// sends it, is a zip of its translations exported to X under the exporter's names,
// the one of each translation a translation's file/ sends; a translation X does
// not fit is a "<name>.skipped" file that says why.
func TestComponentConversion(t *testing.T) {
	h := sampleServer(t)
	for _, format := range []string{"po", "zip:po"} {
		got := do(t, h, "GET", "/api/components/tinynotes/app/file/?format="+format)
		if got.status != 200 || got.header.Get("Content-Type") != "application/zip" || got.header.Get("Content-Disposition") != `attachment; filename="tinynotes-app.zip"` {
			t.Fatalf("%s: %d %v", format, got.status, got.header)
		}
		files := unzip(t, got.body)
		var names []string
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		if want := "tinynotes-app-ar.po tinynotes-app-cs.po tinynotes-app-de.po tinynotes-app-en.po tinynotes-app-fr.po tinynotes-app-he.po tinynotes-app-pt_BR.po tinynotes-app-zh_Hans.po"; strings.Join(names, " ") != want {
			t.Errorf("%s: %s", format, strings.Join(names, " "))
		}
		if one := do(t, h, "GET", "/api/translations/tinynotes/app/cs/file/?format=po"); files["tinynotes-app-cs.po"] != one.body {
			t.Errorf("%s: the zip's Czech file is not the translation's", format)
		}
	}
	got := do(t, h, "GET", "/api/components/tinynotes/glossary/file/?format=zip:json")
	files := unzip(t, got.body)
	if len(files) != 5 || files["tinynotes-glossary-cs.json.skipped"] != "File format is not compatible with this translation" {
		t.Errorf("glossary as JSON (bilingual): %v", files)
	}
	// The files as they are: format=zip, api, or none.
	for _, f := range []string{"", "?format=zip", "?format=api"} {
		files := unzip(t, do(t, h, "GET", "/api/components/tinynotes/app/file/"+f).body)
		if _, ok := files["tinynotes/app/app/src/main/res/values-cs/strings.xml"]; !ok {
			t.Errorf("%q: %d files, no Czech strings.xml", f, len(files))
		}
	}
}
