package pbn

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

// TestDialects reads each writer's form as the writer meant it.
func TestDialects(t *testing.T) {
	book := mustParse(t, "book.pbn").Games[0]
	if c, d, ok := book.FinalContract(); !ok || c.String() != "3NT" || d != card.South {
		t.Errorf("book: contract %s by %s (%v), want 3NT by S (the leader's right-hand opponent)", c, d, ok)
	}
	if len(book.Play) != 52 || book.Play[0].Seat != card.West || book.Play[4].Seat != card.North {
		t.Errorf("book: play read as %v", book.Play[:8])
	}
	if n, ok := book.ResultTricks(); !ok || n != 5 {
		t.Errorf("book: %d tricks (%v)", n, ok)
	}
	if v, _ := book.Tag("Declarer"); v != "" {
		t.Errorf("book: Declarer %q, want it kept as written", v)
	}

	// [Result "NS 4"] with West declaring: EW took 9.
	if g := mustParse(t, "result-side.pbn").Games[0]; g.Claim != 9 {
		t.Errorf("Result NS 4: claim %d, want 9", g.Claim)
	}
	// [Auction "W"] padded with "-" while North deals.
	g := mustParse(t, "auction-padded.pbn").Games[0]
	if g.Dealer != card.North || len(g.Auction) != 9 || !g.AuctionComplete() {
		t.Errorf("padded auction: dealer %s, %d calls", g.Dealer, len(g.Auction))
	}
	if c, d, _ := g.FinalContract(); c.String() != "4H" || d != card.East {
		t.Errorf("padded auction: %s by %s", c, d)
	}
	// Tag pairs over two lines.
	g = mustParse(t, "split-tags.pbn").Games[0]
	if v, _ := g.Tag("Event"); v != "Dialects" || g.Board != 4 || g.Players[card.South] != "Di" {
		t.Errorf("split tags: Event %q board %d players %q", v, g.Board, g.Players)
	}
	if err := g.Deal.Validate(); err != nil || g.Deal[card.West].String() != "Q.A97.AT8532.A73" {
		t.Errorf("split Deal: %s (%v)", g.Deal, err)
	}
	if n, ok := g.ResultTricks(); !ok || n != 7 {
		t.Errorf("Result NS 6 with West declaring: %d (%v), want 7", n, ok)
	}
}

func TestParseResult(t *testing.T) {
	tests := []struct {
		v    string
		decl card.Seat
		n    int
		ok   bool
	}{
		{"=", card.North, 10, true},
		{"+1", card.North, 11, true},
		{" -3 ", card.East, 7, true},
		{"-11", card.East, 0, false},
		{"+4", card.East, 0, false},
		{"+0", card.East, 0, false},
		{"9", card.North, 9, true},
		{" 13 ", card.East, 13, true},
		{"NS 11", card.South, 11, true},
		{"NS 11", card.West, 2, true},
		{"EW 4", card.East, 4, true},
		{"EW 4", card.North, 9, true},
		{"E-W 0", card.North, 13, true},
		{"", card.North, 0, false},
		{"?", card.North, 0, false},
		{"NS", card.North, 0, false},
		{"NS 14", card.North, 0, false},
		{"XY 3", card.North, 0, false},
		{"-1", card.North, 9, true},
	}
	for _, tt := range tests {
		n, ok := bridge.ParseResult(tt.v, bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, tt.decl)
		if n != tt.n || ok != tt.ok {
			t.Errorf("ParseResult(%q, %s) = %d, %v; want %d, %v", tt.v, tt.decl, n, ok, tt.n, tt.ok)
		}
	}
}

// TestParseEach checks that a game that cannot be read leaves the games
// around it as they are, and that Parse still fails on it.
func TestParseEach(t *testing.T) {
	event := string(readFile(t, "event.pbn"))
	_, want := ParseEach([]byte(event))
	games := strings.Split(event, "\n\n")
	bad := []string{
		"[Event \"x\"]\n[Board \"9\"]\n[Deal \"N:AK\"]",               // a bad deal
		"[Board \"9\"]\n[Event \"never closed]",                       // a string not closed
		"[Board \"9\"]\n{commentary never closed",                     // commentary not closed
		"[Board \"9\"]\n[Auction \"N\"]\n1S 1Q",                       // not a call
		"[Board \"9\"]\n[Auction \"N\"]\n1S AP\n[Play \"E\"]\nSA \"x", // a string in the play
		"]]]", // garbage
	}
	for _, b := range bad {
		in := games[0] + "\n\n" + games[1] + "\n\n" + b + "\n\n" + strings.Join(games[2:], "\n\n")
		_, got := ParseEach([]byte(in))
		if len(got) != len(want)+1 {
			t.Errorf("%q: %d games, want %d", b, len(got), len(want)+1)
			continue
		}
		if got[2].Err == nil && got[2].Dropped == nil {
			t.Errorf("%q: no error", b)
		}
		if b != "]]]" && got[2].Board != "9" {
			t.Errorf("%q: board %q", b, got[2].Board)
		}
		others := append(append([]Game{}, got[:2]...), got[3:]...)
		for i := range want {
			if others[i].Err != nil || !equalRecords(others[i].Record, want[i].Record) {
				t.Errorf("%q: game %d changed: %v", b, i+1, others[i].Err)
			}
		}
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("%q: Parse accepts the file", b)
		}
	}
}

func equalRecords(a, b *bridge.Record) bool {
	x, _ := Format(a)
	y, _ := Format(b)
	return string(x) == string(y)
}

// TestDroppedSection checks that a game whose auction or play cannot be
// read keeps its deal and its tags, and that the forms "4C*" and "5D=1"
// are read.
func TestDroppedSection(t *testing.T) {
	head := "[Board \"1\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Declarer \"S\"]\n[Contract \"4C\"]\n[Result \"7\"]\n"
	_, games := ParseEach([]byte(head + "[Auction \"N\"]\n2NT AC 4C XS\n[Play \"W\"]\nS9 ST S7 S2\nZZ\n"))
	g := games[0]
	if g.Err != nil || g.Dropped == nil || g.Dropped.Line != 7 || !strings.Contains(g.Dropped.Msg, `"AC" is not a call`) {
		t.Fatalf("err %v, dropped %v", g.Err, g.Dropped)
	}
	r := g.Record
	if len(r.Auction) != 0 || len(r.Play) != 0 || r.Deal.Validate() != nil || r.HasAuctionTag() || r.HasPlayTag() {
		t.Errorf("record %+v", r)
	}
	if n, ok := r.ResultTricks(); !ok || n != 7 {
		t.Errorf("result %d %v", n, ok)
	}
	if _, err := Parse([]byte(head + "[Auction \"N\"]\n2NT AC\n")); err == nil || !strings.Contains(err.Error(), "line 7") {
		t.Errorf("Parse: %v", err)
	}

	f, err := Parse([]byte(head + "[Auction \"N\"]\n2NT* Pass 4C=1 Pass\nPass Pass\n[Note \"1:Gerber\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	a := f.Games[0].Auction
	if len(a) != 6 || !a[0].Alert || a[0].Call.String() != "2NT" || a[2].Note != "Gerber" || a[2].Call.String() != "4C" {
		t.Errorf("auction %+v", a)
	}
}
