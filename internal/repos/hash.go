package repos

import (
	"crypto/sha1"
	"strconv"
)

// HashBlob returns the git blob id of data, exactly as `git hash-object` computes
// it: SHA-1 over "blob <size>\x00" followed by the content. It is how a working-tree
// file gets the same id as the committed blob with the same content.
func HashBlob(data []byte) Hash {
	h := sha1.New()
	var hdr [32]byte
	b := append(hdr[:0], "blob "...)
	b = strconv.AppendInt(b, int64(len(data)), 10)
	b = append(b, 0)
	h.Write(b)
	h.Write(data)
	var id Hash
	h.Sum(id[:0])
	return id
}
