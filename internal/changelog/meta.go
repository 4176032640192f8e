package changelog

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"

	"github.com/gitlate/gitlate/internal/jsondoc"
)

// meta is what the log's index is built from, and what a change's JSON is encoded
// from again when its links change: the store keeps it as each record's Meta.
type meta struct {
	when      int64 // Unix microseconds
	action    uint8
	count     int    // strings an action 44 stands for
	project   string // slug
	component string // slug ("" for project-level changes)
	lang      string // canonical code of the translation concerned ("" none)
	key       int    // number of the unit key (store.Units), -1 none
	name      string // author ("" for automatic changes)
	email     string
	// target is the change's text: kept in its JSON only, where it is read back
	// from when needed (docTarget), so that what the index is read from stays small.
	target string
	// What the stored JSON shows: whether it links the translation and the unit,
	// and the author's username then.
	links    uint8
	username string
}

const (
	linkTranslation uint8 = 1 << iota
	linkUnit
)

const metaVersion = 1

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func (m *meta) encode() []byte {
	b := make([]byte, 0, 48+len(m.project)+len(m.component)+len(m.lang)+len(m.name)+len(m.email)+len(m.username))
	b = append(b, metaVersion, m.action, m.links)
	b = binary.AppendVarint(b, m.when)
	b = binary.AppendUvarint(b, uint64(m.count))
	b = binary.AppendVarint(b, int64(m.key))
	for _, s := range []string{m.project, m.component, m.lang, m.name, m.email, m.username} {
		b = appendStr(b, s)
	}
	return b
}

var errMeta = errors.New("changelog: a stored change's meta is damaged")

type metaReader struct {
	b   []byte
	err error
}

func (r *metaReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = errMeta
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *metaReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errMeta
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *metaReader) str() string {
	n := r.uvarint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = errMeta
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// decodeMeta reads a meta (without the target: see meta.target).
func decodeMeta(b []byte) (meta, error) {
	if len(b) < 3 || b[0] != metaVersion {
		return meta{}, errMeta
	}
	m := meta{action: b[1], links: b[2]}
	r := metaReader{b: b[3:]}
	m.when = r.varint()
	m.count = int(r.uvarint())
	m.key = int(r.varint())
	m.project, m.component, m.lang = r.str(), r.str(), r.str()
	m.name, m.email, m.username = r.str(), r.str(), r.str()
	return m, r.err
}

// docTarget reads the target back from a change's stored JSON.
func docTarget(doc []byte) (string, error) {
	var v struct {
		Target string `json:"target"`
	}
	err := json.Unmarshal(jsondoc.Fill(nil, doc, "", "", 0), &v)
	return v.Target, err
}

// details reads what the index leaves out of changes (their texts), by id.
func (l *Log) readDetails(ctx context.Context, ids []int) (map[int]*detail, error) {
	out := make(map[int]*detail, len(ids))
	err := l.st.Metas(ctx, ids, func(id int, raw []byte) {
		if m, err := decodeMeta(raw); err == nil {
			out[id] = &detail{count: max(m.count, 1)}
		}
	})
	if err != nil {
		return nil, err
	}
	err = l.st.Docs(ctx, ids, func(id int, doc []byte) {
		if d := out[id]; d != nil {
			d.target, _ = docTarget(doc)
		}
	})
	return out, err
}
