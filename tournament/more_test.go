package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"

	"atout/belote"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/pbn"
	"atout/bridge/scoring"
	"atout/card"
)

func TestTeamMatch(t *testing.T) {
	src, _ := NewFromSeed("X", 8, 5, Matchpoints, window)
	home := Team{Name: "Home", Players: [4]Player{{Name: "ann"}, {Name: "bot", Bot: true}, {Name: "cat"}, {Name: "dan"}}}
	away := Team{Name: "Away", Players: [4]Player{{Name: "eve"}, {Name: "fay"}, {Name: "bot", Bot: true}, {Name: "gus"}}}
	m, err := NewTeamMatch(home, away, src.Boards[:3])
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Seating(OpenRoom); s[card.North].Name != "ann" || s[card.East].Name != "eve" || s[card.South].Name != "bot" || s[card.West].Name != "fay" {
		t.Errorf("open room %+v", s)
	}
	if s := m.Seating(ClosedRoom); s[card.North].Name != "bot" || s[card.East].Name != "cat" || s[card.West].Name != "dan" {
		t.Errorf("closed room %+v", s)
	}
	res := func(c string, d card.Seat, tr int) RoomResult {
		return RoomResult{Contract: mustContract(t, c), Declarer: d, Tricks: tr}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(m.Add(OpenRoom, 1, res("4S", card.North, 10)))  // +420 (None)
	must(m.Add(ClosedRoom, 1, res("4S", card.North, 9))) // -50: 470 -> 10
	must(m.Add(OpenRoom, 2, res("3N", card.South, 9)))   // +600 (NS vul)
	must(m.Add(ClosedRoom, 2, res("3N", card.South, 9))) // +600: 0
	must(m.Add(OpenRoom, 3, res("4H", card.East, 10)))   // -620 (EW vul); closed not played yet
	s := m.Score()
	if s.Complete != 2 || s.Home != 10 || s.Away != 0 || s.Boards[0].IMPs != 10 || s.Boards[1].IMPs != 0 ||
		s.Boards[2].Complete || s.Boards[2].Open == nil || s.Boards[2].Closed != nil || s.Boards[2].Home != 10 {
		t.Errorf("score %+v", s)
	}
	must(m.Add(ClosedRoom, 3, res("4H", card.East, 9))) // +100: -720 -> -12
	s = m.Score()
	if s.Home != 10 || s.Away != 12 || s.Boards[2].IMPs != -12 || s.Boards[2].Home != 10 || s.Boards[2].Away != 12 {
		t.Errorf("score %+v", s)
	}
	vp, _ := scoring.VictoryPoints(-2, 3)
	if s.HomeVP != vp || !near(s.HomeVP+s.AwayVP, 20) {
		t.Errorf("VP %v %v", s.HomeVP, s.AwayVP)
	}
	if err := m.Add(ClosedRoom, 3, res("4H", card.East, 9)); !errors.Is(err, ErrAlreadyPlayed) {
		t.Errorf("twice: %v", err)
	}
	if err := m.Add(OpenRoom, 4, res("4H", card.East, 9)); !errors.Is(err, ErrNoBoard) {
		t.Errorf("board 4: %v", err)
	}
}

func TestBeloteDuplicate(t *testing.T) {
	d, err := NewBeloteDuplicateFromSeed(belote.Rules{Mode: belote.Classic}, 2, 11)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"T1", "T2", "T3"} {
		if err := d.Join(Entry{ID: id, Name: id}); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []BeloteResult{
		{Team: "T1", Deal: 1, Side: card.NS, Points: [2]int{100, 62}}, // net 38
		{Team: "T2", Deal: 1, Side: card.NS, Points: [2]int{82, 80}},  // net 2
		{Team: "T3", Deal: 1, Side: card.EW, Points: [2]int{90, 72}},  // net -18, alone as EW
		{Team: "T1", Deal: 2, Side: card.NS, Points: [2]int{0, 162}},  // net -162
		{Team: "T2", Deal: 2, Side: card.NS, Points: [2]int{162, 0}},  // net 162
		{Team: "T3", Deal: 2, Side: card.NS, Points: [2]int{81, 81}},  // net 0
	} {
		if err := d.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	// deal 1: T1 38-2 = 36, T2 -36, T3 0; deal 2: T1 -162-(162+0)/2 = -243,
	// T2 162-(-162+0)/2 = 243, T3 0-0 = 0. Totals T1 -207, T2 207, T3 0.
	_, rel, _ := d.Relative(1)
	if !slices.Equal(rel, []float64{36, -36, 0}) {
		t.Errorf("deal 1 relative %v", rel)
	}
	st := d.Standings()
	want := []struct {
		id  string
		tot float64
	}{{"T2", 207}, {"T3", 0}, {"T1", -207}}
	for i, w := range want {
		if st[i].Team.ID != w.id || !near(st[i].Relative, w.tot) || st[i].Rank != i+1 || st[i].Deals != 2 || !near(st[i].PerDeal, w.tot/2) {
			t.Errorf("row %d %+v want %+v", i, st[i], w)
		}
	}
	if err := d.Add(BeloteResult{Team: "T1", Deal: 1, Points: [2]int{1, 1}}); !errors.Is(err, ErrAlreadyPlayed) {
		t.Errorf("twice: %v", err)
	}
	if err := d.Add(BeloteResult{Team: "T9", Deal: 1}); !errors.Is(err, ErrUnknownEntry) {
		t.Errorf("unknown: %v", err)
	}
}

// playBelote plays deal dl to the end with the first legal action each
// time and returns its record.
func playBelote(t *testing.T, rules belote.Rules, dl BeloteDeal) belote.Record {
	t.Helper()
	d, err := belote.NewDeal(rules, dl.Dealer, dl.Deck[:])
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !d.Done(); steps++ {
		if steps > 200 {
			t.Fatal("deal does not end")
		}
		seat := d.ToAct()[0]
		acts := d.LegalActions(seat)
		if err := d.Do(seat, acts[len(acts)-1]); err != nil {
			t.Fatal(err)
		}
	}
	return d.Record()
}

func TestBeloteAddRecord(t *testing.T) {
	rules := belote.Rules{Mode: belote.Coinche}
	d, err := NewBeloteDuplicateFromSeed(rules, 3, 12)
	if err != nil {
		t.Fatal(err)
	}
	_ = d.Join(Entry{ID: "A"})
	_ = d.Join(Entry{ID: "B"})
	rec := playBelote(t, rules, d.Deals[1])
	if err := d.AddRecord("A", card.NS, rec); err != nil {
		t.Fatal(err)
	}
	if err := d.AddRecord("B", card.EW, rec); err != nil {
		t.Fatal(err)
	}
	rs, rel, _ := d.Relative(2)
	if len(rs) != 2 || rs[0].Points != rs[1].Points || rel[0] != 0 || rel[1] != 0 {
		t.Errorf("deal 2: %+v %v", rs, rel)
	}
	other := rec
	other.Deck[0], other.Deck[1] = other.Deck[1], other.Deck[0]
	if err := d.AddRecord("A", card.NS, other); !errors.Is(err, ErrInvalid) {
		t.Errorf("foreign deck: %v", err)
	}
}

// TestMatchpointInvariants checks the fast matchpoint and cross-IMP
// computations against the scoring package on random boards, and the
// invariants: NS + EW = top; a better score never gets fewer matchpoints.
func TestMatchpointInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []int{-1100, -800, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 450, 620, 990, 1440}
	for iter := range 300 {
		n := 1 + r.IntN(40)
		ns := make([]int, n)
		for i := range ns {
			ns[i] = values[r.IntN(len(values))]
			if r.IntN(4) == 0 {
				ns[i] = 10 * (r.IntN(900) - 450)
			}
		}
		mp := MatchpointsSorted(ns, nil)
		ref := scoring.Matchpoints(ns, scoring.International)
		top := scoring.International.Top(n)
		for i := range ns {
			if mp[i] != ref[i] {
				t.Fatalf("iter %d: mp %v, scoring %v for %v", iter, mp, ref, ns)
			}
			if ew := top - mp[i]; !near(mp[i]+ew, top) || ew < 0 {
				t.Fatalf("iter %d: NS %v EW %v top %v", iter, mp[i], ew, top)
			}
			for j := range ns {
				if ns[i] > ns[j] && mp[i] <= mp[j] {
					t.Fatalf("iter %d: %d got %v, %d got %v", iter, ns[i], mp[i], ns[j], mp[j])
				}
			}
		}
		imps := CrossIMPsSorted(ns, nil)
		refI, _ := scoring.CrossIMPs(ns)
		if !slices.Equal(imps, refI) {
			t.Fatalf("iter %d: cross-IMPs %v, scoring %v for %v", iter, imps, refI, ns)
		}
	}
	// Through a whole tournament: on every board the NS and EW matchpoints
	// of each frequency row add up to the (Neuberg) top.
	tr := simulate(t, 60, 8, 0.7, Matchpoints)
	for _, b := range tr.Boards {
		f, _ := tr.Frequency(b.Number)
		total := 0.0
		for _, row := range f.Rows {
			if !near(row.NS+row.EW, f.Top) {
				t.Fatalf("board %d: %v + %v != %v", b.Number, row.NS, row.EW, f.Top)
			}
			total += row.NS * float64(row.Count)
		}
		// Neuberg keeps the average at half the top.
		if f.Played > 0 && !near(total/float64(f.Played), f.Top/2) {
			t.Errorf("board %d: average %v of top %v", b.Number, total/float64(f.Played), f.Top)
		}
	}
}

// simulate makes a tournament of n entries that each play every board with
// probability p (at least the first), with random results.
func simulate(t testing.TB, n, boards int, p float64, s Scoring) *Tournament {
	tr, err := NewFromSeed("Sim", boards, 9, s, window)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	contracts := []string{"4S", "3N", "2H", "1N", "5D", "6S", "3C", "4HX", "Pass"}
	var rs []BoardResult
	for e := range n {
		id := fmt.Sprintf("e%05d", e)
		if err := tr.Join(Entry{ID: id, Name: "Entry " + id}); err != nil {
			t.Fatal(err)
		}
		for bi, b := range tr.Boards {
			if bi > 0 && r.Float64() > p {
				continue
			}
			c := mustContract(t, contracts[r.IntN(len(contracts))])
			tricks := 0
			if !c.IsPass() {
				tricks = min(13, max(0, int(c.Level)+6+r.IntN(5)-2))
			}
			rs = append(rs, BoardResult{Entry: id, Board: b.Number, Contract: c, Declarer: card.Seat(r.IntN(4)), Tricks: tricks, Side: card.Side(r.IntN(2)), Time: during})
		}
	}
	for _, res := range rs {
		if err := tr.Add(res); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

func TestStandingsMatchScoringPackage(t *testing.T) {
	// Compare a simulated tournament's standings with the same computation
	// done with the scoring package's O(n²) functions.
	for _, s := range []Scoring{Matchpoints, CrossIMPs, Butler} {
		tr := simulate(t, 40, 8, 0.6, s)
		st := tr.Standings()
		N := st.Expected
		byBoard := map[int][]BoardResult{}
		for _, r := range tr.Results() {
			byBoard[r.Board] = append(byBoard[r.Board], r)
		}
		var pbs []scoring.PairBoardScore
		for _, rs := range byBoard {
			ns := make([]int, len(rs))
			tabs := make([]scoring.TableResult, len(rs))
			for i, r := range rs {
				ns[i], tabs[i] = r.ScoreNS, scoring.TableResult{NS: r.ScoreNS}
			}
			var val []float64
			top := 1.0
			switch s {
			case Matchpoints:
				bm, err := scoring.ScoreBoard(tabs, scoring.MPOptions{Expected: N})
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range bm {
					val = append(val, b.NS)
				}
				top = scoring.International.Top(N)
			case CrossIMPs:
				_, val = scoring.CrossIMPs(ns)
			case Butler:
				_, imps, _ := scoring.Butler(ns, -1)
				for _, v := range imps {
					val = append(val, float64(v))
				}
			}
			for i, r := range rs {
				v := val[i]
				if r.Side == card.EW {
					if s == Matchpoints {
						v = top - v
					} else {
						v = -v
					}
				}
				pbs = append(pbs, scoring.PairBoardScore{Pair: r.Entry, Score: v, Top: top})
			}
		}
		ref := scoring.RankByPercent(pbs)
		if len(ref) != len(st.Rows) {
			t.Fatalf("%v: %d rows, want %d", s, len(st.Rows), len(ref))
		}
		for i := range ref {
			g := st.Rows[i]
			if g.Entry.ID != ref[i].Pair || g.Rank != ref[i].Rank || !near(g.Score, ref[i].Score) || g.Boards != ref[i].Boards {
				t.Fatalf("%v row %d: %+v, want %+v", s, i, g, ref[i])
			}
		}
	}
}

func TestExportPBNRoundTrip(t *testing.T) {
	for _, s := range []Scoring{Matchpoints, CrossIMPs} {
		tr := simulate(t, 12, 8, 0.8, s)
		dev := loadDev(t)
		tr.DD = func(d bridge.Deal) (dd.Table, error) { return dev[0].table, nil } // any table will do here
		var buf bytes.Buffer
		if err := ExportPBN(&buf, tr, ExportOptions{Analysis: true}); err != nil {
			t.Fatal(err)
		}
		f, err := pbn.Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("%v: %v\n%s", s, err, buf.String())
		}
		if len(f.Games) != 8 {
			t.Fatalf("%d games", len(f.Games))
		}
		st := tr.Standings()
		total := f.Games[0].TagRows("TotalScoreTable")
		if len(total) != len(st.Rows) {
			t.Fatalf("TotalScoreTable %d rows, want %d", len(total), len(st.Rows))
		}
		for i, row := range total {
			if row[2] != st.Rows[i].Entry.Name || row[3] != fmt.Sprint(st.Rows[i].Boards) {
				t.Errorf("total row %d %q vs %+v", i, row, st.Rows[i])
			}
		}
		results := tr.Results()
		for gi, g := range f.Games {
			b := tr.Boards[gi]
			if g.Board != b.Number || g.Deal != b.Deal || g.Dealer != b.Dealer || g.Vul != b.Vul {
				t.Errorf("game %d setting differs", gi)
			}
			if v, _ := g.Tag("Scoring"); v != s.String() {
				t.Errorf("Scoring %q", v)
			}
			rows := g.TagRows("ScoreTable")
			n := 0
			for _, r := range results {
				if r.Board == b.Number {
					n++
				}
			}
			if len(rows) != n {
				t.Fatalf("board %d: %d ScoreTable rows, want %d", b.Number, len(rows), n)
			}
			fr, _ := tr.Frequency(b.Number)
			for _, row := range rows {
				c, err := bridge.ParseContract(row[2])
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, x := range fr.Rows {
					if x.Contract == c && fmt.Sprint(x.ScoreNS) == row[5] && fmtFloat(x.NS) == row[6] && fmtFloat(x.EW) == row[7] {
						found = true
					}
				}
				if !found {
					t.Errorf("board %d row %q not in the frequency table", b.Number, row)
				}
			}
			if g.TagRows("OptimumResultTable") == nil {
				t.Errorf("board %d: no OptimumResultTable", b.Number)
			}
		}
		// and it re-exports identically
		var again bytes.Buffer
		_ = pbn.Write(&again, f)
		if again.String() != buf.String() {
			t.Errorf("%v: re-export differs", s)
		}
	}
}

func TestAnalysisCached(t *testing.T) {
	dev := loadDev(t)
	boards := make([]Board, 9)
	for i := range boards {
		boards[i] = Board{Number: i + 1, Deal: dev[i].deal, Dealer: card.North, Vul: bridge.VulNone}
	}
	// Analysis is cached: the solver runs once per board.
	var calls atomic.Int32
	tr2, _ := New("hr", "x", boards, Matchpoints, window)
	inner := devDD(t)
	tr2.DD = func(d bridge.Deal) (dd.Table, error) { calls.Add(1); return inner(d) }
	for range 3 {
		if _, err := tr2.AnalyseAll(2); err != nil {
			t.Fatal(err)
		}
	}
	if calls.Load() != 9 {
		t.Errorf("%d solver calls for 9 boards", calls.Load())
	}
	a, _ := tr2.Analysis(1)
	if a.Par.Score != dev[0].par || a.Table != dev[0].table {
		t.Errorf("analysis %+v", a)
	}
}

// BenchmarkRank10000 ranks a tournament of 10,000 entries × 24 boards
// (240,000 results), rescoring every board each time.
//
//	go test -run '^$' -bench Rank10000 -benchmem ./tournament/
func BenchmarkRank10000(b *testing.B) {
	for _, s := range []Scoring{Matchpoints, CrossIMPs, Butler} {
		b.Run(s.String(), func(b *testing.B) {
			tr := simulate(b, 10000, 24, 1, s)
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ReportAllocs()
			b.ResetTimer()
			var st Standings
			for b.Loop() {
				tr.mu.Lock()
				for i := range tr.cache {
					tr.cache[i].dirty = true
				}
				tr.mu.Unlock()
				st = tr.Standings()
			}
			b.StopTimer()
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if len(st.Rows) != 10000 {
				b.Fatalf("%d rows", len(st.Rows))
			}
			b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heapMB")
			b.ReportMetric(float64(after.Sys)/(1<<20), "sysMB")
		})
	}
}

// BenchmarkAddAndRank10000 is the live case: one more result, then the
// ranking (only that board is rescored).
func BenchmarkAddAndRank10000(b *testing.B) {
	tr := simulate(b, 10000, 24, 0.9, Matchpoints)
	tr.Standings()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		id := fmt.Sprintf("late%07d", i)
		i++
		_ = tr.Join(Entry{ID: id})
		_ = tr.Add(BoardResult{Entry: id, Board: 1, Contract: bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, Tricks: 10, Time: during})
		tr.Standings()
	}
}

// TestKeepAnalyses: a tournament read again takes the analyses the old
// one has made of the same boards, and says which are ready.
func TestKeepAnalyses(t *testing.T) {
	dev := loadDev(t)
	boards := make([]Board, 8)
	for i := range boards {
		boards[i] = Board{Number: i + 1, Deal: dev[i].deal, Dealer: card.North, Vul: bridge.VulNone}
	}
	var calls atomic.Int32
	inner := devDD(t)
	solve := func(d bridge.Deal) (dd.Table, error) { calls.Add(1); return inner(d) }
	old, _ := New("k", "x", boards, Matchpoints, window)
	old.DD = solve
	if old.AnalysisReady(1) {
		t.Fatal("board 1 ready before any analysis")
	}
	if _, err := old.Analysis(1); err != nil || !old.AnalysisReady(1) || old.AnalysisReady(2) || old.AnalysisReady(99) {
		t.Fatalf("after analysing board 1: %v, ready %v %v", err, old.AnalysisReady(1), old.AnalysisReady(2))
	}
	boards[1].Deal = dev[8].deal // board 2 changed: its analysis is not the old one's
	old.Analysis(2)
	fresh, _ := New("k", "x", boards, Matchpoints, window)
	fresh.DD = solve
	fresh.KeepAnalyses(old)
	if !fresh.AnalysisReady(1) || fresh.AnalysisReady(2) {
		t.Fatalf("kept: board 1 %v, board 2 %v; want true, false", fresh.AnalysisReady(1), fresh.AnalysisReady(2))
	}
	if a, _ := fresh.Analysis(1); a.Table != dev[0].table || calls.Load() != 2 {
		t.Errorf("board 1 solved again (%d calls) or changed: %+v", calls.Load(), a)
	}
	if a, _ := fresh.Analysis(2); a.Table != dev[8].table || calls.Load() != 3 {
		t.Errorf("board 2: %d calls, %+v", calls.Load(), a)
	}
}
