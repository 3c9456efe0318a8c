package bridge

import (
	"atout/card"
)

// View is what one seat (or a spectator) may see of a deal, ready to be
// encoded as JSON. Hands hold the cards not yet played.
//
// A seat sees its own hand; dummy's hand once the opening lead has been
// played; every hand once the deal is over. Legal lists what the viewer may
// do now: for declarer on dummy's turn, dummy's cards (and LegalFor names
// dummy); dummy itself never has anything to do.
type View struct {
	Board    int                     `json:"board"`
	Dealer   card.Seat               `json:"dealer"`
	Vul      Vul                     `json:"vul"`
	Seat     *card.Seat              `json:"seat,omitempty"` // the viewer; absent for a spectator
	Phase    Phase                   `json:"phase"`
	Hands    map[card.Seat]card.Hand `json:"hands"`
	Deal     *Deal                   `json:"deal,omitempty"` // the four hands as dealt, once the deal is over
	Auction  []Call                  `json:"auction"`
	Contract *Contract               `json:"contract,omitempty"` // once the auction is over ("Pass" if passed out)
	Declarer *card.Seat              `json:"declarer,omitempty"`
	Dummy    *card.Seat              `json:"dummy,omitempty"`
	// Trick is the trick in progress (empty between tricks); LastTrick the
	// last complete one.
	Trick          *Trick            `json:"trick,omitempty"`
	LastTrick      *Trick            `json:"lastTrick,omitempty"`
	Tricks         map[card.Side]int `json:"tricks"`
	DeclarerTricks int               `json:"declarerTricks"`
	Turn           *card.Seat        `json:"turn,omitempty"` // whose call or card is due; absent when over
	Legal          []string          `json:"legal"`
	LegalFor       *card.Seat        `json:"legalFor,omitempty"`  // the seat Legal is for, when not the viewer (dummy)
	Claim          *ClaimBounds      `json:"claim,omitempty"`     // the totals the viewer may claim or concede
	Result         *Result           `json:"result,omitempty"`    // once the deal is over
	AllTricks      []Trick           `json:"allTricks,omitempty"` // every complete trick so far (public: the trick review)
}

// ClaimBounds is the range of declarer's total tricks a claim may state.
type ClaimBounds struct {
	Min int `json:"min"`
	Max int `json:"max"`
	// Sure is the viewer's side's total that is obvious from what the
	// viewer sees (tricks won and top cards: [Game.SureTricks]), in the
	// side's own terms: a defender's is the defenders' total.
	Sure int `json:"sure,omitempty"`
	// Scores are the duplicate scores of declarer's side for each total
	// from Min to Max (Scores[i] for Min+i): what a claim or concession
	// gives, named before it is sent.
	Scores []int `json:"scores,omitempty"`
}

// View returns what seat may see now. It implements [game.Game].
func (g *Game) View(seat card.Seat) any { return g.SeatView(seat) }

// SeatView is [Game.View] with its concrete type.
func (g *Game) SeatView(seat card.Seat) View {
	seat &= 3
	v := g.baseView()
	v.Seat = &seat
	over := g.Done()
	dummy, hasDummy := g.Dummy()
	for _, s := range card.Seats {
		if over || s == seat || (hasDummy && s == dummy && g.DummyExposed()) {
			v.Hands[s] = g.Hand(s)
		}
	}
	turn, ok := g.Turn()
	switch {
	case !ok:
	case seat == turn && !(g.Phase() == PhasePlay && hasDummy && seat == dummy):
		v.Legal = g.Legal(seat)
	case g.Phase() == PhasePlay && turn == dummy && seat == g.play.Declarer():
		v.Legal = g.Legal(dummy)
		v.LegalFor = &dummy
	}
	if lo, hi, ok := g.ClaimRange(); ok && !(hasDummy && seat == dummy) {
		v.Claim = &ClaimBounds{Min: lo, Max: hi, Sure: g.SureTricks(seat), Scores: g.claimScores(lo, hi)}
	}
	return v
}

// claimScores returns the duplicate scores of declarer's side for the
// totals lo to hi.
func (g *Game) claimScores(lo, hi int) []int {
	c := g.auction.Contract()
	vul := g.vul.Has(g.play.Declarer().Side())
	out := make([]int, 0, hi-lo+1)
	for n := lo; n <= hi; n++ {
		out = append(out, Score(c, n, vul))
	}
	return out
}

// PlayedView is what seat has seen of the deal by taking part in it:
// [Game.SeatView] without what only the end of the deal shows (the other
// hands, the deal as dealt). Every card played is still in the tricks, and
// seat's own hand and an exposed dummy are still there. A competition shows
// it at the end of a deal that it does not yet show in full.
func (g *Game) PlayedView(seat card.Seat) View {
	seat &= 3
	v := g.SeatView(seat)
	if !g.Done() {
		return v
	}
	dummy, hasDummy := g.Dummy()
	for _, s := range card.Seats {
		if s != seat && !(hasDummy && s == dummy && g.DummyExposed()) {
			delete(v.Hands, s)
		}
	}
	v.Deal = nil
	return v
}

// ViewAll returns everything about the deal, for a spectator after the end
// or for analysis: every hand, every trick, and the legal actions of the
// seat to act.
func (g *Game) ViewAll() View {
	v := g.baseView()
	for _, s := range card.Seats {
		v.Hands[s] = g.Hand(s)
	}
	d := g.deal
	v.Deal = &d
	if t, ok := g.Turn(); ok {
		v.Legal = g.Legal(t)
		v.LegalFor = &t
	}
	if lo, hi, ok := g.ClaimRange(); ok {
		v.Claim = &ClaimBounds{Min: lo, Max: hi}
	}
	return v
}

// baseView fills in what everybody sees.
func (g *Game) baseView() View {
	v := View{
		Board:   g.board,
		Dealer:  g.auction.dealer,
		Vul:     g.vul,
		Phase:   g.Phase(),
		Hands:   make(map[card.Seat]card.Hand, 4),
		Auction: g.auction.Calls(),
		Tricks:  map[card.Side]int{card.NS: 0, card.EW: 0},
		Legal:   []string{},
	}
	if t, ok := g.Turn(); ok {
		v.Turn = &t
	}
	if g.auction.Done() {
		c := g.auction.Contract()
		v.Contract = &c
		if !g.auction.PassedOut() {
			decl, dummy := g.play.Declarer(), g.play.Dummy()
			v.Declarer, v.Dummy = &decl, &dummy
			if !g.play.Done() {
				t := g.play.Current()
				v.Trick = &t
			}
			if t, ok := g.play.LastCompleted(); ok {
				v.LastTrick = &t
				v.AllTricks = g.play.CompletedTricks()
			}
			v.Tricks[card.NS] = g.play.Tricks(card.NS)
			v.Tricks[card.EW] = g.play.Tricks(card.EW)
			v.DeclarerTricks = g.play.DeclarerTricks()
		}
	}
	if g.Done() {
		d := g.deal
		v.Deal = &d
		r := g.Result()
		v.Result = &r
	}
	return v
}
