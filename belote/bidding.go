package belote

import (
	"strconv"

	"atout/card"
)

// Contract is the outcome of the bidding.
type Contract struct {
	Taker   card.Seat // the player who took (classic, no-trump) or made the final bid (coinche)
	Trump   card.Suit // the trump suit; NoSuit in no-trump and sans-atout, AllTrump in tout-atout
	Value   int       // coinche: 80..160, or CapotBid; 0 in classic and no-trump
	Coinche int       // 1, 2 (coinched) or 4 (surcoinched)
}

// Takers returns the taker's side.
func (c Contract) Takers() card.Side { return c.Taker.Side() }

// Capot reports whether the contract is a capot bid.
func (c Contract) Capot() bool { return c.Value == CapotBid }

// String writes the contract as the replay output does: the trump suit in
// classic ("H"), "NT" in no-trump, the final bid in coinche ("100H",
// "capotS", "90NT" sans-atout, "120AT" tout-atout).
func (c Contract) String() string {
	switch {
	case c.Value == CapotBid:
		return "capot" + StrainString(c.Trump)
	case c.Value > 0:
		return strconv.Itoa(c.Value) + StrainString(c.Trump)
	case c.Trump == NoSuit:
		return "NT"
	}
	return c.Trump.String()
}

// auction is the bidding state (belote-rules §4).
type auction struct {
	round    uint8 // classic: 1 or 2
	passes   uint8 // consecutive passes
	hasHigh  bool  // coinche: a bid stands
	value    uint8 // coinche: the highest bid's value
	suit     card.Suit
	bidder   card.Seat
	mult     uint8 // 1, 2 (coinched), 4 (surcoinched)
	coincher card.Seat
	window   uint8 // Maison, after a coinche: 0 the bidder is asked, 1 his partner
}

// Auction describes the bidding so far, for views and bots.
type Auction struct {
	Round    int       // classic: 1 or 2; 1 in the other modes
	HighBid  Action    // coinche: the standing bid (zero Action if none)
	Bidder   card.Seat // coinche: who made HighBid
	Coinche  int       // 1, 2 (coinched) or 4 (surcoinched)
	Coincher card.Seat // who coinched, when Coinche > 1
	Passes   int       // consecutive passes
}

// Auction returns the state of the bidding (final once the bidding is over).
func (d *Deal) Auction() Auction {
	a := Auction{Round: int(d.auc.round), Coinche: int(d.auc.mult), Coincher: d.auc.coincher, Passes: int(d.auc.passes)}
	if d.auc.hasHigh {
		a.HighBid = Bid(int(d.auc.value), d.auc.suit)
		a.Bidder = d.auc.bidder
	}
	return a
}

// Calls returns the calls made in the bidding, in order.
func (d *Deal) Calls() []SeatAction { return d.steps[:d.nCalls:d.nCalls] }

// outOfTurnCoinche reports whether, under Maison coinche, a standing
// uncoinched bid may be coinched out of turn now.
func (d *Deal) outOfTurnCoinche() bool {
	return d.rules.Mode == Coinche && d.rules.Setting == Maison && d.phase == PhaseBidding &&
		d.auc.hasHigh && d.auc.mult == 1
}

func (d *Deal) canCoincheOutOfTurn(s card.Seat) bool {
	return d.outOfTurnCoinche() && s.Side() != d.auc.bidder.Side()
}

var bidSuits = card.Suits // S H D C

// saTaStrains are the strains a coinche bid may name with Rules.SaTa, in
// the order the calls are listed: the suits, then sans-atout and
// tout-atout (docs/belote-coinche-sa-ta.md §2).
var saTaStrains = []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs, NoSuit, AllTrump}

// strains returns the strains a coinche bid may name under the rules.
func (d *Deal) strains() []card.Suit {
	if d.rules.SaTa {
		return saTaStrains
	}
	return bidSuits[:]
}

// legalCalls lists the calls seat may make now.
func (d *Deal) legalCalls(seat card.Seat) []Action {
	if seat != d.turn {
		if d.canCoincheOutOfTurn(seat) {
			return []Action{CallCoinche}
		}
		return nil
	}
	switch d.rules.Mode {
	case NoTrump:
		return []Action{CallPass, CallTake}
	case Classic:
		if d.auc.round == 1 {
			return []Action{CallPass, CallTake}
		}
		out := []Action{CallPass}
		for _, s := range bidSuits {
			if s != d.turned.Suit() {
				out = append(out, NameSuit(s))
			}
		}
		return out
	}
	// coinche
	a := &d.auc
	out := []Action{CallPass}
	if a.mult == 1 {
		for v := 80; v <= 160; v += 10 {
			if !a.hasHigh || v > int(a.value) {
				for _, s := range d.strains() {
					out = append(out, Bid(v, s))
				}
			}
		}
		if !a.hasHigh || a.value < CapotBid {
			for _, s := range d.strains() {
				out = append(out, Bid(CapotBid, s))
			}
		}
		if a.hasHigh && a.bidder.Side() != seat.Side() {
			out = append(out, CallCoinche)
		}
	} else if a.mult == 2 && seat.Side() == a.bidder.Side() {
		out = append(out, CallSurcoinche)
	}
	return out
}

// call applies a call; nothing changes unless it is legal.
func (d *Deal) call(seat card.Seat, a Action) error {
	name := a.String()
	if a.Kind == ActCard {
		return illegal(seat, name, 0, "the bidding is not over")
	}
	if !a.IsCall() {
		return illegal(seat, name, 0, "not a call")
	}
	if seat != d.turn {
		if a.Kind == ActCoinche && d.canCoincheOutOfTurn(seat) {
			d.coinche(seat, a)
			return nil
		}
		reason := "it is " + d.turn.String() + "'s turn"
		if a.Kind == ActCoinche && d.rules.Mode == Coinche {
			switch {
			case !d.auc.hasHigh:
				reason = "there is no bid to coinche"
			case d.auc.bidder.Side() == seat.Side():
				reason = "cannot coinche his own side's bid"
			case d.auc.mult > 1:
				reason = "the bid is already coinched"
			case d.rules.Setting == Official:
				reason = "coinche out of turn is not allowed under Official rules; it is " + d.turn.String() + "'s turn"
			}
		}
		return illegal(seat, name, 0, "%s", reason)
	}
	switch d.rules.Mode {
	case Classic:
		return d.callClassic(seat, a)
	case NoTrump:
		return d.callNoTrump(seat, a)
	}
	return d.callCoinche(seat, a)
}

func (d *Deal) callClassic(seat card.Seat, a Action) error {
	ts := d.turned.Suit()
	switch {
	case a.Kind == ActPass:
		d.record(seat, a)
		d.auc.passes++
		if d.auc.passes == 4 {
			if d.auc.round == 2 {
				d.endPassed()
				return nil
			}
			d.auc.round, d.auc.passes = 2, 0
		}
		d.turn = Next(seat)
		return nil
	case a.Kind == ActTake && d.auc.round == 1:
		d.record(seat, a)
		d.completeClassic(seat)
		d.startPlay(Contract{Taker: seat, Trump: ts, Coinche: 1})
		return nil
	case a.Kind == ActTake:
		return illegal(seat, a.String(), 0, "round two: name a suit other than %v, or pass", ts)
	case a.Kind == ActSuit && d.auc.round == 2:
		if a.Suit == ts {
			return illegal(seat, a.String(), 0, "the turned suit %v cannot be named in round two", ts)
		}
		d.record(seat, a)
		d.completeClassic(seat)
		d.startPlay(Contract{Taker: seat, Trump: a.Suit, Coinche: 1})
		return nil
	case a.Kind == ActSuit:
		return illegal(seat, a.String(), 0, "round one: take the turned suit %v or pass", ts)
	}
	return illegal(seat, a.String(), 0, "classic bidding: only pass, take (round one) or a suit (round two)")
}

func (d *Deal) callNoTrump(seat card.Seat, a Action) error {
	switch a.Kind {
	case ActPass:
		d.record(seat, a)
		d.auc.passes++
		if d.auc.passes == 4 {
			d.endPassed()
			return nil
		}
		d.turn = Next(seat)
		return nil
	case ActTake:
		d.record(seat, a)
		d.startPlay(Contract{Taker: seat, Trump: NoSuit, Coinche: 1})
		return nil
	}
	return illegal(seat, a.String(), 0, "no-trump bidding: only pass or take")
}

func (d *Deal) callCoinche(seat card.Seat, a Action) error {
	au := &d.auc
	name := a.String()
	switch a.Kind {
	case ActPass:
		d.record(seat, a)
		if au.mult > 1 && d.rules.Setting == Maison {
			// The surcoinche window: the bidder, then his partner.
			if au.window == 0 {
				au.window = 1
				d.turn = au.bidder.Partner()
				return nil
			}
			d.endAuction()
			return nil
		}
		au.passes++
		switch {
		case !au.hasHigh && au.passes == 4:
			d.endPassed()
		case au.hasHigh && au.passes == 3:
			d.endAuction()
		default:
			d.turn = Next(seat)
		}
		return nil
	case ActBid:
		switch {
		case au.mult > 1:
			return illegal(seat, name, 0, "no bid after a coinche")
		case a.Value != CapotBid && (a.Value < 80 || a.Value > 160 || a.Value%10 != 0):
			return illegal(seat, name, 0, "a bid is 80 to 160 in tens, or capot")
		case (a.Suit == NoSuit || a.Suit == AllTrump) && !d.rules.SaTa:
			return illegal(seat, name, 0, "sans-atout and tout-atout bids are off at this table; a bid names a suit")
		case a.Suit > card.Spades && a.Suit != NoSuit && a.Suit != AllTrump:
			return illegal(seat, name, 0, "a bid names a suit")
		case au.hasHigh && au.value == CapotBid:
			return illegal(seat, name, 0, "no bid after a capot bid")
		case au.hasHigh && a.Value <= au.value:
			return illegal(seat, name, 0, "must bid more than %v", Bid(int(au.value), au.suit))
		}
		d.record(seat, a)
		au.hasHigh, au.value, au.suit, au.bidder = true, a.Value, a.Suit, seat
		au.passes = 0
		d.turn = Next(seat)
		return nil
	case ActCoinche:
		switch {
		case !au.hasHigh:
			return illegal(seat, name, 0, "there is no bid to coinche")
		case au.bidder.Side() == seat.Side():
			return illegal(seat, name, 0, "cannot coinche his own side's bid")
		case au.mult > 1:
			return illegal(seat, name, 0, "the bid is already coinched")
		}
		d.coinche(seat, a)
		return nil
	case ActSurcoinche:
		switch {
		case au.mult == 1:
			return illegal(seat, name, 0, "the bid is not coinched")
		case au.mult == 4:
			return illegal(seat, name, 0, "the bid is already surcoinched")
		case au.bidder.Side() != seat.Side():
			return illegal(seat, name, 0, "only the bidder's side may surcoinche")
		}
		d.record(seat, a)
		au.mult = 4
		d.endAuction()
		return nil
	}
	return illegal(seat, name, 0, "coinche bidding: only pass, a bid such as 80H or capotH, coinche or surcoinche")
}

// coinche applies a legal coinche by seat (on turn or, under Maison, out of
// turn).
func (d *Deal) coinche(seat card.Seat, a Action) {
	d.record(seat, a)
	au := &d.auc
	au.mult, au.coincher, au.passes = 2, seat, 0
	if d.rules.Setting == Maison {
		au.window = 0
		d.turn = au.bidder
		return
	}
	d.turn = Next(seat)
}

func (d *Deal) endAuction() {
	au := &d.auc
	d.startPlay(Contract{Taker: au.bidder, Trump: au.suit, Value: int(au.value), Coinche: int(au.mult)})
}

func (d *Deal) endPassed() {
	d.nCalls = len(d.steps)
	d.passed = true
	d.phase = PhaseDone
}

// startPlay ends the bidding with contract c.
func (d *Deal) startPlay(c Contract) {
	d.nCalls = len(d.steps)
	d.con = c
	d.start = d.hands
	d.phase = PhasePlay
	d.leader = Next(d.dealer)
	d.turn = d.leader
	if IsSuit(c.Trump) { // no belote in no-trump, sans-atout or tout-atout
		k, q := card.New(c.Trump, card.King), card.New(c.Trump, card.Queen)
		for s := range card.Seat(4) {
			if d.start[s].Has(k) && d.start[s].Has(q) {
				d.beloteSeat = int8(s)
			}
		}
	}
}
