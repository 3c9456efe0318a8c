package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"

	"atout/bridge"
	"atout/card"
)

func init() {
	// deal streams: every argument is checked before the first deal is
	// written, and a million deals never sit in memory.
	register(&command{name: "deal", summary: "random deals: atout deal [--game bridge|belote] [-n N] [--seed S] [--format pbn|json]", stream: true, run: runDeal})
}

// maxDeals bounds -n.
const maxDeals = 1_000_000

func runDeal(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlags("deal")
	gameName := fs.String("game", "bridge", "bridge or belote")
	n := fs.Int("n", 1, "number of deals")
	seed := fs.String("seed", "", "seed: same seed, same deals (default: random)")
	format := fs.String("format", "", "pbn or json (default pbn for bridge, json for belote)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *n < 1 || *n > maxDeals {
		return badInput("-n %d: want a number of deals from 1 to %d", *n, maxDeals)
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			seeded = true
		}
	})
	var r *card.Rand
	if seeded {
		r = card.NewRand(card.SeedFromString(*seed))
	} else {
		r = card.NewCryptoRand()
	}
	switch *gameName {
	case "bridge":
		switch *format {
		case "", "pbn":
			return writeBridgePBN(stdout, r, *n)
		case "json":
			return writeBridgeJSON(stdout, r, *n)
		}
	case "belote":
		switch *format {
		case "", "json":
			return writeBeloteJSON(stdout, r, *n)
		case "pbn":
			return badInput("--format pbn: belote deals are written only as json")
		}
	default:
		return badInput("--game %q: want bridge or belote", *gameName)
	}
	return badInput("--format %q: want pbn or json", *format)
}

// writeBridgePBN writes one PBN 2.1 game per board with the mandatory tag
// set: dealer and vulnerability from the board number, unknown values "?"
// and the tags that do not apply to an unplayed deal empty.
func writeBridgePBN(w io.Writer, r *card.Rand, n int) error {
	fmt.Fprintln(w, "% PBN 2.1")
	for b := 1; b <= n; b++ {
		d := bridge.RandomDeal(r)
		if b > 1 {
			fmt.Fprintln(w)
		}
		tags := [][2]string{
			{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Board", strconv.Itoa(b)},
			{"West", "?"}, {"North", "?"}, {"East", "?"}, {"South", "?"},
			{"Dealer", bridge.BoardDealer(b).String()}, {"Vulnerable", bridge.BoardVul(b).String()},
			{"Deal", d.String()}, {"Scoring", "?"}, {"Declarer", ""}, {"Contract", ""}, {"Result", ""},
		}
		for _, t := range tags {
			fmt.Fprintf(w, "[%s %q]\n", t[0], t[1])
		}
	}
	return nil
}

// bridgeDealJSON is one line of `atout deal --format json`.
type bridgeDealJSON struct {
	Board  int         `json:"board"`
	Dealer card.Seat   `json:"dealer"`
	Vul    bridge.Vul  `json:"vul"`
	Deal   bridge.Deal `json:"deal"`
}

func writeBridgeJSON(w io.Writer, r *card.Rand, n int) error {
	enc := json.NewEncoder(w)
	for b := 1; b <= n; b++ {
		line := bridgeDealJSON{Board: b, Dealer: bridge.BoardDealer(b), Vul: bridge.BoardVul(b), Deal: bridge.RandomDeal(r)}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}

// beloteDealJSON is one line of `atout deal --game belote`: the dealer and
// the shuffled 32-card deck, top first, as in the belote game record.
type beloteDealJSON struct {
	Game   string      `json:"game"`
	Dealer card.Seat   `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// writeBeloteJSON draws the first dealer from r, then shuffles a fresh deck
// for each deal; the deal passes counter-clockwise (belote-rules §3: the next
// dealer is the seat on the dealer's right, S then E, N, W).
func writeBeloteJSON(w io.Writer, r *card.Rand, n int) error {
	enc := json.NewEncoder(w)
	dealer := card.Seat(r.IntN(4))
	for i := 0; i < n; i++ {
		deck := card.Deck32()
		r.Shuffle(deck)
		if err := enc.Encode(beloteDealJSON{Game: "belote", Dealer: dealer, Deck: deck}); err != nil {
			return err
		}
		dealer = dealer.Prev()
	}
	return nil
}
