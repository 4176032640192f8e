package boltstore

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"

	bolt "go.etcd.io/bbolt"
)

// bbolt's file layout (go.etcd.io/bbolt/internal/common: page.go, meta.go): two
// meta pages first, each a 16-byte page header and then magic, version, page size,
// flags, the root bucket (16 bytes), the freelist page, the page count, the
// transaction id and an FNV-64a checksum of what precedes it.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	pageHeaderSize = 16
	metaSumOffset  = 56
)

// damagedMeta says which of the file's two meta pages does not hold a valid meta
// ("" when both do). bbolt reads the other one without a word, which is right for
// a write a crash cut short and wrong to keep quiet about when the disk or someone
// changed the file: Open then checks every page.
func damagedMeta(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, pageHeaderSize+metaSumOffset+8)
	if _, err := f.ReadAt(head, 0); err != nil {
		return "", nil // new or tiny: bbolt decides
	}
	pageSize := int64(binary.LittleEndian.Uint32(head[pageHeaderSize+8:]))
	var bad []string
	for i := int64(0); i < 2; i++ {
		off := i * pageSize
		if i == 1 && (pageSize < 512 || pageSize > 1<<20) {
			off = int64(os.Getpagesize()) // meta 0's page size is itself damaged
		}
		m := make([]byte, metaSumOffset+8)
		if _, err := f.ReadAt(m, off+pageHeaderSize); err != nil {
			bad = append(bad, fmt.Sprintf("meta page %d unreadable", i))
			continue
		}
		h := fnv.New64a()
		h.Write(m[:metaSumOffset])
		switch {
		case binary.LittleEndian.Uint32(m) != boltMagic:
			bad = append(bad, fmt.Sprintf("meta page %d is not a meta page", i))
		case binary.LittleEndian.Uint32(m[4:]) != boltVersion:
			bad = append(bad, fmt.Sprintf("meta page %d has version %d", i, binary.LittleEndian.Uint32(m[4:])))
		case binary.LittleEndian.Uint64(m[metaSumOffset:]) != h.Sum64():
			bad = append(bad, fmt.Sprintf("meta page %d fails its checksum", i))
		}
	}
	if len(bad) == 0 {
		return "", nil
	}
	return fmt.Sprint(bad), nil
}

// checkPages checks every page of db (bbolt's Tx.Check): what a damaged meta page
// leaves in doubt.
func checkPages(db *bolt.DB) error {
	return db.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() { // read to the end: the check runs until then
			if len(errs) < 5 {
				errs = append(errs, err)
			}
		}
		return errors.Join(errs...)
	})
}
