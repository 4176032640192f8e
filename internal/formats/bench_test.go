package formats

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

// corpus loads the files of one full corpus, from $GITLATE_TEST_SHARED/corpora
// (skipping without it: the figures are those of the full corpora, not of the
// trimmed copies the tests use).
func corpus(b *testing.B, name string) [][]byte {
	if !corpora.Full() {
		b.Skip("the parser benchmarks read the full corpora: set " + corpora.EnvShared + "=DIR (DIR/corpora)")
	}
	var paths []string
	for _, c := range corpora.All {
		if c.Name == name {
			var err error
			if paths, err = c.Files(); err != nil {
				b.Skip(err)
			}
		}
	}
	if len(paths) == 0 {
		b.Skip("no corpus " + name)
	}
	var files [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
	}
	return files
}

func benchParse(b *testing.B, files [][]byte, parse func([]byte) (*File, error)) {
	total := 0
	for _, f := range files {
		total += len(f)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			if _, err := parse(f); err != nil {
				b.Fatal(err)
			}
		}
	}
	// Wall-clock MB/s suffers when other processes share the machine; throughput
	// per CPU-second (GC work included) is the steadier figure.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(total)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkParseAresource measures the production parser on the Android corpora.
func BenchmarkParseAresource(b *testing.B) {
	for _, c := range []string{"newpipe", "fdroidclient"} {
		b.Run(c, func(b *testing.B) { benchParse(b, corpus(b, c), androidFormat{}.Parse) })
	}
}

// BenchmarkStreamAresource is BenchmarkParseAresource handing units over one at a
// time (Streamer), as statistics read translation files.
func BenchmarkStreamAresource(b *testing.B) {
	stream := func(data []byte) (*File, error) {
		_, err := androidFormat{}.Stream(data, func(*Unit) {})
		return nil, err
	}
	for _, c := range []string{"newpipe", "fdroidclient"} {
		b.Run(c, func(b *testing.B) { benchParse(b, corpus(b, c), stream) })
	}
}

// BenchmarkParseAresourceUTF16 is BenchmarkParseAresource on the same files in
// UTF-16 (bytes per second are those of the UTF-16 files).
func BenchmarkParseAresourceUTF16(b *testing.B) {
	files := corpus(b, "newpipe")
	for i, f := range files {
		files[i] = []byte(utf16Bytes(string(f), false, bomLE))
	}
	benchParse(b, files, androidFormat{}.Parse)
}

// BenchmarkParseTBX measures the production parser on the TBX corpus.
func BenchmarkParseTBX(b *testing.B) {
	benchParse(b, corpus(b, "slicer-glossary"), tbxFormat{}.Parse)
}

// BenchmarkParseReference measures the encoding/xml reference implementations,
// which the fast parsers replace.
func BenchmarkParseReference(b *testing.B) {
	for _, c := range []string{"newpipe", "fdroidclient"} {
		b.Run("aresource/"+c, func(b *testing.B) { benchParse(b, corpus(b, c), refAndroidParse) })
	}
	b.Run("tbx/slicer-glossary", func(b *testing.B) { benchParse(b, corpus(b, "slicer-glossary"), refTBXParse) })
}

// BenchmarkEncodingXMLTokens is the ceiling of any encoding/xml based parser: just
// reading every token, no unit semantics.
func BenchmarkEncodingXMLTokens(b *testing.B) {
	for _, c := range []string{"newpipe", "fdroidclient", "slicer-glossary"} {
		b.Run(c, func(b *testing.B) {
			benchParse(b, corpus(b, c), func(data []byte) (*File, error) {
				d := xml.NewDecoder(bytes.NewReader(data))
				for {
					if _, err := d.Token(); err == io.EOF {
						return nil, nil
					} else if err != nil {
						return nil, err
					}
				}
			})
		})
	}
}
