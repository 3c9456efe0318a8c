package tournament

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/pbn"
	"atout/card"
)

// Limits on the number of boards of a tournament.
const (
	MinBoards = 8
	MaxBoards = 36
)

// DailyBoards is the number of boards of a [Daily] tournament.
const DailyBoards = 12

// Scoring is the scoring method of a pairs tournament.
type Scoring uint8

// The scoring methods.
const (
	// Matchpoints: international scale internally (2 per result beaten, 1
	// per tie), shown as percentages; Neuberg for boards played fewer
	// times than the most-played one.
	Matchpoints Scoring = iota
	// CrossIMPs: IMPs across the field, averaged over the other results.
	CrossIMPs
	// Butler: IMPs against the board's Butler datum.
	Butler
)

// String returns "MP", "IMP" or "Butler" (the PBN Scoring tag values).
func (s Scoring) String() string {
	switch s {
	case Matchpoints:
		return "MP"
	case CrossIMPs:
		return "IMP"
	case Butler:
		return "Butler"
	}
	return fmt.Sprintf("Scoring(%d)", uint8(s))
}

// ParseScoring reads "MP", "IMP" or "Butler" (as String writes them; also
// "matchpoints", "imps", "cross-imps").
func ParseScoring(s string) (Scoring, error) {
	switch s {
	case "MP", "mp", "matchpoints", "Matchpoints":
		return Matchpoints, nil
	case "IMP", "imp", "imps", "IMPs", "cross-imps", "CrossIMPs":
		return CrossIMPs, nil
	case "Butler", "butler":
		return Butler, nil
	}
	return 0, invalid("scoring %q: want MP, IMP or Butler", s)
}

// IMPs reports whether the scoring is in IMPs (cross-IMPs or Butler).
func (s Scoring) IMPs() bool { return s == CrossIMPs || s == Butler }

// Window is the time during which a tournament can be played: from Start
// (included) to End (excluded). A zero End means no end; a zero Start no
// start.
type Window struct {
	Start, End time.Time
}

// Contains reports whether t is inside the window.
func (w Window) Contains(t time.Time) bool {
	return (w.Start.IsZero() || !t.Before(w.Start)) && (w.End.IsZero() || t.Before(w.End))
}

// Board is one board of a tournament: its number (which gives the dealer
// and vulnerability unless imported otherwise), the deal, the dealer and
// the vulnerability.
type Board struct {
	Number int
	Deal   bridge.Deal
	Dealer card.Seat
	Vul    bridge.Vul
}

// Entry is a participant of a tournament: a player (or a pair) with a
// stable ID and a display name.
type Entry struct {
	ID   string
	Name string
}

// BoardResult is the result of one entry on one board: the contract
// (bridge.PassedOut when passed out), the declarer, declarer's tricks, the
// side the entry sat (card.NS by default), the North-South score and when
// the board was finished. ScoreNS is computed by [Tournament.Add].
type BoardResult struct {
	Entry    string
	Board    int
	Contract bridge.Contract
	Declarer card.Seat
	Tricks   int
	Side     card.Side
	ScoreNS  int
	Time     time.Time
}

// Score returns the result's score for the side the entry sat.
func (r BoardResult) Score() int {
	if r.Side == card.EW {
		return -r.ScoreNS
	}
	return r.ScoreNS
}

// DDFunc computes the double-dummy table of a deal.
type DDFunc func(bridge.Deal) (dd.Table, error)

// DefaultDD solves a deal with [dd.CalcTable] on one thread.
func DefaultDD(d bridge.Deal) (dd.Table, error) { return dd.CalcTable(d, 1) }

// Tournament is a duplicate bridge tournament: its definition (exported
// fields, not to be changed once results come in) and the entries and
// results so far (behind methods; safe for concurrent use).
type Tournament struct {
	ID      string
	Name    string
	Boards  []Board
	Scoring Scoring
	Window  Window
	// Seed is the seed the boards were dealt from (0 when imported).
	Seed uint64
	// DD computes double-dummy tables for [Tournament.Analysis]; nil means
	// [DefaultDD]. Set it before the first analysis.
	DD DDFunc

	mu      sync.Mutex
	byNum   map[int]int // board number -> index in Boards
	entries []Entry
	entryAt map[string]int
	results []BoardResult
	played  map[playKey]int // (entry, board index) -> result index
	cache   []boardCache    // per board index

	ddMu  sync.Mutex
	ddRes []*analysisSlot
}

type playKey struct {
	entry int
	board int
}

// NewFromSeed deals a tournament of nBoards boards (8..36), numbered from
// 1, from seed: the same arguments always give the same deals. The ID is
// derived from the seed and the number of boards.
func NewFromSeed(name string, nBoards int, seed uint64, scoring Scoring, w Window) (*Tournament, error) {
	const op = "NewFromSeed"
	if nBoards < MinBoards || nBoards > MaxBoards {
		return nil, &Error{Op: op, Err: invalid("%d boards: want %d to %d", nBoards, MinBoards, MaxBoards)}
	}
	t, err := New(fmt.Sprintf("s%016x-%d", seed, nBoards), name, DealBoards(nBoards, card.NewRand(seed)), scoring, w)
	if err != nil {
		return nil, err
	}
	t.Seed = seed
	return t, nil
}

// NewFromRand deals a tournament of nBoards boards (8..36), numbered from
// 1, from r: with a source of a server's secret ([card.Secret.Rand]) nobody
// else can deal them. The ID is left empty for the caller to give.
func NewFromRand(name string, nBoards int, r *card.Rand, scoring Scoring, w Window) (*Tournament, error) {
	if nBoards < MinBoards || nBoards > MaxBoards {
		return nil, &Error{Op: "NewFromRand", Err: invalid("%d boards: want %d to %d", nBoards, MinBoards, MaxBoards)}
	}
	return New("", name, DealBoards(nBoards, r), scoring, w)
}

// DealBoards deals boards 1 to n from r, each with the standard dealer and
// vulnerability of its number.
func DealBoards(n int, r *card.Rand) []Board {
	boards := make([]Board, n)
	for i := range boards {
		k := i + 1
		boards[i] = Board{Number: k, Deal: bridge.RandomDeal(r), Dealer: bridge.BoardDealer(k), Vul: bridge.BoardVul(k)}
	}
	return boards
}

// Daily returns the daily tournament of date's day (in date's location):
// DailyBoards boards at matchpoints, open from midnight to midnight. The
// deals depend only on the day and on salt: give a secret salt in
// production, or anybody could deal tomorrow's boards in advance.
func Daily(date time.Time, salt ...uint64) *Tournament {
	y, m, d := date.Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, date.Location())
	day := start.Format("2006-01-02")
	seed := card.SeedFromString("atout-daily-" + day)
	for _, s := range salt {
		seed = (seed ^ s) * 0x9E3779B97F4A7C15
	}
	t, err := NewFromSeed("Daily "+day, DailyBoards, seed, Matchpoints, Window{Start: start, End: start.AddDate(0, 0, 1)})
	if err != nil {
		panic(err) // DailyBoards is within the limits
	}
	t.ID = "daily-" + day
	return t
}

// FromPBN imports the boards of a PBN file: 8 to 36 games, each with a full
// valid deal. Board numbers come from the Board tags (1, 2, ... when
// missing) and must be distinct; the dealer and vulnerability are those of
// the file. Everything else in the file (auctions, results) is ignored.
func FromPBN(id, name string, data []byte, scoring Scoring, w Window) (*Tournament, error) {
	const op = "FromPBN"
	games, err := pbn.ParseGames(data)
	if err != nil {
		return nil, &Error{Op: op, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}
	}
	if len(games) < MinBoards || len(games) > MaxBoards {
		return nil, &Error{Op: op, Err: invalid("%d boards: want %d to %d", len(games), MinBoards, MaxBoards)}
	}
	boards := make([]Board, len(games))
	for i, g := range games {
		n := g.Board
		if n == 0 {
			n = i + 1
		}
		if err := g.Deal.Validate(); err != nil {
			return nil, &Error{Op: op, Board: n, Err: fmt.Errorf("%w: game %d: %w", ErrInvalid, i+1, err)}
		}
		boards[i] = Board{Number: n, Deal: g.Deal, Dealer: g.Dealer, Vul: g.Vul}
	}
	return New(id, name, boards, scoring, w)
}

// New makes a tournament of the given boards (8..36, distinct positive
// numbers, valid deals).
func New(id, name string, boards []Board, scoring Scoring, w Window) (*Tournament, error) {
	const op = "New"
	if len(boards) < MinBoards || len(boards) > MaxBoards {
		return nil, &Error{Op: op, Err: invalid("%d boards: want %d to %d", len(boards), MinBoards, MaxBoards)}
	}
	if scoring > Butler {
		return nil, &Error{Op: op, Err: invalid("scoring %v", scoring)}
	}
	if !w.Start.IsZero() && !w.End.IsZero() && !w.End.After(w.Start) {
		return nil, &Error{Op: op, Err: invalid("window ends (%s) before it starts (%s)", w.End.Format(time.RFC3339), w.Start.Format(time.RFC3339))}
	}
	t := &Tournament{ID: id, Name: name, Boards: slices.Clone(boards), Scoring: scoring, Window: w}
	t.byNum = make(map[int]int, len(boards))
	for i, b := range boards {
		if b.Number < 1 {
			return nil, &Error{Op: op, Err: invalid("board %d of the list has number %d", i+1, b.Number)}
		}
		if _, dup := t.byNum[b.Number]; dup {
			return nil, &Error{Op: op, Board: b.Number, Err: invalid("board number used twice")}
		}
		if b.Dealer > card.West || b.Vul > bridge.VulAll {
			return nil, &Error{Op: op, Board: b.Number, Err: invalid("dealer %v, vulnerability %v", b.Dealer, b.Vul)}
		}
		if err := b.Deal.Validate(); err != nil {
			return nil, &Error{Op: op, Board: b.Number, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}
		}
		t.byNum[b.Number] = i
	}
	t.entryAt = map[string]int{}
	t.played = map[playKey]int{}
	t.cache = make([]boardCache, len(boards))
	t.ddRes = make([]*analysisSlot, len(boards))
	return t, nil
}

// Over reports whether the tournament is over at time now (its window has
// an end and now is not before it).
func (t *Tournament) Over(now time.Time) bool {
	return !t.Window.End.IsZero() && !now.Before(t.Window.End)
}

// Board returns the board of number n.
func (t *Tournament) Board(n int) (Board, bool) {
	i, ok := t.byNum[n]
	if !ok {
		return Board{}, false
	}
	return t.Boards[i], true
}

func (t *Tournament) boardIndex(op string, n int) (int, error) {
	i, ok := t.byNum[n]
	if !ok {
		return 0, &Error{Op: op, Board: n, Err: ErrNoBoard}
	}
	return i, nil
}

// Join registers an entry, or renames it if it has joined already.
func (t *Tournament) Join(e Entry) error {
	if e.ID == "" {
		return &Error{Op: "Join", Err: invalid("empty entry ID")}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if i, ok := t.entryAt[e.ID]; ok {
		t.entries[i].Name = e.Name
		return nil
	}
	t.entryAt[e.ID] = len(t.entries)
	t.entries = append(t.entries, e)
	return nil
}

// Entries returns the entries in the order they joined.
func (t *Tournament) Entries() []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.entries)
}

// Add records a result. It checks that the entry has joined, the board
// exists, the entry has no result on it yet, the time is inside the window,
// and that the contract, declarer, tricks and side are possible; it then
// computes ScoreNS from the board's vulnerability. A passed-out board needs
// Tricks 0 (the declarer is ignored).
func (t *Tournament) Add(r BoardResult) error {
	const op = "Add"
	bi, err := t.boardIndex(op, r.Board)
	if err != nil {
		e := err.(*Error)
		e.Entry = r.Entry
		return e
	}
	fail := func(err error) error { return &Error{Op: op, Board: r.Board, Entry: r.Entry, Err: err} }
	c := r.Contract
	switch {
	case c.Level > 7 || c.Strain > bridge.NoTrump || c.Doubled > 2 || (c.IsPass() && (c.Strain != 0 || c.Doubled != 0)):
		return fail(invalid("contract {Level:%d Strain:%d Doubled:%d}", c.Level, c.Strain, c.Doubled))
	case r.Tricks < 0 || r.Tricks > 13:
		return fail(invalid("%d tricks: want 0 to 13", r.Tricks))
	case c.IsPass() && r.Tricks != 0:
		return fail(invalid("passed out with %d tricks", r.Tricks))
	case r.Declarer > card.West:
		return fail(invalid("declarer %v", r.Declarer))
	case r.Side > card.EW:
		return fail(invalid("side %v", r.Side))
	case !t.Window.Contains(r.Time):
		return fail(fmt.Errorf("%w: %s", ErrOutsideWindow, r.Time.Format(time.RFC3339)))
	}
	if c.IsPass() {
		r.Declarer = 0
	}
	r.ScoreNS = bridge.ScoreNS(c, r.Declarer, r.Tricks, t.Boards[bi].Vul)
	t.mu.Lock()
	defer t.mu.Unlock()
	ei, ok := t.entryAt[r.Entry]
	if !ok {
		return fail(ErrUnknownEntry)
	}
	k := playKey{ei, bi}
	if _, dup := t.played[k]; dup {
		return fail(ErrAlreadyPlayed)
	}
	t.played[k] = len(t.results)
	t.cache[bi].results = append(t.cache[bi].results, len(t.results))
	t.cache[bi].dirty = true
	t.results = append(t.results, r)
	return nil
}

// Results returns every result so far, in the order they were added.
func (t *Tournament) Results() []BoardResult {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.results)
}

// HasPlayed reports whether the entry has a result on board n.
func (t *Tournament) HasPlayed(entry string, n int) bool {
	bi, ok := t.byNum[n]
	if !ok {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	ei, ok := t.entryAt[entry]
	if !ok {
		return false
	}
	_, ok = t.played[playKey{ei, bi}]
	return ok
}

// CanSee reports whether viewer may see board n's results, deal and
// analysis at time now: once the viewer has played the board, or once the
// tournament is over. The error wraps ErrNotPlayedYet or ErrNoBoard.
func (t *Tournament) CanSee(op string, n int, viewer string, now time.Time) error {
	if _, err := t.boardIndex(op, n); err != nil {
		return err
	}
	if t.Over(now) || t.HasPlayed(viewer, n) {
		return nil
	}
	return &Error{Op: op, Board: n, Entry: viewer, Err: ErrNotPlayedYet}
}
