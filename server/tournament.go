package server

// Duplicate tournaments: an organiser creates a tournament (a set of boards
// dealt from a seed or imported from PBN, a scoring and a time window), or
// the server does every day ([Server.RunDaily]); each player plays the
// boards at a table of his own with bots in the other seats, and every
// finished board becomes his result in the tournament.
//
// The database is the source of truth: a tournament is a store.Competition
// of kind "tournament" whose Spec holds its boards and scoring, each player
// a CompetitionEntry (with the table he plays at) and each finished board a
// CompetitionResult. Every node sharing the database therefore shows the
// same ranking, and a restart loses nothing: a resumed table goes on
// reporting its boards to its tournament. A node keeps the tournaments it
// serves in memory, rebuilt from the store and caught up with what the
// other nodes wrote at most tourTTL after (see tournaments.load).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/bridge/pbn"
	"atout/card"
	"atout/i18n"
	"atout/store"
	"atout/table"
	"atout/tournament"
	"atout/web/handrecords"
)

// tourKind is the store.Competition kind of a duplicate bridge tournament.
const tourKind = "tournament"

// Cache timing: a tournament read from the store is caught up with the
// results other nodes wrote once it is tourTTL old (only the recent rows
// are read, with tourMargin of overlap for transactions that committed
// late), and read again whole every tourFullEvery.
const (
	tourTTL       = 2 * time.Second
	tourMargin    = 30 * time.Second
	tourFullEvery = 5 * time.Minute
	// maxCachedTours bounds the tournaments held in memory (the least
	// recently used go first); maxTourList bounds the list.
	maxCachedTours = 200
	maxTourList    = 100
	// maxTourBody bounds POST /api/tournaments, whose PBN may be long.
	maxTourBody = 1 << 20
	// ddWaitTime is how long a board's page waits for its double-dummy
	// analysis before it is sent without (with "ddPending").
	ddWaitTime = 2 * time.Second
	// recordsRefresh is how often (seconds) printable hand records with
	// analyses still being computed reload themselves.
	recordsRefresh = 5
)

// tourKey names a player's entry in a tournament.
type tourKey struct{ tour, user string }

// tourSpec is the Spec of a tournament competition: everything needed to
// rebuild the same tournament on any node.
type tourSpec struct {
	Scoring string      `json:"scoring"`        // mp, imp or butler
	Seed    string      `json:"seed,omitempty"` // decimal; absent when imported
	Source  string      `json:"source"`         // "seed", "pbn" or "daily"
	Creator string      `json:"creator,omitempty"`
	Boards  []specBoard `json:"boards"`
}

// specBoard is a board of a tourSpec.
type specBoard struct {
	N      int    `json:"n"`
	Deal   string `json:"deal"` // PBN "N:..." form
	Dealer string `json:"dealer"`
	Vul    string `json:"vul"`
}

// resultData is the Data of a tournament's CompetitionResult.
type resultData struct {
	Contract string `json:"contract"` // "4SX", "Pass"
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	Side     string `json:"side"`    // NS or EW
	ScoreNS  int    `json:"scoreNS"` // for readers of the database; recomputed on load
	Time     int64  `json:"time"`    // Unix ms, the time checked against the window
}

// entryData is the Data of a tournament's CompetitionEntry.
type entryData struct {
	Name string `json:"name"`
}

func specOf(t *tournament.Tournament, source, creator string) tourSpec {
	sp := tourSpec{Scoring: scoringName(t.Scoring), Source: source, Creator: creator}
	if t.Seed != 0 {
		sp.Seed = strconv.FormatUint(t.Seed, 10)
	}
	for _, b := range t.Boards {
		sp.Boards = append(sp.Boards, specBoard{N: b.Number, Deal: b.Deal.String(), Dealer: b.Dealer.String(), Vul: b.Vul.String()})
	}
	return sp
}

// build makes the tournament of a stored competition.
func (sp tourSpec) build(c store.Competition) (*tournament.Tournament, error) {
	sc, err := tournament.ParseScoring(sp.Scoring)
	if err != nil {
		return nil, err
	}
	boards := make([]tournament.Board, len(sp.Boards))
	for i, b := range sp.Boards {
		d, err := bridge.ParseDeal(b.Deal)
		if err != nil {
			return nil, fmt.Errorf("board %d: %w", b.N, err)
		}
		dealer, err := card.ParseSeat(b.Dealer)
		if err != nil {
			return nil, fmt.Errorf("board %d: dealer: %w", b.N, err)
		}
		vul, err := bridge.ParseVul(b.Vul)
		if err != nil {
			return nil, fmt.Errorf("board %d: vulnerability: %w", b.N, err)
		}
		boards[i] = tournament.Board{Number: b.N, Deal: d, Dealer: dealer, Vul: vul}
	}
	t, err := tournament.New(c.ID, c.Name, boards, sc, tournament.Window{Start: c.Start, End: c.End})
	if err != nil {
		return nil, err
	}
	if sp.Seed != "" {
		if t.Seed, err = strconv.ParseUint(sp.Seed, 10, 64); err != nil {
			return nil, fmt.Errorf("seed %q: %w", sp.Seed, err)
		}
	}
	return t, nil
}

func resultOf(r tournament.BoardResult) resultData {
	d := resultData{Contract: r.Contract.String(), Tricks: r.Tricks, Side: r.Side.String(), ScoreNS: r.ScoreNS, Time: r.Time.UnixMilli()}
	if !r.Contract.IsPass() {
		d.Declarer = r.Declarer.String()
	}
	return d
}

// boardResult reads a stored result back.
func boardResult(cr store.CompetitionResult) (tournament.BoardResult, error) {
	var d resultData
	if err := json.Unmarshal(cr.Data, &d); err != nil {
		return tournament.BoardResult{}, err
	}
	c, err := bridge.ParseContract(d.Contract)
	if err != nil {
		return tournament.BoardResult{}, err
	}
	r := tournament.BoardResult{Entry: cr.Entry, Board: cr.Board, Contract: c, Tricks: d.Tricks, Time: time.UnixMilli(d.Time)}
	if !c.IsPass() {
		if r.Declarer, err = card.ParseSeat(d.Declarer); err != nil {
			return tournament.BoardResult{}, err
		}
	}
	if d.Side == "EW" {
		r.Side = card.EW
	}
	return r, nil
}

func entryName(e store.CompetitionEntry) string {
	var d entryData
	if json.Unmarshal(e.Data, &d) == nil && d.Name != "" {
		return d.Name
	}
	return e.Entry
}

// tourView is a tournament as a request sees it.
type tourView struct {
	t    *tournament.Tournament
	comp store.Competition
	spec tourSpec
}

// tourState is a tournament held in memory.
type tourState struct {
	mu      sync.Mutex // serialises the loads
	v       tourView   // v.t nil until loaded
	checked time.Time  // wall time of the last catch-up (zero: stale)
	fullAt  time.Time  // wall time of the last full load
	// entMark and resMark are the newest Joined and Created seen
	// (database clock).
	entMark, resMark time.Time
	used             time.Time
}

// tournaments is the server's view of the tournaments in the store.
type tournaments struct {
	st  *store.Store
	log interface {
		Error(string, ...any)
		Info(string, ...any)
	}
	// now is the clock of the windows (tests move it); wall times the
	// cache; dd, when set, is the double-dummy solver (tests use a fast
	// fake).
	now  func() time.Time
	wall func() time.Time
	dd   tournament.DDFunc
	ttl  time.Duration
	// linked reports whether the hub tells us about finished boards;
	// without it nobody can play.
	linked bool

	mu      sync.Mutex
	cache   map[string]*tourState
	opening map[tourKey]bool
	// tables maps a table to the tournament board number of each of its
	// boards (derived from the table's stored deals when missing).
	tables map[string][]int
	// reconciled are the entries whose table was checked for lost results.
	reconciled map[tourKey]bool

	ddMu   sync.Mutex
	ddMemo map[bridge.Deal]dd.Table
	ddBusy map[bridge.Deal]chan struct{} // being solved: closed when done
	ddSem  chan struct{}                 // background solves at once (the pool's workers)
	pool   *ddpool.Pool                  // runs the solves when dd is nil
}

func newTournaments(s *Server) *tournaments {
	ts := newTourRegistry(s.st, s.log)
	ts.pool, ts.ddSem = s.solvers, make(chan struct{}, s.solvers.Workers())
	return ts
}

func newTourRegistry(st *store.Store, log *slog.Logger) *tournaments {
	return &tournaments{st: st, log: log, now: time.Now, wall: time.Now, ttl: tourTTL,
		cache: map[string]*tourState{}, opening: map[tourKey]bool{}, tables: map[string][]int{},
		reconciled: map[tourKey]bool{}, ddMemo: map[bridge.Deal]dd.Table{},
		ddBusy: map[bridge.Deal]chan struct{}{}, ddSem: make(chan struct{}, 1)}
}

// solve is the double-dummy solver of the tournaments, memoised by deal so
// that a tournament read again from the store keeps its analyses.
func (ts *tournaments) solve(d bridge.Deal) (dd.Table, error) {
	ts.ddMu.Lock()
	tb, ok := ts.ddMemo[d]
	ts.ddMu.Unlock()
	if ok {
		return tb, nil
	}
	f := ts.dd
	if f == nil {
		f = poolDD(ts.pool)
	}
	tb, err := f(d)
	if err != nil {
		return tb, err
	}
	ts.ddMu.Lock()
	if len(ts.ddMemo) >= 20*maxCachedTours {
		clear(ts.ddMemo)
	}
	ts.ddMemo[d] = tb
	ts.ddMu.Unlock()
	return tb, nil
}

// ddWait reports whether the double-dummy table of d is known, waiting up
// to wait for it. A table not known yet is computed in the background (one
// deal at a time, each deal once), so that a request never waits for the
// solver longer than wait.
func (ts *tournaments) ddWait(d bridge.Deal, wait time.Duration) bool {
	ts.ddMu.Lock()
	if _, ok := ts.ddMemo[d]; ok {
		ts.ddMu.Unlock()
		return true
	}
	done, busy := ts.ddBusy[d]
	if !busy {
		done = make(chan struct{})
		ts.ddBusy[d] = done
		go func() {
			ts.ddSem <- struct{}{}
			defer func() { <-ts.ddSem }()
			if _, err := ts.solve(d); err != nil {
				ts.log.Error("tournament analysis", "deal", d.String(), "err", err)
			}
			ts.ddMu.Lock()
			delete(ts.ddBusy, d)
			ts.ddMu.Unlock()
			close(done)
		}()
	}
	ts.ddMu.Unlock()
	select {
	case <-done:
		ts.ddMu.Lock()
		_, ok := ts.ddMemo[d]
		ts.ddMu.Unlock()
		return ok
	case <-time.After(wait):
		return false
	}
}

// ddReady returns which of the boards of t have their double-dummy table
// known, waiting at most wait in all: the solves of the others are queued
// in the background (see ddWait), so that a page showing many boards is
// sent at once with the analyses that are ready.
func (ts *tournaments) ddReady(t *tournament.Tournament, boards []int, wait time.Duration) map[int]bool {
	ready := make(map[int]bool, len(boards))
	// Queue every missing board first, in the page's order, then wait for
	// them in that order while time remains.
	for _, n := range boards {
		if b, ok := t.Board(n); ok {
			ready[n] = ts.ddWait(b.Deal, 0)
		}
	}
	deadline := time.Now().Add(wait)
	for _, n := range boards {
		b, ok := t.Board(n)
		if !ok || ready[n] {
			continue
		}
		// Past the deadline, a board solved meanwhile still counts.
		ready[n] = ts.ddWait(b.Deal, max(time.Until(deadline), 0))
	}
	return ready
}

// errNoTour reports a competition that is not a tournament.
var errNoTour = errors.New("no such tournament")

// load returns tournament id as the store has it, from memory when it was
// read less than ttl ago; otherwise it reads what was written since (or
// everything, every tourFullEvery). An unknown id gives an error wrapping
// store.ErrNotFound.
func (ts *tournaments) load(ctx context.Context, id string) (tourView, error) {
	ts.mu.Lock()
	e := ts.cache[id]
	if e == nil {
		e = &tourState{}
		ts.cache[id] = e
	}
	ts.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	now := ts.wall()
	e.used = now
	switch {
	case e.v.t != nil && now.Sub(e.checked) < ts.ttl:
		return e.v, nil
	case e.v.t == nil || now.Sub(e.fullAt) >= tourFullEvery:
		if err := ts.fullLoad(ctx, id, e); err != nil {
			if e.v.t == nil {
				ts.mu.Lock()
				if ts.cache[id] == e {
					delete(ts.cache, id)
				}
				ts.mu.Unlock()
				return tourView{}, err
			}
			ts.log.Error("tournament reload", "tournament", id, "err", err)
		}
		ts.evict()
	default:
		if err := ts.catchUp(ctx, e); err != nil {
			ts.log.Error("tournament catch-up", "tournament", id, "err", err)
		}
	}
	return e.v, nil
}

// evict drops the least recently used tournaments past maxCachedTours.
func (ts *tournaments) evict() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for len(ts.cache) > maxCachedTours {
		var oldest string
		var at time.Time
		for id, e := range ts.cache {
			if !e.mu.TryLock() {
				continue
			}
			u := e.used
			e.mu.Unlock()
			if oldest == "" || u.Before(at) {
				oldest, at = id, u
			}
		}
		if oldest == "" {
			return
		}
		delete(ts.cache, oldest)
	}
}

// stale marks a tournament to be caught up at its next load (after a
// write of this node).
func (ts *tournaments) stale(id string) {
	ts.mu.Lock()
	e := ts.cache[id]
	ts.mu.Unlock()
	if e != nil {
		e.mu.Lock()
		e.checked = time.Time{}
		e.mu.Unlock()
	}
}

// forget drops a tournament from memory: its next load reads it whole.
func (ts *tournaments) forget(id string) {
	ts.mu.Lock()
	delete(ts.cache, id)
	ts.mu.Unlock()
}

// fullLoad reads tournament id whole into e.
func (ts *tournaments) fullLoad(ctx context.Context, id string, e *tourState) error {
	c, err := ts.st.GetCompetition(ctx, id)
	if err != nil {
		return err
	}
	if c.Kind != tourKind {
		return fmt.Errorf("tournament %s: %w (a %s): %w", id, errNoTour, c.Kind, store.ErrNotFound)
	}
	var sp tourSpec
	if err := json.Unmarshal(c.Spec, &sp); err != nil {
		return fmt.Errorf("tournament %s: spec: %w", id, err)
	}
	t, err := sp.build(c)
	if err != nil {
		return fmt.Errorf("tournament %s: spec: %w", id, err)
	}
	t.DD = ts.solve
	wall := ts.wall()
	// Results first, then entries: every entry with a result joined
	// before it, so it is in the second read.
	rs, err := ts.st.CompetitionResults(ctx, id)
	if err != nil {
		return err
	}
	es, err := ts.st.CompetitionEntries(ctx, id)
	if err != nil {
		return err
	}
	ns := &tourState{}
	ts.apply(ns, t, es, rs)
	e.v = tourView{t: t, comp: c, spec: sp}
	e.entMark, e.resMark = ns.entMark, ns.resMark
	e.checked, e.fullAt = wall, wall
	return nil
}

// catchUp adds to e what was written since its marks.
func (ts *tournaments) catchUp(ctx context.Context, e *tourState) error {
	id := e.v.comp.ID
	wall := ts.wall()
	rs, err := ts.st.CompetitionResultsSince(ctx, id, since(e.resMark))
	if err != nil {
		return err
	}
	es, err := ts.st.CompetitionEntriesSince(ctx, id, since(e.entMark))
	if err != nil {
		return err
	}
	ts.apply(e, e.v.t, es, rs)
	e.checked = wall
	return nil
}

func since(mark time.Time) time.Time {
	if mark.IsZero() {
		return mark
	}
	return mark.Add(-tourMargin)
}

// apply joins the entries es and adds the results rs to t (those it has
// already are skipped), moving e's marks on.
func (ts *tournaments) apply(e *tourState, t *tournament.Tournament, es []store.CompetitionEntry, rs []store.CompetitionResult) {
	for _, en := range es {
		t.Join(tournament.Entry{ID: en.Entry, Name: entryName(en)})
		if en.Joined.After(e.entMark) {
			e.entMark = en.Joined
		}
	}
	for _, cr := range rs {
		if cr.Created.After(e.resMark) {
			e.resMark = cr.Created
		}
		if t.HasPlayed(cr.Entry, cr.Board) {
			continue
		}
		r, err := boardResult(cr)
		if err == nil {
			err = t.Add(r)
		}
		if err != nil {
			ts.log.Error("tournament result in the store", "tournament", t.ID, "entry", cr.Entry, "board", cr.Board, "err", err)
		}
	}
}

// create stores a new tournament made from t (its ID is ignored, or used
// when source is "daily") and returns its ID.
func (ts *tournaments) create(ctx context.Context, t *tournament.Tournament, source, owner, creator string) (string, error) {
	spec, err := json.Marshal(specOf(t, source, creator))
	if err != nil {
		return "", err
	}
	c := store.Competition{Kind: tourKind, Name: t.Name, Owner: owner, Spec: spec, Start: t.Window.Start, End: t.Window.End}
	if source == "daily" {
		c.ID = t.ID
	}
	c, err = ts.st.CreateCompetition(ctx, c)
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// boardsOf returns the tournament board number of each board of a table,
// from memory or from the table's stored deals.
func (ts *tournaments) boardsOf(ctx context.Context, tableID string, t *tournament.Tournament) []int {
	ts.mu.Lock()
	m, ok := ts.tables[tableID]
	ts.mu.Unlock()
	if ok {
		return m
	}
	g, err := ts.st.GetGame(ctx, tableID)
	if err != nil {
		ts.log.Error("tournament table", "tournament", t.ID, "table", tableID, "err", err)
		return nil
	}
	var set table.Settings
	if err := json.Unmarshal(g.Settings, &set); err != nil {
		ts.log.Error("tournament table settings", "tournament", t.ID, "table", tableID, "err", err)
		return nil
	}
	if len(set.BoardNumbers) == len(set.Deals) && len(set.Deals) > 0 {
		// The table knows its board numbers (tables opened since they
		// were recorded in the settings).
		ts.remember(tableID, set.BoardNumbers)
		return set.BoardNumbers
	}
	m = make([]int, len(set.Deals))
	used := map[int]bool{}
	for i, ds := range set.Deals {
		d, err := bridge.ParseDeal(ds)
		if err != nil {
			continue
		}
		for _, b := range t.Boards {
			if b.Deal == d && !used[b.Number] {
				m[i] = b.Number
				used[b.Number] = true
				break
			}
		}
	}
	ts.remember(tableID, m)
	return m
}

// remember records the board numbers of a table.
func (ts *tournaments) remember(tableID string, boards []int) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.tables) >= 10000 {
		clear(ts.tables)
	}
	ts.tables[tableID] = boards
}

// onBoard records a finished board of a tournament table as the result of
// the player sitting South, in the store and in memory. It runs on the
// table's goroutine, which waits for the write as it does for its moves.
func (ts *tournaments) onBoard(d table.BoardDone) {
	user := d.Seats[card.South].UserID
	if user == "" || d.Tournament == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	v, err := ts.load(ctx, d.Tournament)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			ts.log.Error("tournament result", "tournament", d.Tournament, "table", d.Table, "err", err)
		}
		return
	}
	// Only the table the store records as the player's table for this
	// tournament reports his results (a table's tag proves nothing).
	if !boundInStore(ctx, ts.st, d.Tournament, tourKind, user, d.Table) {
		ts.log.Error("tournament result refused: the table is not the player's table of the tournament", "tournament", d.Tournament, "table", d.Table, "user", user)
		return
	}
	// The table's deal number says which of its deals ended (a report
	// without one, Deal 0, numbers its boards from 1).
	deal := d.Deal
	if deal == 0 {
		deal = d.Board
	}
	n := 0
	if m := ts.boardsOf(ctx, d.Table, v.t); deal >= 1 && deal <= len(m) {
		n = m[deal-1]
	}
	if n == 0 {
		ts.log.Error("tournament result", "tournament", d.Tournament, "table", d.Table, "deal", deal, "board", d.Board, "err", "the table's board is not one of the tournament's")
		return
	}
	r := tournament.BoardResult{Entry: user, Board: n, Contract: d.Contract, Declarer: d.Declarer,
		Tricks: d.Tricks, Side: card.NS, Time: ts.now()}
	if err := ts.record(ctx, v, r, d.Table); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
		ts.log.Error("tournament result", "tournament", d.Tournament, "table", d.Table, "board", n, "err", err)
	}
}

// record adds a result to tournament v and stores it (a result the store
// has already, written by a retry or another node, is not an error).
func (ts *tournaments) record(ctx context.Context, v tourView, r tournament.BoardResult, tableID string) error {
	id := v.t.ID
	r.Time = r.Time.Truncate(time.Millisecond) // as stored
	err := v.t.Add(r)
	if errors.Is(err, tournament.ErrUnknownEntry) {
		// Joined on another node a moment ago: read the store again.
		ts.stale(id)
		if v, err = ts.load(ctx, id); err == nil {
			err = v.t.Add(r)
		}
	}
	if err != nil {
		return err
	}
	r.ScoreNS = bridge.ScoreNS(r.Contract, r.Declarer, r.Tricks, boardVul(v.t, r.Board))
	data, _ := json.Marshal(resultOf(r))
	err = ts.st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: r.Entry, Board: r.Board, Data: data, GameID: tableID})
	switch {
	case err == nil, errors.Is(err, store.ErrConflict):
		ts.stale(id)
		return nil
	default:
		ts.forget(id) // the memory holds a result the store lacks
		return err
	}
}

// reconcile records the boards finished at a player's table that the
// tournament lacks: a board whose report was lost when the server stopped
// between the table's last card and the result's write. The stored deals
// of the table are the evidence. It runs once per player and tournament
// in a process's life (at the first view or play).
func (ts *tournaments) reconcile(ctx context.Context, v tourView, user string) {
	key := tourKey{v.t.ID, user}
	ts.mu.Lock()
	done := ts.reconciled[key]
	if !done {
		if len(ts.reconciled) >= 100000 {
			clear(ts.reconciled)
		}
		ts.reconciled[key] = true
	}
	ts.mu.Unlock()
	if done {
		return
	}
	en, err := ts.st.GetCompetitionEntry(ctx, v.t.ID, user)
	if err != nil || en.GameID == "" {
		return
	}
	rec, err := ts.st.LoadGame(ctx, en.GameID)
	if err != nil {
		ts.log.Error("tournament reconcile", "tournament", v.t.ID, "table", en.GameID, "err", err)
		return
	}
	if rec.Seats[card.South].UserID != user {
		return
	}
	m := ts.boardsOf(ctx, en.GameID, v.t)
	for _, d := range rec.Deals {
		if d.Result == nil {
			continue
		}
		// The deal's number at the table (line.Board is the board's own
		// number, which is the same only at tables without BoardNumbers).
		var line table.BoardLine
		if json.Unmarshal(d.Result, &line) != nil || d.No < 1 || d.No > len(m) || m[d.No-1] == 0 {
			continue
		}
		n := m[d.No-1]
		if v.t.HasPlayed(user, n) {
			continue
		}
		r := tournament.BoardResult{Entry: user, Board: n, Contract: line.Contract, Tricks: line.Tricks, Side: card.NS, Time: d.Finished}
		if !line.Contract.IsPass() {
			if r.Declarer, err = card.ParseSeat(line.Declarer); err != nil {
				continue
			}
		}
		if err := ts.record(ctx, v, r, en.GameID); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			ts.log.Error("tournament reconcile", "tournament", v.t.ID, "table", en.GameID, "board", n, "err", err)
		} else if err == nil {
			ts.log.Info("tournament result recovered from the table", "tournament", v.t.ID, "table", en.GameID, "board", n)
		}
	}
}

func boardVul(t *tournament.Tournament, n int) bridge.Vul {
	b, _ := t.Board(n)
	return b.Vul
}

// tournamentRoutes registers the tournament API and listens to the hub's
// finished boards.
func (s *Server) tournamentRoutes() {
	s.tours = newTournaments(s)
	switch h := s.hub.(type) {
	case interface{ OnBoard(func(table.BoardDone)) }:
		h.OnBoard(s.tours.onBoard)
		s.tours.linked = true
	case interface{ Local() *table.LocalHub }:
		if l := h.Local(); l != nil {
			l.OnBoard(s.tours.onBoard)
			s.tours.linked = true
		}
	}
	m := s.mux
	m.HandleFunc("POST /api/tournaments", s.csrf(s.handleCreateTournament))
	m.HandleFunc("GET /api/tournaments", s.handleTournaments)
	m.HandleFunc("GET /api/tournaments/{id}", s.handleTournament)
	m.HandleFunc("POST /api/tournaments/{id}/play", s.csrf(s.handlePlayTournament))
	m.HandleFunc("GET /api/tournaments/{id}/boards/{n}", s.handleTournamentBoard)
	m.HandleFunc("GET /api/tournaments/{id}/records", s.handleTournamentRecords)
	m.HandleFunc("GET /api/tournaments/{id}/export.pbn", s.handleTournamentExport)
}

// createTournament is the body of POST /api/tournaments. The boards are
// dealt from Seed (random when 0), Boards of them, or imported from PBN,
// the text of a PBN file (8 to 36 games with full deals). The window runs
// from Start (default now) to End, or for Hours hours (default 24).
type createTournament struct {
	Name    string     `json:"name"`
	Boards  int        `json:"boards"`
	Scoring string     `json:"scoring"` // mp, imp or butler
	Seed    uint64     `json:"seed,omitempty"`
	PBN     string     `json:"pbn,omitempty"`
	Start   *time.Time `json:"start,omitempty"`
	End     *time.Time `json:"end,omitempty"`
	Hours   float64    `json:"hours,omitempty"`
}

// tourSummary is a tournament in the list.
type tourSummary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Boards  int       `json:"boards"`
	Scoring string    `json:"scoring"`
	Start   time.Time `json:"start"`
	End     time.Time `json:"end"`
	Over    bool      `json:"over"`
	Open    bool      `json:"open"` // within the window
	Entries int       `json:"entries"`
	Creator string    `json:"creator,omitempty"`
	Source  string    `json:"source,omitempty"` // seed, pbn or daily
}

func summaryOf(c store.Competition, sp tourSpec, entries int, now time.Time) tourSummary {
	w := tournament.Window{Start: c.Start, End: c.End}
	return tourSummary{ID: c.ID, Name: c.Name, Boards: len(sp.Boards), Scoring: sp.Scoring,
		Start: c.Start, End: c.End, Over: !c.End.IsZero() && !now.Before(c.End), Open: w.Contains(now),
		Entries: entries, Creator: sp.Creator, Source: sp.Source}
}

func scoringName(s tournament.Scoring) string {
	switch s {
	case tournament.CrossIMPs:
		return "imp"
	case tournament.Butler:
		return "butler"
	}
	return "mp"
}

// readTourBody decodes the body of POST /api/tournaments, which may be
// longer than other requests' since it may carry a PBN file.
func readTourBody(r *http.Request, v *createTournament) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxTourBody+1))
	if err != nil {
		return err
	}
	if len(data) > maxTourBody {
		return fmt.Errorf("body longer than %d bytes", maxTourBody)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// tourFromPBN imports the boards of a PBN text; the error names the board
// (and the line) and the fault.
func tourFromPBN(name, text string, sc tournament.Scoring, w tournament.Window) (*tournament.Tournament, error) {
	t, err := tournament.FromPBN("", name, []byte(text), sc, w)
	if err == nil {
		return t, nil
	}
	var se *pbn.SyntaxError
	if errors.As(err, &se) {
		if b := pbnBoardAt(text, se.Line); strings.HasPrefix(b, "#") {
			return nil, fmt.Errorf("PBN game %s (line %d): %s", b[1:], se.Line, se.Msg)
		} else if b != "" {
			return nil, fmt.Errorf("PBN board %s (line %d): %s", b, se.Line, se.Msg)
		}
		return nil, fmt.Errorf("PBN line %d: %s", se.Line, se.Msg)
	}
	var te *tournament.Error
	if errors.As(err, &te) && te.Board > 0 {
		return nil, fmt.Errorf("PBN board %d: %w", te.Board, te.Err)
	}
	return nil, fmt.Errorf("PBN: %w", err)
}

// pbnBoardAt returns the value of the last Board tag at or before line
// (1-based) of a PBN text in its game, or "#" and the number of the game
// there when it has no Board tag yet; "" before the first game.
func pbnBoardAt(text string, line int) string {
	board, games, inGame := "", 0, false
	for i, l := range strings.Split(text, "\n") {
		if i >= line {
			break
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			if inGame {
				inGame, board = false, ""
			}
		case strings.HasPrefix(l, "%"), strings.HasPrefix(l, ";"):
		default:
			if !inGame {
				inGame = true
				games++
			}
			if v, ok := strings.CutPrefix(l, "[Board "); ok {
				v, _, _ = strings.Cut(v, "]")
				board = strings.Trim(strings.TrimSpace(v), `"`)
			}
		}
	}
	switch {
	case board != "":
		return board
	case games > 0:
		return "#" + strconv.Itoa(games)
	}
	return ""
}

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body createTournament
	if err := readTourBody(r, &body); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	bad := s.badRequest(w, r)
	body.Name = strings.TrimSpace(body.Name)
	if body.Name == "" || len(body.Name) > 80 {
		bad("name: want 1 to 80 bytes")
		return
	}
	imported := body.PBN != ""
	switch {
	case imported && body.Seed != 0:
		bad("give a seed or a PBN file, not both")
		return
	case body.Seed != 0 && !s.cfg.AllowSeed:
		bad("seed: not accepted; the server deals a tournament's boards from a secret of its own")
		return
	case !imported && (body.Boards < tournament.MinBoards || body.Boards > tournament.MaxBoards):
		bad("boards=%d: want %d to %d", body.Boards, tournament.MinBoards, tournament.MaxBoards)
		return
	}
	if body.Scoring == "" {
		body.Scoring = "mp"
	}
	sc, err := tournament.ParseScoring(body.Scoring)
	if err != nil {
		bad("scoring=%q: want mp, imp or butler", body.Scoring)
		return
	}
	now := s.tours.now()
	start := now
	if body.Start != nil {
		start = *body.Start
	}
	if body.Hours < 0 || body.Hours > 24*366 {
		bad("hours=%v: want 0 to %d", body.Hours, 24*366)
		return
	}
	end := start.Add(24 * time.Hour)
	switch {
	case body.End != nil && body.Hours != 0:
		bad("give end or hours, not both")
		return
	case body.End != nil:
		end = *body.End
	case body.Hours != 0:
		end = start.Add(time.Duration(body.Hours * float64(time.Hour)))
	}
	if !end.After(start) || !end.After(now) {
		bad("window %s to %s: the end must be after the start and in the future", start.Format(time.RFC3339), end.Format(time.RFC3339))
		return
	}
	win := tournament.Window{Start: start, End: end}
	var t *tournament.Tournament
	source := "seed"
	if imported {
		source = "pbn"
		t, err = tourFromPBN(body.Name, body.PBN, sc, win)
		if err == nil && body.Boards != 0 && body.Boards != len(t.Boards) {
			err = fmt.Errorf("boards=%d but the PBN file has %d boards", body.Boards, len(t.Boards))
		}
	} else if body.Seed != 0 {
		t, err = tournament.NewFromSeed(body.Name, body.Boards, body.Seed, sc, win)
	} else {
		// Dealt from a secret drawn here and forgotten: the boards are
		// stored, and nothing a client sees can rebuild them.
		t, err = tournament.NewFromRand(body.Name, body.Boards, card.NewSecret().Rand(), sc, win)
	}
	if err != nil {
		if imported {
			// The code tells the UI to show the detail: which board, what fault.
			s.apiError(w, r, http.StatusBadRequest, "bad_pbn", err.Error())
			return
		}
		bad("%v", err)
		return
	}
	if !s.allowCompetition(w, r, u) {
		return
	}
	id, err := s.tours.create(r.Context(), t, source, u.ID, u.Username)
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			bad("%v", err)
			return
		}
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "boards": len(t.Boards)})
}

// randomSeed draws a tournament seed.
func randomSeed() uint64 {
	b := []byte(randomToken(12))
	var v uint64
	for _, c := range b {
		v = (v ^ uint64(c)) * 0x100000001B3
	}
	if v == 0 {
		v = 1
	}
	return v
}

func (s *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	now := s.tours.now()
	list, err := s.st.ListCompetitions(ctx, tourKind, maxTourList)
	if err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	ids := make([]string, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	counts, err := s.st.CountCompetitionEntries(ctx, ids)
	if err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	out := make([]tourSummary, 0, len(list))
	for _, c := range list {
		var sp tourSpec
		if err := json.Unmarshal(c.Spec, &sp); err != nil {
			s.log.Error("tournament spec", "tournament", c.ID, "err", err)
			continue
		}
		out = append(out, summaryOf(c, sp, counts[c.ID], now))
	}
	writeJSON(w, http.StatusOK, map[string]any{"tournaments": out})
}

// tourEntryOr404 finds the tournament of the path or answers 404 (500 if
// the store fails).
func (s *Server) tourEntryOr404(w http.ResponseWriter, r *http.Request) (tourView, bool) {
	v, err := s.tours.load(r.Context(), r.PathValue("id"))
	switch {
	case err == nil:
		return v, true
	case errors.Is(err, store.ErrNotFound):
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such tournament: "+r.PathValue("id"))
	default:
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
	}
	return tourView{}, false
}

// standingJSON is a line of the ranking.
type standingJSON struct {
	Rank     int     `json:"rank"`
	Tied     bool    `json:"tied"`
	Name     string  `json:"name"`
	You      bool    `json:"you,omitempty"`
	Boards   int     `json:"boards"`
	Score    float64 `json:"score"`    // matchpoints or IMPs
	Percent  float64 `json:"percent"`  // matchpoints only
	PerBoard float64 `json:"perBoard"` // IMPs per board
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	e, ok := s.tourEntryOr404(w, r)
	if !ok {
		return
	}
	u, _ := s.user(r)
	t := e.t
	if u.ID != "" {
		s.tours.reconcile(r.Context(), e, u.ID)
	}
	now := s.tours.now()
	st := t.Standings()
	rows := make([]standingJSON, len(st.Rows))
	for i, row := range st.Rows {
		rows[i] = standingJSON{Rank: row.Rank, Tied: row.Tied, Name: row.Entry.Name, You: u.ID != "" && row.Entry.ID == u.ID,
			Boards: row.Boards, Score: row.Score, Percent: row.Percent, PerBoard: row.PerBoard}
	}
	played := []int{}
	if u.ID != "" {
		for _, b := range t.Boards {
			if t.HasPlayed(u.ID, b.Number) {
				played = append(played, b.Number)
			}
		}
	}
	numbers := make([]int, len(t.Boards))
	for i, b := range t.Boards {
		numbers[i] = b.Number
	}
	out := map[string]any{
		"tournament": summaryOf(e.comp, e.spec, len(t.Entries()), now),
		"numbers":    numbers,
		"played":     st.Played, // results on each board
		"youPlayed":  played,
		"standings":  rows,
	}
	if u.ID != "" {
		if en, err := s.st.GetCompetitionEntry(r.Context(), t.ID, u.ID); err == nil && en.GameID != "" {
			out["table"] = en.GameID
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// handlePlayTournament opens (or returns) the caller's table for the
// tournament: the boards he has not played yet, in order, with bots in the
// other seats and the caller South.
func (s *Server) handlePlayTournament(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	e, ok := s.tourEntryOr404(w, r)
	if !ok {
		return
	}
	t := e.t
	ctx := r.Context()
	if !s.tours.linked {
		s.apiError(w, r, http.StatusNotImplemented, "internal", "this server's table hub does not report finished boards: tournaments cannot be played")
		return
	}
	now := s.tours.now()
	if !t.Window.Contains(now) {
		s.apiError(w, r, http.StatusConflict, "over", fmt.Sprintf("tournament %s: outside its window %s to %s", t.ID,
			t.Window.Start.Format(time.RFC3339), t.Window.End.Format(time.RFC3339)))
		return
	}
	key := tourKey{t.ID, u.ID}
	ts := s.tours
	ts.mu.Lock()
	busy := ts.opening[key]
	if !busy {
		ts.opening[key] = true
	}
	ts.mu.Unlock()
	if busy {
		s.apiError(w, r, http.StatusServiceUnavailable, "busy", "your table for tournament "+t.ID+" is being opened")
		return
	}
	defer func() {
		ts.mu.Lock()
		delete(ts.opening, key)
		ts.mu.Unlock()
	}()
	ts.reconcile(ctx, e, u.ID)
	entry, err := s.st.GetCompetitionEntry(ctx, t.ID, u.ID)
	joined := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	if joined && entry.GameID != "" {
		if room, err := s.hub.Get(ctx, entry.GameID); err == nil {
			if tb, ok := room.(*table.Table); !ok || !tb.Over() {
				writeJSON(w, http.StatusOK, map[string]any{"table": entry.GameID, "invite": "/t/" + entry.GameID})
				return
			}
		}
	}
	var deals []string
	var info []table.DealInfo
	var boards []int
	for _, b := range t.Boards {
		if t.HasPlayed(u.ID, b.Number) {
			continue
		}
		deals = append(deals, b.Deal.String())
		info = append(info, table.DealInfo{Dealer: b.Dealer, Vul: b.Vul})
		boards = append(boards, b.Number)
	}
	if len(deals) == 0 {
		s.apiError(w, r, http.StatusConflict, "over", "you have played every board of tournament "+t.ID)
		return
	}
	if !joined {
		data, _ := json.Marshal(entryData{Name: u.Username})
		err := s.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: t.ID, Entry: u.ID, Data: data})
		if err != nil && !errors.Is(err, store.ErrConflict) {
			s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
			return
		}
		if err := t.Join(tournament.Entry{ID: u.ID, Name: u.Username}); err != nil {
			s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
			return
		}
		ts.stale(t.ID)
	}
	release, err := s.beginCreate(r, u)
	if err != nil {
		s.limitOrTableError(w, r, err)
		return
	}
	defer release()
	set := table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: t.ID, Deals: deals, DealInfo: info, BoardNumbers: boards}
	room, err := s.hub.Create(ctx, set, table.Player{ID: u.ID, Name: u.Username})
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	ts.remember(room.ID(), boards)
	if err := s.st.SetCompetitionGame(ctx, t.ID, u.ID, room.ID()); err != nil {
		s.log.Error("tournament table", "tournament", t.ID, "table", room.ID(), "err", err)
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": room.ID(), "invite": "/t/" + room.ID()})
}

// DailyConfig is the scheduled daily tournament of [Server.RunDaily].
type DailyConfig struct {
	// Boards is the number of boards (default tournament.DailyBoards) and
	// Scoring the scoring (default matchpoints).
	Boards  int
	Scoring tournament.Scoring
	// Salt, when not 0, deals the day's boards from the day and the salt
	// (tests: reproducible); 0, the default, deals them from a secret drawn
	// by the node that creates the day's tournament first (the boards are
	// stored), so that nobody can deal a day's boards in advance.
	Salt uint64
	// Every is the period of the checks (default a minute); Now the clock
	// (default the server's tournament clock).
	Every time.Duration
	Now   func() time.Time
}

// DailyID returns the ID of the daily tournament of t's day (UTC).
func DailyID(t time.Time) string { return "daily-" + t.UTC().Format("2006-01-02") }

// EnsureDaily makes sure the daily tournament of the current day (UTC)
// exists and returns its ID. Several nodes may call it at once: one
// creates the tournament, the others find it (store.ErrConflict means
// another node created it first).
func (s *Server) EnsureDaily(ctx context.Context, c DailyConfig) (string, error) {
	if c.Now == nil {
		c.Now = s.tours.now
	}
	if c.Boards == 0 {
		c.Boards = tournament.DailyBoards
	}
	now := c.Now().UTC()
	id := DailyID(now)
	if _, err := s.st.GetCompetition(ctx, id); err == nil {
		return id, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	var t *tournament.Tournament
	switch {
	case c.Salt == 0:
		day := now.Truncate(24 * time.Hour)
		var err error
		t, err = tournament.NewFromRand("Daily "+day.Format("2006-01-02"), c.Boards, card.NewSecret().Rand(), c.Scoring,
			tournament.Window{Start: day, End: day.AddDate(0, 0, 1)})
		if err != nil {
			return "", err
		}
		t.ID = id
	case c.Boards == tournament.DailyBoards && c.Scoring == tournament.Matchpoints:
		t = tournament.Daily(now, c.Salt)
	default:
		day := now.Truncate(24 * time.Hour)
		seed := (card.SeedFromString("atout-daily-"+day.Format("2006-01-02")) ^ c.Salt) * 0x9E3779B97F4A7C15
		var err error
		t, err = tournament.NewFromSeed("Daily "+day.Format("2006-01-02"), c.Boards, seed, c.Scoring,
			tournament.Window{Start: day, End: day.AddDate(0, 0, 1)})
		if err != nil {
			return "", err
		}
		t.ID = id
	}
	_, err := s.tours.create(ctx, t, "daily", "", "")
	if err != nil && !errors.Is(err, store.ErrConflict) {
		return "", err
	}
	return id, nil
}

// RunDaily keeps today's daily tournament in existence until ctx ends:
// it checks at once, then every c.Every, so that a new one appears just
// after midnight UTC. Errors are logged and retried at the next check.
func (s *Server) RunDaily(ctx context.Context, c DailyConfig) {
	if c.Every <= 0 {
		c.Every = time.Minute
	}
	if c.Boards != 0 && (c.Boards < tournament.MinBoards || c.Boards > tournament.MaxBoards) {
		s.log.Error("daily tournament", "err", fmt.Sprintf("%d boards: want %d to %d", c.Boards, tournament.MinBoards, tournament.MaxBoards))
		return
	}
	tick := time.NewTicker(c.Every)
	defer tick.Stop()
	last := ""
	for {
		id, err := s.EnsureDaily(ctx, c)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("daily tournament", "err", err)
		case err == nil && id != last:
			s.log.Info("daily tournament", "tournament", id)
			last = id
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// notPlayed answers 403 for a board the caller may not see yet.
func (s *Server) notPlayed(w http.ResponseWriter, r *http.Request, err error) {
	var te *tournament.Error
	if errors.As(err, &te) && errors.Is(err, tournament.ErrNoBoard) {
		s.apiError(w, r, http.StatusNotFound, "not_found", err.Error())
		return
	}
	s.apiError(w, r, http.StatusForbidden, "not_played", err.Error())
}

// freqRowJSON is a line of a frequency table.
type freqRowJSON struct {
	Contract  string  `json:"contract"`
	Declarer  string  `json:"declarer"`
	Tricks    int     `json:"tricks"`
	Result    string  `json:"result"` // "=", "+1", "-2"; "" when passed out
	ScoreNS   int     `json:"scoreNS"`
	Count     int     `json:"count"`
	NS        float64 `json:"ns"`
	EW        float64 `json:"ew"`
	NSPercent float64 `json:"nsPercent"`
	EWPercent float64 `json:"ewPercent"`
	Yours     bool    `json:"yours,omitempty"`
}

func resultText(c bridge.Contract, tricks int) string {
	if c.IsPass() {
		return ""
	}
	d := tricks - 6 - int(c.Level)
	if d == 0 {
		return "="
	}
	return fmt.Sprintf("%+d", d)
}

func (s *Server) handleTournamentBoard(w http.ResponseWriter, r *http.Request) {
	e, ok := s.tourEntryOr404(w, r)
	if !ok {
		return
	}
	u, _ := s.user(r)
	t := e.t
	n, ok := s.pathNumber(w, r, "board number")
	if !ok {
		return
	}
	now := s.tours.now()
	f, err := t.FrequencyFor(n, u.ID, now)
	if err != nil {
		s.notPlayed(w, r, err)
		return
	}
	b, _ := t.Board(n)
	out := map[string]any{"board": n, "dealer": b.Dealer.String(), "vul": b.Vul.String(), "deal": b.Deal.String(),
		"scoring": scoringName(t.Scoring), "played": f.Played, "top": f.Top, "datum": f.Datum}
	var mine *tournament.BoardScore
	if u.ID != "" && t.HasPlayed(u.ID, n) {
		if scores, err := t.EntryResults(u.ID); err == nil {
			for i := range scores {
				if scores[i].Board == n {
					mine = &scores[i]
				}
			}
		}
	}
	rows := make([]freqRowJSON, len(f.Rows))
	for i, row := range f.Rows {
		decl := ""
		if !row.Contract.IsPass() {
			decl = row.Declarer.String()
		}
		rows[i] = freqRowJSON{Contract: row.Contract.String(), Declarer: decl, Tricks: row.Tricks,
			Result: resultText(row.Contract, row.Tricks), ScoreNS: row.ScoreNS, Count: row.Count,
			NS: row.NS, EW: row.EW, NSPercent: row.NSPercent, EWPercent: row.EWPercent}
		if mine != nil {
			m := mine.Result
			rows[i].Yours = m.Contract == row.Contract && m.Tricks == row.Tricks &&
				(m.Contract.IsPass() || m.Declarer == row.Declarer)
		}
	}
	out["rows"] = rows
	if mine != nil {
		m := mine.Result
		decl := ""
		if !m.Contract.IsPass() {
			decl = m.Declarer.String()
		}
		out["yours"] = map[string]any{"contract": m.Contract.String(), "declarer": decl, "tricks": m.Tricks,
			"result": resultText(m.Contract, m.Tricks), "scoreNS": m.ScoreNS, "score": mine.Score,
			"percent": mine.Percent, "beaten": mine.Beaten, "tied": mine.Tied, "lost": mine.Lost}
	}
	if !s.tours.ddWait(b.Deal, ddWaitTime) {
		// Still solving: the page asks again.
		out["ddPending"] = true
	} else if a, err := t.AnalysisFor(n, u.ID, now); err == nil {
		tricks := map[string][5]int{}
		for _, seat := range []card.Seat{card.North, card.East, card.South, card.West} {
			tricks[seat.String()] = a.Table[seat]
		}
		pars := make([]string, len(a.Par.Contracts))
		for i, c := range a.Par.Contracts {
			pars[i] = c.DDSString()
		}
		out["dd"] = map[string]any{"tricks": tricks, "strains": []string{"C", "D", "H", "S", "NT"},
			"parScoreNS": a.Par.Score, "par": pars}
	} else {
		s.log.Error("tournament analysis", "tournament", t.ID, "board", n, "err", err)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleTournamentRecords serves the printable hand records: every board
// once the tournament is over, before that only the boards the caller has
// played (403 if none).
func (s *Server) handleTournamentRecords(w http.ResponseWriter, r *http.Request) {
	e, ok := s.tourEntryOr404(w, r)
	if !ok {
		return
	}
	u, _ := s.user(r)
	t := e.t
	var boards []int
	over := t.Over(s.tours.now())
	for _, b := range t.Boards {
		if over || (u.ID != "" && t.HasPlayed(u.ID, b.Number)) {
			boards = append(boards, b.Number)
		}
	}
	if len(boards) == 0 {
		s.apiError(w, r, http.StatusForbidden, "not_played",
			"tournament "+t.ID+": no board to show before you play one or the tournament ends")
		return
	}
	lang, _ := i18n.Parse(s.requestLang(r, userPtr(u)))
	ready := s.tours.ddReady(t, boards, ddWaitTime)
	opt := handrecords.Options{Ready: func(n int) bool { return ready[n] }, Refresh: recordsRefresh}
	var buf bytes.Buffer
	if err := handrecords.HTMLOptions(&buf, t, lang, boards, opt); err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

func userPtr(u store.User) *store.User {
	if u.ID == "" {
		return nil
	}
	return &u
}

// handleTournamentExport serves the results as PBN with ScoreTable and
// TotalScoreTable, once the tournament is over (it shows every deal).
func (s *Server) handleTournamentExport(w http.ResponseWriter, r *http.Request) {
	e, ok := s.tourEntryOr404(w, r)
	if !ok {
		return
	}
	t := e.t
	if !t.Over(s.tours.now()) {
		s.apiError(w, r, http.StatusForbidden, "tournament_open",
			"tournament "+t.ID+": the PBN export shows every deal, so it opens when the tournament ends ("+t.Window.End.Format(time.RFC3339)+")")
		return
	}
	var buf bytes.Buffer
	if err := tournament.ExportPBN(&buf, t, tournament.ExportOptions{Analysis: true}); err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/x-pbn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.pbn"`, t.ID))
	w.Write(buf.Bytes())
}
