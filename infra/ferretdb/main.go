// Command ferretdb runs FerretDB v1 embedded, so that the app has a MongoDB-compatible server on
// machines where MongoDB cannot be installed. Its backend is PostgreSQL (-postgresql-url) or,
// as a fallback, SQLite (-data). It serves until SIGINT or SIGTERM.
//
// FerretDB v1.24.2 wedges for good when its PostgreSQL pool runs dry: an update holds one pooled
// connection while it waits for a second, and creating a collection holds the registry's lock
// while it waits for one. So FerretDB listens only on a Unix socket in a private directory, and
// the public -listen address is our relay (relay.go), which lets at most -max-in-flight commands
// be in FerretDB at once, whoever the clients are; -pool-size sizes the pool so that each of them
// can hold two connections and some are left over (see checkBound).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27027", "TCP address to listen on")
	handler := flag.String("handler", "sqlite", "backend: postgresql or sqlite")
	postgresURL := flag.String("postgresql-url", "", "PostgreSQL URL for -handler postgresql, e.g. postgres://postgres@127.0.0.1:27432/ferretdb")
	dataDir := flag.String("data", ".data/ferretdb", "directory of the SQLite databases for -handler sqlite")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	pprofListen := flag.String("pprof", "", "TCP address for Go's profiler (net/http/pprof), off when empty")
	poolSize := flag.Int("pool-size", 50, "connections in FerretDB's PostgreSQL pool (-handler postgresql)")
	maxInFlight := flag.Int("max-in-flight", 20, "commands FerretDB runs at once; with PostgreSQL at most (pool-size - "+fmt.Sprint(reservedConns)+") / 2")
	flag.Parse()

	// FerretDB allocates a lot per command and keeps little: collecting when the heap has grown
	// fivefold instead of twofold spends far less of its CPU on garbage (GOGC still overrides it).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	if *pprofListen != "" {
		go func() { fmt.Fprintln(os.Stderr, "ferretdb: pprof:", http.ListenAndServe(*pprofListen, nil)) }()
	}

	limits := limits{poolSize: *poolSize, maxInFlight: *maxInFlight}
	if err := run(*listen, *handler, *postgresURL, *dataDir, *logLevel, limits); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

// reservedConns are the pool's connections beyond two per command in flight: one for a
// collection or database being created, the others for open cursors, each of which keeps the
// connection of its query until it is read to the end, killed or its client connection closes.
const reservedConns = 4

type limits struct {
	poolSize    int
	maxInFlight int
}

// checkBound rejects limits under which the commands in flight could take the whole pool.
func checkBound(handler string, l limits) error {
	if l.maxInFlight < 1 {
		return fmt.Errorf("bad -max-in-flight %d: at least 1", l.maxInFlight)
	}
	if handler == "postgresql" && 2*l.maxInFlight+reservedConns > l.poolSize {
		return fmt.Errorf(
			"-max-in-flight %d needs -pool-size %d or more: an update holds two pooled connections, and %d more are kept for creating collections and open cursors",
			l.maxInFlight, 2*l.maxInFlight+reservedConns, reservedConns)
	}
	return nil
}

// poolURL sets FerretDB's pool size (pool_max_conns) on the PostgreSQL URL.
func poolURL(postgresURL string, poolSize int) (string, error) {
	u, err := url.Parse(postgresURL)
	if err != nil {
		return "", fmt.Errorf("bad -postgresql-url: %w", err)
	}
	query := u.Query()
	if query.Has("pool_max_conns") {
		return "", fmt.Errorf("-postgresql-url sets pool_max_conns: use -pool-size instead")
	}
	query.Set("pool_max_conns", fmt.Sprint(poolSize))
	u.RawQuery = query.Encode()
	return u.String(), nil
}

// backendConfig fills the handler part of FerretDB's configuration and describes it for the log.
func backendConfig(config *ferretdb.Config, handler, postgresURL, dataDir string, poolSize int) (string, error) {
	switch handler {
	case "postgresql":
		if postgresURL == "" {
			return "", fmt.Errorf("-handler postgresql needs -postgresql-url")
		}
		withPool, err := poolURL(postgresURL, poolSize)
		if err != nil {
			return "", err
		}
		config.Handler = "postgresql"
		config.PostgreSQLURL = withPool
		return fmt.Sprintf("PostgreSQL (pool of %d)", poolSize), nil
	case "sqlite":
		abs, err := filepath.Abs(dataDir)
		if err != nil {
			return "", err
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			return "", err
		}
		config.Handler = "sqlite"
		config.SQLiteURL = "file:" + abs + "/"
		return "SQLite in " + abs, nil
	default:
		return "", fmt.Errorf("bad -handler %q: use postgresql or sqlite", handler)
	}
}

func run(listen, handler, postgresURL, dataDir, logLevel string, limits limits) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", logLevel, err)
	}
	if err := checkBound(handler, limits); err != nil {
		return err
	}
	// Only this process may reach FerretDB itself: the socket's directory is its owner's alone.
	private, err := os.MkdirTemp("", "ferretdb-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(private)
	socket := filepath.Join(private, "ferretdb.sock")

	config := ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: socket},
		Logger:   slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
	}
	backend, err := backendConfig(&config, handler, postgresURL, dataDir, limits.poolSize)
	if err != nil {
		return err
	}

	db, err := ferretdb.New(&config)
	if err != nil {
		return err
	}
	public, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	// A relay that stops accepting stops FerretDB too, so that the program exits with its error.
	relayed := make(chan error, 1)
	go func() {
		relayed <- newRelay(socket, limits.maxInFlight).serve(public)
		stop()
	}()
	fmt.Fprintf(os.Stderr, "ferretdb: listening on %s (at most %d commands in flight), backend %s\n",
		listen, limits.maxInFlight, backend)
	err = db.Run(ctx)
	_ = public.Close()
	return errors.Join(err, <-relayed)
}
