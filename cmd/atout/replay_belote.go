package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"atout/belote"
	"atout/card"
)

// replayBelote checks every call and card of a belote game record (one JSON
// record or an array of the consecutive deals of a game) and prints one line
// per deal: the result and the running score, or with asJSON the JSON line
// of docs/interfaces.md. The first illegal action is bad input (exit 2),
// named with its record, index, seat and action.
func replayBelote(name string, data []byte, asJSON bool, out io.Writer) error {
	recs, err := belote.ParseRecords(data)
	if err != nil {
		return badInput("%s: %v", name, err)
	}
	g, err := belote.LoadGame(recs)
	if err != nil {
		return badInput("%s: %v", name, err)
	}
	if err := belote.CheckFinished(g); err != nil {
		return badInput("%s: %v", name, err)
	}
	for _, s := range g.Sheet() {
		if asJSON {
			b, err := json.Marshal(s)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s\n", b)
			continue
		}
		fmt.Fprintln(out, beloteLine(s))
	}
	if !asJSON {
		t := g.Totals()
		if w, ok := g.Winner(); ok {
			fmt.Fprintf(out, "game: %v win, NS %d EW %d\n", w, t[card.NS], t[card.EW])
		} else {
			fmt.Fprintf(out, "game not over (target %d): NS %d EW %d\n", g.Rules().GameTarget(), t[card.NS], t[card.EW])
		}
	}
	return nil
}

// beloteLine describes one deal for people.
func beloteLine(s belote.DealScore) string {
	var b strings.Builder
	fmt.Fprintf(&b, "deal %d (dealer %v): ", s.Deal, s.Dealer)
	if s.Passed {
		fmt.Fprintf(&b, "all passed; total NS %d EW %d", s.Total[card.NS], s.Total[card.EW])
		return b.String()
	}
	c := s.Contract
	fmt.Fprintf(&b, "%v %s by %v", c.Takers(), c.String(), c.Taker)
	switch c.Coinche {
	case 2:
		b.WriteString(" coinched")
	case 4:
		b.WriteString(" surcoinched")
	}
	switch {
	case s.Result.Litige:
		b.WriteString(", litige")
	case s.Result.Made:
		b.WriteString(", made")
	default:
		b.WriteString(", failed")
	}
	fmt.Fprintf(&b, "; card points NS %d EW %d", s.CardPoints[card.NS], s.CardPoints[card.EW])
	if a := s.Result.Announcements; a != [2]int{} {
		fmt.Fprintf(&b, "; announcements NS %d EW %d", a[card.NS], a[card.EW])
	}
	if s.Belote >= 0 {
		fmt.Fprintf(&b, "; belote %v", card.Side(s.Belote))
	}
	fmt.Fprintf(&b, "; score NS %d EW %d; total NS %d EW %d",
		s.Result.Score[card.NS], s.Result.Score[card.EW], s.Total[card.NS], s.Total[card.EW])
	if s.Result.Reserve > 0 {
		fmt.Fprintf(&b, " (reserve %d)", s.Result.Reserve)
	}
	return b.String()
}
