package match

import (
	"atout/bridge"
	"atout/card"
)

// ---- what a table asks of a bridge match only ----

// BotClaim returns declarer and his total of tricks when declarer's side,
// on lead, takes every trick left whatever it plays ([bridge.Game.AllMasters]):
// the claim of the rest a bot declarer makes.
func (b *Bridge) BotClaim() (declarer card.Seat, tricks int, ok bool) {
	g := b.Board()
	if g == nil || g.Phase() != bridge.PhasePlay {
		return 0, 0, false
	}
	decl, _ := g.Declarer()
	if !g.AllMasters(decl) {
		return 0, 0, false
	}
	_, hi, _ := g.ClaimRange()
	return decl, hi, true
}

// Report describes the finished current board.
func (b *Bridge) Report() (Report, bool) {
	g := b.Board()
	if g == nil || !g.Done() {
		return Report{}, false
	}
	r := g.Result()
	br := &BoardReport{Board: g.Board(), Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, ScoreNS: r.ScoreNS}
	if r.Contract.IsPass() {
		br.Declarer, br.Tricks = 0, 0
	}
	return Report{Board: br}, true
}

// BotClaimer is a match where a bot declarer claims the rest when every
// card of his side is a master.
type BotClaimer interface {
	BotClaim() (declarer card.Seat, tricks int, ok bool)
}

var (
	_ Reporter   = (*Bridge)(nil)
	_ BotClaimer = (*Bridge)(nil)
)
