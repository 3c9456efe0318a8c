package competition

// A small fake of the table hub the service runs on: its rooms record
// their settings and seats, and a test finishes their boards and deals by
// calling the hub's listeners as the real tables do. Every room is stored
// as a game of the store (a valid game ID, its settings and seats), so that
// what the service reads of a table (its board numbers, its finished
// deals) is there as it would be.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"atout/belote"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// fakeHub implements table.Hub, and the Seater, Reporter, Sealer and
// Dropper the service looks for.
type fakeHub struct {
	st *store.Store

	mu    sync.Mutex
	rooms map[string]*fakeRoom
	order []*fakeRoom
	// failAt makes the failAt-th call of CreateSeated (1-based, counting
	// every call) and the later ones fail; 0: never.
	failAt, calls int
	failWith      error // the failure (nil: errNoRoom)
	dropped       []string
	boards        []func(table.BoardDone)
	deals         []func(table.BeloteDealDone)
	judge         table.Judge
}

var (
	_ table.Hub      = (*fakeHub)(nil)
	_ table.Seater   = (*fakeHub)(nil)
	_ table.Reporter = (*fakeHub)(nil)
	_ table.Sealer   = (*fakeHub)(nil)
	_ table.Dropper  = (*fakeHub)(nil)
	_ table.Room     = (*fakeRoom)(nil)
)

func newFakeHub(st *store.Store) *fakeHub {
	return &fakeHub{st: st, rooms: map[string]*fakeRoom{}}
}

// errNoRoom is the failure of a table that cannot be opened.
var errNoRoom = errors.New("fake hub: no room for another table")

func (h *fakeHub) Create(ctx context.Context, s table.Settings, creator table.Player) (table.Room, error) {
	var players [4]table.Player
	players[card.South] = creator
	return h.CreateSeated(ctx, s, creator.ID, players)
}

func (h *fakeHub) CreateSeated(ctx context.Context, s table.Settings, createdBy string, players [4]table.Player) (table.Room, error) {
	h.mu.Lock()
	h.calls++
	fail := h.failAt > 0 && h.calls >= h.failAt
	failWith := h.failWith
	h.mu.Unlock()
	if fail {
		if failWith != nil {
			return nil, failWith
		}
		return nil, errNoRoom
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var seats [4]store.Seat
	for i, p := range players {
		if p.ID == "" {
			seats[i] = store.Seat{Bot: "easy"}
		} else {
			seats[i] = store.Seat{UserID: p.ID}
		}
	}
	g, err := h.st.CreateGame(ctx, store.NewGame{Kind: string(s.Game), Settings: raw, CreatedBy: createdBy, Seats: seats})
	if err != nil {
		return nil, err
	}
	r := &fakeRoom{hub: h, id: g.ID, settings: s, createdBy: createdBy, players: players, seats: seats}
	h.mu.Lock()
	h.rooms[r.id] = r
	h.order = append(h.order, r)
	h.mu.Unlock()
	return r, nil
}

func (h *fakeHub) Get(_ context.Context, id string) (table.Room, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r, ok := h.rooms[id]
	if !ok || r.dropped {
		return nil, table.ErrNotFound
	}
	return r, nil
}

func (h *fakeHub) Join(context.Context, string, table.Player, card.Seat) error { return nil }
func (h *fakeHub) Resume(context.Context) (int, error)                         { return 0, nil }
func (h *fakeHub) Shutdown(context.Context) error                              { return nil }
func (h *fakeHub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

func (h *fakeHub) OnBoard(f func(table.BoardDone)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.boards = append(h.boards, f)
}

func (h *fakeHub) OnBeloteDeal(f func(table.BeloteDealDone)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.deals = append(h.deals, f)
}

func (h *fakeHub) SealWith(j table.Judge) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.judge = j
}

func (h *fakeHub) Drop(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropped = append(h.dropped, id)
	if r, ok := h.rooms[id]; ok {
		r.dropped = true
		return true
	}
	return false
}

// room returns a room the hub opened, or nil.
func (h *fakeHub) room(id string) *fakeRoom {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.rooms[id]
}

// opened returns the rooms in the order they were opened.
func (h *fakeHub) opened() []*fakeRoom {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.order)
}

// ask asks the registered judge, as a table does.
func (h *fakeHub) ask(q table.SealQuery) bool {
	h.mu.Lock()
	j := h.judge
	h.mu.Unlock()
	return j != nil && j(q)
}

func (h *fakeHub) report(d table.BoardDone) {
	h.mu.Lock()
	fs := slices.Clone(h.boards)
	h.mu.Unlock()
	for _, f := range fs {
		f(d)
	}
}

func (h *fakeHub) reportDeal(d table.BeloteDealDone) {
	h.mu.Lock()
	fs := slices.Clone(h.deals)
	h.mu.Unlock()
	for _, f := range fs {
		f(d)
	}
}

// bareHub is a hub that neither seats several players nor reports boards.
type bareHub struct{ h *fakeHub }

func (b bareHub) Create(ctx context.Context, s table.Settings, p table.Player) (table.Room, error) {
	return b.h.Create(ctx, s, p)
}
func (b bareHub) Get(ctx context.Context, id string) (table.Room, error) { return b.h.Get(ctx, id) }
func (b bareHub) Join(context.Context, string, table.Player, card.Seat) error {
	return nil
}
func (b bareHub) Resume(context.Context) (int, error) { return 0, nil }
func (b bareHub) Shutdown(context.Context) error      { return nil }
func (b bareHub) Len() int                            { return b.h.Len() }

// fakeRoom is a table of the fake hub.
type fakeRoom struct {
	hub       *fakeHub
	id        string
	settings  table.Settings
	createdBy string
	players   [4]table.Player
	seats     [4]store.Seat
	dropped   bool // guarded by hub.mu
	over      bool // guarded by hub.mu
}

func (r *fakeRoom) ID() string   { return r.id }
func (r *fakeRoom) Kind() string { return string(r.settings.Game) }
func (r *fakeRoom) Subscribe(context.Context, string, string) (*table.Sub, error) {
	return nil, errors.New("fake room: no subscriptions")
}
func (r *fakeRoom) Act(context.Context, string, card.Seat, string, int) error { return nil }
func (r *fakeRoom) Claim(context.Context, string, int) error                  { return nil }
func (r *fakeRoom) AnswerClaim(context.Context, string, bool) error           { return nil }
func (r *fakeRoom) Undo(context.Context, string, bool) error                  { return nil }
func (r *fakeRoom) SetSpeed(context.Context, string, string) error            { return nil }
func (r *fakeRoom) Chat(context.Context, string, string) error                { return nil }
func (r *fakeRoom) Hint(context.Context, string) (table.Hint, error)          { return table.Hint{}, nil }
func (r *fakeRoom) Next(context.Context, string) error                        { return nil }
func (r *fakeRoom) Sit(context.Context, table.Player, card.Seat) error        { return nil }
func (r *fakeRoom) Over() bool {
	r.hub.mu.Lock()
	defer r.hub.mu.Unlock()
	return r.over
}
func (r *fakeRoom) Info(context.Context, string) (table.Info, error) { return table.Info{}, nil }
func (r *fakeRoom) Meanings(context.Context, string) (protocol.Meanings, error) {
	return protocol.Meanings{}, nil
}
func (r *fakeRoom) SeatOf(_ context.Context, user string) (card.Seat, bool, error) {
	for i, p := range r.players {
		if p.ID != "" && p.ID == user {
			return card.Seat(i), true, nil
		}
	}
	return 0, false, nil
}
func (r *fakeRoom) Export(context.Context, string) ([]byte, string, error) {
	return nil, "", errors.New("fake room: no export")
}

// setOver marks the room's match over.
func (r *fakeRoom) setOver() {
	r.hub.mu.Lock()
	r.over = true
	r.hub.mu.Unlock()
}

// board returns the board number of the room's deal no.
func (r *fakeRoom) board(no int) int {
	if no >= 1 && no <= len(r.settings.BoardNumbers) {
		return r.settings.BoardNumbers[no-1]
	}
	return no
}

// finishBoard reports deal no of a bridge room as finished, as a table does
// (after storing it when store is set): contract c by declarer, tricks
// taken.
func (r *fakeRoom) finishBoard(t *testing.T, no int, c bridge.Contract, declarer card.Seat, tricks int, stored bool) table.BoardDone {
	t.Helper()
	b := r.board(no)
	vul := bridge.BoardVul(b)
	if no >= 1 && no <= len(r.settings.DealInfo) {
		vul = r.settings.DealInfo[no-1].Vul
	}
	d := table.BoardDone{Table: r.id, Tournament: r.settings.Tournament, Deal: no, Board: b, Seats: r.seats,
		Contract: c, Declarer: declarer, Tricks: tricks, ScoreNS: bridge.ScoreNS(c, declarer, tricks, vul)}
	if c.IsPass() {
		d.Declarer, d.Tricks, d.ScoreNS = 0, 0, 0
	}
	if stored {
		storeBridgeDeal(t, r.hub.st, r.id, no, b, c, declarer, tricks)
	}
	r.hub.report(d)
	return d
}

// storeBridgeDeal writes a finished bridge deal into a table's game as the
// table does.
func storeBridgeDeal(t *testing.T, st *store.Store, gameID string, no, board int, c bridge.Contract, declarer card.Seat, tricks int) {
	t.Helper()
	ctx := context.Background()
	line := table.BoardLine{Board: board, Contract: c, Tricks: tricks}
	if !c.IsPass() {
		line.Declarer = declarer.String()
	} else {
		line.Tricks = 0
	}
	raw, _ := json.Marshal(line)
	if err := st.AddDeal(ctx, gameID, no, json.RawMessage(`{}`)); err != nil {
		t.Fatalf("store deal %d of %s: %v", no, gameID, err)
	}
	if err := st.FinishDeal(ctx, gameID, no, raw); err != nil {
		t.Fatalf("finish deal %d of %s: %v", no, gameID, err)
	}
}

// finishBeloteDeal plays deal no of a belote room to its end (policy picks
// an action among the legal ones) and reports it as a table does, after
// storing it when stored is set. It returns the report.
func (r *fakeRoom) finishBeloteDeal(t *testing.T, no int, pick func(step int, legal []string) string, stored bool) table.BeloteDealDone {
	t.Helper()
	rec := playBeloteDeal(t, r.settings, no, pick)
	deals, err := belote.LoadDeals([]belote.Record{rec})
	if err != nil {
		t.Fatal(err)
	}
	dl := deals[0]
	d := table.BeloteDealDone{Table: r.id, Tournament: r.settings.Tournament, Deal: no, Seats: r.seats, Record: rec, Passed: dl.Passed()}
	if !dl.Passed() {
		d.Points = dl.Result().Score
	}
	if stored {
		ctx := context.Background()
		res := []byte(`{"deal":1,"takers":null,"contract":null}`)
		if !d.Passed {
			res = fmt.Appendf(nil, `{"deal":%d,"score":{"NS":%d,"EW":%d}}`, no, d.Points[card.NS], d.Points[card.EW])
		}
		if err := r.hub.st.AddDeal(ctx, r.id, no, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		if err := r.hub.st.FinishDeal(ctx, r.id, no, res); err != nil {
			t.Fatal(err)
		}
	}
	r.hub.reportDeal(d)
	return d
}

// playBeloteDeal plays fixed deal no of a table's settings to its end.
func playBeloteDeal(t *testing.T, set table.Settings, no int, pick func(step int, legal []string) string) belote.Record {
	t.Helper()
	if no < 1 || no > len(set.BeloteDeals) {
		t.Fatalf("the table has no belote deal %d", no)
	}
	fd := set.BeloteDeals[no-1]
	m, err := belote.ParseMode(string(set.Mode))
	if err != nil {
		t.Fatal(err)
	}
	st, err := belote.ParseSetting(string(set.Rules))
	if err != nil {
		t.Fatal(err)
	}
	d, err := belote.NewDeal(belote.Rules{Mode: m, Setting: st, Announcements: set.Announcements, SaTa: set.SaTa}, fd.Dealer, fd.Deck)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; !d.Done(); step++ {
		if step > 300 {
			t.Fatal("the belote deal does not end")
		}
		seat := d.ToAct()[0]
		acts := d.LegalActions(seat)
		strs := make([]string, len(acts))
		for i, a := range acts {
			strs[i] = a.String()
		}
		choice := pick(step, strs)
		k := slices.Index(strs, choice)
		if k < 0 {
			t.Fatalf("action %q is not legal (%v)", choice, strs)
		}
		if err := d.Do(seat, acts[k]); err != nil {
			t.Fatal(err)
		}
	}
	return d.Record()
}

// lastLegal and firstLegal are simple play policies.
func lastLegal(_ int, legal []string) string  { return legal[len(legal)-1] }
func firstLegal(_ int, legal []string) string { return legal[0] }

// fakeDD is a quick stand-in for the double-dummy solver: every declarer
// takes 7 tricks in every strain.
func fakeDD(bridge.Deal) (dd.Table, error) {
	var t dd.Table
	for i := range t {
		for j := range t[i] {
			t[i][j] = 7
		}
	}
	return t, nil
}

// testClock is the wall clock moved by an offset: it runs, as the store's
// clock does, and a test moves it on (or sets it) at will.
type testClock struct {
	mu  sync.Mutex
	off time.Duration
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.off) }
func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.off += d
	c.mu.Unlock()
}
func (c *testClock) set(t time.Time) {
	c.mu.Lock()
	c.off = time.Until(t)
	c.mu.Unlock()
}

// env is a service on a fake hub and a store of its own.
type env struct {
	t    *testing.T
	path string
	st   *store.Store
	hub  *fakeHub
	s    *Service
	clk  *testClock
	// users by name, for the callers' Lookup
	mu    sync.Mutex
	users map[string]store.User
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// newEnv opens a store on a temporary file and a service on a fake hub.
func newEnv(t *testing.T) *env {
	t.Helper()
	path := filepath.Join(t.TempDir(), "atout.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, path: path, st: st, hub: newFakeHub(st), clk: &testClock{}, users: map[string]store.User{}}
	e.s = e.service(e.hub)
	t.Cleanup(func() {
		e.s.Wait()
		st.Close()
	})
	return e
}

// service returns a new service on the env's store (a restarted node, or
// another node) and the given hub.
func (e *env) service(h table.Hub) *Service {
	s := New(Config{Store: e.st, Hub: h, Logger: quietLog(), AllowSeed: true})
	s.DD = fakeDD
	s.Now = e.clk.now
	e.t.Cleanup(s.Wait)
	return s
}

// restart replaces the env's service and hub with new ones on the same
// store: a node restarted, which has lost everything in memory.
func (e *env) restart() {
	e.s.Wait()
	e.hub = newFakeHub(e.st)
	e.s = e.service(e.hub)
}

// user makes a guest user with a nickname.
func (e *env) user(name string) store.User {
	e.t.Helper()
	u, err := e.st.CreateGuest(context.Background(), name, "")
	if err != nil {
		e.t.Fatal(err)
	}
	e.mu.Lock()
	e.users[name] = u
	e.mu.Unlock()
	return u
}

// caller returns the Caller of u, who finds players by nickname or ID.
func (e *env) caller(u store.User) Caller {
	return Caller{User: u, Lookup: e.lookup}
}

func (e *env) lookup(who string) (store.User, error) {
	e.mu.Lock()
	u, ok := e.users[who]
	e.mu.Unlock()
	if ok {
		return u, nil
	}
	return e.st.GetUser(context.Background(), who)
}

// wantCode fails unless err is a refusal with code.
func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s", what, code)
		return
	}
	var r *protocol.Refusal
	if !errors.As(err, &r) || r.Code != code {
		t.Errorf("%s: error %v (code %s), want code %s", what, err, protocol.CodeOf(err), code)
	}
}

// mustOK fails the test on an error.
func mustOK(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// contract makes a bridge contract.
func contract(level uint8, strain bridge.Strain) bridge.Contract {
	return bridge.Contract{Level: level, Strain: strain}
}

// tourDeals returns the deals of a tournament's boards.
func tourDeals(tr *tournament.Tournament) []string {
	var out []string
	for _, b := range tr.Boards {
		out = append(out, b.Deal.String())
	}
	return out
}
