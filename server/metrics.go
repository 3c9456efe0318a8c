package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"net/http/pprof"
	"strings"
)

// writeMetrics writes the whole exposition (package metrics): the
// counters, the live tables and the solver pool's figures.
func (s *Server) writeMetrics(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.Write(w, s.hub.Len(), s.solvers.Stats())
}

// MetricsHandler serves GET /metrics without a token, and Go's profiles
// under /debug/pprof/ (net/http/pprof: the heap, the goroutines, a CPU
// profile), and nothing else: for a private listener (atout serve
// --metrics-addr 127.0.0.1:9090) that only the operator reaches. The
// public handler serves /metrics only with Config.MetricsToken, and never
// the profiles.
func (s *Server) MetricsHandler() http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) { s.writeMetrics(w) })
	m.HandleFunc("GET /debug/pprof/", pprof.Index)
	m.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	m.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	m.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	m.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return m
}

// bearerIs reports whether r carries "Authorization: Bearer token". The
// comparison is of digests, in constant time: neither the content nor the
// length of the token leaks through the time of an answer.
func bearerIs(r *http.Request, token string) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || got == "" {
		return false
	}
	a, b := sha256.Sum256([]byte(strings.TrimSpace(got))), sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}
