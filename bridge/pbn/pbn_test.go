package pbn

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

func cards(t testing.TB, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestParseEvent(t *testing.T) {
	f := mustParse(t, "event.pbn")
	if len(f.Games) != 4 {
		t.Fatalf("games = %d, want 4", len(f.Games))
	}
	if want := []string{" PBN 2.1", " EXPORT", " Content-type: text/x-pbn; charset=UTF-8", " Creator: Atout example"}; !reflect.DeepEqual(f.Directives, want) {
		t.Errorf("directives = %q", f.Directives)
	}
	g := f.Games[1]
	if g.Board != 2 || g.Dealer != card.East || g.Vul != bridge.VulNS {
		t.Errorf("board 2: board %d dealer %s vul %s", g.Board, g.Dealer, g.Vul)
	}
	if g.Players != [4]string{"Eli", "Rex", "Max", "Sol"} {
		t.Errorf("players = %q", g.Players)
	}
	wantDeal, _ := bridge.ParseDeal("E:AKJT.A987.K98.J4 843.T4.JT652.763 97.J652.Q7.AT952 Q652.KQ3.A43.KQ8")
	if g.Deal != wantDeal {
		t.Errorf("deal = %s", g.Deal)
	}
	if len(g.Auction) != 17 || !g.AuctionComplete() {
		t.Errorf("auction: %d calls, complete %v", len(g.Auction), g.AuctionComplete())
	}
	c, decl, ok := g.FinalContract()
	if !ok || c.String() != "4NT" || decl != card.South {
		t.Errorf("contract %s by %s (%v)", c, decl, ok)
	}
	if len(g.Play) != 52 || g.Claim != bridge.RecordNoClaim {
		t.Errorf("play %d cards, claim %d", len(g.Play), g.Claim)
	}
	// The order of play of board 2, as the LIN of the same event has it.
	want := cards(t, "CA C8 CJ C3 DQ DA DK D2 HK H9 H4 H5 CK C4 C6 C5 S6 ST S3 S9")
	for i, w := range want {
		if g.Play[i].Card != w {
			t.Fatalf("card %d = %s, want %s", i+1, g.Play[i].Card, w)
		}
	}
	if g.Play[0].Seat != card.West || g.Play[4].Seat != card.West || g.Play[8].Seat != card.North {
		t.Errorf("seats of leads: %s %s %s", g.Play[0].Seat, g.Play[4].Seat, g.Play[8].Seat)
	}
	for i, w := range []int{7, 9, 9, 9} {
		n, ok := f.Games[i].ResultTricks()
		if !ok || n != w {
			t.Errorf("board %d: tricks %d, want %d", i+1, n, w)
		}
	}
}

func TestParseQuirks(t *testing.T) {
	f := mustParse(t, "quirks.pbn")
	if len(f.Games) != 3 {
		t.Fatalf("games = %d, want 3", len(f.Games))
	}
	g := f.Games[0]
	if v, _ := g.Tag("Event"); v != "Club night" {
		t.Errorf("Event = %q (trailing spaces should go)", v)
	}
	if v, _ := g.Tag("Date"); v != "20151006" {
		t.Errorf("Date = %q", v)
	}
	if g.Board != 5 || g.Dealer != card.North || g.Vul != bridge.VulNS {
		t.Errorf("board %d dealer %s vul %s", g.Board, g.Dealer, g.Vul)
	}
	if g.Deal[card.North].String() != "KT.J8.K98762.T65" || g.Deal.Validate() != nil {
		t.Errorf("deal with suit letters read as %s", g.Deal)
	}
	if !reflect.DeepEqual(g.Comments, []string{" opening commentary of the first game "}) {
		t.Errorf("comments = %q", g.Comments)
	}
	// AP completes the auction after 4H: Pass 1H Pass 2H Pass 4H Pass Pass Pass.
	if len(g.Auction) != 9 || !g.AuctionComplete() {
		t.Fatalf("auction: %d calls", len(g.Auction))
	}
	if g.Auction[1].Note != "five or more hearts" || !reflect.DeepEqual(g.Auction[3].Annots, []string{"!"}) ||
		!reflect.DeepEqual(g.Auction[5].Annots, []string{"$4"}) {
		t.Errorf("notes/annotations: %+v", g.Auction)
	}
	if v, _ := g.Tag("Declarer"); v != "?" {
		t.Errorf("Declarer as written = %q", v)
	}
	c, decl, _ := g.FinalContract()
	if c.String() != "4H" || decl != card.East {
		t.Errorf("contract from the auction: %s by %s", c, decl)
	}
	if len(g.Play) != 4 || g.Play[0].Seat != card.South || g.Claim != bridge.RecordNoClaim {
		t.Errorf("play %+v claim %d", g.Play, g.Claim)
	}
	if idx := indexOf(g.Tags, "Auction"); idx < 0 || g.Tags[idx-1].Name != "Result" ||
		!reflect.DeepEqual(g.Tags[idx-1].Comments, []string{" a comment-only line"}) {
		t.Errorf("comment-only line not kept after Result: %+v", g.Tags)
	}
	dd, err := ParseDoubleDummyTricks(must(g.Tag("DoubleDummyTricks")))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := ParseOptimumResultRows(g.TagRows("OptimumResultTable"))
	if err != nil || rows != dd {
		t.Errorf("OptimumResultTable %v differs from DoubleDummyTricks %v (%v)", rows, dd, err)
	}
	if dd[card.West][bridge.StrainDiamonds] != 12 || dd[card.South][bridge.StrainClubs] != 10 {
		t.Errorf("dd = %v", dd)
	}
	st := g.TagRows("ScoreTable")
	if len(st) != 2 || !reflect.DeepEqual(st[1], []string{"3", "4", "3NT", "N", "9", "400"}) {
		t.Errorf("ScoreTable rows = %q", st)
	}

	g = f.Games[1]
	if v, _ := g.Tag("Event"); v != "Club night" {
		t.Errorf("# Event = %q", v)
	}
	if g.Players[card.West] != "Ann" || g.Vul != bridge.VulAll {
		t.Errorf("# players %q, vul %s", g.Players, g.Vul)
	}
	if g.Deal.Validate() != nil || g.Deal[card.South].String() != "843.T4.JT652.763" {
		t.Errorf("unknown hand not restored: %s", g.Deal)
	}
	if g.Claim != 8 || len(g.Play) != 8 || g.Play[0].Note != "attitude lead" {
		t.Errorf("claim %d, play %+v", g.Claim, g.Play)
	}
	if v, _ := g.Tag("Another"); v != `tag "quoted" value` {
		t.Errorf("escaped value = %q", v)
	}
	if i, j := indexOf(g.Tags, "Unknown_Tag"), indexOf(g.Tags, "Another"); i < 0 || j < i {
		t.Errorf("unknown tags out of order: %d %d", i, j)
	}

	g = f.Games[2]
	if g.Vul != bridge.VulNone || len(g.Auction) != 4 {
		t.Errorf("passed out: vul %s, %d calls", g.Vul, len(g.Auction))
	}
	if c, _, ok := g.FinalContract(); !ok || !c.IsPass() {
		t.Errorf("contract %s", c)
	}
}

func must(s string, _ bool) string { return s }

func indexOf(tags []bridge.RecordTag, name string) int {
	for i, t := range tags {
		if t.Name == name {
			return i
		}
	}
	return -1
}

func TestPartialAndClaim(t *testing.T) {
	f := mustParse(t, "partial.pbn")
	if g := f.Games[0]; g.AuctionComplete() || len(g.Auction) != 5 {
		t.Errorf("incomplete auction: %d calls complete=%v", len(g.Auction), g.AuctionComplete())
	}
	g := f.Games[1]
	if len(g.Play) != 10 || g.Claim != bridge.RecordNoClaim {
		t.Errorf("partial play: %d cards, claim %d", len(g.Play), g.Claim)
	}
	if last := g.Play[9]; last.Seat != card.North || last.Card != card.MustParse("S8") {
		t.Errorf("last card %+v", last)
	}
	c := mustParse(t, "claim.pbn").Games[0]
	if c.Claim != 7 || len(c.Play) != 19 {
		t.Errorf("claim %d after %d cards", c.Claim, len(c.Play))
	}
}

func testFiles(t testing.TB) []string {
	m, err := filepath.Glob("testdata/*.pbn")
	if err != nil || len(m) == 0 {
		t.Fatal("no testdata", err)
	}
	return m
}

func TestRoundTrip(t *testing.T) {
	for _, path := range testFiles(t) {
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
			t.Errorf("%s: round trip differs", name)
			for i := range f.Games {
				if i < len(g.Games) && !reflect.DeepEqual(f.Games[i], g.Games[i]) {
					t.Errorf("game %d:\n%+v\n%+v", i, f.Games[i], g.Games[i])
				}
			}
		}
	}
}

func TestGolden(t *testing.T) {
	for _, path := range testFiles(t) {
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

func TestSyntaxErrors(t *testing.T) {
	head := "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n"
	tests := []struct {
		in   string
		line int
		msg  string
	}{
		{"[Event \"x\"\n", 1, "want ]"},
		{"[Event x]\n", 1, "quoted value"},
		{"[ \"x\"]\n", 1, "without a name"},
		{"[Event \"x]\n", 1, "not closed"},
		{"{never closed\n[Event \"x\"]\n", 1, "not closed"},
		{"]\n", 1, "unexpected"},
		{"1S Pass\n", 1, "outside a section"},
		{head + "[Board \"x\"]\n[Deal \"N:AK\"]\n", 5, "Deal"},
		{head + "[Vulnerable \"Sometimes\"]\n", 4, "vulnerability"},
		{"[Board \"-3\"]\n", 1, "board number"},
		{"[Dealer \"Q\"]\n", 1, "not a seat"},
		{head + "[Auction \"N\"]\n1S 1H 1Q\n", 5, `"1Q" is not a call`},
		{head + "[Auction \"N\"]\n1S Pass Pass Pass\n2S\n", 6, "after the auction is over"},
		{head + "[Auction \"N\"]\n1S *\nPass\n", 6, "after the end"},
		{head + "[Auction \"E\"]\n1S\n", 4, "dealer is N"},
		{head + "[Auction \"N\"]\n1S AP\n[Play \"E\"]\nSA SK SQ SJ\nZZ\n", 8, `"ZZ" is not a card`},
		{head + "[Play \"?\"]\nSA SK SQ SJ\n", 4, "leader is not known"},
		{head + "[Play \"W\"]\nSA SK SQ SJ\nHA HK HQ HJ\n", 4, "winner"},
		{head + "[Contract \"4S\"][Play \"W\"]\n- SK SQ SJ\n", 4, "after W played no card"},
		{head + "[Auction \"N\"]\n1S\n[Auction \"N\"]\n", 6, "second Auction"},
		{head + "[Contract \"4S\"]\n", 0, ""},
		{head + "[Note \"1:x\"] 1S\n", 4, "no data section"},
		{head + "[Deal \"N:AKQJT98765432... - - -\"][Deal \"#\"] x\n", 0, ""},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		if tt.msg == "" {
			if tt.line == 0 && err != nil {
				// Inputs that parse: still must not fail with a non-syntax error.
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Errorf("%q: %v", tt.in, err)
				}
			}
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%q: line %d %q, want line %d containing %q", tt.in, se.Line, se.Msg, tt.line, tt.msg)
		}
	}
}

func TestLineEndsAndBOM(t *testing.T) {
	lf := readFile(t, "event.pbn")
	crlf := append([]byte("\ufeff"), bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))...)
	a, err := Parse(lf)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse(crlf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("CRLF + BOM file reads differently")
	}
	// An error in a CRLF file names the right line.
	_, err = Parse([]byte("[Event \"x\"]\r\n\r\n[Board \"1\"]\r\n[Deal \"N:bad\"]\r\n"))
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 4 {
		t.Errorf("error %v, want line 4", err)
	}
}

func TestWriteBuiltRecord(t *testing.T) {
	deal := bridge.RandomDeal(card.NewRand(7))
	r := bridge.NewRecord(3, deal)
	r.Players = [4]string{"N1", "E1", "S1", "W1"}
	r.SetTag("Event", "Built")
	for _, s := range []string{"P", "1NT", "P", "3NT", "P", "P", "P"} {
		c, _ := bridge.ParseCall(s)
		r.Auction = append(r.Auction, bridge.RecordCall{Call: c})
	}
	r.Claim = 9
	dd := DDTable{}
	dd[card.North][bridge.NoTrump] = 11
	SetDoubleDummy(r, dd)
	r.SetTag("OptimumScore", "NS 460")
	out, err := Format(r)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`[Board "3"]`, `[Dealer "S"]`, `[Vulnerable "EW"]`, `[Declarer "W"]`, `[Contract "3NT"]`,
		`[Result "9"]`, "[Auction \"S\"]\nPass 1NT Pass 3NT\nPass Pass Pass\n", "[Play \"N\"]\n*\n",
		`[DoubleDummyTricks "b0000000000000000000"]`, "N NT 11\nN S 0\n", `[OptimumScore "NS 460"]`} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	g, err := ParseGames(out)
	if err != nil {
		t.Fatal(err)
	}
	if g[0].Claim != 9 || g[0].Deal != deal || len(g[0].Auction) != 7 {
		t.Errorf("reread: %+v", g[0])
	}
}

func TestDoubleDummyTricks(t *testing.T) {
	var dd DDTable
	for s := range dd {
		for st := range dd[s] {
			dd[s][st] = (s*5 + st) % 14
		}
	}
	v := FormatDoubleDummyTricks(dd)
	if len(v) != 20 {
		t.Fatalf("%q", v)
	}
	back, err := ParseDoubleDummyTricks(v)
	if err != nil || back != dd {
		t.Errorf("%q -> %v (%v)", v, back, err)
	}
	rows, err := ParseOptimumResultRows(OptimumResultRows(dd))
	if err != nil || rows != dd {
		t.Errorf("rows -> %v (%v)", rows, err)
	}
	for _, bad := range []string{"", "123", "66784774aa66776777cz", "66784774aa66776777ce"} {
		if _, err := ParseDoubleDummyTricks(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// FuzzParsePBN checks that the parser never panics and that whatever it
// reads survives a write and a second read unchanged.
func FuzzParsePBN(f *testing.F) {
	for _, path := range testFiles(f) {
		f.Add(readFile(f, filepath.Base(path)))
	}
	f.Add([]byte("[Play \"N\"]\nSA - - -\n"))
	f.Add([]byte("[Auction \"N\"]\n1S =1= ^S $3 !?\n[Note \"1:x\"]\n[ScoreTable \"A;B\"]\n1 2 3\n"))
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
			return // a record the writer cannot express (two cards of one seat in a trick)
		}
		c, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("rereading: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(a.Games, c.Games) {
			t.Fatalf("round trip differs:\n%+v\n%+v\n%s", a.Games, c.Games, b.String())
		}
	})
}

func BenchmarkParse(b *testing.B) {
	data := readFile(b, "event.pbn")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	f := mustParse(b, "event.pbn")
	for b.Loop() {
		if err := Write(&bytes.Buffer{}, f); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseGamesLines checks that every call and card gets the line it was
// read from, the AP shorthand included.
func TestParseGamesLines(t *testing.T) {
	for _, name := range []string{"event.pbn", "quirks.pbn", "claim.pbn", "partial.pbn", "passout.pbn"} {
		recs, lines, err := ParseGamesLines(readFile(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != len(recs) {
			t.Fatalf("%s: %d Lines for %d games", name, len(lines), len(recs))
		}
		for i, r := range recs {
			l := lines[i]
			if l.Game <= 0 || len(l.Auction) != len(r.Auction) || len(l.Play) != len(r.Play) {
				t.Errorf("%s game %d: lines %+v for %d calls, %d cards", name, i+1, l, len(r.Auction), len(r.Play))
			}
			for j := 1; j < len(l.Auction); j++ {
				if l.Auction[j] < l.Auction[j-1] || l.Auction[j] <= l.Game {
					t.Errorf("%s game %d: call lines %v", name, i+1, l.Auction)
				}
			}
		}
	}
	// event.pbn, board 1: the auction on lines 21-22, four calls a line;
	// trick 2 (CQ CT C2 C3) on line 25.
	_, lines, _ := ParseGamesLines(readFile(t, "event.pbn"))
	if got := lines[0].Auction; !reflect.DeepEqual(got, []int{21, 21, 21, 21, 22, 22}) {
		t.Errorf("auction lines %v", got)
	}
	if got := lines[0].Play[4:8]; !reflect.DeepEqual(got, []int{25, 25, 25, 25}) || lines[0].Game != 5 {
		t.Errorf("trick 2 lines %v, game line %d", got, lines[0].Game)
	}
	// quirks.pbn, board 5: "Pass 4H $4 AP" on line 24 gives the last four calls.
	_, lines, _ = ParseGamesLines(readFile(t, "quirks.pbn"))
	if got := lines[0].Auction[5:]; !reflect.DeepEqual(got, []int{24, 24, 24, 24}) {
		t.Errorf("AP lines %v", got)
	}
}
