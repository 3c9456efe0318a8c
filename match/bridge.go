package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"atout/bridge"
	"atout/bridge/lin"
	"atout/bridge/pbn"
	"atout/bridge/scoring"
	"atout/card"
	"atout/game"
	"atout/protocol"
)

// BridgeOptions describe a bridge match.
type BridgeOptions struct {
	Scoring Scoring
	// Boards is the number of boards of a duplicate match.
	Boards int
	// Deals, when set, are the deals of the boards in order (PBN deal
	// strings); DealInfo (one per deal, optional) their dealers and
	// vulnerabilities and BoardNumbers (one per deal, optional) the numbers
	// they are shown and recorded under.
	Deals        []string
	DealInfo     []DealInfo
	BoardNumbers []int
}

// bridgeDeal is the stored form of a bridge deal.
type bridgeDeal struct {
	Board  int         `json:"board"`
	Dealer card.Seat   `json:"dealer"`
	Vul    bridge.Vul  `json:"vul"`
	Deal   bridge.Deal `json:"deal"`
}

// Bridge is a bridge match: boards scored by duplicate, rubber or Chicago.
type Bridge struct {
	opts    BridgeOptions
	boards  []*bridge.Game // every deal started; the last is current
	raws    []bridgeDeal
	lines   []BoardLine
	totals  [2]int
	rubber  *scoring.Rubber
	chicago *scoring.Chicago
	pad     []protocol.PadEntry // rubber and Chicago: the score pad
}

// NewBridge returns a bridge match with options o (checked by the caller).
func NewBridge(o BridgeOptions) *Bridge {
	b := &Bridge{opts: o}
	switch o.Scoring {
	case Rubber:
		b.rubber = scoring.NewRubber(scoring.RubberOptions{})
	case Chicago:
		b.chicago = scoring.NewChicago(scoring.ChicagoOptions{})
	}
	return b
}

// Board returns the current board (nil before the first).
func (b *Bridge) Board() *bridge.Game {
	if len(b.boards) == 0 {
		return nil
	}
	return b.boards[len(b.boards)-1]
}

// Game returns the current board.
func (b *Bridge) Game() game.Game {
	if g := b.Board(); g != nil {
		return g
	}
	return nil
}

// Play checks m and applies it to a copy of the current board.
func (b *Bridge) Play(m game.Move) (Step, error) {
	return play(&b.boards, m, (*bridge.Game).Clone)
}

// Clone returns a copy of the current board.
func (b *Bridge) Clone() game.Game { return b.Board().Clone() }

// DealNo returns the number of the current deal.
func (b *Bridge) DealNo() int { return len(b.boards) }

// Moves returns the moves of the current board.
func (b *Bridge) Moves() []game.Move {
	if g := b.Board(); g != nil {
		return g.Moves()
	}
	return nil
}

// DealDone reports whether the current board is over.
func (b *Bridge) DealDone() bool {
	g := b.Board()
	return g == nil || g.Done()
}

// Over reports whether the match is over: the duplicate boards played, the
// rubber won or the Chicago cycle done.
func (b *Bridge) Over() bool {
	switch {
	case b.rubber != nil:
		return b.rubber.Over()
	case b.chicago != nil:
		return b.chicago.Over()
	}
	return len(b.lines) >= b.opts.Boards
}

// NewDeal draws the next board: the next fixed deal, or a random one.
func (b *Bridge) NewDeal(rnd *card.Rand) (json.RawMessage, error) {
	n := len(b.boards) + 1
	d := bridgeDeal{Board: n}
	if nums := b.opts.BoardNumbers; n <= len(nums) {
		d.Board = nums[n-1]
	}
	if fixed := b.opts.Deals; len(fixed) > 0 {
		if n > len(fixed) {
			return nil, fmt.Errorf("match: board %d: only %d deals in the list", n, len(fixed))
		}
		deal, err := bridge.ParseDeal(fixed[n-1])
		if err != nil {
			return nil, fmt.Errorf("match: board %d: %w", n, err)
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
			return nil, errors.New("match: the Chicago cycle is over")
		}
		d.Dealer, d.Vul = dealer, vul
	case n <= len(b.opts.DealInfo):
		d.Dealer, d.Vul = b.opts.DealInfo[n-1].Dealer, b.opts.DealInfo[n-1].Vul
	default:
		d.Dealer, d.Vul = bridge.BoardDealer(d.Board), bridge.BoardVul(d.Board)
	}
	return json.Marshal(d)
}

// StartDeal starts board no from its stored form.
func (b *Bridge) StartDeal(no int, raw json.RawMessage) error {
	if no != len(b.boards)+1 {
		return fmt.Errorf("match: deal %d out of order (want %d)", no, len(b.boards)+1)
	}
	if !b.DealDone() {
		return fmt.Errorf("match: deal %d started before deal %d ended", no, no-1)
	}
	var d bridgeDeal
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("match: deal %d: %w", no, err)
	}
	if err := d.Deal.Validate(); err != nil {
		return fmt.Errorf("match: deal %d: %w", no, err)
	}
	b.boards = append(b.boards, bridge.NewGame(d.Board, d.Dealer, d.Vul, d.Deal))
	b.raws = append(b.raws, d)
	return nil
}

// StoredDeal returns the stored form of deal no (1-based) as [Bridge.NewDeal]
// wrote it: board number, dealer, vulnerability and deal.
func (b *Bridge) StoredDeal(no int) (board int, dealer card.Seat, vul bridge.Vul, deal bridge.Deal) {
	d := b.raws[no-1]
	return d.Board, d.Dealer, d.Vul, d.Deal
}

// ScoreDeal scores the finished board.
func (b *Bridge) ScoreDeal() (json.RawMessage, error) {
	g := b.Board()
	if g == nil || !g.Done() {
		return nil, errors.New("match: scoring a deal that is not over")
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
		b.addPad(es)
	case b.chicago != nil:
		cd, err := b.chicago.Apply(dr)
		if err != nil {
			return nil, err
		}
		pts = cd.Points
		b.addPad(cd.Lines)
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

// addPad writes the entries of the deal just scored on the score pad.
func (b *Bridge) addPad(es []scoring.Entry) {
	for _, e := range es {
		deal := len(b.boards)
		if e.Deal == 0 {
			deal = 0
		}
		b.pad = append(b.pad, protocol.PadEntry{Deal: deal, Game: e.Game, Side: e.Side, Kind: e.Kind.String(), Points: e.Points, Below: e.Below})
	}
}

// SheetValue returns the score sheet.
func (b *Bridge) SheetValue() BridgeSheet {
	s := BridgeSheet{Scoring: string(b.opts.Scoring), Lines: b.lines,
		Totals: map[card.Side]int{card.NS: b.totals[0], card.EW: b.totals[1]}, Over: b.Over()}
	if s.Lines == nil {
		s.Lines = []BoardLine{}
	}
	if b.opts.Scoring == Duplicate {
		s.Boards = b.opts.Boards
	}
	if b.rubber != nil {
		s.Games = map[card.Side]int{card.NS: b.rubber.Games(card.NS), card.EW: b.rubber.Games(card.EW)}
	}
	s.Pad = b.pad
	return s
}

// Sheet returns the score sheet.
func (b *Bridge) Sheet() protocol.Sheet {
	v := b.SheetValue()
	return protocol.Sheet{Bridge: &v}
}

// Result returns the score sheet as stored.
func (b *Bridge) Result() json.RawMessage {
	raw, _ := json.Marshal(b.SheetValue())
	return raw
}

// Controller returns the seat that plays seat's cards: declarer for dummy.
func (b *Bridge) Controller(seat card.Seat) card.Seat {
	if g := b.Board(); g != nil {
		return g.Controller(seat)
	}
	return seat
}

// View returns what seat sees of the current board.
func (b *Bridge) View(seat card.Seat) protocol.View {
	if g := b.Board(); g != nil {
		return protocol.BridgeView(g.SeatView(seat))
	}
	return protocol.View{}
}

// Played returns what seat has seen of the current board by playing it.
func (b *Bridge) Played(seat card.Seat) protocol.View {
	if g := b.Board(); g != nil {
		return protocol.BridgeView(g.PlayedView(seat))
	}
	return protocol.View{}
}

// Spectator is what somebody not seated sees: North's view without North's
// hand (unless it is the exposed dummy or the deal is over) and without
// anything to do.
func (b *Bridge) Spectator() protocol.View {
	g := b.Board()
	if g == nil {
		return protocol.View{}
	}
	v := g.SeatView(card.North)
	dummy, hasDummy := g.Dummy()
	if !g.Done() && !(hasDummy && dummy == card.North && g.DummyExposed()) {
		delete(v.Hands, card.North)
	}
	v.Seat, v.Legal, v.LegalFor, v.Claim = nil, []string{}, nil, nil
	return protocol.BridgeView(v)
}

// Back counts the moves to take back, on a copy of the board, until one
// chosen by us (who plays dummy's cards as declarer) is taken back.
func (b *Bridge) Back(us card.Seat) int {
	g := b.Board()
	if g == nil {
		return 0
	}
	c := g.Clone()
	for n := 1; len(c.Moves()) > 0; n++ {
		last := lastMove(c)
		if c.Undo() != nil {
			return 0
		}
		if c.Controller(last.Seat) == us {
			return n
		}
	}
	return 0
}

// Undo takes back the last n moves of the board.
func (b *Bridge) Undo(n int) error {
	g := b.Board()
	if g == nil {
		return ErrNoDeal
	}
	c := g.Clone()
	for range n {
		if err := c.Undo(); err != nil {
			return err
		}
	}
	b.boards[len(b.boards)-1] = c
	return nil
}

// PlayStart returns the length of the board's auction once it is over.
func (b *Bridge) PlayStart() int {
	g := b.Board()
	if g == nil || g.Phase() == bridge.PhaseAuction {
		return -1
	}
	auc := g.Auction()
	return auc.Len()
}

// records returns the boards as PBN/LIN records.
func (b *Bridge) records() []*bridge.Record {
	var out []*bridge.Record
	for _, g := range b.boards {
		r := bridge.RecordOf(g)
		r.SetTag("Event", "Atout")
		r.SetTag("Scoring", recordTag(b.opts.Scoring))
		out = append(out, r)
	}
	return out
}

// Export writes the boards as PBN ("pbn") or LIN ("lin").
func (b *Bridge) Export(format string) ([]byte, string, error) {
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
