package cluster

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/store"
	"atout/table"
)

const pgEnv = "ATOUT_TEST_POSTGRES"

// TestMain lets the test binary run as a child server of the multi-process
// test.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if err := runChild(); err != nil {
			fmt.Fprintln(os.Stderr, "cluster child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func quiet() *slog.Logger {
	if os.Getenv("ATOUT_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newName(prefix string) string {
	var b [6]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// freshPostgres creates a schema of its own for this test (dropped
// afterwards) and returns a URL whose search_path puts it first, so that
// the nodes of this test see no other package's tables.
func freshPostgres(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(pgEnv)
	if dsn == "" {
		t.Skip(pgEnv + " not set")
	}
	admin, err := sql.Open("pgx", dsn)
	must(t, err)
	admin.SetMaxOpenConns(1)
	schema := newName("atout_cluster_")
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		admin.Close()
	})
	u, err := url.Parse(dsn)
	must(t, err)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// testAuth is the NATS credential of the test nodes and servers: a token
// of this test binary (the child processes of the multi-process test get
// it from their parent).
var testAuth = Auth{Token: newName("atout-test-token-")}

// testNATS is one embedded NATS server for a test, demanding testAuth.
func testNATS(t testing.TB) *Embedded {
	t.Helper()
	e, err := StartEmbedded(EmbeddedOptions{Auth: testAuth})
	must(t, err)
	t.Cleanup(e.Shutdown)
	return e
}

// node is one in-process node: its own store handle, NATS connection and
// hub.
type node struct {
	name string
	st   *store.Store
	nc   *nats.Conn
	hub  *Hub
	dead bool
	// ownStore: the node opened st and closes it.
	ownStore bool
}

// nodeTiming is the test cluster's clock: short leases so that failover
// takes a second or two.
var nodeTiming = struct {
	lease, scan, refresh time.Duration
}{1200 * time.Millisecond, 150 * time.Millisecond, 100 * time.Millisecond}

func startNode(t testing.TB, name, dsn, natsURL string, shared *store.Store, tune ...func(*Config)) *node {
	t.Helper()
	n := &node{name: name, st: shared}
	if n.st == nil {
		st, err := store.Open(context.Background(), dsn)
		must(t, err)
		n.st, n.ownStore = st, true
	}
	nc, err := Connect(natsURL, name, testAuth, quiet())
	must(t, err)
	n.nc = nc
	cfg := Config{
		Table: table.Config{
			Store: n.st, Logger: quiet().With("node", name), Node: name,
			LeaseTTL:   nodeTiming.lease,
			BotTimeout: time.Second, StoreTimeout: 3 * time.Second,
			// Bridge's hints and claims, as a server gives them.
			Games: map[string]match.Abilities{"bridge": {Hint: bridgeanalysis.Hint, ClaimHolds: bridgeanalysis.ClaimHolds}},
		},
		Conn:         nc,
		ScanInterval: nodeTiming.scan,
		WatchRefresh: nodeTiming.refresh,
		CallTimeout:  3 * time.Second,
	}
	for _, f := range tune {
		f(&cfg)
	}
	hub, err := New(cfg)
	must(t, err)
	n.hub = hub
	t.Cleanup(func() { n.stop() })
	return n
}

// twoNodes starts two in-process nodes sharing an SQLite store and a NATS
// server.
func twoNodes(t testing.TB) (*store.Store, *node, *node) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	e := testNATS(t)
	return st, startNode(t, "n1", "", e.URL(), st), startNode(t, "n2", "", e.URL(), st)
}

// stop shuts the node down cleanly (leases released).
func (n *node) stop() {
	if n.dead {
		return
	}
	n.dead = true
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n.hub.Shutdown(ctx)
	n.nc.Close()
	if n.ownStore {
		n.st.Close()
	}
}

// kill simulates the death of the node: its NATS connection and database
// handle go away at once, then its goroutines stop; its leases are not
// released (the database refuses) and run out.
func (n *node) kill() {
	n.dead = true
	n.nc.Close()
	n.st.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n.hub.Shutdown(ctx)
}

// stateMsg is what the tests read of a server message.
type stateMsg struct {
	Type  string          `json:"type"`
	N     int             `json:"n"`
	Seat  *string         `json:"seat"`
	Table table.Info      `json:"table"`
	View  json.RawMessage `json:"view"`
	Code  string          `json:"code"`
}

// legalOf returns the legal actions in a state and the seat they are for.
func legalOf(m stateMsg) (legal []string, seat string) {
	var v struct {
		Legal    []string `json:"legal"`
		LegalFor *string  `json:"legalFor"`
	}
	json.Unmarshal(m.View, &v)
	if m.Seat != nil {
		seat = *m.Seat
	}
	if v.LegalFor != nil {
		seat = *v.LegalFor
	}
	return v.Legal, seat
}

// choose picks the action to play: in an auction the first player of the
// humans' side to speak bids 7NT and everybody passes after a bid (so that
// deals are played, not passed out); in the play, the first legal card.
func choose(m stateMsg, legal []string) string {
	var v struct {
		Auction []string `json:"auction"`
	}
	json.Unmarshal(m.View, &v)
	if !slices.Contains(legal, "P") {
		return legal[0]
	}
	for _, c := range v.Auction {
		if c != "" && c[0] >= '1' && c[0] <= '7' {
			return "P"
		}
	}
	return legal[len(legal)-1]
}

// checkPrivate fails if a bridge state shows a hand its viewer may not see:
// while a deal is played, only the viewer's own hand and dummy's.
func checkPrivate(m stateMsg) error {
	if m.Type != "state" || m.Table.DealOver {
		return nil
	}
	var v struct {
		Hands map[string]json.RawMessage `json:"hands"`
		Dummy *string                    `json:"dummy"`
	}
	if err := json.Unmarshal(m.View, &v); err != nil {
		return err
	}
	for s := range v.Hands {
		own := m.Seat != nil && *m.Seat == s
		dummy := v.Dummy != nil && *v.Dummy == s
		if !own && !dummy {
			who := "a spectator"
			if m.Seat != nil {
				who = *m.Seat
			}
			return fmt.Errorf("%s was sent %s's hand", who, s)
		}
	}
	return nil
}

// ackedMove is an action a table accepted (stored before it answered).
type ackedMove struct {
	index int // position in the whole match
	move  game.Move
}

// checkStored fails unless every accepted move is in the stored record at
// its position.
func checkStored(t testing.TB, st *store.Store, id string, acked []ackedMove) int {
	t.Helper()
	rec, err := st.LoadGame(context.Background(), id)
	must(t, err)
	var all []game.Move
	for _, d := range rec.Deals {
		all = append(all, d.Moves...)
	}
	for _, a := range acked {
		if a.index >= len(all) || all[a.index] != a.move {
			got := "nothing"
			if a.index < len(all) {
				got = fmt.Sprint(all[a.index])
			}
			t.Errorf("accepted move %d %v is not stored there (stored: %s, %d moves)", a.index, a.move, got, len(all))
		}
	}
	return len(all)
}

// player is a user playing through a Room of some node: it reads its
// subscription and plays the first legal action whenever it may act.
type player struct {
	t    testing.TB
	id   string
	room table.Room
	sub  *table.Sub

	mu     sync.Mutex
	states int
	last   stateMsg
	acked  []ackedMove
	errs   map[string]int // refused calls by code
	bad    error          // a privacy or protocol failure
	closed bool
	done   chan struct{}
}

func newPlayer(t testing.TB, id string, room table.Room) *player {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sub, err := room.Subscribe(ctx, id, "")
	must(t, err)
	p := &player{t: t, id: id, room: room, sub: sub, errs: map[string]int{}, done: make(chan struct{})}
	t.Cleanup(sub.Close)
	return p
}

// play runs until the subscription closes; with act false it only
// watches.
func (p *player) play(act bool) {
	defer close(p.done)
	ctx := context.Background()
	for raw := range p.sub.C() {
		var m stateMsg
		if err := json.Unmarshal(raw, &m); err != nil {
			p.fail(fmt.Errorf("junk message %q: %v", raw, err))
			continue
		}
		if want, _ := headByUnmarshal(raw); readHead(raw).used() != want.used() {
			p.fail(fmt.Errorf("readHead(%s) = %+v, encoding/json reads %+v", raw, readHead(raw), want))
		}
		if m.Type != "state" {
			continue
		}
		if err := checkPrivate(m); err != nil {
			p.fail(err)
		}
		p.mu.Lock()
		p.states++
		p.last = m
		p.mu.Unlock()
		if !act || m.Table.Over {
			continue
		}
		if m.Table.DealOver {
			p.note(p.room.Next(ctx, p.id))
			continue
		}
		legal, seat := legalOf(m)
		if len(legal) == 0 {
			continue
		}
		s, err := card.ParseSeat(seat)
		if err != nil {
			p.fail(fmt.Errorf("state names seat %q: %v", seat, err))
			continue
		}
		action := choose(m, legal)
		err = p.room.Act(ctx, p.id, s, action, m.N)
		for try := 0; try < 20 && err != nil && retryable(table.CodeOf(err)); try++ {
			// The owner died with the call (outcome unknown) or nothing
			// was done: the move count makes sending it again safe.
			p.note(err)
			time.Sleep(50 * time.Millisecond)
			err = p.room.Act(ctx, p.id, s, action, m.N)
		}
		if err == nil {
			p.mu.Lock()
			p.acked = append(p.acked, ackedMove{m.N, game.Move{Seat: s, Action: action}})
			p.mu.Unlock()
		}
		p.note(err)
	}
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
}

// retryable reports whether a refused call may be sent again as is.
func retryable(code string) bool {
	switch code {
	case table.CodeBusy, table.CodeInternal, table.CodeClosed, table.CodeTimeout:
		return true
	}
	return false
}

func (p *player) note(err error) {
	if err == nil {
		return
	}
	if os.Getenv("ATOUT_TEST_LOG") != "" {
		p.t.Logf("%s: %v", p.id, err)
	}
	p.mu.Lock()
	p.errs[table.CodeOf(err)]++
	p.mu.Unlock()
}

func (p *player) fail(err error) {
	p.mu.Lock()
	if p.bad == nil {
		p.bad = err
	}
	p.mu.Unlock()
}

// snapshot returns the player's counters.
func (p *player) snapshot() (states int, last stateMsg, acked []ackedMove, bad error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.states, p.last, append([]ackedMove(nil), p.acked...), p.bad
}

// waitFor polls cond until it holds or d passes.
func waitFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// inviteOf returns the invitation secret of room as its owner sees it.
func inviteOf(t testing.TB, r table.Room, owner string) string {
	t.Helper()
	in, err := r.Info(context.Background(), owner)
	if err != nil || in.Invite == "" {
		t.Fatalf("no invitation for the owner of table %s: %v", r.ID(), err)
	}
	return in.Invite
}
