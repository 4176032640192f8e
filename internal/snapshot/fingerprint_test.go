package snapshot

import (
	"encoding/binary"
	"hash/fnv"
	"testing"
)

// The inline hash is hash/fnv's 64-bit FNV-1a over the same bytes.
func TestFingerprinterIsFNV1a(t *testing.T) {
	t.Parallel()
	f := fingerprinter{h: fnvOffset}
	want := fnv.New64a()
	var buf [binary.MaxVarintLen64]byte
	for _, v := range []int{0, 1, -5, 300, 1 << 40} {
		f.int(v)
		want.Write(buf[:binary.PutVarint(buf[:], int64(v))])
	}
	f.str("héllo")
	want.Write(buf[:binary.PutVarint(buf[:], int64(len("héllo")))])
	want.Write([]byte("héllo"))
	f.write([]byte{0, 255, 7})
	want.Write([]byte{0, 255, 7})
	if got, w := f.h, want.Sum64(); got != w {
		t.Fatalf("fingerprint %x, FNV-1a %x", got, w)
	}
}
