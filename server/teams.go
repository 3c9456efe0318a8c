package server

// Team matches (bridge): two teams of four play the same boards in two
// rooms, the home team North-South in the open room and East-West in the
// closed room. The match is a store competition of kind "teammatch" (its
// spec holds the teams and the seed of the boards), with one entry per
// room ("open", "closed") naming the room's table, and one result per room
// and board. The server keeps a cache of the matches it has seen, rebuilt
// from the store (and from the rooms' stored games, for a board that ended
// while nobody listened, e.g. across a restart).
//
// Visibility: a player of the match sees a board (its deal and the two
// rooms' results) once his own room has played it; anybody else once both
// rooms have.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"atout/bridge"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// Bounds of a team match.
const (
	MinTeamBoards = 4
	MaxTeamBoards = 36
)

// KindTeamMatch is the store kind of team matches.
const KindTeamMatch = "teammatch"

// teamRooms are the entry keys of the two rooms, by tournament.Room.
var teamRooms = [2]string{"open", "closed"}

// teamPlayer is a seat holder of a team in a match spec: a user or a bot.
type teamPlayer struct {
	User string `json:"user,omitempty"` // user ID; "" for a bot
	Name string `json:"name"`
}

// teamSpec is a team in a match spec.
type teamSpec struct {
	Name    string        `json:"name"`
	Players [4]teamPlayer `json:"players"`
}

// teamMatchSpec is the Spec of a "teammatch" competition.
type teamMatchSpec struct {
	Boards int    `json:"boards"`
	Seed   uint64 `json:"seed,string"` // tests (Config.AllowSeed) and matches made before secrets
	// Secret deals the boards (card.Secret, hexadecimal): drawn by the
	// server, kept in the store, never sent to a client.
	Secret string   `json:"secret,omitempty"`
	Level  string   `json:"level"`
	Home   teamSpec `json:"home"`
	Away   teamSpec `json:"away"`
}

// teamRoomResult is the Data of a team match result.
type teamRoomResult struct {
	Contract string `json:"contract"` // "Pass" when passed out
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	ScoreNS  int    `json:"scoreNS"`
}

// teamMatch is a match of the cache.
type teamMatch struct {
	compBase
	spec   teamMatchSpec
	m      *tournament.TeamMatch
	tables [2]string // by room
}

// teamMatches is the server's cache of team matches.
type teamMatches struct {
	compCache[*teamMatch, teamBoard]
	// wg counts the result writes in flight, of team matches and belote
	// duplicates alike (see [Server.writeLater]).
	wg sync.WaitGroup
}

// waitResultWrites waits for the team match and belote duplicate results
// being written (a shutdown, once the tables have stopped).
func (s *Server) waitResultWrites() { s.teams.wg.Wait() }

// teamBoard is a finished board of a room.
type teamBoard struct {
	room  tournament.Room
	board int
	res   tournament.RoomResult
	table string
}

// teamTag is the Settings.Tournament of a room's table: "ID:open" or
// "ID:closed" (a competition ID has no colon, so the tag names no
// tournament of another kind).
func teamTag(id string, room tournament.Room) string { return id + ":" + teamRooms[room] }

func parseTeamTag(tag string) (id string, room tournament.Room, ok bool) {
	id, r, found := strings.Cut(tag, ":")
	switch {
	case !found:
		return "", 0, false
	case r == teamRooms[tournament.OpenRoom]:
		return id, tournament.OpenRoom, true
	case r == teamRooms[tournament.ClosedRoom]:
		return id, tournament.ClosedRoom, true
	}
	return "", 0, false
}

// teamDeals deals the boards of a match from a seed (tests, and matches
// made before the server drew secrets).
func teamDeals(n int, seed uint64) []tournament.Board {
	return tournament.DealBoards(n, card.NewRand(seed))
}

// deals deals the boards of a match: from its secret, or from its seed for
// a match that has none.
func (sp teamMatchSpec) deals() ([]tournament.Board, error) {
	r, err := dealSource(sp.Secret, sp.Seed)
	if err != nil {
		return nil, err
	}
	return tournament.DealBoards(sp.Boards, r), nil
}

func (sp teamMatchSpec) team(home bool) tournament.Team {
	ts := sp.Away
	if home {
		ts = sp.Home
	}
	t := tournament.Team{Name: ts.Name}
	for i, p := range ts.Players {
		t.Players[i] = tournament.Player{Name: p.Name, Bot: p.User == ""}
	}
	return t
}

// seatUsers returns the user of each seat of a room ("" for a bot), in the
// order of tournament.TeamMatch.Seating.
func (sp teamMatchSpec) seatUsers(room tournament.Room) [4]string {
	ns, ew := sp.Home, sp.Away
	k := 0
	if room == tournament.ClosedRoom {
		ns, ew, k = sp.Away, sp.Home, 2
	}
	return [4]string{ns.Players[k].User, ew.Players[k].User, ns.Players[k+1].User, ew.Players[k+1].User}
}

// place returns where user plays in the match.
func (sp teamMatchSpec) place(user string) (room tournament.Room, seat card.Seat, ok bool) {
	if user == "" {
		return 0, 0, false
	}
	for _, r := range []tournament.Room{tournament.OpenRoom, tournament.ClosedRoom} {
		for s, u := range sp.seatUsers(r) {
			if u == user {
				return r, card.Seat(s), true
			}
		}
	}
	return 0, 0, false
}

func roomResultOf(d teamRoomResult) (tournament.RoomResult, error) {
	var res tournament.RoomResult
	c, err := bridge.ParseContract(d.Contract)
	if err != nil {
		return res, err
	}
	res.Contract, res.Tricks = c, d.Tricks
	if !c.IsPass() {
		if res.Declarer, err = card.ParseSeat(d.Declarer); err != nil {
			return res, err
		}
	}
	return res, nil
}

func roomResultData(res tournament.RoomResult, scoreNS int) teamRoomResult {
	d := teamRoomResult{Contract: res.Contract.String(), Tricks: res.Tricks, ScoreNS: scoreNS}
	if res.Contract.IsPass() {
		d.Contract, d.Tricks = "Pass", 0
	} else {
		d.Declarer = res.Declarer.String()
	}
	return d
}

// publicSettings returns a game's stored settings as its players may see
// them: never the seed (which deals the boards) nor the invitation's secret
// and owner, and while it is in progress, without the fixed deals of a
// tournament, team match or duplicate ("deals", "beloteDeals"), which hold
// every hand of the boards still to play.
func publicSettings(g store.Game) any {
	if len(g.Settings) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(g.Settings, &m) != nil {
		return nil
	}
	hidden := []string{"seed", "invite", "owner"}
	if g.Status != store.StatusFinished {
		hidden = append(hidden, "deals", "beloteDeals")
	}
	for _, k := range hidden {
		delete(m, k)
	}
	return m
}

// teamRoutes registers the team match API and listens to the hub's
// finished boards.
func (s *Server) teamRoutes() {
	s.teams = &teamMatches{compCache: compCache[*teamMatch, teamBoard]{
		byID: map[string]*teamMatch{}, pending: map[string][]teamBoard{},
		kind: KindTeamMatch, what: "team match",
		open: s.openTeamMatch,
		refresh: func(ctx context.Context, mt *teamMatch) {
			if mt.m.Score().Complete < len(mt.m.Boards) {
				if err := s.addTeamResults(ctx, mt); err != nil {
					s.log.Error("team match results", "match", mt.comp.ID, "err", err)
				}
			}
		},
		merge: func(mt *teamMatch, tb teamBoard) {
			mt.m.Add(tb.room, tb.board, tb.res) // already there: fine
		},
	}}
	s.onHubBoards(s.teams.onBoard(s))
	m := s.mux
	m.HandleFunc("POST /api/teammatches", s.csrf(s.handleCreateTeamMatch))
	m.HandleFunc("GET /api/teammatches", s.handleTeamMatches)
	m.HandleFunc("GET /api/teammatches/{id}", s.handleTeamMatch)
	m.HandleFunc("GET /api/teammatches/{id}/boards/{n}", s.handleTeamBoard)
}

// localHub returns the hub's local tables, if it has any.
func (s *Server) localHub() *table.LocalHub {
	switch h := s.hub.(type) {
	case *table.LocalHub:
		return h
	case interface{ Local() *table.LocalHub }:
		return h.Local()
	}
	return nil
}

// onHubBoards registers f as a listener of the hub's finished tournament
// boards (bridge).
func (s *Server) onHubBoards(f func(table.BoardDone)) bool {
	if l := s.localHub(); l != nil {
		l.OnBoard(f)
		return true
	}
	return false
}

// createSeated opens a table with the given humans seated (the others are
// bots).
func (s *Server) createSeated(ctx context.Context, set table.Settings, createdBy string, players [4]table.Player) (table.Room, error) {
	if h, ok := s.hub.(interface {
		CreateSeated(context.Context, table.Settings, string, [4]table.Player) (table.Room, error)
	}); ok {
		return h.CreateSeated(ctx, set, createdBy, players)
	}
	if l := s.localHub(); l != nil {
		return l.CreateSeated(ctx, set, createdBy, players)
	}
	return nil, &table.Error{Code: table.CodeInternal, Msg: "this server's hub cannot seat several players at a new table"}
}

// onBoard records a finished board of a room. It runs on the table's
// goroutine: the cache is updated at once, the store in the background.
func (tm *teamMatches) onBoard(s *Server) func(table.BoardDone) {
	return func(d table.BoardDone) {
		id, room, ok := parseTeamTag(d.Tournament)
		if !ok || !tm.bound(s, id, teamRooms[room], d.Table, func(mt *teamMatch) string { return mt.tables[room] }) {
			return
		}
		res := tournament.RoomResult{Contract: d.Contract, Declarer: d.Declarer, Tricks: d.Tricks}
		tb := teamBoard{room: room, board: d.Board, res: res, table: d.Table}
		tm.record(id, tb, func(mt *teamMatch) {
			if err := mt.m.Add(room, d.Board, res); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
				s.log.Error("team match result", "match", id, "table", d.Table, "err", err)
			}
		})
		s.writeLater(func(ctx context.Context) error { return s.storeTeamBoard(ctx, id, tb) },
			"team match result", "match", id, "table", d.Table)
	}
}

// storeTeamBoard writes a room's result (a result already there is fine).
func (s *Server) storeTeamBoard(ctx context.Context, id string, tb teamBoard) error {
	sc := bridge.ScoreNS(tb.res.Contract, tb.res.Declarer, tb.res.Tricks, bridge.BoardVul(tb.board))
	data, _ := json.Marshal(roomResultData(tb.res, sc))
	return s.addResult(ctx, store.CompetitionResult{Competition: id, Entry: teamRooms[tb.room],
		Board: tb.board, Data: data, GameID: tb.table})
}

// teamMatch returns a match from the cache or the store (an error
// wrapping store.ErrNotFound if there is no such team match).
func (s *Server) teamMatch(ctx context.Context, id string) (*teamMatch, error) {
	return s.teams.get(ctx, s.st, id)
}

// openTeamMatch builds a match from its stored record: its rooms' tables,
// the results stored and those only in the rooms' games.
func (s *Server) openTeamMatch(ctx context.Context, comp store.Competition) (*teamMatch, error) {
	id := comp.ID
	mt := &teamMatch{compBase: compBase{comp: comp}}
	if err := decodeSpec(comp, "team match", &mt.spec); err != nil {
		return nil, err
	}
	boards, err := mt.spec.deals()
	if err == nil {
		mt.m, err = tournament.NewTeamMatch(mt.spec.team(true), mt.spec.team(false), boards)
	}
	if err != nil {
		return nil, fmt.Errorf("team match %s: %w", id, err)
	}
	entries, err := s.st.CompetitionEntries(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		for r, name := range teamRooms {
			if e.Entry == name {
				mt.tables[r] = e.GameID
			}
		}
	}
	mt.checked = time.Now()
	if err := s.addTeamResults(ctx, mt); err != nil {
		return nil, err
	}
	// Boards that ended while nobody listened (before a restart, or before
	// the server registered its listener) are in the rooms' games.
	for r, gid := range mt.tables {
		if gid == "" {
			continue
		}
		rec, err := s.st.LoadGame(ctx, gid)
		if err != nil {
			s.log.Error("team match room", "match", id, "table", gid, "err", err)
			continue
		}
		for _, d := range rec.Deals {
			if d.Result == nil {
				continue
			}
			var line table.BoardLine
			if err := json.Unmarshal(d.Result, &line); err != nil {
				continue
			}
			res := tournament.RoomResult{Contract: line.Contract, Tricks: line.Tricks}
			if !line.Contract.IsPass() {
				res.Declarer, _ = card.ParseSeat(line.Declarer)
			}
			err := mt.m.Add(tournament.Room(r), d.No, res)
			if err == nil {
				if err := s.storeTeamBoard(ctx, id, teamBoard{room: tournament.Room(r), board: d.No, res: res, table: gid}); err != nil {
					s.log.Error("team match result", "match", id, "err", err)
				}
			}
		}
	}
	return mt, nil
}

// addTeamResults adds the results stored for a match to its score sheet
// (those it has are skipped).
func (s *Server) addTeamResults(ctx context.Context, mt *teamMatch) error {
	id := mt.comp.ID
	results, err := s.st.CompetitionResults(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range results {
		room := tournament.OpenRoom
		if r.Entry == teamRooms[tournament.ClosedRoom] {
			room = tournament.ClosedRoom
		}
		var d teamRoomResult
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return fmt.Errorf("team match %s: result of board %d: %w", id, r.Board, err)
		}
		res, err := roomResultOf(d)
		if err != nil {
			return fmt.Errorf("team match %s: result of board %d: %w", id, r.Board, err)
		}
		if err := mt.m.Add(room, r.Board, res); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			return err
		}
	}
	return nil
}

// createTeamMatch is the body of POST /api/teammatches. A player is a
// username (in any case, as at login), a user ID (a guest has only that),
// "me" for the organiser, or "" (or "bot") for a bot.
type createTeamMatch struct {
	Name   string `json:"name"`
	Boards int    `json:"boards"`
	Seed   uint64 `json:"seed,omitempty"`
	Level  string `json:"level,omitempty"`
	Home   struct {
		Name    string    `json:"name"`
		Players [4]string `json:"players"`
	} `json:"home"`
	Away struct {
		Name    string    `json:"name"`
		Players [4]string `json:"players"`
	} `json:"away"`
}

// botName is the display name of a bot seat.
const botName = "Bot"

// displayName is how a user is named in a team or a ranking: his name, or
// "Guest" for a guest without a nickname.
func displayName(u store.User) string {
	if u.Username == "" {
		return "Guest"
	}
	return u.Username
}

// inputError is bad input in a request: answered 400 with its text, which
// names the field and what it accepts. Player, when set, is a player named
// in the request that nobody is (answered with code unknown_player, the
// name in the translated message).
type inputError struct{ msg, player string }

func (e *inputError) Error() string { return e.msg }

func badInput(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// unknownPlayer is the error of a field naming no player.
func unknownPlayer(field, name string) error {
	return &inputError{msg: fmt.Sprintf("%s=%q: no player with this username (or player ID)", field, name), player: name}
}

// checkText checks a name: 1 to max bytes of UTF-8 without control
// characters, once trimmed.
func checkText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "" || len(s) > max:
		return "", badInput("%s: want 1 to %d bytes", field, max)
	case !utf8.ValidString(s):
		return "", badInput("%s: not valid UTF-8", field)
	case strings.ContainsFunc(s, unicode.IsControl):
		return "", badInput("%s=%q: holds a control character", field, s)
	}
	return s, nil
}

// findUser resolves a player as a form names him: the account with this
// username (any case, as at login) or else the user with this ID (guests
// have no username). An unknown player gives an error wrapping
// store.ErrNotFound.
func (s *Server) findUser(ctx context.Context, who string) (store.User, error) {
	u, err := s.st.UserByName(ctx, who)
	if !errors.Is(err, store.ErrNotFound) {
		return u, err
	}
	u, err = s.st.GetUser(ctx, who)
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return store.User{}, fmt.Errorf("no player named %q: %w", who, store.ErrNotFound)
	}
	return u, err
}

// checkTeamMatch checks a team match request made by user me and resolves
// its players through lookup (see [Server.findUser]: a username or a user
// ID). It returns the match's name and spec (Seed 0 when the request gives
// none); an *inputError for bad input.
func checkTeamMatch(body createTeamMatch, me string, lookup func(who string) (store.User, error)) (string, teamMatchSpec, error) {
	name, err := checkText("name", body.Name, 80)
	if err != nil {
		return "", teamMatchSpec{}, err
	}
	if body.Boards < MinTeamBoards || body.Boards > MaxTeamBoards {
		return "", teamMatchSpec{}, badInput("boards=%d: want %d to %d", body.Boards, MinTeamBoards, MaxTeamBoards)
	}
	if body.Level == "" {
		body.Level = "medium"
	}
	switch body.Level {
	case "easy", "medium", "strong":
	default:
		return "", teamMatchSpec{}, badInput("level=%q: want easy, medium or strong", body.Level)
	}
	spec := teamMatchSpec{Boards: body.Boards, Seed: body.Seed, Level: body.Level}
	seen := map[string]string{}
	for i, in := range []struct {
		side    string
		name    string
		players [4]string
		out     *teamSpec
	}{{"home", body.Home.Name, body.Home.Players, &spec.Home}, {"away", body.Away.Name, body.Away.Players, &spec.Away}} {
		tn, err := checkText(in.side+".name", in.name, 40)
		if err != nil {
			return "", teamMatchSpec{}, err
		}
		if i == 1 && strings.EqualFold(tn, spec.Home.Name) {
			return "", teamMatchSpec{}, badInput("away.name=%q: the two teams need different names", tn)
		}
		in.out.Name = tn
		for k, p := range in.players {
			p = strings.TrimSpace(p)
			if p == "" || strings.EqualFold(p, "bot") {
				in.out.Players[k] = teamPlayer{Name: botName}
				continue
			}
			where := fmt.Sprintf("%s.players[%d]", in.side, k)
			who := p
			if strings.EqualFold(p, "me") {
				who = me
			}
			pu, err := lookup(who)
			if err != nil {
				if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
					return "", teamMatchSpec{}, unknownPlayer(where, p)
				}
				return "", teamMatchSpec{}, err
			}
			if prev, dup := seen[pu.ID]; dup {
				return "", teamMatchSpec{}, badInput("%s=%q: %s already plays as %s (a player sits once per match)", where, p, displayName(pu), prev)
			}
			seen[pu.ID] = where
			in.out.Players[k] = teamPlayer{User: pu.ID, Name: displayName(pu)}
		}
	}
	return name, spec, nil
}

// codeUnknownPlayer is the error code of a request naming no player.
const codeUnknownPlayer = "unknown_player"

// requestError answers an error of a check: 400 for bad input, 500 else.
func (s *Server) requestError(w http.ResponseWriter, r *http.Request, err error) {
	var ie *inputError
	if errors.As(err, &ie) && ie.player != "" {
		// The message names the player, in the page's language.
		s.metrics.protocolError(codeUnknownPlayer)
		msg := strings.ReplaceAll(s.translate(s.requestLang(r, nil), codeUnknownPlayer, ie.msg), "{name}", ie.player)
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]string{
			"code": codeUnknownPlayer, "message": msg, "detail": ie.msg, "player": ie.player}})
		return
	}
	if errors.As(err, &ie) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", ie.msg)
		return
	}
	s.log.Error("request", "path", r.URL.Path, "err", err)
	s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
}

func (s *Server) handleCreateTeamMatch(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body createTeamMatch
	if !s.readBody(w, r, &body) {
		return
	}
	name, spec, err := checkTeamMatch(body, u.ID, func(who string) (store.User, error) { return s.findUser(r.Context(), who) })
	if err != nil {
		s.requestError(w, r, err)
		return
	}
	body.Name = name
	switch {
	case spec.Seed != 0 && !s.cfg.AllowSeed:
		s.badRequest(w, r)("seed: not accepted; the server deals a match's boards from a secret of its own")
		return
	case spec.Seed == 0:
		spec.Secret = card.NewSecret().String()
	}
	boards, err := spec.deals()
	var m *tournament.TeamMatch
	if err == nil {
		m, err = tournament.NewTeamMatch(spec.team(true), spec.team(false), boards)
	}
	if err != nil {
		s.badRequest(w, r)("%v", err)
		return
	}
	// The match opens two tables in the organiser's name.
	for range 2 {
		release, err := s.beginCreate(r, u)
		if err != nil {
			s.limitOrTableError(w, r, err)
			return
		}
		defer release()
	}
	if !s.allowCompetition(w, r, u) {
		return
	}
	raw, _ := json.Marshal(spec)
	comp, ok := s.createCompetition(w, r, store.Competition{Kind: KindTeamMatch, Name: body.Name, Owner: u.ID,
		Spec: raw, Start: time.Now()})
	if !ok {
		return
	}
	mt := &teamMatch{compBase: compBase{comp: comp}, spec: spec, m: m}
	s.teams.put(comp.ID, mt)
	deals := make([]string, len(boards))
	for i, b := range boards {
		deals[i] = b.Deal.String()
	}
	// Both rooms' tables are opened and recorded, or the match is undone:
	// a match with one room, or a room the store does not know, could not
	// be played to its end.
	var opened []table.Room
	for _, room := range []tournament.Room{tournament.OpenRoom, tournament.ClosedRoom} {
		var players [4]table.Player
		for seat, id := range spec.seatUsers(room) {
			players[seat] = table.Player{ID: id}
		}
		set := table.Settings{Game: "bridge", Scoring: "duplicate", Level: spec.Level, Tournament: teamTag(comp.ID, room),
			Deals: deals}
		tb, err := s.createSeated(r.Context(), set, u.ID, players)
		if err == nil {
			opened = append(opened, tb)
			s.teams.mu.Lock()
			mt.tables[room] = tb.ID()
			s.teams.mu.Unlock()
			err = s.st.JoinCompetition(r.Context(), store.CompetitionEntry{Competition: comp.ID, Entry: teamRooms[room],
				Data: json.RawMessage(`{"room":"` + teamRooms[room] + `"}`), GameID: tb.ID()})
		}
		if err != nil {
			s.log.Error("team match creation", "match", comp.ID, "room", teamRooms[room], "err", err)
			s.undoTeamMatch(comp.ID, opened)
			if table.CodeOf(err) != table.CodeInternal {
				s.tableError(w, r, err)
				return
			}
			s.apiError(w, r, http.StatusInternalServerError, "internal",
				fmt.Sprintf("team match: the %s room's table could not be opened (%v); the match was not created", teamRooms[room], err))
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": comp.ID})
}

// undoTeamMatch takes back a team match whose creation failed half-way:
// the tables already opened are stopped and closed in the store (so that
// no node resumes them), and the competition is deleted with what it
// holds. It runs on a context of its own, the request's may be over.
func (s *Server) undoTeamMatch(id string, opened []table.Room) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for _, room := range opened {
		if tb, ok := room.(*table.Table); ok {
			tb.Stop()
		}
		res, _ := json.Marshal(map[string]string{"abandoned": "the team match " + id + " could not be created"})
		if err := s.st.FinishGame(ctx, room.ID(), res); err != nil && !errors.Is(err, store.ErrFinished) {
			s.log.Error("team match undo: close table", "match", id, "table", room.ID(), "err", err)
		}
	}
	if err := s.st.DeleteCompetition(ctx, id); err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log.Error("team match undo: delete", "match", id, "err", err)
	}
	s.teams.drop(id)
}

// teamMatchSummary is a match in the list.
type teamMatchSummary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Boards  int       `json:"boards"`
	Home    string    `json:"home"`
	Away    string    `json:"away"`
	Created time.Time `json:"created"`
}

func (s *Server) handleTeamMatches(w http.ResponseWriter, r *http.Request) {
	listCompetitions(s, w, r, KindTeamMatch, "matches", func(c store.Competition, sp teamMatchSpec) teamMatchSummary {
		return teamMatchSummary{ID: c.ID, Name: c.Name, Boards: sp.Boards, Home: sp.Home.Name, Away: sp.Away.Name, Created: c.Created}
	})
}

// roomResultJSON is a room's result on a board.
type roomResultJSON struct {
	Contract string `json:"contract"`
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	Result   string `json:"result"` // "=", "+1", "-2"; "" when passed out
	ScoreNS  int    `json:"scoreNS"`
}

func roomResultJSONOf(rr *tournament.RoomResult) *roomResultJSON {
	if rr == nil {
		return nil
	}
	d := roomResultData(*rr, rr.ScoreNS)
	return &roomResultJSON{Contract: d.Contract, Declarer: d.Declarer, Tricks: d.Tricks, Result: resultText(rr.Contract, rr.Tricks), ScoreNS: rr.ScoreNS}
}

// teamBoardJSON is a line of the score sheet. Open and Closed are there
// only when the viewer may see the board.
type teamBoardJSON struct {
	Board    int             `json:"board"`
	Visible  bool            `json:"visible"`
	Open     *roomResultJSON `json:"open,omitempty"`
	Closed   *roomResultJSON `json:"closed,omitempty"`
	Complete bool            `json:"complete"`
	IMPs     int             `json:"imps"` // for the home team
	Home     int             `json:"home"` // running score
	Away     int             `json:"away"`
}

// canSee reports whether viewer may see board n of the match: a player once
// his room has played it, anybody else once both rooms have.
func (mt *teamMatch) canSee(viewer string, mb tournament.MatchBoard) bool {
	if room, _, ok := mt.spec.place(viewer); ok {
		if room == tournament.OpenRoom {
			return mb.Open != nil
		}
		return mb.Closed != nil
	}
	return mb.Complete
}

func (s *Server) handleTeamMatch(w http.ResponseWriter, r *http.Request) {
	mt, ok := s.teams.fromPath(s, w, r)
	if !ok {
		return
	}
	u, _ := s.user(r)
	sc := mt.m.Score()
	s.teams.mu.Lock()
	tables := mt.tables
	s.teams.mu.Unlock()
	boards := make([]teamBoardJSON, len(sc.Boards))
	played := [2]int{}
	for i, mb := range sc.Boards {
		if mb.Open != nil {
			played[0]++
		}
		if mb.Closed != nil {
			played[1]++
		}
		b := teamBoardJSON{Board: mb.Board, Complete: mb.Complete, IMPs: mb.IMPs, Home: mb.Home, Away: mb.Away}
		if mt.canSee(u.ID, mb) {
			b.Visible = true
			b.Open, b.Closed = roomResultJSONOf(mb.Open), roomResultJSONOf(mb.Closed)
		}
		if !mb.Complete {
			b.IMPs = 0
		}
		boards[i] = b
	}
	team := func(ts teamSpec) map[string]any {
		ps := make([]map[string]any, 4)
		for i, p := range ts.Players {
			ps[i] = map[string]any{"name": p.Name, "bot": p.User == "", "you": p.User != "" && p.User == u.ID}
		}
		return map[string]any{"name": ts.Name, "players": ps}
	}
	over := sc.Complete == len(sc.Boards)
	rooms := make([]map[string]any, 2)
	for i := range rooms {
		names := [4]string{}
		seating := mt.m.Seating(tournament.Room(i))
		for k, p := range seating {
			names[k] = p.Name
		}
		ns, ew := mt.spec.Home.Name, mt.spec.Away.Name
		if i == 1 {
			ns, ew = ew, ns
		}
		rooms[i] = map[string]any{"room": teamRooms[i], "ns": ns, "ew": ew, "seats": names, "played": played[i]}
	}
	var you map[string]any
	if room, seat, ok := mt.spec.place(u.ID); ok {
		you = map[string]any{"room": teamRooms[room], "seat": seat.String(), "table": tables[room]}
		rooms[room]["table"] = tables[room]
	} else {
		// Kibitzers may watch both rooms; the players only their own.
		for i := range rooms {
			rooms[i]["table"] = tables[i]
		}
	}
	out := map[string]any{
		"match": map[string]any{"id": mt.comp.ID, "name": mt.comp.Name, "boards": mt.spec.Boards, "level": mt.spec.Level,
			"created": mt.comp.Created, "over": over},
		"home": team(mt.spec.Home), "away": team(mt.spec.Away),
		"rooms": rooms, "you": you, "boards": boards,
		"score": map[string]any{"home": sc.Home, "away": sc.Away, "complete": sc.Complete, "homeVP": sc.HomeVP, "awayVP": sc.AwayVP},
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleTeamBoard(w http.ResponseWriter, r *http.Request) {
	mt, n, ok := s.teams.boardFromPath(s, w, r, "board number")
	if !ok {
		return
	}
	u, _ := s.user(r)
	sc := mt.m.Score()
	if n < 1 || n > len(sc.Boards) {
		s.apiError(w, r, http.StatusNotFound, "not_found", fmt.Sprintf("team match %s has no board %d (1 to %d)", mt.comp.ID, n, len(sc.Boards)))
		return
	}
	mb := sc.Boards[n-1]
	if !mt.canSee(u.ID, mb) {
		s.apiError(w, r, http.StatusForbidden, "not_played",
			fmt.Sprintf("team match %s: board %d is hidden until your room has played it (or, for a kibitzer, both rooms)", mt.comp.ID, n))
		return
	}
	b := mt.m.Boards[n-1]
	out := map[string]any{"board": n, "dealer": b.Dealer.String(), "vul": b.Vul.String(), "deal": b.Deal.String(),
		"open": roomResultJSONOf(mb.Open), "closed": roomResultJSONOf(mb.Closed), "complete": mb.Complete}
	if mb.Complete {
		out["imps"] = mb.IMPs
	}
	writeJSON(w, http.StatusOK, out)
}
