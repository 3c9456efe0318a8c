package scoring

import (
	"fmt"

	"atout/bridge"
	"atout/card"
)

// RubberOptions are the club choices of rubber bridge.
type RubberOptions struct {
	// UnfinishedPartscore is what the only partscore in the game in progress
	// is worth when a rubber is abandoned: 100 under ACBL Law 80 (used when
	// the field is 0), 50 in several UK club write-ups.
	UnfinishedPartscore int
}

// Rubber is the score sheet of one rubber of rubber bridge (ACBL Laws
// 72–81). Trick points of contracted odd tricks go below the line and count
// toward game; everything else (overtricks, insult, slam bonuses,
// undertricks, honours, the rubber bonus) goes above. The first side to reach
// 100 below the line, on one deal or by adding partscores, wins a game: a line
// is drawn and both sides' partscores stop counting toward the next game. A
// side that has won a game is vulnerable. The rubber ends when a side has won
// two games: it scores 700 if the other side has none, 500 otherwise. The
// final result is the total of all points, so the winner of the rubber may
// still lose on points.
//
// The zero Rubber is a new rubber with the ACBL options.
type Rubber struct {
	opt       RubberOptions
	entries   []Entry
	games     [2]int
	part      [2]int // below-the-line points in the game in progress
	deals     int
	over      bool
	abandoned bool
}

// NewRubber returns a new rubber with the given options.
func NewRubber(opt RubberOptions) *Rubber { return &Rubber{opt: opt} }

// Apply scores one deal and returns the entries it added to the sheet (a
// rubber bonus included when the deal ends the rubber). A passed-out deal is
// redealt: it adds nothing and does not count as a deal. Honours are scored
// for the side that held them even when the contract fails, and are never
// doubled. The deal is scored at the vulnerability the sides had when it
// started.
func (r *Rubber) Apply(d DealResult) ([]Entry, error) {
	if r.over {
		return nil, fmt.Errorf("scoring: Rubber.Apply: rubber %w", ErrFinished)
	}
	if err := d.validate("Rubber.Apply"); err != nil {
		return nil, err
	}
	if d.Contract.IsPass() {
		return nil, nil
	}
	r.deals++
	game := r.games[card.NS] + r.games[card.EW] + 1
	es := contractEntries(d, r.games[d.Declarer] > 0)
	if d.Honours.Points > 0 {
		es = append(es, Entry{Side: d.Honours.Side, Kind: HonoursBonus, Points: d.Honours.Points})
	}
	for i := range es {
		es[i].Deal, es[i].Game = r.deals, game
		if es[i].Below {
			r.part[es[i].Side] += es[i].Points
		}
	}
	if s := d.Declarer; r.part[s] >= 100 {
		r.games[s]++
		r.part = [2]int{}
		if r.games[s] == 2 {
			bonus := pick(r.games[s.Other()] == 0, 700, 500)
			es = append(es, Entry{Deal: r.deals, Game: game, Side: s, Kind: RubberBonus, Points: bonus})
			r.over = true
		}
	}
	r.entries = append(r.entries, es...)
	return es, nil
}

// Abandon ends a rubber that cannot be finished (ACBL Law 80) and returns
// the bonuses it adds: 300 to a side that has won the only game, and, when
// only one side has a partscore in the game in progress, the unfinished
// partscore bonus (100, or RubberOptions.UnfinishedPartscore) to that side.
func (r *Rubber) Abandon() ([]Entry, error) {
	if r.over {
		return nil, fmt.Errorf("scoring: Rubber.Abandon: rubber %w", ErrFinished)
	}
	r.over, r.abandoned = true, true
	game := r.games[card.NS] + r.games[card.EW] + 1
	var es []Entry
	for _, s := range [2]card.Side{card.NS, card.EW} {
		if r.games[s] == 1 && r.games[s.Other()] == 0 {
			es = append(es, Entry{Game: game, Side: s, Kind: UnfinishedGame, Points: 300})
		}
	}
	for _, s := range [2]card.Side{card.NS, card.EW} {
		if r.part[s] > 0 && r.part[s.Other()] == 0 {
			es = append(es, Entry{Game: game, Side: s, Kind: UnfinishedPartscore, Points: r.partscoreBonus()})
		}
	}
	r.entries = append(r.entries, es...)
	return es, nil
}

func (r *Rubber) partscoreBonus() int {
	if r.opt.UnfinishedPartscore > 0 {
		return r.opt.UnfinishedPartscore
	}
	return 100
}

// Vulnerable reports whether side has won a game.
func (r *Rubber) Vulnerable(side card.Side) bool { return r.games[side&1] > 0 }

// Vul returns the vulnerability of the next deal.
func (r *Rubber) Vul() bridge.Vul {
	return sideVul(r.Vulnerable(card.NS), r.Vulnerable(card.EW))
}

// Games returns the number of games side has won.
func (r *Rubber) Games(side card.Side) int { return r.games[side&1] }

// PartScore returns side's points below the line in the game in progress.
func (r *Rubber) PartScore(side card.Side) int { return r.part[side&1] }

// Deals returns the number of deals played, passed-out deals excluded.
func (r *Rubber) Deals() int { return r.deals }

// Over reports whether the rubber is finished (won or abandoned).
func (r *Rubber) Over() bool { return r.over }

// Abandoned reports whether the rubber was ended by Abandon.
func (r *Rubber) Abandoned() bool { return r.abandoned }

// Winner returns the side that won the rubber (two games); ok is false while
// the rubber is in progress or when it was abandoned.
func (r *Rubber) Winner() (side card.Side, ok bool) {
	for _, s := range [2]card.Side{card.NS, card.EW} {
		if r.games[s] == 2 {
			return s, true
		}
	}
	return 0, false
}

// Below returns side's total below the line, over all games.
func (r *Rubber) Below(side card.Side) int { return r.sum(side, true) }

// Above returns side's total above the line.
func (r *Rubber) Above(side card.Side) int { return r.sum(side, false) }

// Total returns side's total of all points.
func (r *Rubber) Total(side card.Side) int { return r.Below(side) + r.Above(side) }

// Net returns NS's total minus EW's total: the points NS win on the rubber
// (negative when EW win on points).
func (r *Rubber) Net() int { return r.Total(card.NS) - r.Total(card.EW) }

// Entries returns a copy of the score sheet, in the order written.
func (r *Rubber) Entries() []Entry { return append([]Entry(nil), r.entries...) }

func (r *Rubber) sum(side card.Side, below bool) int {
	t := 0
	for _, e := range r.entries {
		if e.Side == side && e.Below == below {
			t += e.Points
		}
	}
	return t
}
