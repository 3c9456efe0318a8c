package competition

// What the store holds of a competition's results: the results stored,
// and those a competition lacks, recovered from its tables' stored games
// (a board that ended while nobody listened, before a restart or between
// the table's last card and the result's write).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"atout/bridge"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// storedResults passes each result stored for competition id (a what),
// its Data decoded as a D, to add; a result add has already is fine.
func storedResults[D any](ctx context.Context, s *Service, id, what string, add func(store.CompetitionResult, D) error) error {
	results, err := s.st.CompetitionResults(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range results {
		var d D
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return fmt.Errorf("%s %s: result of %q on %d: %w", what, id, r.Entry, r.Board, err)
		}
		if err := add(r, d); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			return err
		}
	}
	return nil
}

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
