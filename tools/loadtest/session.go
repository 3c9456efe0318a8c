package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// session is one guest signed in to one node: a cookie jar (the session
// and CSRF cookies) and, with -xff, the made-up address it comes from.
type session struct {
	base string // http://host:port
	hc   *http.Client
	addr string // X-Forwarded-For, or ""
	lang string // the page's language, named in the WebSocket's URL; "" none
}

// httpError is a refused request: the status and the protocol's error
// code.
type httpError struct {
	Status     int
	Code       string
	RetryAfter time.Duration
}

func (e *httpError) Error() string {
	return fmt.Sprintf("HTTP %d %s", e.Status, e.Code)
}

// signIn makes a guest session on base (GET /api/me) reading lang (as a
// page does: its tables' WebSockets name it; none if lang is ""), waiting out the
// server's limit of new guests per address (429 with Retry-After) while
// ctx lasts; each refusal is counted by onRetry.
func signIn(ctx context.Context, base string, tr http.RoundTripper, addr, lang string, onRetry func(error)) (*session, error) {
	jar, _ := cookiejar.New(nil)
	s := &session{base: strings.TrimSuffix(base, "/"), hc: &http.Client{Jar: jar, Transport: tr}, addr: addr, lang: lang}
	for {
		err := s.do(ctx, "GET", "/api/me", nil, nil)
		var he *httpError
		if !errors.As(err, &he) || he.Status != http.StatusTooManyRequests {
			return s, err
		}
		onRetry(err)
		wait := max(he.RetryAfter, time.Second)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// do sends a request with the CSRF header and decodes a 2xx answer into
// out (if not nil).
func (s *session) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("X-CSRF-Token", s.csrf())
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	s.setAddr(req.Header)
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct{ Code string } `json:"error"`
		}
		json.Unmarshal(data, &e)
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return &httpError{Status: resp.StatusCode, Code: e.Error.Code, RetryAfter: time.Duration(secs) * time.Second}
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

func (s *session) setAddr(h http.Header) {
	if s.addr != "" {
		h.Set("X-Forwarded-For", s.addr)
	}
}

// csrf is the value of the CSRF cookie (double submit).
func (s *session) csrf() string {
	u, _ := url.Parse(s.base)
	for _, c := range s.hc.Jar.Cookies(u) {
		if c.Name == "atout_csrf" {
			return c.Value
		}
	}
	return ""
}

// createTable opens a casual table (the caller sits South, bots in the
// other seats) and returns its id and invitation secret.
func (s *session) createTable(ctx context.Context, settings map[string]any) (id, invite string, err error) {
	var out struct{ ID, Invite string }
	if err := s.do(ctx, "POST", "/api/tables", settings, &out); err != nil {
		return "", "", err
	}
	link, err := url.Parse(out.Invite)
	if err != nil {
		return "", "", fmt.Errorf("invitation link %q: %v", out.Invite, err)
	}
	return out.ID, link.Query().Get("invite"), nil
}

// sit takes a bot's seat at table id with its invitation.
func (s *session) sit(ctx context.Context, id, seat, invite string) error {
	return s.do(ctx, "POST", "/api/tables/"+url.PathEscape(id)+"/sit", map[string]string{"seat": seat, "invite": invite}, nil)
}

// abandon closes the caller's own table.
func (s *session) abandon(ctx context.Context, id string) error {
	return s.do(ctx, "DELETE", "/api/tables/"+url.PathEscape(id), nil, nil)
}

// dial opens the table's WebSocket, on the session's server or at direct,
// the URL a redirect gave (absolute, or a path on the session's server).
func (s *session) dial(ctx context.Context, id, direct string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	h := http.Header{}
	s.setAddr(h)
	u := "ws" + strings.TrimPrefix(s.base, "http") + "/ws/" + url.PathEscape(id)
	if s.lang != "" {
		u += "?lang=" + url.QueryEscape(s.lang)
	}
	if direct != "" {
		base, _ := url.Parse(u)
		d, err := base.Parse(direct)
		if err != nil {
			return nil, fmt.Errorf("redirect to %q: %v", direct, err)
		}
		u = d.String()
	}
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: s.hc, HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	return c, nil
}
