package api

import (
	"archive/zip"
	"bytes"
	"cmp"
	"net/http"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Downloads: translation files, a component's files as a zip, the template and the
// new-language base. Files are read from the tree the scan saw.

func init() {
	routes = append(routes,
		route{path: "/api/components/:project/:component/file/", allow: allowRead, name: "File", desc: descComponents, get: getComponentFile, anyFormat: true},
	)
}

func getMonolingualBase(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	const missing = "No template found!"
	if c.Config.Template == "" || c.Format == nil {
		return notFound(missing)
	}
	var blob repos.Hash
	if len(c.Translations) > 0 && c.Translations[0].IsTemplate {
		blob = c.Translations[0].Blob
	}
	data, ok := r.v.readFile(c, c.Config.Template, blob)
	if !ok {
		return notFound(missing)
	}
	return r.sendBytes(data, c.Format.MimeType, quotedName(path.Base(c.Config.Template)))
}

func getNewTemplate(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	const missing = "No file found!"
	if c.Config.NewBase == "" {
		return notFound(missing)
	}
	data, ok := r.v.readFile(c, c.Config.NewBase, repos.Hash{})
	if !ok {
		return notFound(missing)
	}
	// Weblate sends the new base as opaque bytes, whatever its format.
	return r.sendBytes(data, "application/binary", quotedName(path.Base(c.Config.NewBase)))
}

// getTranslationFile sends the translation's file as Weblate does:
// {project}-{component}-{code}{ext}. ?format= names a conversion (convert.go);
// the component's own format is the file itself, and so is "api", which every URL
// the API writes carries when asked with ?format=api.
func getTranslationFile(r *request) error {
	t, err := r.translation()
	if err != nil {
		return err
	}
	c := t.Component
	if c.Format == nil {
		return errNotFound
	}
	switch f, _ := r.query("format"); f {
	case "", "api", c.Format.ID:
		if q, _ := r.query("q"); strings.TrimSpace(q) != "" {
			return fieldError("q", "Query string is ignored without format")
		}
	default:
		return r.sendConverted(t, f)
	}
	name := c.Project.Config.Slug + "-" + c.Config.Slug + "-" + t.Language.Code
	if t.Filename == "" {
		// A bilingual source translation has no file; its strings are the sources of
		// the other files, so gitlate writes them out.
		data, err := r.v.generated(t)
		if err != nil {
			return err
		}
		return r.sendBytes(data, c.Format.MimeType, name+"."+c.Format.Extension)
	}
	data, ok := r.v.readFile(c, t.Filename, t.Blob)
	if !ok {
		return errNotFound
	}
	ext := path.Ext(t.Filename)
	if ext == "" {
		ext = "." + c.Format.Extension
	}
	return r.sendBytes(data, c.Format.MimeType, name+ext)
}

// getComponentFile sends every file of the component — translations, template, new
// base, intermediate — as a zip, named as Weblate names them: {project}/{component}/{path};
// or, with ?format=zip:X (or X), its translations converted (convert.go).
func getComponentFile(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	name := quotedName(c.Project.Config.Slug + "-" + c.Config.Slug + ".zip")
	f, _ := r.query("format")
	if conv := zipConversion(f); conv != "" {
		data, err := r.convertedZip(c, conv)
		if err != nil {
			return err
		}
		return r.sendBytes(data, "application/zip", name)
	}
	data, err := r.v.zips.get(c, func() ([]byte, error) { return r.v.componentZip(c) })
	if err != nil {
		return err
	}
	return r.sendBytes(data, "application/zip", name)
}

// componentZip writes the archive of a component's files. It is the same bytes for
// the same snapshot (sorted names, the head commit's time), so it is made once per
// snapshot: compressing every file of a component is not a request's work.
func (v *views) componentZip(c *snapshot.Component) ([]byte, error) {
	names := map[string]repos.Hash{}
	for _, p := range []string{c.Config.Template, c.Config.NewBase, c.Config.Intermediate} {
		if p != "" {
			names[p] = repos.Hash{}
		}
	}
	for _, t := range c.Translations {
		if t.Filename != "" {
			names[t.Filename] = t.Blob
		}
	}
	paths := make([]string, 0, len(names))
	for p := range names {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	// The head commit's time makes the archive the same bytes on every request.
	modified := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	if h := c.Repo.Head; h != nil {
		modified = h.Committer.When.UTC()
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range paths {
		data, ok := v.readFile(c, p, names[p])
		if !ok {
			continue // a template that vanished: the scan raised an alert
		}
		w, err := zw.CreateHeader(&zip.FileHeader{
			Name:     c.Project.Config.Slug + "/" + c.Config.Slug + "/" + p,
			Method:   zip.Deflate,
			Modified: modified,
		})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	// Kept as long as the snapshot: in memory of its exact size.
	return append([]byte(nil), buf.Bytes()...), nil
}

// readFile reads a file of the component as the scan saw it (blob: its id, or zero
// for the file as it is now); ok is false when there is none.
func (v *views) readFile(c *snapshot.Component, p string, blob repos.Hash) ([]byte, bool) {
	if v.reader == nil {
		return nil, false
	}
	data, err := v.reader.ReadFile(c, p, blob)
	return data, err == nil
}

// quotedName quotes a file name for Content-Disposition, as Weblate quotes the names
// it takes from paths; quotes, backslashes and control characters cannot break out.
func quotedName(name string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range name {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// sendBytes sends a download; its ETag follows its bytes.
func (r *request) sendBytes(data []byte, contentType, filename string) error {
	r.c.Writer.Header()["Content-Disposition"] = []string{"attachment; filename=" + filename}
	r.addSum(checkSum(data))
	r.send(http.StatusOK, data, []string{contentType})
	return nil
}

// lazy holds files made for a snapshot on first request, once per key: files that
// are the same bytes for as long as the snapshot is served. Requests for other keys
// do not wait for one being made. A failure is not kept: the next request tries
// again (a file being edited in a checkout reads again a moment later).
type lazy[K comparable] struct {
	m sync.Map // K → *lazyEntry
}

type lazyEntry struct {
	mu   sync.Mutex
	done bool
	data []byte
}

func (l *lazy[K]) get(k K, make func() ([]byte, error)) ([]byte, error) {
	e, ok := l.m.Load(k)
	if !ok {
		e, _ = l.m.LoadOrStore(k, &lazyEntry{})
	}
	le := e.(*lazyEntry)
	le.mu.Lock()
	defer le.mu.Unlock()
	if !le.done {
		data, err := make()
		if err != nil {
			return nil, err
		}
		le.data, le.done = data, true
	}
	return le.data, nil
}

// errNoFile is generated's answer for a translation it cannot write.
var errNoFile = notFound("This translation has no file: its strings are the source strings of the other translations.")

// generated returns the file of a bilingual source translation: a TBX of its units
// as /units/ lists them (the source translation's units are what the scanner
// counts for it, one per distinct source string of the other files), in id order,
// each with its source as target.
func (v *views) generated(t *snapshot.Translation) ([]byte, error) {
	c := t.Component
	if c.Format == nil || !c.Format.Writable || v.reader == nil {
		return nil, errNoFile
	}
	w := c.Format.Format().(formats.Writer)
	return v.gen.get(t, func() ([]byte, error) {
		units, err := v.reader.Units(t)
		if err != nil {
			return nil, notFound("The strings of this translation cannot be read now: " + err.Error())
		}
		units = slices.Clone(units) // the reader's slice may be shared
		slices.SortStableFunc(units, func(a, b snapshot.Unit) int { return cmp.Compare(a.ID, b.ID) })
		terms := make([]formats.Unit, len(units))
		for i := range units {
			u := &units[i]
			terms[i] = formats.Unit{Key: u.Context, Source: u.Source, Target: u.Source}
		}
		return w.Write(t.Language.Code, t.Language.Code, terms), nil
	})
}
