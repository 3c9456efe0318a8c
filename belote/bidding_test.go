package belote

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// engRun applies moves; a move ending in "!" must be refused as illegal
// (and leave the deal unchanged).
func engRun(t *testing.T, d *Deal, moves []string) {
	t.Helper()
	for _, m := range moves {
		bad := strings.HasSuffix(m, "!")
		mv, err := game.ParseMove(strings.TrimSuffix(m, "!"))
		if err != nil {
			t.Fatal(err)
		}
		before := d.Clone()
		err = d.Apply(mv)
		switch {
		case bad && err == nil:
			t.Fatalf("%s: accepted, want illegal", m)
		case bad:
			var ie *IllegalError
			if !errors.As(err, &ie) || !errors.Is(err, game.ErrIllegal) || ie.Seat != mv.Seat {
				t.Fatalf("%s: error %v is not an IllegalError for %v", m, err, mv.Seat)
			}
			if !reflect.DeepEqual(before, d) {
				t.Fatalf("%s: illegal move changed the deal", m)
			}
		case err != nil:
			t.Fatalf("%s: %v", m, err)
		}
	}
}

func seats(s string) []card.Seat {
	var out []card.Seat
	for _, f := range strings.Fields(s) {
		st, _ := card.ParseSeat(f)
		out = append(out, st)
	}
	return out
}

type bidCase struct {
	name     string
	mode     Mode
	setting  Setting
	dealer   card.Seat
	moves    []string
	phase    Phase
	contract string // Contract.String(), "" when passed or still bidding
	takers   string
	mult     int
	toAct    string // seats, when still bidding
}

func runBidCases(t *testing.T, cases []bidCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := engNewDeal(t, Rules{Mode: tc.mode, Setting: tc.setting}, tc.dealer, card.Deck32())
			engRun(t, d, tc.moves)
			if d.Phase() != tc.phase {
				t.Fatalf("phase %v, want %v", d.Phase(), tc.phase)
			}
			c, ok := d.Contract()
			switch {
			case tc.contract == "" && ok:
				t.Errorf("contract %v, want none", c)
			case tc.contract != "" && (!ok || c.String() != tc.contract || c.Takers().String() != tc.takers || c.Coinche != tc.mult):
				t.Errorf("contract %v by %v x%d (ok %v), want %s by %s x%d", c, c.Takers(), c.Coinche, ok, tc.contract, tc.takers, tc.mult)
			}
			if tc.phase == PhaseBidding {
				if got := d.ToAct(); !slices.Equal(got, seats(tc.toAct)) {
					t.Errorf("ToAct %v, want %s", got, tc.toAct)
				}
			}
			if tc.phase == PhasePlay && d.Turn() != Next(tc.dealer) {
				t.Errorf("leader %v, want next(dealer) %v", d.Turn(), Next(tc.dealer))
			}
			if tc.phase == PhaseDone && !d.Passed() {
				t.Errorf("done but not passed")
			}
		})
	}
}

func TestBiddingClassic(t *testing.T) {
	// Deck32 dealt by W: the turned card (21st) is DJ... find it.
	turned := card.Deck32()[20]
	ts := turned.Suit().String()
	other := card.Hearts.String()
	if turned.Suit() == card.Hearts {
		other = card.Spades.String()
	}
	cases := []bidCase{
		{name: "take round 1", mode: Classic, dealer: card.West,
			moves: []string{"S pass", "E take", "N pass!"}, phase: PhasePlay, contract: ts, takers: "EW", mult: 1},
		{name: "out of turn", mode: Classic, dealer: card.West,
			moves: []string{"E take!", "S " + other + "!", "S 80H!", "S coinche!", "S SA!", "S pass"}, phase: PhaseBidding, toAct: "E"},
		{name: "round 2 names another suit", mode: Classic, dealer: card.West,
			moves: []string{"S pass", "E pass", "N pass", "W pass", "S take!", "S " + ts + "!", "S pass", "E " + other},
			phase: PhasePlay, contract: other, takers: "EW", mult: 1},
		{name: "round 1 cannot name a suit", mode: Classic, dealer: card.North,
			moves: []string{"W " + other + "!", "W pass"}, phase: PhaseBidding, toAct: "S"},
		{name: "eight passes", mode: Classic, dealer: card.East,
			moves: []string{"N pass", "W pass", "S pass", "E pass", "N pass", "W pass", "S pass", "E pass", "N pass!"}, phase: PhaseDone},
		{name: "dealer takes last", mode: Classic, dealer: card.East,
			moves: []string{"N pass", "W pass", "S pass", "E take"}, phase: PhasePlay, contract: ts, takers: "EW", mult: 1},
	}
	runBidCases(t, cases)
}

func TestBiddingNoTrump(t *testing.T) {
	runBidCases(t, []bidCase{
		{name: "take", mode: NoTrump, dealer: card.South,
			moves: []string{"E pass", "N take"}, phase: PhasePlay, contract: "NT", takers: "NS", mult: 1},
		{name: "no suits, no bids", mode: NoTrump, dealer: card.South,
			moves: []string{"E H!", "E 80H!", "E coinche!", "E pass"}, phase: PhaseBidding, toAct: "N"},
		{name: "four passes", mode: NoTrump, dealer: card.South,
			moves: []string{"E pass", "N pass", "W pass", "S pass", "E take!"}, phase: PhaseDone},
	})
}

func TestBiddingCoinche(t *testing.T) {
	var cases []bidCase
	for _, st := range []Setting{Maison, Official} {
		both := []bidCase{
			{name: "three passes after a bid", moves: []string{"S 80H", "E pass", "N pass", "W pass"},
				phase: PhasePlay, contract: "80H", takers: "NS", mult: 1},
			{name: "overbid partner and capot", moves: []string{"S 80H", "E 90S", "N 100H", "W pass", "S capotH", "E pass", "N pass", "W 160S!", "W pass"},
				phase: PhasePlay, contract: "capotH", takers: "NS", mult: 1},
			{name: "bids must rise", moves: []string{"S 100H", "E 100S!", "E 90C!", "E 170C!", "E 85C!", "E 110C", "N pass"},
				phase: PhaseBidding, toAct: map[Setting]string{Maison: "W S N", Official: "W"}[st]},
			{name: "four passes", moves: []string{"S pass", "E pass", "N pass", "W pass", "S 80H!"}, phase: PhaseDone},
			{name: "passes then a bid", moves: []string{"S pass", "E pass", "N pass", "W 80C", "S pass", "E pass", "N pass"},
				phase: PhasePlay, contract: "80C", takers: "EW", mult: 1},
			{name: "no coinche without a bid, none of own side", moves: []string{"S coinche!", "S 80H", "E pass", "N coinche!", "S surcoinche!"},
				phase: PhaseBidding, toAct: map[Setting]string{Maison: "N W E", Official: "N"}[st]},
			{name: "coinche on turn then surcoinche ends", moves: map[Setting][]string{
				Official: {"S 80H", "E coinche", "N 90H!", "W surcoinche!", "N surcoinche", "W pass!"},
				Maison:   {"S 80H", "E coinche", "N surcoinche!", "S 90H!", "S surcoinche", "W pass!"}}[st],
				phase: PhasePlay, contract: "80H", takers: "NS", mult: 4},
			{name: "S17 coinche on turn, three passes", moves: []string{"S 100S", "E pass", "N pass", "W coinche", "S pass", "E pass!", "N pass"},
				phase: PhasePlay, contract: "100S", takers: "NS", mult: 2},
			{name: "S18", dealer: card.South, moves: map[Setting][]string{
				Official: {"E 90C", "N coinche", "E surcoinche!", "W pass", "S pass", "E surcoinche"},
				Maison:   {"E 90C", "N coinche", "E surcoinche"}}[st],
				phase: PhasePlay, contract: "90C", takers: "EW", mult: 4},
			{name: "capot coinched", moves: map[Setting][]string{
				Official: {"S capotD", "E coinche", "S surcoinche!", "N surcoinche"},
				Maison:   {"S capotD", "E coinche", "N surcoinche!", "S surcoinche"}}[st],
				phase: PhasePlay, contract: "capotD", takers: "NS", mult: 4},
		}
		if st == Official {
			// In Official, after W's coinche the rotation goes on: S, E, N.
			both[7].moves = []string{"S 100S", "E pass", "N pass", "W coinche", "S pass", "E pass", "N pass"}
			both = append(both,
				bidCase{name: "official: defenders only pass after coinche", moves: []string{"S 80H", "E coinche", "N pass", "W 90S!", "W surcoinche!", "W pass", "S pass"},
					phase: PhasePlay, contract: "80H", takers: "NS", mult: 2},
				bidCase{name: "official: bidder's side surcoinches late", moves: []string{"S 80H", "E coinche", "N pass", "W pass", "S surcoinche"},
					phase: PhasePlay, contract: "80H", takers: "NS", mult: 4},
				bidCase{name: "official: no coinche out of turn", moves: []string{"S 80H", "W coinche!", "N coinche!"},
					phase: PhaseBidding, toAct: "E"},
			)
		} else {
			both[7].moves = []string{"S 100S", "E pass", "N pass", "W coinche", "S pass", "E pass!", "N pass"}
			both = append(both,
				bidCase{name: "maison: window bidder then partner", moves: []string{"S 80H", "E pass", "N 90H", "W coinche", "S surcoinche!", "N pass", "W pass!", "S pass"},
					phase: PhasePlay, contract: "90H", takers: "NS", mult: 2},
				bidCase{name: "maison: partner surcoinches", moves: []string{"S 80H", "W coinche", "E coinche!", "S pass", "N surcoinche"},
					phase: PhasePlay, contract: "80H", takers: "NS", mult: 4},
				bidCase{name: "maison: coinche while own turn comes", moves: []string{"S 80H", "E pass", "N pass", "E coinche", "S pass", "N pass"},
					phase: PhasePlay, contract: "80H", takers: "NS", mult: 2},
				bidCase{name: "maison: out of turn list", moves: []string{"S 80H", "E pass"},
					phase: PhaseBidding, toAct: "N W E"},
				bidCase{name: "maison: no coinche after the auction closed", moves: []string{"S 80H", "E pass", "N pass", "W pass", "E coinche!"},
					phase: PhasePlay, contract: "80H", takers: "NS", mult: 1},
			)
		}
		for _, c := range both {
			c.name = st.String() + "/" + c.name
			c.mode, c.setting = Coinche, st
			if c.dealer == 0 && !strings.Contains(c.name, "S18") {
				c.dealer = card.West
			}
			cases = append(cases, c)
		}
	}
	runBidCases(t, cases)
}

// TestScenarioS25 is belote-scenarios S25: coinche out of turn.
func TestScenarioS25(t *testing.T) {
	for _, st := range []Setting{Maison, Official} {
		t.Run(st.String(), func(t *testing.T) {
			d := engNewDeal(t, Rules{Mode: Coinche, Setting: st}, card.West, card.Deck32())
			engRun(t, d, []string{"S 80H", "N coinche!"})
			if st == Maison {
				if !slices.Contains(d.ToAct(), card.West) || !slices.Equal(d.Legal(card.West), []string{"coinche"}) {
					t.Fatalf("W may not coinche out of turn: ToAct %v Legal %v", d.ToAct(), d.Legal(card.West))
				}
				engRun(t, d, []string{"W coinche", "E 90H!", "S 90H!"})
				if a := d.Auction(); a.Coinche != 2 || a.Coincher != card.West {
					t.Fatalf("auction %+v", a)
				}
				if !slices.Equal(d.ToAct(), []card.Seat{card.South}) || !slices.Equal(d.Legal(card.South), []string{"pass", "surcoinche"}) {
					t.Fatalf("window: ToAct %v legal %v", d.ToAct(), d.Legal(card.South))
				}
				engRun(t, d, []string{"S pass", "N pass"})
			} else {
				if d.Legal(card.West) != nil && len(d.Legal(card.West)) != 0 {
					t.Fatalf("W has legal actions out of turn: %v", d.Legal(card.West))
				}
				engRun(t, d, []string{"W coinche!", "E pass", "N pass", "W coinche", "S 90H!", "E surcoinche!"})
				if !slices.Equal(d.Legal(card.South), []string{"pass", "surcoinche"}) {
					t.Fatalf("S legal %v", d.Legal(card.South))
				}
				engRun(t, d, []string{"S pass"})
				if !slices.Equal(d.Legal(card.East), []string{"pass"}) {
					t.Fatalf("E legal %v", d.Legal(card.East))
				}
				engRun(t, d, []string{"E pass", "N pass"})
			}
			c, ok := d.Contract()
			if !ok || c.String() != "80H" || c.Takers() != card.NS || c.Coinche != 2 {
				t.Fatalf("contract %+v", c)
			}
			if d.Phase() != PhasePlay || d.Turn() != card.South {
				t.Fatalf("S does not lead trick 1: phase %v turn %v", d.Phase(), d.Turn())
			}
		})
	}
}

func TestLegalCallsCoinche(t *testing.T) {
	d := engNewDeal(t, Rules{Mode: Coinche}, card.West, card.Deck32())
	if got := len(d.Legal(card.South)); got != 1+9*4+4 {
		t.Errorf("opening: %d calls", got)
	}
	engRun(t, d, []string{"S 150H"})
	want := []string{"pass", "160S", "160H", "160D", "160C", "capotS", "capotH", "capotD", "capotC", "coinche"}
	if got := d.Legal(card.East); !slices.Equal(got, want) {
		t.Errorf("after 150H: %v, want %v", got, want)
	}
	// every listed call is accepted, and every listed call only
	for _, s := range card.Seats {
		legal := d.Legal(s)
		for _, a := range allCalls() {
			c := d.Clone()
			err := c.Do(s, a)
			if (err == nil) != slices.Contains(legal, a.String()) {
				t.Errorf("%v %v: err %v, legal %v", s, a, err, legal)
			}
		}
	}
}

// allCalls lists every call of every mode.
func allCalls() []Action {
	out := []Action{CallPass, CallTake, CallCoinche, CallSurcoinche}
	for _, s := range card.Suits {
		out = append(out, NameSuit(s), Bid(CapotBid, s))
		for v := 80; v <= 160; v += 10 {
			out = append(out, Bid(v, s))
		}
	}
	for _, s := range []card.Suit{NoSuit, AllTrump} {
		out = append(out, Bid(CapotBid, s))
		for v := 80; v <= 160; v += 10 {
			out = append(out, Bid(v, s))
		}
	}
	return out
}
