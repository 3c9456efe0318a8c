package metrics

import (
	"fmt"
	"io"

	"atout/bridge/dd/ddpool"
)

// writeSolvers writes the double-dummy pool's figures.
func writeSolvers(w io.Writer, st ddpool.Stats) {
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
