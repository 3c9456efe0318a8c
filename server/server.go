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
	"strings"
	"sync"
	"time"

	"atout/bridge/dd/ddpool"
	"atout/store"
	"atout/table"
)

// Config is what a [Server] serves.
type Config struct {
	Store   *store.Store
	Hub     table.Hub
	Assets  fs.FS // the UI (index.html at the root); nil serves nothing
	Logger  *slog.Logger
	Lang    Languages // nil: English only
	Metrics *Metrics  // nil: a new one
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
	// [Limits] for the defaults.
	Limits Limits
}

// Server is the HTTP handler of the web app.
type Server struct {
	cfg     Config
	st      *store.Store
	hub     table.Hub
	log     *slog.Logger
	lang    Languages
	metrics *Metrics
	mux     *http.ServeMux

	loginIP   *limiter
	loginUser *limiter
	guestIP   *limiter

	connsMu sync.Mutex
	conns   map[*wsConn]struct{}

	solvers *ddpool.Pool
	limits  *userLimits // see limits.go

	tours *tournaments      // see tournament.go
	teams *teamMatches      // see teams.go
	belds *beloteDuplicates // see beloteduplicate.go
}

// Cookie names.
const (
	SessionCookie = "atout_session"
	CSRFCookie    = "atout_csrf"
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
		cfg.Metrics = NewMetrics()
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
		mux:       http.NewServeMux(),
		loginIP:   newLimiter(0.2, 10), // 10 tries, then one per 5 s
		loginUser: newLimiter(0.1, 5),
		guestIP:   newLimiter(cfg.GuestsPerMinute/60, cfg.GuestsPerMinute),
		conns:     map[*wsConn]struct{}{},
	}
	s.solvers = cfg.Solvers
	if s.solvers == nil {
		s.solvers = ddpool.Default()
	}
	s.limits = newUserLimits(cfg.Limits)
	s.routes()
	return s
}

// Metrics returns the server's metrics.
func (s *Server) Metrics() *Metrics { return s.metrics }

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
	m.HandleFunc("POST /api/tables", s.csrf(s.handleCreateTable))
	m.HandleFunc("GET /api/tables/{id}", s.handleTableInfo)
	m.HandleFunc("POST /api/tables/{id}/sit", s.csrf(s.handleSit))
	m.HandleFunc("GET /api/games", s.handleGames)
	m.HandleFunc("GET /api/games/{id}", s.handleGame)
	m.HandleFunc("GET /api/games/{id}/export", s.handleExport)
	m.HandleFunc("GET /ws/{id}", s.handleWS)
	s.tournamentRoutes()
	s.teamRoutes()
	s.beloteDuplicateRoutes()
	if s.cfg.Assets != nil {
		files := http.FileServerFS(s.cfg.Assets)
		m.Handle("GET /", files)
		// The invite link /t/ID is a page of the single-page UI.
		m.HandleFunc("GET /t/{id}", func(w http.ResponseWriter, r *http.Request) {
			http.ServeFileFS(w, r, s.cfg.Assets, "index.html")
		})
	}
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
	sw := &statusWriter{ResponseWriter: w}
	sw.Header().Set("X-Content-Type-Options", "nosniff")
	sw.Header().Set("Referrer-Policy", "same-origin")
	sw.Header().Set("X-Frame-Options", "DENY")
	s.mux.ServeHTTP(sw, r)
	code := sw.code
	if code == 0 {
		code = http.StatusOK
	}
	s.metrics.request(r.Method, code)
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

// ---- helpers ----

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// apiError writes {"error":{"code","message"}} with a translated message.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, status int, code, detail string) {
	s.metrics.protocolError(code)
	writeJSON(w, status, map[string]any{"error": map[string]string{
		"code": code, "message": s.translate(s.requestLang(r, nil), code, detail), "detail": detail}})
}

// tableError maps an error from the tables to a response.
func (s *Server) tableError(w http.ResponseWriter, r *http.Request, err error) {
	code := table.CodeOf(err)
	status := map[string]int{
		table.CodeNotFound: http.StatusNotFound, table.CodeBadRequest: http.StatusBadRequest,
		table.CodeForbidden: http.StatusForbidden, table.CodeNotSeated: http.StatusForbidden,
		table.CodeBusy: http.StatusServiceUnavailable, table.CodeClosed: http.StatusServiceUnavailable,
		table.CodeInternal: http.StatusInternalServerError, table.CodeOver: http.StatusConflict,
	}[code]
	if status == 0 {
		status = http.StatusConflict
	}
	if code == table.CodeInternal {
		s.log.Error("request failed", "path", r.URL.Path, "err", err)
	}
	s.apiError(w, r, status, code, err.Error())
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
