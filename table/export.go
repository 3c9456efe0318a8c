package table

import (
	"fmt"

	"atout/game"
	"atout/store"
)

// Replay rebuilds a match from a stored record without serving it. With
// finishedOnly, a last deal still in progress is left out, so that nothing
// hidden is shown.
func replay(rec *store.Record, finishedOnly bool) (match, error) {
	s, err := ParseSettings(rec.Settings)
	if err != nil {
		return nil, err
	}
	deals := rec.Deals
	for {
		m := newMatch(s)
		for _, d := range deals {
			if err := m.startDeal(d.No, d.Deal); err != nil {
				return nil, fmt.Errorf("game %s: %w", rec.ID, err)
			}
			for i, mv := range d.Moves {
				next, err := m.tryMove(game.Move{Seat: mv.Seat, Action: loadAction(mv.Action)})
				if err != nil {
					return nil, fmt.Errorf("game %s: deal %d move %d: %w", rec.ID, d.No, i, err)
				}
				m.setCur(next)
			}
			if m.dealDone() {
				if _, err := m.scoreDeal(); err != nil {
					return nil, err
				}
			}
		}
		if !finishedOnly || m.dealDone() || len(deals) == 0 {
			return m, nil
		}
		deals = deals[:len(deals)-1]
	}
}

// ExportRecord writes the record of a stored game: PBN or LIN for bridge
// ("pbn", "lin"), the JSON game record for belote ("json"). A deal still in
// progress is left out. It returns the data and its content type.
func ExportRecord(rec *store.Record, format string) ([]byte, string, error) {
	m, err := replay(rec, true)
	if err != nil {
		return nil, "", err
	}
	if m.dealNo() == 0 {
		return nil, "", fmt.Errorf("game %s: no finished deal to export", rec.ID)
	}
	return m.export(format)
}
