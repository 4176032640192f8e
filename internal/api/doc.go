// Package api serves the Weblate-compatible REST API from a snapshot: thin gin handlers, pre-rendered JSON in Weblate's field order, and one place that renders errors.
package api
