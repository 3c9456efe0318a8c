package table

import (
	"fmt"

	"atout/match"
	"atout/store"
)

// Replay rebuilds a match from a stored record without serving it. With
// finishedOnly, a last deal still in progress is left out, so that nothing
// hidden is shown.
func replay(rec *store.Record, finishedOnly bool) (match.Match, error) {
	s, err := ParseSettings(rec.Settings)
	if err != nil {
		return nil, err
	}
	deals := rec.Deals
	for {
		m := newMatch(s)
		for _, d := range deals {
			if err := m.StartDeal(d.No, d.Deal); err != nil {
				return nil, fmt.Errorf("game %s: %w", rec.ID, err)
			}
			for i, mv := range d.Moves {
				if err := match.Apply(m, mv); err != nil {
					return nil, fmt.Errorf("game %s: deal %d move %d: %w", rec.ID, d.No, i, err)
				}
			}
			if m.DealDone() {
				if _, err := m.ScoreDeal(); err != nil {
					return nil, err
				}
			}
		}
		if !finishedOnly || m.DealDone() || len(deals) == 0 {
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
	if m.DealNo() == 0 {
		return nil, "", fmt.Errorf("game %s: no finished deal to export", rec.ID)
	}
	return m.Export(format)
}
