package tournament

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/pbn"
	"atout/bridge/scoring"
	"atout/card"
)

var (
	t0     = time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	window = Window{Start: t0, End: t0.Add(24 * time.Hour)}
	during = t0.Add(time.Hour)
	after  = t0.Add(25 * time.Hour)
)

func mustContract(t testing.TB, s string) bridge.Contract {
	t.Helper()
	c, err := bridge.ParseContract(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// newT deals a tournament of 8 boards and joins the entries.
func newT(t testing.TB, s Scoring, entries ...string) *Tournament {
	t.Helper()
	tr, err := NewFromSeed("Test", 8, 42, s, window)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := tr.Join(Entry{ID: e, Name: "Player " + e}); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// add records entry's result on board: contract, declarer, tricks.
func add(t testing.TB, tr *Tournament, entry string, board int, contract string, decl card.Seat, tricks int) {
	t.Helper()
	err := tr.Add(BoardResult{Entry: entry, Board: board, Contract: mustContract(t, contract), Declarer: decl, Tricks: tricks, Time: during})
	if err != nil {
		t.Fatal(err)
	}
}

func standing(t testing.TB, st Standings, id string) Standing {
	t.Helper()
	for _, s := range st.Rows {
		if s.Entry.ID == id {
			return s
		}
	}
	t.Fatalf("no standing for %s", id)
	return Standing{}
}

// Board 1 is None vulnerable: 4S= by N is 420, 4S+1 450, 2S+1 140...
func TestMatchpointsWithTies(t *testing.T) {
	tr := newT(t, Matchpoints, "A", "B", "C", "D", "E")
	add(t, tr, "A", 1, "4S", card.North, 10) // 420
	add(t, tr, "B", 1, "4S", card.North, 10) // 420
	add(t, tr, "C", 1, "4S", card.North, 11) // 450
	add(t, tr, "D", 1, "2S", card.North, 10) // 170
	add(t, tr, "E", 1, "4S", card.North, 9)  // -50
	// sorted -50, 170, 420, 420, 450: top 8; 450 beats 4 = 8; 420 beats 2,
	// ties 1 = 5; 170 beats 1 = 2; -50 = 0.
	want := map[string]float64{"C": 8, "A": 5, "B": 5, "D": 2, "E": 0}
	st := tr.Standings()
	if st.Expected != 5 {
		t.Fatalf("Expected %d", st.Expected)
	}
	for id, mp := range want {
		s := standing(t, st, id)
		if !near(s.Score, mp) || !near(s.Top, 8) || !near(s.Percent, 100*mp/8) {
			t.Errorf("%s: %+v, want %v of 8", id, s, mp)
		}
	}
	ranks := []struct {
		id   string
		rank int
		tied bool
	}{{"C", 1, false}, {"A", 2, true}, {"B", 2, true}, {"D", 4, false}, {"E", 5, false}}
	for i, r := range ranks {
		got := st.Rows[i]
		if got.Entry.ID != r.id || got.Rank != r.rank || got.Tied != r.tied {
			t.Errorf("row %d: %s rank %d tied %v, want %+v", i, got.Entry.ID, got.Rank, got.Tied, r)
		}
	}
	// The frequency table groups the two 4S= results.
	f, err := tr.Frequency(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rows) != 4 || f.Rows[1].ScoreNS != 420 || f.Rows[1].Count != 2 || f.Rows[1].NS != 5 || f.Rows[1].EW != 3 ||
		!near(f.Rows[1].NSPercent, 62.5) || f.Top != 8 {
		t.Errorf("frequency %+v", f)
	}
}

func TestNeubergUnfinishedEntry(t *testing.T) {
	tr := newT(t, Matchpoints, "A", "B", "C", "D")
	// Board 1 (None): A 140, B 110, C 110, D -50: top 6 -> 6, 3, 3, 0.
	add(t, tr, "A", 1, "2S", card.North, 9) // 140
	add(t, tr, "B", 1, "2D", card.North, 9) // 110
	add(t, tr, "C", 1, "2C", card.South, 9) // 110
	add(t, tr, "D", 1, "2S", card.North, 7) // -50
	// Board 2 (NS vul), D has not played it: A 4S+... 620, B and C 600.
	add(t, tr, "A", 2, "4S", card.South, 10) // 620
	add(t, tr, "B", 2, "3N", card.North, 9)  // 600
	add(t, tr, "C", 2, "3N", card.South, 9)  // 600
	// n=3, N=4: A raw 4 -> (4+1)*4/3-1 = 17/3; B, C raw 1 -> 2*4/3-1 = 5/3.
	st := tr.Standings()
	if st.Expected != 4 || st.Played[0] != 4 || st.Played[1] != 3 {
		t.Fatalf("expected %d played %v", st.Expected, st.Played)
	}
	a, b, c, d := standing(t, st, "A"), standing(t, st, "B"), standing(t, st, "C"), standing(t, st, "D")
	if !near(a.Score, 6+17.0/3) || !near(a.Top, 12) || !near(a.Percent, 100*(6+17.0/3)/12) || a.Rank != 1 {
		t.Errorf("A %+v", a)
	}
	if !near(b.Score, 3+5.0/3) || !near(c.Score, b.Score) || b.Rank != 2 || c.Rank != 2 || !b.Tied {
		t.Errorf("B %+v C %+v", b, c)
	}
	// D is ranked on the one board it played: 0 of 6.
	if d.Boards != 1 || d.Top != 6 || d.Percent != 0 || d.Rank != 4 {
		t.Errorf("D %+v", d)
	}
	// Percent on board 2 agrees with the percentage form of Neuberg.
	res, err := tr.EntryResults("A")
	if err != nil {
		t.Fatal(err)
	}
	wantP, _ := scoring.NeubergPercent(100, 3, 4)
	if len(res) != 2 || !near(res[1].Percent, wantP) || res[1].Beaten != 2 || res[1].Lost != 0 || res[1].Played != 3 {
		t.Errorf("A's board 2: %+v want %v%%", res, wantP)
	}
	// and with scoring.ScoreBoard given Expected = 4.
	sb, _ := scoring.ScoreBoard([]scoring.TableResult{{NS: 620}, {NS: 600}, {NS: 600}}, scoring.MPOptions{Expected: 4})
	if !near(sb[0].NS, 17.0/3) || !near(sb[1].NS, 5.0/3) {
		t.Errorf("ScoreBoard %+v", sb)
	}
	// An entry that sat East-West gets the complement.
	if err := tr.Join(Entry{ID: "E"}); err != nil {
		t.Fatal(err)
	}
	if err := tr.Add(BoardResult{Entry: "E", Board: 1, Contract: mustContract(t, "2S"), Declarer: card.North, Tricks: 7, Side: card.EW, Time: during}); err != nil {
		t.Fatal(err)
	}
	// board 1 now: 140, 110, 110, -50, -50 (top 8); E as EW: 8 - 1 = 7.
	if e := standing(t, tr.Standings(), "E"); !near(e.Score, 7) || !near(e.Top, 8) {
		t.Errorf("E %+v", e)
	}
}

func TestCrossIMPsSmallField(t *testing.T) {
	tr := newT(t, CrossIMPs, "A", "B", "C", "D")
	add(t, tr, "A", 1, "4S", card.North, 10) // 420
	add(t, tr, "B", 1, "4S", card.North, 11) // 450
	add(t, tr, "C", 1, "4S", card.North, 9)  // -50
	// A: -1 (30) +10 (470) = 9, avg 4.5; B: +1 +11 = 12, avg 6;
	// C: -10 -11 = -21, avg -10.5.
	add(t, tr, "D", 2, "1N", card.North, 7) // 90 (NS vul), alone on board 2: 0
	st := tr.Standings()
	for id, want := range map[string]float64{"A": 4.5, "B": 6, "C": -10.5, "D": 0} {
		if s := standing(t, st, id); !near(s.Score, want) || !near(s.PerBoard, want) || s.Percent != 0 {
			t.Errorf("%s %+v want %v", id, s, want)
		}
	}
	if st.Rows[0].Entry.ID != "B" || st.Rows[1].Entry.ID != "A" || st.Rows[2].Entry.ID != "D" || st.Rows[3].Entry.ID != "C" {
		t.Errorf("order %+v", st.Rows)
	}
	// A plays board 2 too: 1N+2 = 150 against D's 90, a difference of 60 = 2 IMPs.
	add(t, tr, "A", 2, "1N", card.North, 9) // 150
	a := standing(t, tr.Standings(), "A")
	if !near(a.Score, 4.5+2) || a.Boards != 2 || !near(a.PerBoard, 6.5/2) {
		t.Errorf("A after board 2: %+v", a)
	}
}

func TestButlerSmallField(t *testing.T) {
	tr := newT(t, Butler, "A", "B", "C", "D")
	add(t, tr, "A", 1, "4S", card.North, 10) // 420
	add(t, tr, "B", 1, "4S", card.North, 10) // 420
	add(t, tr, "C", 1, "4S", card.North, 11) // 450
	add(t, tr, "D", 1, "4S", card.North, 9)  // -50
	// datum (420+420+450-50)/4 = 310: +110 = 3, +140 = 4, -360 = -8.
	f, _ := tr.Frequency(1)
	if f.Datum != 310 {
		t.Errorf("datum %d", f.Datum)
	}
	st := tr.Standings()
	for id, want := range map[string]float64{"A": 3, "B": 3, "C": 4, "D": -8} {
		if s := standing(t, st, id); !near(s.Score, want) {
			t.Errorf("%s %+v want %v", id, s, want)
		}
	}
	if r := standing(t, st, "A"); r.Rank != 2 || !r.Tied {
		t.Errorf("A %+v", r)
	}
}

func TestFrequencyVisibility(t *testing.T) {
	tr := newT(t, Matchpoints, "A", "B")
	add(t, tr, "A", 1, "3N", card.North, 9)
	_, err := tr.FrequencyFor(1, "B", during)
	if !errors.Is(err, ErrNotPlayedYet) {
		t.Fatalf("B before playing: %v", err)
	}
	var te *Error
	if !errors.As(err, &te) || te.Board != 1 || te.Entry != "B" {
		t.Errorf("error %#v", err)
	}
	if _, err := tr.AnalysisFor(1, "B", during); !errors.Is(err, ErrNotPlayedYet) {
		t.Errorf("analysis before playing: %v", err)
	}
	if _, err := tr.FrequencyFor(1, "nobody", during); !errors.Is(err, ErrNotPlayedYet) {
		t.Errorf("stranger: %v", err)
	}
	if f, err := tr.FrequencyFor(1, "A", during); err != nil || f.Played != 1 {
		t.Errorf("A after playing: %+v %v", f, err)
	}
	if _, err := tr.FrequencyFor(2, "A", during); !errors.Is(err, ErrNotPlayedYet) {
		t.Errorf("A board 2: %v", err)
	}
	if _, err := tr.FrequencyFor(99, "A", during); !errors.Is(err, ErrNoBoard) {
		t.Errorf("board 99: %v", err)
	}
	add(t, tr, "B", 1, "3N", card.North, 8)
	if f, err := tr.FrequencyFor(1, "B", during); err != nil || f.Played != 2 {
		t.Errorf("B after playing: %+v %v", f, err)
	}
	if _, err := tr.FrequencyFor(2, "nobody", after); err != nil {
		t.Errorf("after the end: %v", err)
	}
}

func TestAddErrors(t *testing.T) {
	tr := newT(t, Matchpoints, "A")
	c := mustContract(t, "4S")
	cases := []struct {
		r    BoardResult
		want error
	}{
		{BoardResult{Entry: "A", Board: 9, Contract: c, Tricks: 10, Time: during}, ErrNoBoard},
		{BoardResult{Entry: "Z", Board: 1, Contract: c, Tricks: 10, Time: during}, ErrUnknownEntry},
		{BoardResult{Entry: "A", Board: 1, Contract: c, Tricks: 14, Time: during}, ErrInvalid},
		{BoardResult{Entry: "A", Board: 1, Contract: bridge.Contract{Level: 8}, Tricks: 10, Time: during}, ErrInvalid},
		{BoardResult{Entry: "A", Board: 1, Contract: bridge.PassedOut, Tricks: 3, Time: during}, ErrInvalid},
		{BoardResult{Entry: "A", Board: 1, Contract: c, Tricks: 10, Side: 2, Time: during}, ErrInvalid},
		{BoardResult{Entry: "A", Board: 1, Contract: c, Tricks: 10, Time: after}, ErrOutsideWindow},
		{BoardResult{Entry: "A", Board: 1, Contract: c, Tricks: 10, Time: t0.Add(-time.Second)}, ErrOutsideWindow},
	}
	for i, tc := range cases {
		if err := tr.Add(tc.r); !errors.Is(err, tc.want) {
			t.Errorf("case %d: %v, want %v", i, err, tc.want)
		}
	}
	add(t, tr, "A", 1, "4S", card.North, 10)
	if err := tr.Add(BoardResult{Entry: "A", Board: 1, Contract: c, Tricks: 10, Time: during}); !errors.Is(err, ErrAlreadyPlayed) {
		t.Errorf("twice: %v", err)
	}
	if r := tr.Results(); len(r) != 1 || r[0].ScoreNS != 420 || r[0].Score() != 420 {
		t.Errorf("results %+v", r)
	}
}

func TestDefinitions(t *testing.T) {
	a, err := NewFromSeed("X", 24, 7, Matchpoints, window)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewFromSeed("X", 24, 7, Matchpoints, window)
	c, _ := NewFromSeed("X", 24, 8, Matchpoints, window)
	for i := range a.Boards {
		if a.Boards[i] != b.Boards[i] {
			t.Fatalf("board %d differs with the same seed", i+1)
		}
		if a.Boards[i].Dealer != bridge.BoardDealer(i+1) || a.Boards[i].Vul != bridge.BoardVul(i+1) {
			t.Errorf("board %d dealer/vul", i+1)
		}
	}
	if a.Boards[0].Deal == c.Boards[0].Deal {
		t.Error("different seeds, same deal")
	}
	for _, n := range []int{7, 37, 0} {
		if _, err := NewFromSeed("X", n, 1, Matchpoints, window); !errors.Is(err, ErrInvalid) {
			t.Errorf("%d boards: %v", n, err)
		}
	}
	if _, err := NewFromSeed("X", 8, 1, Matchpoints, Window{Start: t0, End: t0}); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty window: %v", err)
	}
	d1 := Daily(time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC), 99)
	d2 := Daily(time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC), 99)
	d3 := Daily(time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC), 99)
	d4 := Daily(time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC), 100)
	if d1.ID != "daily-2026-11-29" || d1.Boards[5] != d2.Boards[5] || d1.Boards[0] == d3.Boards[0] || d1.Boards[0] == d4.Boards[0] ||
		len(d1.Boards) != DailyBoards || !d1.Window.Start.Equal(t0) || !d1.Window.End.Equal(t0.Add(24*time.Hour)) {
		t.Errorf("daily %+v", d1)
	}
	for _, s := range []Scoring{Matchpoints, CrossIMPs, Butler} {
		if p, err := ParseScoring(s.String()); err != nil || p != s {
			t.Errorf("ParseScoring(%v) = %v, %v", s, p, err)
		}
	}
}

func TestFromPBN(t *testing.T) {
	src, _ := NewFromSeed("X", 10, 3, Matchpoints, window)
	var buf bytes.Buffer
	if err := ExportPBN(&buf, src, ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	tr, err := FromPBN("id", "Imported", buf.Bytes(), Butler, window)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Boards) != 10 {
		t.Fatalf("%d boards", len(tr.Boards))
	}
	for i := range tr.Boards {
		if tr.Boards[i] != src.Boards[i] {
			t.Errorf("board %d: %+v, want %+v", i+1, tr.Boards[i], src.Boards[i])
		}
	}
	// too few boards
	games, _ := pbn.ParseGames(buf.Bytes())
	var few bytes.Buffer
	_ = pbn.WriteGames(&few, games[:7])
	if _, err := FromPBN("id", "x", few.Bytes(), Matchpoints, window); !errors.Is(err, ErrInvalid) {
		t.Errorf("7 boards: %v", err)
	}
	// duplicate board numbers
	games[1].Board = 1
	var dup bytes.Buffer
	_ = pbn.WriteGames(&dup, games)
	if _, err := FromPBN("id", "x", dup.Bytes(), Matchpoints, window); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "board 1") {
		t.Errorf("duplicate: %v", err)
	}
	// incomplete deal
	text := strings.Replace(buf.String(), `[Deal "`, `[Deal "N:- `, 1)
	if _, err := FromPBN("id", "x", []byte(text), Matchpoints, window); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad deal: %v", err)
	}
	if _, err := FromPBN("id", "x", []byte("[Board \"1\"\n"), Matchpoints, window); !errors.Is(err, ErrInvalid) {
		t.Errorf("syntax: %v", err)
	}
}

func FuzzFromPBN(f *testing.F) {
	src, _ := NewFromSeed("X", 8, 3, Matchpoints, window)
	var buf bytes.Buffer
	_ = ExportPBN(&buf, src, ExportOptions{})
	f.Add(buf.Bytes())
	f.Add([]byte("[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := FromPBN("id", "x", data, Matchpoints, Window{})
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		if len(tr.Boards) < MinBoards || len(tr.Boards) > MaxBoards {
			t.Fatalf("%d boards accepted", len(tr.Boards))
		}
		for _, b := range tr.Boards {
			if b.Deal.Validate() != nil {
				t.Fatalf("invalid deal accepted: %v", b.Deal)
			}
		}
	})
}

func FuzzParseScoring(f *testing.F) {
	for _, s := range []string{"MP", "IMP", "Butler", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseScoring(s)
		if err == nil {
			if w, err := ParseScoring(v.String()); err != nil || w != v {
				t.Fatalf("%q -> %v does not round-trip", s, v)
			}
		} else if !errors.Is(err, ErrInvalid) {
			t.Fatal(err)
		}
	})
}
