package api

import (
	"archive/zip"
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"path"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/conditional"
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
	units := 0
	if len(c.Translations) > 0 && c.Translations[0].IsTemplate {
		blob, units = c.Translations[0].Blob, c.Translations[0].Stats.Total
	}
	release, err := r.exportSlot(units)
	if err != nil {
		return err
	}
	defer release()
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
		data, err := r.v.generated(r, t)
		if err != nil {
			return err
		}
		return r.sendBytes(data, c.Format.MimeType, name+"."+c.Format.Extension)
	}
	// The file is read whole (a blob of the repository) and held while it is sent:
	// a large one takes an export slot, so that clients asking for it at once do
	// not hold a copy each.
	release, err := r.exportSlot(t.Stats.Total)
	if err != nil {
		return err
	}
	defer release()
	data, ok := r.v.readFile(c, t.Filename, t.Blob)
	if !ok {
		return errNotFound
	}
	ext := path.Ext(t.Filename)
	if ext == "" {
		ext = "." + c.Format.Extension
	}
	return r.sendBytes(data, c.Format.MimeType, bareName(name+ext))
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
		return r.sendConvertedZip(c, conv, name)
	}
	data, err := r.v.zips.get(c, func() ([]byte, error) {
		// Made once a snapshot; a large component's making takes an export slot.
		total := 0
		for _, t := range c.Translations {
			total += t.Stats.Total
		}
		release, err := r.exportSlot(total)
		if err != nil {
			return nil, err
		}
		defer release()
		return r.v.componentZip(c)
	})
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

// bareName is name as Weblate sends a translation's file name, unquoted, when it
// is letters, digits and - _ . @ + only (slugs and language codes are); the
// extension comes from the file's path in the repository, so anything else in
// it is quoted rather than read as more of the header's parameters.
func bareName(name string) string {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-_.@+", c) >= 0:
		default:
			return quotedName(name)
		}
	}
	return name
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

// sendBytes sends a download; its ETag follows its bytes. A large one that the
// client takes compressed is compressed as it is sent, not into a second copy
// (too large to be kept compressed anyway, see gzipCacheBytes).
func (r *request) sendBytes(data []byte, contentType, filename string) error {
	r.c.Writer.Header()["Content-Disposition"] = []string{"attachment; filename=" + filename}
	r.addSum(checkSum(data))
	ct := []string{contentType}
	if len(data) > max(streamAbove, gzipCacheBytes/4) && contentType != notCompressibleType && acceptsGzip(r.c.Request.Header["Accept-Encoding"]) {
		return r.sendStream(ct, filename, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
	}
	r.send(http.StatusOK, data, ct)
	return nil
}

var zipType = []string{notCompressibleType}

// Downloads made as they are sent (conversions) are bounded in size only by the
// translation, so they are written to the client as they are made, through a
// buffer: a server converting a file of hundreds of megabytes holds a buffer's
// worth of it, not the file (a few such requests took gigabytes). A download that
// ends within streamAbove bytes is sent as any answer is, whole, with its length,
// compressed for a client that asks and kept compressed (conditional.go).
// Beyond that it is sent chunked, compressed on the way for a client that asks,
// without a Content-Length; its ETag, named before the body, comes from what the
// body is made of (the caller's sums), not from the bytes.
const streamAbove = 1 << 20

// sendStream sends the download write makes, as sendBytes would, but for its ETag
// (the sums the caller added) and its body, streamed past streamAbove. An error
// before anything is sent is the answer, as a handler's error is; once the
// answer has started, a failure can no longer change its status, so the
// connection is closed without the body's end (abort): the client sees a broken
// transfer, never a shorter file that looks whole.
func (r *request) sendStream(contentType []string, filename string, write func(io.Writer) error) error {
	r.c.Writer.Header()["Content-Disposition"] = []string{"attachment; filename=" + filename}
	if r.notModified() {
		return nil
	}
	d := &download{r: r, contentType: contentType}
	err := write(d)
	switch {
	case !d.started && err == nil:
		r.send(http.StatusOK, d.buf, contentType)
		return nil
	case !d.started:
		return err
	case errors.Is(err, errHeadSent):
		return nil
	}
	if err == nil {
		err = d.finish()
	}
	if err != nil {
		r.abort(err, d.err != nil, d.sent)
	}
	return nil
}

// errHeadSent stops the writing of a download whose headers answer a HEAD.
var errHeadSent = errors.New("the headers of a HEAD request are sent")

// download is sendStream's writer: it holds the first streamAbove bytes, then
// sends the headers and everything after as it comes.
type download struct {
	r           *request
	contentType []string
	buf         []byte
	started     bool
	out         io.Writer    // the response, or gz over it
	gz          *gzip.Writer // nil: not compressed
	sent        int64        // bytes written to the response (compressed)
	err         error        // the response's first write error
}

func (d *download) Write(p []byte) (int, error) {
	if !d.started {
		if len(d.buf)+len(p) <= streamAbove {
			d.buf = append(d.buf, p...)
			return len(p), nil
		}
		if err := d.start(); err != nil {
			return 0, err
		}
	}
	if d.err != nil {
		return 0, d.err
	}
	n, err := d.out.Write(p)
	if err == nil && d.err != nil {
		err = d.err
	}
	return n, err
}

// start sends the headers, with the answer's validators, and what was held.
func (d *download) start() error {
	r := d.r
	d.started = true
	tag, lm := r.tag(), r.lastModified()
	r.validators(tag, lm)
	h := r.c.Writer.Header()
	h["Content-Type"] = d.contentType
	gz := d.contentType[0] != notCompressibleType && acceptsGzip(r.c.Request.Header["Accept-Encoding"])
	if gz {
		h["ETag"] = conditional.ETag(tag, true)
		h["Content-Encoding"] = gzipEncoding
	}
	r.c.Status(http.StatusOK)
	if r.c.Request.Method == http.MethodHead {
		r.c.Writer.WriteHeaderNow()
		return errHeadSent
	}
	d.out = responseWriter{d}
	if gz {
		d.gz = gzipWriters.Get().(*gzip.Writer)
		d.gz.Reset(d.out)
		d.out = d.gz
	}
	held := d.buf
	d.buf = nil
	_, err := d.out.Write(held)
	return err
}

// finish ends a streamed body: the compressed stream's end, and the writes the
// response still holds.
func (d *download) finish() error {
	if d.gz != nil {
		if err := d.gz.Close(); err != nil {
			return err
		}
		gzipWriters.Put(d.gz)
		d.gz = nil
	}
	return d.err
}

// responseWriter writes to the response, keeping its first error.
type responseWriter struct{ d *download }

func (w responseWriter) Write(p []byte) (int, error) {
	if w.d.err != nil {
		return 0, w.d.err
	}
	n, err := w.d.r.c.Writer.Write(p)
	w.d.sent += int64(n)
	if err != nil {
		w.d.err = err
	}
	return n, err
}

// abort ends a download that failed after its answer began: the connection is
// closed under it, so that the chunked body has no end and the client reads an
// error. gin refuses to hand over a connection it wrote a body to, and its
// recovery takes the panic http.ErrAbortHandler for a broken pipe and ends the
// body as if whole, so the connection is taken from net/http's writer under
// gin's; the panic, on which net/http closes the connection itself, is left for
// writers that cannot be taken over (HTTP/2, tests' recorders). The failure is
// logged once, here: as information when the client went away.
func (r *request) abort(err error, clientGone bool, sent int64) {
	level := slog.LevelWarn
	if clientGone || r.c.Request.Context().Err() != nil {
		level = slog.LevelInfo
	}
	r.v.log.Log(r.c.Request.Context(), level, "download cut short: its connection is closed without the body's end",
		"path", r.c.Request.URL.Path, "query", r.c.Request.URL.RawQuery, "sent", sent, "err", err)
	var w http.ResponseWriter = r.c.Writer
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, herr := hj.Hijack(); herr == nil {
			conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// exportLimit bounds the large downloads a server makes at once. Converting a
// translation costs time and memory in proportion to its units (parsing its file
// when it is not kept parsed, reading every unit, one core): a handful of clients
// asking for the largest one could otherwise take the machine.
type exportLimit struct {
	heavy int           // the units from which a download takes a slot
	sem   chan struct{} // the slots
}

// newExportLimit runs slots large downloads at once, those of heavy units or more.
func newExportLimit(slots, heavy int) *exportLimit {
	return &exportLimit{heavy: heavy, sem: make(chan struct{}, slots)}
}

// heavyExportUnits is the size from which a conversion takes a slot: below it, a
// conversion costs about what a page of the API does (5,000 units convert in a few
// tens of milliseconds into a file of under a megabyte, held whole and sent with
// its length, as before), and a busy server should not refuse it.
const heavyExportUnits = 5000

// exportSlots is how many large conversions run at once: one per core the Go
// runtime uses, at least two. Each is bound by a core, so more would not finish
// sooner, only hold more units read and leave no core to the other requests.
func exportSlots() int { return max(2, runtime.GOMAXPROCS(0)) }

// exportRetryAfter is the Retry-After of the answer past the limit, in seconds: a
// conversion of 100,000 units takes about a second, of 400,000 a few.
const exportRetryAfter = 5

var errExportsBusy = &apiError{status: http.StatusServiceUnavailable,
	detail: "Too many large translations are being converted at once; try again in " + strconv.Itoa(exportRetryAfter) + " seconds.",
	header: [2]string{"Retry-After", strconv.Itoa(exportRetryAfter)}}

// exportSlot takes a slot for a download of units units, or answers 503 when
// every slot is taken; release gives it back.
func (r *request) exportSlot(units int) (release func(), err error) {
	l := r.s.exports
	if units < l.heavy {
		return func() {}, nil
	}
	select {
	case l.sem <- struct{}{}:
		return func() { <-l.sem }, nil
	default:
		return nil, errExportsBusy
	}
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
func (v *views) generated(r *request, t *snapshot.Translation) ([]byte, error) {
	c := t.Component
	if c.Format == nil || !c.Format.Writable || v.reader == nil {
		return nil, errNoFile
	}
	w := c.Format.Format().(formats.Writer)
	return v.gen.get(t, func() ([]byte, error) {
		// Made once a snapshot; a large one's making takes an export slot.
		release, err := r.exportSlot(t.Stats.Total)
		if err != nil {
			return nil, err
		}
		defer release()
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
