package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"
)

// isTerminal reports whether f (stdin, stdout or stderr) is a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// waitHint tells a person at a terminal that a command reads its stdin, so
// that a bare `atout solve` does not look hung. Nothing when stdin is a
// pipe or a file.
func waitHint(stdin io.Reader, stderr io.Writer, cmd, what string) {
	if isTerminal(stdin) {
		fmt.Fprintf(stderr, "atout %s: reading %s from stdin (Ctrl-D to end; atout %s --help for more)\n", cmd, what, cmd)
	}
}

// progress is a one-line progress bar with the time left, on stderr when it
// is a terminal and the work has run for a second (a quick command and a
// script's log show nothing).
type progress struct {
	w          io.Writer
	label      string // "solve", "sim bridge"
	unit       string // "deals"
	total      int
	start      time.Time
	last       time.Time
	on, shown  bool
	drawn      int // the count last drawn
	afterDelay time.Duration
}

func newProgress(w io.Writer, label string, total int) *progress {
	return &progress{w: w, label: label, total: total, start: time.Now(), on: isTerminal(w) && total > 0, afterDelay: time.Second, drawn: -1}
}

// newBar is a progress bar drawn from the start whatever w is (the sims',
// which --quiet turns off), counting unit.
func newBar(w io.Writer, label, unit string, total int, off bool) *progress {
	p := &progress{w: w, label: label, unit: unit, total: total, start: time.Now(), on: !off && total > 0, drawn: -1}
	p.update(0)
	return p
}

// update shows that done of total are done.
func (p *progress) update(done int) {
	if !p.on {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < p.afterDelay || (done < p.total && now.Sub(p.last) < 200*time.Millisecond) {
		return
	}
	p.draw(done)
}

func (p *progress) draw(done int) {
	now := time.Now()
	p.last, p.shown, p.drawn = now, true, done
	const width = 30
	fill := width * done / p.total
	el := now.Sub(p.start)
	eta := "--:--"
	if done > 0 {
		eta = clock(time.Duration(float64(el) / float64(done) * float64(p.total-done)))
	}
	unit := ""
	if p.unit != "" {
		unit = " " + p.unit
	}
	fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d%s %3d%% %s, %s left ", p.label, strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		done, p.total, unit, 100*done/p.total, clock(el), eta)
}

// finish draws the bar full, unless it just was, and ends its line, if it
// was shown.
func (p *progress) finish() {
	if !p.shown {
		return
	}
	if p.drawn != p.total {
		p.draw(p.total)
	}
	fmt.Fprintln(p.w)
	p.shown = false
}

// clock writes a duration as mm:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int(d.Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}
