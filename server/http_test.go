package server

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"atout/protocol"
	"atout/table"
)

func TestAuthFlow(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	guest := c.id
	// CSRF: a POST without the header is refused.
	req, _ := http.NewRequest("POST", env.ts.URL+"/api/logout", nil)
	resp, err := c.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("POST without CSRF token: %d", resp.StatusCode)
	}
	// Signup turns the guest into an account, same id.
	var me struct {
		User struct {
			ID    string
			Name  string
			Guest bool
		}
	}
	c.do("POST", "/api/signup", map[string]string{"username": "alice", "password": "correct horse"}, &me, 200)
	if me.User.ID != guest || me.User.Guest || me.User.Name != "alice" {
		t.Fatalf("signup: %+v", me)
	}
	c.do("POST", "/api/logout", nil, nil, 200)
	c.do("GET", "/api/me", nil, &me, 200)
	if me.User.ID == guest || !me.User.Guest {
		t.Fatalf("after logout: %+v", me)
	}
	c.do("POST", "/api/login", map[string]string{"username": "Alice", "password": "wrong password"}, nil, 401)
	c.do("POST", "/api/login", map[string]string{"username": "alice", "password": "correct horse"}, &me, 200)
	if me.User.ID != guest {
		t.Fatalf("login: %+v", me)
	}
	// Someone else cannot take the name.
	d := newClient(t, env.ts.URL)
	d.do("POST", "/api/signup", map[string]string{"username": "ALICE", "password": "another one"}, nil, 409)
	// Login attempts are rate limited per username.
	code := 0
	for range 12 {
		req, _ := http.NewRequest("POST", env.ts.URL+"/api/login", strings.NewReader(`{"username":"alice","password":"nope nope"}`))
		req.Header.Set(CSRFHeader, d.csrf())
		resp, err := d.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		code = resp.StatusCode
		if code == http.StatusTooManyRequests {
			break
		}
	}
	if code != http.StatusTooManyRequests {
		t.Fatalf("12 bad logins: last status %d, want 429", code)
	}
	// Language choice.
	c.do("POST", "/api/lang", map[string]string{"lang": "en"}, nil, 200)
	c.do("POST", "/api/lang", map[string]string{"lang": "xx"}, nil, 400)
}

func TestCookiesAndEndpoints(t *testing.T) {
	env := newEnv(t, table.Config{})
	resp, err := http.Get(env.ts.URL + "/api/me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session, csrf *http.Cookie
	for _, c := range resp.Cookies() {
		switch c.Name {
		case SessionCookie:
			session = c
		case CSRFCookie:
			csrf = c
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode {
		t.Fatalf("session cookie %+v", session)
	}
	if csrf == nil || csrf.HttpOnly {
		t.Fatalf("csrf cookie %+v", csrf)
	}
	// /metrics needs the operator's token (TestMetricsNeedToken).
	for path, want := range map[string]int{"/healthz": 200, "/metrics": 404} {
		resp, err := http.Get(env.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d %q", path, resp.StatusCode, b)
		}
	}
	// The WebSocket needs a session.
	resp, err = http.Get(env.ts.URL + "/ws/whatever")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("websocket without a session: %d", resp.StatusCode)
	}
}

func TestGamesAndExport(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	bridgeID := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 4})
	beloteID := c.createTable(table.Settings{Game: "belote", Target: 200, Seed: 4})
	stranger := newClient(t, env.ts.URL)
	// Unfinished: players only, and never the deal in progress.
	stranger.do("GET", "/api/games/"+bridgeID, nil, nil, 403)
	var rec struct {
		Deals []any `json:"deals"`
	}
	c.do("GET", "/api/games/"+bridgeID, nil, &rec, 200)
	if len(rec.Deals) != 0 {
		t.Fatalf("unfinished game shows %d deals", len(rec.Deals))
	}
	// Play both to the end as South.
	for _, id := range []string{bridgeID, beloteID} {
		p := &player{name: id, w: c.dial(id), next: true}
		p.rnd = newRand(1)
		runPlayers(t, []*player{p}, 60*1e9)
		p.w.close()
	}
	var list struct {
		Games []protocol.GameSummary `json:"games"`
	}
	c.do("GET", "/api/games?limit=10", nil, &list, 200)
	if len(list.Games) != 2 || list.Games[0].Status != "finished" {
		t.Fatalf("games: %+v", list.Games)
	}
	stranger.do("GET", "/api/games/"+bridgeID, nil, &rec, 200)
	for _, x := range []struct{ id, format, want string }{
		{bridgeID, "pbn", `[Board "1"]`}, {bridgeID, "lin", "md|"}, {beloteID, "json", `"game":"belote"`},
	} {
		req, _ := http.NewRequest("GET", env.ts.URL+"/api/games/"+x.id+"/export?format="+x.format, nil)
		resp, err := stranger.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), x.want) {
			t.Errorf("export %s: %d %.300s", x.format, resp.StatusCode, b)
		}
	}
	stranger.do("GET", "/api/games/"+bridgeID+"/export?format=json", nil, nil, 400)
}
