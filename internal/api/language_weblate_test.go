package api

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// languageData is the repository's copy of language-data 2023.5, the table
// Weblate 4.18 loads.
const languageData = "../lang/internal/gen/data"

func readLanguageData(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(languageData, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs[1:]
}

// TestLanguageDetailAsWeblate: /api/languages/{code}/ for every language of
// the samples is what Weblate 4.18's LanguageSerializer shows for a database
// set up from language-data 2023.5 (weblate/api/serializers.py; ids follow
// languages.csv, as Language.objects.setup creates them in that order):
// fields in its order, name, plural (its default plural: id, source 0,
// number, formula), aliases (Language.get_aliases_names: ALIASES entries
// naming the code, in order), direction (guess_direction: base code or code
// in RTL_LANGS), population and the three URLs. Expectations are read from
// the CSV files here, not from package lang.
func TestLanguageDetailAsWeblate(t *testing.T) {
	// Weblate's get_plural_type of these formulas (weblate/lang/data.py
	// PLURAL_MAPPINGS; Arabic's through its special case).
	types := map[string]int{
		"n != 1": 1, "n > 1": 1, "0": 0,
		"(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2":                                            22,
		"(n == 1) ? 0 : ((n == 2) ? 1 : ((n > 10 && n % 10 == 0) ? 2 : 3))":              6,
		"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5": 3,
	}
	row := map[string]int{}
	langs := readLanguageData(t, "languages.csv")
	for i, r := range langs {
		row[r[0]] = i
	}
	pop := map[string]int64{}
	for _, r := range readLanguageData(t, "population.csv") {
		pop[r[0]], _ = strconv.ParseInt(r[1], 10, 64)
	}
	rtl := map[string]bool{}
	for _, r := range readLanguageData(t, "rtl.csv") {
		rtl[r[0]] = true
	}
	aliases := map[string][]any{}
	for _, r := range readLanguageData(t, "aliases.csv") {
		aliases[r[1]] = append(aliases[r[1]], r[0])
	}

	h := sampleServer(t)
	var list struct {
		Results []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/languages/?page_size=1000").body), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Results) < 5 {
		t.Fatalf("only %d sample languages", len(list.Results))
	}
	for _, l := range list.Results {
		i, ok := row[l.Code]
		if !ok {
			t.Errorf("%s is not in languages.csv", l.Code)
			continue
		}
		r := langs[i]
		number, _ := strconv.Atoi(r[2])
		typ, ok := types[r[3]]
		if !ok {
			t.Fatalf("%s: add the type of %q to this test", r[0], r[3])
		}
		dir := "ltr"
		if base, _, _ := strings.Cut(strings.ReplaceAll(r[0], "_", "-"), "-"); rtl[base] || rtl[r[0]] {
			dir = "rtl"
		}
		al := aliases[r[0]]
		if al == nil {
			al = []any{}
		}
		base := "http://gitlate.test"
		want := map[string]any{
			"code": r[0],
			"name": r[1],
			"plural": map[string]any{
				"id": float64(i + 1), "source": float64(0), "number": float64(number), "formula": r[3], "type": float64(typ),
			},
			"aliases":        al,
			"direction":      dir,
			"population":     float64(pop[r[0]]),
			"web_url":        base + "/languages/" + r[0] + "/",
			"url":            base + "/api/languages/" + r[0] + "/",
			"statistics_url": base + "/api/languages/" + r[0] + "/statistics/",
		}
		body := do(t, h, "GET", "/api/languages/"+l.Code+"/").body
		var got map[string]any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("/api/languages/%s/:\n got %v\nwant %v", l.Code, got, want)
		}
		if keys, order := topKeys(t, body), []string{"code", "name", "plural", "aliases", "direction", "population", "web_url", "url", "statistics_url"}; !slices.Equal(keys, order) {
			t.Errorf("/api/languages/%s/ fields %v, LanguageSerializer %v", l.Code, keys, order)
		}
	}
}

// topKeys lists the keys of a JSON object in document order.
func topKeys(t *testing.T, body string) []string {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		t.Fatal(err)
	}
	var keys []string
	dec := json.NewDecoder(strings.NewReader(body))
	dec.Token() // {
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
