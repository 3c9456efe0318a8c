package bridge

import (
	"atout/card"
)

// MaxCalls is the length of the longest possible auction: three passes, then
// every bid from 1C to 7NT each followed by pass, pass, double, pass, pass,
// redouble, pass, pass, and the final pass.
const MaxCalls = 319

// Auction is the bidding of one deal. It is a value: copying an Auction gives
// an independent auction (it holds no pointers or slices), so cloning a game
// costs a few hundred bytes of copying and no allocation. The zero Auction is
// an empty auction with North as dealer.
//
// The legality rules are those of the Laws of Duplicate Bridge: a bid must be
// higher than the last bid; a double is allowed only of the last bid, made by
// an opponent, when no call other than passes followed it and it is not
// already doubled; a redouble only of a double of one's own side's bid by an
// opponent, with only passes since. Three passes after a bid, double or
// redouble end the auction; four passes at the start pass the deal out.
type Auction struct {
	dealer card.Seat
	n      uint16
	calls  [MaxCalls]uint8 // callCode of each call in order

	bid    uint8     // code of the last bid, 0 if none
	bidder card.Seat // who made the last bid
	dbl    uint8     // 0, 1 doubled, 2 redoubled: state of the last bid
	passes uint8     // consecutive passes at the end
	// first[side][strain] is 1 + the seat of that side that first named the
	// strain, 0 if nobody did: the declarer rule in constant time.
	first [2][5]uint8
}

// Call codes: 0 pass, 1 double, 2 redouble, 3+Rank() for a bid.
const (
	codePass     = 0
	codeDouble   = 1
	codeRedouble = 2
	codeBid      = 3
)

func callCode(c Call) uint8 {
	switch c.Kind {
	case Double:
		return codeDouble
	case Redouble:
		return codeRedouble
	case Bid:
		return codeBid + uint8(c.Rank())
	}
	return codePass
}

func codeCall(b uint8) Call {
	switch b {
	case codePass:
		return PassCall
	case codeDouble:
		return DoubleCall
	case codeRedouble:
		return RedoubleCall
	}
	r := int(b - codeBid)
	return NewBid(r/5+1, Strain(r%5))
}

// NewAuction returns an empty auction with the given dealer.
func NewAuction(dealer card.Seat) Auction { return Auction{dealer: dealer & 3} }

// Dealer returns the seat that calls first.
func (a *Auction) Dealer() card.Seat { return a.dealer }

// Len returns the number of calls made.
func (a *Auction) Len() int { return int(a.n) }

// Calls returns the calls made so far, the dealer's first.
func (a *Auction) Calls() []Call {
	out := make([]Call, a.n)
	for i := range out {
		out[i] = codeCall(a.calls[i])
	}
	return out
}

// At returns call i (0 is the dealer's first call).
func (a *Auction) At(i int) Call { return codeCall(a.calls[i]) }

// SeatAt returns the seat that made (or makes) call i.
func (a *Auction) SeatAt(i int) card.Seat { return card.Seat((int(a.dealer) + i) & 3) }

// Done reports whether the auction is over: three passes after a bid, or
// four passes at the start.
func (a *Auction) Done() bool {
	if a.bid == 0 {
		return a.passes == 4
	}
	return a.passes == 3
}

// PassedOut reports whether all four players passed at their first turn.
func (a *Auction) PassedOut() bool { return a.bid == 0 && a.passes == 4 }

// ToAct returns the seat to call next. The result means nothing once the
// auction is done.
func (a *Auction) ToAct() card.Seat { return a.SeatAt(int(a.n)) }

// Check reports whether the seat to act may make call c now: nil if it may,
// otherwise an [*IllegalError] that says why.
func (a *Auction) Check(c Call) error {
	seat := a.ToAct()
	if a.Done() {
		return afterEnd(seat, c.String(), 0, "the auction is over")
	}
	switch c.Kind {
	case Pass:
		return nil
	case Double:
		switch {
		case a.bid == 0:
			return illegal(seat, "X", 0, "there is no bid to double")
		case a.bidder.Side() == seat.Side():
			return illegal(seat, "X", 0, "the last bid, %s by %s, is your own side's", codeCall(a.bid), a.bidder)
		case a.dbl == 1:
			return illegal(seat, "X", 0, "%s is already doubled", codeCall(a.bid))
		case a.dbl == 2:
			return illegal(seat, "X", 0, "%s is redoubled", codeCall(a.bid))
		}
		return nil
	case Redouble:
		switch {
		case a.bid == 0:
			return illegal(seat, "XX", 0, "there is no bid to redouble")
		case a.dbl == 0:
			return illegal(seat, "XX", 0, "%s is not doubled", codeCall(a.bid))
		case a.dbl == 2:
			return illegal(seat, "XX", 0, "%s is already redoubled", codeCall(a.bid))
		case a.bidder.Side() != seat.Side():
			return illegal(seat, "XX", 0, "only the side that bid %s may redouble", codeCall(a.bid))
		}
		return nil
	case Bid:
		if c.Level < 1 || c.Level > 7 || c.Strain > NoTrump {
			return illegal(seat, c.String(), 0, "not a bid")
		}
		if a.bid != 0 && callCode(c) <= a.bid {
			return illegal(seat, c.String(), 0, "insufficient bid: the last bid is %s", codeCall(a.bid))
		}
		return nil
	}
	return illegal(seat, c.String(), 0, "not a call")
}

// Add makes call c for the seat to act. An illegal call returns an
// [*IllegalError] and leaves the auction unchanged.
func (a *Auction) Add(c Call) error {
	if err := a.Check(c); err != nil {
		return err
	}
	a.add(c)
	return nil
}

// add records a call already known to be legal.
func (a *Auction) add(c Call) {
	seat := a.ToAct()
	code := callCode(c)
	a.calls[a.n] = code
	a.n++
	switch c.Kind {
	case Pass:
		a.passes++
		return
	case Double:
		a.dbl = 1
	case Redouble:
		a.dbl = 2
	case Bid:
		a.bid, a.bidder, a.dbl = code, seat, 0
		if f := &a.first[seat.Side()][c.Strain]; *f == 0 {
			*f = uint8(seat) + 1
		}
	}
	a.passes = 0
}

// Legal returns the calls the seat to act may make, in the order pass,
// double, redouble, then bids from the lowest; nil once the auction is over.
func (a *Auction) Legal() []Call {
	if a.Done() {
		return nil
	}
	out := make([]Call, 0, 3+35-int(a.minBid()))
	out = append(out, PassCall)
	if a.canDouble() {
		out = append(out, DoubleCall)
	}
	if a.canRedouble() {
		out = append(out, RedoubleCall)
	}
	for r := a.minBid(); r < 35; r++ {
		out = append(out, codeCall(codeBid+r))
	}
	return out
}

// minBid returns the rank (0 = 1C) of the lowest sufficient bid.
func (a *Auction) minBid() uint8 {
	if a.bid == 0 {
		return 0
	}
	return a.bid - codeBid + 1
}

func (a *Auction) canDouble() bool {
	return a.bid != 0 && a.dbl == 0 && a.bidder.Side() != a.ToAct().Side()
}

func (a *Auction) canRedouble() bool {
	return a.bid != 0 && a.dbl == 1 && a.bidder.Side() == a.ToAct().Side()
}

// LastBid returns the last bid and who made it; ok is false when nobody has
// bid yet.
func (a *Auction) LastBid() (bid Call, by card.Seat, ok bool) {
	if a.bid == 0 {
		return Call{}, 0, false
	}
	return codeCall(a.bid), a.bidder, true
}

// Contract returns the contract the auction has reached so far: the last bid
// with its double or redouble. It is [PassedOut] when nobody has bid.
func (a *Auction) Contract() Contract {
	if a.bid == 0 {
		return PassedOut
	}
	b := codeCall(a.bid)
	return Contract{Level: b.Level, Strain: b.Strain, Doubled: a.dbl}
}

// Declarer returns the declarer of the contract reached so far: the player of
// the side that made the last bid who first named its strain. ok is false
// when nobody has bid.
func (a *Auction) Declarer() (card.Seat, bool) {
	if a.bid == 0 {
		return 0, false
	}
	st := codeCall(a.bid).Strain
	return card.Seat(a.first[a.bidder.Side()][st] - 1), true
}
