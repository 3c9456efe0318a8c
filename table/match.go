package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"atout/belote"
	"atout/bridge"
	"atout/bridge/lin"
	"atout/bridge/pbn"
	"atout/bridge/scoring"
	"atout/card"
	"atout/game"
	"atout/protocol"
)

// match is the game a table plays, deal after deal: a bridge match (boards
// scored by duplicate, rubber or Chicago) or a belote game to its target. It
// is owned by the table goroutine.
//
// A deal is started from its stored form (startDeal), so that a live table
// and a table rebuilt from the store go through the same code.
type match interface {
	// cur is the live game the moves of the current deal go to.
	cur() game.Game
	// tryMove returns a copy of cur with m applied, or the engine's error;
	// cur is unchanged.
	tryMove(m game.Move) (game.Game, error)
	// setCur replaces cur by a game returned by tryMove.
	setCur(g game.Game)
	// clone returns a copy of cur for a bot or an analysis.
	clone() game.Game
	// dealNo is the number of the current deal (1-based; 0 before the first).
	dealNo() int
	// moves are the moves of the current deal.
	moves() []game.Move
	// dealDone reports whether the current deal is over (or none started).
	dealDone() bool
	// over reports whether the whole match is over.
	over() bool
	// newDeal draws the stored form of the next deal.
	newDeal(rnd *card.Rand) (json.RawMessage, error)
	// startDeal starts deal no from its stored form.
	startDeal(no int, raw json.RawMessage) error
	// scoreDeal scores the finished current deal into the sheet and returns
	// its result, to be stored. It is called once per deal.
	scoreDeal() (json.RawMessage, error)
	// result is the result of the finished match, to be stored.
	result() json.RawMessage
	// sheet is the score sheet shown with the table.
	sheet() any
	// controller returns the seat that chooses seat's actions now.
	controller(seat card.Seat) card.Seat
	// view is what seat sees; spectator what someone not seated sees.
	view(seat card.Seat) any
	spectator() any
	// undo takes back the last move of the current deal.
	undo() error
	// export writes the record of the match: "pbn" or "lin" for bridge,
	// "json" for belote.
	export(format string) ([]byte, string, error)
}

// ErrFormat is returned for an export format the game does not have.
var ErrFormat = errors.New("table: unknown export format for this game")

func newMatch(s Settings) match {
	if s.Game == "belote" {
		return &beloteMatch{rules: s.beloteRules(), fixed: s.BeloteDeals}
	}
	bm := &bridgeMatch{settings: s}
	switch s.Scoring {
	case "rubber":
		bm.rubber = scoring.NewRubber(scoring.RubberOptions{})
	case "chicago":
		bm.chicago = scoring.NewChicago(scoring.ChicagoOptions{})
	}
	return bm
}

// storeAction writes an action for the store, which takes no spaces: the
// bridge claim "claim 9" is stored as "claim_9".
func storeAction(a string) string { return strings.ReplaceAll(a, " ", "_") }

// loadAction reads an action written by storeAction.
func loadAction(a string) string { return strings.ReplaceAll(a, "_", " ") }

// ---- bridge ----

// bridgeDeal is the stored form of a bridge deal.
type bridgeDeal struct {
	Board  int         `json:"board"`
	Dealer card.Seat   `json:"dealer"`
	Vul    bridge.Vul  `json:"vul"`
	Deal   bridge.Deal `json:"deal"`
}

// The protocol's bridge score sheet (docs/protocol.md).
type (
	BoardLine   = protocol.BoardLine
	BridgeSheet = protocol.BridgeSheet
)

type bridgeMatch struct {
	settings Settings
	boards   []*bridge.Game // every deal started; the last is current
	raws     []bridgeDeal
	lines    []BoardLine
	totals   [2]int
	rubber   *scoring.Rubber
	chicago  *scoring.Chicago
}

func (b *bridgeMatch) board() *bridge.Game {
	if len(b.boards) == 0 {
		return nil
	}
	return b.boards[len(b.boards)-1]
}

func (b *bridgeMatch) cur() game.Game {
	if g := b.board(); g != nil {
		return g
	}
	return nil
}

func (b *bridgeMatch) tryMove(m game.Move) (game.Game, error) {
	g := b.board()
	if g == nil {
		return nil, fmt.Errorf("table: no deal in progress: %w", game.ErrIllegal)
	}
	c := g.Clone()
	if err := c.Apply(m); err != nil {
		return nil, err
	}
	return c, nil
}

func (b *bridgeMatch) setCur(g game.Game) { b.boards[len(b.boards)-1] = g.(*bridge.Game) }
func (b *bridgeMatch) clone() game.Game   { return b.board().Clone() }
func (b *bridgeMatch) dealNo() int        { return len(b.boards) }

func (b *bridgeMatch) moves() []game.Move {
	if g := b.board(); g != nil {
		return g.Moves()
	}
	return nil
}

func (b *bridgeMatch) dealDone() bool {
	g := b.board()
	return g == nil || g.Done()
}

func (b *bridgeMatch) over() bool {
	switch {
	case b.rubber != nil:
		return b.rubber.Over()
	case b.chicago != nil:
		return b.chicago.Over()
	}
	return len(b.lines) >= b.settings.Boards
}

func (b *bridgeMatch) newDeal(rnd *card.Rand) (json.RawMessage, error) {
	n := len(b.boards) + 1
	d := bridgeDeal{Board: n}
	if nums := b.settings.BoardNumbers; n <= len(nums) {
		d.Board = nums[n-1]
	}
	if fixed := b.settings.Deals; len(fixed) > 0 {
		if n > len(fixed) {
			return nil, fmt.Errorf("table: board %d: only %d deals in the list", n, len(fixed))
		}
		deal, err := bridge.ParseDeal(fixed[n-1])
		if err != nil {
			return nil, fmt.Errorf("table: board %d: %w", n, err)
		}
		d.Deal = deal
	} else {
		d.Deal = bridge.RandomDeal(rnd)
	}
	switch {
	case b.rubber != nil:
		d.Dealer, d.Vul = card.Seat((n-1)%4), b.rubber.Vul()
	case b.chicago != nil:
		_, dealer, vul, ok := b.chicago.Next()
		if !ok {
			return nil, errors.New("table: the Chicago cycle is over")
		}
		d.Dealer, d.Vul = dealer, vul
	case n <= len(b.settings.DealInfo):
		d.Dealer, d.Vul = b.settings.DealInfo[n-1].Dealer, b.settings.DealInfo[n-1].Vul
	default:
		d.Dealer, d.Vul = bridge.BoardDealer(d.Board), bridge.BoardVul(d.Board)
	}
	return json.Marshal(d)
}

func (b *bridgeMatch) startDeal(no int, raw json.RawMessage) error {
	if no != len(b.boards)+1 {
		return fmt.Errorf("table: deal %d out of order (want %d)", no, len(b.boards)+1)
	}
	if !b.dealDone() {
		return fmt.Errorf("table: deal %d started before deal %d ended", no, no-1)
	}
	var d bridgeDeal
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("table: deal %d: %w", no, err)
	}
	if err := d.Deal.Validate(); err != nil {
		return fmt.Errorf("table: deal %d: %w", no, err)
	}
	b.boards = append(b.boards, bridge.NewGame(d.Board, d.Dealer, d.Vul, d.Deal))
	b.raws = append(b.raws, d)
	return nil
}

func (b *bridgeMatch) scoreDeal() (json.RawMessage, error) {
	g := b.board()
	if g == nil || !g.Done() {
		return nil, errors.New("table: scoring a deal that is not over")
	}
	r := g.Result()
	line := BoardLine{Board: g.Board(), Contract: r.Contract, Tricks: r.Tricks, ScoreNS: r.ScoreNS,
		Points: map[card.Side]int{card.NS: 0, card.EW: 0}}
	if !r.Contract.IsPass() {
		line.Declarer = r.Declarer.String()
	}
	dr := scoring.DealResult{Contract: r.Contract, Declarer: r.Declarer.Side(), Tricks: r.Tricks}
	if r.Contract.IsPass() {
		dr = scoring.DealResult{Contract: bridge.PassedOut}
	}
	var pts [2]int
	switch {
	case b.rubber != nil:
		if !r.Contract.IsPass() {
			dr.Honours = scoring.DetectHonours(g.Deal(), r.Contract.Strain)
		}
		es, err := b.rubber.Apply(dr)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			pts[e.Side&1] += e.Points
		}
	case b.chicago != nil:
		cd, err := b.chicago.Apply(dr)
		if err != nil {
			return nil, err
		}
		pts = cd.Points
	default:
		if r.ScoreNS > 0 {
			pts[card.NS] = r.ScoreNS
		} else {
			pts[card.EW] = -r.ScoreNS
		}
	}
	line.Points[card.NS], line.Points[card.EW] = pts[card.NS], pts[card.EW]
	b.totals[0] += pts[0]
	b.totals[1] += pts[1]
	b.lines = append(b.lines, line)
	return json.Marshal(line)
}

func (b *bridgeMatch) sheetValue() BridgeSheet {
	s := BridgeSheet{Scoring: b.settings.Scoring, Lines: b.lines,
		Totals: map[card.Side]int{card.NS: b.totals[0], card.EW: b.totals[1]}, Over: b.over()}
	if s.Lines == nil {
		s.Lines = []BoardLine{}
	}
	if b.settings.Scoring == "duplicate" {
		s.Boards = b.settings.Boards
	}
	if b.rubber != nil {
		s.Games = map[card.Side]int{card.NS: b.rubber.Games(card.NS), card.EW: b.rubber.Games(card.EW)}
	}
	return s
}

func (b *bridgeMatch) sheet() any { return b.sheetValue() }

func (b *bridgeMatch) result() json.RawMessage {
	raw, _ := json.Marshal(b.sheetValue())
	return raw
}

func (b *bridgeMatch) controller(seat card.Seat) card.Seat {
	if g := b.board(); g != nil {
		return g.Controller(seat)
	}
	return seat
}

func (b *bridgeMatch) view(seat card.Seat) any {
	if g := b.board(); g != nil {
		return g.SeatView(seat)
	}
	return nil
}

// spectator is what somebody not seated sees: North's view without North's
// hand (unless it is the exposed dummy or the deal is over) and without
// anything to do.
func (b *bridgeMatch) spectator() any {
	g := b.board()
	if g == nil {
		return nil
	}
	v := g.SeatView(card.North)
	dummy, hasDummy := g.Dummy()
	if !g.Done() && !(hasDummy && dummy == card.North && g.DummyExposed()) {
		delete(v.Hands, card.North)
	}
	v.Seat, v.Legal, v.LegalFor, v.Claim = nil, []string{}, nil, nil
	return v
}

func (b *bridgeMatch) undo() error {
	g := b.board()
	if g == nil {
		return bridge.ErrNothingToUndo
	}
	return g.Undo()
}

// records returns the boards as PBN/LIN records.
func (b *bridgeMatch) records() []*bridge.Record {
	var out []*bridge.Record
	for _, g := range b.boards {
		r := bridge.RecordOf(g)
		r.SetTag("Event", "Atout")
		r.SetTag("Scoring", map[string]string{"duplicate": "MP", "rubber": "Rubber", "chicago": "Chicago"}[b.settings.Scoring])
		out = append(out, r)
	}
	return out
}

func (b *bridgeMatch) export(format string) ([]byte, string, error) {
	var buf bytes.Buffer
	switch format {
	case "pbn", "":
		if err := pbn.WriteGames(&buf, b.records()); err != nil {
			return nil, "", err
		}
		return buf.Bytes(), "application/x-pbn; charset=utf-8", nil
	case "lin":
		if err := lin.WriteBoards(&buf, b.records()); err != nil {
			return nil, "", err
		}
		return buf.Bytes(), "text/plain; charset=utf-8", nil
	}
	return nil, "", ErrFormat
}

// ---- belote ----

// beloteDeal is the stored form of a belote deal.
type beloteDeal struct {
	Dealer card.Seat   `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

type beloteMatch struct {
	rules belote.Rules
	g     *belote.Game

	// fixed, when set, are the deals of a belote duplicate: each one is
	// played as a game of its own (g), the earlier ones kept in past, and
	// the table's sheet (lines, totals) adds up their scores.
	fixed  []BeloteDeal
	past   []*belote.Game
	lines  []belote.DealScore
	totals [2]int
}

func (b *beloteMatch) cur() game.Game {
	if b.g == nil {
		return nil
	}
	return b.g
}

func (b *beloteMatch) tryMove(m game.Move) (game.Game, error) {
	if b.g == nil {
		return nil, fmt.Errorf("table: no deal in progress: %w", game.ErrIllegal)
	}
	c := b.g.Clone()
	if err := c.Apply(m); err != nil {
		return nil, err
	}
	return c, nil
}

func (b *beloteMatch) setCur(g game.Game) { b.g = g.(*belote.Game) }
func (b *beloteMatch) clone() game.Game   { return b.g.Clone() }

func (b *beloteMatch) dealNo() int {
	if b.g == nil {
		return 0
	}
	if b.fixed != nil {
		return len(b.past) + 1
	}
	return b.g.DealNumber()
}

func (b *beloteMatch) moves() []game.Move {
	if b.g == nil || b.g.Deal() == nil {
		return nil
	}
	return b.g.Deal().Moves()
}

func (b *beloteMatch) dealDone() bool { return b.g == nil || b.g.Deal() == nil || b.g.Deal().Done() }
func (b *beloteMatch) over() bool {
	if b.fixed != nil {
		return b.dealNo() >= len(b.fixed) && b.dealDone()
	}
	return b.g != nil && b.g.Over()
}

func (b *beloteMatch) newDeal(rnd *card.Rand) (json.RawMessage, error) {
	if b.fixed != nil {
		n := b.dealNo() + 1
		if n > len(b.fixed) {
			return nil, fmt.Errorf("table: deal %d: only %d deals in the list", n, len(b.fixed))
		}
		f := b.fixed[n-1]
		return json.Marshal(beloteDeal{Dealer: f.Dealer, Deck: f.Deck})
	}
	dealer := card.Seat(rnd.IntN(4))
	if b.g != nil {
		if d := b.g.Deal(); d != nil {
			dealer = belote.Next(d.Dealer())
		}
	}
	deck := belote.ShuffledDeck(rnd)
	return json.Marshal(beloteDeal{Dealer: dealer, Deck: deck[:]})
}

func (b *beloteMatch) startDeal(no int, raw json.RawMessage) error {
	if no != b.dealNo()+1 {
		return fmt.Errorf("table: deal %d out of order (want %d)", no, b.dealNo()+1)
	}
	var d beloteDeal
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("table: deal %d: %w", no, err)
	}
	if b.fixed != nil {
		return b.startFixed(no, d)
	}
	if b.g == nil {
		g, err := belote.NewGame(b.rules, d.Dealer, nil)
		if err != nil {
			return err
		}
		b.g = g
	} else if want := belote.Next(b.g.Deal().Dealer()); d.Dealer != want {
		return fmt.Errorf("table: deal %d: dealer %v, want %v", no, d.Dealer, want)
	}
	if !b.g.Waiting() {
		return fmt.Errorf("table: deal %d started before deal %d ended", no, no-1)
	}
	return b.g.AddDeck(d.Deck)
}

// startFixed starts fixed deal no as a game of its own, after checking
// that the stored deal is the one of the list.
func (b *beloteMatch) startFixed(no int, d beloteDeal) error {
	if no > len(b.fixed) {
		return fmt.Errorf("table: deal %d: only %d deals in the list", no, len(b.fixed))
	}
	if f := b.fixed[no-1]; f.Dealer != d.Dealer || !slices.Equal(f.Deck, d.Deck) {
		return fmt.Errorf("table: deal %d: the stored deal is not deal %d of the list", no, no)
	}
	if b.g != nil && !b.dealDone() {
		return fmt.Errorf("table: deal %d started before deal %d ended", no, no-1)
	}
	g, err := belote.NewGame(b.rules, d.Dealer, nil)
	if err != nil {
		return err
	}
	if err := g.AddDeck(d.Deck); err != nil {
		return fmt.Errorf("table: deal %d: %w", no, err)
	}
	if b.g != nil {
		b.past = append(b.past, b.g)
	}
	b.g = g
	return nil
}

func (b *beloteMatch) scoreDeal() (json.RawMessage, error) {
	// The engine scores each deal as it ends: report its sheet line.
	sh := b.g.Sheet()
	if b.fixed != nil {
		if len(sh) != 1 {
			return nil, errors.New("table: scoring a deal that is not over")
		}
		line := sh[0]
		line.Deal = b.dealNo()
		if !line.Passed {
			b.totals[0] += line.Result.Score[0]
			b.totals[1] += line.Result.Score[1]
		}
		line.Total = b.totals
		b.lines = append(b.lines, line)
		return json.Marshal(line)
	}
	if len(sh) == 0 || sh[len(sh)-1].Deal != b.g.DealNumber() {
		return nil, errors.New("table: scoring a deal that is not over")
	}
	return json.Marshal(sh[len(sh)-1])
}

// fixedRecord returns the record of the current fixed deal.
func (b *beloteMatch) fixedRecord() (belote.Record, bool) {
	if b.fixed == nil || b.g == nil {
		return belote.Record{}, false
	}
	recs := b.g.Records()
	if len(recs) != 1 {
		return belote.Record{}, false
	}
	return recs[0], true
}

// BeloteSheet is the protocol's belote score sheet (docs/protocol.md).
type BeloteSheet = protocol.BeloteSheet

func (b *beloteMatch) sheetValue() BeloteSheet {
	s := BeloteSheet{Target: b.rules.GameTarget(), Lines: []belote.DealScore{}}
	if b.fixed != nil {
		s.Target, s.Deals = 0, len(b.fixed)
		s.Lines = append(s.Lines, b.lines...)
		s.Totals = b.totals
		s.Over = b.over()
		return s
	}
	if b.g != nil {
		s.Lines = append(s.Lines, b.g.Sheet()...)
		s.Totals = b.g.Totals()
		if w, ok := b.g.Winner(); ok {
			s.Over, s.Winner = true, &w
		}
	}
	return s
}

func (b *beloteMatch) sheet() any { return b.sheetValue() }

func (b *beloteMatch) result() json.RawMessage {
	raw, _ := json.Marshal(b.sheetValue())
	return raw
}

func (b *beloteMatch) controller(seat card.Seat) card.Seat { return seat }

func (b *beloteMatch) view(seat card.Seat) any {
	if b.g == nil {
		return nil
	}
	return b.fixView(b.g.SeatView(seat))
}

// fixView puts the match's deal number, sheet and totals into the view of
// a fixed deal (whose game knows only that deal).
func (b *beloteMatch) fixView(v belote.GameView) belote.GameView {
	if b.fixed == nil {
		return v
	}
	v.DealNumber = b.dealNo()
	v.Sheet = append([]belote.DealScore{}, b.lines...)
	v.Totals = b.totals
	// A fixed series has no target and no winner of its own (the deals
	// are compared with the field's): it is over after its last deal.
	v.Target, v.Reserve, v.Winner = 0, 0, nil
	v.Over = b.over()
	return v
}

// spectator is North's view without North's cards and choices while the
// deal is in progress.
func (b *beloteMatch) spectator() any {
	if b.g == nil {
		return nil
	}
	v := b.fixView(b.g.SeatView(card.North))
	if v.Deal != nil && v.Deal.Phase != belote.PhaseDone {
		v.Deal.Hand = []card.Card{}
		v.Deal.Legal = []string{}
	}
	return v
}

func (b *beloteMatch) undo() error {
	if b.g == nil || len(b.moves()) == 0 {
		return errors.New("table: nothing to undo in this deal")
	}
	if !b.g.Undo() {
		return errors.New("table: nothing to undo")
	}
	return nil
}

func (b *beloteMatch) export(format string) ([]byte, string, error) {
	if format != "json" && format != "" {
		return nil, "", ErrFormat
	}
	if b.g == nil {
		return nil, "", errors.New("table: no deal yet")
	}
	var recs []belote.Record
	for _, g := range b.past {
		recs = append(recs, g.Records()...)
	}
	out, err := belote.MarshalRecords(append(recs, b.g.Records()...))
	return out, "application/json", err
}
