package scanner

import (
	"fmt"
	"testing"
)

// TestWeblateHash checks the hashes against a unit of a real Weblate (the 4.0.2
// recording in ../shared/reference: /api/units/17/, context "app_name", source
// "Oracle Demo", web_url checksum e52d7eb2e28a9a12).
func TestWeblateHash(t *testing.T) {
	if got := weblateHash("app_name"); got != 7290622678552713746 {
		t.Errorf("id_hash = %d", got)
	}
	if got := weblateHash("Oracle Demo", "app_name"); got != -3326048425806674693 {
		t.Errorf("content_hash = %d", got)
	}
	if got := fmt.Sprintf("%016x", uint64(weblateHash("app_name"))^1<<63); got != "e52d7eb2e28a9a12" {
		t.Errorf("checksum = %s", got)
	}
}
