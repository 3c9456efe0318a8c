package belote

import (
	"fmt"

	"atout/card"
)

// DealScore is one line of a game's score sheet: how one deal ended.
type DealScore struct {
	Deal       int        // 1-based number of the deal in the game
	Dealer     card.Seat  // who dealt
	Passed     bool       // everybody passed: no contract, no score
	Contract   Contract   // the contract (zero when Passed)
	CardPoints [2]int     // raw card points of each side's tricks, last trick included
	Tricks     [2]int     // tricks won by each side
	Belote     int        // side that declared belote-rebelote, or -1
	Result     DealResult // the score of the deal (zero when Passed)
	Total      [2]int     // the running game score after the deal
}

// GameScore is the score of a game between two deals: each side's game
// score and the litige points held over to the next deal (belote-rules
// §8.2). Its zero value is the score before the first deal.
//
// A belote game is a sequence of deals until a side reaches the target
// (belote-rules §9). The program that plays it keeps the deals (package
// match at a table, a self-play loop, the record replay of [LoadDeals]);
// the rules of the sequence are written here once, as values and pure
// functions:
//
//   - who deals next: [NextDealer], after every deal, a passed one included
//     (§3);
//   - what a deal carries in: the litige reserve of the deals before
//     ([NextDeal], §8.2);
//   - how a finished deal adds to the game score, and its line on the score
//     sheet ([GameScore.Add], [ScoreSheet]);
//   - when the game is won ([GameScore.Winner], [GameWinner]).
type GameScore struct {
	Totals  [2]int // game score of each side (index [card.NS], [card.EW])
	Reserve int    // litige points carried into the next deal
}

// Add returns the game score after finished deal d, deal no (1-based) of
// the game, and the deal's line on the score sheet. A passed deal scores
// nothing and leaves the reserve for the next deal; a played one adds its
// score (which pays out the reserve it carried in, or keeps it) and leaves
// its own reserve. d must be over ([Deal.Done]).
func (s GameScore) Add(no int, d *Deal) (GameScore, DealScore) {
	ds := DealScore{Deal: no, Dealer: d.dealer, Passed: d.passed, Belote: -1}
	if !d.passed {
		ds.Contract = d.con
		ds.CardPoints = d.points
		ds.Tricks = d.tricks
		ds.Belote = d.BeloteSide()
		ds.Result = d.result
		s.Totals[0] += d.result.Score[0]
		s.Totals[1] += d.result.Score[1]
		s.Reserve = d.result.Reserve
	}
	ds.Total = s.Totals
	return s, ds
}

// Winner applies belote-rules §9 to the game score at target (see
// [GameWinner]): over is false while the game goes on.
func (s GameScore) Winner(target int) (winner card.Side, over bool) {
	return GameWinner(s.Totals, target)
}

// NextDealer returns who deals after dealer: next(dealer), after every
// deal, one where everybody passed included (belote-rules §3).
func NextDealer(dealer card.Seat) card.Seat { return Next(dealer) }

// NextDeal starts the next deal of a game at score s under rules r: dealt
// by dealer from deck (see [NewDeal]), carrying the reserve of the deals
// before it.
func NextDeal(r Rules, dealer card.Seat, deck []card.Card, s GameScore) (*Deal, error) {
	if r.Target < 0 {
		return nil, fmt.Errorf("belote: negative target %d", r.Target)
	}
	d, err := NewDeal(r, dealer, deck)
	if err != nil {
		return nil, err
	}
	d.SetReserve(s.Reserve)
	return d, nil
}

// ScoreSheet scores the consecutive deals of one game in order, up to the
// first one not over: the lines of the score sheet and the game score
// after them.
func ScoreSheet(deals []*Deal) ([]DealScore, GameScore) {
	var s GameScore
	sheet := []DealScore{}
	for i, d := range deals {
		if !d.Done() {
			break
		}
		var line DealScore
		s, line = s.Add(i+1, d)
		sheet = append(sheet, line)
	}
	return sheet, s
}

// GameWinner applies belote-rules §9 to game scores totals (index
// [card.NS], [card.EW]): if exactly one side has reached target it wins; if
// both have, the higher score wins; on equal scores, or if neither has, the
// game goes on (over is false).
func GameWinner(totals [2]int, target int) (winner card.Side, over bool) {
	ns, ew := totals[card.NS] >= target, totals[card.EW] >= target
	switch {
	case ns && ew && totals[card.NS] > totals[card.EW]:
		return card.NS, true
	case ns && ew && totals[card.EW] > totals[card.NS]:
		return card.EW, true
	case ns && !ew:
		return card.NS, true
	case ew && !ns:
		return card.EW, true
	}
	return 0, false
}
