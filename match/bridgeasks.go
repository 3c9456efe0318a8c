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

// BoardResult returns the finished current board's number and result.
func (b *Bridge) BoardResult() (board int, r bridge.Result, ok bool) {
	g := b.Board()
	if g == nil || !g.Done() {
		return 0, bridge.Result{}, false
	}
	return g.Board(), g.Result(), true
}

// BotClaimer is a match where a bot declarer claims the rest when every
// card of his side is a master.
type BotClaimer interface {
	BotClaim() (declarer card.Seat, tricks int, ok bool)
}

// BoardReporter is a match whose finished boards are reported to a
// tournament.
type BoardReporter interface {
	BoardResult() (board int, r bridge.Result, ok bool)
}

var (
	_ BoardReporter = (*Bridge)(nil)
	_ BotClaimer    = (*Bridge)(nil)
)
