package table

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"atout/belote"
	"atout/card"
	"atout/match"
)

// fixedBeloteDeals deals n decks from seed, the dealer turning as in a game.
func fixedBeloteDeals(n int, seed uint64) []BeloteDeal {
	r := card.NewRand(seed)
	out := make([]BeloteDeal, n)
	dealer := card.North
	for i := range out {
		deck := belote.ShuffledDeck(r)
		out[i] = BeloteDeal{Dealer: dealer, Deck: deck[:]}
		dealer = belote.Next(dealer)
	}
	return out
}

func TestFixedBeloteDealsReportEachDeal(t *testing.T) {
	deals := fixedBeloteDeals(3, 99)
	st := openStore(t)
	h := newHub(t, st)
	var mu sync.Mutex
	var got []BeloteDealDone
	h.OnBeloteDeal(func(d BeloteDealDone) { mu.Lock(); got = append(got, d); mu.Unlock() })
	var bridgeReports int
	h.OnBoard(func(BoardDone) { mu.Lock(); bridgeReports++; mu.Unlock() })
	// The competition shows everything (what it hides is seal_test.go's).
	h.SealWith(func(SealQuery) bool { return true })
	s := Settings{Game: "belote", Mode: "coinche", Level: "easy", Tournament: ParseCompetition("D1"), BeloteDeals: deals, Seed: 5}
	room, err := h.Create(context.Background(), s, Player{})
	if err != nil {
		t.Fatal(err)
	}
	waitOver(t, room, 60*time.Second)
	in, err := room.Info(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Settings.BeloteDeals) != 0 || in.Settings.Tournament.String() != "D1" {
		t.Errorf("the table's public settings: %+v", in.Settings)
	}
	if in.Sheet.Belote == nil {
		t.Fatalf("sheet is %+v", in.Sheet)
	}
	sheet := *in.Sheet.Belote
	// The view of a fixed series: deal 3 of 3, no target, over.
	viewed := make(chan struct{})
	tb := room.(*Table)
	tb.post(func() {
		defer close(viewed)
		v := *tb.m.View(card.South).Belote
		if v.DealNumber != 3 || v.Target != 0 || !v.Over || v.Winner != nil {
			t.Errorf("view after the last deal: deal %d, target %d, over %v, winner %v", v.DealNumber, v.Target, v.Over, v.Winner)
		}
	})
	select {
	case <-viewed:
	case <-tb.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 3 || bridgeReports != 0 {
		t.Fatalf("%d belote reports and %d bridge reports, want 3 and 0", len(got), bridgeReports)
	}
	if len(sheet.Lines) != 3 || sheet.Deals != 3 || !sheet.Over || sheet.Target != 0 {
		t.Fatalf("sheet %+v", sheet)
	}
	var totals [2]int
	for i, d := range got {
		if d.Deal != i+1 || d.Table != room.ID() || d.Tournament.String() != "D1" {
			t.Errorf("report %d: %+v", i, d)
		}
		if d.Record.Dealer != deals[i].Dealer || !slices.Equal(d.Record.Deck[:], deals[i].Deck) {
			t.Errorf("deal %d: the record's deal is not the fixed one", i+1)
		}
		// Replaying the record alone gives the reported points.
		deals, err := belote.LoadDeals([]belote.Record{d.Record})
		if err != nil {
			t.Fatalf("deal %d: %v", i+1, err)
		}
		dl := deals[0]
		var want [2]int
		if !dl.Passed() {
			want = dl.Result().Score
		}
		if d.Points != want || d.Passed != dl.Passed() {
			t.Errorf("deal %d: points %v (passed %v), replay gives %v", i+1, d.Points, d.Passed, want)
		}
		totals[0] += d.Points[0]
		totals[1] += d.Points[1]
		if sheet.Lines[i].Deal != i+1 || sheet.Lines[i].Total != totals {
			t.Errorf("sheet line %d: deal %d, total %v, want %v", i, sheet.Lines[i].Deal, sheet.Lines[i].Total, totals)
		}
	}
	if sheet.Totals != belote.SidePoints(totals) {
		t.Errorf("totals %v, want %v", sheet.Totals, totals)
	}
	data, _, err := room.Export(context.Background(), "json")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := belote.ParseRecords(data)
	if err != nil || len(recs) != 3 {
		t.Fatalf("export: %d records, %v", len(recs), err)
	}

	// The stored game rebuilds the same sheet.
	rec, err := st.LoadGame(context.Background(), room.ID())
	if err != nil {
		t.Fatal(err)
	}
	h2 := newHub(t, st)
	t2, err := h2.restore(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	sheet2 := *t2.m.Sheet().Belote
	a, _ := json.Marshal(sheet)
	b, _ := json.Marshal(sheet2)
	if string(a) != string(b) {
		t.Errorf("restored sheet differs:\n%s\n%s", a, b)
	}
}

func TestFixedBeloteResumeMidDeal(t *testing.T) {
	deals := fixedBeloteDeals(2, 3)
	st := openStore(t)
	h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
	u, err := st.CreateGuest(context.Background(), "east", "")
	if err != nil {
		t.Fatal(err)
	}
	var players [4]Player
	players[card.East] = Player{ID: u.ID}
	room, err := h.CreateSeated(context.Background(), Settings{Game: "belote", Level: "easy", BeloteDeals: deals}, u.ID, players)
	if err != nil {
		t.Fatal(err)
	}
	// Wait for the human's turn, then stop the hub.
	deadline := time.Now().Add(20 * time.Second)
	for {
		in, _ := room.Info(context.Background(), u.ID)
		tb := room.(*Table)
		var toAct []card.Seat
		done := make(chan struct{})
		tb.post(func() { toAct = tb.m.Game().ToAct(); close(done) })
		<-done
		if slices.Contains(toAct, card.East) {
			if in.Seats[card.East].Human != true {
				t.Fatalf("East is not human: %+v", in.Seats[card.East])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("East never got to act")
		}
		time.Sleep(5 * time.Millisecond)
	}
	in1, _ := room.Info(context.Background(), "")
	h.Shutdown(context.Background())
	h2 := newHub(t, st)
	if n, err := h2.Resume(context.Background()); err != nil || n != 1 {
		t.Fatalf("resumed %d tables: %v", n, err)
	}
	r2, err := h2.Get(context.Background(), room.ID())
	if err != nil {
		t.Fatal(err)
	}
	in2, _ := r2.Info(context.Background(), "")
	if in2.Deal != in1.Deal || in2.DealMove != in1.DealMove || in2.Over {
		t.Errorf("resumed at deal %d move %d, was at deal %d move %d", in2.Deal, in2.DealMove, in1.Deal, in1.DealMove)
	}
	// The view numbers the deals of the match and adds up its sheet.
	tb := r2.(*Table)
	var v belote.GameView
	var lines []belote.DealScore
	done := make(chan struct{})
	tb.post(func() {
		v = *tb.m.View(card.East).Belote
		lines = tb.m.(*match.Belote).SheetValue().Lines
		close(done)
	})
	<-done
	if v.DealNumber != in2.Deal || len(v.Sheet) != in2.Deal-1 || len(lines) != in2.Deal-1 {
		t.Errorf("view of deal %d: dealNumber %d, %d sheet lines", in2.Deal, v.DealNumber, len(v.Sheet))
	}
}

func TestCreateSeated(t *testing.T) {
	st := openStore(t)
	h := newHub(t, st)
	ua, _ := st.CreateGuest(context.Background(), "a", "")
	ub, _ := st.CreateGuest(context.Background(), "b", "")
	var players [4]Player
	players[card.North] = Player{ID: ua.ID}
	players[card.South] = Player{ID: ua.ID}
	_, err := h.CreateSeated(context.Background(), Settings{Game: "bridge", Boards: 1}, "", players)
	if CodeOf(err) != CodeBadRequest {
		t.Errorf("one player in two seats: %v", err)
	}
	players[card.South] = Player{ID: ub.ID}
	room, err := h.CreateSeated(context.Background(), Settings{Game: "bridge", Boards: 1}, ua.ID, players)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := room.Info(context.Background(), ub.ID)
	for s, want := range []bool{true, false, true, false} {
		if in.Seats[s].Human != want {
			t.Errorf("seat %v: human %v, want %v", card.Seat(s), in.Seats[s].Human, want)
		}
	}
	if !in.Seats[card.South].You {
		t.Error("b does not see himself South")
	}
}

func TestBeloteDealsSettings(t *testing.T) {
	good := fixedBeloteDeals(2, 1)
	short := []BeloteDeal{{Dealer: card.North, Deck: good[0].Deck[:31]}}
	dup := slices.Clone(good[0].Deck)
	dup[1] = dup[0]
	bad := []Settings{
		{Game: "bridge", BeloteDeals: good},
		{Game: "belote", BeloteDeals: short},
		{Game: "belote", BeloteDeals: []BeloteDeal{{Dealer: card.North, Deck: dup}}},
		{Game: "belote", BeloteDeals: []BeloteDeal{{Dealer: 7, Deck: good[0].Deck}}},
		{Game: "belote", Tournament: ParseCompetition("x")},
		{Game: "belote", BeloteDeals: fixedBeloteDeals(MaxBoards+1, 2)},
	}
	for _, s := range bad {
		var se *SettingsError
		if err := s.Normalize(); !errors.As(err, &se) {
			t.Errorf("%.60v: got %v, want a *SettingsError", s, err)
		}
	}
	s := Settings{Game: "belote", Tournament: ParseCompetition("x"), BeloteDeals: good}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	// The stored form reads back the same, and settings stored before
	// beloteDeals existed still load.
	raw, _ := json.Marshal(s)
	back, err := ParseSettings(raw)
	if err != nil || !slices.EqualFunc(back.BeloteDeals, good, func(a, b BeloteDeal) bool {
		return a.Dealer == b.Dealer && slices.Equal(a.Deck, b.Deck)
	}) {
		t.Fatalf("round trip: %v", err)
	}
	for _, old := range []string{
		`{"game":"belote","mode":"coinche","rules":"official","announcements":true,"level":"easy"}`,
		`{"game":"bridge","scoring":"duplicate","boards":1,"tournament":"t1","deals":["N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]}`,
	} {
		if _, err := ParseSettings([]byte(old)); err != nil {
			t.Errorf("%s: %v", old, err)
		}
	}
}

func FuzzParseSettings(f *testing.F) {
	deals := fixedBeloteDeals(1, 4)
	one, _ := json.Marshal(Settings{Game: "belote", Tournament: ParseCompetition("x:y"), BeloteDeals: deals})
	for _, s := range []string{
		string(one),
		`{"game":"belote","mode":"coinche","rules":"official","announcements":true,"level":"easy"}`,
		`{"game":"bridge","scoring":"duplicate","boards":1,"tournament":"t1","deals":["N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]}`,
		`{"game":"belote","beloteDeals":[{"dealer":"N","deck":["SJ"]}]}`,
		`{"game":"bridge","beloteDeals":[]}`, `{"game":"belote","beloteDeals":[{"dealer":"Q","deck":[]}]}`,
		`{}`, `null`, `{"game":"BELOTE "}`,
		`{"game":"bridge","deals":["N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"],"boardNumbers":[12]}`,
		`{"game":"bridge","deals":["N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"],"boardNumbers":[0]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSettings(data)
		if err != nil {
			return
		}
		for i, d := range s.BeloteDeals {
			if d.Dealer > card.West || belote.CheckDeck(d.Deck) != nil {
				t.Fatalf("accepted belote deal %d: %+v", i, d)
			}
		}
		if len(s.BeloteDeals) > 0 && s.Game != "belote" {
			t.Fatalf("belote deals at a %s table", s.Game)
		}
		if len(s.BoardNumbers) > 0 && len(s.BoardNumbers) != len(s.Deals) {
			t.Fatalf("%d board numbers for %d deals", len(s.BoardNumbers), len(s.Deals))
		}
		for _, n := range s.BoardNumbers {
			if n < 1 || n > MaxBoardNumber {
				t.Fatalf("accepted board number %d", n)
			}
		}
		raw, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseSettings(raw)
		if err != nil {
			t.Fatalf("normalized settings %s refused: %v", raw, err)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(raw) {
			t.Fatalf("round trip:\n%s\n%s", raw, again)
		}
		if p := s.Public(); len(p.Deals) != 0 || len(p.BeloteDeals) != 0 {
			t.Fatal("public settings hold deals")
		}
	})
}
