package limit

import (
	"fmt"
	"sync"
)

// Config bounds what one user — an account or a guest — may hold on the
// server, so that one client cannot exhaust it. Zero values take the
// defaults given; a negative value removes the limit.
type Config struct {
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

func (l *Config) setDefaults() {
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

// Error is a refusal for a limit: the server answers it 429 with its
// JSON error "limit".
type Error struct{ detail string }

func (e *Error) Error() string { return e.detail }

// Users counts what each user holds, by user id, against a [Config].
type Users struct {
	cfg Config

	createMu sync.Mutex // held while counting a user's tables
	mu       sync.Mutex
	comps    *Buckets                  // competitions created, per user
	creating map[string]int            // table creations under way
	conns    map[string]int            // open WebSockets per user
	perTable map[string]map[string]int // per user, per table
}

// NewUsers returns the counts of a server with the limits of cfg.
func NewUsers(cfg Config) *Users {
	cfg.setDefaults()
	l := &Users{cfg: cfg, creating: map[string]int{}, conns: map[string]int{}, perTable: map[string]map[string]int{}}
	if n := float64(cfg.CompetitionsPerHour); n > 0 {
		l.comps = NewBuckets(n/3600, n)
	}
	return l
}

// Competition spends one of user's competition creations, or returns the
// refusal. A guest's creations cost three.
func (l *Users) Competition(user string, guest bool) error {
	if l.comps == nil {
		return nil
	}
	ok := l.comps.Allow(user)
	if ok && guest {
		ok = l.comps.Allow(user) && l.comps.Allow(user)
	}
	if !ok {
		return &Error{fmt.Sprintf("at most %d competitions an hour per account (a third as many for a guest): try again later", l.cfg.CompetitionsPerHour)}
	}
	return nil
}

// BeginCreate reserves a table creation for user, refusing it when the
// user already holds the most open tables allowed; count returns the open
// tables the store knows of. Call the returned function once the creation
// is over (the store then counts the table).
func (l *Users) BeginCreate(user string, guest bool, count func() (int, error)) (func(), error) {
	max := l.cfg.TablesPerUser
	who := "an account"
	if guest {
		max, who = l.cfg.TablesPerGuest, "a guest"
	}
	if max < 0 {
		return func() {}, nil
	}
	// Held while counting, so that parallel requests cannot all pass.
	l.createMu.Lock()
	defer l.createMu.Unlock()
	n, err := count()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if n+l.creating[user] >= max {
		return nil, &Error{fmt.Sprintf("%s may have at most %d open tables: finish or leave one first", who, max)}
	}
	l.creating[user]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.creating[user]--; l.creating[user] <= 0 {
			delete(l.creating, user)
		}
	}, nil
}

// OpenConn counts a WebSocket of user to a table, refusing it over the
// limits; call the returned function when it closes.
func (l *Users) OpenConn(user, tableID string) (func(), error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if max := l.cfg.ConnsPerUser; max >= 0 && l.conns[user] >= max {
		return nil, &Error{fmt.Sprintf("at most %d open connections per user", max)}
	}
	pt := l.perTable[user]
	if max := l.cfg.ConnsPerTable; max >= 0 && pt[tableID] >= max {
		return nil, &Error{fmt.Sprintf("at most %d open connections per user to one table", max)}
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
