package competition

// Duplicate tournaments: an organiser creates a tournament (a set of boards
// dealt from a secret or imported from PBN, a scoring and a time window),
// or the service does every day ([Service.RunDaily]); each player plays
// the boards at a table of his own with bots in the other seats, and every
// finished board becomes his result in the tournament.
//
// The database is the source of truth: a tournament is a store.Competition
// of kind "tournament" whose Spec holds its boards and scoring, each player
// a CompetitionEntry (with the table he plays at) and each finished board a
// CompetitionResult. Every node sharing the database therefore shows the
// same ranking, and a restart loses nothing: a resumed table goes on
// reporting its boards to its tournament.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"atout/bridge"
	"atout/bridge/pbn"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

const (
	// tourMargin is the overlap of a tournament's catch-up reads, for
	// transactions that committed late; tourFullEvery how often it is
	// read whole again.
	tourMargin    = 30 * time.Second
	tourFullEvery = 5 * time.Minute
	// maxTourList bounds the list of tournaments.
	maxTourList = 100
)

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

// tourEvent is a tournament held in memory. Its marks and fullAt are read
// and written under its cache slot's lock.
type tourEvent struct {
	compBase
	t      *tournament.Tournament
	spec   tourSpec
	fullAt time.Time // the last full read
	// entMark and resMark are the newest Joined and Created seen
	// (database clock).
	entMark, resMark time.Time
}

// openTournament reads a tournament whole.
func (s *Service) openTournament(ctx context.Context, c store.Competition) (*tourEvent, error) {
	var sp tourSpec
	if err := json.Unmarshal(c.Spec, &sp); err != nil {
		return nil, fmt.Errorf("tournament %s: spec: %w", c.ID, err)
	}
	t, err := sp.build(c)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: spec: %w", c.ID, err)
	}
	t.DD = s.solve
	e := &tourEvent{compBase: compBase{comp: c}, t: t, spec: sp, fullAt: time.Now()}
	// Results first, then entries: every entry with a result joined
	// before it, so it is in the second read.
	rs, err := s.st.CompetitionResults(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	es, err := s.st.CompetitionEntries(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	s.apply(e, es, rs)
	return e, nil
}

// refresh reads what was written since the marks, or everything every
// tourFullEvery (keeping the analyses already made).
func (e *tourEvent) refresh(ctx context.Context, s *Service) (event, error) {
	if time.Since(e.fullAt) >= tourFullEvery {
		c, err := s.st.GetCompetition(ctx, e.comp.ID)
		var ne *tourEvent
		if err == nil {
			ne, err = s.openTournament(ctx, c)
		}
		if err != nil {
			return e, err
		}
		ne.t.KeepAnalyses(e.t)
		return ne, nil
	}
	rs, err := s.st.CompetitionResultsSince(ctx, e.comp.ID, since(e.resMark))
	if err != nil {
		return e, err
	}
	es, err := s.st.CompetitionEntriesSince(ctx, e.comp.ID, since(e.entMark))
	if err != nil {
		return e, err
	}
	s.apply(e, es, rs)
	return e, nil
}

func since(mark time.Time) time.Time {
	if mark.IsZero() {
		return mark
	}
	return mark.Add(-tourMargin)
}

// apply joins the entries es and adds the results rs to e's tournament
// (those it has already are skipped), moving e's marks on.
func (s *Service) apply(e *tourEvent, es []store.CompetitionEntry, rs []store.CompetitionResult) {
	t := e.t
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
			s.log.Error("tournament result in the store", "tournament", t.ID, "entry", cr.Entry, "board", cr.Board, "err", err)
		}
	}
}

// tournament returns tournament id (an error wrapping store.ErrNotFound
// if there is none).
func (s *Service) tournament(ctx context.Context, id string) (*tourEvent, error) {
	return kindOf[*tourEvent](ctx, s, id, "tournament")
}

// entriesClosed: a tournament takes entries until its window ends.
func (e *tourEvent) entriesClosed(now time.Time) bool { return e.t.Over(now) }

// finished: the rule asks only once the window has ended, and after it
// nobody can play a board any more: every entry has finished what it will.
func (e *tourEvent) finished(viewer string, n int) (mine, all bool) {
	return viewer != "" && e.t.HasPlayed(viewer, n), true
}

func (e *tourEvent) dealNumbers() []int {
	out := make([]int, len(e.t.Boards))
	for i, b := range e.t.Boards {
		out[i] = b.Number
	}
	return out
}

// Stale marks a competition to be caught up with the store at its next
// read.
func (s *Service) Stale(id string) { s.cache.stale(id) }

// create stores a new tournament made from t (its ID is ignored, or used
// when source is "daily") and returns its ID.
func (s *Service) createTournament(ctx context.Context, t *tournament.Tournament, source, owner, creator string) (string, error) {
	spec, err := json.Marshal(specOf(t, source, creator))
	if err != nil {
		return "", err
	}
	c := store.Competition{Kind: KindTournament, Name: t.Name, Owner: owner, Spec: spec, Start: t.Window.Start, End: t.Window.End}
	if source == "daily" {
		c.ID = t.ID
	}
	c, err = s.st.CreateCompetition(ctx, c)
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// boardsOf returns the tournament board number of each board of a table,
// from memory or from the table's stored deals.
func (s *Service) boardsOf(ctx context.Context, tableID string, t *tournament.Tournament) []int {
	s.mu.Lock()
	m, ok := s.boards[tableID]
	s.mu.Unlock()
	if ok {
		return m
	}
	g, err := s.st.GetGame(ctx, tableID)
	if err != nil {
		s.log.Error("tournament table", "tournament", t.ID, "table", tableID, "err", err)
		return nil
	}
	var set table.Settings
	if err := json.Unmarshal(g.Settings, &set); err != nil {
		s.log.Error("tournament table settings", "tournament", t.ID, "table", tableID, "err", err)
		return nil
	}
	if len(set.BoardNumbers) == len(set.Deals) && len(set.Deals) > 0 {
		// The table knows its board numbers (tables opened since they
		// were recorded in the settings).
		s.Remember(tableID, set.BoardNumbers)
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
	s.Remember(tableID, m)
	return m
}

// Remember records the tournament board numbers of a table's boards.
func (s *Service) Remember(tableID string, boards []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.boards) >= 10000 {
		clear(s.boards)
	}
	s.boards[tableID] = boards
}

// tournamentBoard records a finished board of a tournament table as the
// result of the player sitting South, whose table the store records it
// is, in the store and in memory. It runs on the table's goroutine, which
// waits for the write as it does for its moves.
func (s *Service) tournamentBoard(ctx context.Context, ref tableRef, d table.BoardDone) {
	user := d.Seats[card.South].UserID
	if user == "" {
		return
	}
	if ref.entry != user {
		s.log.Error("tournament result refused: the table is not the player's table of the tournament", "tournament", ref.comp, "table", d.Table, "user", user)
		return
	}
	v, err := s.tournament(ctx, ref.comp)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Error("tournament result", "tournament", ref.comp, "table", d.Table, "err", err)
		}
		return
	}
	// The table's deal number says which of its deals ended (a report
	// without one, Deal 0, numbers its boards from 1).
	deal := d.Deal
	if deal == 0 {
		deal = d.Board
	}
	n := 0
	if m := s.boardsOf(ctx, d.Table, v.t); deal >= 1 && deal <= len(m) {
		n = m[deal-1]
	}
	if n == 0 {
		s.log.Error("tournament result", "tournament", ref.comp, "table", d.Table, "deal", deal, "board", d.Board, "err", "the table's board is not one of the tournament's")
		return
	}
	r := tournament.BoardResult{Entry: user, Board: n, Contract: d.Contract, Declarer: d.Declarer,
		Tricks: d.Tricks, Side: card.NS, Time: s.Now()}
	if err := s.recordTour(ctx, v, r, d.Table); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
		s.log.Error("tournament result", "tournament", ref.comp, "table", d.Table, "board", n, "err", err)
	}
}

// recordTour adds a result to tournament v and stores it (a result the
// store has already, written by a retry or another node, is not an error).
func (s *Service) recordTour(ctx context.Context, v *tourEvent, r tournament.BoardResult, tableID string) error {
	id := v.t.ID
	r.Time = r.Time.Truncate(time.Millisecond) // as stored
	err := v.t.Add(r)
	if errors.Is(err, tournament.ErrUnknownEntry) {
		// Joined on another node a moment ago: read the store again.
		s.cache.stale(id)
		if v, err = s.tournament(ctx, id); err == nil {
			err = v.t.Add(r)
		}
	}
	if err != nil {
		return err
	}
	b, _ := v.t.Board(r.Board)
	r.ScoreNS = bridge.ScoreNS(r.Contract, r.Declarer, r.Tricks, b.Vul)
	data, _ := json.Marshal(resultOf(r))
	err = s.st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: r.Entry, Board: r.Board, Data: data, GameID: tableID})
	switch {
	case err == nil, errors.Is(err, store.ErrConflict):
		s.cache.stale(id)
		return nil
	default:
		s.cache.drop(id) // the memory holds a result the store lacks
		return err
	}
}

// reconcile records the boards finished at a player's table that the
// tournament lacks: a board whose report was lost when the server stopped
// between the table's last card and the result's write. The stored deals
// of the table are the evidence. It runs once per player and tournament
// in a process's life (at the first view or play).
func (s *Service) reconcile(ctx context.Context, v *tourEvent, user string) {
	key := entryKey{v.t.ID, user}
	s.mu.Lock()
	done := s.reconciled[key]
	if !done {
		if len(s.reconciled) >= 100000 {
			clear(s.reconciled)
		}
		s.reconciled[key] = true
	}
	s.mu.Unlock()
	if done {
		return
	}
	en, err := s.st.GetCompetitionEntry(ctx, v.t.ID, user)
	if err != nil || en.GameID == "" {
		return
	}
	rec, deals := s.finished(ctx, v.t.ID, en.GameID)
	if rec == nil || rec.Seats[card.South].UserID != user {
		return
	}
	m := s.boardsOf(ctx, en.GameID, v.t)
	for _, d := range deals {
		// The deal's number at the table (the board's own number is the
		// same only at tables without BoardNumbers).
		c, decl, tricks, ok := bridgeResult(d)
		if !ok || d.No < 1 || d.No > len(m) || m[d.No-1] == 0 {
			continue
		}
		n := m[d.No-1]
		if v.t.HasPlayed(user, n) {
			continue
		}
		r := tournament.BoardResult{Entry: user, Board: n, Contract: c, Declarer: decl, Tricks: tricks, Side: card.NS, Time: d.Finished}
		if err := s.recordTour(ctx, v, r, en.GameID); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			s.log.Error("tournament reconcile", "tournament", v.t.ID, "table", en.GameID, "board", n, "err", err)
		} else if err == nil {
			s.log.Info("tournament result recovered from the table", "tournament", v.t.ID, "table", en.GameID, "board", n)
		}
	}
}

// TournamentRequest is the body of POST /api/tournaments. The boards are
// dealt from Seed (random when 0), Boards of them, or imported from PBN,
// the text of a PBN file (8 to 36 games with full deals). The window runs
// from Start (default now) to End, or for Hours hours (default 24).
type TournamentRequest struct {
	Name    string     `json:"name"`
	Boards  int        `json:"boards"`
	Scoring string     `json:"scoring"` // mp, imp or butler
	Seed    uint64     `json:"seed,omitempty"`
	PBN     string     `json:"pbn,omitempty"`
	Start   *time.Time `json:"start,omitempty"`
	End     *time.Time `json:"end,omitempty"`
	Hours   float64    `json:"hours,omitempty"`
}

func summaryOf(c store.Competition, sp tourSpec, entries int, now time.Time) protocol.TournamentSummary {
	w := tournament.Window{Start: c.Start, End: c.End}
	return protocol.TournamentSummary{ID: c.ID, Name: c.Name, Boards: len(sp.Boards), Scoring: sp.Scoring,
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

// tourFromPBN imports the boards of a PBN text; the error names the board
// (and the line) and the fault.
func tourFromPBN(name, text string, sc tournament.Scoring, w tournament.Window) (*tournament.Tournament, error) {
	t, err := tournament.FromPBN("", name, []byte(text), sc, w)
	if err == nil {
		return t, nil
	}
	var se *pbn.SyntaxError
	if errors.As(err, &se) {
		switch b, g := pbn.BoardAt(text, se.Line); {
		case b != "":
			return nil, fmt.Errorf("PBN board %s (line %d): %s", b, se.Line, se.Msg)
		case g > 0:
			return nil, fmt.Errorf("PBN game %d (line %d): %s", g, se.Line, se.Msg)
		}
		return nil, fmt.Errorf("PBN line %d: %s", se.Line, se.Msg)
	}
	var te *tournament.Error
	if errors.As(err, &te) && te.Board > 0 {
		return nil, fmt.Errorf("PBN board %d: %w", te.Board, te.Err)
	}
	return nil, fmt.Errorf("PBN: %w", err)
}

// CreateTournament checks a tournament request and stores the tournament.
func (s *Service) CreateTournament(ctx context.Context, c Caller, body TournamentRequest) (protocol.TournamentCreated, error) {
	var out protocol.TournamentCreated
	bad := func(format string, args ...any) (protocol.TournamentCreated, error) {
		return out, refuse(protocol.CodeBadRequest, format, args...)
	}
	body.Name = strings.TrimSpace(body.Name)
	if body.Name == "" || len(body.Name) > 80 {
		return bad("name: want 1 to 80 bytes")
	}
	imported := body.PBN != ""
	switch {
	case imported && body.Seed != 0:
		return bad("give a seed or a PBN file, not both")
	case body.Seed != 0 && !s.allowSeed:
		return bad("seed: not accepted; the server deals a tournament's boards from a secret of its own")
	case !imported && (body.Boards < tournament.MinBoards || body.Boards > tournament.MaxBoards):
		return bad("boards=%d: want %d to %d", body.Boards, tournament.MinBoards, tournament.MaxBoards)
	}
	if body.Scoring == "" {
		body.Scoring = "mp"
	}
	sc, err := tournament.ParseScoring(body.Scoring)
	if err != nil {
		return bad("scoring=%q: want mp, imp or butler", body.Scoring)
	}
	now := s.Now()
	start := now
	if body.Start != nil {
		start = *body.Start
	}
	if body.Hours < 0 || body.Hours > 24*366 {
		return bad("hours=%v: want 0 to %d", body.Hours, 24*366)
	}
	end := start.Add(24 * time.Hour)
	switch {
	case body.End != nil && body.Hours != 0:
		return bad("give end or hours, not both")
	case body.End != nil:
		end = *body.End
	case body.Hours != 0:
		end = start.Add(time.Duration(body.Hours * float64(time.Hour)))
	}
	if !end.After(start) || !end.After(now) {
		return bad("window %s to %s: the end must be after the start and in the future", start.Format(time.RFC3339), end.Format(time.RFC3339))
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
			return out, refuse(protocol.CodeBadPBN, "%s", err.Error())
		}
		return bad("%v", err)
	}
	if err := c.allow(); err != nil {
		return out, err
	}
	id, err := s.createTournament(ctx, t, source, c.User.ID, c.User.Username)
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return bad("%v", err)
		}
		return out, err
	}
	return protocol.TournamentCreated{ID: id, Boards: len(t.Boards)}, nil
}

// ListTournaments returns the latest tournaments.
func (s *Service) ListTournaments(ctx context.Context) (protocol.TournamentList, error) {
	now := s.Now()
	list, err := s.st.ListCompetitions(ctx, KindTournament, maxTourList)
	if err != nil {
		return protocol.TournamentList{}, err
	}
	ids := make([]string, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	counts, err := s.st.CountCompetitionEntries(ctx, ids)
	if err != nil {
		return protocol.TournamentList{}, err
	}
	out := make([]protocol.TournamentSummary, 0, len(list))
	for _, c := range list {
		var sp tourSpec
		if err := json.Unmarshal(c.Spec, &sp); err != nil {
			s.log.Error("tournament spec", "tournament", c.ID, "err", err)
			continue
		}
		out = append(out, summaryOf(c, sp, counts[c.ID], now))
	}
	return protocol.TournamentList{Tournaments: out}, nil
}

// TournamentView returns tournament id as user sees it: its ranking, the
// boards he has played and his table.
func (s *Service) TournamentView(ctx context.Context, id, user string) (protocol.Tournament, error) {
	e, err := request[*tourEvent](ctx, s, id, "tournament")
	if err != nil {
		return protocol.Tournament{}, err
	}
	t := e.t
	if user != "" {
		s.reconcile(ctx, e, user)
	}
	now := s.Now()
	st := t.Standings()
	rows := make([]protocol.Standing, len(st.Rows))
	for i, row := range st.Rows {
		rows[i] = protocol.Standing{Rank: row.Rank, Tied: row.Tied, Name: row.Entry.Name, You: user != "" && row.Entry.ID == user,
			Boards: row.Boards, Score: row.Score, Percent: row.Percent, PerBoard: row.PerBoard}
	}
	if e.spec.Source == "pbn" {
		outOfCompetition(rows, st.Rows, e.comp.Owner)
	}
	played := []int{}
	if user != "" {
		for _, b := range t.Boards {
			if t.HasPlayed(user, b.Number) {
				played = append(played, b.Number)
			}
		}
	}
	numbers := make([]int, len(t.Boards))
	for i, b := range t.Boards {
		numbers[i] = b.Number
	}
	out := protocol.Tournament{
		Tournament: summaryOf(e.comp, e.spec, len(t.Entries()), now),
		Numbers:    numbers,
		Played:     st.Played, // results on each board
		YouPlayed:  played,
		Standings:  rows,
	}
	if user != "" {
		if en, err := s.st.GetCompetitionEntry(ctx, t.ID, user); err == nil && en.GameID != "" {
			out.Table = en.GameID
		}
	}
	return out, nil
}

// outOfCompetition marks the row of the uploader of an imported
// tournament's boards (he knew them before playing) out of competition and
// ranks the others without him.
func outOfCompetition(rows []protocol.Standing, st []tournament.Standing, uploader string) {
	rank, prev, n := 0, -1, 0
	for i := range rows {
		if uploader != "" && st[i].Entry.ID == uploader {
			rows[i].OutOfCompetition, rows[i].Rank, rows[i].Tied = true, 0, false
			continue
		}
		n++
		if st[i].Rank != prev {
			rank, prev = n, st[i].Rank
		}
		rows[i].Rank = rank
	}
	for i := range rows {
		tied := false
		for k := range rows {
			tied = tied || (k != i && rows[i].Rank > 0 && rows[k].Rank == rows[i].Rank)
		}
		rows[i].Tied = tied
	}
}

// PlayTournament opens (or returns) the caller's table for tournament id:
// the boards he has not played yet, in order, with bots in the other seats
// and the caller South.
func (s *Service) PlayTournament(ctx context.Context, c Caller, id string) (protocol.TableRef, error) {
	u := c.User
	var out protocol.TableRef
	e, err := request[*tourEvent](ctx, s, id, "tournament")
	if err != nil {
		return out, err
	}
	t := e.t
	if !s.reports {
		return out, refuse(protocol.CodeUnavailable, "this server's table hub does not report finished boards: tournaments cannot be played")
	}
	now := s.Now()
	if !t.Window.Contains(now) {
		return out, refuse(protocol.CodeOver, "tournament %s: outside its window %s to %s", t.ID,
			t.Window.Start.Format(time.RFC3339), t.Window.End.Format(time.RFC3339))
	}
	key := entryKey{t.ID, u.ID}
	s.mu.Lock()
	busy := s.opening[key]
	if !busy {
		s.opening[key] = true
	}
	s.mu.Unlock()
	if busy {
		return out, refuse(protocol.CodeBusy, "your table for tournament %s is being opened", t.ID)
	}
	defer func() {
		s.mu.Lock()
		delete(s.opening, key)
		s.mu.Unlock()
	}()
	s.reconcile(ctx, e, u.ID)
	entry, err := s.st.GetCompetitionEntry(ctx, t.ID, u.ID)
	joined := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return out, err
	}
	if joined && entry.GameID != "" {
		if room, err := s.hub.Get(ctx, entry.GameID); err == nil {
			if !room.Over() {
				return protocol.TableRef{Table: entry.GameID, Invite: "/t/" + entry.GameID}, nil
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
		return out, refuse(protocol.CodeOver, "you have played every board of tournament %s", t.ID)
	}
	if !joined {
		data, _ := json.Marshal(entryData{Name: u.Username})
		err := s.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: t.ID, Entry: u.ID, Data: data})
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return out, err
		}
		if err := t.Join(tournament.Entry{ID: u.ID, Name: u.Username}); err != nil {
			return out, err
		}
		s.cache.stale(t.ID)
	}
	release, err := c.reserve()
	if err != nil {
		return out, err
	}
	defer release()
	set := table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: table.Competition{ID: t.ID, Entry: ""}, Deals: deals, DealInfo: info, BoardNumbers: boards}
	room, err := s.hub.Create(ctx, set, table.Player{ID: u.ID, Name: u.Username})
	if err != nil {
		return out, err
	}
	s.Remember(room.ID(), boards)
	// Only the store binds a tournament table to its player: a table
	// replaced by a new one no longer reports for him.
	if err := s.st.SetCompetitionGame(ctx, t.ID, u.ID, room.ID()); err != nil {
		s.log.Error("tournament table", "tournament", t.ID, "table", room.ID(), "err", err)
	}
	return protocol.TableRef{Table: room.ID(), Invite: "/t/" + room.ID()}, nil
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

// notPlayed is the error of a board user may not see yet.
func notPlayed(err error) error {
	var te *tournament.Error
	if errors.As(err, &te) && errors.Is(err, tournament.ErrNoBoard) {
		return &protocol.Refusal{Code: protocol.CodeNotFound, Msg: err.Error()}
	}
	return &protocol.Refusal{Code: protocol.CodeNotPlayed, Msg: err.Error()}
}

// TournamentBoard returns board n of tournament id as user sees it: its
// deal, frequency table, his result and the analysis, once it may be shown
// (seal.go: when the tournament ends). The analysis is waited for at most
// wait; after that, the answer says it is coming.
func (s *Service) TournamentBoard(ctx context.Context, id string, n int, user string, wait time.Duration) (protocol.TournamentBoard, error) {
	var out protocol.TournamentBoard
	e, err := request[*tourEvent](ctx, s, id, "tournament")
	if err != nil {
		return out, err
	}
	t := e.t
	b, ok := t.Board(n)
	if !ok {
		return out, refuse(protocol.CodeNotFound, "tournament %s has no board %d", t.ID, n)
	}
	if !s.shows(e, user, n) {
		return out, refuse(protocol.CodeTournamentOpen, "tournament %s: board %d is shown when the tournament ends (%s), to everybody",
			t.ID, n, t.Window.End.Format(time.RFC3339))
	}
	f, err := t.Frequency(n)
	if err != nil {
		return out, notPlayed(err)
	}
	out = protocol.TournamentBoard{Board: n, Dealer: b.Dealer.String(), Vul: b.Vul.String(), Deal: b.Deal.String(),
		Scoring: scoringName(t.Scoring), Played: f.Played, Top: f.Top, Datum: f.Datum}
	var mine *tournament.BoardScore
	if user != "" && t.HasPlayed(user, n) {
		if scores, err := t.EntryResults(user); err == nil {
			for i := range scores {
				if scores[i].Board == n {
					mine = &scores[i]
				}
			}
		}
	}
	rows := make([]protocol.FrequencyRow, len(f.Rows))
	for i, row := range f.Rows {
		decl := ""
		if !row.Contract.IsPass() {
			decl = row.Declarer.String()
		}
		rows[i] = protocol.FrequencyRow{Contract: row.Contract.String(), Declarer: decl, Tricks: row.Tricks,
			Result: resultText(row.Contract, row.Tricks), ScoreNS: row.ScoreNS, Count: row.Count,
			NS: row.NS, EW: row.EW, NSPercent: row.NSPercent, EWPercent: row.EWPercent}
		if mine != nil {
			m := mine.Result
			rows[i].Yours = m.Contract == row.Contract && m.Tricks == row.Tricks &&
				(m.Contract.IsPass() || m.Declarer == row.Declarer)
		}
	}
	out.Rows = rows
	if mine != nil {
		m := mine.Result
		decl := ""
		if !m.Contract.IsPass() {
			decl = m.Declarer.String()
		}
		out.Yours = &protocol.YourResult{Contract: m.Contract.String(), Declarer: decl, Tricks: m.Tricks,
			Result: resultText(m.Contract, m.Tricks), ScoreNS: m.ScoreNS, Score: mine.Score,
			Percent: mine.Percent, Beaten: mine.Beaten, Tied: mine.Tied, Lost: mine.Lost}
	}
	if !s.dd.wait(t, n, wait) {
		// Still solving: the page asks again.
		out.DDPending = true
	} else if a, err := t.Analysis(n); err == nil {
		tricks := map[string][5]int{}
		for _, seat := range []card.Seat{card.North, card.East, card.South, card.West} {
			tricks[seat.String()] = a.Table[seat]
		}
		pars := make([]string, len(a.Par.Contracts))
		for i, c := range a.Par.Contracts {
			pars[i] = c.DDSString()
		}
		out.DD = &protocol.BoardAnalysis{Tricks: tricks, Strains: []string{"C", "D", "H", "S", "NT"},
			ParScoreNS: a.Par.Score, Par: pars}
	} else {
		s.log.Error("tournament analysis", "tournament", t.ID, "board", n, "err", err)
	}
	return out, nil
}

// Records returns what the printable hand records of tournament id show
// user: the boards shown to him (seal.go: every board once the tournament
// is over; refused before); and which of them have their
// analysis ready (waited for at most wait in all, the others being solved
// in the background).
func (s *Service) Records(ctx context.Context, id, user string, wait time.Duration) (*tournament.Tournament, []int, func(n int) bool, error) {
	e, err := request[*tourEvent](ctx, s, id, "tournament")
	if err != nil {
		return nil, nil, nil, err
	}
	t := e.t
	var boards []int
	for _, b := range t.Boards {
		if s.shows(e, user, b.Number) {
			boards = append(boards, b.Number)
		}
	}
	if len(boards) == 0 {
		return nil, nil, nil, refuse(protocol.CodeTournamentOpen, "tournament %s: the hand records are shown when the tournament ends (%s)",
			t.ID, t.Window.End.Format(time.RFC3339))
	}
	ready := s.dd.ready(t, boards, wait)
	return t, boards, func(n int) bool { return ready[n] }, nil
}

// Export writes the results of tournament id as PBN with ScoreTable and
// TotalScoreTable, once the tournament is over (it shows every deal).
func (s *Service) Export(ctx context.Context, id string, w io.Writer) error {
	e, err := request[*tourEvent](ctx, s, id, "tournament")
	if err != nil {
		return err
	}
	t := e.t
	if !s.showsAll(e, "") {
		return refuse(protocol.CodeTournamentOpen, "tournament %s: the PBN export shows every deal, so it opens when the tournament ends (%s)",
			t.ID, t.Window.End.Format(time.RFC3339))
	}
	return tournament.ExportPBN(w, t, tournament.ExportOptions{Analysis: true})
}
