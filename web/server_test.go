package web_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atout/i18n"
	"atout/server"
	"atout/store"
	"atout/table"
	"atout/web"
)

// startServer starts the Atout server in-process on 127.0.0.1 with a
// temporary SQLite database, the embedded UI and the real catalogs, and
// returns its base URL.
func startServer(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("ATOUT_TEST_LOG") != "" {
		logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	hub := table.NewLocalHub(table.Config{Store: st, Logger: logger, BotDelay: 30 * time.Millisecond, Tick: 20 * time.Millisecond})
	srv := server.New(server.Config{Store: st, Hub: hub, Assets: web.FS(), Logger: logger, Lang: languages{}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		hub.Shutdown(context.Background())
		st.Close()
	})
	return ts.URL
}

// languages adapts package i18n to server.Languages, as cmd/atout does.
type languages struct{}

func (languages) Match(accept string) string { return string(i18n.Match(accept)) }
func (languages) Supported(l string) bool    { return i18n.Lang(l).Valid() }

func (languages) Catalog(l string) ([]byte, bool) {
	if !i18n.Lang(l).Valid() {
		return nil, false
	}
	b, err := json.Marshal(i18n.Catalog(i18n.Lang(l)))
	return b, err == nil
}

func (languages) Message(l, key string) (string, bool) {
	if !i18n.Has(key) {
		return "", false
	}
	return i18n.T(i18n.Lang(l), key), true
}

func (languages) Rules(game, l string) ([]byte, bool) {
	p, err := i18n.RulesPage(i18n.Lang(l), game)
	if err != nil {
		return nil, false
	}
	return []byte(p.HTML), true
}
