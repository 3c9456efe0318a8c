package server

import (
	"errors"
	"fmt"
	"net/http"
	"sync"

	"atout/store"
)

// Limits bound what one user — an account or a guest — may hold on the
// server, so that one client cannot exhaust it. Zero values take the
// defaults given; a negative value removes the limit.
type Limits struct {
	// TablesPerUser and TablesPerGuest bound the open (unfinished) tables
	// an account or a guest has created (defaults 20 and 10).
	TablesPerUser  int
	TablesPerGuest int
	// ConnsPerTable bounds the WebSockets one user has open to one table
	// (default 8, several tabs or devices); ConnsPerUser those to all
	// tables (default 32).
	ConnsPerTable int
	ConnsPerUser  int
	// CompetitionsPerHour bounds the tournaments, team matches and belote
	// duplicates one account creates in an hour (default 20, in bursts of
	// as many); a guest may create a third as many.
	CompetitionsPerHour int
}

func (l *Limits) setDefaults() {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&l.TablesPerUser, 20)
	def(&l.TablesPerGuest, 10)
	def(&l.ConnsPerTable, 8)
	def(&l.ConnsPerUser, 32)
	def(&l.CompetitionsPerHour, 20)
}

// userLimits counts what each user holds.
type userLimits struct {
	cfg Limits

	createMu sync.Mutex // held while counting a user's tables
	mu       sync.Mutex
	comps    *limiter                  // competitions created, per user
	creating map[string]int            // table creations under way
	conns    map[string]int            // open WebSockets per user
	perTable map[string]map[string]int // per user, per table
}

func newUserLimits(cfg Limits) *userLimits {
	cfg.setDefaults()
	l := &userLimits{cfg: cfg, creating: map[string]int{}, conns: map[string]int{}, perTable: map[string]map[string]int{}}
	if n := float64(cfg.CompetitionsPerHour); n > 0 {
		l.comps = newLimiter(n/3600, n)
	}
	return l
}

// allowCompetition spends one of u's competition creations, or returns
// the refusal (answered 429). A guest's creations cost three.
func (s *Server) allowCompetition(u store.User) error {
	l := s.limits
	if l.comps == nil {
		return nil
	}
	ok := l.comps.allow(u.ID)
	if ok && u.Guest {
		ok = l.comps.allow(u.ID) && l.comps.allow(u.ID)
	}
	if !ok {
		return &limitError{fmt.Sprintf("at most %d competitions an hour per account (a third as many for a guest): try again later", l.cfg.CompetitionsPerHour)}
	}
	return nil
}

// limitError is a refusal for a limit: 429 with the server's JSON error.
type limitError struct{ detail string }

func (e *limitError) Error() string { return e.detail }

// beginCreate reserves a table creation for u, refusing it when u already
// holds the most open tables allowed; call the returned function once the
// creation is over (the store then counts the table).
func (s *Server) beginCreate(r *http.Request, u store.User) (func(), error) {
	l := s.limits
	max := l.cfg.TablesPerUser
	who := "an account"
	if u.Guest {
		max, who = l.cfg.TablesPerGuest, "a guest"
	}
	if max < 0 {
		return func() {}, nil
	}
	// Held while counting, so that parallel requests cannot all pass.
	l.createMu.Lock()
	defer l.createMu.Unlock()
	n, err := s.st.CountOpenGames(r.Context(), u.ID)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if n+l.creating[u.ID] >= max {
		return nil, &limitError{fmt.Sprintf("%s may have at most %d open tables: finish or leave one first", who, max)}
	}
	l.creating[u.ID]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.creating[u.ID]--; l.creating[u.ID] <= 0 {
			delete(l.creating, u.ID)
		}
	}, nil
}

// openConn counts a WebSocket of user to table, refusing it over the
// limits; call the returned function when it closes.
func (l *userLimits) openConn(user, tableID string) (func(), error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if max := l.cfg.ConnsPerUser; max >= 0 && l.conns[user] >= max {
		return nil, &limitError{fmt.Sprintf("at most %d open connections per user", max)}
	}
	pt := l.perTable[user]
	if max := l.cfg.ConnsPerTable; max >= 0 && pt[tableID] >= max {
		return nil, &limitError{fmt.Sprintf("at most %d open connections per user to one table", max)}
	}
	if pt == nil {
		pt = map[string]int{}
		l.perTable[user] = pt
	}
	pt[tableID]++
	l.conns[user]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if pt[tableID]--; pt[tableID] <= 0 {
			delete(pt, tableID)
		}
		if len(pt) == 0 {
			delete(l.perTable, user)
		}
		if l.conns[user]--; l.conns[user] <= 0 {
			delete(l.conns, user)
		}
	}, nil
}

// limitOrTableError writes the 429 of a limit, or the error of the tables.
func (s *Server) limitOrTableError(w http.ResponseWriter, r *http.Request, err error) {
	var le *limitError
	if errors.As(err, &le) {
		s.apiError(w, r, http.StatusTooManyRequests, "limit", le.detail)
		return
	}
	s.tableError(w, r, err)
}
