package competition

// Team matches (bridge): two teams of four play the same boards in two
// rooms, the home team North-South in the open room and East-West in the
// closed room. The match is a store competition of kind "teammatch" (its
// spec holds the teams and the secret that deals the boards), with one
// entry per room ("open", "closed") bound to the room's table, and one
// result per room and board. A match read from the store also takes the
// results that are only in its rooms' stored games (a board that ended
// while nobody listened, e.g. across a restart).
//
// Its rooms open once every player the organiser named has accepted his
// invitation (invite.go).
//
// Visibility (seal.go): a player of the match sees a board (its deal and
// the two rooms' results) once his own room has played it; anybody else
// once both rooms have, at the tables too (a kibitzer of a room sees
// nothing of a board the other room has not played).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// Bounds of a team match.
const (
	MinTeamBoards = 4
	MaxTeamBoards = 36
)

// teamRooms are the entry keys of the two rooms, by tournament.Room.
var teamRooms = [2]string{"open", "closed"}

// roomOf returns the room of an entry key.
func roomOf(entry string) (tournament.Room, bool) {
	for r, name := range teamRooms {
		if entry == name {
			return tournament.Room(r), true
		}
	}
	return 0, false
}

// TeamPlayer is a seat holder of a team (in a match spec, or of a belote
// duplicate team): a user or a bot.
type TeamPlayer struct {
	User string `json:"user,omitempty"` // user ID; "" for a bot
	Name string `json:"name"`
}

// teamSpec is a team in a match spec.
type teamSpec struct {
	Name    string        `json:"name"`
	Players [4]TeamPlayer `json:"players"`
}

// teamMatchSpec is the Spec of a "teammatch" competition.
type teamMatchSpec struct {
	Boards int    `json:"boards"`
	Seed   uint64 `json:"seed,string"` // tests (Config.AllowSeed) and matches made before secrets
	// Secret deals the boards (card.Secret, hexadecimal): drawn by the
	// server, kept in the store, never sent to a client.
	Secret string         `json:"secret,omitempty"`
	Level  protocol.Level `json:"level"`
	Home   teamSpec       `json:"home"`
	Away   teamSpec       `json:"away"`
}

// teamRoomResult is the Data of a team match result.
type teamRoomResult struct {
	Contract string `json:"contract"` // "Pass" when passed out
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	ScoreNS  int    `json:"scoreNS"`
}

// teamMatch is a match held in memory.
type teamMatch struct {
	compBase
	spec   teamMatchSpec
	m      *tournament.TeamMatch
	tables [2]string // by room (guarded by cache.mu)
	// answers are the invited players' answers by user ID: "accept" or
	// "decline" (guarded by cache.mu).
	answers map[string]string
}

// teamBoard is a finished board of a room.
type teamBoard struct {
	room  tournament.Room
	board int
	res   tournament.RoomResult
	table string
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

// teamBoard records a finished board of a room. It runs on the table's
// goroutine: the cache is updated at once, the store in the background.
func (s *Service) teamBoard(ref tableRef, d table.BoardDone) {
	room, ok := roomOf(ref.entry)
	if !ok {
		return
	}
	id := ref.comp
	res := tournament.RoomResult{Contract: d.Contract, Declarer: d.Declarer, Tricks: d.Tricks}
	tb := teamBoard{room: room, board: d.Board, res: res, table: d.Table}
	s.cache.record(id, func(ev event) {
		mt, ok := ev.(*teamMatch)
		if !ok {
			return
		}
		if err := mt.m.Add(room, d.Board, res); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			s.log.Error("team match result", "match", id, "table", d.Table, "err", err)
		}
	})
	s.writeLater(func(ctx context.Context) error { return s.storeTeamBoard(ctx, id, tb) },
		"team match result", "match", id, "table", d.Table)
}

// storeTeamBoard writes a room's result (a result already there is fine).
func (s *Service) storeTeamBoard(ctx context.Context, id string, tb teamBoard) error {
	sc := bridge.ScoreNS(tb.res.Contract, tb.res.Declarer, tb.res.Tricks, bridge.BoardVul(tb.board))
	data, _ := json.Marshal(roomResultData(tb.res, sc))
	return s.addResult(ctx, store.CompetitionResult{Competition: id, Entry: teamRooms[tb.room],
		Board: tb.board, Data: data, GameID: tb.table})
}

// teamMatch returns a match from the cache or the store (an error
// wrapping store.ErrNotFound if there is no such team match).
func (s *Service) teamMatch(ctx context.Context, id string) (*teamMatch, error) {
	return kindOf[*teamMatch](ctx, s, id, "team match")
}

// openTeamMatch builds a match from its stored record: its rooms' tables,
// the results stored and those only in the rooms' games.
func (s *Service) openTeamMatch(ctx context.Context, comp store.Competition) (*teamMatch, error) {
	id := comp.ID
	mt := &teamMatch{compBase: compBase{comp: comp}, answers: map[string]string{}}
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
		if r, ok := roomOf(e.Entry); ok {
			mt.tables[r] = e.GameID
		}
	}
	if err := s.addTeamResults(ctx, mt); err != nil {
		return nil, err
	}
	// Boards that ended while nobody listened (before a restart, or before
	// the service registered its listener) are in the rooms' games.
	for r, gid := range mt.tables {
		if gid == "" {
			continue
		}
		_, deals := s.finished(ctx, id, gid)
		for _, d := range deals {
			c, decl, tricks, ok := bridgeResult(d)
			if !ok {
				continue
			}
			res := tournament.RoomResult{Contract: c, Declarer: decl, Tricks: tricks}
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

// refresh reads the results of a match in progress again.
func (mt *teamMatch) refresh(ctx context.Context, s *Service) (event, error) {
	if mt.m.Score().Complete < len(mt.m.Boards) || s.waiting(mt) {
		if err := s.addTeamResults(ctx, mt); err != nil {
			return mt, fmt.Errorf("team match results: %w", err)
		}
	}
	return mt, nil
}

// addTeamResults adds the results stored for a match to its score sheet
// (those it has are skipped).
func (s *Service) addTeamResults(ctx context.Context, mt *teamMatch) error {
	return storedResults(ctx, s, mt.comp.ID, "team match", func(r store.CompetitionResult, d teamRoomResult) error {
		if r.Board == answerBoard {
			s.noteAnswer(mt, r)
			return nil
		}
		room := tournament.OpenRoom
		if r.Entry == teamRooms[tournament.ClosedRoom] {
			room = tournament.ClosedRoom
		}
		res, err := roomResultOf(d)
		if err != nil {
			return fmt.Errorf("team match %s: result of board %d: %w", mt.comp.ID, r.Board, err)
		}
		err = mt.m.Add(room, r.Board, res)
		if errors.Is(err, tournament.ErrNoBoard) {
			// A result of no board of the match (a table that reported a
			// number it should not have): left out, not a reason to refuse
			// the whole match.
			s.log.Warn("team match result of no board left out", "match", mt.comp.ID, "board", r.Board)
			return nil
		}
		return err
	})
}

// decodeSpec decodes the spec of a stored competition.
func decodeSpec(comp store.Competition, what string, spec any) error {
	if err := json.Unmarshal(comp.Spec, spec); err != nil {
		return fmt.Errorf("%s %s: spec: %w", what, comp.ID, err)
	}
	return nil
}

// TeamSide is a team of a [TeamMatchRequest].
type TeamSide struct {
	Name    string    `json:"name"`
	Players [4]string `json:"players"`
}

// TeamMatchRequest is the body of POST /api/teammatches. A player is a
// username (in any case, as at login), a user ID (a guest has only that),
// "me" for the organiser, or "" (or "bot") for a bot.
type TeamMatchRequest struct {
	Name   string         `json:"name"`
	Boards int            `json:"boards"`
	Seed   uint64         `json:"seed,omitempty"`
	Level  protocol.Level `json:"level,omitempty"`
	Home   TeamSide       `json:"home"`
	Away   TeamSide       `json:"away"`
}

// checkTeamMatch checks a team match request made by user me and resolves
// its players through lookup (a username or a user ID). It returns the
// match's name and spec (Seed 0 when the request gives none); an
// *InputError for bad input.
func checkTeamMatch(body TeamMatchRequest, me string, lookup func(who string) (store.User, error)) (string, teamMatchSpec, error) {
	name, err := CheckText("name", body.Name, 80)
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
		side string
		TeamSide
		out *teamSpec
	}{{"home", body.Home, &spec.Home}, {"away", body.Away, &spec.Away}} {
		tn, err := CheckText(in.side+".name", in.Name, 40)
		if err != nil {
			return "", teamMatchSpec{}, err
		}
		if i == 1 && strings.EqualFold(tn, spec.Home.Name) {
			return "", teamMatchSpec{}, badInput("away.name=%q: the two teams need different names", tn)
		}
		in.out.Name = tn
		for k, p := range in.Players {
			p = strings.TrimSpace(p)
			if p == "" || strings.EqualFold(p, "bot") {
				in.out.Players[k] = TeamPlayer{Name: botName}
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
					return "", teamMatchSpec{}, UnknownPlayer(where, p)
				}
				return "", teamMatchSpec{}, err
			}
			if prev, dup := seen[pu.ID]; dup {
				return "", teamMatchSpec{}, badInput("%s=%q: %s already plays as %s (a player sits once per match)", where, p, DisplayName(pu), prev)
			}
			seen[pu.ID] = where
			in.out.Players[k] = TeamPlayer{User: pu.ID, Name: DisplayName(pu)}
		}
	}
	return name, spec, nil
}

// CreateTeamMatch checks a team match request, stores the match and opens
// its two rooms' tables (in the caller's name), or takes it all back.
func (s *Service) CreateTeamMatch(ctx context.Context, c Caller, body TeamMatchRequest) (protocol.Created, error) {
	var out protocol.Created
	u := c.User
	name, spec, err := checkTeamMatch(body, u.ID, c.Lookup)
	if err != nil {
		return out, err
	}
	switch {
	case spec.Seed != 0 && !s.allowSeed:
		return out, refuse(protocol.CodeBadRequest, "seed: not accepted; the server deals a match's boards from a secret of its own")
	case spec.Seed == 0:
		spec.Secret = card.NewSecret().String()
	}
	boards, err := spec.deals()
	var m *tournament.TeamMatch
	if err == nil {
		m, err = tournament.NewTeamMatch(spec.team(true), spec.team(false), boards)
	}
	if err != nil {
		return out, refuse(protocol.CodeBadRequest, "%v", err)
	}
	// The match opens two tables in the organiser's name (now, or once
	// the invited players have accepted).
	for range 2 {
		release, err := c.reserve()
		if err != nil {
			return out, err
		}
		defer release()
	}
	if err := c.allow(); err != nil {
		return out, err
	}
	comp, err := s.createCompetition(ctx, store.Competition{Kind: KindTeamMatch, Name: name, Owner: u.ID,
		Spec: mustJSON(spec), Start: time.Now()})
	if err != nil {
		return out, err
	}
	mt := &teamMatch{compBase: compBase{comp: comp}, spec: spec, m: m, answers: map[string]string{}}
	s.cache.put(comp.ID, mt)
	if s.waiting(mt) {
		// The invited players answer first: nothing plays in their name
		// before they accept (AnswerTeamMatch opens the rooms).
		return protocol.Created{ID: comp.ID}, nil
	}
	if err := s.openRooms(ctx, mt, u.ID); err != nil {
		return out, err
	}
	return protocol.Created{ID: comp.ID}, nil
}

// openRooms opens the two rooms' tables of a match (in the organiser's
// name) and records them, or undoes the match: a match with one room, or
// a room the store does not know, could not be played to its end. A room
// already recorded by another node (both took the last answer) wins: the
// tables opened here are dropped.
func (s *Service) openRooms(ctx context.Context, mt *teamMatch, owner string) error {
	spec, comp := mt.spec, mt.comp
	deals := make([]string, len(mt.m.Boards))
	for i, b := range mt.m.Boards {
		deals[i] = b.Deal.String()
	}
	var opened []table.Room
	for _, room := range []tournament.Room{tournament.OpenRoom, tournament.ClosedRoom} {
		var players [4]table.Player
		for seat, id := range spec.seatUsers(room) {
			players[seat] = table.Player{ID: id}
		}
		set := table.Settings{Game: "bridge", Scoring: "duplicate", Level: spec.Level, Tournament: table.Competition{ID: comp.ID, Entry: teamRooms[room]},
			Deals: deals}
		tb, err := s.createSeated(ctx, set, owner, players)
		if err == nil {
			opened = append(opened, tb)
			s.bind(tb.ID(), comp.ID, KindTeamMatch, teamRooms[room])
			err = s.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: comp.ID, Entry: teamRooms[room],
				Data: json.RawMessage(`{"room":"` + teamRooms[room] + `"}`), GameID: tb.ID()})
			if errors.Is(err, store.ErrConflict) && room == tournament.OpenRoom {
				// Another node opened the rooms first.
				s.dropTables(comp.ID, opened)
				s.cache.stale(comp.ID)
				return nil
			}
			if err == nil {
				s.cache.mu.Lock()
				mt.tables[room] = tb.ID()
				s.cache.mu.Unlock()
			}
		}
		if err != nil {
			s.log.Error("team match creation", "match", comp.ID, "room", teamRooms[room], "err", err)
			s.undoTeamMatch(comp.ID, opened)
			if table.CodeOf(err) != table.CodeInternal {
				return err
			}
			return fmt.Errorf("team match: the %s room's table could not be opened (%v); the match was not created", teamRooms[room], err)
		}
	}
	return nil
}

// mustJSON encodes a spec (of plain fields, which always encode).
func mustJSON(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return raw
}

// createCompetition stores a new competition: a refusal for what the store
// finds invalid.
func (s *Service) createCompetition(ctx context.Context, c store.Competition) (store.Competition, error) {
	comp, err := s.st.CreateCompetition(ctx, c)
	if errors.Is(err, store.ErrInvalid) {
		return comp, refuse(protocol.CodeBadRequest, "%v", err)
	}
	return comp, err
}

// undoTeamMatch takes back a team match whose creation failed half-way:
// the tables already opened are stopped and closed in the store (so that
// no node resumes them), and the competition is deleted with what it
// holds. It runs on a context of its own, the request's may be over.
func (s *Service) undoTeamMatch(id string, opened []table.Room) {
	s.dropTables(id, opened)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := s.st.DeleteCompetition(ctx, id); err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log.Error("team match undo: delete", "match", id, "err", err)
	}
	s.cache.drop(id)
}

// dropTables stops tables opened for match id and closes them in the store
// (so that no node resumes them).
func (s *Service) dropTables(id string, opened []table.Room) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for _, room := range opened {
		if d, ok := s.hub.(table.Dropper); ok {
			d.Drop(room.ID())
		}
		res, _ := json.Marshal(map[string]string{"abandoned": "the team match " + id + " could not be created"})
		if err := s.st.FinishGame(ctx, room.ID(), res); err != nil && !errors.Is(err, store.ErrFinished) {
			s.log.Error("team match undo: close table", "match", id, "table", room.ID(), "err", err)
		}
		s.unbind(room.ID())
	}
}

// listCompetitions returns the latest 50 competitions of a kind, summed up
// by summary; those whose spec S cannot be read are left out.
func listCompetitions[S, O any](ctx context.Context, s *Service, kind string, summary func(store.Competition, S) O) ([]O, error) {
	list, err := s.st.ListCompetitions(ctx, kind, 50)
	if err != nil {
		return nil, err
	}
	out := make([]O, 0, len(list))
	for _, c := range list {
		var sp S
		if json.Unmarshal(c.Spec, &sp) != nil {
			continue
		}
		out = append(out, summary(c, sp))
	}
	return out, nil
}

// ListTeamMatches returns the latest team matches.
func (s *Service) ListTeamMatches(ctx context.Context) (protocol.TeamMatchList, error) {
	out, err := listCompetitions(ctx, s, KindTeamMatch, func(c store.Competition, sp teamMatchSpec) protocol.TeamMatchSummary {
		return protocol.TeamMatchSummary{ID: c.ID, Name: c.Name, Boards: sp.Boards, Home: sp.Home.Name, Away: sp.Away.Name, Created: c.Created}
	})
	return protocol.TeamMatchList{Matches: out}, err
}

func roomResultJSON(rr *tournament.RoomResult) *protocol.RoomResult {
	if rr == nil {
		return nil
	}
	d := roomResultData(*rr, rr.ScoreNS)
	return &protocol.RoomResult{Contract: d.Contract, Declarer: d.Declarer, Tricks: d.Tricks, Result: resultText(rr.Contract, rr.Tricks), ScoreNS: rr.ScoreNS}
}

// entriesClosed: a match has its two rooms from its creation.
func (mt *teamMatch) entriesClosed(time.Time) bool { return true }

// finished: viewer's room has played board n (a player of the match), both
// rooms have.
func (mt *teamMatch) finished(viewer string, n int) (mine, all bool) {
	sc := mt.m.Score()
	if n < 1 || n > len(sc.Boards) {
		return false, false
	}
	mb := sc.Boards[n-1]
	if room, _, ok := mt.spec.place(viewer); ok && viewer != "" {
		mine = (room == tournament.OpenRoom && mb.Open != nil) || (room == tournament.ClosedRoom && mb.Closed != nil)
	}
	return mine, mb.Complete
}

func (mt *teamMatch) dealNumbers() []int {
	out := make([]int, mt.spec.Boards)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// TeamMatchView returns team match id as user sees it.
func (s *Service) TeamMatchView(ctx context.Context, id, user string) (protocol.TeamMatch, error) {
	mt, err := request[*teamMatch](ctx, s, id, "team match")
	if err != nil {
		return protocol.TeamMatch{}, err
	}
	sc := mt.m.Score()
	s.cache.mu.Lock()
	tables := mt.tables
	s.cache.mu.Unlock()
	boards := make([]protocol.TeamBoardLine, len(sc.Boards))
	played := [2]int{}
	for i, mb := range sc.Boards {
		if mb.Open != nil {
			played[0]++
		}
		if mb.Closed != nil {
			played[1]++
		}
		b := protocol.TeamBoardLine{Board: mb.Board, Complete: mb.Complete, IMPs: mb.IMPs, Home: mb.Home, Away: mb.Away}
		if s.shows(mt, user, mb.Board) {
			b.Visible = true
			b.Open, b.Closed = roomResultJSON(mb.Open), roomResultJSON(mb.Closed)
		}
		if !mb.Complete {
			b.IMPs = 0
		}
		boards[i] = b
	}
	team := func(ts teamSpec) protocol.Team {
		ps := make([]protocol.TeamPlayer, 4)
		for i, p := range ts.Players {
			ps[i] = protocol.TeamPlayer{Name: p.Name, Bot: p.User == "", You: p.User != "" && p.User == user}
		}
		return protocol.Team{Name: ts.Name, Players: ps}
	}
	over := sc.Complete == len(sc.Boards)
	rooms := make([]protocol.Room, 2)
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
		rooms[i] = protocol.Room{Room: teamRooms[i], NS: ns, EW: ew, Seats: names, Played: played[i]}
	}
	var you *protocol.TeamMatchPlace
	if room, seat, ok := mt.spec.place(user); ok {
		you = &protocol.TeamMatchPlace{Room: teamRooms[room], Seat: seat.String(), Table: tables[room]}
		if tables[room] != "" {
			rooms[room].Table = &tables[room]
		}
	} else {
		// Kibitzers may watch both rooms (each board shown once both
		// rooms have played it); the players only their own.
		for i := range rooms {
			if tables[i] != "" {
				rooms[i].Table = &tables[i]
			}
		}
	}
	waitingIDs, declined := s.invitation(mt)
	head := protocol.TeamMatchHead{ID: mt.comp.ID, Name: mt.comp.Name, Boards: mt.spec.Boards, Level: mt.spec.Level,
		Created: mt.comp.Created, Over: over, Waiting: []string{}, Invited: slices.Contains(waitingIDs, user)}
	for _, w := range waitingIDs {
		head.Waiting = append(head.Waiting, mt.playerName(w))
	}
	if declined != "" {
		head.Declined = mt.playerName(declined)
	}
	return protocol.TeamMatch{
		Match: head,
		Home:  team(mt.spec.Home), Away: team(mt.spec.Away),
		Rooms: rooms, You: you, Boards: boards,
		Score: protocol.TeamMatchScore{Home: sc.Home, Away: sc.Away, Complete: sc.Complete, HomeVP: sc.HomeVP, AwayVP: sc.AwayVP},
	}, nil
}

// TeamBoard returns board n of team match id as user sees it.
func (s *Service) TeamBoard(ctx context.Context, id string, n int, user string) (protocol.TeamBoard, error) {
	mt, err := request[*teamMatch](ctx, s, id, "team match")
	if err != nil {
		return protocol.TeamBoard{}, err
	}
	sc := mt.m.Score()
	if n < 1 || n > len(sc.Boards) {
		return protocol.TeamBoard{}, refuse(protocol.CodeNotFound, "team match %s has no board %d (1 to %d)", mt.comp.ID, n, len(sc.Boards))
	}
	mb := sc.Boards[n-1]
	if !s.shows(mt, user, n) {
		return protocol.TeamBoard{}, refuse(protocol.CodeNotPlayed,
			"team match %s: board %d is hidden until your room has played it (or, for a kibitzer, both rooms)", mt.comp.ID, n)
	}
	b := mt.m.Boards[n-1]
	out := protocol.TeamBoard{Board: n, Dealer: b.Dealer.String(), Vul: b.Vul.String(), Deal: b.Deal.String(),
		Open: roomResultJSON(mb.Open), Closed: roomResultJSON(mb.Closed), Complete: mb.Complete}
	if mb.Complete {
		imps := mb.IMPs
		out.IMPs = &imps
	}
	return out, nil
}
