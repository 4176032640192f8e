package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
)

// listed gives a translation's units through UnitList, as a server does, and
// records how far they were read.
type listed struct {
	units []Unit
	reads int // At calls
	max   int // the highest index read
}

func (l *listed) Len() int { return len(l.units) }

func (l *listed) At(i int) Unit {
	l.reads++
	l.max = max(l.max, i)
	return l.units[i]
}

// chunks records the writes a conversion makes, and how far its units had been
// read at the first one.
type chunks struct {
	list       *listed
	writes     int
	largest    int
	n          int
	firstAfter int // the highest unit index read when the first write came
	failAfter  int // fail writes once this many bytes were taken (0: never)
	buf        bytes.Buffer
}

var errClosed = errors.New("the client went away")

func (c *chunks) Write(p []byte) (int, error) {
	if c.failAfter > 0 && c.n >= c.failAfter {
		return 0, errClosed
	}
	if c.writes == 0 {
		c.firstAfter = c.list.max
	}
	c.writes++
	c.largest = max(c.largest, len(p))
	c.n += len(p)
	return c.buf.Write(p)
}

// TestStreamedMatchesGolden: written through a UnitList, in chunks, every format
// is the golden bytes the in-memory writers made, and the caller's units are not
// changed.
func TestStreamedMatchesGolden(t *testing.T) {
	t.Parallel()
	for name, tr := range goldenCases() {
		l := &listed{units: tr.Units}
		tr.Units, tr.List = nil, l
		for _, format := range Formats() {
			c, err := Convert(format, tr)
			if err != nil {
				t.Fatal(err)
			}
			w := &chunks{list: l}
			if err := c.Write(context.Background(), w); err != nil {
				t.Fatalf("%s %s: %v", name, format, err)
			}
			testutil.Golden(t, filepath.Join("testdata", "golden", name+"."+format), w.buf.Bytes())
		}
	}
	tr := goldenCases()["edge"]
	tr.List = &listed{units: tr.Units}
	tr.Units = nil
	if _, err := Export("po", tr); err != nil {
		t.Fatal(err)
	}
	if u := tr.List.At(5); u.Source[0] != "eot\x04here\x00 and \xff" || u.Context != "c\x04tx" {
		t.Errorf("the export changed its input: %q %q", u.Source, u.Context)
	}
}

// bigTranslation has n plain units, every one translated.
func bigTranslation(n int) (*Translation, *listed) {
	tr := sample()
	l := &listed{}
	for i := 0; i < n; i++ {
		l.units = append(l.units, Unit{Source: []string{fmt.Sprintf("Source string number %d with some words", i)},
			Target: []string{fmt.Sprintf("Zdrojový řetězec číslo %d s několika slovy", i)}, Context: fmt.Sprintf("key.%d", i),
			Location: "src/file.c:1", State: 20, IDHash: int64(i)})
	}
	tr.Units, tr.List = nil, l
	return tr, l
}

// TestStreamedInChunks: a conversion hands its writer chunks of at most its
// buffer, and, but for MO and JSON (which read every key first), starts writing
// before it has read a tenth of the units: it holds neither the file nor the units.
func TestStreamedInChunks(t *testing.T) {
	t.Parallel()
	const n = 5000
	for _, format := range Formats() {
		tr, l := bigTranslation(n)
		c, err := Convert(format, tr)
		if err != nil {
			t.Fatal(err)
		}
		w := &chunks{list: l}
		if err := c.Write(context.Background(), w); err != nil {
			t.Fatal(err)
		}
		if w.largest > bufferSize || w.writes < w.n/bufferSize {
			t.Errorf("%s: %d writes of %d bytes, the largest %d", format, w.writes, w.n, w.largest)
		}
		twoPass := format == "mo" || format == "json"
		if !twoPass && w.firstAfter >= n/10 {
			t.Errorf("%s: the first write came after unit %d of %d", format, w.firstAfter, n)
		}
		// Each unit is read once, MO's and JSON's twice.
		if reads := l.reads; !twoPass && reads != n || twoPass && reads != 2*n {
			t.Errorf("%s: %d units read %d times", format, n, reads)
		}
	}
}

// TestStreamStops: a conversion stops when its writer fails or its context ends,
// a few units later, and says why.
func TestStreamStops(t *testing.T) {
	t.Parallel()
	const n = 20000
	for _, format := range Formats() {
		tr, l := bigTranslation(n)
		c, err := Convert(format, tr)
		if err != nil {
			t.Fatal(err)
		}
		w := &chunks{list: l, failAfter: 1}
		if err := c.Write(context.Background(), w); !errors.Is(err, errClosed) {
			t.Errorf("%s: a failing writer gave %v", format, err)
		}
		// Past the failure, at most the units of a buffer and of a check's interval
		// are read: a few hundred, not the rest of them.
		limit := 2*bufferSize/50 + checkEvery
		if format == "mo" || format == "json" {
			limit += n // their first pass writes nothing
		}
		if l.reads > limit {
			t.Errorf("%s: %d units read after the writer failed", format, l.reads)
		}

		tr, l = bigTranslation(n)
		c, _ = Convert(format, tr)
		ctx, cancel := context.WithCancel(context.Background())
		cw := &cancelling{cancel: cancel}
		if err := c.Write(ctx, cw); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: a cancelled context gave %v", format, err)
		}
		if l.reads > limit {
			t.Errorf("%s: %d units read after the context ended", format, l.reads)
		}
	}
}

// cancelling ends its context at the first write.
type cancelling struct{ cancel func() }

func (c *cancelling) Write(p []byte) (int, error) {
	c.cancel()
	return len(p), nil
}

// TestSum: a conversion's sum is the same for the same input, whether its units
// come as a slice or a list, and changes with anything the bytes follow from.
func TestSum(t *testing.T) {
	t.Parallel()
	sum := func(format string, change func(*Translation)) uint64 {
		tr := sample()
		if change != nil {
			change(tr)
		}
		c, err := Convert(format, tr)
		if err != nil {
			t.Fatal(err)
		}
		return c.Sum()
	}
	base := sum("po", nil)
	if listed := sum("po", func(tr *Translation) { tr.List, tr.Units = &listed{units: tr.Units}, nil }); listed != base {
		t.Error("the same units as a list have another sum")
	}
	changes := map[string]func(*Translation){
		"time":        func(tr *Translation) { tr.Time = tr.Time.Add(time.Minute) },
		"zone":        func(tr *Translation) { tr.Time = tr.Time.In(time.FixedZone("", 3600)) },
		"project":     func(tr *Translation) { tr.ProjectName = "Other" },
		"plurals":     func(tr *Translation) { tr.Language.Plurals = 2 },
		"url":         func(tr *Translation) { tr.URL += "x" },
		"target":      func(tr *Translation) { tr.Units[1].Target[1] = "x" },
		"plural form": func(tr *Translation) { tr.Units[1].Target = append(tr.Units[1].Target, "") },
		"flag":        func(tr *Translation) { tr.Units[0].Flags = append(tr.Units[0].Flags, "x") },
		"state":       func(tr *Translation) { tr.Units[0].State = 30 },
		"id hash":     func(tr *Translation) { tr.Units[2].IDHash++ },
		"shift":       func(tr *Translation) { tr.Units[0].Note, tr.Units[0].Explanation = tr.Units[0].Note+"G", "reeting" },
		"fewer units": func(tr *Translation) { tr.Units = tr.Units[1:] },
	}
	for name, change := range changes {
		if sum("po", change) == base {
			t.Errorf("%s: the sum did not change", name)
		}
	}
	if sum("xliff", nil) == base {
		t.Error("another format has the same sum")
	}
}
