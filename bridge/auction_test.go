package bridge

import (
	"errors"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// auctionOf plays the space-separated calls from dealer, failing the test on
// an illegal one.
func auctionOf(t testing.TB, dealer card.Seat, calls string) Auction {
	t.Helper()
	a := NewAuction(dealer)
	for _, w := range strings.Fields(calls) {
		c, err := ParseCall(w)
		if err != nil {
			t.Fatalf("bad call %q: %v", w, err)
		}
		if err := a.Add(c); err != nil {
			t.Fatalf("auction %q: call %d: %v", calls, a.Len()+1, err)
		}
	}
	return a
}

func TestAuctionLegality(t *testing.T) {
	tests := []struct {
		name    string
		before  string // calls from dealer North
		call    string
		wantErr string // "" if legal; else the exact error text
	}{
		{"opening bid", "", "1C", ""},
		{"opening pass", "", "P", ""},
		{"fourth seat opens", "P P P", "1C", ""},
		{"higher strain same level", "1C", "1D", ""},
		{"higher level", "1NT", "2C", ""},
		{"same bid", "1C P", "1C", "bridge: S cannot call 1C: insufficient bid: the last bid is 1C"},
		{"lower strain", "1S P", "1H", "bridge: S cannot call 1H: insufficient bid: the last bid is 1S"},
		{"lower level", "2C", "1NT", "bridge: E cannot call 1NT: insufficient bid: the last bid is 2C"},
		{"nothing above 7NT", "7NT P", "7NT", "bridge: S cannot call 7NT: insufficient bid: the last bid is 7NT"},
		{"bid after double", "1C X", "1D", ""},
		{"bid after redouble", "1C X XX", "2C", ""},
		{"insufficient after double", "1H X", "1D", "bridge: S cannot call 1D: insufficient bid: the last bid is 1H"},

		{"double opponent", "1C", "X", ""},
		{"double in balancing seat", "1C P P", "X", ""},
		{"double with no bid", "", "X", "bridge: N cannot call X: there is no bid to double"},
		{"double after passes only", "P P", "X", "bridge: S cannot call X: there is no bid to double"},
		{"double partner", "1C P", "X", "bridge: S cannot call X: the last bid, 1C by N, is your own side's"},
		{"double own side after opponents pass", "1C P P P", "X", "bridge: N cannot call X: the auction is over"},
		{"double twice", "1C X P", "X", "bridge: W cannot call X: 1C is already doubled"},
		{"double a redouble", "1C X XX", "X", "bridge: W cannot call X: 1C is redoubled"},
		{"double new bid after double", "1C X 1D", "X", ""},
		{"double old bid after new bid", "1C P 1D", "X", ""},

		{"redouble", "1C X", "XX", ""},
		{"redouble by bidder after passes", "1C X P P", "XX", ""},
		{"redouble undoubled", "1C", "XX", "bridge: E cannot call XX: 1C is not doubled"},
		{"redouble undoubled by partner", "1C P", "XX", "bridge: S cannot call XX: 1C is not doubled"},
		{"redouble with no bid", "P", "XX", "bridge: E cannot call XX: there is no bid to redouble"},
		{"redouble by the doublers' side", "1C X P", "XX", "bridge: W cannot call XX: only the side that bid 1C may redouble"},
		{"redouble own double", "1C X P", "XX", "bridge: W cannot call XX: only the side that bid 1C may redouble"},
		{"redouble twice", "1C X XX P P", "XX", "bridge: E cannot call XX: 1C is already redoubled"},
		{"redouble after new bid", "1C X 1H", "XX", "bridge: W cannot call XX: 1H is not doubled"},

		{"after the end", "1C P P P", "1D", "bridge: N cannot call 1D: the auction is over"},
		{"pass after the end", "1C X P P P", "P", "bridge: E cannot call P: the auction is over"},
		{"after passed out", "P P P P", "1C", "bridge: N cannot call 1C: the auction is over"},
		{"not a bid", "", "8C", "bridge: N cannot call 8C: not a bid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := auctionOf(t, card.North, tt.before)
			var c Call
			if tt.call == "8C" {
				c = Call{Kind: Bid, Level: 8, Strain: StrainClubs}
			} else {
				c = mustCall(t, tt.call)
			}
			before := a
			err := a.Add(c)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Add(%s) after %q: %v", tt.call, tt.before, err)
				}
				if got := a.Calls()[a.Len()-1]; got != c {
					t.Errorf("last call = %v, want %v", got, c)
				}
				if !containsCall(before.Legal(), c) {
					t.Errorf("Legal() after %q lacks %s", tt.before, c)
				}
				return
			}
			if err == nil {
				t.Fatalf("Add(%s) after %q: no error, want %q", tt.call, tt.before, tt.wantErr)
			}
			if err.Error() != tt.wantErr {
				t.Errorf("error = %q\nwant    %q", err, tt.wantErr)
			}
			var ie *IllegalError
			if !errors.As(err, &ie) || !errors.Is(err, game.ErrIllegal) {
				t.Errorf("error %T does not wrap ErrIllegal as *IllegalError", err)
			} else if ie.Trick != 0 || ie.Action != c.String() {
				t.Errorf("IllegalError = %+v", ie)
			}
			if a != before {
				t.Errorf("illegal call changed the auction")
			}
			if containsCall(before.Legal(), c) {
				t.Errorf("Legal() after %q lists illegal %s", tt.before, c)
			}
			if over := strings.HasSuffix(tt.wantErr, "over"); errors.Is(err, game.ErrOver) != over {
				t.Errorf("errors.Is(err, ErrOver) = %v, want %v", !over, over)
			}
		})
	}
}

func mustCall(t testing.TB, s string) Call {
	t.Helper()
	c, err := ParseCall(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func containsCall(cs []Call, c Call) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

func TestAuctionEnd(t *testing.T) {
	tests := []struct {
		dealer   card.Seat
		calls    string
		done     bool
		passed   bool
		contract string
		declarer string // "" when nobody bid
		toAct    card.Seat
	}{
		{card.North, "", false, false, "Pass", "", card.North},
		{card.North, "P P P", false, false, "Pass", "", card.West},
		{card.North, "P P P P", true, true, "Pass", "", card.North},
		{card.East, "P P P P", true, true, "Pass", "", card.East},
		{card.North, "1C", false, false, "1C", "N", card.East},
		{card.North, "1C P P", false, false, "1C", "N", card.West},
		{card.North, "1C P P P", true, false, "1C", "N", card.East},
		{card.North, "P P P 1C P P P", true, false, "1C", "W", card.South},
		{card.North, "1C X P P P", true, false, "1CX", "N", card.West},
		{card.North, "1C X XX P P P", true, false, "1CXX", "N", card.North},
		{card.North, "1C X P P XX P P P", true, false, "1CXX", "N", card.East},
		{card.North, "1C X P P XX P P", false, false, "1CXX", "N", card.West},
		{card.South, "1NT X P P P", true, false, "1NTX", "S", card.East},
	}
	for _, tt := range tests {
		a := auctionOf(t, tt.dealer, tt.calls)
		if a.Done() != tt.done || a.PassedOut() != tt.passed {
			t.Errorf("%s %q: Done=%v PassedOut=%v, want %v %v", tt.dealer, tt.calls, a.Done(), a.PassedOut(), tt.done, tt.passed)
		}
		if got := a.Contract().String(); got != tt.contract {
			t.Errorf("%s %q: Contract = %s, want %s", tt.dealer, tt.calls, got, tt.contract)
		}
		d, ok := a.Declarer()
		got := ""
		if ok {
			got = d.String()
		}
		if got != tt.declarer {
			t.Errorf("%s %q: Declarer = %q, want %q", tt.dealer, tt.calls, got, tt.declarer)
		}
		if !tt.done && a.ToAct() != tt.toAct {
			t.Errorf("%s %q: ToAct = %s, want %s", tt.dealer, tt.calls, a.ToAct(), tt.toAct)
		}
		if tt.done && a.Legal() != nil {
			t.Errorf("%s %q: Legal after the end = %v", tt.dealer, tt.calls, a.Legal())
		}
	}
}

func TestDeclarerRule(t *testing.T) {
	tests := []struct {
		dealer   card.Seat
		calls    string
		contract string
		declarer card.Seat
	}{
		// The player who first named the strain for the winning side.
		{card.North, "1H P 2H P P P", "2H", card.North},
		{card.North, "1H P 4H P P P", "4H", card.North},
		{card.North, "P 1S P 2S P 4S P P P", "4S", card.East},
		{card.North, "1C 1H 2C 2H P P P", "2H", card.East},
		{card.North, "1C P 1H P 1NT P 3NT P P P", "3NT", card.North},
		{card.North, "1C P 1S P 2H P 4S P P P", "4S", card.South},
		// An opponent naming the strain first does not count.
		{card.North, "P 1S 2S P 3S P P P", "3S", card.South},
		// Partner's later bid in the strain does not change declarer.
		{card.West, "1D P 1S P 2D P 3D P 5D P P P", "5D", card.West},
		// Doubled and redoubled contracts keep the rule.
		{card.East, "1NT X XX P P P", "1NTXX", card.East},
		{card.North, "1S 2H 2S 3H 3S 4H X P P P", "4HX", card.East},
		// A strain named by one partner, then by the other after a change.
		{card.North, "1C P 1D P 2C P 2D P 3NT P P P", "3NT", card.North},
		{card.North, "1C P 1D P 2C P 2D P 2NT P 3NT P P P", "3NT", card.North},
		{card.North, "1C P 1D P 1H P 1NT P 2NT P P P", "2NT", card.South},
		{card.North, "1C P 1NT P 3NT P P P", "3NT", card.South},
		{card.South, "P P 1H 1S 2H 2S 3H 3S P P 4H P P P", "4H", card.North},
	}
	for _, tt := range tests {
		a := auctionOf(t, tt.dealer, tt.calls)
		if !a.Done() {
			t.Fatalf("%q: auction not over", tt.calls)
		}
		d, ok := a.Declarer()
		if !ok || d != tt.declarer || a.Contract().String() != tt.contract {
			t.Errorf("%s %q: %s by %s, want %s by %s", tt.dealer, tt.calls, a.Contract(), d, tt.contract, tt.declarer)
		}
		if got := slowDeclarer(a.Calls(), tt.dealer); got != d {
			t.Errorf("%q: reference declarer %s, engine %s", tt.calls, got, d)
		}
	}
}

// slowDeclarer applies the declarer rule by scanning the calls.
func slowDeclarer(calls []Call, dealer card.Seat) card.Seat {
	last := -1
	for i, c := range calls {
		if c.Kind == Bid {
			last = i
		}
	}
	if last < 0 {
		return 0
	}
	side := card.Seat((int(dealer) + last) % 4).Side()
	for i, c := range calls {
		s := card.Seat((int(dealer) + i) % 4)
		if c.Kind == Bid && s.Side() == side && c.Strain == calls[last].Strain {
			return s
		}
	}
	panic("unreachable")
}

func TestLegalCalls(t *testing.T) {
	a := auctionOf(t, card.North, "1S X")
	got := a.Legal()
	if got[0] != PassCall || got[1] != RedoubleCall || got[2] != NewBid(1, NoTrump) || got[len(got)-1] != NewBid(7, NoTrump) {
		t.Errorf("Legal after 1S X = %v", got)
	}
	if len(got) != 2+31 {
		t.Errorf("Legal after 1S X has %d calls, want 33", len(got))
	}
	a = NewAuction(card.West)
	if got := a.Legal(); len(got) != 36 || got[0] != PassCall || got[1] != NewBid(1, StrainClubs) {
		t.Errorf("opening Legal = %v", got)
	}
	a = auctionOf(t, card.North, "7NT X XX")
	if got := a.Legal(); len(got) != 1 || got[0] != PassCall {
		t.Errorf("Legal after 7NT X XX = %v", got)
	}
}

// TestLongestAuction builds the longest legal auction, MaxCalls calls.
func TestLongestAuction(t *testing.T) {
	a := NewAuction(card.South)
	add := func(s string) {
		t.Helper()
		if err := a.Add(mustCall(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	add("P")
	add("P")
	add("P")
	for r := 0; r < 35; r++ {
		add(NewBid(r/5+1, Strain(r%5)).String())
		for _, c := range []string{"P", "P", "X", "P", "P", "XX", "P", "P"} {
			add(c)
		}
	}
	add("P")
	if !a.Done() || a.Len() != MaxCalls {
		t.Fatalf("Done=%v Len=%d, want true %d", a.Done(), a.Len(), MaxCalls)
	}
	if c := a.Contract().String(); c != "7NTXX" {
		t.Errorf("contract %s", c)
	}
	// 7NT was bid by the fourth caller from South after the three passes
	// ... the 35th bid is made by seat (3 + 34*9) mod 4 from South.
	want := card.Seat((int(card.South) + 3 + 34*9) % 4)
	if d, _ := a.Declarer(); d != slowDeclarer(a.Calls(), card.South) || want.Side() != d.Side() {
		t.Errorf("declarer %s", d)
	}
}

func TestCallCodeRoundTrip(t *testing.T) {
	for code := 0; code < codeBid+35; code++ {
		c := codeCall(uint8(code))
		if callCode(c) != uint8(code) {
			t.Errorf("code %d -> %v -> %d", code, c, callCode(c))
		}
	}
}
