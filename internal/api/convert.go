package api

import (
	"archive/zip"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cespare/xxhash/v2"

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
		e.Obj()
		e.Key(field)
		e.Str(message)
		e.End()
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

// SharedReader is a Reader that lends a translation's units as it keeps them,
// without the copy Units makes: the conversions only read them, so a large
// translation converted for several clients at once is held once.
type SharedReader interface {
	UnitsShared(t *snapshot.Translation) ([]snapshot.Unit, error)
}

// sharedUnits reads t's units for reading only.
func (v *views) sharedUnits(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if v.reader == nil {
		return nil, nil
	}
	if sr, ok := v.reader.(SharedReader); ok {
		return sr.UnitsShared(t)
	}
	return v.reader.Units(t)
}

// exportUnits gives the exporters the units of a translation one at a time,
// made from the reader's as they are read: all of them, or those ?q= picked.
type exportUnits struct {
	all    []snapshot.Unit
	picked []*snapshot.Unit
	filter bool // picked, not all
}

func (l *exportUnits) Len() int {
	if l.filter {
		return len(l.picked)
	}
	return len(l.all)
}

func (l *exportUnits) At(i int) export.Unit {
	var su *snapshot.Unit
	if l.filter {
		su = l.picked[i]
	} else {
		su = &l.all[i]
	}
	eu := export.Unit{Source: su.Source, Target: su.Target, Context: su.Context, Note: su.Note,
		Explanation: su.Explanation, Location: su.Location, State: int(su.State), IDHash: su.IDHash}
	for f := range strings.SplitSeq(su.Flags, ",") {
		if f = strings.TrimSpace(f); f != "" {
			eu.Flags = append(eu.Flags, f)
		}
	}
	return eu
}

// exportTranslation describes t for the exporters, its units given by units.
func (r *request) exportTranslation(t *snapshot.Translation, units export.UnitList) *export.Translation {
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
		URL:  r.p.base + t.WebPath(),
		Time: r.v.exportTime(c),
		List: units,
	}
	if sl := c.SourceLanguage; sl != nil {
		et.SourceLanguage = export.Language{Code: sl.Code, Name: sl.Name, Plurals: sl.Plural.Number, Formula: sl.Plural.Formula}
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

// sendConverted sends t exported to format, with the units ?q= selects, written
// as it is made (sendStream). Its validator is the conversion's sum, so a client
// holding the file gets 304 without it being written again. A large translation's
// conversion takes one of the server's export slots (exportSlot).
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
	list := &exportUnits{}
	conv, err := export.Convert(format, r.exportTranslation(t, list))
	if err != nil {
		// Whether the format fits is known without reading a unit: a translation
		// too large to convert now still hears that it never will be.
		return formatError(err)
	}
	release, err := r.exportSlot(t.Stats.Total)
	if err != nil {
		return err
	}
	defer release()
	all, err := r.v.sharedUnits(t)
	if err != nil {
		// A file that no longer reads (a checkout being edited) is not our bug.
		return notFound("The units of this translation cannot be read now: " + err.Error())
	}
	list.all = all
	if uq != nil {
		picked, err := r.v.filter(uq, t, all)
		if err != nil {
			return err
		}
		list.picked, list.filter = picked, true
	}
	r.addSum(conv.Sum())
	return r.sendStream([]string{conv.ContentType}, conv.Name, func(w io.Writer) error {
		return conv.Write(r.c.Request.Context(), w)
	})
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

// zipEntry is one file of a component's converted zip: a conversion, or the
// reason there is none.
type zipEntry struct {
	name   string
	conv   *export.Conversion
	reason string
}

// convertedEntries prepares a component's translations converted to format, one
// at a time: fn gets each entry with the translation's units read (they are
// shared: fn must not keep them past its return).
func (r *request) convertedEntries(c *snapshot.Component, format string, fn func(zipEntry) error) error {
	for _, t := range c.Translations {
		list := &exportUnits{}
		et := r.exportTranslation(t, list)
		units, err := r.v.sharedUnits(t)
		e := zipEntry{}
		if err != nil {
			e.reason = "The strings of this translation cannot be read now: " + err.Error()
		} else if e.conv, err = export.Convert(format, et); err != nil {
			e.reason = err.Error()
		}
		if e.reason != "" {
			// The exporter names the file whether or not it writes it: the name of
			// an empty translation every exporter takes.
			et.FileFormat, et.Monolingual, et.List = "po", true, nil
			named, nerr := export.Convert(format, et)
			if nerr != nil {
				return nerr
			}
			e.name = named.Name + ".skipped"
		} else {
			list.all = units
			e.name = e.conv.Name
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// sendConvertedZip sends every translation of c exported to format in a zip, as
// Weblate 5's download_multi does: each under the exporter's file name at the
// root, "<name>.skipped" with the reason for one the format does not fit or whose
// strings cannot be read now. The zip is written as it is made, one translation
// at a time; its validator is the sum of its entries, read in a first pass.
func (r *request) sendConvertedZip(c *snapshot.Component, format, filename string) error {
	if !slices.Contains(export.Formats(), format) {
		return fieldError("format", (&export.FormatError{Format: format}).Error())
	}
	total := 0
	for _, t := range c.Translations {
		total += t.Stats.Total
	}
	release, err := r.exportSlot(total)
	if err != nil {
		return err
	}
	defer release()
	if err := r.convertedEntries(c, format, func(e zipEntry) error {
		r.addSum(xxhash.Sum64String(e.name))
		if e.conv != nil {
			r.addSum(e.conv.Sum())
		} else {
			r.addSum(xxhash.Sum64String(e.reason))
		}
		return nil
	}); err != nil {
		return err
	}
	modified := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	if h := c.Repo.Head; h != nil {
		modified = h.Committer.When.UTC()
	}
	ctx := r.c.Request.Context()
	return r.sendStream(zipType, filename, func(w io.Writer) error {
		zw := zip.NewWriter(w)
		if err := r.convertedEntries(c, format, func(e zipEntry) error {
			fw, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: modified})
			if err != nil {
				return err
			}
			if e.conv == nil {
				_, err = io.WriteString(fw, e.reason)
				return err
			}
			return e.conv.Write(ctx, fw)
		}); err != nil {
			return err
		}
		return zw.Close()
	})
}
