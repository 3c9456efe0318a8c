package bridge

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// pbnBoard is the little of a PBN game that the tests need.
type pbnBoard struct {
	tags    map[string]string
	auction []string
	play    [][]string // one row per trick, columns from the Play tag's seat
}

// readPBN reads the simple PBN files of testdata (no notes, no claims).
func readPBN(t *testing.T, name string) []pbnBoard {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []pbnBoard
	var cur *pbnBoard
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "%"):
			section = ""
		case strings.HasPrefix(line, "["):
			name, val, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			val = strings.Trim(val, `"`)
			if name == "Event" || cur == nil {
				out = append(out, pbnBoard{tags: map[string]string{}})
				cur = &out[len(out)-1]
			}
			cur.tags[name] = val
			section = name
		case section == "Auction":
			cur.auction = append(cur.auction, strings.Fields(line)...)
		case section == "Play":
			cur.play = append(cur.play, strings.Fields(line))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// replayPBN plays a board through Apply, finding each card in the column of
// the seat whose turn it is.
func replayPBN(t *testing.T, b pbnBoard) *Game {
	t.Helper()
	n, _ := strconv.Atoi(b.tags["Board"])
	dealer, err := card.ParseSeat(b.tags["Dealer"])
	if err != nil {
		t.Fatal(err)
	}
	vul, err := ParseVul(b.tags["Vulnerable"])
	if err != nil {
		t.Fatal(err)
	}
	deal, err := ParseDeal(b.tags["Deal"])
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(n, dealer, vul, deal)
	for _, c := range b.auction {
		s, _ := g.Turn()
		if err := g.Apply(game.Move{Seat: s, Action: c}); err != nil {
			t.Fatalf("board %d: %v", n, err)
		}
	}
	first, _ := card.ParseSeat(b.tags["Play"])
	for k, row := range b.play {
		for range 4 {
			s, ok := g.Turn()
			if !ok {
				t.Fatalf("board %d: deal over at trick %d", n, k+1)
			}
			col := (int(s) - int(first) + 4) % 4
			if err := g.Apply(game.Move{Seat: s, Action: row[col]}); err != nil {
				t.Fatalf("board %d: %v", n, err)
			}
		}
	}
	return g
}

// TestReplayExampleEvent replays testdata/bridge-event.pbn (copied from the
// shared examples) and compares each result with the expected JSON lines.
func TestReplayExampleEvent(t *testing.T) {
	boards := readPBN(t, "testdata/bridge-event.pbn")
	data, err := os.ReadFile("testdata/bridge-event.expected.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != len(boards) || len(boards) == 0 {
		t.Fatalf("%d boards, %d expected lines", len(boards), len(lines))
	}
	for i, b := range boards {
		g := replayPBN(t, b)
		if !g.Done() {
			t.Fatalf("board %d not over", i+1)
		}
		var want struct {
			Board    int    `json:"board"`
			Contract string `json:"contract"`
			Declarer string `json:"declarer"`
			Tricks   int    `json:"tricks"`
			ScoreNS  int    `json:"scoreNS"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
			t.Fatal(err)
		}
		r := g.Result()
		if g.Board() != want.Board || r.Contract.String() != want.Contract || r.Declarer.String() != want.Declarer ||
			r.Tricks != want.Tricks || r.ScoreNS != want.ScoreNS || r.Claimed || !r.Done {
			t.Errorf("board %d: got %+v, want %+v", i+1, r, want)
		}
		if r.Contract.String() != b.tags["Contract"] || r.Declarer.String() != b.tags["Declarer"] || strconv.Itoa(r.Tricks) != b.tags["Result"] {
			t.Errorf("board %d: result %+v disagrees with the PBN tags", i+1, r)
		}
	}
}

// startBoard1 returns board 1 after the auction 2NT P 4C P P P: South
// declares 4C, North is dummy, West leads.
func startBoard1(t *testing.T) *Game {
	t.Helper()
	deal, err := ParseDeal(board1)
	if err != nil {
		t.Fatal(err)
	}
	g := NewBoard(1, deal)
	applyAll(t, g, "N 2NT", "E P", "S 4C", "W P", "N P", "E P")
	return g
}

func applyAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func visibleSeats(v View) string {
	var b strings.Builder
	for _, s := range card.Seats {
		if _, ok := v.Hands[s]; ok {
			b.WriteString(s.String())
		}
	}
	return b.String()
}

func TestViewVisibility(t *testing.T) {
	deal, _ := ParseDeal(board1)
	g := NewBoard(1, deal)
	check := func(stage string, want [4]string) {
		t.Helper()
		for _, s := range card.Seats {
			v := g.SeatView(s)
			if got := visibleSeats(v); got != want[s] {
				t.Errorf("%s: %s sees %q, want %q", stage, s, got, want[s])
			}
			if h, ok := v.Hands[s]; !ok || h != g.Hand(s) {
				t.Errorf("%s: %s's own hand %v", stage, s, h)
			}
			if (v.Deal != nil) != g.Done() {
				t.Errorf("%s: %s sees the whole deal: %v", stage, s, v.Deal != nil)
			}
			if _, err := json.Marshal(g.View(s)); err != nil {
				t.Errorf("%s: %s view: %v", stage, s, err)
			}
		}
	}
	check("start", [4]string{"N", "E", "S", "W"})
	applyAll(t, g, "N 2NT", "E P", "S 4C", "W P", "N P")
	check("auction", [4]string{"N", "E", "S", "W"})
	applyAll(t, g, "E P")
	check("before the lead", [4]string{"N", "E", "S", "W"})
	if v := g.SeatView(card.West); !reflect.DeepEqual(v.Legal, handStrings(deal[card.West])) || v.LegalFor != nil {
		t.Errorf("West's lead: legal %v", v.Legal)
	}
	applyAll(t, g, "W S9")
	check("after the lead", [4]string{"N", "NE", "NS", "NW"})

	// Dummy's turn: declarer's view lists dummy's cards; dummy's lists none.
	vs, vn, vw := g.SeatView(card.South), g.SeatView(card.North), g.SeatView(card.West)
	if !reflect.DeepEqual(vs.Legal, []string{"SK", "ST"}) || vs.LegalFor == nil || *vs.LegalFor != card.North {
		t.Errorf("declarer's view on dummy's turn: legal %v for %v", vs.Legal, vs.LegalFor)
	}
	if len(vn.Legal) != 0 || len(vw.Legal) != 0 || vn.Claim != nil || vw.Claim == nil || vs.Claim == nil {
		t.Errorf("dummy legal %v claim %v, West legal %v claim %v", vn.Legal, vn.Claim, vw.Legal, vw.Claim)
	}
	if got := g.Legal(card.North); !reflect.DeepEqual(got, []string{"SK", "ST"}) {
		t.Errorf("Legal(dummy) = %v", got)
	}
	if got := g.Legal(card.South); got != nil {
		t.Errorf("Legal(declarer) on dummy's turn = %v", got)
	}
	if ta := g.ToAct(); len(ta) != 1 || ta[0] != card.North || g.Controller(card.North) != card.South {
		t.Errorf("ToAct %v, Controller(N) %s", ta, g.Controller(card.North))
	}
	applyAll(t, g, "N ST", "E S7", "S S2")
	check("after trick 1", [4]string{"N", "NE", "NS", "NW"})
	v := g.SeatView(card.East)
	if v.LastTrick == nil || v.LastTrick.Winner != card.North || v.Trick == nil || len(v.Trick.Cards) != 0 || v.Tricks[card.NS] != 1 || v.DeclarerTricks != 1 {
		t.Errorf("East's view after trick 1: %+v", v)
	}
	// Every complete trick is public: each seat's view carries it, for
	// the review of the tricks.
	for _, s := range card.Seats {
		at := g.SeatView(s).AllTricks
		if len(at) != 1 || at[0].Leader != v.LastTrick.Leader || at[0].Winner != card.North || !slices.Equal(at[0].Cards, v.LastTrick.Cards) {
			t.Errorf("%v's view after trick 1: all tricks %+v, want [%+v]", s, at, *v.LastTrick)
		}
	}
	if err := g.Claim(card.South, 10); err != nil {
		t.Fatal(err)
	}
	check("over", [4]string{"NESW", "NESW", "NESW", "NESW"})
	v = g.SeatView(card.East)
	if v.Result == nil || v.Result.Tricks != 10 || !v.Result.Claimed || v.Result.ScoreNS != 130 || v.Turn != nil || len(v.Legal) != 0 {
		t.Errorf("final view %+v", v)
	}
	if v.Deal == nil || *v.Deal != deal {
		t.Errorf("final view deal %v", v.Deal)
	}
	all := g.ViewAll()
	if len(all.AllTricks) != 1 || visibleSeats(all) != "NESW" {
		t.Errorf("ViewAll %+v", all)
	}
}

func TestViewJSON(t *testing.T) {
	g := startBoard1(t)
	applyAll(t, g, "W S9")
	b, err := json.Marshal(g.View(card.South))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"board":1,"dealer":"N","vul":"None","seat":"S","phase":"play",` +
		`"hands":{"N":"KT.J8.K98762.T65","S":"86432.7.QJ4.A843"},` +
		`"auction":["2NT","P","4C","P","P","P"],"contract":"4C","declarer":"S","dummy":"N",` +
		`"trick":{"leader":"W","cards":["S9"]},"tricks":{"EW":0,"NS":0},"declarerTricks":0,` +
		`"turn":"N","legal":["SK","ST"],"legalFor":"N","claim":{"min":0,"max":13,"sure":1,"scores":[-500,-450,-400,-350,-300,-250,-200,-150,-100,-50,130,150,170,190]}}`
	if string(b) != want {
		t.Errorf("view JSON\n got %s\nwant %s", b, want)
	}
}

func TestApplyErrors(t *testing.T) {
	g := startBoard1(t)
	tests := []struct {
		move    string
		wantErr string
	}{
		{"W 1C", "bridge: trick 1: W cannot play 1C: not a card (want suit then rank, such as SA or H7)"},
		{"W P", "bridge: trick 1: W cannot play P: not a card (want suit then rank, such as SA or H7)"},
		{"W claim", `bridge: trick 1: W cannot make claim: want "claim N" with N from 0 to 13`},
		{"W claim 14", `bridge: trick 1: W cannot make claim 14: want "claim N" with N from 0 to 13`},
		{"N claim 10", "bridge: trick 1: N cannot make claim 10: dummy may not claim"},
		{"N SK", "bridge: trick 1: N cannot play SK: it is W's turn to play"},
		{"W SK", "bridge: trick 1: W cannot play SK: W does not hold SK"},
	}
	for _, tt := range tests {
		m, err := game.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		before := *g
		moves := g.Moves()
		err = g.Apply(m)
		if err == nil || err.Error() != tt.wantErr {
			t.Errorf("%s: err = %v\nwant %s", tt.move, err, tt.wantErr)
		}
		if !errors.Is(err, game.ErrIllegal) || errors.Is(err, game.ErrOver) {
			t.Errorf("%s: error %v: wrong wrapping", tt.move, err)
		}
		if *g != before || !reflect.DeepEqual(g.Moves(), moves) {
			t.Errorf("%s: illegal move changed the game", tt.move)
		}
	}
	// In the auction.
	deal, _ := ParseDeal(board1)
	g = NewBoard(2, deal) // East deals
	for _, tt := range []struct{ move, wantErr string }{
		{"N 1C", "bridge: N cannot call 1C: it is E's turn to call"},
		{"E SA", "bridge: E cannot play SA: the auction is not over"},
		{"E 1X", "bridge: E cannot call 1X: not a call (want P, X, XX or a bid such as 1C or 3NT)"},
		{"E X", "bridge: E cannot call X: there is no bid to double"},
	} {
		m, _ := game.ParseMove(tt.move)
		if err := g.Apply(m); err == nil || err.Error() != tt.wantErr {
			t.Errorf("%s: err = %v\nwant %s", tt.move, err, tt.wantErr)
		}
	}
	if err := g.Play(card.East, card.MustParse("SA")); err == nil || err.Error() != "bridge: E cannot play SA: the auction is not over" {
		t.Errorf("Play in the auction: %v", err)
	}
	if err := g.Claim(card.East, 7); err == nil || err.Error() != "bridge: E cannot make claim 7: claims are made during the play" {
		t.Errorf("Claim in the auction: %v", err)
	}
	// Lenient spellings are recorded in canonical form.
	applyAll(t, g, "E pass", "S 1n", "W dbl", "N xx", "E Pass", "S P", "W P")
	if got := g.Moves(); got[1].Action != "1NT" || got[2].Action != "X" || got[3].Action != "XX" || got[4].Action != "P" {
		t.Errorf("moves %v", got)
	}
	applyAll(t, g, "W as")
	if got := g.Moves(); got[len(got)-1] != (game.Move{Seat: card.West, Action: "SA"}) {
		t.Errorf("moves %v", got)
	}
}

func TestPassedOut(t *testing.T) {
	deal, _ := ParseDeal(board1)
	g := NewBoard(4, deal) // West deals, all vulnerable
	applyAll(t, g, "W P", "N P", "E P")
	if g.Done() || g.Phase() != PhaseAuction {
		t.Fatal("over after three passes")
	}
	applyAll(t, g, "S P")
	if !g.Done() || g.Phase() != PhaseOver || len(g.ToAct()) != 0 || g.Legal(card.North) != nil {
		t.Fatal("not over after four passes")
	}
	r := g.Result()
	if !r.Contract.IsPass() || r.ScoreNS != 0 || r.Tricks != 0 || !r.Done {
		t.Errorf("result %+v", r)
	}
	b, _ := json.Marshal(r)
	if string(b) != `{"contract":"Pass","declarer":"","tricks":0,"claimed":false,"scoreNS":0,"done":true}` {
		t.Errorf("result JSON %s", b)
	}
	if _, ok := g.Dummy(); ok {
		t.Error("a passed-out deal has a dummy")
	}
	err := g.Apply(game.Move{Seat: card.West, Action: "1C"})
	if !errors.Is(err, game.ErrOver) || !errors.Is(err, game.ErrIllegal) {
		t.Errorf("call after the end: %v", err)
	}
	if v := g.SeatView(card.North); visibleSeats(v) != "NESW" || v.Contract == nil || v.Contract.String() != "Pass" || v.Declarer != nil {
		t.Errorf("passed-out view %+v", v)
	}
}

func TestClaims(t *testing.T) {
	g := startBoard1(t)
	if lo, hi, ok := g.ClaimRange(); !ok || lo != 0 || hi != 13 {
		t.Errorf("ClaimRange before the lead = %d %d %v", lo, hi, ok)
	}
	// Trick 1 to North (declarer's side), trick 2 to West.
	applyAll(t, g, "W S9", "N ST", "E S7", "S S2", "N CT", "E CJ", "S C3", "W CQ", "W D5")
	if lo, hi, ok := g.ClaimRange(); !ok || lo != 1 || hi != 12 {
		t.Fatalf("ClaimRange after two tricks = %d %d %v", lo, hi, ok)
	}
	for _, bad := range []int{0, 13, -1} {
		before := *g
		err := g.Claim(card.South, bad)
		want := "bridge: trick 3: S cannot make claim " + strconv.Itoa(bad) + ": declarer's total must be between 1 and 12"
		if err == nil || err.Error() != want {
			t.Errorf("claim %d: %v", bad, err)
		}
		if *g != before {
			t.Errorf("claim %d changed the game", bad)
		}
	}
	if err := g.Claim(card.North, 12); err == nil {
		t.Error("dummy claimed")
	}
	// A defender concedes: declarer takes the rest.
	c := g.Clone()
	if err := c.Apply(game.Move{Seat: card.East, Action: "claim 12"}); err != nil {
		t.Fatal(err)
	}
	r := c.Result()
	// 4C with two overtricks, not vulnerable: 80 + 50 + 2*20.
	if !r.Done || !r.Claimed || r.Tricks != 12 || r.ScoreNS != 170 {
		t.Errorf("conceded: %+v", r)
	}
	if by, ok := c.Claimed(); !ok || by != card.East {
		t.Errorf("Claimed = %s %v", by, ok)
	}
	if m := c.Moves(); m[len(m)-1] != (game.Move{Seat: card.East, Action: "claim 12"}) {
		t.Errorf("last move %v", m[len(m)-1])
	}
	if err := c.Play(card.North, card.MustParse("D2")); !errors.Is(err, game.ErrOver) {
		t.Errorf("card after a claim: %v", err)
	}
	if err := c.Claim(card.South, 12); !errors.Is(err, game.ErrOver) {
		t.Errorf("claim after a claim: %v", err)
	}
	// Declarer claims 9: down one, not vulnerable.
	if err := g.Claim(card.South, 9); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Tricks != 9 || r.ScoreNS != -50 || !r.Claimed {
		t.Errorf("claimed 9: %+v", r)
	}
	// The original is untouched by the clone's claim and vice versa.
	if r := c.Result(); r.Tricks != 12 {
		t.Errorf("clone changed: %+v", r)
	}
}

func TestUndo(t *testing.T) {
	deal, _ := ParseDeal(board1)
	g := NewBoard(1, deal)
	if err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("Undo at start: %v", err)
	}
	moves := []string{"N 2NT", "E P", "S 4C", "W P", "N P", "E P", "W S9", "N ST", "E S7", "S S2", "N CT", "S claim 10"}
	states := []Game{*g}
	for _, m := range moves {
		applyAll(t, g, m)
		states = append(states, *g)
	}
	if !g.Done() {
		t.Fatal("not over after the claim")
	}
	for i := len(moves) - 1; i >= 0; i-- {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if *g != states[i] {
			t.Fatalf("after undoing %q: state differs", moves[i])
		}
		if got := len(g.Moves()); got != i {
			t.Fatalf("after undoing %q: %d moves", moves[i], got)
		}
	}
	// Undo of the final pass reopens the auction.
	applyAll(t, g, moves[:6]...)
	if g.Phase() != PhasePlay {
		t.Fatal("not in play")
	}
	_ = g.Undo()
	if g.Phase() != PhaseAuction || len(g.Legal(card.East)) == 0 {
		t.Errorf("after undoing the last pass: phase %s", g.Phase())
	}
}

func TestCloneIndependent(t *testing.T) {
	g := startBoard1(t)
	c := g.Clone()
	applyAll(t, c, "W S9")
	if len(g.Moves()) != 6 || len(c.Moves()) != 7 || g.DummyExposed() || !c.DummyExposed() {
		t.Errorf("clone shares state")
	}
}

func TestGameInterfaceBasics(t *testing.T) {
	var gi game.Game = startBoard1(t)
	if gi.Kind() != "bridge" || gi.Done() {
		t.Error("Kind or Done")
	}
	g := gi.(*Game)
	if d, ok := g.Declarer(); !ok || d != card.South || g.Contract().String() != "4C" {
		t.Errorf("declarer %s contract %s", d, g.Contract())
	}
	if d, ok := g.Dummy(); !ok || d != card.North {
		t.Errorf("dummy %s", d)
	}
	if g.Vul() != VulNone || g.Dealer() != card.North || g.Board() != 1 {
		t.Error("board data")
	}
	if r := g.Result(); r.Done || r.ScoreNS != 0 {
		t.Errorf("result during play %+v", r)
	}
}
