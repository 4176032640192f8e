package testutil

import (
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// StorageAlerts are the StorageError alerts of snap's components, each as
// "component-slug: message".
func StorageAlerts(snap *snapshot.Snapshot) []string {
	var out []string
	for _, a := range snap.Alerts {
		if a.Kind == weblate.AlertStorage {
			out = append(out, a.Component.Config.Slug+": "+a.Message)
		}
	}
	return out
}
