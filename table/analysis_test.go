package table

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

// readUntil reads messages until one of type typ comes.
func readUntil(t *testing.T, s *Sub, typ string, limit time.Duration) map[string]any {
	t.Helper()
	deadline := time.After(limit)
	for {
		select {
		case b, ok := <-s.C():
			if !ok {
				t.Fatal("subscription closed")
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if m["type"] == typ {
				return m
			}
		case <-deadline:
			t.Fatalf("no %s message in %v", typ, limit)
		}
	}
}

// humansTable creates a table of settings s on hub h with two guests, a
// (its creator) and b at North; the turn timers play for them.
func humansTable(t *testing.T, h *LocalHub, st *store.Store, s Settings) (r Room, a, b store.User) {
	t.Helper()
	ctx := context.Background()
	a, _ = st.CreateGuest(ctx, "a", "")
	b, _ = st.CreateGuest(ctx, "b", "")
	r, err := h.Create(ctx, s, Player{ID: a.ID, Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Join(ctx, r.ID(), Player{ID: b.ID, Name: "b", Invite: inviteOf(t, r, a.ID)}, card.North); err != nil {
		t.Fatal(err)
	}
	return r, a, b
}

// A deal played at a table with humans is analysed off the table: every
// subscriber gets the analysis, a late joiner too, it is stored with the
// deal's result and a resumed table sends it without analysing again.
func TestAnalysisMessage(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	var mu sync.Mutex
	var plays []bridgeanalysis.DealPlay
	var modes []match.SecondMode
	fake := func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
		p, ok := bridgeanalysis.PlayOf(d.(*bridge.Game))
		if !ok {
			return protocol.DealAnalysis{}, errors.New("not over")
		}
		mu.Lock()
		plays = append(plays, p)
		modes = append(modes, r.Second)
		mu.Unlock()
		return protocol.DealAnalysis{Bridge: &Analysis{Type: "analysis", Deal: r.Deal, Board: p.Board, DD: map[card.Seat]map[string]int{card.North: {"NT": 7}},
			Par: ParInfo{Score: 90, Contracts: []string{"NS 1NT"}}, Contract: p.Contract.String(), Costly: []CostlyCard{}}}, nil
	}
	cfg := Config{Store: st, Logger: quietLogger(), TurnTimeout: 10 * time.Millisecond,
		NextDelay: time.Hour, Games: map[string]match.Abilities{"bridge": {Analyse: fake}}}
	h := NewLocalHub(cfg)
	r, a, b := humansTable(t, h, st, Settings{Game: "bridge", Boards: 2, Seed: 5})
	sub, err := r.Subscribe(ctx, a.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	// Nobody acts: the turn timers play the deal out.
	m := readUntil(t, sub, "analysis", 30*time.Second)
	if m["deal"] != 1.0 || m["board"] != 1.0 || m["par"].(map[string]any)["score"] != 90.0 {
		t.Fatalf("analysis %v", m)
	}
	mu.Lock()
	p := plays[0]
	mu.Unlock()
	in, _ := r.Info(ctx, a.ID)
	line := in.Sheet.Bridge.Lines[0]
	if p.Board != 1 || p.Contract != line.Contract || (!p.Contract.IsPass() && (p.Declarer.String() != line.Declarer || len(p.Cards) == 0)) {
		t.Errorf("analysed %+v for the line %+v", p, line)
	}
	// A late joiner gets it after its state.
	sub2, err := r.Subscribe(ctx, b.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := recv(t, sub2); m["type"] != "state" {
		t.Fatalf("first message %v", m["type"])
	}
	if m := recv(t, sub2); m["type"] != "analysis" || m["deal"] != 1.0 {
		t.Fatalf("late joiner got %v", m)
	}
	// Stored with the deal's result.
	var rec struct {
		Analysis map[string]any `json:"analysis"`
		Board    int            `json:"board"`
	}
	for deadline := time.Now().Add(10 * time.Second); rec.Analysis == nil; time.Sleep(5 * time.Millisecond) {
		g, err := st.LoadGame(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(g.Deals[0].Result, &rec)
		if time.Now().After(deadline) {
			t.Fatalf("no analysis stored: %s", g.Deals[0].Result)
		}
	}
	if rec.Board != 1 || rec.Analysis["deal"] != 1.0 {
		t.Errorf("stored result %+v", rec)
	}
	sub.Close()
	sub2.Close()
	// A new process sends the stored analysis, without a new one.
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	h2 := NewLocalHub(cfg)
	t.Cleanup(func() { h2.Shutdown(ctx) })
	r2, err := h2.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	sub3, err := r2.Subscribe(ctx, a.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := readUntil(t, sub3, "analysis", 10*time.Second); m["deal"] != 1.0 {
		t.Fatalf("resumed table sent %v", m)
	}
	// Reviewed twice (a casual duplicate table compares): without the
	// second table, then with it; not again after the restart.
	mu.Lock()
	got := append([]match.SecondMode(nil), modes...)
	mu.Unlock()
	if len(got) != 2 || got[0] != match.SecondLater || got[1] != match.SecondNow {
		t.Errorf("reviews with second table modes %v, want [%d %d]", got, match.SecondLater, match.SecondNow)
	}
}

// A review that compares runs in two: without the second table (saying it
// is pending), then with it, once the first reviews that wait are done; a
// deal that finds no slot for a second table goes without one; and the
// second tables get their share of the workers while first reviews keep
// coming.
func TestSecondTableLater(t *testing.T) {
	gate := make(chan struct{})
	type ran struct {
		deal int
		mode match.SecondMode
	}
	runs := make(chan ran, 100)
	fake := func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
		if r.Deal == 1 && r.Second != match.SecondNow {
			<-gate // the worker held until the other deals are queued
		}
		if r.Second == match.SecondNow {
			time.Sleep(5 * time.Millisecond) // a second table costs more
		}
		runs <- ran{r.Deal, r.Second}
		a := &Analysis{Type: "analysis", Deal: r.Deal, Compare: &protocol.Comparison{}}
		switch r.Second {
		case match.SecondNow:
			a.Compare.Second = &protocol.SecondTable{Contract: "4S"}
		case match.SecondLater:
			a.Compare.SecondPending = true
		}
		return protocol.DealAnalysis{Bridge: a}, nil
	}
	cfg := Config{AnalysisWorkers: 1, Games: map[string]match.Abilities{"bridge": {Analyse: fake}}}
	cfg.setDefaults()
	an := newAnalyst(&cfg)
	defer an.close()
	var mu sync.Mutex
	sent := map[int][]*protocol.Comparison{}
	done := func(deal int) func([]byte, error) {
		return func(msg []byte, err error) {
			if err != nil {
				t.Errorf("deal %d: %v", deal, err)
				return
			}
			var a Analysis
			if err := json.Unmarshal(msg, &a); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			sent[deal] = append(sent[deal], a.Compare)
			mu.Unlock()
		}
	}
	d, _ := bridge.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	g := bridge.NewGame(1, card.North, bridge.VulNone, d)
	submit := func(deal int) {
		if !an.submit(analysisJob{review: match.Review{Deal: deal, Compare: true}, deal: g, analyse: fake, done: done(deal)}) {
			t.Fatalf("deal %d refused", deal)
		}
	}
	// Two slots for second tables (twice the workers): deals 1 and 2
	// get one, deal 3 none.
	for deal := 1; deal <= 3; deal++ {
		submit(deal)
	}
	close(gate)
	// Deals 4-9 come while the first are reviewed: the second tables
	// still run among them.
	var order []ran
	for deal := 4; deal <= 9; deal++ {
		submit(deal)
		order = append(order, <-runs)
	}
	// Wait until every deal is sent, and again when it said its second
	// table was pending.
	over := func() bool {
		mu.Lock()
		defer mu.Unlock()
		for deal := 1; deal <= 9; deal++ {
			s := sent[deal]
			if len(s) == 0 || s[0].SecondPending && len(s) < 2 {
				return false
			}
		}
		return true
	}
	for deadline := time.After(10 * time.Second); !over(); {
		select {
		case r := <-runs:
			order = append(order, r)
		case <-deadline:
			t.Fatalf("not every analysis sent: %v", order)
		case <-time.After(5 * time.Millisecond):
		}
	}
	// The second tables ran among the first reviews, not all after.
	lastFirst, firstSecond := 0, len(order)
	for i, r := range order {
		if r.mode != match.SecondNow {
			lastFirst = i
		} else if i < firstSecond {
			firstSecond = i
		}
	}
	if firstSecond > lastFirst {
		t.Errorf("every second table after the first reviews: %v", order)
	}
	mu.Lock()
	defer mu.Unlock()
	for deal := 1; deal <= 9; deal++ {
		s := sent[deal]
		switch {
		case len(s) == 2:
			if !s[0].SecondPending || s[0].Second != nil || s[1].SecondPending || s[1].Second == nil {
				t.Errorf("deal %d: sent %+v then %+v, want pending then the second table", deal, s[0], s[1])
			}
		case len(s) == 1:
			if s[0].SecondPending || s[0].Second != nil {
				t.Errorf("deal %d: sent %+v, want no second table and none pending", deal, s[0])
			}
			if deal <= 2 {
				t.Errorf("deal %d had a slot but no second table", deal)
			}
		default:
			t.Errorf("deal %d: sent %d analyses", deal, len(s))
		}
	}
	if len(sent[3]) != 1 {
		t.Errorf("deal 3 found no slot but was sent %d analyses", len(sent[3]))
	}
	if len(an.laterSlots) != 0 || len(an.later) != 0 {
		t.Errorf("slots taken at the end: %d, queued: %d", len(an.laterSlots), len(an.later))
	}
}

// Bot tables are not analysed; an analysis past its deadline is dropped
// and the table goes on.
func TestAnalysisLimits(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	calls := make(chan struct{}, 100)
	slow := func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
		calls <- struct{}{}
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond) // a solver that stops late
		return protocol.DealAnalysis{}, ctx.Err()
	}
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), TurnTimeout: 10 * time.Millisecond,
		NextDelay: 10 * time.Millisecond, Games: map[string]match.Abilities{"bridge": {Analyse: slow}}, AnalysisTimeout: 30 * time.Millisecond})
	t.Cleanup(func() { h.Shutdown(ctx) })
	bots, err := h.Create(ctx, Settings{Game: "bridge", Boards: 2, Seed: 9}, Player{})
	if err != nil {
		t.Fatal(err)
	}
	waitOver(t, bots, 30*time.Second)
	if len(calls) != 0 {
		t.Fatalf("a bot table was analysed")
	}
	r, _, _ := humansTable(t, h, st, Settings{Game: "bridge", Boards: 2, Seed: 9})
	waitOver(t, r, 30*time.Second)
	for deadline := time.Now().Add(5 * time.Second); len(calls) < 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d analyses started, want 2", len(calls))
		}
	}
	rec, err := st.LoadGame(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rec.Deals {
		if storedAnalysis(d.Result) != nil {
			t.Errorf("deal %d: a timed-out analysis was stored", d.No)
		}
	}
}

// A hint waits for a free slot no longer than its deadline.
func TestHintSlots(t *testing.T) {
	cfg := Config{HintWorkers: 1, HintTimeout: 30 * time.Second}
	cfg.setDefaults()
	a := newAnalyst(&cfg)
	defer a.close()
	a.hintSlots <- struct{}{} // the only slot is taken
	d, _ := bridge.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	g := bridge.NewGame(1, card.North, bridge.VulNone, d)
	for _, c := range []string{"7S", "P", "P", "P"} {
		if err := g.Apply(game.Move{Seat: g.ToAct()[0], Action: c}); err != nil {
			t.Fatal(err)
		}
	}
	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	hint := func(ctx context.Context) (protocol.Hint, error) {
		return bridgeanalysis.Hint(ctx, g.Clone(), card.East)
	}
	if _, err := a.inHintSlot(short, hint); CodeOf(err) != CodeBusy {
		t.Fatalf("hint with no free slot: %v", err)
	}
	<-a.hintSlots
	// East to lead against 7S: every heart gives declarer 13.
	h, err := a.inHintSlot(context.Background(), hint)
	if err != nil || len(h.Cards) != 13 || h.Cards["HA"] != 13 || h.Ours["HA"] != 0 {
		t.Fatalf("hint %v, %v", h, err)
	}
	if len(a.hintSlots) != 0 {
		t.Fatal("hint slot not given back")
	}
}

// A table keeps the analysis of its current deal only (the others are in
// the store): it kept every deal's for its life before.
func TestAnalysesKeptForTheCurrentDeal(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	var mu sync.Mutex
	reviewed := map[int]bool{}
	fake := func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
		mu.Lock()
		reviewed[r.Deal] = true
		mu.Unlock()
		return protocol.DealAnalysis{Bridge: &Analysis{Type: "analysis", Deal: r.Deal, Costly: []CostlyCard{}}}, nil
	}
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), TurnTimeout: 10 * time.Millisecond,
		NextDelay: 10 * time.Millisecond, Games: map[string]match.Abilities{"bridge": {Analyse: fake}}})
	t.Cleanup(func() { h.Shutdown(ctx) })
	r, _, _ := humansTable(t, h, st, Settings{Game: "bridge", Boards: 3, Seed: 4})
	waitOver(t, r, 60*time.Second)
	tb := r.(*Table)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		n := 0
		if err := tb.exec(ctx, func() { n = len(tb.analysing) }); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		all := len(reviewed) == 3
		mu.Unlock()
		if all && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("reviews %v, %d under way", reviewed, n)
		}
	}
	var kept []int
	if err := tb.exec(ctx, func() {
		for no := range tb.analyses {
			kept = append(kept, no)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(kept) > 1 || len(kept) == 1 && kept[0] != 3 {
		t.Errorf("analyses kept for deals %v, want the last deal's at most", kept)
	}
}

// The workers' share between the first reviews and the second tables
// counts recent time only: an hour of belote reviews does not give the
// second tables the workers for an hour.
func TestSecondTableShareWindow(t *testing.T) {
	var a analyst
	a.account(false, time.Hour)
	if a.laterTime < a.firstTime-shareWindow {
		t.Fatalf("first %v, second %v: more than %v apart", a.firstTime, a.laterTime, shareWindow)
	}
	a.account(true, 4*time.Second)
	a.account(true, 4*time.Second)
	a.account(true, 4*time.Second) // 12 s of second tables: ahead now
	if !(a.laterTime > a.firstTime) {
		t.Fatalf("first %v, second %v: the second tables should be ahead", a.firstTime, a.laterTime)
	}
	a.account(true, time.Hour)
	a.account(false, 11*time.Second)
	if !(a.laterTime < a.firstTime) {
		t.Fatalf("first %v, second %v: the first reviews should be ahead after %v", a.firstTime, a.laterTime, shareWindow+time.Second)
	}
}

// A node that stops before a pending second table is played leaves the
// stored analysis saying it is pending; the node that takes the table
// again plays it, sends it and stores it.
func TestPendingSecondTableResumed(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	review := func(second bool) func(context.Context, match.Review, game.Game) (protocol.DealAnalysis, error) {
		return func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
			a := &Analysis{Type: "analysis", Deal: r.Deal, Costly: []CostlyCard{}, Compare: &protocol.Comparison{}}
			switch {
			case r.Second == match.SecondLater:
				a.Compare.SecondPending = true
			case r.Second == match.SecondNow && !second:
				return protocol.DealAnalysis{}, errors.New("the node stops")
			case r.Second == match.SecondNow:
				a.Compare.Second = &protocol.SecondTable{Contract: "4S", Declarer: "N", Tricks: 10}
			}
			return protocol.DealAnalysis{Bridge: a}, nil
		}
	}
	cfg := Config{Store: st, Logger: quietLogger(), TurnTimeout: 10 * time.Millisecond,
		NextDelay: time.Hour, Games: map[string]match.Abilities{"bridge": {Analyse: review(false)}}}
	h := NewLocalHub(cfg)
	r, a, _ := humansTable(t, h, st, Settings{Game: "bridge", Boards: 2, Seed: 5})
	stored := func() map[string]any {
		g, err := st.LoadGame(ctx, r.ID())
		if err != nil || len(g.Deals) == 0 {
			return nil
		}
		var rec struct {
			Analysis map[string]any `json:"analysis"`
		}
		json.Unmarshal(g.Deals[0].Result, &rec)
		return rec.Analysis
	}
	compareOf := func(a map[string]any) map[string]any {
		c, _ := a["compare"].(map[string]any)
		return c
	}
	for deadline := time.Now().Add(30 * time.Second); compareOf(stored())["secondPending"] != true; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no pending analysis stored: %v", stored())
		}
	}
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	cfg.Games = map[string]match.Abilities{"bridge": {Analyse: review(true)}}
	h2 := NewLocalHub(cfg)
	t.Cleanup(func() { h2.Shutdown(ctx) })
	r2, err := h2.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r2.Subscribe(ctx, a.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	for deadline := time.After(10 * time.Second); ; {
		m := readUntil(t, sub, "analysis", 10*time.Second)
		if c, _ := m["compare"].(map[string]any); c["second"] != nil && c["secondPending"] == nil {
			break
		}
		select {
		case <-deadline:
			t.Fatal("the second table was not played after the restart")
		default:
		}
	}
	for deadline := time.Now().Add(10 * time.Second); compareOf(stored())["second"] == nil; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the second table not stored: %v", stored())
		}
	}
}
