package competition

// The results a competition lacks are recovered from its tables' stored
// games: a board that ended while nobody listened (before a restart, or
// between the table's last card and the result's write) is there.

import (
	"context"
	"encoding/json"

	"atout/bridge"
	"atout/card"
	"atout/store"
	"atout/table"
)

// finished returns the stored record of a competition's table and the
// deals finished there; a table that cannot be read is logged and gives
// none.
func (s *Service) finished(ctx context.Context, comp, tableID string) (*store.Record, []store.Deal) {
	rec, err := s.st.LoadGame(ctx, tableID)
	if err != nil {
		s.log.Error("competition table", "competition", comp, "table", tableID, "err", err)
		return nil, nil
	}
	var out []store.Deal
	for _, d := range rec.Deals {
		if d.Result != nil {
			out = append(out, d)
		}
	}
	return rec, out
}

// bridgeResult reads the result of a bridge deal finished at a table: the
// contract, its declarer (none when passed out) and the tricks taken.
func bridgeResult(d store.Deal) (c bridge.Contract, declarer card.Seat, tricks int, ok bool) {
	var line table.BoardLine
	if json.Unmarshal(d.Result, &line) != nil {
		return c, 0, 0, false
	}
	if !line.Contract.IsPass() {
		var err error
		if declarer, err = card.ParseSeat(line.Declarer); err != nil {
			return c, 0, 0, false
		}
	}
	return line.Contract, declarer, line.Tricks, true
}
