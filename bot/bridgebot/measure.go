package bridgebot

import (
	"context"
	"fmt"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// ChooseContract picks a contract for a deal from its double-dummy table,
// for measuring card play when there is no auction: the side with more
// high-card points declares (North-South on a tie); in each strain the
// partner who takes more tricks declares (the first in the order N E S W on
// a tie); of all the contracts that make double dummy the one that scores
// most, the higher level on equal scores (so the contract is as tight as
// the score allows). When nothing makes, one of the strain with the most
// tricks (down).
func ChooseContract(d bridge.Deal, t *dd.Table, vul bridge.Vul) (bridge.Contract, card.Seat) {
	side := card.NS
	if HCP(d[card.East])+HCP(d[card.West]) > HCP(d[card.North])+HCP(d[card.South]) {
		side = card.EW
	}
	a, b := card.North, card.South
	if side == card.EW {
		a, b = card.East, card.West
	}
	var best bridge.Contract
	var bestDecl card.Seat
	bestScore, bestTricks := -1<<30, -1
	var downStrain bridge.Strain
	var downDecl card.Seat
	for _, st := range bridge.Strains {
		decl := a
		if t.Tricks(b, st) > t.Tricks(a, st) {
			decl = b
		}
		n := t.Tricks(decl, st)
		if n > bestTricks {
			bestTricks, downStrain, downDecl = n, st, decl
		}
		for level := 1; level <= n-6; level++ {
			c := bridge.Contract{Level: uint8(level), Strain: st}
			sc := bridge.Score(c, n, vul.Has(side))
			if sc > bestScore || sc == bestScore && level >= int(best.Level) {
				best, bestDecl, bestScore = c, decl, sc
			}
		}
	}
	if best.Level == 0 {
		return bridge.Contract{Level: 1, Strain: downStrain}, downDecl
	}
	return best, bestDecl
}

// Setup is a deal ready for its play: the deal, the auction that reaches
// the contract and the contract.
type Setup struct {
	Board    int
	Deal     bridge.Deal
	Dealer   card.Seat
	Vul      bridge.Vul
	Calls    []bridge.Call
	Contract bridge.Contract
	Declarer card.Seat
	// Bid is set when the bidding bot made the auction; otherwise the
	// contract came from [ChooseContract] and the auction is made up
	// (declarer deals and bids it, all pass): the bots then ignore it.
	Bid bool
}

// Game returns the deal after the auction, at the opening lead.
func (s *Setup) Game() (*bridge.Game, error) {
	g := bridge.NewGame(s.Board, s.Dealer, s.Vul, s.Deal)
	for _, c := range s.Calls {
		seat, _ := g.Turn()
		if err := g.Call(seat, c); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// BidSetup has the SAYC bidder bid the deal for all four seats (dealer and
// vulnerability from the board number). ok is false when it is passed out.
func BidSetup(board int, d bridge.Deal) (s Setup, ok bool) {
	s = Setup{Board: board, Deal: d, Dealer: bridge.BoardDealer(board), Vul: bridge.BoardVul(board), Bid: true}
	g := bridge.NewGame(board, s.Dealer, s.Vul, d)
	b := defaultBidder()
	for g.Phase() == bridge.PhaseAuction {
		seat, _ := g.Turn()
		a := g.Auction()
		call, _ := b.Choose(d[seat], s.Vul, s.Dealer, a.Calls())
		if a.Check(call) != nil || a.Len() >= 60 {
			call = bridge.PassCall
		}
		if err := g.Call(seat, call); err != nil {
			panic("bridgebot: " + err.Error()) // checked just above
		}
	}
	a := g.Auction()
	s.Calls = a.Calls()
	if a.PassedOut() {
		return s, false
	}
	s.Contract = a.Contract()
	s.Declarer, _ = a.Declarer()
	return s, true
}

// TableSetup gives the deal the contract [ChooseContract] picks from its
// double-dummy table (vulnerability from the board number).
func TableSetup(board int, d bridge.Deal, sv *dd.Solver) (Setup, error) {
	t, err := sv.Table(d)
	if err != nil {
		return Setup{}, err
	}
	vul := bridge.BoardVul(board)
	c, decl := ChooseContract(d, &t, vul)
	bid := bridge.NewBid(int(c.Level), c.Strain)
	return Setup{Board: board, Deal: d, Dealer: decl, Vul: vul, Contract: c, Declarer: decl,
		Calls: []bridge.Call{bid, bridge.PassCall, bridge.PassCall, bridge.PassCall}}, nil
}

// DDCard returns the double-dummy best card of the seat to act in g, seeing
// all four hands (the lowest of equally good cards, clubs first among equal
// ranks), with the value of every legal card.
func DDCard(sv *dd.Solver, g *bridge.Game) (card.Card, []dd.CardValue, error) {
	p := dd.PositionOf(g)
	vals, err := sv.CardValues(p)
	if err != nil {
		return 0, nil, err
	}
	best := vals[0]
	for _, v := range vals[1:] {
		if v.Tricks == best.Tricks && (v.Card.Rank() < best.Card.Rank() || v.Card.Rank() == best.Card.Rank() && v.Card.Suit() < best.Card.Suit()) {
			best = v
		}
	}
	return best.Card, vals, nil
}

// Measure selects the measurements of [PlayDeal].
type Measure struct {
	Leads    bool // the bot's opening lead (and a random one) against the best lead
	Declarer bool // the bot declares against double-dummy defenders
	Defence  bool // the bot defends against a double-dummy declarer
}

// LeadResult compares an opening lead with the double-dummy best.
type LeadResult struct {
	Card       card.Card
	Lost       int // tricks the lead gives up double dummy (0: a best lead)
	Random     card.Card
	RandomLost int
}

// PlayResult is the outcome of a deal played by the bot on one side.
type PlayResult struct {
	Tricks int // declarer's tricks
	// Lost is the tricks the bot's side lost against the double-dummy
	// result: the result less declarer's tricks when the bot declares,
	// declarer's tricks less the result when it defends.
	Lost int
}

// Decision is one of the bot's card decisions.
type Decision struct {
	Time     time.Duration
	Samples  int
	Forced   bool
	Fallback bool
}

// DealResult is the outcome of the measurements on one deal.
type DealResult struct {
	Setup     Setup
	DDTricks  int // declarer's tricks double dummy
	Lead      *LeadResult
	Declarer  *PlayResult
	Defence   *PlayResult
	Decisions []Decision
}

// PlayDeal runs the chosen measurements on one deal: the bot plays, the
// other side is played double dummy by sv (which sees every hand), and r
// draws the random lead of the control.
func PlayDeal(ctx context.Context, b *Bot, sv *dd.Solver, s Setup, m Measure, r *card.Rand) (DealResult, error) {
	res := DealResult{Setup: s}
	g0, err := s.Game()
	if err != nil {
		return res, err
	}
	_, vals, err := DDCard(sv, g0)
	if err != nil {
		return res, err
	}
	value := map[card.Card]int{}
	for _, v := range vals {
		value[v.Card] = v.Tricks
	}
	res.DDTricks = 13 - vals[0].Tricks
	act := func(g *bridge.Game) (card.Card, error) {
		seat, _ := g.Turn()
		start := time.Now()
		a, err := b.Analyse(ctx, g, seat)
		if err != nil {
			return 0, err
		}
		res.Decisions = append(res.Decisions, Decision{Time: time.Since(start), Samples: a.Samples, Forced: a.Forced, Fallback: a.Fallback})
		return a.Best, nil
	}
	var lead card.Card
	if m.Leads || m.Defence {
		if lead, err = act(g0); err != nil {
			return res, err
		}
	}
	if m.Leads {
		leader, _ := g0.Turn()
		cs := g0.Hand(leader).Cards()
		rc := cs[r.IntN(len(cs))]
		res.Lead = &LeadResult{Card: lead, Lost: vals[0].Tricks - value[lead], Random: rc, RandomLost: vals[0].Tricks - value[rc]}
	}
	play := func(botDeclares bool) (*PlayResult, error) {
		g := g0.Clone()
		if !botDeclares {
			seat, _ := g.Turn()
			if err := g.Play(seat, lead); err != nil {
				return nil, err
			}
		}
		for g.Phase() == bridge.PhasePlay {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			seat, _ := g.Turn()
			isDecl := g.Controller(seat) == s.Declarer
			var c card.Card
			if isDecl == botDeclares {
				c, err = act(g)
			} else {
				c, _, err = DDCard(sv, g)
			}
			if err != nil {
				return nil, err
			}
			if err := g.Play(seat, c); err != nil {
				return nil, fmt.Errorf("bridgebot: deal %s: %w", s.Deal, err)
			}
		}
		t := g.Result().Tricks
		if botDeclares {
			return &PlayResult{Tricks: t, Lost: res.DDTricks - t}, nil
		}
		return &PlayResult{Tricks: t, Lost: t - res.DDTricks}, nil
	}
	if m.Declarer {
		if res.Declarer, err = play(true); err != nil {
			return res, err
		}
	}
	if m.Defence {
		if res.Defence, err = play(false); err != nil {
			return res, err
		}
	}
	return res, nil
}
