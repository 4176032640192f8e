// Command gitlate serves a Weblate-compatible read API derived from git repositories.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"expvar"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/accesslog"
	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/discover"
	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/metrics"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/samples"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/units"
	"github.com/gitlate/gitlate/internal/web"
	"github.com/gitlate/gitlate/internal/weblate"
)

const usage = `gitlate serves a Weblate-compatible read API from git repositories.

Usage:
  gitlate [serve] [--config FILE] [--listen ADDR] [--data DIR] [--base-url URL]
                  [--store URL] [--trust-proxy] [--rescan DURATION]
                  [--cors-origin ORIGIN]... [--debug-listen ADDR] [--checks=false]
                  [--access-log]
  gitlate scan    [--config FILE] [--data DIR] [--format table|json] [--checks=false]
  gitlate check   [--config FILE] [--data DIR]
  gitlate lint    [--config FILE] [--data DIR] [--since REF] [--strict]
                  [--format text|json|sarif|github]
  gitlate discover PATH|URL [--format yaml|json]
  gitlate health  [--url URL] [--listen ADDR] [--timeout DURATION]
  gitlate version
  gitlate help

Without --config, gitlate uses the bundled sample repositories.
"gitlate lint" runs Weblate's quality checks on the translations as they are (a
checkout's working tree) and prints each failing string with its file and line;
--since REF keeps only the strings changed since REF (a pull request's). It exits
1 when a check a component lists in enforced_checks fails (any check with
--strict).
"gitlate discover" prints a projects.yaml for the translation files of a repository
(a folder, or a URL it clones for the time of the command).
"gitlate serve" answers /healthz (alive) and /readyz (serving the repositories:
503 while it starts) at the root path, and under --base-url's path too.
"gitlate health" asks a running server's /readyz (by default on the loopback
address of --listen's port) and exits 0 when it is ready, 1 otherwise: a
container's HEALTHCHECK.
Every flag can also be set with an environment variable: GITLATE_ and the flag's
name in capitals, "-" as "_" (GITLATE_CONFIG, GITLATE_BASE_URL, GITLATE_RESCAN,
GITLATE_TRUST_PROXY=1, …); a flag on the command line wins. A flag that takes a
list (--cors-origin) takes commas too, and reads GITLATE_CORS_ORIGINS as well as
GITLATE_CORS_ORIGIN. API tokens for the few write operations come from
GITLATE_TOKENS (comma-separated).
"gitlate COMMAND -h" lists the command's flags with their defaults.
`

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	config, listen, data, baseURL, format string
	debugListen                           string
	store                                 string // --store: "" for the data directory's file, or a postgres:// URL
	instance                              string // this replica's name (changelog.Options.Instance)
	trustProxy                            bool
	since                                 string // lint: the revision changes are counted from
	strict                                bool   // lint: any failing check fails
	checks                                bool   // run the quality checks (true unless --checks=false)
	accessLog                             bool   // serve: log every request
	url                                   string // health: the URL asked
	timeout                               time.Duration
	rescan                                time.Duration
	corsOrigins                           listFlag
}

// listFlag is a flag that may be repeated and takes comma-separated values
// ("--cors-origin a --cors-origin b,c"). Values from the environment are replaced,
// not extended, by the command line's, as every other flag's are.
type listFlag struct {
	values  []string
	fromEnv bool
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(s string) error {
	if l.fromEnv {
		l.values, l.fromEnv = nil, false
	}
	l.values = append(l.values, splitList(s)...)
	return nil
}

// setFromEnvironment marks the values so far as the environment's.
func (l *listFlag) setFromEnvironment() { l.fromEnv = true }

// envAliases are further variables a flag reads: the plural a list is named by.
var envAliases = map[string]string{"cors-origin": "GITLATE_CORS_ORIGINS"}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	if cmd == "version" || slices.Contains(args, "--version") || slices.Contains(args, "-version") {
		fmt.Fprintln(stdout, version())
		return 0
	}
	var o options
	fs := newFlags(cmd, &o, stderr)
	switch cmd {
	case "help": // "-h" and "--help" are flags: they reach fs.Parse, which prints fs.Usage
		fmt.Fprint(stdout, usage)
		return 0
	case "serve", "scan", "check", "lint", "discover", "health":
	default:
		fmt.Fprintf(stderr, "gitlate: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if err := fromEnvironment(fs); err != nil {
		fmt.Fprintf(stderr, "gitlate %s: %v\n", cmd, err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	ctx, in := interruptible(ctx, stderr, os.Exit)
	defer in.Finish()
	switch cmd {
	case "discover":
		return discoverCmd(ctx, fs, &o, stdout, stderr)
	case "health":
		return healthCmd(ctx, fs, &o, stdout, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gitlate %s: unexpected argument %q\n", cmd, fs.Arg(0))
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if cmd == "serve" {
		// serve reads its config once it answers its probes: materializing the
		// samples or reading a large config is part of starting.
		return serveCmd(ctx, &o, logger, in, stderr)
	}
	samplesDir := o.data
	if (cmd == "check" || cmd == "lint") && o.config == "" {
		// check leaves the data directory as it is: the samples it checks are
		// materialized elsewhere, for the time of the check.
		dir, err := os.MkdirTemp("", "gitlate-samples-")
		if err != nil {
			fmt.Fprintf(stderr, "gitlate: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		samplesDir, o.data = dir, dir
	}
	cfg, err := loadConfig(&o, samplesDir)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", err)
		return 1
	}
	switch cmd {
	case "scan":
		return scanCmd(ctx, cfg, &o, stdout, stderr)
	case "check":
		return checkCmd(ctx, cfg, &o, stdout, stderr)
	}
	return lintCmd(ctx, cfg, &o, stdout, stderr)
}

// newFlags defines the flags of cmd into o.
func newFlags(cmd string, o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("gitlate "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fmt.Fprintf(stderr, "\nFlags of gitlate %s:\n", cmd)
		printFlags(stderr, fs)
	}
	if cmd != "discover" && cmd != "health" {
		fs.StringVar(&o.config, "config", "", "projects.yaml to serve (default: the bundled samples)")
		fs.StringVar(&o.data, "data", defaultDataDir(), "data directory: clones, local: repositories, cache")
	}
	o.checks = true // lint and discover always run them
	if cmd == "serve" || cmd == "scan" {
		fs.BoolVar(&o.checks, "checks", true, "run Weblate's quality checks (failing, has_failing_check); false reports nothing failing, for a faster scan")
	}
	switch cmd {
	case "serve":
		fs.StringVar(&o.listen, "listen", ":8080", "address to listen on: host:port, or :port for every interface (127.0.0.1:8080 answers this machine only)")
		fs.StringVar(&o.store, "store", "", "where ids and the change log are kept: a postgres:// URL shared by replicas (default: ids.db in the data directory)")
		fs.StringVar(&o.baseURL, "base-url", "", "fixed base URL of every link (default: from each request)")
		fs.BoolVar(&o.trustProxy, "trust-proxy", false, "honour X-Forwarded-Proto and X-Forwarded-Host")
		fs.DurationVar(&o.rescan, "rescan", 30*time.Second, "interval of the periodic safety re-scan (changes in checkouts are seen at once)")
		fs.StringVar(&o.debugListen, "debug-listen", "", "address of a second listener serving Go's profiles (/debug/pprof/) and /debug/vars; off by default, keep it private")
		fs.Var(&o.corsOrigins, "cors-origin", "origin (scheme://host[:port]) whose pages may read the API and the widgets, or * for any; repeatable, comma-separated; off by default")
		fs.BoolVar(&o.accessLog, "access-log", false, "log every request answered (method, path, status, bytes, duration, remote) with the rest of the log")
	case "health":
		fs.StringVar(&o.url, "url", "", "the server's URL, or its /readyz URL (default: http://127.0.0.1:PORT/readyz, PORT --listen's)")
		fs.StringVar(&o.listen, "listen", ":8080", "the address the server listens on (GITLATE_LISTEN, as serve reads it)")
		fs.DurationVar(&o.timeout, "timeout", probeTimeout, "how long to wait for the answer")
	case "scan":
		fs.StringVar(&o.format, "format", "table", "output format: table or json")
	case "lint":
		fs.StringVar(&o.format, "format", "text", "output format: text, json, sarif (SARIF 2.1.0) or github (workflow annotations)")
		fs.StringVar(&o.since, "since", "", "report only the strings changed since this revision (a branch, tag or commit)")
		fs.BoolVar(&o.strict, "strict", false, "exit 1 when any check fails, not only the enforced ones")
	case "discover":
		fs.StringVar(&o.format, "format", "yaml", "output format: yaml (with comments) or json")
	}
	return fs
}

// flagValueNames name the value of each flag that takes one in -h's list, as the
// README's synopsis and table name them (--config FILE).
var flagValueNames = map[string]string{
	"config": "FILE", "data": "DIR", "listen": "ADDR", "store": "URL", "base-url": "URL",
	"rescan": "DURATION", "cors-origin": "ORIGIN", "debug-listen": "ADDR", "url": "URL",
	"timeout": "DURATION", "format": "FORMAT", "since": "REF",
}

// printFlags lists the flags of fs as flag.PrintDefaults does, but with two dashes
// (--base-url URL), the form the usage text and the README use; the flag package
// accepts both.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, text := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if kind != "" { // "" for a boolean flag
			name := flagValueNames[f.Name]
			if name == "" {
				name = strings.ToUpper(kind)
			}
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(text, "\n", "\n    \t")
		switch def := f.DefValue; {
		case def == "" || def == "false" || def == "0" || def == "0s":
		case kind == "string":
			line += fmt.Sprintf(" (default %q)", def)
		default:
			line += fmt.Sprintf(" (default %v)", def)
		}
		fmt.Fprintln(w, line)
	})
}

// envName is the environment variable a flag reads: GITLATE_BASE_URL for base-url.
func envName(flagName string) string {
	return "GITLATE_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// commandEnv names the variable of a flag whose values differ by command, so that
// one variable set for scan (GITLATE_FORMAT=table) does not break discover.
var commandEnv = map[string]map[string]string{
	"gitlate discover": {"format": "GITLATE_DISCOVER_FORMAT"},
	"gitlate lint":     {"format": "GITLATE_LINT_FORMAT"},
}

// fromEnvironment sets every flag of fs whose variable is set (envName, and the
// flag's alias in envAliases); the command line, parsed afterwards, wins.
func fromEnvironment(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		names := []string{envName(f.Name)}
		if own, ok := commandEnv[fs.Name()][f.Name]; ok {
			names = []string{own}
		}
		if alias, ok := envAliases[f.Name]; ok {
			names = append(names, alias)
		}
		for _, name := range names {
			if v, ok := os.LookupEnv(name); ok && v != "" && err == nil {
				if serr := f.Value.Set(v); serr != nil {
					err = fmt.Errorf("%s=%q: %v", name, v, serr)
				}
			}
		}
		if l, ok := f.Value.(interface{ setFromEnvironment() }); ok {
			l.setFromEnvironment()
		}
	})
	return err
}

// buildVersion is the version the binary was stamped with at build time:
//
//	go build -ldflags "-X main.buildVersion=$(git describe --always --dirty)" ./cmd/gitlate
//
// A build without .git (the Docker image's: .dockerignore leaves it out) has no
// VCS information for the toolchain to record, so the Dockerfile passes it in.
var buildVersion string

// version is what --version prints (and lint's reports name their tool by): the stamped version, else the module
// version and VCS revision the Go toolchain recorded (go install …@version, or a
// build in a checkout), else (devel); then the Go version.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if buildVersion != "" {
		v := "gitlate " + buildVersion
		if ok {
			v += " " + bi.GoVersion
		}
		return v
	}
	if !ok {
		return "gitlate (unknown version)"
	}
	v := "gitlate " + bi.Main.Version
	var rev, modified, when string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		case "vcs.time":
			when = " " + s.Value
		}
	}
	if rev != "" {
		v += " (" + rev + when + modified + ")"
	}
	return v + " " + bi.GoVersion
}

// defaultDataDir is the per-user state directory ($XDG_STATE_HOME/gitlate).
func defaultDataDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "gitlate")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "state", "gitlate")
	}
	return filepath.Join(os.TempDir(), "gitlate")
}

// loadConfig reads --config, or materializes the bundled samples into dir and
// reads their config.
func loadConfig(o *options, dir string) (*config.Config, error) {
	path := o.config
	if path == "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		var err error
		if path, err = samples.Materialize(dir); err != nil {
			return nil, fmt.Errorf("sample repositories: %w", err)
		}
	}
	return config.Load(path)
}

// parts are what a command builds snapshots with.
type parts struct {
	repos  *repos.Pool
	engine *scan.Engine
	live   *live.Live
	log    *changelog.Log // its Progress answers /api/x/progress/ and draws the pages' charts
}

// newParts constructs the pipeline from repositories to snapshots. st keeps ids,
// parse results and the change log (one-shot commands, which show no ids and must
// not wait for the store a running server holds, pass a memstore); every
// component shows storageAlert, when there is one (see openLocal).
func newParts(cfg *config.Config, o *options, logger *slog.Logger, st store.Store, storageAlert string, pool repos.PoolOptions) *parts {
	pool.DataDir, pool.Logger = o.data, logger
	p := &parts{repos: repos.NewPool(pool)}
	p.engine = scan.New(cfg, st, scan.Options{Repos: p.repos, StorageAlert: storageAlert, Logger: logger, NoChecks: !o.checks})
	log := changelog.New(cfg, st, changelog.Options{Instance: o.instance, Logger: logger})
	p.live = live.New(cfg, p.engine, log, p.repos, st, live.Options{Rescan: o.rescan, Logger: logger})
	p.log = log
	return p
}

// beforeFirstScan, when set, runs just before the first scan: tests hold the
// server in its starting state with it. Nil in gitlate itself.
var beforeFirstScan func(context.Context)

func serveCmd(ctx context.Context, o *options, logger *slog.Logger, in *interrupt, stderr io.Writer) int {
	start := time.Now()
	// What can be checked without the configuration and the repositories is checked
	// before anything answers: a typo in --base-url, --store or --cors-origin, a
	// port in use or a bad --debug-listen fails at once, before a probe has seen
	// the server alive.
	_, prefix, err := api.ParseBaseURL(o.baseURL)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: --base-url: %v\n", err)
		return 2
	}
	if err := checkStore(o.store); err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", err)
		return 2
	}
	if _, err := api.ParseCORSOrigins(o.corsOrigins.values); err != nil {
		fmt.Fprintf(stderr, "gitlate: --cors-origin: %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", err)
		return 1
	}
	defer ln.Close() // on early returns; after Serve it is closed already
	// The profiles' listener is bound before anything answers, so that a client
	// seeing the server up finds it too, and a bad address stops the server
	// before it has answered anything (the profiles of a slow start are wanted
	// most).
	if o.debugListen != "" {
		dbg, err := debugServer(o.debugListen)
		if err != nil {
			fmt.Fprintf(stderr, "gitlate: --debug-listen: %v\n", err)
			return 1
		}
		defer dbg.Close()
		logger.Info("serving profiles", "debug-listen", dbg.Addr)
	}
	// From here on the server answers: the probes, and 503 to everything else
	// until the first snapshot is in (see gate).
	gate := newGate(prefix)
	var handler http.Handler = gate
	if o.accessLog {
		handler = accesslog.Handler(gate, logger)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		// Bodies are small (a pull's operation, a webhook's payload): a client that
		// takes a minute to send one holds a connection for nothing.
		ReadTimeout: 60 * time.Second,
		IdleTimeout: 2 * time.Minute,
		// No WriteTimeout: a pull answers once its fetch is done, however long that is.
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	// An early return closes the connections at once: they were answered by the
	// gate only. After a shutdown it does nothing.
	defer srv.Close()
	logger.Info("listening", "listen", ln.Addr().String())
	var stopping time.Time
	defer func() { // runs last, after the store is closed
		if !stopping.IsZero() {
			logger.Info("stopped", "took", time.Since(stopping).Round(time.Millisecond))
		}
	}()

	gate.starting("reading the configuration")
	cfg, err := loadConfig(o, o.data)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", err)
		return 1
	}
	o.instance = instanceName(o.data)
	gate.starting("opening the store")
	st, storageAlert, err := openStore(ctx, o, logger)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", stopped(ctx, err))
		return 1
	}
	// Deferred before the Live's end, so it runs after it: the Live's background
	// work writes to the store.
	defer func() {
		if err := st.Close(); err != nil {
			logger.Error("closing the store", "err", err)
		}
	}()

	p := newParts(cfg, o, logger, st, storageAlert, repos.PoolOptions{Background: true})
	reader := units.New(p.repos)
	apiSrv, err := api.New(p.live, api.Options{
		BaseURL:     o.baseURL,
		TrustProxy:  o.trustProxy,
		Tokens:      append(splitList(os.Getenv("GITLATE_TOKENS")), cfg.Tokens...),
		Puller:      p.live,
		Notifier:    p.live,
		Reader:      reader,
		Changes:     st,
		Repos:       p.repos,
		Progress:    p.log.Progress(),
		Logger:      logger,
		CORSOrigins: o.corsOrigins.values,
	})
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: --base-url: %v\n", err)
		return 2
	}
	webSrv, err := web.New(p.live, web.Options{Prefix: apiSrv.Prefix(), Units: reader, Progress: p.log.Progress()})
	if err != nil {
		fmt.Fprintf(stderr, "gitlate: web pages: %v\n", err)
		return 1
	}
	mx := metrics.New(p.live, p.engine, p.repos, apiSrv.Prefix())
	// Documents and pages are rendered before a snapshot is swapped in, not by the
	// first requests after it (which would queue behind the rendering).
	p.live.OnSnapshot(apiSrv.Prepare)
	p.live.OnSnapshot(webSrv.Prepare)
	routes := router(apiSrv, webSrv, mx, logger)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	gate.starting("scanning the repositories")
	if beforeFirstScan != nil {
		beforeFirstScan(ctx)
	}
	// Statistics are served at once; the history (change log, last changes) follows.
	if err := p.live.Start(ctx); err != nil {
		fmt.Fprintf(stderr, "gitlate: %v\n", stopped(ctx, err))
		return 1
	}
	defer func() {
		cancel()
		p.live.Wait()
	}()
	gate.serve(routes, p.live.Ready())
	snap := p.live.Snapshot()
	logger.Info("serving", "listen", ln.Addr().String(), "projects", len(snap.Projects), "alerts", len(snap.Alerts), "startup", time.Since(start).Round(time.Millisecond))
	select {
	case err := <-errc:
		logger.Error("shutting down", "err", err)
		fmt.Fprintf(stderr, "gitlate: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	stopping = time.Now()
	reason := shutdownReason(ctx)
	logger.Info("shutting down", reason...)
	gate.stop(fmt.Sprint(reason[1]))
	// Requests first (a pull in flight finishes), then the Live's background work
	// (deferred above), then the store.
	in.Allow(shutdownGrace)
	shutdown, cancelShutdown := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancelShutdown()
	if err := srv.Shutdown(shutdown); err != nil {
		logger.Warn("requests still running were cut short", "grace", shutdownGrace, "err", err)
	}
	return 0
}

// shutdownReason is what ended ctx, as log attributes: the signal's name, or the
// cause.
func shutdownReason(ctx context.Context) []any {
	cause := context.Cause(ctx)
	var sig signalReceived
	if errors.As(cause, &sig) {
		return []any{"signal", sig.Name()}
	}
	return []any{"reason", cause.Error()}
}

// debugServer serves net/http/pprof and expvar on addr, apart from the API: profiles
// show what the server does and stop it for a moment while they are taken, so they
// are opt-in and belong on a private address.
func debugServer(addr string) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/debug/vars", expvar.Handler())
	srv := &http.Server{Addr: ln.Addr().String(), Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return srv, nil
}

// router routes every request: /metrics, the API, the webhooks and the pages.
func router(apiSrv *api.Server, webSrv *web.Server, mx *metrics.Metrics, logger *slog.Logger) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	// Outermost, so a request that panics is timed with the 500 it answers.
	engine.Use(func(c *gin.Context) {
		start := time.Now()
		c.Next()
		mx.ObserveRequest(c.FullPath(), c.Request.Method, c.Writer.Status(), time.Since(start))
	})
	engine.Use(gin.CustomRecovery(func(c *gin.Context, err any) {
		logger.Error("panic serving request", "path", c.Request.URL.Path, "panic", err)
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"detail": "Internal server error."})
	}))
	// Before routing: a preflight is answered for any path under /api/ and /widgets/.
	if cors := apiSrv.CORS(); cors != nil {
		engine.Use(cors)
	}
	root := engine.Group(apiSrv.Prefix())
	web.Get(root, "/metrics", gin.WrapH(mx.Handler()))
	apiSrv.Install(root)
	apiSrv.InstallHooks(root)
	webSrv.Install(root)
	isAPI := func(c *gin.Context) bool {
		return strings.HasPrefix(c.Request.URL.Path, apiSrv.Prefix()+"/api/") || c.Request.URL.Path == apiSrv.Prefix()+"/api"
	}
	engine.NoRoute(func(c *gin.Context) {
		if isAPI(c) {
			apiSrv.NotFound(c)
			return
		}
		webSrv.NotFound(c)
	})
	// A method gin does not route by name (PROPFIND, …) on a known path: pages and
	// /metrics answer 405; the API answers such methods as it answers unknown paths.
	engine.HandleMethodNotAllowed = true
	engine.NoMethod(func(c *gin.Context) {
		if isAPI(c) {
			c.Writer.Header().Del("Allow")
			apiSrv.NotFound(c)
			return
		}
		web.MethodNotAllowed(c)
	})
	return engine
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// scanRow is one line of `gitlate scan --format json`.
type scanRow struct {
	Project           string  `json:"project"`
	Component         string  `json:"component"`
	Language          string  `json:"language"`
	LanguageCode      string  `json:"language_code"`
	Filename          string  `json:"filename"`
	Total             int     `json:"total"`
	Translated        int     `json:"translated"`
	Fuzzy             int     `json:"fuzzy"`
	Readonly          int     `json:"readonly"`
	TotalWords        int     `json:"total_words"`
	TranslatedWords   int     `json:"translated_words"`
	TotalChars        int     `json:"total_chars"`
	TranslatedChars   int     `json:"translated_chars"`
	TranslatedPercent percent `json:"translated_percent"`
	Failing           int     `json:"failing"` // strings failing a quality check
}

// percent is a percentage written as the API writes them (weblate.AppendPercent): a
// reader comparing the two sees the same text.
type percent float64

func (p percent) MarshalJSON() ([]byte, error) { return weblate.AppendPercent(nil, float64(p)), nil }

func scanCmd(ctx context.Context, cfg *config.Config, o *options, stdout, stderr io.Writer) int {
	if o.format != "table" && o.format != "json" {
		fmt.Fprintf(stderr, "gitlate scan: --format must be table or json, not %q\n", o.format)
		return 2
	}
	// A one-shot scan allocates and exits: collecting less often, under a memory
	// cap, saves time (a server keeps the defaults). Not much less often: every
	// fresh page the heap grows into costs a page fault, which on a virtual machine
	// costs more than the collection that would have reused it (200 measured best
	// on the corpora). A GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	debug.SetMemoryLimit(1 << 30)
	snap, err := newParts(cfg, o, slog.New(slog.DiscardHandler), memstore.New(), "", repos.PoolOptions{}).live.Build(ctx, false)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate scan: %v\n", stopped(ctx, err))
		return 1
	}
	rows := []scanRow{}
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			for _, t := range c.Translations {
				s := &t.Stats
				rows = append(rows, scanRow{
					Project: p.Config.Slug, Component: c.Config.Slug, Language: t.Language.Code,
					LanguageCode: t.LanguageCode, Filename: t.Filename,
					Total: s.Total, Translated: s.Translated, Fuzzy: s.Fuzzy, Readonly: s.Readonly,
					TotalWords: s.TotalWords, TranslatedWords: s.TranslatedWords,
					TotalChars: s.TotalChars, TranslatedChars: s.TranslatedChars,
					TranslatedPercent: percent(weblate.Percent(s.Translated, s.Total, true)),
					Failing:           s.Failing,
				})
			}
		}
	}
	if o.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(rows); err != nil {
			return 1
		}
	} else {
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "project\tcomponent\tlanguage\ttotal\ttranslated\tfuzzy\treadonly\twords\ttranslated words\tchars\ttranslated chars\t%\tfailing\tfile\t")
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%d\t%s\t\n", r.Project, r.Component, r.Language,
				r.Total, r.Translated, r.Fuzzy, r.Readonly, r.TotalWords, r.TranslatedWords, r.TotalChars, r.TranslatedChars,
				weblate.FormatPercent(float64(r.TranslatedPercent)), r.Failing, r.Filename)
		}
		tw.Flush()
	}
	for _, a := range snap.Alerts {
		fmt.Fprintf(stderr, "warning: %s\n", describeAlert(a))
	}
	return 0
}

func describeAlert(a *snapshot.Alert) string {
	where := a.Component.Project.Config.Slug + "/" + a.Component.Config.Slug
	if a.Path != "" {
		return fmt.Sprintf("%s: %s: %s: %s", where, a.Kind, a.Path, a.Message)
	}
	return fmt.Sprintf("%s: %s: %s", where, a.Kind, a.Message)
}

// discoverCmd prints the projects.yaml discover proposes for the repository named
// by the first argument; flags may follow it. Each component is counted with the
// pipeline `gitlate scan` uses, in a data directory of its own.
func discoverCmd(ctx context.Context, fs *flag.FlagSet, o *options, stdout, stderr io.Writer) int {
	target, rest := fs.Arg(0), fs.Args()
	if len(rest) > 1 { // flags after the repository
		if err := fs.Parse(rest[1:]); err != nil {
			return 2
		}
		rest = fs.Args()
	} else {
		rest = nil
	}
	switch {
	case target == "":
		fmt.Fprintf(stderr, "gitlate discover: name the repository: a folder or a URL\n\n%s", usage)
		return 2
	case len(rest) > 0:
		fmt.Fprintf(stderr, "gitlate discover: unexpected argument %q\n", rest[0])
		return 2
	case o.format != "yaml" && o.format != "json":
		fmt.Fprintf(stderr, "gitlate discover: --format must be yaml or json, not %q\n", o.format)
		return 2
	}
	count := func(ctx context.Context, cfg *config.Config, data string) (*snapshot.Snapshot, error) {
		oo := *o
		oo.data = data
		parts := newParts(cfg, &oo, slog.New(slog.DiscardHandler), memstore.New(), "", repos.PoolOptions{ReadOnly: true})
		defer parts.repos.Close()
		return parts.live.Build(ctx, false)
	}
	// A clone can take a while: stderr says it goes on, stdout stays the
	// configuration alone.
	p, err := discover.RunWith(ctx, target, count, discover.Options{Progress: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "gitlate discover: %v\n", stopped(ctx, err))
		return 1
	}
	if len(p.Proposed()) == 0 {
		fmt.Fprintf(stderr, "gitlate discover: no translation files gitlate reads were found in %s\n", repos.RedactURL(p.Repo))
	}
	// What the output's comments warn of, said where a redirected output is
	// not read.
	for _, w := range p.Warnings() {
		fmt.Fprintf(stderr, "gitlate discover: warning: %s\n", w)
	}
	if o.format == "json" { // JSON has no comments: the files left out are said here
		for _, n := range p.Notes() {
			fmt.Fprintf(stderr, "gitlate discover: %s\n", n)
		}
	}
	if err := p.Write(stdout, o.format); err != nil {
		fmt.Fprintf(stderr, "gitlate discover: %v\n", err)
		return 1
	}
	return 0
}

func checkCmd(ctx context.Context, cfg *config.Config, o *options, stdout, stderr io.Writer) int {
	p := newParts(cfg, o, slog.New(slog.DiscardHandler), memstore.New(), "", repos.PoolOptions{ReadOnly: true})
	defer p.repos.Close()
	snap, err := p.live.Build(ctx, true)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate check: %v\n", stopped(ctx, err))
		return 1
	}
	for _, a := range snap.Alerts {
		fmt.Fprintln(stdout, describeAlert(a))
	}
	if n := len(snap.Alerts); n > 0 {
		fmt.Fprintf(stderr, "gitlate check: %d problem(s)\n", n)
		return 1
	}
	n := 0
	for _, p := range snap.Projects {
		n += len(p.Components)
	}
	fmt.Fprintf(stdout, "ok: %d projects, %d components, no problems\n", len(snap.Projects), n)
	return 0
}
