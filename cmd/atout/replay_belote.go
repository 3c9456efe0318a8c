package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"atout/belote"
	"atout/card"
)

// replayBelote checks every call and card of a belote game record (one JSON
// record or an array of the consecutive deals of a game) and prints one line
// per deal: the result and the running score, or with asJSON the JSON line
// of docs/cli.md. The first illegal action is bad input (exit 2),
// named with its record, index, seat and action.
func replayBelote(name string, data []byte, asJSON bool, out io.Writer) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var se *json.SyntaxError
	if err := json.Unmarshal(data, new(any)); errors.As(err, &se) {
		return badInput("%s: line %d: not valid JSON: %v", name, lineAt(data, se.Offset), err)
	}
	recs, err := belote.ParseRecords(data)
	if err != nil {
		return beloteRecordErr(name, data, err)
	}
	deals, err := belote.LoadDeals(recs)
	if err != nil {
		return beloteRecordErr(name, data, err)
	}
	if err := belote.CheckFinished(deals); err != nil {
		return beloteRecordErr(name, data, err)
	}
	sheet, score := belote.ScoreSheet(deals)
	for _, s := range sheet {
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
		t, target := score.Totals, recs[0].Rules().GameTarget()
		if w, ok := score.Winner(target); ok {
			fmt.Fprintf(out, "game: %v win, NS %d EW %d\n", w, t[card.NS], t[card.EW])
		} else {
			fmt.Fprintf(out, "game not over (target %d): NS %d EW %d\n", target, t[card.NS], t[card.EW])
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

// beloteRecordErr words a bad record as bad input, with the line of the
// file the record, field or action at fault is on.
func beloteRecordErr(name string, data []byte, err error) error {
	var re *belote.RecordError
	if errors.As(err, &re) {
		if l := recordLine(data, re); l > 0 {
			return badInput("%s: line %d: %v", name, l, err)
		}
	}
	return badInput("%s: %v", name, err)
}

// lineAt returns the 1-based line of byte offset off of data.
func lineAt(data []byte, off int64) int {
	// An error at the end of the input is on the last line with text.
	data = bytes.TrimRight(data, " \t\r\n")
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// recordLine finds where the problem of re is in data, a JSON record or
// array of records: the line of the action, else of the field, else of the
// record's opening brace. It returns 0 when it cannot tell.
func recordLine(data []byte, re *belote.RecordError) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return 0
	}
	index := 1 // the record the next object is
	if tok == json.Delim('[') {
		for ; index < re.Record; index++ {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0
			}
		}
		if tok, err = dec.Token(); err != nil {
			return 0
		}
	}
	if tok != json.Delim('{') {
		return 0
	}
	start := lineAt(data, dec.InputOffset()-1)
	field := re.Field
	if re.Action > 0 {
		field = "actions"
	}
	if field == "" {
		return start
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return start
		}
		if key != field {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return start
			}
			continue
		}
		at := lineAt(data, dec.InputOffset())
		if re.Action == 0 {
			return at
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return at
		}
		for i := 1; dec.More(); i++ {
			if _, err := dec.Token(); err != nil {
				return at
			}
			if i == re.Action {
				return lineAt(data, dec.InputOffset())
			}
		}
		return at
	}
	return start
}
