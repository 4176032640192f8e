package web

import (
	"github.com/gitlate/gitlate/internal/progress"
)

// Progress gives the pages the statistics of their objects over time, commit by
// commit in the repositories' history: the change log's progress.Index.
type Progress = progress.Source
