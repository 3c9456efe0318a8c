// Package table runs Atout's live tables: one match each (a bridge match of
// several boards, a belote game to its target), with humans and bots in the
// seats, persisted move by move and broadcast to the players as per-seat
// views.
//
// Each [Table] is owned by one goroutine that selects over a bounded queue
// of calls, a ticker (turn timers, the start of the next deal) and a stop
// channel; only that goroutine touches the match, so there is no lock on
// game state. Requests ([Table.Act], [Table.Undo], …) are closures queued to
// it; a full queue refuses the call ([ErrBusy]) rather than block. Bots
// think in their own goroutines on a copy of the game and post their move
// back as a call, with a deadline.
//
// Every accepted action is first stored ([store.Store.AppendMove], durable)
// and only then applied and broadcast, so a client never sees an action a
// crash could lose; a table is rebuilt after a restart by replaying its
// stored moves ([Hub.Resume]). Subscribers ([Sub]) receive a state message
// after every change, built from the engine's view for their seat: a client
// never receives a card its seat may not see. A subscriber that does not
// keep up is dropped rather than slow the table.
//
// The work of a game's abilities ([Config.Games]: the analysis of each
// finished deal, sent as the game's analysis message and stored with the
// deal's result; hints; the bots' check of a claim) never runs on a table
// goroutine: it runs on bounded workers shared by the hub
// ([Config.Workers]), a player's claim or hint before the analyses, each
// piece of work under a deadline. A table knows no game: it asks its match
// ([match.Match]) and the game's abilities, never an engine or a solver.
//
// A table nobody watches and nothing moves for [Config.IdleTimeout] is
// parked: stored as such and stopped. [Hub.Get] rebuilds it from the store
// when someone comes back, as after a restart.
//
// Tables are reached through the [Hub] interface (registry of live tables)
// and the [Room] interface (one table), with local implementations
// ([LocalHub], [Table]), so that a message bus can later route calls and
// events between server nodes without changing the server or the game code.
package table

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"atout/bot"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

// Config holds what the tables of a hub share. Zero durations take the
// defaults given.
type Config struct {
	Store  *store.Store
	Logger *slog.Logger // default slog.Default()
	// Node names this server process in table leases (default "local").
	Node string
	// LeaseTTL is how long this node's claim on its tables lasts without a
	// heartbeat (default 3s): the node beats every LeaseTTL/3, and a dead
	// node's tables move to another node a LeaseTTL after its last beat.
	LeaseTTL time.Duration
	// Bots makes the bot for a seat (default bot.ForLevel).
	Bots func(kind, level string, seed uint64) bot.Bot
	// BotDelay is the pause before a bot acts at a table with a human, so
	// that people see the cards go down (0: none).
	BotDelay time.Duration
	// BotTimeout is the deadline of one bot decision (default 5s); past it
	// the table plays a legal action for the bot.
	BotTimeout time.Duration
	// TurnTimeout is the time a human has to act at a table with several
	// humans before a bot plays for him (0: no timer). A table's
	// Settings.TurnSeconds overrides it.
	TurnTimeout time.Duration
	// NextDelay is the time after the end of a deal at which the next deal
	// starts by itself at a table with several humans (0: wait for a
	// player's "next"). Tables without humans go on at once.
	NextDelay time.Duration
	// StoreTimeout bounds each store call (default 10s).
	StoreTimeout time.Duration
	// QueueSize is the capacity of a table's call queue (default 64);
	// SubBuffer the number of messages a subscriber may fall behind
	// before it is dropped (default 32).
	QueueSize int
	SubBuffer int
	// OnAction, if set, is called after every accepted action with the time
	// from the request (or the bot's answer) to the end of the broadcast:
	// bots' thinking is not included.
	OnAction func(byBot bool, latency time.Duration)
	// BotSpeeds are the pauses before a bot acts at a table with a human
	// for the speeds a player may choose (default: slow 2×BotDelay,
	// normal BotDelay, fast BotDelay/3, instant none).
	BotSpeeds map[string]time.Duration

	// BotQueue schedules the bots' decisions at tables without a human,
	// behind those at tables with one and within a budget per account
	// (default: one per hub; see [BotQueue]).
	BotQueue *BotQueue
	// Games gives each game's abilities by its kind ("bridge", "belote"):
	// the review of finished deals, hints, claims checked against best
	// play, the meaning of calls ([match.Abilities]; package
	// bridge/analysis, belote/analysis, bot/bidding/explain). A game
	// without them has none of these: no claim, no hint, no analysis.
	//
	// Its analyses review every deal played at a table with a human; each
	// is sent to the players as the game's analysis message and stored
	// with the deal's result. They run on the Workers, at most
	// AnalysisWorkers at once for the hub (default the workers' number),
	// with a queue of AnalysisQueue deals (default 256; a deal finding it
	// full goes without an analysis), each under AnalysisTimeout (default
	// 60s).
	Games           map[string]match.Abilities
	AnalysisWorkers int
	AnalysisQueue   int
	AnalysisTimeout time.Duration
	// Workers run the abilities' work off the tables' goroutines: a
	// player's claim or hint goes before the analyses, and a full queue
	// refuses the work ([ErrAnalysisBusy]). Default: one worker per core
	// for the hub (bridge/analysis.Workers adapts the process's
	// double-dummy pool).
	Workers match.Workers
	// HintWorkers bounds the hints computed at once (default half the
	// cores, at least 1); HintTimeout bounds each, and each claim against
	// bots (default 20s).
	HintWorkers int
	HintTimeout time.Duration
	// IdleTimeout parks a table that nobody has watched and that has not
	// changed for that long (default 10 minutes; negative: never): it is
	// stored as parked and stopped, freeing its goroutine and memory, and
	// rebuilt from the store when someone asks for it again
	// ([Hub.Get]). [Hub.Resume] leaves parked tables in the store.
	IdleTimeout time.Duration
	// OnBoard, if set, is called after every finished board of a table
	// that plays for a tournament (Settings.Tournament set), on the
	// table's goroutine: it must not block. See also [LocalHub.OnBoard].
	OnBoard func(BoardDone)

	hooks *boardHooks
}

// DefaultLeaseTTL is the default [Config.LeaseTTL].
const DefaultLeaseTTL = 3 * time.Second

// retryDelay is how long a table waits before trying again what failed
// without anybody asking (a table of bots starting its next deal).
const retryDelay = 250 * time.Millisecond

func (c *Config) setDefaults() {
	if c.hooks == nil {
		c.hooks = &boardHooks{}
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Node == "" {
		c.Node = "local"
	}
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = DefaultLeaseTTL
	}
	if c.Bots == nil {
		c.Bots = bot.ForLevel
	}
	if c.BotTimeout <= 0 {
		c.BotTimeout = 5 * time.Second
	}
	if c.StoreTimeout <= 0 {
		c.StoreTimeout = 10 * time.Second
	}
	if c.QueueSize <= 0 {
		c.QueueSize = 64
	}
	if c.SubBuffer <= 0 {
		c.SubBuffer = 32
	}
	if c.Workers == nil {
		c.Workers = newLocalWorkers(runtime.GOMAXPROCS(0))
	}
	if c.AnalysisWorkers <= 0 {
		c.AnalysisWorkers = c.Workers.Size()
	}
	if c.AnalysisQueue <= 0 {
		c.AnalysisQueue = 256
	}
	if c.AnalysisTimeout <= 0 {
		c.AnalysisTimeout = 60 * time.Second
	}
	if c.HintWorkers <= 0 {
		c.HintWorkers = defaultHintWorkers()
	}
	if c.HintTimeout <= 0 {
		c.HintTimeout = 20 * time.Second
	}
	if c.IdleTimeout == 0 {
		c.IdleTimeout = 10 * time.Minute
	}
}

// Player is a human joining a table.
type Player struct {
	ID   string
	Name string
	// Invite is the invitation's secret the player gives to take a seat
	// ([Settings.Invite]); only [Room.Sit] reads it.
	Invite string
}

// The protocol's table messages (docs/protocol.md).
type (
	SeatInfo    = protocol.SeatInfo
	ClaimInfo   = protocol.ClaimInfo
	Info        = protocol.TableInfo
	stateMsg    = protocol.State
	ClaimNotice = protocol.ClaimNotice
	Hint        = protocol.Hint
)

// Room is what the server needs from a live table. [Table] implements it;
// a remote table behind a message bus would too. Every method is safe for
// concurrent use.
type Room interface {
	ID() string
	Kind() string
	// Subscribe registers a connection of user (may be "" for an anonymous
	// spectator) reading lang, and queues the current state to it. The
	// state's explanations are worded in lang only ([protocol.Explanation.In]);
	// an empty lang gets every language.
	Subscribe(ctx context.Context, userID, lang string) (*Sub, error)
	// Act performs action for seat on behalf of user. n is the number of
	// moves the client has seen (negative: not checked).
	Act(ctx context.Context, userID string, seat card.Seat, action string, n int) error
	// Claim claims (bridge) a total of declarer's tricks for user's side;
	// AnswerClaim accepts or refuses a pending claim (the claimer refusing
	// withdraws it).
	Claim(ctx context.Context, userID string, tricks int) error
	AnswerClaim(ctx context.Context, userID string, accept bool) error
	// Undo takes back user's last action and the bots' after it, at a
	// table with no other human; an undo from the card play back into the
	// auction needs confirm.
	Undo(ctx context.Context, userID string, confirm bool) error
	// SetSpeed sets how fast the bots play for user ("slow", "normal",
	// "fast", "instant"), or plays the current deal out ("playout").
	SetSpeed(ctx context.Context, userID, speed string) error
	// Chat says a line at a table with more than one human.
	Chat(ctx context.Context, userID, text string) error
	// Hint helps the user at a table with no other human: the bots' call
	// during the auction, the double-dummy value of each legal card in the
	// play.
	Hint(ctx context.Context, userID string) (Hint, error)
	// Meanings gives the meaning of each legal call of the seat to call
	// now, to whoever may see the auction (meanings.go).
	Meanings(ctx context.Context, userID string) (protocol.Meanings, error)
	// Next starts the next deal once the current one is over.
	Next(ctx context.Context, userID string) error
	// Sit puts p in a seat held by a bot.
	Sit(ctx context.Context, p Player, seat card.Seat) error
	// Over reports whether the match is over.
	Over() bool
	// Info describes the table as user sees it.
	Info(ctx context.Context, userID string) (Info, error)
	// SeatOf returns user's seat; ok is false for a spectator.
	SeatOf(ctx context.Context, userID string) (card.Seat, bool, error)
	// Export writes the record of the match ("pbn", "lin", "json").
	Export(ctx context.Context, format string) (data []byte, contentType string, err error)
}

// Sub is one subscriber of a table: a connection that receives a state
// message after every change. C is closed when the table drops the
// subscriber (it fell behind, the table stopped) or after Close.
type Sub struct {
	t      *Table
	userID string
	lang   string
	ch     chan []byte
	// owned by the table goroutine
	dropped bool
	// closeFn ends a subscriber made by NewSub.
	closeFn   func()
	closeOnce sync.Once
}

// NewSub returns a subscriber fed by another [Room] implementation (a table
// served by another node): it receives what the feeder sends on ch, which
// the feeder closes when it drops the subscriber; Close calls closeFn once.
func NewSub(ch chan []byte, closeFn func()) *Sub {
	return &Sub{ch: ch, closeFn: closeFn}
}

// C returns the channel of encoded messages.
func (s *Sub) C() <-chan []byte { return s.ch }

// Close unsubscribes. It is safe to call more than once.
func (s *Sub) Close() {
	if s.t == nil {
		if s.closeFn != nil {
			s.closeOnce.Do(s.closeFn)
		}
		return
	}
	s.t.post(func() { s.t.drop(s) })
}

// Table is one live table. Create tables with a [LocalHub].
type Table struct {
	id       string
	cfg      *Config
	an       *analyst
	log      *slog.Logger
	settings Settings
	seed     uint64

	calls    chan func()
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once

	// Read by the hub without the loop.
	overFlag atomic.Bool
	nsubs    atomic.Int32
	active   atomic.Int64 // time of the last change or (un)subscription (UnixNano)

	// Everything below is owned by the table goroutine.
	m       match.Match
	seats   [4]store.Seat
	bots    [4]bot.Bot
	subs    map[*Sub]struct{}
	conns   [4]int
	n       int    // moves accepted in the whole match
	version uint64 // bumped at every change
	// gameV is bumped at every change a bot's pending decision depends on
	// (not a player connecting or a change of the bots' speed, which leave
	// the position and who plays it as they were).
	gameV      uint64
	botBusy    bool
	deadline   time.Time    // the human to act must act by then (zero: no timer)
	deadlineV  uint64       // version the deadline is for
	expiredV   uint64       // version whose human turn has expired (+1, 0 none)
	nextAt     time.Time    // when the next deal starts by itself
	retryAt    time.Time    // when to try again what failed (a bot table's next deal)
	wakes      atomic.Int64 // times the table woke by itself (tests)
	claim      *pendingClaim
	claimBusy  bool
	lost       bool // another node took the table: stop serving it
	parked     bool // stored as parked: stop serving it
	finishedOK bool
	// common is what every message of a broadcast shares (commonInfo),
	// while it runs: commonV, kept in the table so that it is not
	// allocated at every broadcast.
	common  *Info
	commonV Info
	// explained holds the auction's explanations at version explainedV,
	// encoded for each language asked (protocol.Explanation.In).
	explained  map[string]json.RawMessage
	explainedV uint64
	// explainedOf is the list explained encodes: the explainer's own, not
	// to be changed.
	explainedOf []protocol.Explanation
	// analyses holds the encoded analysis message of the current deal
	// once analysed (keepAnalysis); analysing the deals whose analysis is
	// under way.
	analyses  map[int][]byte
	analysing map[int]bool
	// resumeLine is the stored result of the finished current deal of a
	// resumed table, to analyse it if it has no analysis yet.
	resumeLine json.RawMessage
	// hint is the last hint computed, valid at version hintV.
	hint  *Hint
	hintV uint64
	// speeds are the bot speeds the seated humans chose ("" normal);
	// playOut is the deal being played out at once (0 none).
	speeds  [4]string
	playOut int
	// botClaimed is the deal in which a bot declarer's claim of the rest
	// was refused: it claims no more in that deal.
	botClaimed int
	// chatAt is when each seat last chatted (rate limit).
	chatAt [4]time.Time
	// claimMemo holds the bots' answers to claims at this position
	// (claims.go); account is whose budget the bots' work counts against
	// when no human sits (botqueue.go).
	claimMemo claimMemo
	account   string
}

type pendingClaim struct {
	by      card.Seat
	tricks  int
	waiting []card.Seat
	// bot: a bot declarer's claim of the rest. It stops nothing: the play
	// goes on while it waits, and it lapses with the deal.
	bot bool
}

// blocking reports whether a claim stops the play until it is answered.
func (c *pendingClaim) blocking() bool { return c != nil && !c.bot }

func (t *Table) ID() string   { return t.id }
func (t *Table) Kind() string { return string(t.settings.Game) }

// Done is closed when the table goroutine has ended.
func (t *Table) Done() <-chan struct{} { return t.done }

// Over reports whether the match is over.
func (t *Table) Over() bool { return t.overFlag.Load() }

// Subscribers returns the number of live subscribers.
func (t *Table) Subscribers() int { return int(t.nsubs.Load()) }

// Stop ends the table goroutine; the subscribers' channels are closed. It
// is idempotent and waits for the goroutine to end.
func (t *Table) Stop() {
	t.stopOnce.Do(func() { close(t.stop) })
	<-t.done
}

func newTable(cfg *Config, an *analyst, id string, s Settings, seats [4]store.Seat, seed uint64) *Table {
	t := &Table{
		id: id, cfg: cfg, an: an, settings: s, seed: seed, seats: seats,
		analyses: map[int][]byte{}, analysing: map[int]bool{},
		log:   cfg.Logger.With("table", id, "game", s.Game),
		calls: make(chan func(), cfg.QueueSize),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
		subs:  map[*Sub]struct{}{},
		m:     newMatch(s),
	}
	for i := range t.bots {
		t.bots[i] = cfg.Bots(string(s.Game), string(s.Level), seed+uint64(i)+1)
	}
	t.touch()
	return t
}

// touch records activity: an idle table is parked (see [Config.IdleTimeout]).
func (t *Table) touch() { t.active.Store(time.Now().UnixNano()) }

// idleFor returns the time since the table's last activity.
func (t *Table) idleFor() time.Duration { return time.Since(time.Unix(0, t.active.Load())) }

func (t *Table) storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), t.cfg.StoreTimeout)
}

// start runs the table goroutine.
func (t *Table) start() {
	t.overFlag.Store(t.m.Over())
	go t.loop()
}

func (t *Table) loop() {
	defer close(t.done)
	// The table wakes by itself only when something is due (wakeAt): an
	// idle table costs no wake-up. A ticker here made each of a node's
	// tables run four times a second, and the garbage collector makes
	// every goroutine that allocates during its marking scan 64 KB first:
	// at 2,000 tables that was nearly the whole heap scanned again by the
	// tables at each collection, while the moves waited (docs/capacity.md).
	wake := time.NewTimer(time.Hour)
	wake.Stop()
	defer wake.Stop()
	var armed time.Time // what wake is set for (zero: stopped)
	if t.resumeLine != nil {
		t.requestAnalysis(t.resumeLine)
		t.resumeLine = nil
	}
	t.schedule()
	for {
		if at := t.wakeAt(); !at.Equal(armed) {
			if armed = at; at.IsZero() {
				wake.Stop()
			} else {
				wake.Reset(time.Until(at))
			}
		}
		select {
		case f := <-t.calls:
			f()
		case <-wake.C:
			armed = time.Time{}
			t.wakes.Add(1)
			t.tick()
		case <-t.stop:
			for s := range t.subs {
				t.drop(s)
			}
			return
		}
		if t.lost {
			t.log.Warn("table taken over by another node: stopping")
			for s := range t.subs {
				t.drop(s)
			}
			return
		}
		if t.parked {
			t.log.Info("idle table parked")
			return
		}
		// Whatever a call changed (a seat, a speed, a claim answered) or a
		// wake made due may let a bot act or a turn timer start: schedule
		// does nothing twice.
		t.schedule()
	}
}

// exec runs f on the table goroutine and waits for it. A full queue gives
// ErrBusy at once.
func (t *Table) exec(ctx context.Context, f func()) error {
	ran := make(chan struct{})
	select {
	case t.calls <- func() { f(); close(ran) }:
	case <-t.done:
		return ErrClosed
	default:
		return ErrBusy
	}
	select {
	case <-ran:
		return nil
	case <-t.done:
		select {
		case <-ran:
			return nil
		default:
			return ErrClosed
		}
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run is exec for a call answered with an error: f's, or exec's when f
// could not run (or the caller stopped waiting).
func (t *Table) run(ctx context.Context, f func() error) error {
	var err error
	if e := t.exec(ctx, func() { err = f() }); e != nil {
		return e
	}
	return err
}

// post queues f without waiting; from a goroutine that may block (bots,
// Close) it waits for room rather than lose the call.
func (t *Table) post(f func()) {
	select {
	case t.calls <- f:
	case <-t.done:
	}
}

// tryPost queues f if there is room, else forgets it.
func (t *Table) tryPost(f func()) {
	select {
	case t.calls <- f:
	default:
	}
}

// ---- subscribers ----

func (t *Table) Subscribe(ctx context.Context, userID, lang string) (*Sub, error) {
	s := &Sub{t: t, userID: userID, lang: lang, ch: make(chan []byte, t.cfg.SubBuffer)}
	err := t.exec(ctx, func() {
		t.subs[s] = struct{}{}
		t.nsubs.Add(1)
		t.touch()
		if seat, ok := t.seatOf(userID); ok {
			t.conns[seat]++
			if t.conns[seat] == 1 {
				t.version++
				t.broadcast() // the others see the player connected
				t.sendAnalysis(s)
				t.sendChat(s)
				return
			}
		}
		t.send(s, t.encode(userID, lang))
		t.sendAnalysis(s)
		t.sendChat(s)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (t *Table) drop(s *Sub) {
	if s.dropped {
		return
	}
	s.dropped = true
	delete(t.subs, s)
	t.nsubs.Add(-1)
	t.touch()
	close(s.ch)
	if seat, ok := t.seatOf(s.userID); ok {
		t.conns[seat]--
		if t.conns[seat] == 0 && !t.lost {
			t.broadcast()
		}
	}
}

func (t *Table) send(s *Sub, msg []byte) {
	if s.dropped {
		return
	}
	select {
	case s.ch <- msg:
	default:
		t.log.Info("dropping a slow subscriber", "user", s.userID)
		t.drop(s)
	}
}

// broadcast sends every subscriber its state.
func (t *Table) broadcast() {
	t.sharing(func() {
		type reader struct{ user, lang string }
		cache := map[reader][]byte{}
		for s := range t.subs {
			r := reader{s.userID, s.lang}
			msg, ok := cache[r]
			if !ok {
				msg = t.encode(s.userID, s.lang)
				cache[r] = msg
			}
			t.send(s, msg)
		}
	})
}

// sharing runs f, which encodes the state for several users, with what
// their messages share built once for all of them. A broadcast inside f
// (a slow subscriber dropped: the others see him gone) ends the sharing,
// and the rest of f builds the description afresh for each user.
func (t *Table) sharing(f func()) {
	t.commonV = t.commonInfo()
	t.common = &t.commonV
	defer func() { t.common, t.commonV = nil, Info{} }()
	f()
}

// notify sends msg to every subscriber.
func (t *Table) notify(v any) {
	msg, _ := json.Marshal(v)
	for s := range t.subs {
		t.send(s, msg)
	}
}

// ---- seats ----

func (t *Table) seatOf(userID string) (card.Seat, bool) {
	if userID == "" {
		return 0, false
	}
	for i, s := range t.seats {
		if s.UserID == userID {
			return card.Seat(i), true
		}
	}
	return 0, false
}

func (t *Table) humans() int {
	n := 0
	for _, s := range t.seats {
		if s.UserID != "" {
			n++
		}
	}
	return n
}

func (t *Table) turnTimeout() time.Duration {
	switch s := t.settings.TurnSeconds; {
	case s < 0:
		return 0
	case s > 0:
		return time.Duration(s) * time.Second
	}
	return t.cfg.TurnTimeout
}

// info describes the table for userID.
func (t *Table) info(userID string) Info {
	in, _ := t.infoFor(userID)
	return in
}

// commonInfo is what the table's description says to everybody: the
// rest of [Table.infoFor] is for one user.
func (t *Table) commonInfo() Info {
	return Info{ID: t.id, Game: string(t.settings.Game), Settings: protocol.TableSettings(t.settings.Public()), Deal: t.m.DealNo(),
		DealMove: len(t.m.Moves()), DealOver: t.m.DealDone(), Over: t.m.Over(), Sheet: t.m.Sheet()}
}

// infoFor describes the table for userID, and whether the current deal is
// shown to him in full (a competition's judge decides: see seal.go).
func (t *Table) infoFor(userID string) (in Info, dealShown bool) {
	if t.common != nil {
		in = *t.common
	} else {
		in = t.commonInfo()
	}
	me, seated := t.seatOf(userID)
	for i, s := range t.seats {
		si := SeatInfo{Seat: card.Seat(i), Name: s.Name, Human: s.UserID != "", Connected: t.conns[i] > 0}
		if s.UserID == "" {
			si.Bot = string(t.settings.Level)
			si.Connected = true
		}
		si.You = seated && me == card.Seat(i)
		in.Seats[i] = si
	}
	if c := t.claim; c != nil {
		in.Claim = &ClaimInfo{By: c.by, Tricks: c.tricks, Waiting: slices.Clone(c.waiting)}
	}
	if seated && t.humans() == 1 && !t.m.Over() && !t.settings.Competition() && !t.m.DealDone() && !t.claim.blocking() {
		if n := t.m.Back(me); n > 0 {
			in.CanUndo, in.UndoConfirm = true, t.undoCrosses(n)
		}
		ab := t.abilities()
		in.CanHint = ab.Hint != nil || ab.Suggest != nil
	}
	if seated {
		in.CanChat = t.humans() > 1
		in.Speed = t.speeds[me]
		if in.Speed == "" {
			in.Speed = SpeedNormal
		}
		in.PlayOut = t.playOut != 0 && t.playOut == t.m.DealNo()
	}
	if userID != "" && userID == t.settings.Owner {
		in.Invite = t.settings.Invite
	}
	// A competition shows a deal in full only to those it allows: a
	// player sees what play showed him until then; somebody not seated
	// sees nothing of the deal, and the sheet only when every deal on it
	// is shown to him.
	dealShown = true
	if seated {
		dealShown = !t.m.DealDone() || t.reveals(userID, true, t.m.DealNo())
		in.Sealed = !dealShown
	} else if t.settings.Competition() {
		dealShown = t.reveals(userID, false, t.m.DealNo())
		in.Sealed = !dealShown
		if !t.sheetShown(userID) {
			in.Sealed, in.Sheet = true, protocol.Sheet{}
		}
	}
	return in, dealShown
}

// encode builds the state message for userID, reading lang.
func (t *Table) encode(userID, lang string) []byte {
	w := t.wire(userID, lang)
	b, err := w.encode()
	if err != nil {
		t.log.Error("encoding state", "err", err)
		b, _ = json.Marshal(map[string]string{"type": "error", "code": CodeInternal})
	}
	return b
}

// wire is the state message for userID reading lang, before its encoding.
func (t *Table) wire(userID, lang string) wireState {
	in, dealShown := t.infoFor(userID)
	msg := stateMsg{Type: "state", N: t.n, Table: in}
	seat, seated := t.seatOf(userID)
	switch {
	case seated && !dealShown:
		msg.Seat = &seat
		msg.View = t.m.Played(seat)
	case seated:
		msg.Seat = &seat
		msg.View = t.m.View(seat)
	case !dealShown:
		msg.View = protocol.View{} // a competition's deal nobody outside may see yet
	default:
		msg.View = t.m.Spectator()
	}
	w := wireState{State: msg}
	if !msg.View.IsZero() {
		// The meanings of the calls tell the auction: not to someone who
		// may not see the deal.
		w.Explanations = t.explanations(lang)
	}
	if !t.deadline.IsZero() && t.deadlineV == t.version {
		left := int(time.Until(t.deadline).Round(time.Second) / time.Second)
		left = max(left, 0)
		w.Timer = &left
	}
	return w
}

// encode writes w as json.Marshal does, byte for byte (TestStateEncoding),
// but with its parts encoded on their own: the engine's view by its own
// type, not through protocol.View's MarshalJSON, whose output
// encoding/json would then scan and copy again (a fifth of the encoding's
// time), and the explanations, encoded once for every seat, copied as
// they are. The parts are written into a scratch buffer kept between
// calls, so that the message is the only new allocation of its size: the
// parts' own copies were more than half of the bytes a move allocated,
// and the garbage collector's work at thousands of tables grows with them.
func (w *wireState) encode() ([]byte, error) {
	var view any
	switch {
	case w.View.Bridge != nil:
		view = w.View.Bridge
	case w.View.Belote != nil:
		view = w.View.Belote
	}
	sb := scratchPool.Get().(*scratch)
	defer sb.release()
	b := &sb.buf
	b.WriteString(`{"type":`)
	if err := sb.put(w.Type); err != nil {
		return nil, err
	}
	b.WriteString(`,"n":`)
	b.Write(strconv.AppendInt(sb.num[:0], int64(w.N), 10))
	b.WriteString(`,"seat":`)
	if w.Seat == nil {
		b.WriteString("null")
	} else if err := sb.put(*w.Seat); err != nil {
		return nil, err
	}
	b.WriteString(`,"table":`)
	sb.info = w.Table
	err := sb.put(&sb.info)
	sb.info = Info{} // nothing kept in the pool
	if err != nil {
		return nil, err
	}
	b.WriteString(`,"view":`)
	if err := sb.put(view); err != nil {
		return nil, err
	}
	if w.Timer != nil {
		b.WriteString(`,"timer":`)
		b.Write(strconv.AppendInt(sb.num[:0], int64(*w.Timer), 10))
	}
	if len(w.Explanations) > 0 {
		b.WriteString(`,"explanations":`)
		b.Write(w.Explanations)
	}
	b.WriteByte('}')
	return bytes.Clone(b.Bytes()), nil
}

// scratch is the buffer a state message is written into before its copy,
// with a JSON encoder writing to it.
type scratch struct {
	buf bytes.Buffer
	enc *json.Encoder // writing to buf
	num [20]byte
	// info is the message's table description while it is encoded: a
	// copy in the scratch, so that the message (wireState) is not moved
	// to the heap for the encoder to point into.
	info Info
}

// put appends v's encoding, as json.Marshal's, without the newline the
// encoder ends it with.
func (s *scratch) put(v any) error {
	if err := s.enc.Encode(v); err != nil {
		return err
	}
	s.buf.Truncate(s.buf.Len() - 1)
	return nil
}

// scratchMax is the largest buffer put back for reuse: a rare huge message
// does not stay in memory.
const scratchMax = 64 << 10

var scratchPool = sync.Pool{New: func() any {
	s := new(scratch)
	s.enc = json.NewEncoder(&s.buf)
	return s
}}

func (s *scratch) release() {
	if s.buf.Cap() > scratchMax {
		return
	}
	s.buf.Reset()
	scratchPool.Put(s)
}

// wireState is the state message with the explanations encoded once for
// every seat (the same list for all; protocol.State.Explanations is what
// it holds).
type wireState struct {
	protocol.State
	Explanations json.RawMessage `json:"explanations,omitempty"`
}

// explanations returns the meanings of the calls of the current auction,
// encoded for a reader of lang (every language if it is empty), computed
// once per change and language; nil when there are none.
//
// Only the reader's language is sent: the wording in five languages is
// three quarters of a bridge state during the play, and each card sends
// a state to every seat.
func (t *Table) explanations(lang string) json.RawMessage {
	explain := t.abilities().Explain
	if explain == nil || t.m.Game() == nil {
		return nil
	}
	if t.explainedV != t.version+1 {
		e := explain(t.m.Game())
		// The explainer shares its answers (a memo): the same list as
		// last time, as through the whole play of a deal, is encoded
		// already.
		if len(e) == 0 || len(e) != len(t.explainedOf) || &e[0] != &t.explainedOf[0] {
			clear(t.explained)
			t.explainedOf = e
		}
		t.explainedV = t.version + 1
	}
	if len(t.explainedOf) == 0 {
		return nil
	}
	if b, ok := t.explained[lang]; ok {
		return b
	}
	b, err := json.Marshal(protocol.ExplanationsIn(t.explainedOf, lang))
	if err != nil {
		t.log.Error("encoding explanations", "err", err)
		return nil
	}
	if t.explained == nil || len(t.explained) >= 8 {
		t.explained = map[string]json.RawMessage{} // a few languages at most
	}
	t.explained[lang] = b
	return b
}

// ---- actions ----

func (t *Table) Act(ctx context.Context, userID string, seat card.Seat, action string, n int) error {
	start := time.Now()
	return t.run(ctx, func() error { return t.act(userID, seat, action, n, start) })
}

func (t *Table) act(userID string, seat card.Seat, action string, n int, start time.Time) error {
	us, ok := t.seatOf(userID)
	switch {
	case !ok:
		return errf(CodeNotSeated, "you have no seat at this table")
	case t.m.Over():
		return errf(CodeOver, "the match is over")
	case seat > card.West:
		return errf(CodeBadRequest, "no seat %d", seat)
	case len(action) == 0 || len(action) > 16:
		return errf(CodeBadRequest, "action %q: want 1 to 16 characters", action)
	case isClaim(action):
		return errf(CodeBadRequest, "a claim is made with the claim message, and answered by the opponents")
	case n >= 0 && n != t.n:
		return errf(CodeStale, "you have seen %d moves, the table is at %d", n, t.n)
	case t.m.DealDone():
		return errf(CodeTurn, "the deal is over")
	case t.claim.blocking():
		return errf(CodeTurn, "a claim is waiting for an answer")
	}
	if t.m.Controller(seat) != us {
		return errf(CodeSeat, "you do not play %s's cards", seat.Name())
	}
	if !slices.Contains(t.m.Game().ToAct(), seat) {
		return errf(CodeTurn, "it is not %s's turn", seat.Name())
	}
	return t.applyMove(game.Move{Seat: seat, Action: action}, false, start)
}

// applyMove checks and applies m on a copy of the deal (match.Play), stores
// it, makes the copy the deal (Step.Commit) and tells everybody. Nothing
// changes if it is illegal or cannot be stored.
func (t *Table) applyMove(m game.Move, byBot bool, start time.Time) error {
	step, err := t.m.Play(m)
	if err != nil {
		return &Error{Code: CodeIllegal, Msg: err.Error(), Err: err}
	}
	ctx, cancel := t.storeCtx()
	err = t.cfg.Store.AppendMove(ctx, t.id, t.m.DealNo(), len(t.m.Moves()), step.Move)
	cancel()
	if err != nil {
		t.storeFailed("append move", err)
		return &Error{Code: CodeInternal, Msg: "the move could not be saved", Err: err}
	}
	if err := step.Commit(); err != nil {
		// Only this goroutine changes the match: nothing came between.
		return &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
	}
	t.n++
	t.changed()
	if t.claim != nil && t.claim.bot && t.m.DealDone() {
		t.claim = nil // the deal ended before an answer
	}
	if t.m.DealDone() {
		t.endDeal()
	}
	t.armTurnTimer()
	t.broadcast()
	t.schedule()
	if t.cfg.OnAction != nil {
		t.cfg.OnAction(byBot, time.Since(start))
	}
	return nil
}

// storeFailed logs a store error; a conflict means another node now owns
// the table.
func (t *Table) storeFailed(what string, err error) {
	if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFinished) {
		t.lost = true
	}
	t.log.Error("store: "+what, "err", err)
}

// changed marks a change of state: timers and pending bot answers of the
// previous state no longer apply.
func (t *Table) changed() {
	t.restated()
	t.gameV++
}

// restated marks a change of what the state shows that leaves the game as
// it was (the bots' speed): the timers start again, and a bot's pending
// decision still applies. Thrown away, it would be asked again, and a bot
// whose choices follow its seed would then play otherwise.
func (t *Table) restated() {
	t.touch()
	t.version++
	t.deadline = time.Time{}
}

// endDeal scores the deal that just ended and stores its result (and the
// match's when it is over).
func (t *Table) endDeal() {
	res, err := t.m.ScoreDeal()
	if err != nil {
		t.log.Error("scoring deal", "deal", t.m.DealNo(), "err", err)
		return
	}
	t.reportBoard()
	ctx, cancel := t.storeCtx()
	defer cancel()
	if err := t.cfg.Store.FinishDeal(ctx, t.id, t.m.DealNo(), res); err != nil {
		t.storeFailed("finish deal", err)
	} else {
		t.requestAnalysis(res)
	}
	t.finishIfOver(ctx)
	t.nextAt = time.Time{}
	if !t.m.Over() && t.humans() >= 2 && t.cfg.NextDelay > 0 {
		t.nextAt = time.Now().Add(t.cfg.NextDelay)
	}
}

func (t *Table) finishIfOver(ctx context.Context) {
	if !t.m.Over() || t.finishedOK {
		return
	}
	defer t.overFlag.Store(true)
	if err := t.cfg.Store.FinishGame(ctx, t.id, t.m.Result()); err != nil && !errors.Is(err, store.ErrFinished) {
		t.log.Error("store: finish game", "err", err)
		return
	}
	t.finishedOK = true
	t.log.Info("match over", "deals", t.m.DealNo())
}

// startNextDeal draws, stores and starts the next deal.
func (t *Table) startNextDeal() error {
	if t.m.Over() || !t.m.DealDone() {
		return errf(CodeTurn, "the deal is not over")
	}
	no := t.m.DealNo() + 1
	// A test's seed deals reproducibly; otherwise each deal is shuffled
	// from the operating system's random source (it is stored at once):
	// nothing a player sees lets him compute another's hand.
	rnd := card.NewCryptoRand()
	if t.settings.Seed != 0 {
		rnd = card.NewRand(t.seed + uint64(no)*0x9E3779B97F4A7C15)
	}
	raw, err := t.m.NewDeal(rnd)
	if err != nil {
		return &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
	}
	ctx, cancel := t.storeCtx()
	err = t.cfg.Store.AddDeal(ctx, t.id, no, raw)
	cancel()
	if err != nil {
		t.storeFailed("add deal", err)
		return &Error{Code: CodeInternal, Msg: "the deal could not be saved", Err: err}
	}
	if err := t.m.StartDeal(no, raw); err != nil {
		t.log.Error("starting deal", "deal", no, "err", err)
		return &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
	}
	t.nextAt = time.Time{}
	t.changed()
	t.armTurnTimer()
	t.broadcast()
	t.schedule()
	return nil
}

func (t *Table) Next(ctx context.Context, userID string) error {
	var err error
	if e := t.exec(ctx, func() {
		if _, ok := t.seatOf(userID); !ok {
			err = errf(CodeNotSeated, "you have no seat at this table")
			return
		}
		err = t.startNextDeal()
	}); e != nil {
		return e
	}
	return err
}

// ---- bots and timers ----

func (t *Table) tick() {
	now := time.Now()
	due := func(at time.Time) bool { return !at.IsZero() && !now.Before(at) }
	if due(t.turnDeadline()) {
		t.expiredV = t.version + 1
		t.deadline = time.Time{}
	}
	if due(t.retryAt) {
		t.retryAt = time.Time{}
	}
	if due(t.nextAt) {
		t.nextAt = time.Time{}
		if err := t.startNextDeal(); err != nil {
			t.log.Error("starting the next deal", "err", err)
		}
	}
	// The loop schedules what the tick made due (a bot for the expired
	// turn, a retry).
}

// turnDeadline is the turn timer's end for the current state; zero when
// there is none (or it was armed for an earlier state).
func (t *Table) turnDeadline() time.Time {
	if t.deadlineV != t.version {
		return time.Time{}
	}
	return t.deadline
}

// wakeAt is when the table next has something to do by itself: the end of
// the turn timer, the start of the next deal, a retry; zero for nothing.
func (t *Table) wakeAt() time.Time {
	var at time.Time
	for _, x := range [...]time.Time{t.turnDeadline(), t.nextAt, t.retryAt} {
		if !x.IsZero() && (at.IsZero() || x.Before(at)) {
			at = x
		}
	}
	return at
}

// armTurnTimer starts the turn timer of the human whose turn it is, at a
// table of several humans, once per state; it reports whether it did. A
// move arms it before its broadcast, so that one state message carries
// both.
func (t *Table) armTurnTimer() bool {
	if t.lost || t.m.Over() || t.m.DealDone() || t.claim.blocking() || t.claimBusy {
		return false
	}
	to := t.m.Game().ToAct()
	if len(to) == 0 || t.seats[t.m.Controller(to[0])].UserID == "" || t.expiredV == t.version+1 {
		return false
	}
	d := t.turnTimeout()
	if d <= 0 || t.humans() < 2 || t.deadlineV == t.version {
		return false
	}
	t.deadline, t.deadlineV = time.Now().Add(d), t.version
	return true
}

// schedule starts whatever should happen next without a human: a bot's
// decision, the next deal at a table of bots, a human's turn timer.
func (t *Table) schedule() {
	if t.lost || t.m.Over() {
		return
	}
	if t.m.DealDone() {
		if t.humans() == 0 {
			if err := t.startNextDeal(); err != nil {
				t.log.Error("starting the next deal", "err", err)
				t.retryAt = time.Now().Add(retryDelay)
			}
		}
		return
	}
	if t.claim.blocking() || t.botBusy || t.claimBusy {
		return
	}
	to := t.m.Game().ToAct()
	if len(to) == 0 {
		return
	}
	seat := to[0]
	ctrl := t.m.Controller(seat)
	b := t.bots[ctrl]
	if t.seats[ctrl].UserID != "" {
		if t.expiredV != t.version+1 {
			if t.armTurnTimer() {
				t.broadcast() // the timer is part of the state
			}
			return
		}
		t.log.Info("turn timer expired: a bot plays", "seat", seat)
	}
	t.botClaim(ctrl)
	t.botBusy = true
	g, v := t.m.Clone(), t.gameV
	go t.think(b, g, seat, v, t.botDelay(), t.botWork())
}

// think runs a bot's decision off the table goroutine and posts it back.
// At a table without a human it waits for its turn on the hub's BotQueue
// (w) first.
func (t *Table) think(b bot.Bot, g game.Game, seat card.Seat, v uint64, delay time.Duration, w botWork) {
	if delay > 0 {
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-t.stop:
			timer.Stop()
			return
		}
	}
	turnDone, ok := t.botTurn(w)
	if !ok {
		return // the table stopped
	}
	ctx, cancel := context.WithTimeout(context.Background(), t.cfg.BotTimeout)
	m, err := b.Act(ctx, g, seat)
	cancel()
	turnDone()
	if err != nil || m.Seat != seat {
		if err == nil {
			err = fmt.Errorf("answered for %v", m.Seat)
		}
		t.log.Warn("bot failed: playing a legal action for it", "seat", seat, "err", err)
		m = fallback(g, seat)
	}
	at := time.Now()
	t.post(func() {
		t.botBusy = false
		if t.gameV != v {
			t.schedule()
			return
		}
		if err := t.applyMove(m, true, at); err != nil {
			if CodeOf(err) == CodeIllegal {
				t.log.Warn("bot chose an illegal action", "seat", seat, "action", m.Action, "err", err)
				if err := t.applyMove(fallback(t.m.Clone(), seat), true, at); err == nil {
					return
				}
			}
			t.log.Error("bot action refused", "seat", seat, "err", err)
		}
	})
}

// fallback returns the first legal action of seat in g.
func fallback(g game.Game, seat card.Seat) game.Move {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return game.Move{Seat: seat, Action: "?"}
	}
	return game.Move{Seat: seat, Action: legal[0]}
}

// ---- seats, info, export ----

func (t *Table) Sit(ctx context.Context, p Player, seat card.Seat) error {
	var err error
	if e := t.exec(ctx, func() {
		switch {
		case p.ID == "":
			err = errf(CodeNotSeated, "sign in to sit down")
		case seat > card.West:
			err = errf(CodeBadRequest, "no seat %d", seat)
		case t.m.Over():
			err = errf(CodeOver, "the match is over")
		case t.seats[seat].UserID == p.ID:
			return
		case t.seats[seat].UserID != "":
			err = errf(CodeForbidden, "%s is taken", seat.Name())
		case t.settings.Competition():
			err = errf(CodeForbidden, "the seats of a competition's table belong to the players it put there")
		case !t.maySit(p):
			err = errf(CodeForbidden, "sitting at this table needs its invitation link")
		default:
			if s, ok := t.seatOf(p.ID); ok {
				err = errf(CodeForbidden, "you already sit %s", s.Name())
				return
			}
			ctx, cancel := t.storeCtx()
			defer cancel()
			if serr := t.cfg.Store.SetSeat(ctx, t.id, seat, store.Seat{UserID: p.ID}); serr != nil {
				t.storeFailed("set seat", serr)
				err = &Error{Code: CodeInternal, Msg: "the seat could not be saved", Err: serr}
				return
			}
			t.seats[seat] = store.Seat{UserID: p.ID, Name: p.Name}
			for s := range t.subs {
				if s.userID == p.ID {
					t.conns[seat]++
				}
			}
			t.changed()
			t.broadcast()
			t.schedule()
		}
	}); e != nil {
		return e
	}
	return err
}

// maySit reports whether p may take a bot's seat at a casual table: the
// owner may, and whoever gives the invitation's secret.
func (t *Table) maySit(p Player) bool {
	if t.settings.Owner != "" && p.ID == t.settings.Owner {
		return true
	}
	inv := t.settings.Invite
	return inv != "" && subtle.ConstantTimeCompare([]byte(p.Invite), []byte(inv)) == 1
}

func (t *Table) Info(ctx context.Context, userID string) (Info, error) {
	var in Info
	err := t.exec(ctx, func() { in = t.info(userID) })
	return in, err
}

func (t *Table) SeatOf(ctx context.Context, userID string) (card.Seat, bool, error) {
	var seat card.Seat
	var ok bool
	err := t.exec(ctx, func() { seat, ok = t.seatOf(userID) })
	return seat, ok, err
}

func (t *Table) Export(ctx context.Context, format string) ([]byte, string, error) {
	var data []byte
	var ctype string
	var err error
	if e := t.exec(ctx, func() { data, ctype, err = t.m.Export(format) }); e != nil {
		return nil, "", e
	}
	return data, ctype, err
}
