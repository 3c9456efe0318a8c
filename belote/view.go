package belote

import (
	"encoding/json"
	"fmt"

	"atout/card"
	"atout/game"
)

// SidePoints is a value per side (index [card.NS], [card.EW]), written in
// JSON as {"NS":..,"EW":..}.
type SidePoints [2]int

// MarshalJSON writes {"NS":ns,"EW":ew}.
func (p SidePoints) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"NS":%d,"EW":%d}`, p[card.NS], p[card.EW]), nil
}

// UnmarshalJSON reads {"NS":ns,"EW":ew}.
func (p *SidePoints) UnmarshalJSON(b []byte) error {
	var v struct{ NS, EW int }
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = SidePoints{v.NS, v.EW}
	return nil
}

// PlayedCard is a card with the seat that played it.
type PlayedCard struct {
	Seat card.Seat `json:"seat"`
	Card card.Card `json:"card"`
}

// TrickView is a completed trick.
type TrickView struct {
	Leader card.Seat    `json:"leader"`
	Winner card.Seat    `json:"winner"`
	Cards  []PlayedCard `json:"cards"`
	// Points are the trick's card points (with the dix de der in the
	// last trick); in the view's PlayedTricks only.
	Points int `json:"points,omitempty"`
}

// ContractView is the contract as shown to the players.
type ContractView struct {
	Taker   card.Seat `json:"taker"`
	Takers  card.Side `json:"takers"`
	Trump   string    `json:"trump"` // "S", "H", "D", "C", "NT" (no-trump, sans-atout) or "AT" (tout-atout)
	Value   int       `json:"value,omitempty"`
	Capot   bool      `json:"capot,omitempty"`
	Coinche int       `json:"coinche"`
	Text    string    `json:"text"` // as the replay writes it: "H", "NT", "100H", "capotS"
}

// AnnouncementView is one announcement shown to the players.
type AnnouncementView struct {
	Seat   card.Seat   `json:"seat"`
	Kind   string      `json:"kind"`             // "tierce", "cinquante", "cent", "carré"
	Points int         `json:"points,omitempty"` // shown once the announcements are resolved
	Cards  []card.Card `json:"cards,omitempty"`  // shown once the announcements are resolved
}

// BeloteView says who has said belote, and rebelote.
type BeloteView struct {
	Seat     card.Seat `json:"seat"`
	Rebelote bool      `json:"rebelote"`
}

// ClaimView is what a claim may state now: the takers' total of tricks
// when the defenders take the rest (Min) or when the takers take it (Max).
type ClaimView struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// ClaimedView says that a claim ended the play: by whom, and the side that
// took every trick left.
type ClaimedView struct {
	By   card.Seat `json:"by"`
	Rest card.Side `json:"rest"`
}

// ResultView is the score of a finished deal.
type ResultView struct {
	Made          bool       `json:"made"`
	Litige        bool       `json:"litige,omitempty"`
	CardPoints    SidePoints `json:"cardPoints"`
	Tricks        SidePoints `json:"tricks"`
	Announcements SidePoints `json:"announcements"`
	Belote        *card.Side `json:"belote"`
	Score         SidePoints `json:"score"`
	Reserve       int        `json:"reserve"`
}

// DealView is what one seat may see of a deal: his own hand, the public
// cards (the turned card, the trick, the last trick), the calls, the
// declared announcement kinds during trick 1 and the winning side's
// announcements afterwards, belote once said, the tricks won and, at the
// end, every hand and the score. Other hands are hidden.
type DealView struct {
	Seat          card.Seat   `json:"seat"`
	Mode          Mode        `json:"mode"`
	Rules         Setting     `json:"rules"`
	Announcements bool        `json:"announcements"`
	Dealer        card.Seat   `json:"dealer"`
	Phase         Phase       `json:"phase"`
	Turn          *card.Seat  `json:"turn"` // nil when the deal is over
	ToAct         []card.Seat `json:"toAct"`
	Legal         []string    `json:"legal"` // what Seat may do now

	Hand      []card.Card `json:"hand"`      // Seat's cards now
	HandSizes [4]int      `json:"handSizes"` // cards held by N, E, S, W
	Turned    *card.Card  `json:"turned,omitempty"`
	Calls     []game.Move `json:"calls"`
	HighBid   string      `json:"highBid,omitempty"` // coinche: the standing bid
	Bidder    *card.Seat  `json:"bidder,omitempty"`
	Coinche   int         `json:"coinche"`

	Contract    *ContractView `json:"contract,omitempty"`
	TrickNumber int           `json:"trickNumber"`
	Leader      *card.Seat    `json:"leader,omitempty"`
	Trick       []PlayedCard  `json:"trick"`
	LastTrick   *TrickView    `json:"lastTrick,omitempty"`
	Tricks      SidePoints    `json:"tricks"`
	// PlayedTricks are the complete tricks so far, in order: public
	// (every card played is seen by all), for the review of the tricks.
	PlayedTricks []TrickView `json:"playedTricks,omitempty"`

	// Declared lists the announcement kinds each seat declared in trick 1
	// (no cards), until they are resolved.
	Declared []AnnouncementView `json:"declared,omitempty"`
	// AnnouncementWinner and Winning: after resolution, the side that scores
	// the announcements and its announcements in full.
	AnnouncementWinner *card.Side         `json:"announcementWinner,omitempty"`
	Winning            []AnnouncementView `json:"winningAnnouncements,omitempty"`
	Belote             *BeloteView        `json:"belote,omitempty"`
	// Declarable are the announcements Seat may declare with his first
	// card (his own, in [Detect] order: bit i of a card's "d" is the i-th),
	// until he plays it.
	Declarable []AnnouncementView `json:"declarable,omitempty"`
	// BeloteCards are Seat's cards with which he may say belote (the
	// first of the trump king and queen) or rebelote (the second).
	BeloteCards []card.Card `json:"beloteCards,omitempty"`
	Silent      bool        `json:"silent"`   // Seat's choice
	NoBelote    bool        `json:"noBelote"` // Seat's choice

	// Claim, during the play: the takers' totals of tricks a claim may
	// state (docs/belote-claims.md).
	Claim *ClaimView `json:"claim,omitempty"`
	// Claimed, once a claim ended the play: who claimed and the side that
	// took the tricks left.
	Claimed *ClaimedView `json:"claimed,omitempty"`

	// Hands are every seat's hands at the start of play, once the deal is
	// over (index by seat N, E, S, W).
	Hands  *[4][]card.Card `json:"hands,omitempty"`
	Passed bool            `json:"passed,omitempty"`
	Result *ResultView     `json:"result,omitempty"`
}

// View returns what seat may see of the deal (a [DealView]).
func (d *Deal) View(seat card.Seat) any { return d.SeatView(seat) }

// SeatView returns what seat may see of the deal.
func (d *Deal) SeatView(seat card.Seat) DealView {
	seat &= 3
	v := DealView{
		Seat: seat, Mode: d.rules.Mode, Rules: d.rules.Setting, Announcements: d.rules.Announcements,
		Dealer: d.dealer, Phase: d.phase, ToAct: d.ToAct(), Legal: d.Legal(seat),
		Hand: d.hands[seat].Cards(), Calls: make([]game.Move, 0, d.nCalls),
		Coinche: int(d.auc.mult), Trick: []PlayedCard{},
		Silent: d.Silent(seat), NoBelote: d.NoBelote(seat), Passed: d.passed,
	}
	if v.ToAct == nil {
		v.ToAct = []card.Seat{}
	}
	if d.phase != PhaseDone {
		t := d.turn
		v.Turn = &t
	}
	for s := range 4 {
		v.HandSizes[s] = d.hands[s].Len()
	}
	if d.turned != 0 {
		t := d.turned
		v.Turned = &t
	}
	n := d.nCalls
	if d.phase == PhaseBidding {
		n = len(d.steps)
	}
	for _, s := range d.steps[:n] {
		v.Calls = append(v.Calls, s.Move())
	}
	if d.auc.hasHigh {
		v.HighBid = Bid(int(d.auc.value), d.auc.suit).String()
		b := d.auc.bidder
		v.Bidder = &b
	}
	if d.passed || d.phase == PhaseBidding {
		return v
	}
	c := d.con
	cv := &ContractView{Taker: c.Taker, Takers: c.Takers(), Trump: StrainString(c.Trump), Value: c.Value, Capot: c.Capot(), Coinche: c.Coinche, Text: c.String()}
	v.Contract = cv
	v.TrickNumber = d.TrickNumber()
	v.Tricks = d.tricks
	if lo, hi, ok := d.ClaimRange(); ok {
		v.Claim = &ClaimView{Min: lo, Max: hi}
	}
	if by, rest, ok := d.Claimed(); ok {
		v.Claimed = &ClaimedView{By: by, Rest: rest}
	}
	if d.phase == PhasePlay {
		l := d.leader
		v.Leader = &l
		s := d.leader
		for _, x := range d.trick[:d.nTrick] {
			v.Trick = append(v.Trick, PlayedCard{s, x})
			s = Next(s)
		}
	}
	if cards, leader, winner, ok := d.LastTrick(); ok {
		tv := &TrickView{Leader: leader, Winner: winner}
		s := leader
		for _, x := range cards {
			tv.Cards = append(tv.Cards, PlayedCard{s, x})
			s = Next(s)
		}
		v.LastTrick = tv
		v.PlayedTricks = d.playedTricks()
	}
	if d.rules.Announcements {
		if !d.annDone {
			for s := range card.Seat(4) {
				for _, a := range d.declared[s] {
					// Only the kind is said in trick 1: a carré's points would tell its rank.
					v.Declared = append(v.Declared, AnnouncementView{Seat: s, Kind: a.Kind.String()})
				}
			}
		} else if w, ok := d.AnnouncementWinner(); ok {
			v.AnnouncementWinner = &w
			for s := range card.Seat(4) {
				if s.Side() != w {
					continue
				}
				for _, a := range d.declared[s] {
					v.Winning = append(v.Winning, AnnouncementView{Seat: s, Kind: a.Kind.String(), Points: a.Points, Cards: a.Cards.Cards()})
				}
			}
		}
	}
	for _, a := range d.Announcements(seat) {
		v.Declarable = append(v.Declarable, AnnouncementView{Seat: seat, Kind: a.Kind.String(), Points: a.Points, Cards: a.Cards.Cards()})
	}
	for _, c := range d.hands[seat].Cards() {
		if first, second := d.BeloteCard(seat, c); first || second {
			v.BeloteCards = append(v.BeloteCards, c)
		}
	}
	if bs, re, ok := d.Belote(); ok {
		v.Belote = &BeloteView{Seat: bs, Rebelote: re}
	}
	if d.phase == PhaseDone {
		var hs [4][]card.Card
		for s := range 4 {
			hs[s] = d.start[s].Cards()
		}
		v.Hands = &hs
		r := d.result
		rv := &ResultView{Made: r.Made, Litige: r.Litige, CardPoints: d.points, Tricks: d.tricks,
			Announcements: r.Announcements, Score: r.Score, Reserve: r.Reserve}
		if b := d.BeloteSide(); b >= 0 {
			side := card.Side(b)
			rv.Belote = &side
		}
		v.Result = rv
	}
	return v
}

// GameView is what one seat may see of a game: the current deal, the deal
// just finished (all cards shown), the score sheet and the game score. The
// program that keeps the game's deals writes it (package match).
type GameView struct {
	Kind       string      `json:"kind"` // "belote"
	Seat       card.Seat   `json:"seat"`
	Mode       Mode        `json:"mode"`
	Rules      Setting     `json:"rules"`
	Target     int         `json:"target"`
	DealNumber int         `json:"dealNumber"`
	Deal       *DealView   `json:"deal,omitempty"`     // the current deal (nil while waiting for a deck)
	Previous   *DealView   `json:"previous,omitempty"` // the deal before it
	Sheet      []DealScore `json:"sheet"`
	Totals     SidePoints  `json:"totals"`
	Reserve    int         `json:"reserve"`
	Over       bool        `json:"over"`
	Winner     *card.Side  `json:"winner,omitempty"`
}

// MarshalJSON writes the score-sheet line as `atout replay --json` does
// (docs/cli.md):
//
//	{"deal":1,"takers":"NS","contract":"100H","coinche":1,"made":true,
//	 "cardPoints":{"NS":112,"EW":50},"announcements":{"NS":20,"EW":0},"belote":"NS",
//	 "score":{"NS":252,"EW":50},"total":{"NS":252,"EW":50}}
//
// A passed deal is {"deal":5,"takers":null,"contract":null,"total":{...}};
// a litige has "made":false,"litige":true.
func (s DealScore) MarshalJSON() ([]byte, error) {
	b := fmt.Appendf(nil, `{"deal":%d,`, s.Deal)
	if s.Passed {
		b = append(b, `"takers":null,"contract":null,"total":`...)
		b, _ = appendSides(b, s.Total)
		return append(b, '}'), nil
	}
	b = fmt.Appendf(b, `"takers":%q,"contract":%q,"coinche":%d,"made":%t,`,
		s.Contract.Takers().String(), s.Contract.String(), s.Contract.Coinche, s.Result.Made)
	if s.Result.Litige {
		b = append(b, `"litige":true,`...)
	}
	b = append(b, `"cardPoints":`...)
	b, _ = appendSides(b, s.CardPoints)
	b = append(b, `,"announcements":`...)
	b, _ = appendSides(b, s.Result.Announcements)
	if s.Belote >= 0 {
		b = fmt.Appendf(b, `,"belote":%q`, card.Side(s.Belote).String())
	} else {
		b = append(b, `,"belote":null`...)
	}
	b = append(b, `,"score":`...)
	b, _ = appendSides(b, s.Result.Score)
	b = append(b, `,"total":`...)
	b, _ = appendSides(b, s.Total)
	return append(b, '}'), nil
}

func appendSides(b []byte, p [2]int) ([]byte, error) {
	return fmt.Appendf(b, `{"NS":%d,"EW":%d}`, p[card.NS], p[card.EW]), nil
}

// playedTricks returns the complete tricks of the deal in order, read
// from its moves: the deal keeps only the last one.
func (d *Deal) playedTricks() []TrickView {
	trump := d.con.Trump
	out := make([]TrickView, 0, d.trickNo)
	var cur [4]card.Card
	n := 0
	var leader card.Seat
	for _, s := range d.steps[d.nCalls:] {
		if s.Action.Kind != ActCard {
			continue
		}
		if n == 0 {
			leader = s.Seat
		}
		cur[n] = s.Action.Card
		n++
		if n < 4 {
			continue
		}
		tv := TrickView{Leader: leader, Winner: seatAt(leader, TrickWinner(cur[:], trump)), Cards: make([]PlayedCard, 0, 4)}
		st := leader
		for _, x := range cur {
			tv.Cards = append(tv.Cards, PlayedCard{st, x})
			tv.Points += CardPoints(x, trump, d.rules.Setting)
			st = Next(st)
		}
		if len(out) == 7 {
			tv.Points += 10 // dix de der
		}
		out = append(out, tv)
		n = 0
	}
	return out
}
