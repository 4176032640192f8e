package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// migrations are the schema's versions, in order: migration i brings the schema
// to version i+1. A released migration is never changed; a new one is appended.
//
// Keys are bytes (they may hold NUL, which text cannot); the change log's natural
// keys and unit keys are kept as their SHA-256 (key_hash), as they may also be
// longer than a btree index entry can be.
var migrations = []string{
	// 1: ids, unit ids, the change log and its states; the database's identity,
	// by which a replica's copy of the log knows what it is a copy of.
	`CREATE TABLE ids (
		kind text NOT NULL,
		key  bytea NOT NULL,
		id   bigint NOT NULL,
		PRIMARY KEY (kind, key),
		UNIQUE (kind, id)
	);
	CREATE TABLE unit_keys (
		component text NOT NULL,
		key_hash  bytea NOT NULL,
		no        integer NOT NULL,
		PRIMARY KEY (component, key_hash),
		UNIQUE (component, no)
	);
	CREATE TABLE unit_runs (
		translation bigint NOT NULL,
		first_key   integer NOT NULL,
		first_id    bigint NOT NULL,
		count       integer NOT NULL,
		PRIMARY KEY (translation, first_key)
	);
	CREATE TABLE counters (
		name  text PRIMARY KEY,
		value bigint NOT NULL
	);
	INSERT INTO counters (name, value) VALUES ('unit', 0), ('change', 0), ('seq', 0);
	CREATE TABLE changes (
		id       bigint PRIMARY KEY,
		key_hash bytea NOT NULL UNIQUE,
		scope    text NOT NULL,
		seq      bigint NOT NULL,
		gone     boolean NOT NULL DEFAULT false,
		meta     bytea NOT NULL,
		doc      bytea NOT NULL
	);
	CREATE INDEX changes_seq ON changes (seq, id);
	CREATE INDEX changes_scope ON changes (scope) WHERE NOT gone;
	CREATE TABLE states (
		name  text PRIMARY KEY,
		value bytea NOT NULL
	);
	CREATE TABLE identity (id text NOT NULL);
	INSERT INTO identity (id) SELECT gen_random_uuid()::text;`,
	// 2: statistics over time, one record per commit a component's walk read
	// (internal/progress).
	`CREATE TABLE progress (
		scope text NOT NULL,
		seq   bigint NOT NULL,
		value bytea NOT NULL,
		PRIMARY KEY (scope, seq)
	);`,
}

// migrateLock is the advisory lock replicas take while one of them migrates.
const migrateLock = 0x6769746c61746531 // "gitlate1"

// migrate brings the database's schema to the newest version, in one transaction
// that other replicas starting at the same moment wait for. It refuses a schema
// newer than this gitlate knows.
func migrate(ctx context.Context, conn *pgx.Conn) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`); err != nil {
		return err
	}
	var version int
	if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&version); err != nil {
		return err
	}
	if version > len(migrations) {
		return fmt.Errorf("the database's schema is version %d, newer than this gitlate knows (%d): run a newer gitlate", version, len(migrations))
	}
	for i := version; i < len(migrations); i++ {
		if _, err := tx.Exec(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrating the schema to version %d: %w", i+1, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, i+1); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
