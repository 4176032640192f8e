package discover

import (
	"github.com/gitlate/gitlate/internal/repos"
)

// suggestLimit bounds the files DidYouMean lists: those nearest to the filemask
// are listed first, and a suggestion is for files near it.
const suggestLimit = 4000

// DidYouMean returns the filemask discovery would propose for the files nearest
// to mask, when it is close enough to mask to be what was meant; "" otherwise.
// It is meant for a filemask that matches nothing: it lists at most
// suggestLimit files of the repository.
func DidYouMean(repo repos.Repository, tree repos.Tree, mask string) string {
	paths, err := Paths(repo, tree, suggestLimit, mask)
	if err != nil {
		return ""
	}
	return Suggest(paths, mask)
}

// Suggest returns, of the filemasks discovery finds in paths (by their names
// alone), the one closest to mask, when fewer than half of its characters
// differ; "" when there is none such. Of masks equally close, the one matching
// more languages wins.
func Suggest(paths []string, mask string) string {
	best, bestDist, bestLangs := "", 0, 0
	for _, c := range candidates(newPathSet(paths)) {
		if c.mask == mask {
			continue
		}
		d := distance(c.mask, mask)
		if best == "" || d < bestDist || d == bestDist && len(c.langs) > bestLangs {
			best, bestDist, bestLangs = c.mask, d, len(c.langs)
		}
	}
	if best == "" || 2*bestDist >= max(len(best), len(mask)) {
		return ""
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
