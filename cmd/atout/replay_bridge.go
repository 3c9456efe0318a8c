package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"atout/bridge"
	"atout/bridge/lin"
	"atout/bridge/pbn"
	"atout/card"
)

// bridgeLine is one line of `atout replay --json` for a bridge board.
type bridgeLine struct {
	Board    int    `json:"board"`
	Contract string `json:"contract"`
	Declarer string `json:"declarer"`
	Tricks   int    `json:"tricks"`
	ScoreNS  int    `json:"scoreNS"`
}

// replayBridge checks and scores a PBN or LIN file, told apart by content:
// a file that opens with a "xx|" pair is LIN, anything else PBN.
func replayBridge(name string, data []byte, asJSON bool, out io.Writer) error {
	var recs []*bridge.Record
	var lines []recordLines
	var err error
	if isLIN(data) {
		var ls []lin.Lines
		recs, ls, err = lin.ParseBoardsLines(data)
		for _, l := range ls {
			lines = append(lines, recordLines(l))
		}
	} else {
		var ls []pbn.Lines
		recs, ls, err = pbn.ParseGamesLines(data)
		for _, l := range ls {
			lines = append(lines, recordLines(l))
		}
	}
	if err != nil {
		return badInput("%s: %v", name, err)
	}
	if len(recs) == 0 {
		return badInput("%s: no board found", name)
	}
	var buf bytes.Buffer
	for i, r := range recs {
		line, err := replayRecord(r, lines[i])
		if err != nil {
			var at *lineError
			if errors.As(err, &at) {
				return badInput("%s: line %d: board %d: %v", name, at.line, r.Board, at.err)
			}
			return badInput("%s: board %d: %v", name, r.Board, err)
		}
		if asJSON {
			b, err := json.Marshal(line)
			if err != nil {
				return err
			}
			buf.Write(b)
			buf.WriteByte('\n')
			continue
		}
		if line.Contract == "Pass" {
			fmt.Fprintf(&buf, "board %d: passed out, NS 0\n", line.Board)
			continue
		}
		c, _ := bridge.ParseContract(line.Contract)
		need := 6 + int(c.Level)
		made := "made"
		switch d := line.Tricks - need; {
		case d > 0:
			made = "made +" + strconv.Itoa(d)
		case d < 0:
			made = "down " + strconv.Itoa(-d)
		}
		fmt.Fprintf(&buf, "board %d: %s by %s, %d tricks (%s), NS %+d\n",
			line.Board, line.Contract, line.Declarer, line.Tricks, made, line.ScoreNS)
	}
	_, err = out.Write(buf.Bytes())
	return err
}

// isLIN reports whether data starts with a LIN key|value| pair.
func isLIN(data []byte) bool {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	i := bytes.IndexByte(t, '|')
	if i < 1 || i > 3 {
		return false
	}
	for _, c := range t[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// recordLines tells where a board's parts are in its file: the line of the
// board, and of each call and card (the same shape as pbn.Lines and
// lin.Lines).
type recordLines struct {
	Game    int
	Auction []int
	Play    []int
}

// lineError is an error in a board with the line of the file it is on.
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

// at returns err with the line i of lines, or the board's line when i is
// out of range (a call or card that is not in the file).
func at(err error, lines []int, i, game int) error {
	l := game
	if i >= 0 && i < len(lines) && lines[i] > 0 {
		l = lines[i]
	}
	if l <= 0 {
		return err
	}
	return &lineError{line: l, err: err}
}

// replayRecord plays every call and card of r through the bridge engine and
// returns the board's result. lines says where r's calls and cards are in
// its file, for the errors.
func replayRecord(r *bridge.Record, lines recordLines) (bridgeLine, error) {
	if err := r.Deal.Validate(); err != nil {
		return bridgeLine{}, at(fmt.Errorf("deal: %v", err), nil, -1, lines.Game)
	}
	calls := r.Auction
	if len(calls) == 0 {
		// A record with a contract but no auction: replay a minimal
		// auction that reaches it so that the play can be checked.
		c, decl, ok := r.FinalContract()
		if !ok {
			return bridgeLine{}, at(errors.New("no auction and no contract"), nil, -1, lines.Game)
		}
		calls = minimalAuction(r.Dealer, c, decl)
		lines.Auction = nil
	}
	g := bridge.NewGame(r.Board, r.Dealer, r.Vul, r.Deal)
	for i, rc := range calls {
		seat := card.Seat((int(r.Dealer) + i) & 3)
		if err := g.Call(seat, rc.Call); err != nil {
			return bridgeLine{}, at(describe(err, fmt.Sprintf("auction: call %d", i+1)), lines.Auction, i, lines.Game)
		}
	}
	if g.Phase() == bridge.PhaseAuction {
		return bridgeLine{}, at(fmt.Errorf("the auction is not complete (%d calls)", len(calls)), lines.Auction, len(calls)-1, lines.Game)
	}
	if g.Phase() == bridge.PhasePlay {
		for i, pc := range r.Play {
			if err := g.Play(pc.Seat, pc.Card); err != nil {
				return bridgeLine{}, at(describe(err, ""), lines.Play, i, lines.Game)
			}
		}
	} else if len(r.Play) > 0 {
		return bridgeLine{}, at(errors.New("cards played on a passed-out board"), lines.Play, 0, lines.Game)
	}
	if g.Phase() == bridge.PhasePlay {
		n := r.Claim
		if n < 0 {
			v, _ := r.Tag("Result")
			t, err := strconv.Atoi(v)
			if err != nil {
				return bridgeLine{}, at(fmt.Errorf("the play stops after %d cards with no claim and no result", len(r.Play)), lines.Play, len(r.Play)-1, lines.Game)
			}
			n = t
		}
		decl, _ := g.Declarer()
		if err := g.Claim(decl, n); err != nil {
			return bridgeLine{}, at(describe(err, ""), lines.Play, len(r.Play)-1, lines.Game)
		}
	}
	res := g.Result()
	line := bridgeLine{Board: r.Board, Contract: res.Contract.String(), Tricks: res.Tricks, ScoreNS: res.ScoreNS}
	if !res.Contract.IsPass() {
		line.Declarer = res.Declarer.String()
	}
	return line, nil
}

// minimalAuction returns calls from dealer that reach contract c by
// declarer: passes up to declarer, the bid, a double by declarer's left-hand
// opponent and a redouble by dummy if needed, then three passes.
func minimalAuction(dealer card.Seat, c bridge.Contract, decl card.Seat) []bridge.RecordCall {
	var out []bridge.RecordCall
	add := func(c bridge.Call) { out = append(out, bridge.RecordCall{Call: c}) }
	if c.IsPass() {
		for range 4 {
			add(bridge.PassCall)
		}
		return out
	}
	for s := dealer; s != decl; s = s.Next() {
		add(bridge.PassCall)
	}
	add(bridge.NewBid(int(c.Level), c.Strain))
	if c.Doubled > 0 {
		add(bridge.DoubleCall)
		if c.Doubled > 1 {
			add(bridge.RedoubleCall)
		}
	}
	for range 3 {
		add(bridge.PassCall)
	}
	return out
}

// describe words an engine error: "trick 4: W played H2 but must follow
// suit in diamonds", "auction: call 5: E called 1S but ...".
func describe(err error, where string) error {
	var ie *bridge.IllegalError
	if !errors.As(err, &ie) {
		return err
	}
	verb := "played"
	switch {
	case len(ie.Action) > 6 && ie.Action[:6] == "claim ":
		return fmt.Errorf("trick %d: %s claimed %s tricks for declarer but %s", ie.Trick, ie.Seat, ie.Action[6:], ie.Reason)
	case ie.Trick == 0:
		verb = "called"
	}
	if ie.Trick > 0 {
		where = "trick " + strconv.Itoa(ie.Trick)
	}
	return fmt.Errorf("%s: %s %s %s but %s", where, ie.Seat, verb, ie.Action, ie.Reason)
}
