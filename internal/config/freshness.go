package config

import (
	"time"

	"gopkg.in/yaml.v3"
)

// DefaultFetchInterval is how often a remote repository is fetched when the file
// does not say.
const DefaultFetchInterval = 5 * time.Minute

// minFetchInterval keeps a typo ("5s" for "5m") from hammering a forge.
const minFetchInterval = 10 * time.Second

// fetchIntervalField decodes a component's fetch_interval: a Go duration ("5m",
// "1h30m") of at least 10s, or "off" to fetch only on request and webhooks.
var fetchIntervalField = field[Component]{key: "fetch_interval", decode: func(d *decoder, n *yaml.Node, path string, c *Component) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		d.problem(n, path, `must be a duration such as "5m", or "off", not %s`, describe(n))
		return
	}
	if n.Value == "off" {
		c.FetchInterval = 0
		return
	}
	dur, err := time.ParseDuration(n.Value)
	if err != nil {
		d.problem(n, path, `must be a duration such as "5m", or "off"`)
		return
	}
	if dur < minFetchInterval {
		d.problem(n, path, "must be at least %s", minFetchInterval)
		return
	}
	c.FetchInterval = dur
}}

// tokensField decodes the API tokens that may use the write operations (a pull of
// the repositories). Tokens can also come from the environment (GITLATE_TOKENS).
var tokensField = field[Config]{key: "tokens", decode: func(d *decoder, n *yaml.Node, path string, cfg *Config) {
	seen := map[string]bool{}
	decodeList(d, n, path, func(n *yaml.Node, path string) {
		if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
			d.problem(n, path, "must be a string, not %s", describe(n))
			return
		}
		if len(n.Value) < 16 {
			d.problem(n, path, "is too short to be a secret (at least 16 characters)")
			return
		}
		if seen[n.Value] {
			d.problem(n, path, "duplicate token")
			return
		}
		seen[n.Value] = true
		cfg.Tokens = append(cfg.Tokens, n.Value)
	})
}}
