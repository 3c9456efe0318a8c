package server

import (
	"context"
	"fmt"
	"io"
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

// writeSolverMetrics adds the double-dummy pool's figures to /metrics.
func (s *Server) writeSolverMetrics(w io.Writer) {
	st := s.solvers.Stats()
	fmt.Fprintln(w, "# HELP atout_dd_workers Double-dummy workers (claims, hints, analyses).")
	fmt.Fprintln(w, "# TYPE atout_dd_workers gauge")
	fmt.Fprintf(w, "atout_dd_workers %d\n", st.Workers)
	fmt.Fprintln(w, "# HELP atout_dd_running Double-dummy searches running.")
	fmt.Fprintln(w, "# TYPE atout_dd_running gauge")
	fmt.Fprintf(w, "atout_dd_running %d\n", st.Running)
	fmt.Fprintln(w, "# HELP atout_dd_queued Double-dummy work waiting for a worker.")
	fmt.Fprintln(w, "# TYPE atout_dd_queued gauge")
	fmt.Fprintf(w, "atout_dd_queued{priority=\"player\"} %d\n", st.QueuedPlayer)
	fmt.Fprintf(w, "atout_dd_queued{priority=\"background\"} %d\n", st.QueuedBackground)
	fmt.Fprintln(w, "# HELP atout_dd_done_total Double-dummy work done.")
	fmt.Fprintln(w, "# TYPE atout_dd_done_total counter")
	fmt.Fprintf(w, "atout_dd_done_total %d\n", st.Done)
	fmt.Fprintln(w, "# HELP atout_dd_refused_total Double-dummy work refused because its queue was full.")
	fmt.Fprintln(w, "# TYPE atout_dd_refused_total counter")
	fmt.Fprintf(w, "atout_dd_refused_total %d\n", st.Refused)
}
