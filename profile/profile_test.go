package profile

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/game"
	"atout/protocol"
)

// resultWith returns a result line with the analysis a in it.
func resultWith(t *testing.T, line string, a any) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	if a != nil {
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		m["analysis"] = raw
	}
	out, _ := json.Marshal(m)
	return out
}

func moves(seats string, actions ...string) []game.Move {
	out := make([]game.Move, len(actions))
	for i, a := range actions {
		var s card.Seat
		if err := s.UnmarshalText([]byte{seats[i]}); err != nil {
			panic(err)
		}
		out[i] = game.Move{Seat: s, Action: a}
	}
	return out
}

var finished = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// bridgeDeal: North (the user) declares 4S after 1S-3S-4S, East's lead of
// the king of hearts gives a trick (10 → 11), North's ace of spades at
// trick 2 gives it back (11 → 10), and North claims 10: par is 450, the
// table scores 420, the bots' second table 450.
func bridgeDeal(t *testing.T) Deal {
	a := protocol.Analysis{
		Type: "analysis", Deal: 1, Board: 1, Par: protocol.ParInfo{Score: 450, Contracts: []string{"NS 4S"}},
		Contract: "4S", Declarer: "N", Start: 10,
		Costly: []protocol.CostlyCard{
			{Trick: 1, Seat: card.East, Card: card.MustParse("HK"), Cost: 1, Before: 10, After: 11},
			{Trick: 2, Seat: card.North, Card: card.MustParse("SA"), Cost: 1, Before: 11, After: 10},
		},
		Compare: &protocol.Comparison{ScoreNS: 420, ParIMPs: -1,
			Second: &protocol.SecondTable{Contract: "4S", Declarer: "N", Tricks: 11, ScoreNS: 450, IMPs: -1}},
	}
	return Deal{
		GameID: "g1", Game: protocol.Bridge, No: 1, Finished: finished,
		Settings: protocol.TableSettings{Game: protocol.Bridge, Level: protocol.Strong},
		Seats:    [4]Seat{{User: "u1"}, {Bot: protocol.Strong}, {Bot: protocol.Strong}, {Bot: protocol.Strong}},
		Moves: moves("NESWNESWENWSN",
			"1S", "P", "3S", "P", "4S", "P", "P", "P",
			"HK", "H2", "H5", "HA", "claim 10"),
		Result: resultWith(t, `{"board":1,"contract":"4S","declarer":"N","tricks":10,"scoreNS":420,"points":{"NS":420,"EW":0}}`, a),
	}
}

func TestReadBridge(t *testing.T) {
	d := bridgeDeal(t)
	// North's ace of spades is not among the moves above (the claim came
	// first in this short record): its step is where it would be found,
	// so play it before the claim.
	d.Moves = append(d.Moves[:12], append(moves("N", "SA"), d.Moves[12:]...)...)
	fs, err := Read(d)
	if err != nil {
		t.Fatal(err)
	}
	want := [4]map[string]float64{
		card.North: {BridgeDeclarerLost: 1, BridgeClaimWrong: 0, BridgeClaimRefused: 0, BridgeParGame: -1, secondTablePrefix + BridgeParGame: 0, BridgeTableIMPs: -1},
		card.East:  {BridgeLeadCostly: 1, BridgeDefenceLost: 1, BridgeClaimAccepted: 0, BridgeParGame: 1, secondTablePrefix + BridgeParGame: 0, BridgeTableIMPs: 1},
		card.South: {BridgeParGame: -1, secondTablePrefix + BridgeParGame: 0, BridgeTableIMPs: -1},
		card.West:  {BridgeDefenceLost: 0, BridgeClaimAccepted: 0, BridgeParGame: 1, secondTablePrefix + BridgeParGame: 0, BridgeTableIMPs: 1},
	}
	for s := range fs {
		if !sameFigures(fs[s].Figures, want[s]) {
			t.Errorf("%v: figures %v, want %v", card.Seat(s), fs[s].Figures, want[s])
		}
	}
	c := fs[card.North].Costly
	if c == nil || c.Card != "SA" || c.Step != 12 || c.Trick != 2 || c.Cost != 1 || c.Contract != "4S N" || c.Board != 1 {
		t.Errorf("North's costly deal %+v", c)
	}
	if fs[card.West].Costly != nil {
		t.Errorf("West lost nothing, has %+v", fs[card.West].Costly)
	}
}

func sameFigures(a, b map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestBridgeClaims: a claim that gives a trick away counts for the
// claimer, and as accepted wrongly for the defenders when it takes one.
func TestBridgeClaims(t *testing.T) {
	for _, tc := range []struct {
		name              string
		claimer           string
		total             int
		wrong             map[card.Seat]float64 // BridgeClaimWrong
		accepted          map[card.Seat]float64 // BridgeClaimAccepted
		declarerLost, def float64
	}{
		// value at the claim: 10 (after North's costly ace)
		{"declarer claims his due", "N", 10, map[card.Seat]float64{card.North: 0}, map[card.Seat]float64{card.East: 0, card.West: 0}, 1, 1},
		{"declarer claims too few", "N", 9, map[card.Seat]float64{card.North: 1}, map[card.Seat]float64{card.East: 0, card.West: 0}, 2, 1},
		{"declarer claims too many", "N", 11, map[card.Seat]float64{card.North: 0}, map[card.Seat]float64{card.East: 1, card.West: 1}, 1, 1},
		{"defender concedes too much", "E", 11, map[card.Seat]float64{card.East: 1}, map[card.Seat]float64{card.North: 0}, 1, 2},
		{"defender concedes too little", "W", 9, map[card.Seat]float64{card.West: 0}, map[card.Seat]float64{card.North: 1}, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := bridgeDeal(t)
			d.Moves = append(d.Moves[:12], moves("N"+tc.claimer, "SA", "claim "+itoa(tc.total))...)
			fs, err := Read(d)
			if err != nil {
				t.Fatal(err)
			}
			for s := range fs {
				seat := card.Seat(s)
				got, has := fs[s].Figures[BridgeClaimWrong]
				want, ok := tc.wrong[seat]
				if has != ok || got != want {
					t.Errorf("%v claim.wrong = %v (%v), want %v (%v)", seat, got, has, want, ok)
				}
				got, has = fs[s].Figures[BridgeClaimAccepted]
				want, ok = tc.accepted[seat]
				if has != ok || got != want {
					t.Errorf("%v claim.accepted = %v (%v), want %v (%v)", seat, got, has, want, ok)
				}
			}
			if got := fs[card.North].Figures[BridgeDeclarerLost]; got != tc.declarerLost {
				t.Errorf("declarer lost %v, want %v", got, tc.declarerLost)
			}
			claimer := map[string]card.Seat{"N": card.North, "E": card.East, "W": card.West}[tc.claimer]
			def := card.East
			if claimer == card.West {
				def = card.West
			}
			if got := fs[def].Figures[BridgeDefenceLost]; got != tc.def {
				t.Errorf("%v defence lost %v, want %v", def, got, tc.def)
			}
		})
	}
}

// TestBridgeClaimRefused: a deal where a seat claimed counts for the
// claims refused; 1 when one of his claims was refused.
func TestBridgeClaimRefused(t *testing.T) {
	d := bridgeDeal(t)
	fs, err := Read(d)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := fs[card.North].Figures[BridgeClaimRefused]; !ok || v != 0 {
		t.Errorf("an accepted claim: %v %v", v, ok)
	}
	if _, ok := fs[card.East].Figures[BridgeClaimRefused]; ok {
		t.Error("East never claimed")
	}
	d.Refused = []card.Seat{card.North, card.North, card.East}
	fs, err = Read(d)
	if err != nil {
		t.Fatal(err)
	}
	if fs[card.North].Figures[BridgeClaimRefused] != 1 || fs[card.East].Figures[BridgeClaimRefused] != 1 {
		t.Errorf("refused claims: N %v, E %v", fs[card.North].Figures, fs[card.East].Figures)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestAuctionKind(t *testing.T) {
	for _, tc := range []struct {
		seats, calls string
		contract     string
		want         string
	}{
		{"NESWNESW", "1S P 3S P 4S P P P", "4S", BridgeParGame},
		{"NESWNESW", "1S 2H 2S P P P", "2S", BridgeParCompetitive},
		{"NESWNESW", "1S X 2S P P P", "2S", BridgeParPartscore}, // a double is not a bid
		{"NESW", "P P P P", "Pass", BridgeParPartscore},
		{"NESWNESWNESW", "1C P 1S P 3NT P 6NT P P P", "6NT", BridgeParSlam},
		{"NESWNESW", "1C P 3NT P P P", "3NT", BridgeParGame},
		{"NESWNESW", "1D P 4D P P P", "4D", BridgeParPartscore},
		{"NESWNESW", "1D P 5D P P P", "5D", BridgeParGame},
		{"NESW", "4NT P P P", "4NT", BridgeParGame},
	} {
		d := Deal{Moves: moves(tc.seats, strings.Fields(tc.calls)...)}
		p, err := readBridgeMoves(d)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := bridge.ParseContract(tc.contract)
		if err != nil {
			t.Fatal(err)
		}
		if got := auctionKind(p, ct); got != tc.want {
			t.Errorf("%s → %s: %s, want %s", tc.calls, tc.contract, got, tc.want)
		}
	}
}

// beloteDeal: a coinche deal, South (the user) bids 80H, West coinches,
// the contract fails; South's jack of hearts cost 20 points.
func beloteDeal(t *testing.T, made bool) Deal {
	a := protocol.BeloteAnalysis{
		Type: "beloteAnalysis", Deal: 1, Contract: "80H", Takers: card.NS,
		Start: belote.SidePoints{90, 72}, Final: belote.SidePoints{70, 92},
		Costly: []protocol.BeloteCostlyCard{
			{Trick: 1, Seat: card.South, Card: card.MustParse("HJ"), Cost: 20, Before: 90, After: 70},
			{Trick: 2, Seat: card.East, Card: card.MustParse("SA"), Cost: 5, Before: 77, After: 72},
		},
	}
	line := `{"deal":1,"takers":"NS","contract":"80H","coinche":2,"made":false,"cardPoints":{"NS":70,"EW":92},"announcements":{"NS":0,"EW":0},"belote":null,"score":{"NS":0,"EW":320},"total":{"NS":0,"EW":320}}`
	if made {
		line = `{"deal":1,"takers":"NS","contract":"80H","coinche":2,"made":true,"cardPoints":{"NS":90,"EW":72},"announcements":{"NS":0,"EW":0},"belote":null,"score":{"NS":340,"EW":0},"total":{"NS":340,"EW":0}}`
	}
	return Deal{
		GameID: "b1", Game: protocol.Belote, No: 1, Finished: finished,
		Settings: protocol.TableSettings{Game: protocol.Belote, Mode: "coinche"},
		Seats:    [4]Seat{{Bot: protocol.Easy}, {Bot: protocol.Easy}, {User: "u1"}, {User: "u2"}},
		Moves:    moves("SWNESE", "80H", "coinche", "pass", "pass", "HJ", "SA"),
		Result:   resultWith(t, line, a),
	}
}

func TestReadBelote(t *testing.T) {
	fs, err := Read(beloteDeal(t, false))
	if err != nil {
		t.Fatal(err)
	}
	want := [4]map[string]float64{
		card.North: {BeloteTakerLost: 0},
		card.East:  {BeloteDefenceLost: 5},
		card.South: {BeloteTakerLost: 20, BeloteMadePrefix + "coinche": 0},
		card.West:  {BeloteDefenceLost: 0, BeloteCoinchePaid: 1},
	}
	for s := range fs {
		if !sameFigures(fs[s].Figures, want[s]) {
			t.Errorf("%v: figures %v, want %v", card.Seat(s), fs[s].Figures, want[s])
		}
	}
	if c := fs[card.South].Costly; c == nil || c.Card != "HJ" || c.Step != 4 || c.Cost != 20 || c.Contract != "80H" {
		t.Errorf("South's costly deal %+v", fs[card.South].Costly)
	}
	fs, err = Read(beloteDeal(t, true))
	if err != nil {
		t.Fatal(err)
	}
	if fs[card.West].Figures[BeloteCoinchePaid] != 0 || fs[card.South].Figures[BeloteMadePrefix+"coinche"] != 1 {
		t.Errorf("made and coinched: %v %v", fs[card.West].Figures, fs[card.South].Figures)
	}
}

// TestTallyPage counts a small history by hand: two players' deals, the
// bots beside them, and the page made of it.
func TestTallyPage(t *testing.T) {
	var tally Tally
	days := map[int]Day{}
	count := func(d Deal, user string, newGame bool) {
		adds, err := Adds(d)
		if err != nil {
			t.Fatal(err)
		}
		a, ok := adds[user]
		if !ok {
			t.Fatalf("no add for %s", user)
		}
		a.NewGame = newGame
		tally.Apply(a)
		if days[a.Day] == nil {
			days[a.Day] = Day{}
		}
		ApplyDay(days[a.Day], a)
	}
	bd := bridgeDeal(t)
	bd.Moves = append(bd.Moves[:12], moves("NN", "SA", "claim 10")...)
	count(bd, "u1", true)
	bd2 := bridgeDeal(t)
	bd2.No, bd2.Finished = 2, finished.Add(24*time.Hour)
	bd2.Moves = append(bd2.Moves[:12], moves("NN", "SA", "claim 9")...) // gives one away
	count(bd2, "u1", false)
	be := beloteDeal(t, false)
	count(be, "u1", true)

	var ds []DaySamples
	for d, f := range days {
		ds = append(ds, DaySamples{Day: d, Figures: f})
	}
	p := tally.Page(ds)
	if len(p.Games) != 2 || p.Games[0] != (protocol.ProfileGames{Game: "belote", Kind: "coinche", Games: 1, Deals: 1}) ||
		p.Games[1] != (protocol.ProfileGames{Game: "bridge", Kind: "duplicate", Games: 1, Deals: 2}) {
		t.Errorf("games %+v", p.Games)
	}
	fig := map[string]protocol.ProfileFigure{}
	for _, f := range p.Figures {
		fig[f.Key] = f
	}
	// North declared twice: lost 1, then 1 + the trick his claim gave.
	if f := fig[BridgeDeclarerLost]; f.N != 2 || f.Value != 1.5 || !near(f.Lo, 1.5-1.959964*0.5) || len(f.Trend) != 2 {
		t.Errorf("declarer lost %+v", f)
	}
	if f := fig[BridgeClaimWrong]; f.N != 2 || f.Value != 0.5 {
		t.Errorf("claims %+v", f)
	}
	// The bots: the second table at par twice.
	if _, ok := fig[BridgeLeadCostly]; ok {
		t.Errorf("the user never led, the page shows his lead figure: %+v", fig[BridgeLeadCostly])
	}
	if f := fig[BridgeParGame]; f.N != 2 || f.Value != -1 || f.Bots[protocol.Strong] != (protocol.Stat{N: 2, Value: 0, Lo: 0, Hi: 0}) {
		t.Errorf("par %+v", f)
	}
	if f := fig[BridgeDefenceLost]; f.N != 0 {
		t.Errorf("defence %+v", f)
	}
	if f := fig[BeloteTakerLost]; f.N != 1 || f.Value != 20 {
		t.Errorf("belote taker %+v", f)
	}
	if f := fig[BeloteMadePrefix+"coinche"]; f.N != 1 || f.Value != 0 {
		t.Errorf("belote made %+v", f)
	}
	// The bots of the belote deal: East (easy) lost 5 as defender, North
	// (easy) 0 as taker; West is a user, not a bot.
	if f := fig[BeloteTakerLost]; f.Bots[protocol.Easy].N != 1 || f.Bots[protocol.Easy].Value != 0 {
		t.Errorf("belote bots as takers %+v", f.Bots)
	}
	if len(p.Costliest) != 3 || p.Costliest[0].Game != "belote" || p.Costliest[1].Cost != 2 || p.Costliest[1].Deal != 2 || p.Costliest[2].Cost != 1 {
		t.Errorf("costliest %+v", p.Costliest)
	}
	if p.Since != finished.UnixMilli() {
		t.Errorf("since %d", p.Since)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestStat checks the intervals against known values.
func TestStat(t *testing.T) {
	var r Sample
	for i := range 10 {
		r.Add(b2f(i < 3))
	}
	st := r.Stat(true)
	if !near(st.Value, 0.3) || math.Abs(st.Lo-0.1078) > 5e-4 || math.Abs(st.Hi-0.6032) > 5e-4 {
		t.Errorf("Wilson 3/10: %+v, want [0.1078, 0.6032]", st)
	}
	var m Sample
	for _, x := range []float64{1, 2, 3, 4} {
		m.Add(x)
	}
	st = m.Stat(false)
	if !near(st.Value, 2.5) || math.Abs(st.Lo-1.2348) > 5e-4 || math.Abs(st.Hi-3.7652) > 5e-4 {
		t.Errorf("mean of 1..4: %+v, want [1.2348, 3.7652]", st)
	}
	// What is lost is never below 0, nor its interval.
	var lost Sample
	for _, x := range []float64{0, 0, 0, 3} {
		lost.Add(x)
	}
	if st := (Figure{Key: BridgeDeclarerLost, Kind: "mean", Unit: "tricks"}).stat(lost); st.Lo != 0 || !near(st.Value, 0.75) || st.Hi <= st.Value {
		t.Errorf("tricks lost 0,0,0,3: %+v", st)
	}
	if st := (Figure{Key: BridgeParGame, Kind: "mean", Unit: "imps"}).stat(lost); st.Lo >= 0 {
		t.Errorf("IMPs may be below 0: %+v", st)
	}
	var one Sample
	one.Add(3)
	if st := one.Stat(false); st != (protocol.Stat{N: 1, Value: 3, Lo: 3, Hi: 3}) {
		t.Errorf("one sample: %+v", st)
	}
}

// TestCostliestKept keeps the ten costliest deals of each game.
func TestCostliestKept(t *testing.T) {
	var tally Tally
	for i := range 25 {
		for _, g := range []protocol.GameKind{protocol.Bridge, protocol.Belote} {
			tally.Apply(Add{GameKey: string(g) + "/x", Ended: int64(i), Costly: &Costly{Game: g, GameID: string(g), Deal: i + 1, Cost: i % 7}})
		}
	}
	if len(tally.Costliest) != 20 {
		t.Fatalf("%d kept, want 20", len(tally.Costliest))
	}
	for i, c := range tally.Costliest[:10] {
		if c.Game != protocol.Belote || i > 0 && c.Cost > tally.Costliest[i-1].Cost {
			t.Errorf("order at %d: %+v", i, c)
		}
	}
	if tally.Costliest[0].Cost != 6 || tally.Costliest[10].Cost != 6 {
		t.Errorf("first of each game %+v %+v", tally.Costliest[0], tally.Costliest[10])
	}
	// The same deal twice is kept once.
	tally.Apply(Add{GameKey: "bridge/x", Costly: &tally.Costliest[10]})
	if len(tally.Costliest) != 20 {
		t.Errorf("a deal counted twice in the costliest")
	}
}
