package server

// Belote duplicates: an organiser deals N belote deals from a seed; teams
// of two (two humans, or one human with a bot partner) register, and each
// team plays the deals in order at a table of its own, sitting
// North-South against bot opponents. The ranking compares, deal by deal,
// each team's points with the rest of the field (tournament.BeloteDuplicate).
//
// Storage: a competition of kind "beloteduplicate" (its spec holds the
// rules, the seed and the number of deals), one entry per team (key: the
// team's name; data: its members; game: its table) and one result per team
// and deal. The cache is rebuilt from the store, and from the teams' stored
// games for a deal that ended while nobody listened.
//
// Visibility: a deal's results (and its cards) are shown to a team once it
// has played the deal; to somebody not registered once every team has.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"atout/belote"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// KindBeloteDuplicate is the store kind of belote duplicates.
const KindBeloteDuplicate = "beloteduplicate"

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
	Secret        string `json:"secret,omitempty"`
	Mode          string `json:"mode"`
	Rules         string `json:"rules"`
	Announcements bool   `json:"announcements"`
	Level         string `json:"level"`
}

func (sp beldSpec) rules() belote.Rules {
	m, _ := belote.ParseMode(sp.Mode)
	st, _ := belote.ParseSetting(sp.Rules)
	return belote.Rules{Mode: m, Setting: st, Announcements: sp.Announcements}
}

// beldTeamData is the Data of a team's entry.
type beldTeamData struct {
	Members [2]teamPlayer `json:"members"` // [0] South (the one who registered), [1] North
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
	members [2]teamPlayer
	table   string
}

// beloteDuplicate is an event of the cache.
type beloteDuplicate struct {
	compBase
	spec  beldSpec
	d     *tournament.BeloteDuplicate
	teams []*beldTeam // in join order (guarded by beloteDuplicates.mu)
}

func (bd *beloteDuplicate) teamOf(user string) *beldTeam {
	if user == "" {
		return nil
	}
	for _, t := range bd.teams {
		for _, m := range t.members {
			if m.User == user {
				return t
			}
		}
	}
	return nil
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

// beloteDuplicates is the server's cache of belote duplicates.
type beloteDuplicates struct {
	compCache[*beloteDuplicate, beldDeal] // its mu guards every event's teams too
	// join serialises registrations (one table per team).
	join sync.Mutex
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

func (s *Server) beloteDuplicateRoutes() {
	s.belds = &beloteDuplicates{compCache: compCache[*beloteDuplicate, beldDeal]{
		byID: map[string]*beloteDuplicate{}, pending: map[string][]beldDeal{},
		kind: KindBeloteDuplicate, what: "belote duplicate",
		open: s.openBeloteDuplicate,
		refresh: func(ctx context.Context, ev *beloteDuplicate) {
			if err := s.readBeld(ctx, ev); err != nil {
				s.log.Error("belote duplicate", "event", ev.comp.ID, "err", err)
			}
		},
		merge: func(ev *beloteDuplicate, p beldDeal) {
			ev.d.Add(p.res) // already there: fine
		},
	}}
	if l := s.localHub(); l != nil {
		l.OnBeloteDeal(s.belds.onDeal(s))
	}
	m := s.mux
	m.HandleFunc("POST /api/beloteduplicates", s.csrf(s.handleCreateBeloteDuplicate))
	m.HandleFunc("GET /api/beloteduplicates", s.handleBeloteDuplicates)
	m.HandleFunc("GET /api/beloteduplicates/{id}", s.handleBeloteDuplicate)
	m.HandleFunc("POST /api/beloteduplicates/{id}/join", s.csrf(s.handleJoinBeloteDuplicate))
	m.HandleFunc("GET /api/beloteduplicates/{id}/deals/{n}", s.handleBeloteDuplicateDeal)
}

// beldTag is the Settings.Tournament of a team's table: "ID:team".
func beldTag(id, team string) string { return id + ":" + team }

// onDeal records a finished deal of a team. It runs on the table's
// goroutine: the cache is updated at once, the store in the background.
func (bs *beloteDuplicates) onDeal(s *Server) func(table.BeloteDealDone) {
	return func(d table.BeloteDealDone) {
		id, team, ok := strings.Cut(d.Tournament, ":")
		if !ok || !bs.bound(s, id, team, d.Table, func(ev *beloteDuplicate) string {
			if t := ev.team(team); t != nil {
				return t.table
			}
			return ""
		}) {
			return
		}
		bd := beldDeal{team: team, deal: d.Deal, table: d.Table,
			res: tournament.BeloteResult{Team: team, Deal: d.Deal, Side: card.NS, Points: d.Points}}
		bs.record(id, bd, func(ev *beloteDuplicate) {
			if err := ev.d.AddRecord(team, card.NS, d.Record); err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) {
				s.log.Error("belote duplicate result", "event", id, "table", d.Table, "err", err)
			}
		})
		s.writeLater(func(ctx context.Context) error { return s.storeBeldDeal(ctx, id, bd, d.Passed) },
			"belote duplicate result", "event", id, "table", d.Table)
	}
}

func (s *Server) storeBeldDeal(ctx context.Context, id string, bd beldDeal, passed bool) error {
	data, _ := json.Marshal(beldResultData{Side: "NS", Points: bd.res.Points, Passed: passed})
	return s.addResult(ctx, store.CompetitionResult{Competition: id, Entry: bd.team, Board: bd.deal,
		Data: data, GameID: bd.table})
}

// openBeloteDuplicate builds an event from its stored record: its teams,
// the results stored and those only in the teams' games.
func (s *Server) openBeloteDuplicate(ctx context.Context, comp store.Competition) (*beloteDuplicate, error) {
	id := comp.ID
	ev := &beloteDuplicate{compBase: compBase{comp: comp}}
	if err := decodeSpec(comp, "belote duplicate", &ev.spec); err != nil {
		return nil, err
	}
	var err error
	if ev.d, _, err = beldDeals(ev.spec); err != nil {
		return nil, fmt.Errorf("belote duplicate %s: %w", id, err)
	}
	ev.checked = time.Now()
	if err := s.readBeld(ctx, ev); err != nil {
		return nil, err
	}
	// Deals that ended while nobody listened are in the teams' games.
	for _, t := range ev.teams {
		if t.table == "" {
			continue
		}
		rec, err := s.st.LoadGame(ctx, t.table)
		if err != nil {
			s.log.Error("belote duplicate table", "event", id, "table", t.table, "err", err)
			continue
		}
		for _, d := range rec.Deals {
			if d.Result == nil {
				continue
			}
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

// createBeloteDuplicate is the body of POST /api/beloteduplicates.
type createBeloteDuplicate struct {
	Name          string `json:"name"`
	Deals         int    `json:"deals"`
	Seed          uint64 `json:"seed,omitempty"`
	Mode          string `json:"mode,omitempty"`
	Rules         string `json:"rules,omitempty"`
	Announcements bool   `json:"announcements,omitempty"`
	Level         string `json:"level,omitempty"`
}

// readBeld adds the teams and results stored for an event that it does not
// have yet (registered or played through another node of a cluster).
func (s *Server) readBeld(ctx context.Context, ev *beloteDuplicate) error {
	id := ev.comp.ID
	entries, err := s.st.CompetitionEntries(ctx, id)
	if err != nil {
		return err
	}
	for _, e := range entries {
		s.belds.mu.Lock()
		if t := ev.team(e.Entry); t != nil {
			if t.table == "" {
				t.table = e.GameID
			}
			s.belds.mu.Unlock()
			continue
		}
		t := &beldTeam{name: e.Entry, table: e.GameID}
		var data beldTeamData
		if err := json.Unmarshal(e.Data, &data); err == nil {
			t.members = data.Members
		}
		ev.teams = append(ev.teams, t)
		ev.d.Join(tournament.Entry{ID: t.name, Name: t.name})
		s.belds.mu.Unlock()
	}
	results, err := s.st.CompetitionResults(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range results {
		var data beldResultData
		if err := json.Unmarshal(r.Data, &data); err != nil {
			return fmt.Errorf("belote duplicate %s: result of %q on deal %d: %w", id, r.Entry, r.Board, err)
		}
		err := ev.d.Add(tournament.BeloteResult{Team: r.Entry, Deal: r.Board, Side: card.NS, Points: data.Points})
		if err != nil && !errors.Is(err, tournament.ErrAlreadyPlayed) && !errors.Is(err, tournament.ErrUnknownEntry) {
			return err
		}
	}
	return nil
}

// checkBeloteDuplicate checks a belote duplicate request and returns its
// name and spec (Seed 0 when the request gives none); an *inputError for
// bad input.
func checkBeloteDuplicate(body createBeloteDuplicate) (string, beldSpec, error) {
	name, err := checkText("name", body.Name, 80)
	if err != nil {
		return "", beldSpec{}, err
	}
	if body.Deals < MinBeloteDeals || body.Deals > MaxBeloteDeals {
		return "", beldSpec{}, badInput("deals=%d: want %d to %d", body.Deals, MinBeloteDeals, MaxBeloteDeals)
	}
	// The table settings check the mode, rules and level.
	set := table.Settings{Game: "belote", Mode: body.Mode, Rules: body.Rules, Announcements: body.Announcements, Level: body.Level}
	if err := set.Normalize(); err != nil {
		var se *table.SettingsError
		if errors.As(err, &se) {
			return "", beldSpec{}, badInput("%s=%q: %s", se.Field, se.Value, se.Reason)
		}
		return "", beldSpec{}, badInput("%v", err)
	}
	return name, beldSpec{Deals: body.Deals, Seed: body.Seed, Mode: set.Mode, Rules: set.Rules,
		Announcements: set.Announcements, Level: set.Level}, nil
}

func (s *Server) handleCreateBeloteDuplicate(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body createBeloteDuplicate
	if !s.readBody(w, r, &body) {
		return
	}
	name, spec, err := checkBeloteDuplicate(body)
	if err != nil {
		s.requestError(w, r, err)
		return
	}
	body.Name = name
	switch {
	case spec.Seed != 0 && !s.cfg.AllowSeed:
		s.badRequest(w, r)("seed: not accepted; the server deals an event's decks from a secret of its own")
		return
	case spec.Seed == 0:
		spec.Secret = card.NewSecret().String()
	}
	d, _, err := beldDeals(spec)
	if err != nil {
		s.badRequest(w, r)("%v", err)
		return
	}
	if !s.allowCompetition(w, r, u) {
		return
	}
	raw, _ := json.Marshal(spec)
	comp, ok := s.createCompetition(w, r, store.Competition{Kind: KindBeloteDuplicate, Name: body.Name, Owner: u.ID,
		Spec: raw, Start: time.Now()})
	if !ok {
		return
	}
	s.belds.put(comp.ID, &beloteDuplicate{compBase: compBase{comp: comp}, spec: spec, d: d})
	writeJSON(w, http.StatusOK, map[string]any{"id": comp.ID})
}

// beldSummary is an event in the list.
type beldSummary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Deals   int       `json:"deals"`
	Mode    string    `json:"mode"`
	Rules   string    `json:"rules"`
	Created time.Time `json:"created"`
}

func (s *Server) handleBeloteDuplicates(w http.ResponseWriter, r *http.Request) {
	listCompetitions(s, w, r, KindBeloteDuplicate, "events", func(c store.Competition, sp beldSpec) beldSummary {
		return beldSummary{ID: c.ID, Name: c.Name, Deals: sp.Deals, Mode: sp.Mode, Rules: sp.Rules, Created: c.Created}
	})
}

// joinBeloteDuplicate is the body of POST /api/beloteduplicates/{id}/join:
// the caller registers a team and sits South; Partner (a username, in any
// case, or a user ID) sits North, or a bot when empty or "bot".
type joinBeloteDuplicate struct {
	Team    string `json:"team"`
	Partner string `json:"partner,omitempty"`
}

func (s *Server) handleJoinBeloteDuplicate(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	ev, ok := s.belds.fromPath(s, w, r)
	if !ok {
		return
	}
	var body joinBeloteDuplicate
	if !s.readBody(w, r, &body) {
		return
	}
	bad := s.badRequest(w, r)
	var err error
	if body.Team, err = checkText("team", body.Team, 40); err != nil {
		s.requestError(w, r, err)
		return
	}
	bs := s.belds
	bs.join.Lock()
	defer bs.join.Unlock()
	bs.mu.Lock()
	mine, taken := ev.teamOf(u.ID), ev.team(body.Team)
	var mineName, mineTable string
	if mine != nil {
		mineName, mineTable = mine.name, mine.table
	}
	bs.mu.Unlock()
	if mine != nil {
		if mineTable == "" {
			// Its table could not be opened the first time: try again.
			s.openBeldTable(w, r, ev, mine)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"team": mineName, "table": mineTable, "invite": "/t/" + mineTable})
		return
	}
	if taken != nil {
		s.apiError(w, r, http.StatusConflict, "conflict", fmt.Sprintf("team name %q is taken in this event", body.Team))
		return
	}
	south := teamPlayer{User: u.ID, Name: displayName(u)}
	north := teamPlayer{Name: botName}
	if p := strings.TrimSpace(body.Partner); p != "" && !strings.EqualFold(p, "bot") {
		pu, err := s.findUser(r.Context(), p)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
				s.requestError(w, r, unknownPlayer("partner", p))
			} else {
				s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
			}
			return
		}
		if pu.ID == u.ID {
			bad("partner=%q: you cannot partner yourself", p)
			return
		}
		bs.mu.Lock()
		other := ev.teamOf(pu.ID)
		bs.mu.Unlock()
		if other != nil {
			s.apiError(w, r, http.StatusConflict, "conflict", fmt.Sprintf("your partner already plays in team %q", other.name))
			return
		}
		north = teamPlayer{User: pu.ID, Name: displayName(pu)}
	}
	data, _ := json.Marshal(beldTeamData{Members: [2]teamPlayer{south, north}})
	if err := s.st.JoinCompetition(r.Context(), store.CompetitionEntry{Competition: ev.comp.ID, Entry: body.Team, Data: data}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			s.apiError(w, r, http.StatusConflict, "conflict", fmt.Sprintf("team name %q is taken in this event", body.Team))
		} else if errors.Is(err, store.ErrInvalid) {
			bad("team: %v", err)
		} else {
			s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		}
		return
	}
	t := &beldTeam{name: body.Team, members: [2]teamPlayer{south, north}}
	bs.mu.Lock()
	if cur := ev.team(t.name); cur != nil {
		// Read back from the store a moment ago (readBeld).
		t = cur
	} else {
		ev.teams = append(ev.teams, t)
		ev.d.Join(tournament.Entry{ID: t.name, Name: t.name})
	}
	bs.mu.Unlock()
	s.openBeldTable(w, r, ev, t)
}

// openBeldTable opens a team's table (its first member South, the second
// North, bots East-West) and answers with it.
func (s *Server) openBeldTable(w http.ResponseWriter, r *http.Request, ev *beloteDuplicate, t *beldTeam) {
	bs := s.belds
	_, deals, _ := beldDeals(ev.spec)
	var players [4]table.Player
	players[card.South] = table.Player{ID: t.members[0].User, Name: t.members[0].Name}
	players[card.North] = table.Player{ID: t.members[1].User, Name: t.members[1].Name}
	if u, ok := s.user(r); ok {
		release, err := s.beginCreate(r, u)
		if err != nil {
			s.limitOrTableError(w, r, err)
			return
		}
		defer release()
	}
	set := table.Settings{Game: "belote", Mode: ev.spec.Mode, Rules: ev.spec.Rules, Announcements: ev.spec.Announcements,
		Level: ev.spec.Level, BeloteDeals: deals, Tournament: beldTag(ev.comp.ID, t.name)}
	room, err := s.createSeated(r.Context(), set, t.members[0].User, players)
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	if err := s.st.SetCompetitionGame(r.Context(), ev.comp.ID, t.name, room.ID()); err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	bs.mu.Lock()
	t.table = room.ID()
	bs.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"team": t.name, "table": room.ID(), "invite": "/t/" + room.ID()})
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

// beldPlayed returns the deals each team of an event has played, or
// answers 500.
func (s *Server) beldPlayed(w http.ResponseWriter, r *http.Request, ev *beloteDuplicate) (map[string]map[int]bool, bool) {
	played, err := ev.played()
	if err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return nil, false
	}
	return played, true
}

// canSee reports whether the viewer (of team mine, nil if none) may see deal
// n: his team has played it, or, for somebody not registered, every team
// has.
func (bd *beloteDuplicate) canSee(mine *beldTeam, played map[string]map[int]bool, n int) bool {
	if mine != nil {
		return played[mine.name][n]
	}
	if len(bd.teams) == 0 {
		return false
	}
	for _, t := range bd.teams {
		if !played[t.name][n] {
			return false
		}
	}
	return true
}

func (s *Server) handleBeloteDuplicate(w http.ResponseWriter, r *http.Request) {
	ev, ok := s.belds.fromPath(s, w, r)
	if !ok {
		return
	}
	u, _ := s.user(r)
	played, ok := s.beldPlayed(w, r, ev)
	if !ok {
		return
	}
	s.belds.mu.Lock()
	mine := ev.teamOf(u.ID)
	teams := make([]map[string]any, len(ev.teams))
	for i, t := range ev.teams {
		members := make([]map[string]any, 2)
		for k, m := range t.members {
			members[k] = map[string]any{"name": m.Name, "bot": m.User == ""}
		}
		teams[i] = map[string]any{"name": t.name, "members": members,
			"deals": len(played[t.name]), "you": t == mine}
	}
	var you map[string]any
	if mine != nil {
		you = map[string]any{"team": mine.name, "table": mine.table}
	}
	visible := make([]bool, len(ev.d.Deals))
	for i, dl := range ev.d.Deals {
		visible[i] = ev.canSee(mine, played, dl.Number)
	}
	s.belds.mu.Unlock()
	st := ev.d.Standings()
	rows := make([]map[string]any, len(st))
	for i, row := range st {
		rows[i] = map[string]any{"rank": row.Rank, "tied": row.Tied, "team": row.Team.Name, "deals": row.Deals,
			"relative": row.Relative, "perDeal": row.PerDeal, "you": mine != nil && row.Team.ID == mine.name}
	}
	deals := make([]map[string]any, len(ev.d.Deals))
	for i, dl := range ev.d.Deals {
		rs, rel, _ := ev.d.Relative(dl.Number)
		line := map[string]any{"deal": dl.Number, "played": len(rs), "visible": visible[i]}
		if mine != nil {
			for k, r := range rs {
				if r.Team == mine.name {
					line["yours"] = map[string]any{"points": r.Points[r.Side], "against": r.Points[r.Side.Other()],
						"net": r.Net(), "relative": rel[k]}
				}
			}
		}
		deals[i] = line
	}
	out := map[string]any{
		"event": map[string]any{"id": ev.comp.ID, "name": ev.comp.Name, "deals": ev.spec.Deals, "mode": ev.spec.Mode,
			"rules": ev.spec.Rules, "announcements": ev.spec.Announcements, "level": ev.spec.Level, "created": ev.comp.Created},
		"teams": teams, "you": you, "standings": rows, "deals": deals,
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleBeloteDuplicateDeal(w http.ResponseWriter, r *http.Request) {
	ev, n, ok := s.belds.boardFromPath(s, w, r, "deal number")
	if !ok {
		return
	}
	u, _ := s.user(r)
	if n < 1 || n > len(ev.d.Deals) {
		s.apiError(w, r, http.StatusNotFound, "not_found", fmt.Sprintf("belote duplicate %s has no deal %d (1 to %d)", ev.comp.ID, n, len(ev.d.Deals)))
		return
	}
	played, ok := s.beldPlayed(w, r, ev)
	if !ok {
		return
	}
	s.belds.mu.Lock()
	mine := ev.teamOf(u.ID)
	visible := ev.canSee(mine, played, n)
	s.belds.mu.Unlock()
	if !visible {
		s.apiError(w, r, http.StatusForbidden, "not_played",
			fmt.Sprintf("belote duplicate %s: deal %d is hidden until your team has played it (or, if you are not registered, every team has)", ev.comp.ID, n))
		return
	}
	rs, rel, _ := ev.d.Relative(n)
	rows := make([]map[string]any, len(rs))
	for i, r := range rs {
		rows[i] = map[string]any{"team": r.Team, "side": r.Side.String(), "points": r.Points[r.Side], "against": r.Points[r.Side.Other()],
			"net": r.Net(), "relative": rel[i], "you": mine != nil && r.Team == mine.name}
	}
	dl := ev.d.Deals[n-1]
	writeJSON(w, http.StatusOK, map[string]any{"deal": n, "dealer": dl.Dealer.String(), "deck": dl.Deck[:], "results": rows})
}
