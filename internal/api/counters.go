package api

import (
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The counters of the objects that carry statistics (a translation, a statistics
// object, a project's language) are tables of Weblate's keys, in its order, each
// naming the count it reads; writeCounters writes a table.

// stat names one count of snapshot.Stats.
type stat uint8

const (
	total stat = iota
	totalWords
	totalChars
	translated
	translatedWords
	translatedChars
	fuzzy
	fuzzyWords
	fuzzyChars
	failing
	failingWords
	failingChars
	approved
	approvedWords
	approvedChars
	readonly
	readonlyWords
	readonlyChars
	suggestions
	comments
	recentChanges
	numStats
)

// statValues are the counts of s, indexed by stat.
func statValues(s *snapshot.Stats) [numStats]int {
	return [numStats]int{
		total: s.Total, totalWords: s.TotalWords, totalChars: s.TotalChars,
		translated: s.Translated, translatedWords: s.TranslatedWords, translatedChars: s.TranslatedChars,
		fuzzy: s.Fuzzy, fuzzyWords: s.FuzzyWords, fuzzyChars: s.FuzzyChars,
		failing: s.Failing, failingWords: s.FailingWords, failingChars: s.FailingChars,
		approved: s.Approved, approvedWords: s.ApprovedWords, approvedChars: s.ApprovedChars,
		readonly: s.Readonly, readonlyWords: s.ReadonlyWords, readonlyChars: s.ReadonlyChars,
		suggestions: s.Suggestions, comments: s.Comments, recentChanges: s.RecentChanges,
	}
}

// counterKind is how a counter writes its count.
type counterKind uint8

const (
	plain       counterKind = iota // the count itself
	percent                        // part of whole, one decimal; 0.0 where whole is 0
	percentFull                    // the same, but 100.0 where whole is 0 (Weblate's zero_complete)
)

// counter is one key of a statistics-carrying object: a count, or a percentage of
// one count (n) of another (of), rounded as weblate.Percent rounds.
type counter struct {
	key  string
	kind counterKind
	n    stat
	of   stat
}

func count(key string, n stat) counter { return counter{key: key, kind: plain, n: n} }

func pct(key string, part, whole stat) counter {
	return counter{key: key, kind: percent, n: part, of: whole}
}

func pctFull(key string, part, whole stat) counter {
	return counter{key: key, kind: percentFull, n: part, of: whole}
}

// writeCounters writes the keys of table with the counts of s.
func writeCounters(e *enc, s *snapshot.Stats, table []counter) {
	v := statValues(s)
	for i := range table {
		c := &table[i]
		e.Key(c.key)
		if c.kind == plain {
			e.Int(int64(v[c.n]))
		} else {
			e.pct(weblate.Percent(v[c.n], v[c.of], c.kind == percentFull))
		}
	}
}

// translationCounters are a translation's (TranslationSerializer), between is_source
// and last_change.
var translationCounters = []counter{
	count("total", total),
	count("total_words", totalWords),
	count("translated", translated),
	count("translated_words", translatedWords),
	pctFull("translated_percent", translated, total),
	count("fuzzy", fuzzy),
	count("fuzzy_words", fuzzyWords),
	pct("fuzzy_percent", fuzzy, total),
	count("failing_checks", failing),
	count("failing_checks_words", failingWords),
	pct("failing_checks_percent", failing, total),
	count("have_suggestion", suggestions),
	count("have_comment", comments),
}

// statsTotals open a statistics object (StatisticsSerializer); statsCounters follow
// its last change.
var (
	statsTotals = []counter{
		count("total", total),
		count("total_words", totalWords),
	}
	statsCounters = []counter{
		count("recent_changes", recentChanges),
		count("translated", translated),
		count("translated_words", translatedWords),
		pctFull("translated_percent", translated, total),
		pctFull("translated_words_percent", translatedWords, totalWords),
		count("translated_chars", translatedChars),
		pctFull("translated_chars_percent", translatedChars, totalChars),
		count("total_chars", totalChars),
		count("fuzzy", fuzzy),
		pct("fuzzy_percent", fuzzy, total),
		count("failing", failing),
		pct("failing_percent", failing, total),
		count("approved", approved),
		pct("approved_percent", approved, total),
		count("readonly", readonly),
		pct("readonly_percent", readonly, total),
		count("suggestions", suggestions),
		count("comments", comments),
	}
)

// statsCountersV5 are the counters Weblate 5.2 added to the statistics, in the
// order its StatisticsSerializer writes them (weblate/api/serializers.py; the
// percentages from BaseStats.calculate_percents in weblate/utils/stats.py, over
// all words or all characters). They come after every key Weblate 4.18 writes, so
// a 4.18 answer is this one up to them: clients written for either release read
// the numbers they expect, where a missing key would read as zero.
var statsCountersV5 = []counter{
	count("fuzzy_words", fuzzyWords),
	pct("fuzzy_words_percent", fuzzyWords, totalWords),
	count("fuzzy_chars", fuzzyChars),
	pct("fuzzy_chars_percent", fuzzyChars, totalChars),
	count("approved_words", approvedWords),
	pct("approved_words_percent", approvedWords, totalWords),
	count("approved_chars", approvedChars),
	pct("approved_chars_percent", approvedChars, totalChars),
	count("readonly_words", readonlyWords),
	pct("readonly_words_percent", readonlyWords, totalWords),
	count("readonly_chars", readonlyChars),
	pct("readonly_chars_percent", readonlyChars, totalChars),
}

// projectLanguageCounters are a project's language (weblate/api/views.py
// ProjectViewSet.languages), after its language and code.
var projectLanguageCounters = []counter{
	count("total", total),
	count("translated", translated),
	pctFull("translated_percent", translated, total),
	count("total_words", totalWords),
	count("translated_words", translatedWords),
	pctFull("translated_words_percent", translatedWords, totalWords),
	count("total_chars", totalChars),
	count("translated_chars", translatedChars),
	pctFull("translated_chars_percent", translatedChars, totalChars),
}
