package table

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"atout/card"
	"atout/match"
	"atout/store"
)

// Hub is the registry of live tables. [LocalHub] keeps them in this
// process; an implementation over a message bus would route each call to
// the node that owns the table (the store's leases say which).
type Hub interface {
	// Create opens a table: creator (if any) sits South, bots fill the
	// other seats; the first deal is dealt.
	Create(ctx context.Context, s Settings, creator Player) (Room, error)
	// Get returns a live table, adopting an open table of the store whose
	// lease has lapsed; [ErrNotFound] for an unknown or finished one.
	Get(ctx context.Context, id string) (Room, error)
	// Join seats p at a table in a seat held by a bot.
	Join(ctx context.Context, id string, p Player, seat card.Seat) error
	// Resume rebuilds every open table of the store this node may serve
	// (parked tables excepted: they come back on demand) and returns how
	// many it resumed. It may run in the background while the hub serves:
	// Get rebuilds a table not resumed yet on demand.
	Resume(ctx context.Context) (int, error)
	// Shutdown stops every table and releases their leases.
	Shutdown(ctx context.Context) error
	// Len returns the number of live tables.
	Len() int
}

// Seater is a hub that opens a table with several humans seated at once
// (a team match's rooms, a belote duplicate's tables).
type Seater interface {
	CreateSeated(ctx context.Context, s Settings, createdBy string, players [4]Player) (Room, error)
}

// Reporter is a hub whose tables in this process report their finished
// boards and deals to listeners (the competitions).
type Reporter interface {
	OnBoard(f func(BoardDone))
	OnBeloteDeal(f func(BeloteDealDone))
}

// Dropper is a hub that stops a table whose game was ended in the store
// (abandoned by its owner, or a competition undone).
type Dropper interface {
	Drop(id string) bool
}

var (
	_ Seater   = (*LocalHub)(nil)
	_ Reporter = (*LocalHub)(nil)
	_ Dropper  = (*LocalHub)(nil)
)

// LocalHub is a [Hub] serving tables from this process.
type LocalHub struct {
	cfg Config
	an  *analyst

	mu     sync.Mutex
	tables map[string]*Table
	// creating holds the tables CreateSeated has stored and not yet made
	// live: claimed by this node, so a scan renewing this node's leases
	// lists them, but not for anyone to adopt (see adopt).
	creating map[string]bool
	closed   bool

	stop chan struct{}
	wg   sync.WaitGroup
}

var _ Hub = (*LocalHub)(nil)
var _ Room = (*Table)(nil)

// NewLocalHub returns a hub over cfg.Store and starts its lease keeper,
// which renews the leases of its tables and lets go of finished ones.
func NewLocalHub(cfg Config) *LocalHub {
	cfg.setDefaults()
	if cfg.BotQueue == nil {
		cfg.BotQueue = NewBotQueue(BotQueueConfig{})
	}
	h := &LocalHub{cfg: cfg, tables: map[string]*Table{}, creating: map[string]bool{}, stop: make(chan struct{})}
	h.an = newAnalyst(&h.cfg)
	h.wg.Add(1)
	go h.keep()
	return h
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// newInvite draws the secret of a table's invitation link.
func newInvite() string {
	var b [18]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (h *LocalHub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// Tables returns the live tables.
func (h *LocalHub) Tables() []*Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t)
	}
	return out
}

func (h *LocalHub) add(t *Table) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return ErrClosed
	}
	if _, ok := h.tables[t.id]; ok {
		return fmt.Errorf("table %s is already live", t.id)
	}
	h.tables[t.id] = t
	t.start()
	return nil
}

func (h *LocalHub) Create(ctx context.Context, s Settings, creator Player) (Room, error) {
	var players [4]Player
	players[card.South] = creator
	return h.CreateSeated(ctx, s, creator.ID, players)
}

// CreateSeated opens a table with the humans of players in their seats
// (a Player with an empty ID is a bot of the settings' level) and deals the
// first deal; createdBy is the user recorded as the table's creator ("" for
// none). The humans need not be connected: the table waits for them.
func (h *LocalHub) CreateSeated(ctx context.Context, s Settings, createdBy string, players [4]Player) (Room, error) {
	if err := s.Normalize(); err != nil {
		return nil, &Error{Code: CodeBadRequest, Msg: err.Error(), Err: err}
	}
	if !s.Competition() {
		s.Owner = createdBy
		if s.Invite == "" {
			s.Invite = newInvite()
		}
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var seats [4]store.Seat
	seen := map[string]bool{}
	for i := range seats {
		seats[i] = store.Seat{Bot: string(s.Level)}
		if id := players[i].ID; id != "" {
			if seen[id] {
				err := fmt.Errorf("table: player %s given two seats", id)
				return nil, &Error{Code: CodeBadRequest, Msg: err.Error(), Err: err}
			}
			seen[id] = true
			seats[i] = store.Seat{UserID: id}
		}
	}
	creator := Player{ID: createdBy}
	// stored claimed by this node: no other node's scan can take it first
	g, err := h.cfg.Store.CreateGame(ctx, store.NewGame{Kind: string(s.Game), Settings: raw, CreatedBy: creator.ID, Seats: seats,
		Owner: h.cfg.Node, Lease: h.cfg.LeaseTTL})
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.creating[g.ID] = true
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.creating, g.ID)
		h.mu.Unlock()
	}()
	seed := s.Seed
	if seed == 0 {
		seed = randomSeed()
	}
	t := newTable(&h.cfg, h.an, g.ID, s, g.Seats, seed)
	t.account = createdBy
	if err := t.startNextDeal(); err != nil {
		return nil, err
	}
	if err := h.add(t); err != nil {
		return nil, err
	}
	t.log.Info("table created", "creator", creator.ID)
	return t, nil
}

func (h *LocalHub) Get(ctx context.Context, id string) (Room, error) {
	h.mu.Lock()
	t, ok := h.tables[id]
	if ok {
		// Asked for: not idle. Under the lock, so that park (which holds
		// it) never stops a table a caller has just been given.
		t.touch()
	}
	closed := h.closed
	h.mu.Unlock()
	if ok {
		select {
		case <-t.done:
		default:
			return t, nil
		}
	}
	if closed {
		return nil, ErrClosed
	}
	t, err := h.adopt(ctx, id)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// adopt claims an open table from the store and rebuilds it. A table this
// hub is creating is not adopted: it is claimed here already, and a copy
// rebuilt from the store before its first deal is stored would either fail
// (a cluster node then releases the lease, and another node takes the table
// the creator goes on to serve) or make the creation fail.
func (h *LocalHub) adopt(ctx context.Context, id string) (*Table, error) {
	h.mu.Lock()
	creating := h.creating[id]
	h.mu.Unlock()
	if creating {
		return nil, fmt.Errorf("table %s is being created here: %w", id, store.ErrLeaseHeld)
	}
	if _, err := h.cfg.Store.ClaimTable(ctx, id, h.cfg.Node, h.cfg.LeaseTTL); err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrFinished) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	rec, err := h.cfg.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := h.restore(ctx, rec)
	if err != nil {
		return nil, err
	}
	if err := h.add(t); err != nil {
		h.mu.Lock()
		old, ok := h.tables[id]
		h.mu.Unlock()
		if ok {
			return old, nil
		}
		return nil, err
	}
	return t, nil
}

// restore rebuilds a table from its stored record by replaying every move.
func (h *LocalHub) restore(ctx context.Context, rec *store.Record) (*Table, error) {
	s, err := ParseSettings(rec.Settings)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", rec.ID, err)
	}
	if s.Owner == "" && !s.Competition() {
		s.Owner = rec.CreatedBy // a table stored before owners were
	}
	seed := s.Seed
	if seed == 0 {
		seed = randomSeed()
	}
	t := newTable(&h.cfg, h.an, rec.ID, s, rec.Seats, seed)
	t.account = rec.CreatedBy
	var analysedLine json.RawMessage // the last deal's result, when it has its analysis
	for _, d := range rec.Deals {
		analysedLine = nil
		t.resumeLine = nil
		if err := t.m.StartDeal(d.No, d.Deal); err != nil {
			return nil, fmt.Errorf("table %s: %w", rec.ID, err)
		}
		for i, m := range d.Moves {
			if err := match.Apply(t.m, m); err != nil {
				return nil, fmt.Errorf("table %s: deal %d move %d %v: %w", rec.ID, d.No, i, m, err)
			}
			t.n++
		}
		if t.m.DealDone() {
			res, err := t.m.ScoreDeal()
			if err != nil {
				return nil, fmt.Errorf("table %s: deal %d: %w", rec.ID, d.No, err)
			}
			if d.Result == nil {
				if err := h.cfg.Store.FinishDeal(ctx, rec.ID, d.No, res); err != nil {
					return nil, err
				}
				d.Result = res
			}
			if a := storedAnalysis(d.Result); a != nil {
				t.keepAnalysis(d.No, a)
				analysedLine = d.Result
			} else {
				t.resumeLine = d.Result
			}
		}
	}
	if analysedLine != nil {
		t.resumeSecondTable(t.analyses[t.m.DealNo()], analysedLine)
	}
	t.finishIfOver(ctx)
	if t.m.DealNo() == 0 && !t.m.Over() {
		if err := t.startNextDeal(); err != nil {
			return nil, err
		}
	}
	t.log.Info("table resumed", "deals", t.m.DealNo(), "moves", t.n)
	return t, nil
}

func (h *LocalHub) Join(ctx context.Context, id string, p Player, seat card.Seat) error {
	r, err := h.Get(ctx, id)
	if err != nil {
		return err
	}
	return r.Sit(ctx, p, seat)
}

func (h *LocalHub) Resume(ctx context.Context) (int, error) {
	games, err := h.cfg.Store.OpenGames(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, g := range games {
		if g.Parked() {
			continue // rebuilt when someone asks for it
		}
		if err := ctx.Err(); err != nil {
			errs = append(errs, err)
			break
		}
		h.mu.Lock()
		_, live := h.tables[g.ID]
		h.mu.Unlock()
		if live {
			continue
		}
		if _, err := h.adopt(ctx, g.ID); err != nil {
			if errors.Is(err, store.ErrLeaseHeld) || errors.Is(err, ErrNotFound) {
				continue
			}
			errs = append(errs, err)
			h.cfg.Logger.Error("resuming table", "table", g.ID, "err", err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// keep renews the leases of the live tables, stops the ones another node
// took over and lets go of finished tables nobody watches any more.
func (h *LocalHub) keep() {
	defer h.wg.Done()
	tick := time.NewTicker(h.cfg.LeaseTTL / 3)
	defer tick.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-tick.C:
		}
		// Only the tables held before the renewal can be missing from
		// its list because another node took them: a table created or
		// adopted while the renewal ran was claimed after its list was
		// read (dropping it would hand it to the next node's scan).
		h.mu.Lock()
		before := make(map[*Table]bool, len(h.tables))
		for _, t := range h.tables {
			before[t] = true
		}
		h.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), h.cfg.LeaseTTL/3)
		ids, err := h.cfg.Store.RenewLeases(ctx, h.cfg.Node, h.cfg.LeaseTTL)
		cancel()
		if err != nil {
			h.cfg.Logger.Error("renewing leases", "err", err)
			continue
		}
		owned := make(map[string]bool, len(ids))
		for _, id := range ids {
			owned[id] = true
		}
		h.parkIdle()
		var gone []*Table
		h.mu.Lock()
		for id, t := range h.tables {
			ended := false
			select {
			case <-t.done:
				ended = true
			default:
			}
			if ended || (t.Over() && t.Subscribers() == 0) || (!t.Over() && !owned[id] && before[t]) {
				delete(h.tables, id)
				gone = append(gone, t)
			}
		}
		h.mu.Unlock()
		for _, t := range gone {
			t.Stop()
		}
	}
}

// parkIdle parks the tables nobody watched or moved for IdleTimeout.
func (h *LocalHub) parkIdle() {
	if h.cfg.IdleTimeout < 0 {
		return
	}
	var idle []*Table
	h.mu.Lock()
	for _, t := range h.tables {
		if !t.Over() && t.Subscribers() == 0 && t.idleFor() > h.cfg.IdleTimeout {
			idle = append(idle, t)
		}
	}
	h.mu.Unlock()
	for _, t := range idle {
		h.park(t)
	}
}

// park stores t as parked and stops it, if it is still idle and nothing is
// under way at it (a bot thinking, a claim being checked, an analysis).
// The hub's lock is held throughout, so that no request finds the table
// between its parking and its removal from the hub; a request that got it
// just before made it active again ([LocalHub.Get]), so it is not parked.
func (h *LocalHub) park(t *Table) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed || h.tables[t.id] != t {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.cfg.StoreTimeout)
	defer cancel()
	parked := false
	err := t.exec(ctx, func() {
		if len(t.subs) > 0 || t.botBusy || t.claimBusy || t.claim != nil || len(t.analysing) > 0 ||
			t.lost || t.m.Over() || t.idleFor() <= h.cfg.IdleTimeout {
			return
		}
		sctx, scancel := t.storeCtx()
		defer scancel()
		if err := h.cfg.Store.ParkTable(sctx, t.id, h.cfg.Node); err != nil {
			t.log.Error("store: park table", "err", err)
			return
		}
		t.parked, parked = true, true
	})
	if err != nil || !parked {
		return false
	}
	delete(h.tables, t.id)
	<-t.done
	return true
}

// Park parks table id now if it is idle (nobody watching, nothing under
// way), whatever the time since its last activity; it reports whether it
// did. Tests and operators use it; the hub parks idle tables by itself.
func (h *LocalHub) Park(id string) bool {
	h.mu.Lock()
	t := h.tables[id]
	h.mu.Unlock()
	if t == nil {
		return false
	}
	t.active.Store(0)
	return h.park(t)
}

// Drop stops table id at once if this hub serves it, without storing or
// releasing anything: the caller has ended the game in the store (its owner
// abandoned it, [store.Store.AbandonGame]). It reports whether the table
// was live here.
func (h *LocalHub) Drop(id string) bool {
	h.mu.Lock()
	t := h.tables[id]
	delete(h.tables, id)
	h.mu.Unlock()
	if t == nil {
		return false
	}
	t.Stop()
	return true
}

func (h *LocalHub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	h.an.close()
	tables := h.tables
	h.tables = map[string]*Table{}
	h.mu.Unlock()
	close(h.stop)
	h.wg.Wait()
	var wg sync.WaitGroup
	for _, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Stop()
			if !t.Over() {
				if err := h.cfg.Store.ReleaseTable(ctx, t.id, h.cfg.Node); err != nil {
					h.cfg.Logger.Error("releasing table", "table", t.id, "err", err)
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
