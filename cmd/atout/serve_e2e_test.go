package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/store"
)

// TestServeRealBots plays a few actions at a bridge and a belote table of
// a real server with the registered bots.
func TestServeRealBots(t *testing.T) {
	if testing.Short() {
		t.Skip("plays with the real bots")
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "e2e"}, io.Discard)
	}()
	defer func() { cancel(); <-done }()
	base := "http://" + ln.Addr().String()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	var resp *http.Response
	for i := 0; i < 50; i++ {
		if resp, err = hc.Get(base + "/api/me"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u, _ := url.Parse(base)
	csrf := ""
	for _, c := range jar.Cookies(u) {
		if c.Name == "atout_csrf" {
			csrf = c.Value
		}
	}
	for _, settings := range []string{`{"game":"bridge","level":"medium"}`, `{"game":"belote","mode":"coinche","level":"medium"}`} {
		req, _ := http.NewRequest("POST", base+"/api/tables", strings.NewReader(settings))
		req.Header.Set("X-CSRF-Token", csrf)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ ID string }
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if out.ID == "" {
			t.Fatalf("%s: no table", settings)
		}
		wctx, wcancel := context.WithTimeout(context.Background(), 60*time.Second)
		conn, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+out.ID, &websocket.DialOptions{HTTPClient: hc})
		if err != nil {
			t.Fatal(err)
		}
		conn.SetReadLimit(1 << 20)
		acted := 0
		for acted < 6 {
			_, data, err := conn.Read(wctx)
			if err != nil {
				t.Fatalf("%s: %v after %d actions", settings, err, acted)
			}
			var m struct {
				Type string
				N    int
				Seat string
				View struct {
					Legal    []string
					LegalFor string
					Deal     *struct{ Legal []string }
				}
				Table struct{ DealOver, Over bool }
			}
			json.Unmarshal(data, &m)
			if m.Type == "error" && !strings.Contains(string(data), `"code":"stale"`) {
				// stale: a belote defender's out-of-turn coinche raced a bot.
				t.Fatalf("%s: %s", settings, data)
			}
			if m.Type != "state" || m.Table.Over {
				continue
			}
			if m.Table.DealOver {
				conn.Write(wctx, websocket.MessageText, []byte(`{"type":"next"}`))
				continue
			}
			legal, seat := m.View.Legal, m.Seat
			if m.View.Deal != nil {
				legal = m.View.Deal.Legal
			}
			if m.View.LegalFor != "" {
				seat = m.View.LegalFor
			}
			if len(legal) == 0 {
				continue
			}
			msg, _ := json.Marshal(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
			conn.Write(wctx, websocket.MessageText, msg)
			acted++
		}
		conn.Close(websocket.StatusNormalClosure, "")
		wcancel()
	}
}
