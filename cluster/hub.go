package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"atout/card"
	"atout/store"
	"atout/table"
)

// Hub is a [table.Hub] for one node of a cluster. Tables this node owns run
// in its [table.LocalHub]; the others are reached over NATS (see the
// package documentation). Every method is safe for concurrent use.
type Hub struct {
	cfg   Config
	log   *slog.Logger
	nc    *nats.Conn
	subj  subjects
	st    *store.Store
	node  string
	local *table.LocalHub

	mu      sync.Mutex
	closed  bool
	served  map[string]*served
	streams map[streamKey]*stream
	// retryAt holds the tables whose adoption failed (not for a lease or
	// a missing game) and when to try again; backoff the last pause.
	retryAt map[string]time.Time
	backoff map[string]time.Duration
	// handed holds the tables this node handed over to even out the
	// load, until when it leaves them to the others: neither its scans
	// nor a player's call or connection through it take them back, which
	// would move them to and fro.
	handed map[string]time.Time

	presence presence
	subs     []*nats.Subscription // the beats and owner notices

	inflight chan struct{}
	calls    sync.WaitGroup // calls from other nodes being handled
	stop     chan struct{}
	wg       sync.WaitGroup
}

var _ table.Hub = (*Hub)(nil)

// New returns the hub of this node and starts its background work: the
// local hub's lease keeper, the scan for tables whose owner died, the
// expiry of other nodes' watches and the beats (see presence.go). Call
// [Hub.Resume] to adopt the open tables nobody serves, and [Hub.Shutdown]
// to stop.
func New(cfg Config) (*Hub, error) {
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	if cfg.Table.SubBuffer <= 0 {
		cfg.Table.SubBuffer = 32
	}
	h := &Hub{
		cfg: cfg, nc: cfg.Conn, subj: subjects{cfg.Prefix}, st: cfg.Table.Store, node: cfg.Table.Node,
		log:      cfg.Table.Logger.With("node", cfg.Table.Node),
		served:   map[string]*served{},
		streams:  map[streamKey]*stream{},
		retryAt:  map[string]time.Time{},
		backoff:  map[string]time.Duration{},
		handed:   map[string]time.Time{},
		presence: presence{last: map[string]time.Time{}, silent: map[string]bool{}},
		inflight: make(chan struct{}, cfg.MaxInflight),
		stop:     make(chan struct{}),
	}
	if err := h.listen(); err != nil {
		return nil, fmt.Errorf("cluster: subscribing to the other nodes' notices: %w", err)
	}
	h.local = table.NewLocalHub(cfg.Table)
	h.wg.Add(3)
	go h.scanLoop()
	go h.expireLoop()
	go h.beatLoop()
	return h, nil
}

func defaultLogger() *slog.Logger { return slog.Default() }

// Node returns the name of this node.
func (h *Hub) Node() string { return h.node }

// Local returns the hub of the tables this node owns.
func (h *Hub) Local() *table.LocalHub { return h.local }

// CreateSeated opens a table on this node with several humans seated.
func (h *Hub) CreateSeated(ctx context.Context, s table.Settings, createdBy string, players [4]table.Player) (table.Room, error) {
	return h.local.CreateSeated(ctx, s, createdBy, players)
}

// OnBoard registers f for the boards finished at this node's tables.
func (h *Hub) OnBoard(f func(table.BoardDone)) { h.local.OnBoard(f) }

// SealWith makes j the judge of what this node's competition tables show.
func (h *Hub) SealWith(j table.Judge) { h.local.SealWith(j) }

// OnBeloteDeal registers f for the belote deals finished at this node's
// tables.
func (h *Hub) OnBeloteDeal(f func(table.BeloteDealDone)) { h.local.OnBeloteDeal(f) }

// Drop stops table id if this node serves it; a table another node serves
// stops when its lease, released in the store, is not renewed.
func (h *Hub) Drop(id string) bool { return h.local.Drop(id) }

var (
	_ table.Seater   = (*Hub)(nil)
	_ table.Reporter = (*Hub)(nil)
	_ table.Dropper  = (*Hub)(nil)
)

// Owned returns the ids of the tables this node serves.
func (h *Hub) Owned() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]string, 0, len(h.served))
	for id := range h.served {
		ids = append(ids, id)
	}
	return ids
}

// Check reports whether the node can serve: NATS is connected and the
// database answers. It suits a readiness probe.
func (h *Hub) Check(ctx context.Context) error {
	if s := h.nc.Status(); s != nats.CONNECTED {
		return fmt.Errorf("cluster: NATS connection is %v", s)
	}
	if _, err := h.st.SchemaVersion(ctx); err != nil {
		return fmt.Errorf("cluster: database: %w", err)
	}
	return nil
}

// Len returns the number of live tables this node owns.
func (h *Hub) Len() int { return h.local.Len() }

// Create opens a table owned by this node.
func (h *Hub) Create(ctx context.Context, s table.Settings, creator table.Player) (table.Room, error) {
	if h.isClosed() {
		return nil, table.ErrClosed
	}
	r, err := h.local.Create(ctx, s, creator)
	if err != nil {
		return nil, err
	}
	t, ok := r.(*table.Table)
	if !ok {
		return nil, fmt.Errorf("cluster: local hub returned a %T", r)
	}
	h.serve(t)
	return &room{h: h, id: t.ID(), kind: t.Kind()}, nil
}

// Get returns the table id wherever it runs. A table nobody serves (its
// owner died, or it was never resumed) is claimed and rebuilt here.
func (h *Hub) Get(ctx context.Context, id string) (table.Room, error) {
	if !validToken(id) {
		return nil, table.ErrNotFound
	}
	if h.isClosed() {
		return nil, table.ErrClosed
	}
	if t := h.localTable(id); t != nil {
		return &room{h: h, id: id, kind: t.Kind()}, nil
	}
	t, err := h.adopt(ctx, id)
	if err != nil {
		return nil, err
	}
	if t != nil {
		return &room{h: h, id: id, kind: t.Kind()}, nil
	}
	g, err := h.st.GetGame(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, table.ErrNotFound
		}
		return nil, err
	}
	if g.Status != store.StatusOpen {
		return nil, table.ErrNotFound
	}
	return &room{h: h, id: id, kind: g.Kind}, nil
}

// Join seats p at table id in a seat held by a bot.
func (h *Hub) Join(ctx context.Context, id string, p table.Player, seat card.Seat) error {
	r, err := h.Get(ctx, id)
	if err != nil {
		return err
	}
	return r.Sit(ctx, p, seat)
}

// Resume adopts every open table of the store that no live node holds and
// returns how many it resumed.
func (h *Hub) Resume(ctx context.Context) (int, error) {
	if h.isClosed() {
		return 0, table.ErrClosed
	}
	n, err := h.local.Resume(ctx)
	h.serveLocal()
	return n, err
}

// Shutdown stops serving: other nodes' calls find no responder, the local
// tables stop and their leases are released so that other nodes take them
// over at once, and the subscribers of remote tables are closed (their
// clients reconnect, to another node behind a load balancer).
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	tables, streams := h.served, h.streams
	h.served, h.streams = map[string]*served{}, map[streamKey]*stream{}
	h.mu.Unlock()
	close(h.stop)
	for _, sub := range h.subs {
		sub.Unsubscribe()
	}
	for id, s := range tables {
		s.close()
		h.announce(id) // its players elsewhere are told at once that it moves
	}
	for _, st := range streams {
		st.end(table.ErrClosed)
	}
	// Finish the calls already received while the tables still run, so
	// their callers get answers, then stop the tables and release them.
	for _, s := range tables {
		s.drained(ctx)
	}
	waitGroup(ctx, &h.calls)
	err := h.local.Shutdown(ctx)
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return errors.Join(err, ctx.Err())
	}
	return err
}

// waitGroup waits for wg or ctx.
func waitGroup(ctx context.Context, wg *sync.WaitGroup) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

func (h *Hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// localTable returns the live table id if this node serves it.
func (h *Hub) localTable(id string) *table.Table {
	h.mu.Lock()
	s := h.served[id]
	h.mu.Unlock()
	if s == nil {
		return nil
	}
	select {
	case <-s.t.Done():
		return nil
	default:
		return s.t
	}
}

// adopt returns table id served here, claiming and rebuilding it if its
// lease is free or lapsed; nil (and no error) when another node holds it.
//
// A table this node handed over a moment ago is left to the others (nil,
// no error), so that a player who comes through this node waits for the
// node it was handed to rather than bring it back.
func (h *Hub) adopt(ctx context.Context, id string) (*table.Table, error) {
	if h.handedRecently(id) {
		return nil, nil
	}
	r, err := h.local.Get(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrLeaseHeld) {
			return nil, nil
		}
		return nil, err
	}
	t, ok := r.(*table.Table)
	if !ok {
		return nil, fmt.Errorf("cluster: local hub returned a %T", r)
	}
	h.serve(t)
	return t, nil
}

// serve answers other nodes' calls for t, until it stops.
func (h *Hub) serve(t *table.Table) {
	select {
	case <-t.Done():
		return
	default:
	}
	id := t.ID()
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	old := h.served[id]
	if old != nil && old.t == t {
		h.mu.Unlock()
		return
	}
	s := newServed(h, t)
	h.served[id] = s
	h.mu.Unlock()
	if old != nil {
		old.close()
	}
	sub, err := h.nc.Subscribe(h.subj.call(id), s.handle)
	if err != nil {
		h.log.Error("serving a table over NATS", "table", id, "err", err)
	} else {
		s.setSub(sub)
		// Make sure the server knows before anyone is told the table is
		// here; remote callers retry "no responders" anyway.
		if err := h.nc.FlushTimeout(2 * time.Second); err != nil {
			h.log.Warn("nats flush", "err", err)
		}
	}
	h.log.Info("serving table", "table", id)
	h.kickStreams(id)
	h.announce(id)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		select {
		case <-t.Done():
			h.unserve(s)
		case <-h.stop:
		}
	}()
}

// unserve stops answering for a table that stopped.
func (h *Hub) unserve(s *served) {
	id := s.t.ID()
	h.mu.Lock()
	if h.served[id] == s {
		delete(h.served, id)
	}
	h.mu.Unlock()
	s.close()
	h.log.Info("table left this node", "table", id)
	h.kickStreams(id)
	h.announce(id)
}

// serveLocal serves every live table of the local hub.
func (h *Hub) serveLocal() {
	for _, t := range h.local.Tables() {
		h.serve(t)
	}
}

// kickStreams wakes the streams of table id so that they look again for its
// owner.
func (h *Hub) kickStreams(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for k, st := range h.streams {
		if k.id == id {
			st.wake()
		}
	}
}

// scanLoop takes over the tables whose owner died.
func (h *Hub) scanLoop() {
	defer h.wg.Done()
	tick := time.NewTicker(h.cfg.ScanInterval)
	defer tick.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-tick.C:
		}
		h.scan()
	}
}

// maxAdoptPerScan bounds the tables one scan adopts; a node takes at most
// its share of the tables without an owner (their number over the live
// nodes'), so that the survivors of a dead node share its tables (each
// scans them in a random order).
const maxAdoptPerScan = 64

// maxHandOverPerScan bounds the tables one scan hands over to even out the
// nodes' loads, and handOverSlack is how many tables above its share a
// node keeps before it does.
const (
	maxHandOverPerScan = 16
	handOverSlack      = 2
)

// share is a node's part of n tables among live nodes (rounded up).
func share(n, live int) int { return (n + max(1, live) - 1) / max(1, live) }

func (h *Hub) scan() {
	ctx, cancel := context.WithTimeout(context.Background(), max(h.cfg.ScanInterval, 5*time.Second))
	defer cancel()
	h.serveLocal()
	// Tables leased to this node that are not running here: a table that
	// stopped on a store conflict keeps its lease until someone reloads it.
	owned, err := h.st.RenewLeases(ctx, h.node, h.cfg.Table.LeaseTTL)
	if err != nil {
		h.log.Error("renewing leases", "err", err)
	}
	owned = slices.DeleteFunc(owned, func(id string) bool { return h.localTable(id) != nil })
	expired, err := h.st.ExpiredTables(ctx)
	if err != nil {
		h.log.Error("listing tables without an owner", "err", err)
	}
	nodes, err := h.st.LiveNodes(ctx)
	if err != nil {
		h.log.Error("listing the live nodes", "err", err)
	}
	rand.Shuffle(len(expired), func(i, j int) { expired[i], expired[j] = expired[j], expired[i] })
	if len(expired) == 0 && len(nodes) > 1 {
		defer h.rebalance(ctx, len(nodes))
	}
	limit := len(owned) + min(maxAdoptPerScan, share(len(expired), len(nodes)))
	n := 0
	for _, id := range append(owned, expired...) {
		if n >= limit || h.isClosed() || ctx.Err() != nil {
			return
		}
		if h.localTable(id) != nil || !h.mayRetry(id) {
			continue
		}
		t, err := h.adopt(ctx, id)
		switch {
		case err == nil && t != nil:
			n++
			h.adopted(id)
			h.log.Info("took over a table", "table", id)
		case err == nil, errors.Is(err, table.ErrNotFound), errors.Is(err, table.ErrClosed):
		default:
			h.failed(ctx, id, err)
		}
	}
}

// rebalance hands tables over to the other nodes while this one serves
// more than its share of the live tables plus a slack: a node that joins
// (or comes back) gets its part of the load, a few tables a scan.
func (h *Hub) rebalance(ctx context.Context, live int) {
	total, err := h.st.LiveTables(ctx)
	if err != nil {
		h.log.Error("counting the live tables", "err", err)
		return
	}
	ts := h.local.Tables()
	excess := min(len(ts)-share(total, live)-handOverSlack, maxHandOverPerScan)
	if excess <= 0 {
		return
	}
	// Hand over the tables the fewest people watch: their players see
	// the move least.
	slices.SortFunc(ts, func(a, b *table.Table) int { return a.Subscribers() - b.Subscribers() })
	for _, t := range ts[:excess] {
		if ctx.Err() != nil || h.isClosed() {
			return
		}
		h.handOver(ctx, t)
	}
}

// handOver stops serving table t here and releases its lease, so that a
// node with fewer tables adopts it on its next scan; this node leaves it
// to the others for a few scans.
func (h *Hub) handOver(ctx context.Context, t *table.Table) {
	id := t.ID()
	if t.Over() || !h.local.Drop(id) {
		return
	}
	h.mu.Lock()
	s := h.served[id]
	if len(h.handed) > 10000 { // forget the entries rather than grow
		clear(h.handed)
	}
	h.handed[id] = time.Now().Add(3 * h.cfg.ScanInterval)
	h.mu.Unlock()
	if s != nil {
		h.unserve(s)
	}
	if err := h.st.ReleaseTable(ctx, id, h.node); err != nil {
		h.log.Error("handing over a table", "table", id, "err", err)
		return
	}
	h.log.Info("handed a table over", "table", id)
}

// handedRecently reports whether this node handed table id over and still
// leaves it to the others.
func (h *Hub) handedRecently(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	until, ok := h.handed[id]
	if ok && time.Now().After(until) {
		delete(h.handed, id)
		ok = false
	}
	return ok
}

// mayRetry reports whether a table whose adoption failed may be tried again.
func (h *Hub) mayRetry(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	at, ok := h.retryAt[id]
	return !ok || time.Now().After(at)
}

func (h *Hub) adopted(id string) {
	h.mu.Lock()
	delete(h.retryAt, id)
	delete(h.backoff, id)
	h.mu.Unlock()
}

// failed notes a table that could not be rebuilt here: its lease is
// released (another node, maybe a newer version, may do better) and this
// node waits longer each time before trying again.
func (h *Hub) failed(ctx context.Context, id string, err error) {
	h.mu.Lock()
	d := min(max(2*h.backoff[id], h.cfg.ScanInterval), 5*time.Minute)
	h.backoff[id] = d
	h.retryAt[id] = time.Now().Add(d)
	if len(h.retryAt) > 10000 { // forget the oldest entries rather than grow
		for k := range h.retryAt {
			delete(h.retryAt, k)
			delete(h.backoff, k)
			break
		}
	}
	h.mu.Unlock()
	h.log.Error("taking over a table", "table", id, "err", err, "retry_in", d)
	if rerr := h.st.ReleaseTable(ctx, id, h.node); rerr != nil {
		h.log.Error("releasing a table", "table", id, "err", rerr)
	}
}

// expireLoop closes the relays no node renewed.
func (h *Hub) expireLoop() {
	defer h.wg.Done()
	tick := time.NewTicker(max(h.cfg.WatchTTL/4, 50*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-h.stop:
			return
		case now := <-tick.C:
			h.mu.Lock()
			ss := make([]*served, 0, len(h.served))
			for _, s := range h.served {
				ss = append(ss, s)
			}
			h.mu.Unlock()
			for _, s := range ss {
				s.expire(now)
			}
		}
	}
}

// request sends a call to the owner of table id.
func (h *Hub) request(ctx context.Context, id string, req request) (reply, error) {
	data, err := jsonMarshal(req)
	if err != nil {
		return reply{}, err
	}
	msg, err := h.nc.RequestWithContext(ctx, h.subj.call(id), data)
	if err != nil {
		return reply{}, err
	}
	var rep reply
	if err := jsonUnmarshal(msg.Data, &rep); err != nil {
		return reply{}, fmt.Errorf("cluster: table %s: bad reply to %s: %w", id, req.Op, err)
	}
	return rep, nil
}
