package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"atout/cluster"
	"atout/server"
	"atout/store"
	"atout/table"
	"atout/web"
)

// TestBrowserRedirectToOwner: two nodes of a cluster behind one site, each
// advertising a path of its own (atout serve --advertise /node/a), as
// docs/deploy.md sets a load balancer up. The page and its API reach node
// a, which serves the table; the page's WebSocket reaches node b, which
// sends it to /node/a/ws/… with a redirect message; the page follows it,
// plays, and reloading does the same again.
func TestBrowserRedirectToOwner(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	auth := cluster.Auth{Token: "browser-redirect-test-token-0123456789"}
	e, err := cluster.StartEmbedded(cluster.EmbeddedOptions{Auth: auth})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Shutdown)
	nodes := map[string]*httptest.Server{}
	for _, name := range []string{"a", "b"} {
		nc, err := cluster.Connect(e.URL(), name, auth, logger)
		if err != nil {
			t.Fatal(err)
		}
		hub, err := cluster.New(cluster.Config{
			Table:     table.Config{Store: st, Logger: logger, Node: name, BotDelay: 30 * time.Millisecond},
			Conn:      nc,
			Advertise: "/node/" + name,
		})
		if err != nil {
			t.Fatal(err)
		}
		srv := server.New(server.Config{Store: st, Hub: hub, Assets: web.FS(), Logger: logger, Lang: server.I18n{}})
		ts := httptest.NewServer(srv)
		nodes[name] = ts
		t.Cleanup(func() {
			ts.Close()
			hub.Shutdown(context.Background())
			nc.Close()
		})
	}
	// The load balancer: /node/X/… to node X (prefix stripped), the
	// tables' WebSockets to node b, everything else to node a.
	proxy := func(name string) *httputil.ReverseProxy {
		u, _ := url.Parse(nodes[name].URL)
		return httputil.NewSingleHostReverseProxy(u)
	}
	var toB, direct atomic.Int32
	a, b := proxy("a"), proxy("b")
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/node/a/"):
			if strings.HasPrefix(r.URL.Path, "/node/a/ws/") {
				direct.Add(1)
			}
			http.StripPrefix("/node/a", a).ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/node/b/"):
			http.StripPrefix("/node/b", b).ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/ws/"):
			toB.Add(1)
			b.ServeHTTP(w, r)
		default:
			a.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(front.Close)

	bctx := browser(t)
	openApp(t, bctx, front.URL)
	startGame(t, bctx, "belote", nil)
	run(t, bctx, 20*time.Second, "connected", chromedp.WaitVisible(chromedp.CSS(`[data-testid="conn"].on`)))
	if cards := playDeal(t, bctx, 60*time.Second, 3); cards < 3 {
		t.Fatalf("played %d cards", cards)
	}
	if toB.Load() < 1 || direct.Load() < 1 {
		t.Fatalf("WebSockets: %d to node b, %d to /node/a/ws/: want the page sent from b to a", toB.Load(), direct.Load())
	}
	// A reload goes through node b again and is sent to node a again.
	nb, nd := toB.Load(), direct.Load()
	run(t, bctx, 30*time.Second, "reload",
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="felt"] .seat.pos-bottom [data-card]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="conn"].on`)))
	if toB.Load() <= nb || direct.Load() <= nd {
		t.Errorf("after the reload: %d to node b, %d direct; before %d, %d", toB.Load(), direct.Load(), nb, nd)
	}
	if cards := playDeal(t, bctx, 60*time.Second, 2); cards < 2 {
		t.Fatalf("after the reload: played %d cards", cards)
	}
	shot(t, bctx, "redirected")
}
