package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Plain documents and hostile shapes of monolingual gettext PO and the CSV
// formats (internal/formats/pomono.go, csv.go, csvsniff.go).
func init() {
	morePlain["po-mono"] = func(r *rand.Rand, size int) []byte {
		return fill(size, poHead, "", func(i int) string {
			return fmt.Sprintf("#: src/%s.c:%d\nmsgctxt \"%s\"\nmsgid \"k%d.%s\"\nmsgstr \"%s\"\n\n", word(r), i, word(r), i, word(r), text(r))
		})
	}
	moreShapes["po-mono"] = []hostileShape{
		{"many units", morePlain["po-mono"]},
		{"one context many times", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(int) string { return "msgctxt \"c\"\nmsgid \"same\"\nmsgstr \"" + word(r) + "\"\n\n" })
		}},
		{"keys of white space to strip", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(i int) string {
				return fmt.Sprintf("msgctxt \"%s\"\nmsgid \"%s%d%s\"\nmsgstr \"x\"\n\n", strings.Repeat(" ", 20), strings.Repeat("\\t", 10), i, strings.Repeat(" ", 20))
			})
		}},
		{"one msgid of many continuation lines", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead+"msgctxt \"c\"\nmsgid \"\"\n", "msgstr \"x\"\n", func(int) string { return "\"" + word(r) + " \"\n" })
		}},
	}

	csvPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "\"location\",\"source\",\"target\",\"id\",\"fuzzy\",\"context\",\"translator_comments\",\"developer_comments\"\n", "", func(i int) string {
			return fmt.Sprintf("\"src/%s.c:%d\",\"%s\",\"%s\",\"\",\"False\",\"k%d\",\"\",\"%s\"\n", word(r), i, text(r), text(r), i, word(r))
		})
	}
	simplePlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string { return fmt.Sprintf("\"%s %d\",\"%s\"\n", text(r), i, text(r)) })
	}
	morePlain["csv"] = csvPlain
	morePlain["csv-simple"] = simplePlain
	morePlain["csv-simple-iso"] = simplePlain
	shapes := []hostileShape{
		{"many rows", csvPlain},
		// No quoted field: the delimiter is guessed from every ASCII character's
		// count on every line.
		{"many short unquoted lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return word(r)[:2] + "\n" })
		}},
		{"unquoted lines of every ASCII character", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string {
				var b strings.Builder
				for c := 33; c < 127; c++ {
					if c != '"' && c != '\'' {
						b.WriteString(strings.Repeat(string(rune(c)), 1+(i+c)%3))
					}
				}
				return b.String() + "\n"
			})
		}},
		// Quotes the sniffer's lazy expressions look for a closing of and
		// never find.
		{"quotes never closed before a delimiter", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return ",\"" + word(r) + " '" + word(r) + "\n" })
		}},
		{"quotes after many different delimiters", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return string(rune(0x2000+i%0x60)) + "\"" + word(r) })
		}},
		{"line starts of quotes without a closing", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return "\"" + word(r) + "\n" })
		}},
		{"one quoted field over many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "source,target\n\"", "\",x\n", func(int) string { return word(r) + "\n" })
		}},
		{"a header of many columns", func(r *rand.Rand, size int) []byte {
			doc := fill(size/2, "source", "\n", func(i int) string { return fmt.Sprintf(",c%d", i) })
			return append(doc, fill(size/2, "", "", func(i int) string { return fmt.Sprintf("%s,%s\n", word(r), word(r)) })...)
		}},
		{"a header of one name many times", func(r *rand.Rand, size int) []byte {
			doc := fill(size/2, "source", "\n", func(int) string { return ",source" })
			return append(doc, fill(size/2, "", "", func(i int) string { return fmt.Sprintf("%s,%s\n", word(r), word(r)) })...)
		}},
		{"doubled quotes and escapes", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(int) string { return "\"a\"\"b\\\"\"c\",\"'=" + word(r) + "\\|'\"\n" })
		}},
	}
	moreShapes["csv"] = shapes
	moreShapes["csv-simple"] = shapes
	moreShapes["csv-simple-iso"] = shapes[:4]

	srtPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string {
			return fmt.Sprintf("%d\n00:%02d:%02d,%03d --> 00:%02d:%02d,%03d\n%s\n%s\n\n", i+1, i/60%60, i%60, i%1000, i/60%60, i%60, (i+500)%1000, text(r), text(r))
		})
	}
	ssaHead := "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
	ssaPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, ssaHead, "", func(i int) string {
			return fmt.Sprintf("Dialogue: 0,0:%02d:%02d.%02d,0:%02d:%02d.%02d,Default,,0000,0000,0000,,%s\\N%s\n", i/60%60, i%60, i%100, i/60%60, i%60, (i+50)%100, text(r), text(r))
		})
	}
	subPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string { return fmt.Sprintf("{%d}{%d}%s|%s\n", 10*i, 10*i+5, text(r), text(r)) })
	}
	morePlain["srt"], morePlain["ass"], morePlain["ssa"], morePlain["sub"] = srtPlain, ssaPlain, ssaPlain, subPlain
	subtitleShapes := []hostileShape{
		{"one cue of many text lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "1\n00:00:01,000 --> 00:00:02,000\n", "", func(int) string { return text(r) + "\n" })
		}},
		{"many number lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "1\n00:00:01,000 --> 00:00:02,000\nA\n", "", func(i int) string { return fmt.Sprintf("\n%d\n", i) })
		}},
		{"many Format lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "ScriptType: v4.00+\n[Events]\n", "Dialogue: 0:00:01.00,0:00:02.00,A\n", func(int) string { return "Format: Start, End, Text\n" })
		}},
		{"a Format of many fields", func(r *rand.Rand, size int) []byte {
			doc := fill(size/2, "ScriptType: v4.00+\n[Events]\nFormat: Start, End, Text", "\n", func(i int) string { return fmt.Sprintf(", F%d", i) })
			return append(doc, fill(size/2, "", "", func(int) string { return "Dialogue: 0:00:01.00,0:00:02.00," + word(r) + "\n" })...)
		}},
		{"lines that look like no format until the last", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "{1}{2}A\n", func(int) string { return text(r) + "\n" })
		}},
		{"many WebVTT blocks", func(r *rand.Rand, size int) []byte {
			return fill(size, "WEBVTT\n\n", "", func(i int) string {
				return fmt.Sprintf("NOTE %s\n\n00:%02d.000 --> 00:%02d.500\n%s\n\n", word(r), i%60, i%60, text(r))
			})
		}},
	}
	moreShapes["srt"] = append([]hostileShape{{"many cues", srtPlain}}, subtitleShapes...)
	moreShapes["ass"] = []hostileShape{{"many cues", ssaPlain}, subtitleShapes[2], subtitleShapes[3]}
	moreShapes["ssa"] = []hostileShape{{"many cues", ssaPlain}}
	moreShapes["sub"] = []hostileShape{{"many cues", subPlain}, subtitleShapes[4]}
}
