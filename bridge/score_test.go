package bridge

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"atout/card"
)

// scoreTSV reads a tab-separated test vector file with a header line and
// returns the rows as maps from column name to value.
func scoreTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var head []string
	var rows []map[string]string
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if head == nil {
			head = cols
			continue
		}
		if len(cols) != len(head) {
			t.Fatalf("%s:%d: %d columns, header has %d", path, line, len(cols), len(head))
		}
		row := map[string]string{"line": strconv.Itoa(line)}
		for i, h := range head {
			row[h] = cols[i]
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func scoreAtoi(t *testing.T, row map[string]string, col string) int {
	t.Helper()
	v, err := strconv.Atoi(strings.TrimPrefix(row[col], "+"))
	if err != nil {
		t.Fatalf("line %s: column %s: %v", row["line"], col, err)
	}
	return v
}

// TestScoreDevTSV checks bridge.Score on every row of the duplicate score
// vectors (testdata/score-dev.tsv, a copy of shared/data/bridge-score-dev.tsv),
// and that the result column agrees with the tricks.
func TestScoreDevTSV(t *testing.T) {
	rows := scoreTSV(t, "testdata/score-dev.tsv")
	if len(rows) < 100 {
		t.Fatalf("only %d rows read", len(rows))
	}
	for _, r := range rows {
		text := r["contract"]
		if r["doubled"] != "-" {
			text += r["doubled"]
		}
		c, err := ParseContract(text)
		if err != nil {
			t.Fatalf("line %s: %v", r["line"], err)
		}
		vul := r["vul"] == "V"
		if !vul && r["vul"] != "NV" {
			t.Fatalf("line %s: vul %q", r["line"], r["vul"])
		}
		tricks := scoreAtoi(t, r, "tricks")
		want := scoreAtoi(t, r, "score")
		if got := Score(c, tricks, vul); got != want {
			t.Errorf("line %s (%s): Score(%v, %d, %v) = %d, want %d", r["line"], r["note"], c, tricks, vul, got, want)
		}
		res := 0
		if r["result"] != "=" {
			res = scoreAtoi(t, r, "result")
		}
		if res != tricks-6-int(c.Level) {
			t.Errorf("line %s: result %s does not match %d tricks in %v", r["line"], r["result"], tricks, c)
		}
	}
}

// TestIMPsDevTSV checks bridge.IMPs on every row of testdata/score-imp-dev.tsv
// (shared/data/imp-dev.tsv), and that the scale is odd: IMPs(-d) = -IMPs(d).
func TestIMPsDevTSV(t *testing.T) {
	rows := scoreTSV(t, "testdata/score-imp-dev.tsv")
	if len(rows) < 30 {
		t.Fatalf("only %d rows read", len(rows))
	}
	for _, r := range rows {
		d, want := scoreAtoi(t, r, "diff"), scoreAtoi(t, r, "imps")
		if got := IMPs(d); got != want {
			t.Errorf("line %s: IMPs(%d) = %d, want %d", r["line"], d, got, want)
		}
		if got := IMPs(-d); got != -want {
			t.Errorf("line %s: IMPs(%d) = %d, want %d", r["line"], -d, got, -want)
		}
	}
}

// TestIMPsTable checks both ends of every band of the WBF table
// (bridge-reference.md §5). An older contract's example "atout imps 420 prints 10"
// contradicts the table: 420 is in 370–420, 9 IMPs.
func TestIMPsTable(t *testing.T) {
	bands := []struct{ lo, hi, imps int }{
		{0, 10, 0}, {20, 40, 1}, {50, 80, 2}, {90, 120, 3}, {130, 160, 4}, {170, 210, 5},
		{220, 260, 6}, {270, 310, 7}, {320, 360, 8}, {370, 420, 9}, {430, 490, 10},
		{500, 590, 11}, {600, 740, 12}, {750, 890, 13}, {900, 1090, 14}, {1100, 1290, 15},
		{1300, 1490, 16}, {1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19},
		{2250, 2490, 20}, {2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23}, {4000, 7600, 24},
	}
	for _, b := range bands {
		for d := b.lo; d <= b.hi; d += 10 {
			if got := IMPs(d); got != b.imps {
				t.Errorf("IMPs(%d) = %d, want %d", d, got, b.imps)
			}
			if got := IMPs(-d); got != -b.imps {
				t.Errorf("IMPs(%d) = %d, want %d", -d, got, -b.imps)
			}
		}
	}
	if got := IMPs(420); got != 9 {
		t.Errorf("IMPs(420) = %d, want 9 (WBF table)", got)
	}
	if got := IMPs(1 << 30); got != 24 {
		t.Errorf("IMPs(huge) = %d, want 24", got)
	}
	// The extremes of int: -MinInt overflows, the IMPs must not.
	if got := IMPs(math.MaxInt); got != 24 {
		t.Errorf("IMPs(MaxInt) = %d, want 24", got)
	}
	if got := IMPs(math.MinInt); got != -24 {
		t.Errorf("IMPs(MinInt) = %d, want -24", got)
	}
}

// TestUndertrickTable is the full cumulative table of bridge-reference.md
// §1.4, through Undertricks and through Score (a 7NT contract going down).
func TestUndertrickTable(t *testing.T) {
	// columns: NV, NV X, NV XX, V, V X, V XX
	table := map[int][6]int{
		1:  {50, 100, 200, 100, 200, 400},
		2:  {100, 300, 600, 200, 500, 1000},
		3:  {150, 500, 1000, 300, 800, 1600},
		4:  {200, 800, 1600, 400, 1100, 2200},
		5:  {250, 1100, 2200, 500, 1400, 2800},
		6:  {300, 1400, 2800, 600, 1700, 3400},
		7:  {350, 1700, 3400, 700, 2000, 4000},
		13: {650, 3500, 7000, 1300, 3800, 7600},
	}
	for down, row := range table {
		for col, want := range row {
			vul, dbl := col >= 3, uint8(col%3)
			if got := Undertricks(down, vul, dbl); got != want {
				t.Errorf("Undertricks(%d, vul=%v, dbl=%d) = %d, want %d", down, vul, dbl, got, want)
			}
			c := Contract{Level: 7, Strain: NoTrump, Doubled: dbl}
			if got := Score(c, 13-down, vul); got != -want {
				t.Errorf("Score(%v, %d, %v) = %d, want %d", c, 13-down, vul, got, -want)
			}
		}
	}
	// The per-trick table: each extra undertrick costs the stated step.
	steps := [6][4]int{ // 1st, 2nd, 3rd, 4th+
		{50, 50, 50, 50}, {100, 200, 200, 300}, {200, 400, 400, 600},
		{100, 100, 100, 100}, {200, 300, 300, 300}, {400, 600, 600, 600},
	}
	for col, st := range steps {
		vul, dbl := col >= 3, uint8(col%3)
		for down := 1; down <= 13; down++ {
			want := st[min(down, 4)-1]
			if got := Undertricks(down, vul, dbl) - Undertricks(down-1, vul, dbl); got != want {
				t.Errorf("undertrick #%d (vul=%v dbl=%d) costs %d, want %d", down, vul, dbl, got, want)
			}
		}
	}
	if got := Undertricks(0, true, 2); got != 0 {
		t.Errorf("Undertricks(0) = %d", got)
	}
}

// TestScoreBounds: the smallest possible duplicate score is 7NTXX vul down
// 13 (-7600), the largest 1NTXX vul with six overtricks (+3160; 7NTXX vul
// made is 2980). Every score lies between them, rises with each trick and is
// positive exactly when the contract makes.
func TestScoreBounds(t *testing.T) {
	worst := Score(Contract{7, NoTrump, 2}, 0, true)
	if worst != -7600 {
		t.Errorf("7NTXX vul down 13 = %d, want -7600", worst)
	}
	best := Score(Contract{1, NoTrump, 2}, 13, true)
	if best != 3160 {
		t.Errorf("1NTXX vul +6 = %d, want 3160", best)
	}
	if got := Score(Contract{7, NoTrump, 2}, 13, true); got != 2980 {
		t.Errorf("7NTXX vul made = %d, want 2980", got)
	}
	lo, hi := 0, 0
	for l := uint8(1); l <= 7; l++ {
		for _, s := range Strains {
			for d := uint8(0); d <= 2; d++ {
				for _, v := range []bool{false, true} {
					c := Contract{l, s, d}
					prev := -1 << 30
					for tr := 0; tr <= 13; tr++ {
						got := Score(c, tr, v)
						if got < worst || got > best {
							t.Fatalf("Score(%v, %d, %v) = %d outside [%d, %d]", c, tr, v, got, worst, best)
						}
						if got <= prev {
							t.Fatalf("Score(%v, %d, %v) = %d not above %d for one trick fewer", c, tr, v, got, prev)
						}
						if (got > 0) != (tr >= 6+int(l)) {
							t.Fatalf("Score(%v, %d, %v) = %d: wrong sign", c, tr, v, got)
						}
						prev = got
						lo, hi = min(lo, got), max(hi, got)
					}
				}
			}
		}
	}
	if lo != worst || hi != best {
		t.Errorf("scores range over [%d, %d], want [%d, %d]", lo, hi, worst, best)
	}
	if got := Score(PassedOut, 0, true); got != 0 {
		t.Errorf("passed out = %d", got)
	}
}

// TestScoreGames: the minimum games score as games, one level lower as
// partscores; doubling makes 2S a game (bridge-reference.md §1.1, and the
// OpenSpiel ">100" bug of §1.5).
func TestScoreGames(t *testing.T) {
	cases := []struct {
		c      string
		tricks int
		vul    bool
		want   int
	}{
		{"3NT", 9, false, 400}, {"5C", 11, false, 400}, {"5D", 11, true, 600}, {"4H", 10, false, 420},
		{"2NT", 8, false, 120}, {"4D", 10, true, 130}, {"3S", 9, true, 140},
		{"2SX", 8, false, 470}, {"1NTXX", 7, false, 560}, {"1CXX", 7, false, 230}, {"1DX", 7, false, 140},
		{"7NT", 13, false, 1520}, {"7S", 13, false, 1510}, {"6NT", 12, false, 990},
	}
	for _, tc := range cases {
		c, err := ParseContract(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got := Score(c, tc.tricks, tc.vul); got != tc.want {
			t.Errorf("Score(%s, %d, %v) = %d, want %d", tc.c, tc.tricks, tc.vul, got, tc.want)
		}
	}
}

// TestScoreRulesPages: every numeric example of the bridge rules pages
// (shared/docs/rules-pages/bridge.de.txt and bridge.hi.txt carry the same
// score table; bridge.ko.txt states the undertrick steps, covered by
// TestUndertrickTable). The German page labels the non-vulnerable rows
// "ungünstig" and the vulnerable ones "günstig"; the scores show which is
// meant. The example deal, 3NT by North on board 1 making 10 tricks, scores
// +430.
func TestScoreRulesPages(t *testing.T) {
	cases := []struct {
		c      string
		tricks int
		vul    bool
		want   int
	}{
		{"1NT", 7, false, 90},
		{"2S", 8, false, 110},
		{"3NT", 9, false, 400},
		{"3NT", 9, true, 600},
		{"4S", 10, false, 420},
		{"4H", 10, true, 620},
		{"4H", 11, true, 650},
		{"5D", 11, false, 400},
		{"6S", 12, true, 1430},
		{"2SX", 8, false, 470},
		{"4S", 9, false, -50},
		{"4S", 9, true, -100},
		{"4SX", 8, false, -300},
		{"4SX", 8, true, -500},
		{"3NT", 10, BoardVul(1).Has(card.NS), 430},
	}
	for _, tc := range cases {
		c, err := ParseContract(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got := Score(c, tc.tricks, tc.vul); got != tc.want {
			t.Errorf("Score(%s, %d, %v) = %d, want %d", tc.c, tc.tricks, tc.vul, got, tc.want)
		}
	}
	// "Undoubled: 50 per trick (100 vulnerable). Doubled: 100, then 200, 200
	// and 300 for each further trick, or 200 then 300 vulnerable; redoubled
	// twice these" (all three pages).
	for _, tc := range []struct {
		down int
		vul  bool
		dbl  uint8
		want int
	}{
		{3, false, 0, 150}, {3, true, 0, 300}, {4, false, 1, 800}, {5, false, 1, 1100},
		{2, true, 1, 500}, {4, false, 2, 1600}, {2, true, 2, 1000},
	} {
		if got := Undertricks(tc.down, tc.vul, tc.dbl); got != tc.want {
			t.Errorf("Undertricks(%d, %v, %d) = %d, want %d", tc.down, tc.vul, tc.dbl, got, tc.want)
		}
	}
}

// TestBoardCycle is the 16-board table of bridge-reference.md §4 (and the
// four-board tables of the rules pages), plus boards 17, 32, 33 and beyond.
func TestBoardCycle(t *testing.T) {
	want := []struct {
		dealer card.Seat
		vul    Vul
	}{
		{card.North, VulNone}, {card.East, VulNS}, {card.South, VulEW}, {card.West, VulAll},
		{card.North, VulNS}, {card.East, VulEW}, {card.South, VulAll}, {card.West, VulNone},
		{card.North, VulEW}, {card.East, VulAll}, {card.South, VulNone}, {card.West, VulNS},
		{card.North, VulAll}, {card.East, VulNone}, {card.South, VulNS}, {card.West, VulEW},
	}
	for i, w := range want {
		for _, b := range []int{i + 1, i + 17, i + 33, i + 16*7 + 1} {
			if d := BoardDealer(b); d != w.dealer {
				t.Errorf("BoardDealer(%d) = %v, want %v", b, d, w.dealer)
			}
			if v := BoardVul(b); v != w.vul {
				t.Errorf("BoardVul(%d) = %v, want %v", b, v, w.vul)
			}
		}
	}
	for _, tc := range []struct {
		b      int
		dealer card.Seat
		vul    Vul
	}{{17, card.North, VulNone}, {32, card.West, VulEW}, {33, card.North, VulNone}} {
		if d, v := BoardDealer(tc.b), BoardVul(tc.b); d != tc.dealer || v != tc.vul {
			t.Errorf("board %d: %v %v, want %v %v", tc.b, d, v, tc.dealer, tc.vul)
		}
	}
	// The closed formula of §4.
	for b := 1; b <= 64; b++ {
		i := b - 1
		if v := BoardVul(b); v != Vul((i+i/4)%4) {
			t.Errorf("BoardVul(%d) = %v", b, v)
		}
	}
}

// TestTrickAndOvertrickScore covers the helpers the rubber scoring uses.
func TestTrickAndOvertrickScore(t *testing.T) {
	for _, tc := range []struct {
		c    string
		want int
	}{{"1C", 20}, {"1NT", 40}, {"3NT", 100}, {"2SX", 120}, {"1NTXX", 160}, {"7NT", 220}, {"4HXX", 480}, {"Pass", 0}} {
		c, _ := ParseContract(tc.c)
		if got := TrickScore(c); got != tc.want {
			t.Errorf("TrickScore(%s) = %d, want %d", tc.c, got, tc.want)
		}
	}
	for _, tc := range []struct {
		c    string
		over int
		vul  bool
		want int
	}{{"2C", 2, true, 40}, {"2NT", 2, false, 60}, {"2NTX", 2, false, 200}, {"2NTX", 2, true, 400}, {"2NTXX", 2, false, 400}, {"2NTXX", 2, true, 800}} {
		c, _ := ParseContract(tc.c)
		if got := OvertrickScore(c, tc.over, tc.vul); got != tc.want {
			t.Errorf("OvertrickScore(%s, %d, %v) = %d, want %d", tc.c, tc.over, tc.vul, got, tc.want)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	cs := []Contract{{3, NoTrump, 0}, {4, StrainSpades, 1}, {7, NoTrump, 2}, {2, StrainClubs, 0}}
	s := 0
	for i := 0; b.Loop(); i++ {
		s += Score(cs[i&3], i%14, i&1 == 0)
	}
	_ = s
}

func BenchmarkIMPs(b *testing.B) {
	s := 0
	for i := 0; b.Loop(); i++ {
		s += IMPs(i%9000 - 4500)
	}
	_ = s
}
