package api

import (
	"sort"
	"strconv"

	"github.com/gitlate/gitlate/internal/metrics"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// What projects.yaml declares about a component besides its files — add-ons, the
// projects it is shared into, its lock (routes.go) — and the metrics view
// (weblate/api/views.py MetricsView).

func init() {
	routes = append(routes,
		route{path: "/api/addons/:id/", allow: allowInstance, name: "Addon Instance", desc: "", get: getAddon},
		// Weblate's metrics view requires a login; a read-only mirror has nothing to
		// hide in these counts, and monitoring is simpler without a token.
		route{path: "/api/metrics/", allow: allowRead, name: "Metrics", desc: "Metrics view for monitoring.", get: getMetrics},
	)
}

// snapAddon is an add-on of a snapshot's component.
type snapAddon struct {
	c *snapshot.Component
	a *snapshot.Addon
}

// addonsOf lists every add-on of a snapshot in id order.
func addonsOf(snap *snapshot.Snapshot) []snapAddon {
	var all []snapAddon
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			for _, a := range c.Addons {
				all = append(all, snapAddon{c: c, a: a})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].a.ID < all[j].a.ID })
	return all
}

// buildExtras renders the add-ons, the component links and the metrics. It runs
// after the projects are rendered: links embed them.
func (v *views) buildExtras() {
	all := addonsOf(v.snap)
	v.addonIndex = make(map[int]*doc, len(all))
	for _, a := range all {
		d := render(func(e *enc) { writeAddon(e, a) })
		v.addonList = append(v.addonList, d)
		v.addonIndex[a.a.ID] = d
	}
	v.links = map[*snapshot.Component][]*doc{}
	for _, p := range v.snap.Projects {
		for _, c := range p.Components {
			var shared []*snapshot.Project
			for _, slug := range c.Config.Links {
				// The config refuses unknown slugs; a snapshot built in code may still hold one.
				if lp := v.snap.Project(slug); lp != nil {
					shared = append(shared, lp)
				}
			}
			sort.SliceStable(shared, func(i, j int) bool { return shared[i].ID < shared[j].ID })
			for _, lp := range shared {
				v.links[c] = append(v.links[c], v.projects[lp].detail)
			}
		}
	}
	v.metrics = render(func(e *enc) { writeMetrics(e, metrics.Count(v.snap)) })
}

// writeAddon writes an add-on in the shape of Weblate's AddonSerializer.
func writeAddon(e *enc, a snapAddon) {
	e.Obj()
	e.Key("component")
	e.url(a.c.APIPath())
	e.Key("name")
	e.Str(a.a.Config.Name)
	e.Key("id")
	e.Int(int64(a.a.ID))
	e.Key("configuration")
	conf := a.a.Config.Configuration
	if len(conf) == 0 {
		conf = []byte("{}")
	}
	// The config package rendered it as JSON; it holds no URL of this server to fill in.
	e.raw(newDoc(conf, nil, nil))
	e.Key("url")
	e.url(snapshot.AddonAPIPath(a.a.ID))
	e.End()
}

func listAddons(r *request) error { return r.writePage(r.v.addonList) }

func getAddon(r *request) error {
	id, err := strconv.Atoi(r.param("id"))
	if err != nil {
		return errNotFound
	}
	d := r.v.addonIndex[id]
	if d == nil {
		return errNotFound
	}
	return r.writeDoc(d)
}

// siteName is the metrics view's name (Weblate's SITE_TITLE).
const siteName = "gitlate"

// writeMetrics writes the metrics view's keys in Weblate's order.
func writeMetrics(e *enc, f metrics.Figures) {
	e.Obj()
	for _, kv := range []struct {
		key   string
		value int
	}{
		{"units", f.Units}, {"units_translated", f.UnitsTranslated}, {"users", f.Users},
		{"changes", f.Changes}, {"projects", f.Projects}, {"components", f.Components},
		{"translations", f.Translations}, {"languages", f.Languages}, {"checks", f.Checks},
		{"configuration_errors", f.ConfigurationErrors}, {"suggestions", f.Suggestions},
	} {
		e.Key(kv.key)
		e.Int(int64(kv.value))
	}
	e.Key("celery_queues")
	e.Obj() // gitlate has no task queues
	e.End()
	e.Key("name")
	e.Str(siteName)
	e.End()
}

func getMetrics(r *request) error { return r.writeDoc(r.v.metrics) }
