package api

import (
	"archive/zip"
	"bytes"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/export"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Downloads converted by Weblate's exporters (the export package): ?format= on a
// translation's file/ and on a component's file/.
//
// Weblate's TranslationViewSet.file (weblate/api/views.py) hands the format and
// ?q= to download_translation_file (weblate/utils/views.py), which exports the
// units the query selects, by position; the view turns what that function refuses
// into DRF validation errors: 400 {"format": "Conversion to X is not supported"}
// or {"format": "File format is not compatible with this translation"}, and
// {"q": …} for a query without a format or one that does not parse.
//
// A component's file/ converts with format=zip:X, as Weblate 5's download_multi
// does (weblate/trans/views/files.py): a zip of each translation exported to X,
// named as the exporter names it, and for a translation X does not fit a
// "<name>.skipped" file saying so. Weblate 4.18 answers only zip there, and
// Weblate 5 ignores a bare X, sending the files unconverted; gitlate converts a
// bare X too, since that is what `wlc download --convert X` of a component asks for.

// fieldError is DRF's ValidationError({field: message}): 400 {"field": "message"}.
func fieldError(field, message string) error {
	return &apiError{status: http.StatusBadRequest, detail: message, body: render(func(e *enc) {
		e.obj()
		e.key(field)
		e.str(message)
		e.end()
	})}
}

// exportTime is when an exported file is made, as its header says (the PO
// header's POT-Creation-Date): the time of the snapshot it is read from, so the
// same snapshot converts to the same bytes.
func (v *views) exportTime(c *snapshot.Component) time.Time {
	switch {
	case !v.snap.Built.IsZero():
		return v.snap.Built.UTC()
	case c.Repo.Head != nil:
		return c.Repo.Head.Committer.When.UTC()
	}
	return time.Now().UTC()
}

// exportTranslation describes t and its units for the exporters.
func (r *request) exportTranslation(t *snapshot.Translation, units []*snapshot.Unit) *export.Translation {
	c := t.Component
	et := &export.Translation{
		ProjectName:   c.Project.Config.Name,
		ProjectSlug:   c.Project.Config.Slug,
		ComponentSlug: c.Config.Slug,
		FileFormat:    c.Config.FileFormat,
		Monolingual:   c.Config.Template != "",
		Language: export.Language{Code: t.Language.Code, Name: t.Language.Name,
			Plurals: t.Language.Plural.Number, Formula: t.Language.Plural.Formula},
		// get_site_url of the translation's page, as the PO header names it.
		URL:   r.p.base + t.WebPath(),
		Time:  r.v.exportTime(c),
		Units: make([]export.Unit, 0, len(units)),
	}
	if sl := c.SourceLanguage; sl != nil {
		et.SourceLanguage = export.Language{Code: sl.Code, Name: sl.Name, Plurals: sl.Plural.Number, Formula: sl.Plural.Formula}
	}
	for _, u := range units {
		eu := export.Unit{Source: u.Source, Target: u.Target, Context: u.Context, Note: u.Note,
			Explanation: u.Explanation, Location: u.Location, State: int(u.State), IDHash: u.IDHash}
		for _, f := range strings.Split(u.Flags, ",") {
			if f = strings.TrimSpace(f); f != "" {
				eu.Flags = append(eu.Flags, f)
			}
		}
		et.Units = append(et.Units, eu)
	}
	return et
}

// formatError turns the exporters' refusal into Weblate's answer.
func formatError(err error) error {
	var fe *export.FormatError
	if errors.As(err, &fe) {
		return fieldError("format", fe.Error())
	}
	return err
}

// sendConverted sends t exported to format, with the units ?q= selects.
func (r *request) sendConverted(t *snapshot.Translation, format string) error {
	var uq *unitQuery
	if text, ok := r.query("q"); ok && strings.TrimSpace(text) != "" {
		var err error
		if uq, err = r.unitQuery(); err != nil {
			var ae *apiError
			if errors.As(err, &ae) && ae.status == http.StatusBadRequest {
				// The file view words it as a field error.
				return fieldError("q", "Could not parse query string: "+strings.TrimPrefix(ae.detail, "Could not parse query string: "))
			}
			return err
		}
	}
	if !slices.Contains(export.Formats(), format) {
		return fieldError("format", (&export.FormatError{Format: format}).Error())
	}
	units, err := r.units(t)
	if err != nil {
		return err
	}
	picked := make([]*snapshot.Unit, 0, len(units))
	if uq == nil {
		for i := range units {
			picked = append(picked, &units[i])
		}
	} else {
		picked = r.v.filter(uq, t, units)
	}
	f, err := export.Export(format, r.exportTranslation(t, picked))
	if err != nil {
		return formatError(err)
	}
	return r.sendBytes(f.Data, f.ContentType, f.Name)
}

// zipConversion reads a component file/'s format: "" for the files as they are,
// else the exporter to convert with (zip:X or X).
func zipConversion(format string) string {
	switch format {
	case "", "zip", "api":
		return ""
	}
	return strings.TrimPrefix(format, "zip:")
}

// convertedZip writes every translation of c exported to format into a zip, as
// Weblate 5's download_multi does: each under the exporter's file name at the
// root, "<name>.skipped" with the reason for one the format does not fit or whose
// strings cannot be read now.
func (r *request) convertedZip(c *snapshot.Component, format string) ([]byte, error) {
	if !slices.Contains(export.Formats(), format) {
		return nil, fieldError("format", (&export.FormatError{Format: format}).Error())
	}
	modified := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	if h := c.Repo.Head; h != nil {
		modified = h.Committer.When.UTC()
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, data []byte) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modified})
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	for _, t := range c.Translations {
		units, err := r.v.readUnits(t)
		picked := make([]*snapshot.Unit, 0, len(units))
		for i := range units {
			picked = append(picked, &units[i])
		}
		et := r.exportTranslation(t, picked)
		var f *export.File
		reason := ""
		if err != nil {
			reason = "The strings of this translation cannot be read now: " + err.Error()
		} else if f, err = export.Export(format, et); err != nil {
			reason = err.Error()
		}
		if reason != "" {
			// The exporter names the file whether or not it writes it: the name of
			// an empty translation every exporter takes.
			et.FileFormat, et.Monolingual, et.Units = "po", true, nil
			named, nerr := export.Export(format, et)
			if nerr != nil {
				return nil, nerr
			}
			if err := add(named.Name+".skipped", []byte(reason)); err != nil {
				return nil, err
			}
			continue
		}
		if err := add(f.Name, f.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
