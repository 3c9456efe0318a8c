package table

import (
	"sync/atomic"

	"atout/protocol"
)

// Sealing: a competition decides who sees its deals (package competition
// writes the rule once). A competition's table asks it, through the judge
// registered with [Sealer.SealWith], before it shows anything that play
// itself did not show: the hands at the end of a deal, a deal to somebody
// who does not sit at the table, the analysis, the score sheet. With no
// judge, a competition's table shows nothing beyond play (it fails
// closed); a casual table asks nobody.

// SealQuery asks whether Viewer may see deal Deal of a competition's table
// in full.
type SealQuery struct {
	Table      string      // the table's ID
	Tournament Competition // the table's Settings.Tournament
	// Deal is the number of the deal at the table (1-based); Board the
	// board's own number (Settings.BoardNumbers; Deal when there are none).
	Deal, Board int
	Viewer      string // the user ID ("" for nobody signed in)
	// Seated: the viewer sits at the table, so his entry is the one
	// playing the deal (and has finished it when it is over).
	Seated bool
}

// A Judge answers a [SealQuery]. It runs on the table's goroutine: it
// answers from memory, or after a short read at most.
type Judge func(SealQuery) bool

// Sealer is a hub whose competition tables ask a judge what they show.
type Sealer interface {
	SealWith(Judge)
}

var _ Sealer = (*LocalHub)(nil)

// SealWith makes j the judge of this hub's competition tables.
func (h *LocalHub) SealWith(j Judge) { h.cfg.hooks.judge.Store(&j) }

// sealHook holds the judge of a hub's tables.
type sealHook = atomic.Pointer[Judge]

// reveals reports whether userID may see deal no of the table in full.
func (t *Table) reveals(userID string, seated bool, no int) bool {
	if !t.settings.Competition() {
		return true
	}
	j := t.cfg.hooks.judge.Load()
	if j == nil || no < 1 {
		return false
	}
	return (*j)(SealQuery{Table: t.id, Tournament: t.settings.Tournament, Deal: no, Board: t.boardNumber(no),
		Viewer: userID, Seated: seated})
}

// boardNumber returns the board number of the table's deal no.
func (t *Table) boardNumber(no int) int {
	return protocol.TableSettings(t.settings).BoardNumber(no)
}

// sheetShown reports whether userID, who does not sit at the table, may
// see its score sheet: every deal on it is shown to him.
func (t *Table) sheetShown(userID string) bool {
	if !t.settings.Competition() {
		return true
	}
	last := t.m.DealNo()
	if !t.m.DealDone() {
		last--
	}
	for no := 1; no <= last; no++ {
		if !t.reveals(userID, false, no) {
			return false
		}
	}
	return true
}
