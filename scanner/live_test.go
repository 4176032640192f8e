package scanner

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	interval := 5 * time.Minute
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 5 * time.Minute, 5 * time.Minute}
	for i, w := range want {
		if got := backoff(i+1, interval); got != w {
			t.Errorf("after %d failures: %s, want %s", i+1, got, w)
		}
	}
	if got := backoff(3, 20*time.Second); got != 20*time.Second {
		t.Errorf("short interval: %s", got)
	}
}
