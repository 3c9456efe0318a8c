// Package server is Atout's web front: the HTTP API and the WebSocket of
// docs/protocol.md over the live tables of package table, with sessions
// (guests first, accounts on signup), CSRF protection, rate limits,
// structured logs, health and metrics endpoints, and the embedded browser
// UI.
//
// The server holds no game state: it authenticates a connection, forwards
// the player's intentions to the table ([table.Room]) and relays the
// per-seat states the table sends back. One goroutine reads each
// connection and one writes to it, with pings and write deadlines; a client
// that cannot keep up is disconnected by its table.
//
// What is not a handler is a package of its own: [atout/server/limit]
// (token buckets, the login throttle and its device cookies, what one
// user may hold), [atout/server/metrics] (the counters of /metrics) and
// [atout/server/wsguard] (the end of a WebSocket whose client announces a
// message over the read limit).
package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"atout/bridge/dd/ddpool"
	"atout/competition"
	"atout/protocol"
	"atout/server/limit"
	"atout/server/metrics"
	"atout/store"
	"atout/table"
)

// Config is what a [Server] serves.
type Config struct {
	Store   *store.Store
	Hub     table.Hub
	Assets  fs.FS // the UI (index.html at the root); nil serves nothing
	Logger  *slog.Logger
	Lang    Languages        // nil: English only
	Metrics *metrics.Metrics // nil: a new one
	// SessionTTL is the life of a session cookie (default 30 days).
	SessionTTL time.Duration
	// Secure marks cookies Secure even on plain HTTP (behind a TLS proxy);
	// they always are on a TLS connection.
	Secure bool
	// AllowSeed lets table creation requests fix the deals' seed (tests).
	AllowSeed bool
	// OriginPatterns are the other origins allowed to open WebSockets
	// (same origin is always allowed).
	OriginPatterns []string
	// WriteTimeout bounds every WebSocket write (default 10s);
	// PingInterval is the time between pings (default 25s).
	WriteTimeout time.Duration
	PingInterval time.Duration
	// HandshakeWait is how long a WebSocket handshake waits for its table
	// before it opens the connection and says that the table is moving
	// (protocol.Moving): a cluster's table whose server died answers
	// again once another node took it over (default 500ms). MovingWait is
	// how long such a connection then waits for the table before it
	// closes (default 60s).
	HandshakeWait time.Duration
	MovingWait    time.Duration
	// MessageRate and MessageBurst limit each connection's messages
	// (default 10 per second, bursts of 30).
	MessageRate  float64
	MessageBurst float64
	// GuestsPerMinute limits the guests made per IP address (default 60,
	// in bursts of 60).
	GuestsPerMinute float64
	// Solvers is the double-dummy pool of the tournaments' analyses
	// (default [ddpool.Default], which the tables use too).
	Solvers *ddpool.Pool
	// Limits bound what one user (account or guest) may hold: see
	// [limit.Config] for the defaults.
	Limits limit.Config
	// TrustedProxies are the reverse proxies (load balancers) in front of
	// the server. A request from one of them is from the address it names:
	// the right-most address of X-Forwarded-For that is not itself a
	// trusted proxy, or X-Real-IP without X-Forwarded-For. From any other
	// peer those headers are ignored. Per-address limits and logs use
	// that address.
	TrustedProxies []netip.Prefix
	// MetricsToken is the operator's secret for GET /metrics on the
	// public handler: a request must carry "Authorization: Bearer
	// <token>" (compared in constant time), or it gets 401. Empty: the
	// public handler does not serve /metrics at all (404); serve
	// [Server.MetricsHandler] on a private listener instead.
	MetricsToken string
}

// Server is the HTTP handler of the web app.
type Server struct {
	cfg     Config
	st      *store.Store
	hub     table.Hub
	log     *slog.Logger
	lang    Languages
	metrics *metrics.Metrics
	mux     *http.ServeMux

	login    *limit.Login   // login attempts
	signupIP *limit.Buckets // signups per address
	devices  *limit.Devices // signs the device cookies
	guestIP  *limit.Buckets

	connsMu sync.Mutex
	conns   map[*wsConn]struct{}

	solvers *ddpool.Pool
	limits  *limit.Users // see limits.go
	// wsSessions are the WebSockets open by session token, to close them
	// when the session ends (logout, login, signup); sessionCheck is how
	// often the sessions of the open WebSockets are checked to still live
	// (one may have ended on another node), by one goroutine for them all
	// (checking: it runs) and one query a session, not one a connection.
	wsMu         sync.Mutex
	wsSessions   map[string]map[*context.CancelFunc]struct{}
	checking     bool
	sessionCheck atomic.Int64 // a time.Duration

	comps *competition.Service // see competitions.go
}

// Cookie names.
const (
	SessionCookie = "atout_session"
	CSRFCookie    = "atout_csrf"
	DeviceCookie  = "atout_device"
	LangCookie    = "lang"
	CSRFHeader    = "X-CSRF-Token"
)

// New returns a server for cfg.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Lang == nil {
		cfg.Lang = english{}
	}
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.New()
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 10 * time.Second
	}
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = 25 * time.Second
	}
	if cfg.HandshakeWait <= 0 {
		cfg.HandshakeWait = 500 * time.Millisecond
	}
	if cfg.MovingWait <= 0 {
		cfg.MovingWait = 60 * time.Second
	}
	if cfg.MessageRate <= 0 {
		cfg.MessageRate = 10
	}
	if cfg.MessageBurst <= 0 {
		cfg.MessageBurst = 30
	}
	if cfg.GuestsPerMinute <= 0 {
		cfg.GuestsPerMinute = 60
	}
	s := &Server{
		cfg: cfg, st: cfg.Store, hub: cfg.Hub, log: cfg.Logger, lang: cfg.Lang, metrics: cfg.Metrics,
		mux:      http.NewServeMux(),
		login:    limit.NewLogin(),
		signupIP: limit.NewBuckets(1.0/60, 30), // 30 signups, then one a minute
		devices:  limit.NewDevices(),
		guestIP:  limit.NewBuckets(cfg.GuestsPerMinute/60, cfg.GuestsPerMinute),
		conns:    map[*wsConn]struct{}{},
	}
	s.solvers = cfg.Solvers
	if s.solvers == nil {
		s.solvers = ddpool.Default()
	}
	s.limits = limit.NewUsers(cfg.Limits)
	s.comps = competition.New(competition.Config{Store: cfg.Store, Hub: cfg.Hub, Logger: cfg.Logger,
		Solvers: s.solvers, AllowSeed: cfg.AllowSeed})
	s.wsSessions = map[string]map[*context.CancelFunc]struct{}{}
	s.sessionCheck.Store(int64(time.Minute))
	s.routes()
	return s
}

// Metrics returns the server's metrics.
func (s *Server) Metrics() *metrics.Metrics { return s.metrics }

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /healthz", s.handleHealth)
	m.HandleFunc("GET /metrics", s.handleMetrics)
	m.HandleFunc("GET /api/me", s.handleMe)
	m.HandleFunc("POST /api/signup", s.csrf(s.handleSignup))
	m.HandleFunc("POST /api/login", s.csrf(s.handleLogin))
	m.HandleFunc("POST /api/logout", s.csrf(s.handleLogout))
	m.HandleFunc("POST /api/lang", s.csrf(s.handleLang))
	m.HandleFunc("GET /api/i18n/{lang}", s.handleCatalog)
	m.HandleFunc("GET /api/rules/{game}", s.handleRules)
	m.HandleFunc("GET /api/conventions", s.handleConventions)
	m.HandleFunc("POST /api/tables", s.csrf(s.handleCreateTable))
	m.HandleFunc("GET /api/tables/{id}", s.handleTableInfo)
	m.HandleFunc("POST /api/tables/{id}/sit", s.csrf(s.handleSit))
	m.HandleFunc("DELETE /api/tables/{id}", s.csrf(s.handleAbandon))
	m.HandleFunc("GET /api/games", s.handleGames)
	m.HandleFunc("GET /api/games/{id}", s.handleGame)
	m.HandleFunc("GET /api/games/{id}/export", s.handleExport)
	m.HandleFunc("GET /api/games/{id}/deals/{no}/values", s.handleStepValues)
	m.HandleFunc("GET /ws/{id}", s.handleWS)
	m.HandleFunc("GET /api/profile", s.handleMyProfile)
	m.HandleFunc("PUT /api/profile", s.csrf(s.handleProfileSettings))
	m.HandleFunc("GET /api/profile/export", s.handleProfileExport)
	m.HandleFunc("GET /api/profiles/{name}", s.handleProfile)
	s.competitionRoutes()
	if s.cfg.Assets != nil {
		m.Handle("GET /", noDirs(s.cfg.Assets, http.FileServerFS(s.cfg.Assets)))
		// The invite link /t/ID is a page of the single-page UI.
		m.HandleFunc("GET /t/{id}", func(w http.ResponseWriter, r *http.Request) {
			http.ServeFileFS(w, r, s.cfg.Assets, "index.html")
		})
	}
}

// noDirs serves files but no directory listing: a directory is not found,
// but for the root, which serves index.html.
func noDirs(fsys fs.FS, files http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.Trim(path.Clean("/"+r.URL.Path), "/")
		if name != "" {
			if fi, err := fs.Stat(fsys, name); err == nil && fi.IsDir() {
				http.NotFound(w, r)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// statusWriter records the status of a response for logs and metrics.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket hijack) reach the
// real writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP logs and counts every request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	r = r.WithContext(context.WithValue(r.Context(), clientAddrKey{}, s.clientAddr(r)))
	sw := &statusWriter{ResponseWriter: w}
	h := sw.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	if s.secure(r) {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
	if strings.HasPrefix(r.URL.Path, "/ws/") {
		if c, err := r.Cookie(SessionCookie); err == nil {
			var done func()
			r, done = s.trackSession(r, c.Value)
			defer done()
		}
	}
	s.mux.ServeHTTP(sw, r)
	code := sw.code
	if code == 0 {
		code = http.StatusOK
	}
	s.metrics.Request(r.Method, code)
	if !strings.HasPrefix(r.URL.Path, "/ws/") && r.URL.Path != "/metrics" && r.URL.Path != "/healthz" {
		s.log.Info("http", "method", r.Method, "path", r.URL.Path, "status", code,
			"ms", float64(time.Since(start).Microseconds())/1000, "ip", clientIP(r))
	}
}

// Run serves on ln until ctx is done, then shuts down gracefully: it stops
// accepting connections, stops the tables (which closes the WebSockets)
// and waits up to grace for requests in flight.
func (s *Server) Run(ctx context.Context, ln net.Listener, grace time.Duration) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	pctx, stopProfiles := context.WithCancel(ctx)
	defer stopProfiles()
	go s.RunProfiles(pctx)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	herr := hs.Shutdown(sctx)
	if err := s.hub.Shutdown(sctx); err != nil {
		s.log.Error("stopping tables", "err", err)
	}
	s.waitResultWrites()
	s.closeConns()
	if herr != nil && !errors.Is(herr, context.DeadlineExceeded) {
		return herr
	}
	return nil
}

// trackSession gives a WebSocket request a context that ends with its
// session: when [Server.endSessionConns] is called for the token, or when a
// periodic check finds the session gone. The context does not end with
// the request's handler: the WebSocket it opens outlives it, and takes
// over the end of the tracking (wsContext). done must be called when the
// handler returns; it ends the tracking unless a WebSocket took it over.
func (s *Server) trackSession(r *http.Request, token string) (*http.Request, func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	key := &cancel
	s.wsMu.Lock()
	set := s.wsSessions[token]
	if set == nil {
		set = map[*context.CancelFunc]struct{}{}
		s.wsSessions[token] = set
	}
	set[key] = struct{}{}
	if !s.checking {
		s.checking = true
		go s.checkSessions()
	}
	s.wsMu.Unlock()
	end := &sessionEnd{end: func() {
		cancel()
		s.wsMu.Lock()
		delete(s.wsSessions[token], key)
		if len(s.wsSessions[token]) == 0 {
			delete(s.wsSessions, token)
		}
		s.wsMu.Unlock()
	}}
	return r.WithContext(context.WithValue(ctx, sessionEndKey{}, end)), func() { end.take()() }
}

// sessionEnd holds the end of a WebSocket request's session tracking
// until the handler's return or the WebSocket (wsContext) takes it.
type sessionEnd struct {
	mu  sync.Mutex
	end func()
}

type sessionEndKey struct{}

// take returns the end of the tracking, once; a no-op after.
func (e *sessionEnd) take() func() {
	e.mu.Lock()
	defer e.mu.Unlock()
	end := e.end
	e.end = nil
	if end == nil {
		return func() {}
	}
	return end
}

// wsContext returns the context of a WebSocket opened by r, which outlives
// r's handler, and what to call when the WebSocket ends. The context keeps
// r's values; it ends with r's session (trackSession), not with r.
func wsContext(r *http.Request) (context.Context, func()) {
	if e, ok := r.Context().Value(sessionEndKey{}).(*sessionEnd); ok {
		return r.Context(), e.take()
	}
	return context.WithoutCancel(r.Context()), func() {}
}

// checkSessions closes the WebSockets whose session ended where this node
// was not told (a logout on another node, a session deleted in the
// database): every sessionCheck, one look-up per session with an open
// WebSocket. It returns once no WebSocket is open.
func (s *Server) checkSessions() {
	last := time.Now()
	for {
		time.Sleep(min(time.Duration(s.sessionCheck.Load()), time.Second))
		s.wsMu.Lock()
		if len(s.wsSessions) == 0 {
			s.checking = false
			s.wsMu.Unlock()
			return
		}
		if time.Since(last) < time.Duration(s.sessionCheck.Load()) {
			s.wsMu.Unlock()
			continue
		}
		tokens := make([]string, 0, len(s.wsSessions))
		for tok := range s.wsSessions {
			tokens = append(tokens, tok)
		}
		s.wsMu.Unlock()
		last = time.Now()
		for _, tok := range tokens {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := s.st.SessionUser(ctx, tok)
			cancel()
			if errors.Is(err, store.ErrNoSession) {
				s.endSessionConns(tok)
			}
		}
	}
}

// endSessionConns closes the WebSockets this node has open with a session
// token that no longer holds.
func (s *Server) endSessionConns(token string) {
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	for cancel := range s.wsSessions[token] {
		(*cancel)()
	}
}

// ---- helpers ----

// contentSecurityPolicy allows the UI's own scripts, styles, images (and
// the data: icon), requests and WebSockets, and nothing else: no inline
// script or style, no plugin, no framing, no foreign form target.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

type clientAddrKey struct{}

// clientIP returns the address of the client, as [Server.clientAddr] found
// it when the request came in.
func clientIP(r *http.Request) string {
	if a, ok := r.Context().Value(clientAddrKey{}).(netip.Addr); ok && a.IsValid() {
		return a.String()
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limitKey is the key of the client's address in per-address limits: the
// address, or its /64 network for IPv6 (one subscriber's usual share).
func limitKey(r *http.Request) string {
	a, ok := r.Context().Value(clientAddrKey{}).(netip.Addr)
	if !ok || !a.IsValid() {
		return clientIP(r)
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// clientAddr finds the client's address: the connecting peer, unless it is
// a trusted proxy; then the right-most address of X-Forwarded-For that is
// not a trusted proxy (the one the nearest untrusted hop connected from:
// addresses further left are the client's word and could be anything), or
// X-Real-IP if there is no X-Forwarded-For.
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	peer := parseHop(r.RemoteAddr)
	if !peer.IsValid() || !s.trusted(peer) {
		return peer
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	if len(hops) == 0 {
		if a := parseHop(r.Header.Get("X-Real-IP")); a.IsValid() {
			return a
		}
		return peer
	}
	addr := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a := parseHop(hops[i])
		if !a.IsValid() {
			break // junk: the last hop we could read is who we know
		}
		addr = a
		if !s.trusted(a) {
			break
		}
	}
	return addr
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHop reads an address as proxies write it: "192.0.2.1",
// "192.0.2.1:1234", "2001:db8::1" or "[2001:db8::1]:1234"; the zero Addr
// if it is none of those.
func parseHop(s string) netip.Addr {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap()
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}
	}
	return a.WithZone("").Unmap()
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// apiError writes {"error":{"code","message"}} with a translated message.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, status int, code, detail string) {
	s.metrics.ProtocolError(code)
	writeJSON(w, status, protocol.ErrorResponse{Error: protocol.ErrorDetail{
		Code: code, Message: s.translate(s.requestLang(r, nil), code, detail), Detail: detail}})
}

// tableError maps an error from the tables to a response.
func (s *Server) tableError(w http.ResponseWriter, r *http.Request, err error) {
	code := protocol.CodeOf(err)
	if code == protocol.CodeInternal {
		s.log.Error("request failed", "path", r.URL.Path, "err", err)
	}
	msg := err.Error()
	var rf *protocol.Refusal
	if errors.As(err, &rf) && rf.Msg != "" {
		msg = rf.Msg
	}
	s.apiError(w, r, protocol.Status(code), code, msg)
}

// readJSON decodes a small JSON body strictly.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 16<<10))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func randomToken(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *Server) secure(r *http.Request) bool { return s.cfg.Secure || r.TLS != nil }

func (s *Server) setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge time.Duration, httpOnly bool) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(maxAge / time.Second),
		HttpOnly: httpOnly, Secure: s.secure(r), SameSite: http.SameSiteLaxMode,
	})
}

// csrf wraps a state-changing handler with the double-submit check: the
// X-CSRF-Token header must equal the atout_csrf cookie.
func (s *Server) csrf(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(CSRFCookie)
		hdr := r.Header.Get(CSRFHeader)
		if err != nil || len(c.Value) < 16 || subtle.ConstantTimeCompare([]byte(c.Value), []byte(hdr)) != 1 {
			s.apiError(w, r, http.StatusForbidden, "csrf", "missing or wrong "+CSRFHeader)
			return
		}
		h(w, r)
	}
}

// ensureCSRF sets the CSRF cookie if the browser has none.
func (s *Server) ensureCSRF(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(CSRFCookie); err == nil && len(c.Value) >= 16 {
		return c.Value
	}
	tok := randomToken(24)
	s.setCookie(w, r, CSRFCookie, tok, s.cfg.SessionTTL, false)
	return tok
}

// user returns the session's user, if any.
func (s *Server) user(r *http.Request) (store.User, bool) {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return store.User{}, false
	}
	u, err := s.st.SessionUser(r.Context(), c.Value)
	if err != nil {
		if !errors.Is(err, store.ErrNoSession) {
			s.log.Error("session lookup", "err", err)
		}
		return store.User{}, false
	}
	return u, true
}

// requestLang picks the language: the lang cookie, the user's choice, the
// Accept-Language header.
func (s *Server) requestLang(r *http.Request, u *store.User) string {
	if c, err := r.Cookie(LangCookie); err == nil && s.lang.Supported(c.Value) {
		return c.Value
	}
	if u != nil && u.Lang != "" && s.lang.Supported(u.Lang) {
		return u.Lang
	}
	return s.lang.Match(r.Header.Get("Accept-Language"))
}
