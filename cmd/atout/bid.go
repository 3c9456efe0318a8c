package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
)

// atout bid: the SAYC bidding bot on the command line.
//
// Input, one deal position per line: hand<TAB>vul<TAB>auction, where hand
// is "S.H.D.C", vul None, N-S, E-W or Both (the other spellings of
// bridge.ParseVul are accepted too), and auction the calls so far from
// dealer North, space separated, possibly empty. Columns after the third
// are ignored, blank lines and lines starting with '#' are skipped, and a
// first line whose first column starts with "hand" is a header and is
// skipped, so the test vector file sayc-dev.tsv can be piped in as it is.
//
// Output, one line per input line: the bot's call for the player to act.
// Notrump bids are written "1N" ... "7N", the form of the test vectors
// (docs/cli.md accepts N for NT), so the output compares equal to their
// expected column; --nt writes "1NT" instead. With --explain, a TAB and
// the meaning of the call follow.

func init() {
	register(&command{name: "bid", summary: "SAYC bidding bot: reads hand<TAB>vul<TAB>auction lines, prints the call", stream: true, run: runBid})
}

func runBid(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("bid")
	explain := fs.Bool("explain", false, "append a TAB and the meaning of the call")
	longNT := fs.Bool("nt", false, "write notrump bids as 1NT rather than 1N")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return badInput("bid takes no arguments; it reads hand<TAB>vul<TAB>auction lines on stdin")
	}
	bot := bidding.New(bidding.Options{})
	answer := func(q bidQuery) error {
		call, m := bot.Choose(q.hand, q.vul, card.North, q.calls)
		out := callText(call, *longNT)
		if *explain {
			out += "\t" + m.Text
		}
		if _, err := fmt.Fprintln(stdout, out); err != nil {
			return err
		}
		if f, ok := stdout.(interface{ Flush() error }); ok {
			return f.Flush()
		}
		return nil
	}
	// At a terminal each line is answered as it is typed; otherwise every
	// line is checked first (nothing is printed when one is bad), then the
	// answers go out one by one as they are ready.
	interactive := isTerminal(stdin)
	waitHint(stdin, stderr, "bid", "hand<TAB>vul<TAB>auction lines")
	var queries []bidQuery
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if n == 1 && strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "hand") {
			continue
		}
		q, err := parseBidLine(line)
		if err != nil {
			return badInput("line %d: %v", n, err)
		}
		if interactive {
			if err := answer(q); err != nil {
				return err
			}
			continue
		}
		queries = append(queries, q)
	}
	if err := scanError(sc.Err(), n); err != nil {
		return err
	}
	if n == 0 {
		fmt.Fprintln(stderr, "atout bid: no line on stdin (want hand<TAB>vul<TAB>auction lines)")
	}
	for _, q := range queries {
		if err := answer(q); err != nil {
			return err
		}
	}
	return nil
}

// bidQuery is one parsed input line.
type bidQuery struct {
	hand  card.Hand
	vul   bridge.Vul
	calls []bridge.Call
}

// parseBidLine reads hand<TAB>vul<TAB>auction (further columns ignored) and
// checks that the hand has 13 cards and the auction is legal and not over.
func parseBidLine(line string) (bidQuery, error) {
	var q bidQuery
	cols := strings.Split(line, "\t")
	if len(cols) < 2 {
		return q, fmt.Errorf("want hand<TAB>vul<TAB>auction, got %d column(s)", len(cols))
	}
	h, err := card.ParseHand(cols[0])
	if err != nil {
		return q, fmt.Errorf("hand %q: %v", cols[0], err)
	}
	if h.Len() != 13 {
		return q, fmt.Errorf("hand %q has %d cards, want 13", cols[0], h.Len())
	}
	v, err := bridge.ParseVul(cols[1])
	if err != nil {
		return q, fmt.Errorf("vulnerability %q: want None, N-S, E-W or Both", cols[1])
	}
	q.hand, q.vul = h, v
	a := bridge.NewAuction(card.North)
	if len(cols) >= 3 {
		for i, f := range strings.Fields(cols[2]) {
			c, err := bridge.ParseCall(f)
			if err != nil {
				return q, fmt.Errorf("auction call %d %q: not a call", i+1, f)
			}
			if err := a.Add(c); err != nil {
				return q, fmt.Errorf("auction call %d %q: %v", i+1, f, err)
			}
			q.calls = append(q.calls, c)
		}
	}
	if a.Done() {
		return q, fmt.Errorf("auction %q is over: nobody is to act", cols[2])
	}
	return q, nil
}

// callText writes a call: "1N" for notrump unless long is set.
func callText(c bridge.Call, long bool) string {
	s := c.String()
	if !long && c.Kind == bridge.Bid && c.Strain == bridge.NoTrump {
		return strings.TrimSuffix(s, "T")
	}
	return s
}
