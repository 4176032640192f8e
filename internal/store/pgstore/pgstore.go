// Package pgstore is the store.Store of several replicas: ids, unit ids and the change log live in PostgreSQL, which gives them race-free (transactions, unique keys, advisory locks) and tells every replica of the others' commits (LISTEN/NOTIFY, polling as the fallback); each replica keeps its parse results and a copy of the log in a local store its caller opens (a bbolt file), so it serves pages of the log, and keeps serving, while PostgreSQL is unreachable.
package pgstore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gitlate/gitlate/internal/store"
)

// Local is this replica's own store: its parse results, and a copy of the shared
// log that Mirror writes as PostgreSQL holds it (ids, seqs, removals, metas,
// documents) and Changes, Docs and Metas read. boltstore and memstore are ones.
type Local interface {
	store.Results
	Flush(ctx context.Context) error
	Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error)
	Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error
	Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error
	// Mirror writes records as the shared log holds them; last is the shared
	// seq the copy is complete up to.
	Mirror(ctx context.Context, recs []store.Record, last int64) error
	// MirrorOf makes the local store a copy of the shared log named id, emptying
	// a copy of another one.
	MirrorOf(ctx context.Context, id string) error
	// MirrorSeq is the shared seq the copy is complete up to.
	MirrorSeq(ctx context.Context) (int64, error)
	Close() error
}

// Options configure a Store.
type Options struct {
	// Logger receives problems; nil discards them.
	Logger *slog.Logger
	// Poll is how often the log is looked at when no notification came (default
	// 5s): notifications are lost while a connection is down.
	Poll time.Duration
	// Timeout bounds each statement, within the caller's context (default 30s):
	// an unreachable server must not hold a build.
	Timeout time.Duration
}

// Store is a store.Store in PostgreSQL, with a local copy.
type Store struct {
	pool  *pgxpool.Pool
	local Local
	opts  Options
	where string // the server, for messages

	mu   sync.Mutex
	ids  map[string]map[string]int
	runs map[int][]store.Run
	down bool // the last statement failed for PostgreSQL being unreachable

	pullMu  sync.Mutex // one copy of the log's news at a time
	changed chan struct{}
	cancel  context.CancelFunc
	bg      sync.WaitGroup
}

var _ store.Store = (*Store)(nil)

// Open connects to the PostgreSQL database url names, creates or migrates its
// schema, and makes local a copy of its log. It fails when the database cannot be
// reached or migrated (local is then the caller's to close; once open, the Store
// closes it). Once open, each call that needs PostgreSQL fails while it is away;
// those that can be answered from memory or the local copy are.
func Open(ctx context.Context, url string, local Local, opts Options) (*Store, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Poll <= 0 {
		opts.Poll = 5 * time.Second
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 30 * time.Second
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("--store: %w", err)
	}
	cfg.MaxConns = max(cfg.MaxConns, 8)
	where := fmt.Sprintf("PostgreSQL at %s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	err = migrate(ctx, conn.Conn())
	conn.Release()
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	s := &Store{pool: pool, local: local, opts: opts, where: where, ids: map[string]map[string]int{}, runs: map[int][]store.Run{},
		changed: make(chan struct{}, 1)}
	if err := s.load(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	var identity string
	if err := pool.QueryRow(ctx, `SELECT id FROM identity`).Scan(&identity); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	// A copy of another database (the URL now names a new one) is dropped.
	if err := local.MirrorOf(ctx, identity); err != nil {
		pool.Close()
		return nil, fmt.Errorf("the local copy of %s: %w", where, err)
	}
	bctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.bg.Add(2)
	go func() { defer s.bg.Done(); s.listen(bctx) }()
	go func() { defer s.bg.Done(); s.watch(bctx) }()
	return s, nil
}

// load reads the object ids and the unit runs, which are few.
func (s *Store) load(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT kind, key, id FROM ids`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var kind string
		var key []byte
		var id int64
		if err := rows.Scan(&kind, &key, &id); err != nil {
			return err
		}
		s.setID(kind, string(key), int(id))
	}
	if err := rows.Err(); err != nil {
		return err
	}
	runs, err := s.pool.Query(ctx, `SELECT translation, first_key, first_id, count FROM unit_runs ORDER BY translation, first_key`)
	if err != nil {
		return err
	}
	for runs.Next() {
		var t, fk, fid, n int64
		if err := runs.Scan(&t, &fk, &fid, &n); err != nil {
			return err
		}
		s.runs[int(t)] = append(s.runs[int(t)], store.Run{FirstID: int(fid), FirstKey: int(fk), Count: int(n)})
	}
	return runs.Err()
}

func (s *Store) setID(kind, key string, id int) {
	if s.ids[kind] == nil {
		s.ids[kind] = map[string]int{}
	}
	s.ids[kind][key] = id
}

// op bounds a statement within the caller's context: an unreachable server must
// not hold a build, and a shutdown cancels what is under way.
func (s *Store) op(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.opts.Timeout)
}

// did records the outcome of a statement and returns its error, naming the
// server. The first failure of PostgreSQL is logged, and so is the first success
// after it, which also tells the server to catch up (Changed). A statement
// cancelled by its caller says nothing of the server.
func (s *Store) did(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil || errors.Is(err, store.ErrConflict) {
		if s.down {
			s.down = false
			s.opts.Logger.Info("the store is reachable again", "store", s.where)
			s.signal()
		}
		return err
	}
	if !s.down {
		s.down = true
		s.opts.Logger.Warn("the store cannot be reached; serving what was read last", "store", s.where, "err", err)
	}
	return fmt.Errorf("%s: %w", s.where, err)
}

func (s *Store) signal() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// ID returns the id of key within kind: from memory when known, else given in a
// transaction that holds the kind's advisory lock (so the next id is the next one
// whichever replica asks), durable when it returns.
func (s *Store) ID(ctx context.Context, kind, key string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	if id, ok := s.ids[kind][key]; ok {
		s.mu.Unlock()
		return id, nil
	}
	s.mu.Unlock()
	octx, cancel := s.op(ctx)
	defer cancel()
	var id int64
	err := pgx.BeginFunc(octx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(octx, `SELECT pg_advisory_xact_lock(hashtextextended('ids/' || $1, 0))`, kind); err != nil {
			return err
		}
		if _, err := tx.Exec(octx, `INSERT INTO ids (kind, key, id)
			SELECT $1, $2, coalesce(max(id), 0) + 1 FROM ids WHERE kind = $1
			ON CONFLICT (kind, key) DO NOTHING`, kind, []byte(key)); err != nil {
			return err
		}
		return tx.QueryRow(octx, `SELECT id FROM ids WHERE kind = $1 AND key = $2`, kind, []byte(key)).Scan(&id)
	})
	if err := s.did(ctx, err); err != nil {
		return 0, err
	}
	s.mu.Lock()
	s.setID(kind, key, int(id))
	s.mu.Unlock()
	return int(id), nil
}

// Flush writes the local results: ids are durable in PostgreSQL when ID returns.
func (s *Store) Flush(ctx context.Context) error { return s.local.Flush(ctx) }

// Release gives back the pages of the local copy the process read, when the
// local store maps a file (boltstore).
func (s *Store) Release() {
	if r, ok := s.local.(interface{ Release() }); ok {
		r.Release()
	}
}

// Close stops watching PostgreSQL and closes both stores.
func (s *Store) Close() error {
	s.cancel()
	s.bg.Wait()
	s.pool.Close()
	return s.local.Close()
}

func hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// UnitKeys numbers a component's unit keys under the component's advisory lock.
func (s *Store) UnitKeys(ctx context.Context, component string, keys []string) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]int, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	hashes := make([][]byte, len(keys))
	for i, k := range keys {
		hashes[i] = hash(k)
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	err := pgx.BeginFunc(octx, s.pool, func(tx pgx.Tx) error {
		ctx := octx
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('ukeys/' || $1, 0))`, component); err != nil {
			return err
		}
		known := make(map[string]int, len(keys))
		const batch = 20000
		for lo := 0; lo < len(hashes); lo += batch {
			rows, err := tx.Query(ctx, `SELECT key_hash, no FROM unit_keys WHERE component = $1 AND key_hash = ANY($2)`,
				component, hashes[lo:min(lo+batch, len(hashes))])
			if err != nil {
				return err
			}
			for rows.Next() {
				var h []byte
				var no int32
				if err := rows.Scan(&h, &no); err != nil {
					return err
				}
				known[string(h)] = int(no)
			}
			if err := rows.Err(); err != nil {
				return err
			}
		}
		var next int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(no) + 1, 0) FROM unit_keys WHERE component = $1`, component).Scan(&next); err != nil {
			return err
		}
		var newHashes [][]byte
		var newNos []int32
		for i, h := range hashes {
			if n, ok := known[string(h)]; ok {
				out[i] = n
				continue
			}
			known[string(h)] = next
			out[i] = next
			newHashes = append(newHashes, h)
			newNos = append(newNos, int32(next))
			next++
		}
		for lo := 0; lo < len(newHashes); lo += batch {
			hi := min(lo+batch, len(newHashes))
			if _, err := tx.Exec(ctx, `INSERT INTO unit_keys (component, key_hash, no) SELECT $1, h, n FROM unnest($2::bytea[], $3::integer[]) AS u(h, n)`,
				component, newHashes[lo:hi], newNos[lo:hi]); err != nil {
				return err
			}
		}
		return nil
	})
	if err := s.did(ctx, err); err != nil {
		return nil, err
	}
	return out, nil
}

// UnitRuns extends a translation's runs under the lock of the unit counter.
func (s *Store) UnitRuns(ctx context.Context, translation, keys int) ([]store.Run, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	runs := s.runs[translation]
	s.mu.Unlock()
	if keys <= covered(runs) {
		return append([]store.Run(nil), runs...), nil
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	err := pgx.BeginFunc(octx, s.pool, func(tx pgx.Tx) error {
		ctx := octx
		var next int64
		if err := tx.QueryRow(ctx, `SELECT value FROM counters WHERE name = 'unit' FOR UPDATE`).Scan(&next); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT first_key, first_id, count FROM unit_runs WHERE translation = $1 ORDER BY first_key`, translation)
		if err != nil {
			return err
		}
		runs = runs[:0:0]
		for rows.Next() {
			var fk, fid, n int64
			if err := rows.Scan(&fk, &fid, &n); err != nil {
				return err
			}
			runs = append(runs, store.Run{FirstID: int(fid), FirstKey: int(fk), Count: int(n)})
		}
		if err := rows.Err(); err != nil {
			return err
		}
		c := covered(runs)
		if keys <= c {
			return nil // another replica extended them
		}
		r := store.Run{FirstID: int(next) + 1, FirstKey: c, Count: keys - c}
		if _, err := tx.Exec(ctx, `INSERT INTO unit_runs (translation, first_key, first_id, count) VALUES ($1, $2, $3, $4)`,
			translation, r.FirstKey, r.FirstID, r.Count); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE counters SET value = $1 WHERE name = 'unit'`, next+int64(r.Count)); err != nil {
			return err
		}
		runs = append(runs, r)
		return nil
	})
	if err := s.did(ctx, err); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.runs[translation] = runs
	s.mu.Unlock()
	return append([]store.Run(nil), runs...), nil
}

func covered(runs []store.Run) int {
	if n := len(runs); n > 0 {
		return runs[n-1].FirstKey + runs[n-1].Count
	}
	return 0
}

// GetResult, PutResult and PruneResults use the local copy: parse results are
// about this replica's own clones.
func (s *Store) GetResult(ctx context.Context, key string) ([]byte, bool, error) {
	return s.local.GetResult(ctx, key)
}

func (s *Store) PutResult(ctx context.Context, key string, value []byte) error {
	return s.local.PutResult(ctx, key, value)
}

func (s *Store) PruneResults(ctx context.Context, keep func(string) bool) error {
	return s.local.PruneResults(ctx, keep)
}

// States reads states from PostgreSQL.
func (s *Store) States(ctx context.Context, prefix string) (map[string][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	out := map[string][]byte{}
	rows, err := s.pool.Query(octx, `SELECT name, value FROM states WHERE starts_with(name, $1)`, prefix)
	if err == nil {
		for rows.Next() {
			var name string
			var v []byte
			if err = rows.Scan(&name, &v); err != nil {
				break
			}
			out[name] = v
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	if err := s.did(ctx, err); err != nil {
		return nil, err
	}
	return out, nil
}

// Commit applies c in one transaction. Commits are one at a time across replicas
// (the seq counter's row is locked), so ids and seqs follow commit order, and the
// others are notified when it is done.
func (s *Store) Commit(ctx context.Context, c *store.Commit) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	var ids []int
	err := pgx.BeginFunc(octx, s.pool, func(tx pgx.Tx) error {
		ctx := octx
		var seq, nextID int64
		if err := tx.QueryRow(ctx, `SELECT value FROM counters WHERE name = 'seq' FOR UPDATE`).Scan(&seq); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT value FROM counters WHERE name = 'change'`).Scan(&nextID); err != nil {
			return err
		}
		seq++
		if err := casStates(ctx, tx, c.States); err != nil {
			return err
		}
		touched := false
		var err error
		if ids, touched, err = add(ctx, tx, c.Add, seq, &nextID); err != nil {
			return err
		}
		for _, sc := range c.Replace {
			keep := make([][]byte, len(sc.Keep))
			for i, k := range sc.Keep {
				keep[i] = hash(k)
			}
			tag, err := tx.Exec(ctx, `UPDATE changes SET gone = true, seq = $1
				WHERE scope = $2 AND NOT gone AND NOT (key_hash = ANY($3))`, seq, sc.Name, keep)
			if err != nil {
				return err
			}
			touched = touched || tag.RowsAffected() > 0
		}
		if len(c.Rewrite) > 0 {
			rid := make([]int64, len(c.Rewrite))
			metas := make([][]byte, len(c.Rewrite))
			docs := make([][]byte, len(c.Rewrite))
			for i, r := range c.Rewrite {
				rid[i], metas[i], docs[i] = int64(r.ID), r.Meta, r.Doc
			}
			tag, err := tx.Exec(ctx, `UPDATE changes c SET meta = u.meta, doc = u.doc, seq = $1
				FROM unnest($2::bigint[], $3::bytea[], $4::bytea[]) AS u(id, meta, doc)
				WHERE c.id = u.id AND NOT c.gone`, seq, rid, metas, docs)
			if err != nil {
				return err
			}
			touched = touched || tag.RowsAffected() > 0
		}
		if err := putProgress(ctx, tx, c); err != nil {
			return err
		}
		if !touched {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE counters SET value = CASE name WHEN 'seq' THEN $1::bigint ELSE $2::bigint END
			WHERE name IN ('seq', 'change')`, seq, nextID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify('gitlate_log', $1)`, fmt.Sprint(seq))
		return err
	})
	if err := s.did(ctx, err); err != nil {
		return nil, err
	}
	return ids, nil
}

// putProgress applies a commit's progress: the scopes reset, then the records
// stored.
func putProgress(ctx context.Context, tx pgx.Tx, c *store.Commit) error {
	if len(c.ResetProgress) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM progress WHERE scope = ANY($1)`, c.ResetProgress); err != nil {
			return err
		}
	}
	if len(c.Progress) == 0 {
		return nil
	}
	scopes := make([]string, len(c.Progress))
	seqs := make([]int64, len(c.Progress))
	values := make([][]byte, len(c.Progress))
	for i, p := range c.Progress {
		scopes[i], seqs[i], values[i] = p.Scope, p.Seq, nonNil(p.Value)
	}
	_, err := tx.Exec(ctx, `INSERT INTO progress (scope, seq, value)
		SELECT * FROM unnest($1::text[], $2::bigint[], $3::bytea[])
		ON CONFLICT (scope, seq) DO UPDATE SET value = EXCLUDED.value`, scopes, seqs, values)
	return err
}

// Progress reads a scope's progress records from PostgreSQL, in seq order.
func (s *Store) Progress(ctx context.Context, scope string, fn func(seq int64, value []byte) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	rows, err := s.pool.Query(octx, `SELECT seq, value FROM progress WHERE scope = $1 ORDER BY seq`, scope)
	if err == nil {
		for rows.Next() {
			var seq int64
			var v []byte
			if err = rows.Scan(&seq, &v); err != nil {
				break
			}
			if err = fn(seq, v); err != nil {
				rows.Close()
				return err
			}
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	return s.did(ctx, err)
}

// casStates replaces states that still hold what the caller read.
func casStates(ctx context.Context, tx pgx.Tx, states []store.State) error {
	if len(states) == 0 {
		return nil
	}
	names := make([]string, len(states))
	for i, st := range states {
		names[i] = st.Name
	}
	rows, err := tx.Query(ctx, `SELECT name, value FROM states WHERE name = ANY($1) ORDER BY name FOR UPDATE`, names)
	if err != nil {
		return err
	}
	cur := map[string][]byte{}
	for rows.Next() {
		var name string
		var v []byte
		if err := rows.Scan(&name, &v); err != nil {
			return err
		}
		cur[name] = v
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, st := range states {
		v, ok := cur[st.Name]
		if ok != (st.Prev != nil) || !bytes.Equal(v, st.Prev) {
			return store.ErrConflict
		}
	}
	for _, st := range states {
		var err error
		switch {
		case st.Next == nil:
			_, err = tx.Exec(ctx, `DELETE FROM states WHERE name = $1`, st.Name)
		case st.Prev == nil:
			// Absent when read, under no row lock: a replica that creates it at the
			// same moment makes this insert fail, and the commit with it.
			var tag interface{ RowsAffected() int64 }
			tag, err = tx.Exec(ctx, `INSERT INTO states (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, st.Name, st.Next)
			if err == nil && tag.RowsAffected() == 0 {
				return store.ErrConflict
			}
		default:
			_, err = tx.Exec(ctx, `UPDATE states SET value = $2 WHERE name = $1`, st.Name, st.Next)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// add stores c.Add: known keys keep their ids (removed ones come back), new keys
// take the next ids in order.
func add(ctx context.Context, tx pgx.Tx, recs []store.Record, seq int64, nextID *int64) ([]int, bool, error) {
	ids := make([]int, len(recs))
	if len(recs) == 0 {
		return ids, false, nil
	}
	hashes := make([][]byte, len(recs))
	for i, r := range recs {
		hashes[i] = hash(r.Key)
	}
	type known struct {
		id   int64
		gone bool
	}
	stored := map[string]known{}
	rows, err := tx.Query(ctx, `SELECT key_hash, id, gone FROM changes WHERE key_hash = ANY($1)`, hashes)
	if err != nil {
		return nil, false, err
	}
	for rows.Next() {
		var h []byte
		var k known
		if err := rows.Scan(&h, &k.id, &k.gone); err != nil {
			return nil, false, err
		}
		stored[string(h)] = k
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	var ins, rev struct {
		id    []int64
		hash  [][]byte
		scope []string
		meta  [][]byte
		doc   [][]byte
	}
	for i, r := range recs {
		h := hashes[i]
		if k, ok := stored[string(h)]; ok {
			ids[i] = int(k.id)
			if k.gone {
				rev.id = append(rev.id, k.id)
				rev.scope = append(rev.scope, r.Scope)
				rev.meta = append(rev.meta, r.Meta)
				rev.doc = append(rev.doc, r.Doc)
				stored[string(h)] = known{id: k.id}
			}
			continue
		}
		*nextID++
		ids[i] = int(*nextID)
		stored[string(h)] = known{id: *nextID}
		ins.id = append(ins.id, *nextID)
		ins.hash = append(ins.hash, h)
		ins.scope = append(ins.scope, r.Scope)
		ins.meta = append(ins.meta, nonNil(r.Meta))
		ins.doc = append(ins.doc, nonNil(r.Doc))
	}
	if len(ins.id) > 0 {
		if _, err := tx.Exec(ctx, `INSERT INTO changes (id, key_hash, scope, seq, meta, doc)
			SELECT id, h, sc, $1, m, d FROM unnest($2::bigint[], $3::bytea[], $4::text[], $5::bytea[], $6::bytea[]) AS u(id, h, sc, m, d)`,
			seq, ins.id, ins.hash, ins.scope, ins.meta, ins.doc); err != nil {
			return nil, false, err
		}
	}
	if len(rev.id) > 0 {
		if _, err := tx.Exec(ctx, `UPDATE changes c SET gone = false, scope = u.sc, meta = u.m, doc = u.d, seq = $1
			FROM unnest($2::bigint[], $3::text[], $4::bytea[], $5::bytea[]) AS u(id, sc, m, d) WHERE c.id = u.id`,
			seq, rev.id, rev.scope, rev.meta, rev.doc); err != nil {
			return nil, false, err
		}
	}
	return ids, len(ins.id)+len(rev.id) > 0, nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// pullBatch is how many records a copy of the log's news reads at a time.
const pullBatch = 5000

// pull copies into the local file what commits touched since the copy was last
// brought up to date, from one consistent view of the database.
//
// It may take longer than a statement (a replica's first copy of a long log), so
// it has a bound of its own, within the caller's context.
func (s *Store) pull(ctx context.Context) error {
	s.pullMu.Lock()
	defer s.pullMu.Unlock()
	from, err := s.local.MirrorSeq(ctx)
	if err != nil {
		return fmt.Errorf("the local copy: %w", err)
	}
	pctx, cancel := context.WithTimeout(ctx, pullTimeout)
	defer cancel()
	var mirrorErr error
	err = pgx.BeginTxFunc(pctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var last int64
		if err := tx.QueryRow(ctx, `SELECT value FROM counters WHERE name = 'seq'`).Scan(&last); err != nil {
			return err
		}
		if last <= from {
			return nil
		}
		afterSeq, afterID := from, int64(0)
		for {
			rows, err := tx.Query(ctx, `SELECT id, seq, gone, meta, CASE WHEN gone THEN NULL ELSE doc END
				FROM changes WHERE (seq, id) > ($1, $2) ORDER BY seq, id LIMIT $3`, afterSeq, afterID, pullBatch)
			if err != nil {
				return err
			}
			var batch []store.Record
			for rows.Next() {
				var r store.Record
				var id int64
				if err := rows.Scan(&id, &r.Seq, &r.Gone, &r.Meta, &r.Doc); err != nil {
					return err
				}
				r.ID = int(id)
				batch = append(batch, r)
			}
			if err := rows.Err(); err != nil {
				return err
			}
			if len(batch) == 0 {
				mirrorErr = s.local.Mirror(ctx, nil, last)
				return mirrorErr
			}
			end := batch[len(batch)-1]
			afterSeq, afterID = end.Seq, int64(end.ID)
			// Until the last batch, the copy is complete up to the seq before the
			// last one read (a commit's records may span batches).
			complete := end.Seq - 1
			if len(batch) < pullBatch {
				complete = last
			}
			if mirrorErr = s.local.Mirror(ctx, batch, complete); mirrorErr != nil {
				return mirrorErr
			}
			if len(batch) < pullBatch {
				return nil
			}
		}
	})
	if mirrorErr != nil {
		return fmt.Errorf("the local copy: %w", mirrorErr) // PostgreSQL answered
	}
	return s.did(ctx, err)
}

// pullTimeout bounds one copy of the log's news.
const pullTimeout = 5 * time.Minute

// Changes brings the local copy up to date, when PostgreSQL can be reached, and
// lists from it: the log as last read is what is served while it cannot, with an
// error wrapping store.ErrStale.
func (s *Store) Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error) {
	if err := ctx.Err(); err != nil {
		return after, err
	}
	perr := s.pull(ctx)
	if perr != nil && ctx.Err() != nil {
		return after, ctx.Err()
	}
	last, err := s.local.Changes(ctx, after, fn)
	if err != nil {
		return last, err
	}
	if perr != nil {
		return last, fmt.Errorf("%w: %w", store.ErrStale, perr)
	}
	return last, nil
}

// Docs reads documents from the local copy.
func (s *Store) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	return s.local.Docs(ctx, ids, fn)
}

// Metas reads metas from the local copy.
func (s *Store) Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error {
	return s.local.Metas(ctx, ids, fn)
}

// TryLock takes a session-level advisory lock on a connection of its own, held
// until unlock (or until the connection is lost, when PostgreSQL releases it).
func (s *Store) TryLock(ctx context.Context, scope string) (func(), bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	octx, cancel := s.op(ctx)
	defer cancel()
	conn, err := s.pool.Acquire(octx)
	if err := s.did(ctx, err); err != nil {
		return nil, false, err
	}
	var ok bool
	err = conn.QueryRow(octx, `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, scope).Scan(&ok)
	if err := s.did(ctx, err); err != nil || !ok {
		conn.Release()
		return nil, false, err
	}
	// Unlocking runs when the walk is over, cancelled or not: a shutdown must
	// still give the lock back rather than leave it to the connection's end.
	uctx := context.WithoutCancel(ctx)
	return func() {
		ctx, cancel := s.op(uctx)
		defer cancel()
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, scope); err != nil {
			// Closing the connection releases the lock.
			conn.Conn().Close(ctx)
		}
		conn.Release()
	}, true, nil
}

// Changed receives a value when another replica committed (a notification, or the
// poll seeing a newer seq) and when PostgreSQL is reachable again.
func (s *Store) Changed() <-chan struct{} { return s.changed }

// listen waits for notifications on a connection of its own, connecting again
// after a failure.
func (s *Store) listen(ctx context.Context) {
	wait := time.Second
	for ctx.Err() == nil {
		conn, err := s.pool.Acquire(ctx)
		if err == nil {
			_, err = conn.Exec(ctx, `LISTEN gitlate_log`)
			if err == nil {
				wait = time.Second
				for {
					if _, err = conn.Conn().WaitForNotification(ctx); err != nil {
						break
					}
					s.signal()
				}
			}
			conn.Conn().Close(context.Background()) // a LISTENing connection does not go back
			conn.Release()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// watch polls the log's seq, and, while PostgreSQL cannot be reached, tries it with
// growing waits: notifications sent while a connection was down are lost.
func (s *Store) watch(ctx context.Context) {
	last := int64(-1)
	wait := s.opts.Poll
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		var seq int64
		err := s.pool.QueryRow(qctx, `SELECT value FROM counters WHERE name = 'seq'`).Scan(&seq)
		cancel()
		if ctx.Err() != nil {
			return
		}
		if s.did(ctx, err) != nil {
			wait = min(2*wait, 30*time.Second)
			continue
		}
		wait = s.opts.Poll
		if last >= 0 && seq != last {
			s.signal()
		}
		last = seq
	}
}
