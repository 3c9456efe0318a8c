package server

// Duplicate tournaments: an organiser creates a tournament (a set of boards
// dealt from a seed, a scoring and a time window); each player plays the
// boards at a table of his own with bots in the other seats, and every
// finished board becomes his result in the tournament. The tournaments live
// in memory for now: they are lost when the server stops.

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// tourKey names a player's entry in a tournament.
type tourKey struct{ tour, user string }

// tourTable is the table at which a player plays a tournament; boards[k]
// is the tournament board number of the table's board k+1.
type tourTable struct {
	id     string
	boards []int
}

// tourEntry is a tournament of the registry.
type tourEntry struct {
	t       *tournament.Tournament
	created time.Time
	creator string
}

// tournaments is the server's registry of tournaments, in memory.
type tournaments struct {
	mu     sync.Mutex
	byID   map[string]*tourEntry
	order  []string // IDs, oldest first
	tables map[tourKey]*tourTable
	log    interface{ Error(string, ...any) }
	// now is the clock (tests move it); dd, when set, is the double-dummy
	// solver of new tournaments (tests use a fast fake).
	now func() time.Time
	dd  tournament.DDFunc
	// linked reports whether the hub tells us about finished boards;
	// without it nobody can play.
	linked bool
}

func newTournaments(s *Server) *tournaments {
	return &tournaments{byID: map[string]*tourEntry{}, tables: map[tourKey]*tourTable{}, log: s.log, now: time.Now}
}

// maxTournaments bounds the registry (the oldest are dropped past it).
const maxTournaments = 200

func (ts *tournaments) get(id string) (*tourEntry, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	e, ok := ts.byID[id]
	return e, ok
}

// onBoard records a finished board of a tournament table as the result of
// the player sitting South. It runs on the table's goroutine.
func (ts *tournaments) onBoard(d table.BoardDone) {
	user := d.Seats[card.South].UserID
	ts.mu.Lock()
	e, ok := ts.byID[d.Tournament]
	tt := ts.tables[tourKey{d.Tournament, user}]
	ts.mu.Unlock()
	if !ok || user == "" {
		return
	}
	n := d.Board
	if tt != nil && d.Board >= 1 && d.Board <= len(tt.boards) {
		n = tt.boards[d.Board-1]
	}
	r := tournament.BoardResult{Entry: user, Board: n, Contract: d.Contract, Declarer: d.Declarer,
		Tricks: d.Tricks, Side: card.NS, Time: ts.now()}
	if err := e.t.Add(r); err != nil {
		ts.log.Error("tournament result", "tournament", d.Tournament, "table", d.Table, "err", err)
	}
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

// createTournament is the body of POST /api/tournaments. The window runs
// from Start (default now) to End, or for Hours hours (default 24).
type createTournament struct {
	Name    string     `json:"name"`
	Boards  int        `json:"boards"`
	Scoring string     `json:"scoring"` // mp, imp or butler
	Seed    uint64     `json:"seed,omitempty"`
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
}

func (ts *tournaments) summary(e *tourEntry, now time.Time) tourSummary {
	t := e.t
	return tourSummary{ID: t.ID, Name: t.Name, Boards: len(t.Boards), Scoring: scoringName(t.Scoring),
		Start: t.Window.Start, End: t.Window.End, Over: t.Over(now), Open: t.Window.Contains(now),
		Entries: len(t.Entries()), Creator: e.creator}
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

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body createTournament
	if err := readJSON(r, &body); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	bad := func(format string, args ...any) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", fmt.Sprintf(format, args...))
	}
	body.Name = strings.TrimSpace(body.Name)
	if body.Name == "" || len(body.Name) > 80 {
		bad("name: want 1 to 80 bytes")
		return
	}
	if body.Boards < tournament.MinBoards || body.Boards > tournament.MaxBoards {
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
	seed := body.Seed
	if seed == 0 {
		seed = randomSeed()
	}
	t, err := tournament.NewFromSeed(body.Name, body.Boards, seed, sc, tournament.Window{Start: start, End: end})
	if err != nil {
		bad("%v", err)
		return
	}
	t.ID = "t" + randomToken(9)
	t.DD = s.tours.dd
	ts := s.tours
	ts.mu.Lock()
	ts.byID[t.ID] = &tourEntry{t: t, created: now, creator: u.Username}
	ts.order = append(ts.order, t.ID)
	for len(ts.order) > maxTournaments {
		old := ts.order[0]
		ts.order = ts.order[1:]
		delete(ts.byID, old)
		for k := range ts.tables {
			if k.tour == old {
				delete(ts.tables, k)
			}
		}
	}
	ts.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]string{"id": t.ID})
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
	now := s.tours.now()
	s.tours.mu.Lock()
	list := make([]*tourEntry, 0, len(s.tours.order))
	for i := len(s.tours.order) - 1; i >= 0; i-- {
		list = append(list, s.tours.byID[s.tours.order[i]])
	}
	s.tours.mu.Unlock()
	out := make([]tourSummary, len(list))
	for i, e := range list {
		out[i] = s.tours.summary(e, now)
	}
	writeJSON(w, http.StatusOK, map[string]any{"tournaments": out})
}

// tourEntryOr404 finds the tournament of the path or answers 404.
func (s *Server) tourEntryOr404(w http.ResponseWriter, r *http.Request) (*tourEntry, bool) {
	e, ok := s.tours.get(r.PathValue("id"))
	if !ok {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such tournament: "+r.PathValue("id"))
	}
	return e, ok
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
		"tournament": s.tours.summary(e, now),
		"numbers":    numbers,
		"played":     st.Played, // results on each board
		"youPlayed":  played,
		"standings":  rows,
	}
	s.tours.mu.Lock()
	if tt := s.tours.tables[tourKey{t.ID, u.ID}]; tt != nil && u.ID != "" {
		out["table"] = tt.id
	}
	s.tours.mu.Unlock()
	if t.Over(now) {
		out["seed"] = strconv.FormatUint(t.Seed, 10)
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
	s.tours.mu.Lock()
	tt := s.tours.tables[key]
	s.tours.mu.Unlock()
	if tt != nil && tt.id == "" {
		s.apiError(w, r, http.StatusServiceUnavailable, "busy", "your table for tournament "+t.ID+" is being opened")
		return
	}
	if tt != nil {
		if room, err := s.hub.Get(r.Context(), tt.id); err == nil {
			if tb, ok := room.(*table.Table); !ok || !tb.Over() {
				writeJSON(w, http.StatusOK, map[string]any{"table": tt.id, "invite": "/t/" + tt.id})
				return
			}
		}
	}
	var deals []string
	var boards []int
	for _, b := range t.Boards {
		if t.HasPlayed(u.ID, b.Number) {
			continue
		}
		deals = append(deals, b.Deal.String())
		boards = append(boards, b.Number)
	}
	if len(deals) == 0 {
		s.apiError(w, r, http.StatusConflict, "over", "you have played every board of tournament "+t.ID)
		return
	}
	if err := t.Join(tournament.Entry{ID: u.ID, Name: u.Username}); err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	// The mapping is in place before the table exists, so that a board
	// finishing at once is still counted under the right number.
	ntt := &tourTable{boards: boards}
	s.tours.mu.Lock()
	if cur := s.tours.tables[key]; cur != tt {
		// Another request of the same player got there first.
		s.tours.mu.Unlock()
		s.apiError(w, r, http.StatusServiceUnavailable, "busy", "your table for tournament "+t.ID+" is being opened")
		return
	}
	s.tours.tables[key] = ntt
	s.tours.mu.Unlock()
	set := table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: t.ID, Deals: deals}
	room, err := s.hub.Create(r.Context(), set, table.Player{ID: u.ID, Name: u.Username})
	if err != nil {
		s.tours.mu.Lock()
		if s.tours.tables[key] == ntt {
			delete(s.tours.tables, key)
		}
		s.tours.mu.Unlock()
		s.tableError(w, r, err)
		return
	}
	s.tours.mu.Lock()
	ntt.id = room.ID()
	s.tours.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"table": room.ID(), "invite": "/t/" + room.ID()})
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
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "board number: "+r.PathValue("n"))
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
	if a, err := t.AnalysisFor(n, u.ID, now); err == nil {
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
	var buf bytes.Buffer
	if err := tournament.HandRecordsHTMLBoards(&buf, t, lang, boards); err != nil {
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
