package lin

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"atout/bridge"
	"atout/bridge/pbn"
	"atout/card"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustParse(t testing.TB, name string) *File {
	t.Helper()
	f, err := Parse(readFile(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

func mustPBN(t testing.TB, name string) []*bridge.Record {
	t.Helper()
	g, err := pbn.ParseGames(readFile(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

func calls(r *bridge.Record) []bridge.Call {
	out := make([]bridge.Call, len(r.Auction))
	for i, c := range r.Auction {
		out[i] = c.Call
	}
	return out
}

func plays(r *bridge.Record) []bridge.RecordCard {
	out := make([]bridge.RecordCard, len(r.Play))
	for i, c := range r.Play {
		out[i] = bridge.RecordCard{Seat: c.Seat, Card: c.Card}
	}
	return out
}

// sameGame compares what both formats carry: the setting, the auction,
// the play and the claim.
func sameGame(t *testing.T, what string, a, b *bridge.Record) {
	t.Helper()
	if a.Board != b.Board || a.Dealer != b.Dealer || a.Vul != b.Vul || a.Deal != b.Deal {
		t.Errorf("%s: board %d/%d dealer %s/%s vul %s/%s deal\n%s\n%s", what, a.Board, b.Board, a.Dealer, b.Dealer, a.Vul, b.Vul, a.Deal, b.Deal)
	}
	if !reflect.DeepEqual(calls(a), calls(b)) {
		t.Errorf("%s: auction %v / %v", what, calls(a), calls(b))
	}
	if !reflect.DeepEqual(plays(a), plays(b)) {
		t.Errorf("%s: play\n%v\n%v", what, plays(a), plays(b))
	}
	if a.Claim != b.Claim {
		t.Errorf("%s: claim %d / %d", what, a.Claim, b.Claim)
	}
}

func TestEventMatchesPBN(t *testing.T) {
	f := mustParse(t, "event.lin")
	p := mustPBN(t, "event.pbn")
	if len(f.Boards) != len(p) {
		t.Fatalf("%d boards, PBN has %d", len(f.Boards), len(p))
	}
	for i := range p {
		sameGame(t, "board "+p[i].Tags[0].Value, f.Boards[i], p[i])
		if f.Boards[i].Players != p[i].Players {
			t.Errorf("board %d: players %q / %q", i+1, f.Boards[i].Players, p[i].Players)
		}
		for _, tag := range []string{"Contract", "Declarer", "Result"} {
			a, _ := f.Boards[i].Tag(tag)
			b, _ := p[i].Tag(tag)
			if a != b {
				t.Errorf("board %d: %s %q, PBN %q", i+1, tag, a, b)
			}
		}
	}
	// Board 2 leaves out East's hand: it is restored.
	if err := f.Boards[1].Deal.Validate(); err != nil {
		t.Error(err)
	}
}

func TestMatch(t *testing.T) {
	f := mustParse(t, "match.lin")
	if len(f.Header) != 5 || f.Header[0].Key != "vg" || f.Header[4] != (Pair{"mp", "0,0"}) {
		t.Errorf("header = %q", f.Header)
	}
	if len(f.Boards) != 3 {
		t.Fatalf("%d boards", len(f.Boards))
	}
	o1, c1, o2 := f.Boards[0], f.Boards[1], f.Boards[2]
	if room, _ := o1.Tag("Room"); room != "Open" || o1.Board != 1 {
		t.Errorf("o1: room %q board %d", room, o1.Board)
	}
	if room, _ := c1.Tag("Room"); room != "Closed" || c1.Board != 1 {
		t.Errorf("c1: room %q board %d", room, c1.Board)
	}
	if o1.Players != [4]string{"Bea", "Ivo", "Dov", "Eli"} {
		t.Errorf("open room players %q", o1.Players)
	}
	if c1.Players != [4]string{"Kim", "Rex", "Max", "Sol"} {
		t.Errorf("closed room players %q", c1.Players)
	}
	if a := o1.Auction[0]; !a.Alert || a.Note != "20-21 balanced" || o1.Auction[1].Alert {
		t.Errorf("alert: %+v", o1.Auction[:2])
	}
	if o1.Claim != 7 || len(o1.Play) != 8 || o1.Play[4].Seat != card.North || o1.Play[7].Seat != card.West {
		t.Errorf("o1 play %v claim %d", o1.Play, o1.Claim)
	}
	if c1.Claim != 9 || len(c1.Play) != 0 {
		t.Errorf("c1 claim %d", c1.Claim)
	}
	if v, _ := c1.Tag("Result"); v != "9" {
		t.Errorf("c1 Result = %q", v)
	}
	if c, d, _ := c1.FinalContract(); c.String() != "3NT" || d != card.North {
		t.Errorf("c1 contract %s by %s", c, d)
	}
	if o2.Board != 2 || o2.Dealer != card.East || o2.Vul != bridge.VulNS || o2.Deal.Validate() != nil {
		t.Errorf("o2: %d %s %s %v", o2.Board, o2.Dealer, o2.Vul, o2.Deal.Validate())
	}
}

func TestPartial(t *testing.T) {
	f := mustParse(t, "partial.lin")
	if len(f.Boards) != 2 {
		t.Fatalf("%d boards", len(f.Boards))
	}
	if a := f.Boards[0]; a.AuctionComplete() || len(a.Auction) != 3 {
		t.Errorf("incomplete auction read as %v", calls(a))
	}
	b := f.Boards[1]
	if len(b.Play) != 5 || b.Play[4].Seat != card.South || b.Claim != bridge.RecordNoClaim {
		t.Errorf("partial play %v claim %d", b.Play, b.Claim)
	}
	if v, _ := b.Tag("Result"); v != "?" {
		t.Errorf("Result = %q", v)
	}
}

func linFiles(t testing.TB) []string {
	m, err := filepath.Glob("testdata/*.lin")
	if err != nil || len(m) == 0 {
		t.Fatal("no testdata", err)
	}
	return m
}

func TestRoundTrip(t *testing.T) {
	for _, path := range linFiles(t) {
		name := filepath.Base(path)
		f := mustParse(t, name)
		var b bytes.Buffer
		if err := Write(&b, f); err != nil {
			t.Fatal(err)
		}
		g, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("%s: rereading: %v\n%s", name, err, b.String())
		}
		if !reflect.DeepEqual(f, g) {
			t.Errorf("%s: round trip differs\n%s", name, b.String())
		}
	}
}

func TestGolden(t *testing.T) {
	for _, path := range linFiles(t) {
		name := filepath.Base(path)
		var b bytes.Buffer
		if err := Write(&b, mustParse(t, name)); err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "golden", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: output differs from %s:\n%s", name, golden, b.String())
		}
	}
}

// TestPBNToLINToPBN checks that a trip through LIN keeps the deal, the
// auction, the play and the claim of every PBN sample.
func TestPBNToLINToPBN(t *testing.T) {
	m, _ := filepath.Glob("testdata/*.pbn")
	if len(m) == 0 {
		t.Fatal("no PBN testdata")
	}
	for _, path := range m {
		name := filepath.Base(path)
		games := mustPBN(t, name)
		var l bytes.Buffer
		if err := WriteBoards(&l, games); err != nil {
			t.Fatal(err)
		}
		back, err := ParseBoards(l.Bytes())
		if err != nil {
			t.Fatalf("%s: LIN: %v\n%s", name, err, l.String())
		}
		var p bytes.Buffer
		if err := pbn.WriteGames(&p, back); err != nil {
			t.Fatal(err)
		}
		again, err := pbn.ParseGames(p.Bytes())
		if err != nil {
			t.Fatalf("%s: PBN again: %v\n%s", name, err, p.String())
		}
		if len(again) != len(games) {
			t.Fatalf("%s: %d games, then %d", name, len(games), len(again))
		}
		for i := range games {
			sameGame(t, name, games[i], again[i])
			sameGame(t, name+" (LIN)", games[i], back[i])
			for j := range games[i].Auction {
				if games[i].Auction[j].Note != back[i].Auction[j].Note {
					t.Errorf("%s: note of call %d: %q / %q", name, j+1, games[i].Auction[j].Note, back[i].Auction[j].Note)
				}
			}
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		in   string
		line int
		key  string
		msg  string
	}{
		{"md|5SAK,,,|", 1, "md", "dealer"},
		{"md|3SAKA,,,|", 1, "md", "twice"},
		{"md|3AK,,,|", 1, "md", "before a suit"},
		{"md|3SAKQJT98765432H2,,,|", 1, "md", "14 cards"},
		{"md|3SA,SA,,|", 1, "md", "dealt twice"},
		{"md|3S2,,,,|", 1, "md", "5 hands"},
		{"pn|a,b,c,d|\nmd|3SA|mb|1Q|", 2, "mb", "not a call"},
		{"md|3SA|\n\nmb|p|pc|Z9|", 3, "pc", "not a card"},
		{"mc|14|", 1, "mc", "0 to 13"},
		{"sv|q|", 1, "sv", "vulnerability"},
		{"|x|", 1, "", "without a key"},
		{"md|3SA|garbage", 1, "", "not a key|value| pair"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || se.Key != tt.key || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%q: %v, want line %d key %q containing %q", tt.in, se, tt.line, tt.key, tt.msg)
		}
	}
}

func TestLenient(t *testing.T) {
	// Upper-case keys, 10 for the ten, suits in any order, no closing bar,
	// unknown keys.
	f, err := Parse([]byte("\ufeffMD|1C2D3H4S1098,,,|zz|whatever|SV|B|AH|Board 12|mb|P|mb|1n|an|15-17"))
	if err != nil {
		t.Fatal(err)
	}
	r := f.Boards[0]
	if r.Deal[card.South].String() != "T98.4.3.2" || r.Dealer != card.South || r.Vul != bridge.VulAll || r.Board != 12 {
		t.Errorf("%s %s %s %d", r.Deal[card.South], r.Dealer, r.Vul, r.Board)
	}
	if len(r.Auction) != 2 || r.Auction[1].Call.String() != "1NT" || r.Auction[1].Note != "15-17" {
		t.Errorf("auction %+v", r.Auction)
	}
	// No ah: boards are numbered in order, dealer and vulnerability follow.
	f, err = Parse([]byte("md|SA|\nmd|SK|\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b := f.Boards[1]; b.Board != 2 || b.Dealer != card.East || b.Vul != bridge.VulNS {
		t.Errorf("board %d dealer %s vul %s", b.Board, b.Dealer, b.Vul)
	}
}

// FuzzParseLIN checks that the parser never panics and that whatever it
// reads survives a write and a second read unchanged.
func FuzzParseLIN(f *testing.F) {
	for _, path := range linFiles(f) {
		f.Add(readFile(f, filepath.Base(path)))
	}
	f.Add([]byte("qx|c3|pn|a,b,c,d,e,f,g,h|md|0|mb|1S!|an|x|pc|SA|mc|3|"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		var b bytes.Buffer
		if err := Write(&b, a); err != nil {
			t.Fatal(err)
		}
		c, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("rereading: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(a.Boards, c.Boards) {
			t.Fatalf("round trip differs:\n%+v\n%+v\n%s", a.Boards, c.Boards, b.String())
		}
	})
}

func BenchmarkParse(b *testing.B) {
	data := readFile(b, "event.lin")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseBoardsLines checks that every call and card gets the line of its
// pair: one board a line in event.lin.
func TestParseBoardsLines(t *testing.T) {
	for _, name := range []string{"event.lin", "match.lin", "partial.lin"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		recs, lines, err := ParseBoardsLines(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != len(recs) {
			t.Fatalf("%s: %d Lines for %d boards", name, len(lines), len(recs))
		}
		for i, r := range recs {
			l := lines[i]
			if l.Game <= 0 || len(l.Auction) != len(r.Auction) || len(l.Play) != len(r.Play) {
				t.Errorf("%s board %d: lines %+v for %d calls, %d cards", name, i+1, l, len(r.Auction), len(r.Play))
			}
			if name == "event.lin" {
				for _, n := range append(append([]int{l.Game}, l.Auction...), l.Play...) {
					if n != i+1 {
						t.Errorf("%s board %d: lines %+v, want all %d", name, i+1, l, i+1)
						break
					}
				}
			}
		}
	}
}
