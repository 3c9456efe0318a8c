package table

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atout/bot"
	"atout/card"
	"atout/game"
)

// granted reports whether a Wait's result arrived within d.
func granted(ch <-chan func(), d time.Duration) (func(), bool) {
	select {
	case f := <-ch:
		return f, true
	case <-time.After(d):
		return nil, false
	}
}

// waitAsync runs q.Wait(account) in a goroutine; its done function comes
// on the channel when its turn comes.
func waitAsync(q *BotQueue, account string, stop <-chan struct{}) <-chan func() {
	ch := make(chan func(), 1)
	go func() {
		if done, ok := q.Wait(account, stop); ok {
			ch <- done
		}
	}()
	return ch
}

// TestBotQueueBudget: one account's bot-only decisions think one at a
// time, in the order they came; another account is not held up by it;
// nothing is refused.
func TestBotQueueBudget(t *testing.T) {
	q := NewBotQueue(BotQueueConfig{Slots: 2, PerAccount: 1, MaxWait: time.Hour})
	a1 := waitAsync(q, "alice", nil)
	d1, ok := granted(a1, time.Second)
	if !ok {
		t.Fatal("alice's first decision did not start")
	}
	a2 := waitAsync(q, "alice", nil)
	for q.Queued("alice") != 1 {
		time.Sleep(time.Millisecond)
	}
	a3 := waitAsync(q, "alice", nil)
	for q.Queued("alice") != 2 {
		time.Sleep(time.Millisecond)
	}
	b1 := waitAsync(q, "bob", nil)
	db, ok := granted(b1, time.Second)
	if !ok {
		t.Fatal("bob waits behind alice's budget")
	}
	if _, ok := granted(a2, 20*time.Millisecond); ok {
		t.Fatal("alice's second decision started while her first thinks")
	}
	if st := q.Stats(); st.Running != 2 || st.Queued != 2 {
		t.Errorf("stats %+v, want 2 thinking and 2 queued", st)
	}
	d1()
	d1() // done twice is harmless
	d2, ok := granted(a2, time.Second)
	if !ok {
		t.Fatal("alice's second decision did not start after her first")
	}
	if _, ok := granted(a3, 20*time.Millisecond); ok {
		t.Fatal("alice's third decision started before her second ended")
	}
	d2()
	d3, ok := granted(a3, time.Second)
	if !ok {
		t.Fatal("alice's third decision never started")
	}
	d3()
	db()
	if st := q.Stats(); st.Running != 0 || st.Queued != 0 || st.Started != 4 || st.PeakRunning != 2 || len(q.accounts) != 0 || len(q.ring) != 0 {
		t.Errorf("after: %+v, %d accounts, ring %d", st, len(q.accounts), len(q.ring))
	}
}

// TestBotQueueSlots: the process's slots bound the bot-only decisions of
// all accounts together, the accounts taking turns.
func TestBotQueueSlots(t *testing.T) {
	q := NewBotQueue(BotQueueConfig{Slots: 1, PerAccount: 4, MaxWait: time.Hour})
	first := waitAsync(q, "alice", nil)
	d, ok := granted(first, time.Second)
	if !ok {
		t.Fatal("no start")
	}
	a := waitAsync(q, "alice", nil)
	for q.Queued("alice") != 1 {
		time.Sleep(time.Millisecond)
	}
	b := waitAsync(q, "bob", nil)
	for q.Queued("bob") != 1 {
		time.Sleep(time.Millisecond)
	}
	a2 := waitAsync(q, "alice", nil)
	for q.Queued("alice") != 2 {
		time.Sleep(time.Millisecond)
	}
	// The accounts take turns, in the order they were last served (or
	// came): alice (served before bob came), bob, alice.
	d()
	for i, c := range []<-chan func(){a, b, a2} {
		done, ok := granted(c, time.Second)
		if !ok {
			t.Fatalf("decision %d did not start in turn", i)
		}
		if st := q.Stats(); st.Running != 1 {
			t.Fatalf("%d decisions at once with one slot", st.Running)
		}
		done()
	}
}

// TestBotQueueHumansFirst: while a bot thinks at a table with a human, no
// bot-only decision starts, until it has waited MaxWait.
func TestBotQueueHumansFirst(t *testing.T) {
	q := NewBotQueue(BotQueueConfig{Slots: 4, MaxWait: time.Hour})
	h := q.Human()
	a := waitAsync(q, "alice", nil)
	if _, ok := granted(a, 30*time.Millisecond); ok {
		t.Fatal("a bot-only decision started while a human table's bot thinks")
	}
	h()
	da, ok := granted(a, time.Second)
	if !ok {
		t.Fatal("the bot-only decision did not start when the human table's bot was done")
	}
	da()

	// A long wait goes through anyway.
	q = NewBotQueue(BotQueueConfig{Slots: 4, MaxWait: 40 * time.Millisecond})
	h = q.Human()
	defer h()
	start := time.Now()
	da, ok = granted(waitAsync(q, "alice", nil), 2*time.Second)
	if !ok {
		t.Fatal("a bot-only decision starved behind the human tables")
	}
	if w := time.Since(start); w < 40*time.Millisecond {
		t.Errorf("started after %v, before MaxWait", w)
	}
	da()
	if st := q.Stats(); st.Aged != 1 {
		t.Errorf("stats %+v, want one aged start", st)
	}
}

// TestBotQueueStop: a table that stops while it waits leaves the line.
func TestBotQueueStop(t *testing.T) {
	q := NewBotQueue(BotQueueConfig{Slots: 1, MaxWait: time.Hour})
	d, _ := q.Wait("alice", nil)
	stop := make(chan struct{})
	res := make(chan bool)
	go func() {
		_, ok := q.Wait("alice", stop)
		res <- ok
	}()
	for q.Queued("alice") != 1 {
		time.Sleep(time.Millisecond)
	}
	close(stop)
	if <-res {
		t.Error("Wait reported a turn after its stop")
	}
	d()
	if st := q.Stats(); st.Queued != 0 || st.Running != 0 || len(q.accounts) != 0 {
		t.Errorf("after the stop: %+v, %d accounts", st, len(q.accounts))
	}
}

// probeBot plays another bot's action after a pause, and counts the
// decisions thinking at once.
type probeBot struct {
	inner   bot.Bot
	pause   time.Duration
	onStart func()
	onEnd   func()
}

func (b probeBot) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	b.onStart()
	defer b.onEnd()
	time.Sleep(b.pause)
	return b.inner.Act(ctx, g, seat)
}

// TestBotOnlyTablesQueued replays issue 33's load: one account runs ten
// all-bot matches while somebody plays against bots at another table.
// The bot-only tables think one at a time (the account's budget), never
// start while the human table's bot thinks, and all play to the end;
// the human table's bots never wait in the queue.
func TestBotOnlyTablesQueued(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	var (
		botOnly, botOnlyPeak atomic.Int32
		mu                   sync.Mutex
		humanThink           []time.Duration
	)
	q := NewBotQueue(BotQueueConfig{Slots: 2, PerAccount: 1, MaxWait: time.Hour})
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), BotQueue: q,
		Bots: func(kind, level string, seed uint64) bot.Bot {
			inner := bot.ForLevel(kind, level, seed)
			if level == "strong" { // the bot-only tables
				return probeBot{inner: inner, pause: 2 * time.Millisecond, onStart: func() {
					n := botOnly.Add(1)
					for p := botOnlyPeak.Load(); n > p && !botOnlyPeak.CompareAndSwap(p, n); p = botOnlyPeak.Load() {
					}
				}, onEnd: func() { botOnly.Add(-1) }}
			}
			var start time.Time
			return probeBot{inner: inner, pause: 5 * time.Millisecond,
				onStart: func() { start = time.Now() },
				onEnd: func() {
					mu.Lock()
					humanThink = append(humanThink, time.Since(start))
					mu.Unlock()
				}}
		}})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	u, err := st.CreateGuest(ctx, "robo", "")
	if err != nil {
		t.Fatal(err)
	}
	var rooms []Room
	for i := range 10 {
		r, err := h.CreateSeated(ctx, Settings{Game: "bridge", Boards: 2, Level: "strong", Seed: uint64(100 + i)}, u.ID, [4]Player{})
		if err != nil {
			t.Fatal(err)
		}
		rooms = append(rooms, r)
	}
	// Somebody else plays at a table of his own.
	alice, err := st.CreateGuest(ctx, "alice", "")
	if err != nil {
		t.Fatal(err)
	}
	hr, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Level: "easy", Seed: 7}, Player{ID: alice.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := hr.Subscribe(ctx, alice.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	for moves := 0; moves < 8 && !hr.(*Table).Over(); {
		var b []byte
		select {
		case b = <-sub.C():
		case <-time.After(100 * time.Millisecond):
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		v, _ := m["view"].(map[string]any)
		legal, _ := v["legal"].([]any)
		if len(legal) == 0 {
			continue
		}
		moves++
		seat := card.South
		if s, ok := v["seat"].(string); ok {
			seat, _ = card.ParseSeat(s)
		}
		if err := hr.Act(ctx, alice.ID, seat, legal[0].(string), int(m["n"].(float64))); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range rooms {
		waitOver(t, r, 60*time.Second)
	}
	qs := q.Stats()
	mu.Lock()
	defer mu.Unlock()
	t.Logf("queue %+v; human table: %d bot decisions", qs, len(humanThink))
	if p := botOnlyPeak.Load(); p != 1 {
		t.Errorf("%d bot-only decisions of one account at once, want 1", p)
	}
	// With MaxWait an hour, a bot-only decision started only while no
	// bot thought at the human table; those never queued.
	if qs.Aged != 0 {
		t.Errorf("%d bot-only decisions started while the human table's bot thought", qs.Aged)
	}
	if qs.HumanStarted < int64(len(humanThink)) {
		t.Errorf("%d human-table decisions went around the queue, want %d", qs.HumanStarted, len(humanThink))
	}
	if qs.Started == 0 || qs.PeakQueued < 5 || qs.Queued != 0 || qs.Running != 0 {
		t.Errorf("queue %+v: want the ten tables' decisions queued, then all done", qs)
	}
	if len(humanThink) == 0 {
		t.Error("no bot decision at the human table")
	}
}
