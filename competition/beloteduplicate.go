package competition

// Belote duplicates: an organiser deals N belote deals from a secret;
// teams of two (two humans, or one human with a bot partner) register, and
// each team plays the deals in order at a table of its own, sitting
// North-South against bot opponents. The ranking compares, deal by deal,
// each team's points with the rest of the field (tournament.BeloteDuplicate).
//
// Storage: a competition of kind "beloteduplicate" (its spec holds the
// rules, the secret and the number of deals), one entry per team (key: the
// team's name; data: its members; game: its table) and one result per team
// and deal. An event read from the store also takes the deals that are
// only in the teams' stored games (ended while nobody listened).
//
// An event takes teams until its organiser starts it
// ([Service.StartBeloteDuplicate]): the store then refuses any new team,
// and only then do the teams' tables open, so that no deal is dealt while
// somebody may still enter. A partner named by a team is invited and plays
// only once he has accepted (invite.go).
//
// Visibility (seal.go): a deal's results (and its cards) are shown to a
// team once it has played the deal; to everybody else once every team has.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"atout/belote"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// Bounds of a belote duplicate.
const (
	MinBeloteDeals = 1
	MaxBeloteDeals = 36
)

// beldSpec is the Spec of a "beloteduplicate" competition.
type beldSpec struct {
	Deals int    `json:"deals"`
	Seed  uint64 `json:"seed,string"` // tests (Config.AllowSeed) and events made before secrets
	// Secret deals the decks (card.Secret, hexadecimal): drawn by the
	// server, kept in the store, never sent to a client.
	Secret        string               `json:"secret,omitempty"`
	Mode          protocol.BeloteMode  `json:"mode"`
	Rules         protocol.BeloteRules `json:"rules"`
	Announcements bool                 `json:"announcements"`
	Level         protocol.Level       `json:"level"`
	// SaTa: coinche with the sans-atout and tout-atout bids
	// (docs/belote-coinche-sa-ta.md) at every table of the event; absent
	// from the events made before it, which play without them.
	SaTa bool `json:"sata,omitempty"`
}

func (sp beldSpec) rules() belote.Rules {
	m, _ := belote.ParseMode(string(sp.Mode))
	st, _ := belote.ParseSetting(string(sp.Rules))
	return belote.Rules{Mode: m, Setting: st, Announcements: sp.Announcements, SaTa: sp.SaTa}
}

// beldTeamData is the Data of a team's entry.
type beldTeamData struct {
	Members [2]TeamPlayer `json:"members"` // [0] South (the one who registered), [1] North
}

// beldResultData is the Data of a team's result on a deal.
type beldResultData struct {
	Side   string `json:"side"` // the team's direction: "NS"
	Points [2]int `json:"points"`
	Passed bool   `json:"passed,omitempty"`
}

// beldTeam is a registered team.
type beldTeam struct {
	name    string
	members [2]TeamPlayer
	table   string
	// answer is the named partner's answer to his invitation: "" while
	// he has not answered, "accept" or "decline".
	answer string
}

// beloteDuplicate is an event held in memory.
type beloteDuplicate struct {
	compBase
	spec beldSpec
	d    *tournament.BeloteDuplicate
	// mu guards teams (and their members and tables) and comp.End, which
	// the start sets.
	mu    sync.Mutex
	teams []*beldTeam // in join order
}

// teamOf returns the team user plays for (as its first member, or as the
// partner once he has accepted), or nil. Called with bd.mu held.
func (bd *beloteDuplicate) teamOf(user string) *beldTeam {
	if user == "" {
		return nil
	}
	for _, t := range bd.teams {
		if t.members[0].User == user || (t.members[1].User == user && t.answer == answerAccept) {
			return t
		}
	}
	return nil
}

// invitedTo returns the team that names user as its partner while he has
// not answered, or nil. Called with bd.mu held.
func (bd *beloteDuplicate) invitedTo(user string) *beldTeam {
	if user == "" {
		return nil
	}
	for _, t := range bd.teams {
		if t.members[1].User == user && t.answer == "" {
			return t
		}
	}
	return nil
}

// seatedPartner is who sits North for team t: the partner once he has
// accepted, else a bot. Called with bd.mu held.
func (t *beldTeam) seatedPartner() TeamPlayer {
	if t.members[1].User != "" && t.answer != answerAccept {
		return TeamPlayer{Name: botName}
	}
	return t.members[1]
}

func (bd *beloteDuplicate) team(name string) *beldTeam {
	for _, t := range bd.teams {
		if t.name == name {
			return t
		}
	}
	return nil
}

// beldDeal is a finished deal of a team.
type beldDeal struct {
	team  string
	deal  int
	res   tournament.BeloteResult
	table string
}

// beldDeals deals an event's decks from its secret (or, for an event that
// has none, its seed), the dealer turning as in a game.
func beldDeals(sp beldSpec) (*tournament.BeloteDuplicate, []table.BeloteDeal, error) {
	r, err := dealSource(sp.Secret, sp.Seed)
	if err != nil {
		return nil, nil, err
	}
	d, err := tournament.NewBeloteDuplicateFromRand(sp.rules(), sp.Deals, r)
	if err != nil {
		return nil, nil, err
	}
	out := make([]table.BeloteDeal, len(d.Deals))
	for i, dl := range d.Deals {
		out[i] = table.BeloteDeal{Dealer: dl.Dealer, Deck: append([]card.Card(nil), dl.Deck[:]...)}
	}
	return d, out, nil
}

// beloteDeal records a finished deal of a team. It runs on the table's
// goroutine: the cache is updated at once, the store in the background.
func (s *Service) beloteDeal(ref tableRef, d table.BeloteDealDone) {
	id, team := ref.comp, ref.entry
	bd := beldDeal{team: team, deal: d.Deal, table: d.Table,
		res: tournament.BeloteResult{Team: team, Deal: d.Deal, Side: card.NS, Points: d.Points}}
	s.cache.record(id, func(ev event) {
		e, ok := ev.(*beloteDuplicate)
		if !ok {
			return
		}
		if err := e.d.AddRecord(team, card.NS, d.Record); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
			s.log.Error("belote duplicate result", "event", id, "table", d.Table, "err", err)
		}
	})
	s.writeLater(func(ctx context.Context) error { return s.storeBeldDeal(ctx, id, bd, d.Passed) },
		"belote duplicate result", "event", id, "table", d.Table)
}

func (s *Service) storeBeldDeal(ctx context.Context, id string, bd beldDeal, passed bool) error {
	data, _ := json.Marshal(beldResultData{Side: "NS", Points: bd.res.Points, Passed: passed})
	return s.addResult(ctx, store.CompetitionResult{Competition: id, Entry: bd.team, Board: bd.deal,
		Data: data, GameID: bd.table})
}

// openBeloteDuplicate builds an event from its stored record: its teams,
// the results stored and those only in the teams' games.
func (s *Service) openBeloteDuplicate(ctx context.Context, comp store.Competition) (*beloteDuplicate, error) {
	id := comp.ID
	ev := &beloteDuplicate{compBase: compBase{comp: comp}}
	if err := decodeSpec(comp, "belote duplicate", &ev.spec); err != nil {
		return nil, err
	}
	var err error
	if ev.d, _, err = beldDeals(ev.spec); err != nil {
		return nil, fmt.Errorf("belote duplicate %s: %w", id, err)
	}
	if err := s.readBeld(ctx, ev); err != nil {
		return nil, err
	}
	// Deals that ended while nobody listened are in the teams' games.
	for _, t := range ev.teams {
		if t.table == "" {
			continue
		}
		_, deals := s.finished(ctx, id, t.table)
		for _, d := range deals {
			var line struct {
				Score *belote.SidePoints `json:"score"`
			}
			if json.Unmarshal(d.Result, &line) != nil {
				continue
			}
			bd := beldDeal{team: t.name, deal: d.No, table: t.table, res: tournament.BeloteResult{Team: t.name, Deal: d.No, Side: card.NS}}
			if line.Score != nil {
				bd.res.Points = *line.Score
			}
			if ev.d.Add(bd.res) == nil {
				if err := s.storeBeldDeal(ctx, id, bd, line.Score == nil); err != nil {
					s.log.Error("belote duplicate result", "event", id, "err", err)
				}
			}
		}
	}
	return ev, nil
}

// refresh reads the teams and results of an event again.
func (ev *beloteDuplicate) refresh(ctx context.Context, s *Service) (event, error) {
	if ev.closedAt().IsZero() {
		// Started through another node?
		comp, err := s.st.GetCompetition(ctx, ev.comp.ID)
		if err != nil {
			return ev, fmt.Errorf("belote duplicate: %w", err)
		}
		ev.mu.Lock()
		ev.comp.End = comp.End
		ev.mu.Unlock()
	}
	if err := s.readBeld(ctx, ev); err != nil {
		return ev, fmt.Errorf("belote duplicate: %w", err)
	}
	return ev, nil
}

// readBeld adds the teams and results stored for an event that it does not
// have yet (registered or played through another node of a cluster).
func (s *Service) readBeld(ctx context.Context, ev *beloteDuplicate) error {
	id := ev.comp.ID
	entries, err := s.st.CompetitionEntries(ctx, id)
	if err != nil {
		return err
	}
	for _, e := range entries {
		ev.mu.Lock()
		if t := ev.team(e.Entry); t != nil {
			if t.table == "" {
				t.table = e.GameID
			}
			ev.mu.Unlock()
			continue
		}
		t := &beldTeam{name: e.Entry, table: e.GameID}
		var data beldTeamData
		if err := json.Unmarshal(e.Data, &data); err == nil {
			t.members = data.Members
		}
		ev.teams = append(ev.teams, t)
		ev.d.Join(tournament.Entry{ID: t.name, Name: t.name})
		ev.mu.Unlock()
	}
	return storedResults(ctx, s, id, "belote duplicate", func(r store.CompetitionResult, data beldResultData) error {
		if r.Board == answerBoard {
			ev.noteAnswer(r)
			return nil
		}
		err := ev.d.Add(tournament.BeloteResult{Team: r.Entry, Deal: r.Board, Side: card.NS, Points: data.Points})
		if errors.Is(err, tournament.ErrUnknownEntry) || errors.Is(err, tournament.ErrNoBoard) {
			return nil // the result of no team registered, or of no deal: left out
		}
		return err
	})
}

// BeloteDuplicateRequest is the body of POST /api/beloteduplicates.
type BeloteDuplicateRequest struct {
	Name          string               `json:"name"`
	Deals         int                  `json:"deals"`
	Seed          uint64               `json:"seed,omitempty"`
	Mode          protocol.BeloteMode  `json:"mode,omitempty"`
	Rules         protocol.BeloteRules `json:"rules,omitempty"`
	Announcements bool                 `json:"announcements,omitempty"`
	Level         protocol.Level       `json:"level,omitempty"`
	// SaTa allows the sans-atout and tout-atout bids (coinche only).
	SaTa bool `json:"sata,omitempty"`
}

// checkBeloteDuplicate checks a belote duplicate request and returns its
// name and spec (Seed 0 when the request gives none); an *InputError for
// bad input.
func checkBeloteDuplicate(body BeloteDuplicateRequest) (string, beldSpec, error) {
	name, err := CheckText("name", body.Name, 80)
	if err != nil {
		return "", beldSpec{}, err
	}
	if body.Deals < MinBeloteDeals || body.Deals > MaxBeloteDeals {
		return "", beldSpec{}, badInput("deals=%d: want %d to %d", body.Deals, MinBeloteDeals, MaxBeloteDeals)
	}
	// The table settings check the mode, rules, level and sata (coinche only).
	set := table.Settings{Game: "belote", Mode: body.Mode, Rules: body.Rules, Announcements: body.Announcements, Level: body.Level, SaTa: body.SaTa}
	if err := set.Normalize(); err != nil {
		var se *table.SettingsError
		if errors.As(err, &se) {
			return "", beldSpec{}, badInput("%s=%q: %s", se.Field, se.Value, se.Reason)
		}
		return "", beldSpec{}, badInput("%v", err)
	}
	return name, beldSpec{Deals: body.Deals, Seed: body.Seed, Mode: set.Mode, Rules: set.Rules,
		Announcements: set.Announcements, Level: set.Level, SaTa: set.SaTa}, nil
}

// CreateBeloteDuplicate checks a belote duplicate request and stores the
// event.
func (s *Service) CreateBeloteDuplicate(ctx context.Context, c Caller, body BeloteDuplicateRequest) (protocol.Created, error) {
	var out protocol.Created
	name, spec, err := checkBeloteDuplicate(body)
	if err != nil {
		return out, err
	}
	switch {
	case spec.Seed != 0 && !s.allowSeed:
		return out, refuse(protocol.CodeBadRequest, "seed: not accepted; the server deals an event's decks from a secret of its own")
	case spec.Seed == 0:
		spec.Secret = card.NewSecret().String()
	}
	d, _, err := beldDeals(spec)
	if err != nil {
		return out, refuse(protocol.CodeBadRequest, "%v", err)
	}
	if err := c.allow(); err != nil {
		return out, err
	}
	comp, err := s.createCompetition(ctx, store.Competition{Kind: KindBeloteDuplicate, Name: name, Owner: c.User.ID,
		Spec: mustJSON(spec), Start: time.Now()})
	if err != nil {
		return out, err
	}
	s.cache.put(comp.ID, &beloteDuplicate{compBase: compBase{comp: comp}, spec: spec, d: d})
	return protocol.Created{ID: comp.ID}, nil
}

// ListBeloteDuplicates returns the latest belote duplicates.
func (s *Service) ListBeloteDuplicates(ctx context.Context) (protocol.BeloteDuplicateList, error) {
	out, err := listCompetitions(ctx, s, KindBeloteDuplicate, func(c store.Competition, sp beldSpec) protocol.BeloteDuplicateSummary {
		return protocol.BeloteDuplicateSummary{ID: c.ID, Name: c.Name, Deals: sp.Deals, Mode: sp.Mode, Rules: sp.Rules, SaTa: sp.SaTa, Created: c.Created}
	})
	return protocol.BeloteDuplicateList{Events: out}, err
}

// JoinRequest is the body of POST /api/beloteduplicates/{id}/join: the
// caller registers a team and sits South; Partner (a username, in any
// case, or a user ID) is invited to sit North, or a bot when empty or
// "bot".
type JoinRequest struct {
	Team    string `json:"team"`
	Partner string `json:"partner,omitempty"`
}

// JoinBeloteDuplicate registers the caller's team in event id while it
// takes teams; once it has started, it returns (or opens) the table of
// the team he plays for.
func (s *Service) JoinBeloteDuplicate(ctx context.Context, c Caller, id string, body JoinRequest) (protocol.BeloteTeamRef, error) {
	var out protocol.BeloteTeamRef
	u := c.User
	ev, err := request[*beloteDuplicate](ctx, s, id, "belote duplicate")
	if err != nil {
		return out, err
	}
	s.join.Lock()
	defer s.join.Unlock()
	started := ev.entriesClosed(s.Now())
	ev.mu.Lock()
	mine := ev.teamOf(u.ID)
	var mineName, mineTable string
	if mine != nil {
		mineName, mineTable = mine.name, mine.table
	}
	ev.mu.Unlock()
	switch {
	case mine != nil && !started:
		return protocol.BeloteTeamRef{Team: mineName}, nil
	case mine != nil && mineTable == "":
		// Its table could not be opened at the start: try again.
		return s.openBeldTable(ctx, c, ev, mine)
	case mine != nil:
		return protocol.BeloteTeamRef{Team: mineName, Table: mineTable, Invite: "/t/" + mineTable}, nil
	case started:
		return out, refuse(protocol.CodeOver, "belote duplicate %s has started: it takes no new team", id)
	}
	if body.Team, err = CheckText("team", body.Team, 40); err != nil {
		return out, err
	}
	ev.mu.Lock()
	taken := ev.team(body.Team)
	ev.mu.Unlock()
	if taken != nil {
		return out, refuse(protocol.CodeConflict, "team name %q is taken in this event", body.Team)
	}
	south := TeamPlayer{User: u.ID, Name: DisplayName(u)}
	north := TeamPlayer{Name: botName}
	if p := strings.TrimSpace(body.Partner); p != "" && !strings.EqualFold(p, "bot") {
		pu, err := c.Lookup(p)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
				return out, UnknownPlayer("partner", p)
			}
			return out, err
		}
		if pu.ID == u.ID {
			return out, refuse(protocol.CodeBadRequest, "partner=%q: you cannot partner yourself", p)
		}
		ev.mu.Lock()
		other := ev.teamOf(pu.ID)
		ev.mu.Unlock()
		if other != nil {
			return out, refuse(protocol.CodeConflict, "your partner already plays in team %q", other.name)
		}
		north = TeamPlayer{User: pu.ID, Name: DisplayName(pu)}
	}
	data, _ := json.Marshal(beldTeamData{Members: [2]TeamPlayer{south, north}})
	if err := s.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: ev.comp.ID, Entry: body.Team, Data: data}); err != nil {
		switch {
		case errors.Is(err, store.ErrConflict):
			return out, refuse(protocol.CodeConflict, "team name %q is taken in this event", body.Team)
		case errors.Is(err, store.ErrEntriesClosed):
			return out, refuse(protocol.CodeOver, "belote duplicate %s has started: it takes no new team", id)
		case errors.Is(err, store.ErrInvalid):
			return out, refuse(protocol.CodeBadRequest, "team: %v", err)
		}
		return out, err
	}
	t := &beldTeam{name: body.Team, members: [2]TeamPlayer{south, north}}
	ev.mu.Lock()
	if cur := ev.team(t.name); cur == nil {
		ev.teams = append(ev.teams, t)
		ev.d.Join(tournament.Entry{ID: t.name, Name: t.name})
	}
	ev.mu.Unlock()
	s.cache.stale(id)
	return protocol.BeloteTeamRef{Team: t.name}, nil
}

// StartBeloteDuplicate starts event id (its organiser only): it takes no
// team any more, and every team's table opens. A partner who has not
// accepted his invitation is replaced by a bot. Starting an event that
// has started opens the tables that are missing.
func (s *Service) StartBeloteDuplicate(ctx context.Context, c Caller, id string) (protocol.Created, error) {
	out := protocol.Created{ID: id}
	ev, err := request[*beloteDuplicate](ctx, s, id, "belote duplicate")
	if err != nil {
		return out, err
	}
	if c.User.ID == "" || c.User.ID != ev.comp.Owner {
		return out, refuse(protocol.CodeBadRequest, "belote duplicate %s: only its organiser starts it", id)
	}
	s.join.Lock()
	defer s.join.Unlock()
	if ev.closedAt().IsZero() {
		if err := s.readBeld(ctx, ev); err != nil {
			return out, err
		}
		ev.mu.Lock()
		n := len(ev.teams)
		ev.mu.Unlock()
		if n == 0 {
			return out, refuse(protocol.CodeBadRequest, "belote duplicate %s: no team has registered yet", id)
		}
	}
	comp, err := s.st.CloseEntries(ctx, id)
	if err != nil {
		return out, err
	}
	ev.mu.Lock()
	ev.comp.End = comp.End
	ev.mu.Unlock()
	// Every team that joined before the close, whichever node took it.
	if err := s.readBeld(ctx, ev); err != nil {
		return out, err
	}
	ev.mu.Lock()
	var teams []*beldTeam
	for _, t := range ev.teams {
		if t.table == "" {
			teams = append(teams, t)
		}
	}
	ev.mu.Unlock()
	if len(teams) == 0 {
		return out, nil
	}
	var failed error
	for _, t := range teams {
		if _, err := s.openBeldTable(ctx, Caller{}, ev, t); err != nil {
			s.log.Error("belote duplicate start: team table", "event", id, "team", t.name, "err", err)
			failed = err
		}
	}
	return out, failed
}

// AnswerBeloteDuplicate takes the caller's answer to the invitation of
// the team that names him as its partner in event id.
func (s *Service) AnswerBeloteDuplicate(ctx context.Context, c Caller, id string, body protocol.Answer) (protocol.BeloteTeamRef, error) {
	var out protocol.BeloteTeamRef
	ev, err := request[*beloteDuplicate](ctx, s, id, "belote duplicate")
	if err != nil {
		return out, err
	}
	u := c.User.ID
	s.join.Lock()
	defer s.join.Unlock()
	// Started through another node? The store says.
	if comp, err := s.st.GetCompetition(ctx, id); err == nil && !comp.End.IsZero() {
		ev.mu.Lock()
		ev.comp.End = comp.End
		ev.mu.Unlock()
	}
	ev.mu.Lock()
	t := ev.invitedTo(u)
	var name string
	if t != nil {
		name = t.name
	}
	ev.mu.Unlock()
	switch {
	case t == nil:
		return out, refuse(protocol.CodeBadRequest, "belote duplicate %s: no team waits for your answer", id)
	case ev.entriesClosed(s.Now()):
		return out, refuse(protocol.CodeOver, "belote duplicate %s has started: a bot took your seat", id)
	}
	answer := answerDecline
	if body.Accept {
		answer = answerAccept
	}
	err = s.st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: name, Board: answerBoard,
		Data: mustJSON(answerData{Answer: answer, User: u})})
	if errors.Is(err, store.ErrConflict) {
		return out, refuse(protocol.CodeConflict, "belote duplicate %s: you have answered already", id)
	}
	if err != nil {
		return out, err
	}
	ev.mu.Lock()
	if t.answer == "" {
		t.answer = answer
	}
	ev.mu.Unlock()
	s.cache.stale(id)
	return protocol.BeloteTeamRef{Team: name}, nil
}

// noteAnswer records the stored answer of a team's partner.
func (bd *beloteDuplicate) noteAnswer(r store.CompetitionResult) {
	var a answerData
	if json.Unmarshal(r.Data, &a) != nil {
		return
	}
	bd.mu.Lock()
	defer bd.mu.Unlock()
	if t := bd.team(r.Entry); t != nil && t.answer == "" && t.members[1].User == a.User && a.User != "" {
		t.answer = a.Answer
	}
}

// openBeldTable opens a team's table (its first member South, its partner
// North once he has accepted, else a bot; bots East-West) and binds it to
// the team. The event has started.
func (s *Service) openBeldTable(ctx context.Context, c Caller, ev *beloteDuplicate, t *beldTeam) (protocol.BeloteTeamRef, error) {
	var out protocol.BeloteTeamRef
	_, deals, _ := beldDeals(ev.spec)
	ev.mu.Lock()
	south, north := t.members[0], t.seatedPartner()
	ev.mu.Unlock()
	var players [4]table.Player
	players[card.South] = table.Player{ID: south.User, Name: south.Name}
	players[card.North] = table.Player{ID: north.User, Name: north.Name}
	if c.User.ID != "" {
		release, err := c.reserve()
		if err != nil {
			return out, err
		}
		defer release()
	}
	set := table.Settings{Game: "belote", Mode: ev.spec.Mode, Rules: ev.spec.Rules, Announcements: ev.spec.Announcements,
		Level: ev.spec.Level, SaTa: ev.spec.SaTa, BeloteDeals: deals, Tournament: table.Competition{ID: ev.comp.ID, Entry: t.name}}
	room, err := s.createSeated(ctx, set, south.User, players)
	if err != nil {
		return out, err
	}
	s.bind(room.ID(), ev.comp.ID, KindBeloteDuplicate, t.name)
	if err := s.st.SetCompetitionGame(ctx, ev.comp.ID, t.name, room.ID()); err != nil {
		s.unbind(room.ID())
		return out, err
	}
	ev.mu.Lock()
	t.table = room.ID()
	ev.mu.Unlock()
	return protocol.BeloteTeamRef{Team: t.name, Table: room.ID(), Invite: "/t/" + room.ID()}, nil
}

// played returns the deals each team has played.
func (bd *beloteDuplicate) played() (map[string]map[int]bool, error) {
	out := map[string]map[int]bool{}
	for _, dl := range bd.d.Deals {
		rs, _, err := bd.d.Relative(dl.Number)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if out[r.Team] == nil {
				out[r.Team] = map[int]bool{}
			}
			out[r.Team][dl.Number] = true
		}
	}
	return out, nil
}

// entriesClosed: an event closes when its organiser starts it, before any
// table deals: the store then sets its end, by the database's clock, which
// only the start does (so a node whose clock runs behind reads it closed
// all the same).
func (bd *beloteDuplicate) entriesClosed(time.Time) bool {
	return !bd.closedAt().IsZero()
}

// closedAt returns when the event closed (zero while it takes teams).
func (bd *beloteDuplicate) closedAt() time.Time {
	bd.mu.Lock()
	defer bd.mu.Unlock()
	return bd.comp.End
}

// finished: viewer's team has played deal n; every team has.
func (bd *beloteDuplicate) finished(viewer string, n int) (mine, all bool) {
	played, err := bd.played()
	if err != nil {
		return false, false
	}
	bd.mu.Lock()
	defer bd.mu.Unlock()
	if t := bd.teamOf(viewer); t != nil {
		mine = played[t.name][n]
	}
	all = len(bd.teams) > 0
	for _, t := range bd.teams {
		all = all && played[t.name][n]
	}
	return mine, all
}

func (bd *beloteDuplicate) dealNumbers() []int {
	out := make([]int, len(bd.d.Deals))
	for i, dl := range bd.d.Deals {
		out[i] = dl.Number
	}
	return out
}

// BeloteDuplicateView returns event id as user sees it.
func (s *Service) BeloteDuplicateView(ctx context.Context, id, user string) (protocol.BeloteDuplicate, error) {
	ev, err := request[*beloteDuplicate](ctx, s, id, "belote duplicate")
	if err != nil {
		return protocol.BeloteDuplicate{}, err
	}
	played, err := ev.played()
	if err != nil {
		return protocol.BeloteDuplicate{}, err
	}
	visible := make([]bool, len(ev.d.Deals))
	for i, dl := range ev.d.Deals {
		visible[i] = s.shows(ev, user, dl.Number)
	}
	open := !ev.entriesClosed(s.Now())
	ev.mu.Lock()
	mine := ev.teamOf(user)
	teams := make([]protocol.BeloteTeam, len(ev.teams))
	for i, t := range ev.teams {
		members := make([]protocol.BeloteMember, 2)
		for k, m := range t.members {
			members[k] = protocol.BeloteMember{Name: m.Name, Bot: m.User == ""}
		}
		if m := t.seatedPartner(); !open && m.User == "" {
			members[1] = protocol.BeloteMember{Name: m.Name, Bot: true}
		}
		teams[i] = protocol.BeloteTeam{Name: t.name, Members: members, Deals: len(played[t.name]), You: t == mine,
			Invited: open && t.members[1].User != "" && t.answer == ""}
	}
	var you *protocol.BeloteYou
	if mine != nil {
		you = &protocol.BeloteYou{Team: mine.name, Table: mine.table}
	} else if inv := ev.invitedTo(user); inv != nil && open {
		you = &protocol.BeloteYou{Team: inv.name, Invited: true}
	}
	ev.mu.Unlock()
	st := ev.d.Standings()
	rows := make([]protocol.BeloteStanding, len(st))
	for i, row := range st {
		rows[i] = protocol.BeloteStanding{Rank: row.Rank, Tied: row.Tied, Team: row.Team.Name, Deals: row.Deals,
			Relative: row.Relative, PerDeal: row.PerDeal, You: mine != nil && row.Team.ID == mine.name}
	}
	deals := make([]protocol.BeloteDealLine, len(ev.d.Deals))
	for i, dl := range ev.d.Deals {
		rs, rel, _ := ev.d.Relative(dl.Number)
		line := protocol.BeloteDealLine{Deal: dl.Number, Played: len(rs), Visible: visible[i]}
		if mine != nil {
			for k, r := range rs {
				if r.Team == mine.name {
					line.Yours = &protocol.BeloteYours{Points: r.Points[r.Side], Against: r.Points[r.Side.Other()],
						Net: r.Net(), Relative: rel[k]}
				}
			}
		}
		deals[i] = line
	}
	return protocol.BeloteDuplicate{
		Event: protocol.BeloteEvent{ID: ev.comp.ID, Name: ev.comp.Name, Deals: ev.spec.Deals, Mode: ev.spec.Mode,
			Rules: ev.spec.Rules, Announcements: ev.spec.Announcements, Level: ev.spec.Level, SaTa: ev.spec.SaTa, Created: ev.comp.Created,
			Open: open, Organiser: user != "" && user == ev.comp.Owner},
		Teams: teams, You: you, Standings: rows, Deals: deals,
	}, nil
}

// BeloteDeal returns deal n of event id as user sees it: its cards and
// every team's result, once he may see it.
func (s *Service) BeloteDeal(ctx context.Context, id string, n int, user string) (protocol.BeloteDuplicateDeal, error) {
	ev, err := request[*beloteDuplicate](ctx, s, id, "belote duplicate")
	if err != nil {
		return protocol.BeloteDuplicateDeal{}, err
	}
	if n < 1 || n > len(ev.d.Deals) {
		return protocol.BeloteDuplicateDeal{}, refuse(protocol.CodeNotFound, "belote duplicate %s has no deal %d (1 to %d)", ev.comp.ID, n, len(ev.d.Deals))
	}
	if !s.shows(ev, user, n) {
		return protocol.BeloteDuplicateDeal{}, refuse(protocol.CodeNotPlayed,
			"belote duplicate %s: deal %d is hidden until your team has played it (or, if you do not play, every team has)", ev.comp.ID, n)
	}
	ev.mu.Lock()
	mine := ev.teamOf(user)
	ev.mu.Unlock()
	rs, rel, _ := ev.d.Relative(n)
	rows := make([]protocol.BeloteDealResult, len(rs))
	for i, r := range rs {
		rows[i] = protocol.BeloteDealResult{Team: r.Team, Side: r.Side.String(), Points: r.Points[r.Side], Against: r.Points[r.Side.Other()],
			Net: r.Net(), Relative: rel[i], You: mine != nil && r.Team == mine.name}
	}
	dl := ev.d.Deals[n-1]
	deck := make([]string, len(dl.Deck))
	for i, c := range dl.Deck {
		deck[i] = c.String()
	}
	return protocol.BeloteDuplicateDeal{Deal: n, Dealer: dl.Dealer.String(), Deck: deck, Results: rows}, nil
}
