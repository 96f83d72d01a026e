// Command ferretdb runs FerretDB v1 embedded, so that the app has a MongoDB-compatible server on
// machines where MongoDB cannot be installed. Its backend is PostgreSQL (-postgresql-url) or,
// as a fallback, SQLite (-data). It serves until SIGINT or SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	_ "net/http/pprof"
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
	flag.Parse()

	// FerretDB allocates a lot per command and keeps little: collecting when the heap has grown
	// fivefold instead of twofold spends far less of its CPU on garbage (GOGC still overrides it).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	if *pprofListen != "" {
		go func() { fmt.Fprintln(os.Stderr, "ferretdb: pprof:", http.ListenAndServe(*pprofListen, nil)) }()
	}

	if err := run(*listen, *handler, *postgresURL, *dataDir, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

// backendConfig fills the handler part of FerretDB's configuration and describes it for the log.
func backendConfig(config *ferretdb.Config, handler, postgresURL, dataDir string) (string, error) {
	switch handler {
	case "postgresql":
		if postgresURL == "" {
			return "", fmt.Errorf("-handler postgresql needs -postgresql-url")
		}
		config.Handler = "postgresql"
		config.PostgreSQLURL = postgresURL
		return "PostgreSQL", nil
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

func run(listen, handler, postgresURL, dataDir, logLevel string) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", logLevel, err)
	}
	config := ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: listen},
		Logger:   slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
	}
	backend, err := backendConfig(&config, handler, postgresURL, dataDir)
	if err != nil {
		return err
	}

	db, err := ferretdb.New(&config)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	fmt.Fprintf(os.Stderr, "ferretdb: listening on %s, backend %s\n", listen, backend)
	return db.Run(ctx)
}
