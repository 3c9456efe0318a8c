package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

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

// unscoredLine is the line of `atout replay --json` for a board that holds
// no illegal action but cannot be scored: no contract, or a play that stops
// with no claim and no result.
type unscoredLine struct {
	Board    int    `json:"board"`
	Unscored string `json:"unscored"`
}

// unscoredError is a board that cannot be scored for want of a contract, a
// play or a result: reported on its own line, not an error of the file
// (unless --strict).
type unscoredError struct{ reason string }

func (e *unscoredError) Error() string { return e.reason }

// boardOutcome is what replaying one board gave: its line, or why it is
// not scored, or the error that makes the file bad.
type boardOutcome struct {
	board    int
	line     bridgeLine
	unscored string // the reason, when the board is not scored
	where    string // "line 12: board 6", for stderr
	err      error  // an illegal action or a board that cannot be read
	warning  string // a section left out of a board scored all the same
}

// replayBridgeBoards reads a PBN or LIN file (told apart by content: a file
// that opens with a "xx|" pair is LIN, anything else PBN) and replays each
// board on its own, so that a board that cannot be read or scored changes
// nothing for the others. err is set when the file as a whole cannot be read.
//
// A PBN game whose auction or play cannot be read is replayed without it
// (the Contract, Declarer and Result tags may still tell the result), and
// the line of the fault is reported; with strict set it fails the file.
func replayBridgeBoards(name string, data []byte, strict bool) ([]boardOutcome, error) {
	var out []boardOutcome
	if isLIN(data) {
		_, boards, err := lin.ParseEach(data)
		if err != nil {
			return nil, badInput("%s: %v", name, err)
		}
		for _, b := range boards {
			if b.Err != nil {
				out = append(out, boardOutcome{err: badInput("%s: %v", name, b.Err)})
				continue
			}
			o := replayOutcome(name, b.Record, recordLines(b.Lines))
			if d := b.Dropped; d != nil {
				o = dropped(o, name, d.Line, d.Key+"|: "+d.Msg, badInput("%s: %v", name, d), strict)
			}
			out = append(out, o)
		}
		return out, nil
	}
	_, games := pbn.ParseEach(data)
	for _, g := range games {
		if g.Err != nil {
			b, _ := strconv.Atoi(g.Board)
			o := boardOutcome{board: b, err: badInput("%s: %v", name, g.Err)}
			if g.Board != "" {
				o.err = badInput("%s: %v (board %s)", name, g.Err, g.Board)
			}
			out = append(out, o)
			continue
		}
		o := replayOutcome(name, g.Record, recordLines(g.Lines))
		if d := g.Dropped; d != nil {
			o = dropped(o, name, d.Line, d.Msg, badInput("%s: %v (board %s)", name, d, g.Board), strict)
		}
		out = append(out, o)
	}
	return out, nil
}

// dropped amends the outcome of a board read without the section (auction
// or play) that holds the fault msg on line: with strict set the fault
// fails the file (err); otherwise a board scored all the same gets a
// warning, and one that is not (for want of what was left out, or because
// what was left of it does not hold together) is not scored, naming the
// fault.
func dropped(o boardOutcome, name string, line int, msg string, err error, strict bool) boardOutcome {
	switch {
	case strict:
		o.err, o.unscored = err, ""
	case o.err == nil:
		o.warning = fmt.Sprintf("atout replay: %s: line %d: board %d: left out: %s", name, line, o.board, msg)
	default:
		o.unscored = msg
		o.where = fmt.Sprintf("line %d: board %d", line, o.board)
	}
	return o
}

// tagDisagreements names the Contract, Declarer and Result tags of a board
// that say something else than its replay (which counts), and a Result tag
// that is no number of tricks: a file's error worth a warning, not a reason
// to refuse the board.
func tagDisagreements(r *bridge.Record, line bridgeLine) []string {
	var out []string
	if v, _ := r.Tag("Contract"); v != "" && v != "?" {
		if c, err := bridge.ParseContract(v); err == nil && c.String() != line.Contract {
			out = append(out, fmt.Sprintf("the Contract tag %q disagrees with the auction (%s), which counts", v, line.Contract))
		}
	}
	if v, _ := r.Tag("Declarer"); v != "" && v != "?" && line.Declarer != "" {
		if d, err := card.ParseSeat(v); err == nil && d.String() != line.Declarer {
			out = append(out, fmt.Sprintf("the Declarer tag %q disagrees with the auction (%s), which counts", v, line.Declarer))
		}
	}
	if v, _ := r.Tag("Result"); v != "" && v != "?" && line.Contract != "Pass" {
		c, _ := bridge.ParseContract(line.Contract)
		decl, _ := card.ParseSeat(line.Declarer)
		switch t, ok := bridge.ParseResult(v, c, decl); {
		case !ok:
			out = append(out, fmt.Sprintf("the Result tag %q is no number of tricks (ignored)", v))
		case t != line.Tricks && r.Claim < 0 && len(r.Play) == 52:
			out = append(out, fmt.Sprintf("the Result tag %q disagrees with the play (%d tricks), which counts", v, line.Tricks))
		}
	}
	return out
}

// replayOutcome replays one record.
func replayOutcome(name string, r *bridge.Record, lines recordLines) boardOutcome {
	o := boardOutcome{board: r.Board}
	line, err := replayRecord(r, lines)
	if err == nil {
		o.line = line
		if w := tagDisagreements(r, line); len(w) > 0 {
			o.warning = fmt.Sprintf("atout replay: %s: board %d: %s", name, r.Board, strings.Join(w, "; "))
		}
		return o
	}
	o.where = fmt.Sprintf("board %d", r.Board)
	var at *lineError
	if errors.As(err, &at) {
		o.where = fmt.Sprintf("line %d: board %d", at.line, r.Board)
		err = at.err
	}
	o.err = badInput("%s: %s: %v", name, o.where, err)
	var u *unscoredError
	if errors.As(err, &u) {
		o.unscored = u.reason
	}
	return o
}

// replayBridge checks and scores a PBN or LIN file. A board that cannot be
// scored for want of a contract, a play or a result gets an "unscored"
// line (and a line on stderr) unless strict is set; any other fault (an
// illegal call or card, a board that cannot be read) fails the file.
func replayBridge(name string, data []byte, asJSON, strict bool, out, stderr io.Writer) error {
	outcomes, err := replayBridgeBoards(name, data, strict)
	if err != nil {
		return err
	}
	if len(outcomes) == 0 {
		return badInput("%s: no board found", name)
	}
	for _, o := range outcomes {
		if o.err != nil && (strict || o.unscored == "") {
			return o.err
		}
	}
	var buf, warn bytes.Buffer
	for _, o := range outcomes {
		if o.warning != "" {
			warn.WriteString(o.warning + "\n")
		}
		if o.unscored != "" {
			fmt.Fprintf(&warn, "atout replay: %s: %s: not scored: %s\n", name, o.where, o.unscored)
			if asJSON {
				b, err := json.Marshal(unscoredLine{Board: o.board, Unscored: o.unscored})
				if err != nil {
					return err
				}
				buf.Write(b)
				buf.WriteByte('\n')
			} else {
				fmt.Fprintf(&buf, "board %d: not scored: %s\n", o.board, o.unscored)
			}
			continue
		}
		line := o.line
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
	if _, err := out.Write(buf.Bytes()); err != nil {
		return err
	}
	_, err = stderr.Write(warn.Bytes())
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
		n := 0
		for _, h := range r.Deal {
			n += h.Len()
		}
		if n > 0 && n < 52 {
			// Some hands left out (a bidding problem) or an end position:
			// nothing wrong, but nothing to check the play against.
			return bridgeLine{}, at(&unscoredError{fmt.Sprintf("the deal is not complete (%d cards)", n)}, nil, -1, lines.Game)
		}
		return bridgeLine{}, at(fmt.Errorf("deal: %v", err), nil, -1, lines.Game)
	}
	calls := r.Auction
	if len(calls) == 0 {
		// A record with a contract but no auction: replay a minimal
		// auction that reaches it so that the play can be checked.
		c, decl, ok := r.FinalContract()
		if !ok {
			reason := "no auction and no contract"
			if v, _ := r.Tag("Contract"); v != "" {
				if _, err := bridge.ParseContract(v); err == nil {
					reason = "a contract with no declarer and no opening leader"
				}
			}
			return bridgeLine{}, at(&unscoredError{reason}, nil, -1, lines.Game)
		}
		calls = bridge.MinimalAuction(r.Dealer, c, decl)
		lines.Auction = nil
	}
	calls = completeAuction(r, calls)
	g := bridge.NewGame(r.Board, r.Dealer, r.Vul, r.Deal)
	for i, rc := range calls {
		seat := card.Seat((int(r.Dealer) + i) & 3)
		if err := g.Call(seat, rc.Call); err != nil {
			return bridgeLine{}, at(describe(err, fmt.Sprintf("auction: call %d", i+1)), lines.Auction, i, lines.Game)
		}
	}
	if g.Phase() == bridge.PhaseAuction {
		err := fmt.Errorf("the auction is not complete (%d calls)", len(calls))
		if abandoned(r) {
			// A board left before its auction ended (a player gone, the
			// session over): nothing wrong in it, nothing to score.
			n := fmt.Sprintf("%d calls", len(calls))
			if len(calls) == 1 {
				n = "one call"
			}
			err = &unscoredError{"abandoned: the auction stops after " + n + ", with no play and no result"}
		}
		return bridgeLine{}, at(err, lines.Auction, len(calls)-1, lines.Game)
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
		decl, _ := g.Declarer()
		if n < 0 {
			v, _ := r.Tag("Result")
			t, ok := bridge.ParseResult(v, g.Contract(), decl)
			if !ok {
				reason := fmt.Sprintf("the play stops after %d cards with no claim and no result", len(r.Play))
				if len(r.Play) == 0 {
					reason = "no play and no result"
				}
				return bridgeLine{}, at(&unscoredError{reason}, lines.Play, len(r.Play)-1, lines.Game)
			}
			n = t
		}
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

// abandoned reports whether r is a board left before its auction ended:
// no card played, no claim, and no tag telling of a contract or a result
// (a record with those would be one whose auction is wrong).
func abandoned(r *bridge.Record) bool {
	if len(r.Play) > 0 || r.Claim >= 0 {
		return false
	}
	for _, tag := range []string{"Contract", "Result"} {
		if v, _ := r.Tag(tag); v != "" && v != "?" {
			return false
		}
	}
	return true
}

// completeAuction adds the closing passes some writers leave out: when the
// recorded calls stop after a bid, double or redouble, and the play has
// begun (cards or a claim follow) or the Contract and Declarer tags name
// exactly the contract reached, the auction ended there.
func completeAuction(r *bridge.Record, calls []bridge.RecordCall) []bridge.RecordCall {
	st := bridge.RecordAuctionState(r.Dealer, calls)
	if st.Done || !st.Bid {
		return calls
	}
	c, d, ok := r.FinalContract()
	if !(len(r.Play) > 0 || r.Claim >= 0 || (ok && c == st.Contract && d == st.Declarer)) {
		return calls
	}
	trailing := 0
	for i := len(calls) - 1; i >= 0 && calls[i].Call.Kind == bridge.Pass; i-- {
		trailing++
	}
	out := slices.Clone(calls)
	for ; trailing < 3; trailing++ {
		out = append(out, bridge.RecordCall{Call: bridge.PassCall})
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
