package server

import (
	"context"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/tournament"
)

// tourSolveTimeout bounds a tournament's background solve of one deal.
const tourSolveTimeout = 2 * time.Minute

// poolDD is the tournaments' double-dummy solver: each deal's table is
// computed on the shared pool p (nil: [ddpool.Default]) in the background,
// behind the players' claims and hints.
func poolDD(p *ddpool.Pool) tournament.DDFunc {
	if p == nil {
		p = ddpool.Default()
	}
	return func(d bridge.Deal) (dd.Table, error) {
		ctx, cancel := context.WithTimeout(context.Background(), tourSolveTimeout)
		defer cancel()
		var tb dd.Table
		err := p.Do(ctx, ddpool.Background, func(ctx context.Context, s *dd.Solver) error {
			var err error
			tb, err = s.TableContext(ctx, d)
			return err
		})
		return tb, err
	}
}
