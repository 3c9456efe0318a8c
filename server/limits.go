package server

import (
	"errors"
	"net/http"
	"time"

	"atout/server/limit"
	"atout/store"
)

// The server's side of package limit: the keys it names (a username's key,
// the client's address, the device cookie) and the answers to a refusal.

// loginAttempt describes an attempt of r at account (a username's key).
func (s *Server) loginAttempt(r *http.Request, account string) limit.Attempt {
	var dev string
	if c, err := r.Cookie(DeviceCookie); err == nil {
		dev = s.devices.Check(c.Value, account)
	}
	return limit.NewAttempt(account, limitKey(r), dev)
}

// setDevice gives the browser a device cookie for account.
func (s *Server) setDevice(w http.ResponseWriter, r *http.Request, account string) {
	http.SetCookie(w, &http.Cookie{
		Name: DeviceCookie, Value: s.devices.Issue(account), Path: "/api/",
		MaxAge: int(365 * 24 * time.Hour / time.Second), HttpOnly: true, Secure: s.secure(r),
		SameSite: http.SameSiteStrictMode,
	})
}

// allowCompetition spends one of u's competition creations, or returns
// the refusal (answered 429). A guest's creations cost three.
func (s *Server) allowCompetition(u store.User) error {
	return s.limits.Competition(u.ID, u.Guest)
}

// beginCreate reserves a table creation for u, refusing it when u already
// holds the most open tables allowed; call the returned function once the
// creation is over (the store then counts the table).
func (s *Server) beginCreate(r *http.Request, u store.User) (func(), error) {
	return s.limits.BeginCreate(u.ID, u.Guest, func() (int, error) {
		return s.st.CountOpenGames(r.Context(), u.ID)
	})
}

// limitOrTableError writes the 429 of a limit, or the error of the tables.
func (s *Server) limitOrTableError(w http.ResponseWriter, r *http.Request, err error) {
	var le *limit.Error
	if errors.As(err, &le) {
		s.apiError(w, r, http.StatusTooManyRequests, "limit", le.Error())
		return
	}
	s.tableError(w, r, err)
}

// GCPercent is the garbage collector's GOGC that atout serve runs with
// unless GOGC is set, over the live heap but for the solvers' tables
// (PaceGC). Allocation is steady and the collector's CPU small: letting
// the heap reach 3x the live heap instead of 2x (GOGC=100) makes half as
// many collections, for memory that stays under 1 GB at 2,000 tables of
// four. Some 130-200 MB is live before the first deals end, 270-290 MB
// once their reviews run (of which some 100 MB of solvers' tables):
// docs/capacity.md, "The steady state".
const GCPercent = 200
