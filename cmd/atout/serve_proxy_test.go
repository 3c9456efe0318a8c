package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/netip"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"atout/server"
	"atout/store"
)

func TestParseTrustedProxies(t *testing.T) {
	got, err := parseTrustedProxies(" 10.0.0.0/8, 127.0.0.1,::1 ,fd00::1/8")
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32"),
		netip.MustParsePrefix("::1/128"), netip.MustParsePrefix("fd00::/8")}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("parseTrustedProxies = %v, %v; want %v", got, err, want)
	}
	if got, err := parseTrustedProxies(""); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v, %v", got, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example", "10.0.0.1:80", "fe80::1%eth0"} {
		if _, err := parseTrustedProxies(bad); err == nil {
			t.Errorf("parseTrustedProxies(%q) accepted", bad)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--trusted-proxies", "10.0.0.0/33"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--trusted-proxies") {
		t.Errorf("bad --trusted-proxies: exit %d, want 2 naming the flag (%s)", code, errb.String())
	}
}

// TestServeTrustedProxies: behind the trusted proxy of --trusted-proxies,
// the login limit per address keys on the client's address, not the
// proxy's; without it, X-Forwarded-For is ignored.
func TestServeTrustedProxies(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg := serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "test"}
		if trusted {
			cfg.trustedProxies, _ = parseTrustedProxies("127.0.0.1")
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- serve(ctx, cfg, io.Discard) }()
		base := "http://" + ln.Addr().String()
		jar, _ := cookiejar.New(nil)
		hc := &http.Client{Jar: jar, Timeout: 10 * time.Second}
		var csrf string
		for i := 0; i < 100 && csrf == ""; i++ {
			if resp, err := hc.Get(base + "/api/me"); err == nil {
				resp.Body.Close()
			} else {
				time.Sleep(20 * time.Millisecond)
			}
			u, _ := url.Parse(base)
			for _, c := range jar.Cookies(u) {
				if c.Name == server.CSRFCookie {
					csrf = c.Value
				}
			}
		}
		signup := func(client string) int {
			req, _ := http.NewRequest("POST", base+"/api/signup", strings.NewReader(`{"username":"x","password":"correct horse"}`))
			req.Header.Set(server.CSRFHeader, csrf)
			req.Header.Set("X-Forwarded-For", client)
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		// Signups have a budget of their own per address: 30, then one a
		// minute (server.New).
		last := 0
		for range 31 {
			last = signup("192.0.2.1")
		}
		if last != http.StatusTooManyRequests {
			t.Errorf("trusted=%v: 31 signups from 192.0.2.1: last %d, want 429", trusted, last)
		}
		want := http.StatusBadRequest // the name "x" is too short: the attempt was let through
		if !trusted {
			want = http.StatusTooManyRequests
		}
		if got := signup("192.0.2.2"); got != want {
			t.Errorf("trusted=%v: signup from 192.0.2.2: %d, want %d", trusted, got, want)
		}
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop")
		}
		st.Close()
	}
}
