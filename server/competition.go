package server

// What team matches (teams.go) and belote duplicates (beloteduplicate.go)
// share: a cache of the competitions of one kind, loaded from the store on
// demand and refreshed from it now and then (a cluster's other nodes add
// results too), the results reported while a competition is being loaded,
// the background writes of results, and the plumbing of their handlers.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"atout/card"
	"atout/store"
	"atout/table"
)

// refreshEvery is how often a cached match or event in progress reads its
// results again from the store, for the boards reported to another node
// of a cluster.
const refreshEvery = 2 * time.Second

// compBase is what every cached competition holds: its stored record, and
// when its results were last read from the store (guarded by its cache's
// mu).
type compBase struct {
	comp    store.Competition
	checked time.Time
}

func (b *compBase) base() *compBase { return b }

// compEvent is a cached competition: a pointer to a struct embedding
// compBase.
type compEvent interface{ base() *compBase }

// compCache is the server's cache of the competitions of one kind; R is a
// result reported by a table.
type compCache[E compEvent, R any] struct {
	mu   sync.Mutex
	byID map[string]E
	// pending holds the results reported for a competition that is not in
	// the cache yet (it is being loaded): the load merges them.
	pending map[string][]R

	kind string // store kind
	what string // its name in errors: "team match"
	// open builds a competition from its stored record, reading what the
	// store holds of it; it sets checked.
	open func(context.Context, store.Competition) (E, error)
	// refresh reads again from the store the results of a cached
	// competition (a failure is logged, not returned).
	refresh func(context.Context, E)
	// merge adds to a competition just loaded a result kept for it (one
	// it has already is fine). It runs under mu.
	merge func(E, R)
}

// record adds a result to its competition through add if it is in the
// cache, or keeps it for the load under way. Add runs under mu.
func (c *compCache[E, R]) record(id string, res R, add func(E)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ev, ok := c.byID[id]; ok {
		add(ev)
		return
	}
	c.pending[id] = append(c.pending[id], res)
}

// dealSource is the shuffle source of a competition's boards: its stored
// secret, or for a competition made before secrets (or a test's), its seed.
func dealSource(secret string, seed uint64) (*card.Rand, error) {
	if secret == "" {
		return card.NewRand(seed), nil
	}
	sec, err := card.ParseSecret(secret)
	if err != nil {
		return nil, err
	}
	return sec.Rand(), nil
}

// bound reports whether tableID is the table recorded for entry of
// competition id: in the cache (a table just opened, whose entry may not
// be written yet) or in the store. Only such a table's results count; a
// table's settings (its competition tag) prove nothing, the store does.
// tableOf reads a cached competition's table for the entry; it runs
// under mu.
func (c *compCache[E, R]) bound(s *Server, id, entry, tableID string, tableOf func(E) string) bool {
	if tableID == "" || id == "" {
		return false
	}
	c.mu.Lock()
	ev, ok := c.byID[id]
	cached := ok && tableOf(ev) == tableID
	c.mu.Unlock()
	if cached {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if boundInStore(ctx, s.st, id, c.kind, entry, tableID) {
		return true
	}
	s.log.Warn("competition result refused: the table is not the one recorded for it", "competition", id, "entry", entry, "table", tableID)
	return false
}

// boundInStore reports whether the store records tableID as the table of
// entry in the competition id of the given kind.
func boundInStore(ctx context.Context, st *store.Store, id, kind, entry, tableID string) bool {
	comp, err := st.GetCompetition(ctx, id)
	if err != nil || comp.Kind != kind {
		return false
	}
	en, err := st.GetCompetitionEntry(ctx, id, entry)
	return err == nil && en.GameID != "" && en.GameID == tableID
}

// mayRead says whether userID, who does not play at a finished table of
// the competition tagged tag, may read it (its state, its record): only
// once he may see every board on it, as the competition's own board pages
// decide. Otherwise a player who finished early would show his boards to
// those who have not played them yet.
func (s *Server) mayRead(ctx context.Context, tag, userID string) error {
	err := s.competitionHides(ctx, tag, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // no such competition (any more): nothing to hide
	}
	return err
}

func (s *Server) competitionHides(ctx context.Context, tag, userID string) error {
	hidden := &table.Error{Code: table.CodeForbidden, Msg: "this competition's boards stay hidden until you have played them (or it is over)"}
	if id, _, ok := parseTeamTag(tag); ok {
		mt, err := s.teamMatch(ctx, id)
		if err != nil {
			return err
		}
		for _, mb := range mt.m.Score().Boards {
			if !mt.canSee(userID, mb) {
				return hidden
			}
		}
		return nil
	}
	if id, _, ok := strings.Cut(tag, ":"); ok {
		ev, err := s.belds.get(ctx, s.st, id)
		if err != nil {
			return err
		}
		played, err := ev.played()
		if err != nil {
			return err
		}
		s.belds.mu.Lock()
		defer s.belds.mu.Unlock()
		mine := ev.teamOf(userID)
		for _, dl := range ev.d.Deals {
			if !ev.canSee(mine, played, dl.Number) {
				return hidden
			}
		}
		return nil
	}
	v, err := s.tours.load(ctx, tag)
	if err != nil {
		return err
	}
	if v.t.Over(s.tours.now()) {
		return nil
	}
	for _, b := range v.t.Boards {
		if userID == "" || !v.t.HasPlayed(userID, b.Number) {
			return hidden
		}
	}
	return nil
}

// put caches a competition just created.
func (c *compCache[E, R]) put(id string, ev E) {
	c.mu.Lock()
	c.byID[id] = ev
	c.mu.Unlock()
}

// drop forgets a competition and the results kept for it.
func (c *compCache[E, R]) drop(id string) {
	c.mu.Lock()
	delete(c.byID, id)
	delete(c.pending, id)
	c.mu.Unlock()
}

// get returns a competition from the cache (refreshed when it was last
// read more than refreshEvery ago) or else from the store. A competition
// of another kind is not found.
func (c *compCache[E, R]) get(ctx context.Context, st *store.Store, id string) (E, error) {
	var zero E
	c.mu.Lock()
	ev, ok := c.byID[id]
	stale := ok && time.Since(ev.base().checked) > refreshEvery
	if stale {
		ev.base().checked = time.Now()
	}
	c.mu.Unlock()
	if ok {
		if stale {
			c.refresh(ctx, ev)
		}
		return ev, nil
	}
	comp, err := st.GetCompetition(ctx, id)
	if err != nil {
		return zero, err
	}
	if comp.Kind != c.kind {
		return zero, fmt.Errorf("competition %s is a %s: %w", id, comp.Kind, store.ErrNotFound)
	}
	ev, err = c.open(ctx, comp)
	if err != nil {
		return zero, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.byID[id]; ok {
		return cur, nil
	}
	for _, p := range c.pending[id] {
		c.merge(ev, p)
	}
	delete(c.pending, id)
	c.byID[id] = ev
	return ev, nil
}

// fromPath returns the competition named by the request's path ({id}), or
// answers 404 (500 if the store fails).
func (c *compCache[E, R]) fromPath(s *Server, w http.ResponseWriter, r *http.Request) (E, bool) {
	ev, err := c.get(r.Context(), s.st, r.PathValue("id"))
	if err != nil {
		s.teamCompError(w, r, c.what, err)
		return ev, false
	}
	return ev, true
}

// boardFromPath returns the competition and the board (or deal) number
// {n} of the request's path, or answers the error; what names the number
// ("board number").
func (c *compCache[E, R]) boardFromPath(s *Server, w http.ResponseWriter, r *http.Request, what string) (E, int, bool) {
	ev, ok := c.fromPath(s, w, r)
	if !ok {
		return ev, 0, false
	}
	n, ok := s.pathNumber(w, r, what)
	return ev, n, ok
}

// decodeSpec decodes the spec of a stored competition.
func decodeSpec(comp store.Competition, what string, spec any) error {
	if err := json.Unmarshal(comp.Spec, spec); err != nil {
		return fmt.Errorf("%s %s: spec: %w", what, comp.ID, err)
	}
	return nil
}

// teamCompError answers a store error on a competition.
func (s *Server) teamCompError(w http.ResponseWriter, r *http.Request, what string, err error) {
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such "+what+": "+r.PathValue("id"))
		return
	}
	s.log.Error(what, "id", r.PathValue("id"), "err", err)
	s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
}

// addResult stores a result of a competition; one already there is fine.
func (s *Server) addResult(ctx context.Context, res store.CompetitionResult) error {
	err := s.st.AddCompetitionResult(ctx, res)
	if errors.Is(err, store.ErrConflict) {
		return nil
	}
	return err
}

// writeLater runs write in the background (it runs on a table's goroutine,
// which must not wait for the store), counted by s.teams.wg; an error is
// logged as msg with args.
func (s *Server) writeLater(write func(context.Context) error, msg string, args ...any) {
	s.teams.wg.Add(1)
	go func() {
		defer s.teams.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := write(ctx); err != nil {
			s.log.Error(msg, append(args, "err", err)...)
		}
	}()
}

// badRequest returns a function answering 400 bad_request with a
// formatted message.
func (s *Server) badRequest(w http.ResponseWriter, r *http.Request) func(format string, args ...any) {
	return func(format string, args ...any) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", fmt.Sprintf(format, args...))
	}
}

// readBody decodes a request's JSON body into v or answers 400.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := readJSON(r, v); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	return true
}

// pathNumber returns the number {n} of the request's path, or answers 400
// naming it as what ("board number").
func (s *Server) pathNumber(w http.ResponseWriter, r *http.Request, what string) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", what+": "+r.PathValue("n"))
		return 0, false
	}
	return n, true
}

// createCompetition stores a new competition or answers the error: 400
// for what the store finds invalid, 500 else.
func (s *Server) createCompetition(w http.ResponseWriter, r *http.Request, c store.Competition) (store.Competition, bool) {
	comp, err := s.st.CreateCompetition(r.Context(), c)
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			s.badRequest(w, r)("%v", err)
		} else {
			s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		}
		return comp, false
	}
	return comp, true
}

// listCompetitions answers the latest 50 competitions of a kind as
// {key: [summary, ...]}, those whose spec S cannot be read left out.
func listCompetitions[S, O any](s *Server, w http.ResponseWriter, r *http.Request, kind, key string, summary func(store.Competition, S) O) {
	list, err := s.st.ListCompetitions(r.Context(), kind, 50)
	if err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	out := make([]O, 0, len(list))
	for _, c := range list {
		var sp S
		if json.Unmarshal(c.Spec, &sp) != nil {
			continue
		}
		out = append(out, summary(c, sp))
	}
	writeJSON(w, http.StatusOK, map[string]any{key: out})
}
