// Package pgtest gives tests a PostgreSQL database: a throwaway cluster the test process starts in a temporary directory (Debian's postgresql server binaries, run as the postgres user when the tests run as root), or the server GITLATE_TEST_POSTGRES names, and a proxy that cuts a database away from its clients; tests skip, saying why, when there is neither.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// Cluster is a throwaway PostgreSQL cluster.
type Cluster struct {
	bin, dir, runAs string
	Port            int
	// URL is the admin database's URL; Database makes test databases in it.
	URL string
}

var (
	shared     *Cluster
	sharedErr  error
	sharedOnce sync.Once
)

// Database returns the URL of a new, empty database for t: on GITLATE_TEST_POSTGRES
// when it is set, else on a cluster shared by the test process (Main stops it).
// It skips t when neither can be had.
func Database(t testing.TB) string {
	t.Helper()
	admin := os.Getenv("GITLATE_TEST_POSTGRES")
	if admin == "" {
		outside.Short(t, "a throwaway PostgreSQL cluster (or set GITLATE_TEST_POSTGRES)")
		sharedOnce.Do(func() { shared, sharedErr = Start() })
		if sharedErr != nil {
			t.Skipf("no PostgreSQL for this test: %v (set GITLATE_TEST_POSTGRES=postgres://… or install Debian's postgresql)", sharedErr)
		}
		admin = shared.URL
	}
	url, err := CreateDatabase(admin)
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// CreateDatabase makes a database with a new name on the server admin names and
// returns its URL.
func CreateDatabase(admin string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	name := "gitlate_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	cfg := conn.Config()
	return fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable", cfg.User, cfg.Host, cfg.Port, name), nil
}

// Main runs the tests and stops the shared cluster, if one was started: a
// package's TestMain calls it.
func Main(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		shared.Stop()
		shared.Remove()
	}
	return code
}

// binDir finds initdb and pg_ctl: on PATH, else the newest of Debian's
// /usr/lib/postgresql/*/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		a, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		b, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return a > b
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", fmt.Errorf("initdb and pg_ctl not found")
}

// Start starts a new cluster in a temporary directory, on a free loopback port.
func Start() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "gitlate-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin, dir: dir}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root.
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root and there is no postgres user to run PostgreSQL as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.runAs = "postgres"
	}
	if out, err := c.run("initdb", "-D", c.data(), "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	c.Port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	if err := c.Start(); err != nil {
		c.Remove()
		return nil, err
	}
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port)
	return c, nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

func (c *Cluster) run(tool string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, tool), args...)
	if c.runAs != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.runAs, "--", filepath.Join(c.bin, tool)}, args...)...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

// Start starts the cluster (again, after Stop), and waits until it accepts
// connections.
func (c *Cluster) Start() error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", c.Port, c.dir)
	if out, err := c.run("pg_ctl", "-D", c.data(), "-o", opts, "-l", filepath.Join(c.dir, "log"), "-w", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v: %s %s", err, out, strings.TrimSpace(string(log)))
	}
	return nil
}

// Stop stops the cluster at once (as a crash or a network cut looks to clients).
func (c *Cluster) Stop() error {
	out, err := c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v: %s", err, out)
	}
	return nil
}

// Remove deletes the cluster's directory (after Stop).
func (c *Cluster) Remove() { os.RemoveAll(c.dir) }
