package competition

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"atout/bridge/dd/ddpool"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// The store kinds of the competitions.
const (
	KindTournament      = "tournament"
	KindTeamMatch       = "teammatch"
	KindBeloteDuplicate = "beloteduplicate"
)

// Config is what a [Service] runs on.
type Config struct {
	Store  *store.Store
	Hub    table.Hub
	Logger *slog.Logger // nil: slog.Default()
	// Solvers is the double-dummy pool of the tournaments' analyses (nil:
	// [ddpool.Default]).
	Solvers *ddpool.Pool
	// AllowSeed lets a request fix the seed that deals a competition
	// (tests); otherwise the boards are dealt from a secret of the server.
	AllowSeed bool
}

// Service runs the competitions of a node.
type Service struct {
	st        *store.Store
	hub       table.Hub
	reports   bool // the hub reports finished boards and deals (table.Reporter)
	log       *slog.Logger
	allowSeed bool

	// DD, when set, is the double-dummy solver of the tournaments'
	// analyses (tests use a fast fake); nil: the pool of Config.Solvers.
	// Set it before the service serves.
	DD tournament.DDFunc
	// Now is the clock of the tournaments' windows (default time.Now).
	Now func() time.Time

	cache cache
	dd    ddQueue

	mu sync.Mutex
	// bound are the tables this node opened for a competition entry, by
	// table ID, while the store's record of them may not be written yet.
	bound map[string]tableRef
	// boards maps a tournament table to the tournament board number of
	// each of its boards (derived from the table's stored deals when
	// missing).
	boards map[string][]int
	// opening are the tournament tables being opened; reconciled the
	// entries whose table was checked for lost results.
	opening, reconciled map[entryKey]bool

	// join serialises the registrations of belote duplicate teams (one
	// table per team).
	join sync.Mutex
	// wg counts the result writes in flight (see [Service.Wait]).
	wg sync.WaitGroup
}

// entryKey names an entry of a competition.
type entryKey struct{ comp, entry string }

// tableRef is a table bound to a competition's entry.
type tableRef struct {
	comp, kind, entry string
}

// New returns the competitions of cfg's store, and listens to the boards
// and deals finished at the hub's local tables.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Solvers == nil {
		cfg.Solvers = ddpool.Default()
	}
	s := &Service{st: cfg.Store, hub: cfg.Hub, log: cfg.Logger, allowSeed: cfg.AllowSeed, Now: time.Now,
		bound: map[string]tableRef{}, boards: map[string][]int{},
		opening: map[entryKey]bool{}, reconciled: map[entryKey]bool{}}
	s.cache.init()
	s.dd.init(cfg.Solvers)
	if r, ok := cfg.Hub.(table.Reporter); ok {
		s.reports = true
		r.OnBoard(s.OnBoard)
		r.OnBeloteDeal(s.OnBeloteDeal)
	}
	if j, ok := cfg.Hub.(table.Sealer); ok {
		j.SealWith(s.Judge)
	}
	return s
}

// Wait waits for the results being written (a shutdown, once the tables
// have stopped).
func (s *Service) Wait() { s.wg.Wait() }

// createSeated opens a table with the given humans seated (the others are
// bots).
func (s *Service) createSeated(ctx context.Context, set table.Settings, createdBy string, players [4]table.Player) (table.Room, error) {
	if h, ok := s.hub.(table.Seater); ok {
		return h.CreateSeated(ctx, set, createdBy, players)
	}
	return nil, &table.Error{Code: table.CodeInternal, Msg: "this server's hub cannot seat several players at a new table"}
}

// A competition's table carries its table.Competition (Settings.Tournament):
// the competition's ID, and the entry's key for a table of a room or a team
// (ID "…", Entry "open" or "Aces"; none for a tournament's player). It makes
// the table report its boards and tells its readers what it plays for; it
// proves nothing: which entry plays there is the store's record (the
// entry's game).

// bind records that tableID, just opened, is entry's table in competition
// comp, for the results it reports before the store records it.
func (s *Service) bind(tableID, comp, kind, entry string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bound) >= 10000 {
		clear(s.bound)
	}
	s.bound[tableID] = tableRef{comp: comp, kind: kind, entry: entry}
}

// unbind forgets the tables of a competition taken back.
func (s *Service) unbind(tables ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range tables {
		delete(s.bound, id)
	}
}

// boundTable returns the competition entry that plays at tableID: one
// bound by this node, or the one the store records. Only such a table's
// results count; a table's tag proves nothing.
func (s *Service) boundTable(ctx context.Context, tableID string) (tableRef, bool) {
	if tableID == "" {
		return tableRef{}, false
	}
	s.mu.Lock()
	ref, ok := s.bound[tableID]
	s.mu.Unlock()
	if ok {
		return ref, true
	}
	en, err := s.st.CompetitionByGame(ctx, tableID)
	if err != nil || en.GameID != tableID {
		return tableRef{}, false
	}
	comp, err := s.st.GetCompetition(ctx, en.Competition)
	if err != nil {
		return tableRef{}, false
	}
	return tableRef{comp: comp.ID, kind: comp.Kind, entry: en.Entry}, true
}

// tableCompetition returns the competition of a table: the one that binds
// it, or else the one its tag names (a table whose entry has moved on to
// another table, or a table no entry holds).
func (s *Service) tableCompetition(ctx context.Context, tableID string, tag table.Competition) (id, kind string, err error) {
	if ref, ok := s.boundTable(ctx, tableID); ok {
		return ref.comp, ref.kind, nil
	}
	comp, err := s.st.GetCompetition(ctx, tag.ID)
	if err != nil {
		return "", "", err
	}
	return comp.ID, comp.Kind, nil
}

// reported returns the entry of one of kinds that a table reporting a
// result plays for: the one the store (or this node, for a table it has
// just opened) binds to the table. Otherwise the result is refused.
func (s *Service) reported(ctx context.Context, tableID string, tag table.Competition, kinds ...string) (tableRef, bool) {
	if tag.IsZero() {
		return tableRef{}, false
	}
	ref, ok := s.boundTable(ctx, tableID)
	if !ok || !slices.Contains(kinds, ref.kind) {
		s.log.Warn("competition result refused: the table is not the one recorded for it", "table", tableID, "tag", tag)
		return tableRef{}, false
	}
	return ref, true
}

// OnBoard records a finished board of a competition's bridge table as the
// result of the entry the store binds to the table. It runs on the
// table's goroutine.
func (s *Service) OnBoard(d table.BoardDone) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	ref, ok := s.reported(ctx, d.Table, d.Tournament, KindTournament, KindTeamMatch)
	switch {
	case !ok:
	case ref.kind == KindTournament:
		s.tournamentBoard(ctx, ref, d)
	default:
		s.teamBoard(ref, d)
	}
}

// OnBeloteDeal records a finished deal of a belote duplicate's table as the
// result of the team the store binds to the table. It runs on the table's
// goroutine.
func (s *Service) OnBeloteDeal(d table.BeloteDealDone) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if ref, ok := s.reported(ctx, d.Table, d.Tournament, KindBeloteDuplicate); ok {
		s.beloteDeal(ref, d)
	}
}

// writeLater runs write in the background (it runs on a table's goroutine,
// which must not wait for the store), counted by s.wg; an error is logged
// as msg with args.
func (s *Service) writeLater(write func(context.Context) error, msg string, args ...any) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := write(ctx); err != nil {
			s.log.Error(msg, append(args, "err", err)...)
		}
	}()
}

// addResult stores a result of a competition; one already there is fine.
func (s *Service) addResult(ctx context.Context, res store.CompetitionResult) error {
	err := s.st.AddCompetitionResult(ctx, res)
	if errors.Is(err, store.ErrConflict) {
		return nil
	}
	return err
}

// dealSource is the shuffle source of a competition's boards: its stored
// secret, or for a competition made before secrets (or a test's), its seed.
func dealSource(secret string, seed uint64) (*card.Rand, error) {
	if secret == "" {
		return card.NewRand(seed), nil
	}
	sec, err := card.ParseSecret(secret)
	if err != nil {
		return nil, err
	}
	return sec.Rand(), nil
}

var hidden = &table.Error{Code: table.CodeForbidden, Msg: "this competition's boards stay hidden until you have played them (or it is over)"}

// MayRead says whether userID, who does not play at the finished table
// tableID (tagged tag), may read it (its state, its record): only once he
// may see every board on it, as the competition's own board pages decide.
// Otherwise a player who finished early would show his boards to those
// who have not played them yet.
func (s *Service) MayRead(ctx context.Context, tableID string, tag table.Competition, userID string) error {
	err := s.hides(ctx, tableID, tag, userID)
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return nil // no such competition (any more): nothing to hide
	}
	return err
}

func (s *Service) hides(ctx context.Context, tableID string, tag table.Competition, userID string) error {
	id, _, err := s.tableCompetition(ctx, tableID, tag)
	if err != nil {
		return err
	}
	ev, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	if !s.showsAll(ev, userID) {
		return hidden
	}
	return nil
}

// Shown returns which deals (by the table's numbers) of the competition
// table tableID (tagged tag) are shown in full to userID, who plays at it
// when seated: the rule of seal.go. A competition that cannot be read
// shows nothing.
func (s *Service) Shown(ctx context.Context, tableID string, tag table.Competition, userID string, seated bool) func(no int) bool {
	id, _, err := s.tableCompetition(ctx, tableID, tag)
	if err != nil {
		return func(int) bool { return false }
	}
	ev, err := s.get(ctx, id)
	if err != nil {
		return func(int) bool { return false }
	}
	var boards []int
	if e, ok := ev.(*tourEvent); ok {
		boards = s.boardsOf(ctx, tableID, e.t)
	}
	return func(no int) bool {
		n := no
		if boards != nil {
			if no < 1 || no > len(boards) {
				return false
			}
			n = boards[no-1]
		}
		return s.showsTo(ev, userID, n, seated)
	}
}

// MayWatch says whether userID, who does not play at the competition
// table tableID (tagged tag) in progress, may watch it: a kibitzer a team
// match room (he sees what kibitzers see); nobody else, for a player who
// could watch another's table would see its boards before playing them.
func (s *Service) MayWatch(ctx context.Context, tableID string, tag table.Competition, userID string) error {
	id, kind, err := s.tableCompetition(ctx, tableID, tag)
	if err == nil && kind == KindTeamMatch {
		mt, err := s.teamMatch(ctx, id)
		if err != nil {
			return err
		}
		if _, _, plays := mt.spec.place(userID); !plays {
			return nil
		}
		return &table.Error{Code: table.CodeForbidden, Msg: "a player of the match watches no table but his own"}
	}
	return &table.Error{Code: table.CodeForbidden, Msg: "a competition's table is watched by its players only"}
}
