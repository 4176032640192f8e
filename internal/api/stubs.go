package api

// Routes Weblate has and gitlate holds no data for. They answer with Weblate's Allow
// header and status — empty lists, 404 for any object, 405 for a GET where Weblate
// only takes POST — so clients probing them see Weblate's behaviour, not a missing route.

const allowPostOnly = "POST, OPTIONS"

func init() {
	routes = append(routes,
		// Installing add-ons and starting automatic translation write to the database.
		route{path: "/api/components/:project/:component/addons/", allow: allowPostOnly, name: "Addons", desc: descComponents},
		route{path: "/api/translations/:project/:component/:language/autotranslate/", allow: allowPostOnly, name: "Autotranslate", desc: descComponents},

		route{path: "/api/components/:project/:component/screenshots/", allow: allowRead, name: "Screenshots", desc: descComponents, get: listComponentScreenshots},

		// Objects of the lists that are always empty.
		route{path: "/api/groups/:id/", allow: allowInstance, name: "Group Instance", desc: "Groups API.", get: getNothing},
		route{path: "/api/roles/:id/", allow: allowInstance, name: "Role Instance", desc: "Roles API.", get: getNothing},
		route{path: "/api/component-lists/:slug/", allow: allowInstance, name: "Component List Instance", desc: "Component lists API.", get: getNothing},
		route{path: "/api/screenshots/:id/", allow: allowInstance, name: "Screenshot Instance", desc: "Screenshots API.", get: getNothing},
	)
}

func getNothing(*request) error { return errNotFound }

func listComponentScreenshots(r *request) error {
	if _, err := r.component(); err != nil {
		return err
	}
	return r.writePage(nil)
}
