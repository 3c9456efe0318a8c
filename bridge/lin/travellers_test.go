package lin

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"atout/bridge"
	"atout/bridge/pbn"
)

// TestTravellers checks that records with a contract and a result but no
// auction or play are written to LIN (the shortest auction that reaches the
// contract, the result as mc) and read back with the same contract and
// result.
func TestTravellers(t *testing.T) {
	games := mustPBN(t, "travellers/travellers.pbn")
	var l bytes.Buffer
	if err := WriteBoards(&l, games); err != nil {
		t.Fatal(err)
	}
	if want := readFile(t, "travellers.lin"); !bytes.Equal(l.Bytes(), want) {
		t.Errorf("LIN differs from testdata/travellers.lin:\n%s", l.String())
	}
	back, err := ParseBoards(l.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(games) {
		t.Fatalf("%d boards, want %d", len(back), len(games))
	}
	for i, g := range games {
		c1, d1, s1, n1, ok1 := g.ScoreNSRecord()
		c2, d2, s2, n2, ok2 := back[i].ScoreNSRecord()
		if !ok1 || !ok2 || c1 != c2 || d1 != d2 || s1 != s2 || n1 != n2 {
			t.Errorf("board %d: PBN %s by %s %d tricks %d (%v), LIN %s by %s %d tricks %d (%v)",
				g.Board, c1, d1, s1, n1, ok1, c2, d2, s2, n2, ok2)
		}
		if back[i].Deal != g.Deal || back[i].Vul != g.Vul || back[i].Dealer != g.Dealer || len(back[i].Play) != len(g.Play) {
			t.Errorf("board %d: setting or play changed", g.Board)
		}
	}
}

// TestLINToPBNToLIN checks that every LIN sample comes back the same after
// a trip through PBN.
func TestLINToPBNToLIN(t *testing.T) {
	for _, path := range linFiles(t) {
		name := filepath.Base(path)
		f := mustParse(t, name)
		var first bytes.Buffer
		if err := WriteBoards(&first, f.Boards); err != nil {
			t.Fatal(err)
		}
		var p bytes.Buffer
		if err := pbn.WriteGames(&p, f.Boards); err != nil {
			t.Fatal(err)
		}
		games, err := pbn.ParseGames(p.Bytes())
		if err != nil {
			t.Fatalf("%s: PBN: %v\n%s", name, err, p.String())
		}
		var again bytes.Buffer
		if err := WriteBoards(&again, games); err != nil {
			t.Fatal(err)
		}
		if first.String() != again.String() {
			t.Errorf("%s: LIN -> PBN -> LIN differs:\n%s\n%s", name, first.String(), again.String())
		}
		if name == "travellers.lin" && !bytes.Equal(first.Bytes(), readFile(t, name)) {
			t.Errorf("%s: not written back as it was", name)
		}
	}
}

// TestPBNSamplesKeepResults checks that every PBN sample, written as LIN and
// read back, keeps the contract, declarer and result of each board that
// has them.
func TestPBNSamplesKeepResults(t *testing.T) {
	files, _ := filepath.Glob("../pbn/testdata/*.pbn")
	more, _ := filepath.Glob("testdata/*.pbn")
	files = append(append(files, more...), "testdata/travellers/travellers.pbn")
	if len(files) < 8 {
		t.Fatalf("%d PBN samples", len(files))
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, err := pbn.ParseGames(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var l bytes.Buffer
		if err := WriteBoards(&l, games); err != nil {
			t.Fatal(err)
		}
		back, err := ParseBoards(l.Bytes())
		if err != nil || len(back) != len(games) {
			t.Fatalf("%s: %d boards back (%v)\n%s", path, len(back), err, l.String())
		}
		for i, g := range games {
			c1, d1, n1, s1, ok1 := g.ScoreNSRecord()
			c2, d2, n2, s2, ok2 := back[i].ScoreNSRecord()
			if ok1 && (!ok2 || c1 != c2 || d1 != d2 || n1 != n2 || s1 != s2) {
				t.Errorf("%s board %d: %s by %s %d tricks %d, LIN %s by %s %d tricks %d (%v)", path, g.Board, c1, d1, n1, s1, c2, d2, n2, s2, ok2)
			}
		}
	}
}

// TestParseEach checks that a board that cannot be read leaves the others
// as they are.
func TestParseEach(t *testing.T) {
	data := string(readFile(t, "event.lin"))
	want := mustParse(t, "event.lin").Boards
	for _, tt := range []struct{ from, to, key string }{
		{"md|4S843", "md|4SX843", "md"},
		{"sv|n|", "sv|q|", "sv"},
		{"mb|1N|", "mb|1Q|", "mb"},
		{"pc|CA|pc|C8|", "pc|CZ|pc|C8|", "pc"},
	} {
		_, boards, err := ParseEach([]byte(strings.Replace(data, tt.from, tt.to, 1)))
		if err != nil || len(boards) != len(want) {
			t.Fatalf("%s: %d boards (%v)", tt.to, len(boards), err)
		}
		b := boards[1]
		switch tt.key {
		case "md", "sv":
			if b.Err == nil || b.Err.Key != tt.key || b.Err.Line != 2 || b.Record != nil {
				t.Errorf("%s: board 2: %+v", tt.to, b)
			}
		case "mb":
			if b.Dropped == nil || b.Dropped.Key != "mb" || len(b.Record.Auction) != 0 || len(b.Record.Play) != 52 {
				t.Errorf("%s: board 2: %+v", tt.to, b)
			}
		case "pc":
			if b.Dropped == nil || len(b.Record.Auction) != 17 || len(b.Record.Play) != 0 || b.Record.Claim != bridge.RecordNoClaim {
				t.Errorf("%s: board 2: %+v", tt.to, b)
			}
		}
		for _, i := range []int{0, 2, 3} {
			if boards[i].Err != nil || boards[i].Dropped != nil || !reflect.DeepEqual(boards[i].Record, want[i]) {
				t.Errorf("%s: board %d changed", tt.to, i+1)
			}
		}
		if _, err := Parse([]byte(strings.Replace(data, tt.from, tt.to, 1))); err == nil {
			t.Errorf("%s: Parse accepts it", tt.to)
		}
	}
}
