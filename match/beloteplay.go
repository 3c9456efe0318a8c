package match

import (
	"atout/belote"
	"atout/card"
)

// BelotePlay is a finished belote deal as its analysis needs it: the hands
// when the play began, the contract and the cards played in order. The
// bidding and the announcements are fixed as they happened; only the card
// play is analysed.
type BelotePlay struct {
	Deal     int // the match's deal number
	Rules    belote.Rules
	Dealer   card.Seat
	Contract string    // as the sheet writes it: "H", "NT", "100H", "capotS"
	Taker    card.Seat // who took or made the final bid
	Trump    card.Suit // belote.NoSuit in no-trump
	// Hands are the cards each seat held when the play began.
	Hands [4]card.Hand
	// Cards are the cards played, in order, with their players.
	Cards []PlayedCard
	// Belote is the side that declared belote-rebelote (card.NS or
	// card.EW), or -1.
	Belote int
}

// PlayedCard is one card of the play and who played it.
type PlayedCard struct {
	Seat card.Seat
	Card card.Card
}

// BeloteAnalysable is a match whose finished belote deals get a review of
// the card play with all cards open.
type BeloteAnalysable interface {
	BeloteDealPlay() (BelotePlay, bool)
}

// BeloteHintable is a match that gives hints on the cards of a belote
// deal with all cards open.
type BeloteHintable interface {
	// BeloteHintDeal returns a copy of the current deal when it is us's
	// turn to play a card ([ErrNoHint] otherwise).
	BeloteHintDeal(us card.Seat) (*belote.Deal, error)
}

// BeloteDealPlay describes the finished current deal for its analysis;
// false when no deal is over or it was passed.
func (b *Belote) BeloteDealPlay() (BelotePlay, bool) {
	return BelotePlayOf(b.deal(), b.DealNo())
}

// BelotePlayOf describes finished deal d, deal no of its match, for its
// analysis; false when d is nil, not over or was passed.
func BelotePlayOf(d *belote.Deal, no int) (BelotePlay, bool) {
	if d == nil || !d.Done() || d.Passed() {
		return BelotePlay{}, false
	}
	con, ok := d.Contract()
	if !ok {
		return BelotePlay{}, false
	}
	p := BelotePlay{Deal: no, Rules: d.Rules(), Dealer: d.Dealer(), Contract: con.String(),
		Taker: con.Taker, Trump: con.Trump, Belote: d.BeloteSide()}
	for s := range card.Seat(4) {
		p.Hands[s] = d.StartHand(s)
	}
	for _, st := range d.Steps() {
		if st.Action.Kind == belote.ActCard {
			p.Cards = append(p.Cards, PlayedCard{Seat: st.Seat, Card: st.Action.Card})
		}
	}
	if len(p.Cards) != 32 {
		return BelotePlay{}, false
	}
	return p, true
}

// BeloteHintDeal returns a copy of the current deal when it is us's turn
// to play a card.
func (b *Belote) BeloteHintDeal(us card.Seat) (*belote.Deal, error) {
	d := b.deal()
	if d == nil || d.Phase() != belote.PhasePlay || d.Turn() != us {
		return nil, ErrNoHint
	}
	return d.Clone(), nil
}

var (
	_ BeloteAnalysable = (*Belote)(nil)
	_ BeloteHintable   = (*Belote)(nil)
)
