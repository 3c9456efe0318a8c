package server

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"atout/card"
	"atout/competition"
	"atout/profile"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

// Profiles (docs/profile.md): a worker counts the finished deals into
// their players' figures as they become due; the pages read the totals.

// profileBatch is how many due deals the worker reads at a time;
// profileEvery how often it looks for more; sealedRetry how long a
// competition's deal the competition does not show yet waits before it is
// looked at again.
const (
	profileBatch = 200
	profileEvery = 3 * time.Second
	sealedRetry  = 10 * time.Minute
)

// RunProfiles counts the due deals every few seconds until ctx ends
// ([Server.Run] runs it; a test server may).
func (s *Server) RunProfiles(ctx context.Context) {
	t := time.NewTicker(profileEvery)
	defer t.Stop()
	for {
		for {
			n, err := s.CountProfiles(ctx)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Warn("counting deals into profiles", "err", err)
				}
				break
			}
			if n < profileBatch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// CountProfiles counts one batch of the deals due into their players'
// profiles and returns how many it looked at. The server's Run calls it
// every few seconds; tests call it to count at once.
func (s *Server) CountProfiles(ctx context.Context) (int, error) {
	refs, err := s.st.ProfileDue(ctx, profileBatch)
	if err != nil {
		return 0, err
	}
	for _, ref := range refs {
		if err := s.countProfile(ctx, ref); err != nil {
			return 0, err
		}
	}
	return len(refs), nil
}

// countProfile counts one deal. A deal that cannot be read is marked
// counted with nothing added (logged), so that it never blocks the queue.
func (s *Server) countProfile(ctx context.Context, ref store.DealRef) error {
	g, d, err := s.st.LoadDeal(ctx, ref)
	if errors.Is(err, store.ErrNotFound) {
		return nil // deleted meanwhile
	}
	if err != nil {
		return err
	}
	adds, postpone, err := s.profileAdds(ctx, ref, g, d)
	switch {
	case err != nil:
		return err
	case postpone:
		return s.st.PostponeProfile(ctx, ref, sealedRetry)
	}
	_, err = s.st.CountProfile(ctx, ref, adds)
	return err
}

// profileAdds returns what deal d of game g adds to its players' profiles:
// nothing at a table with no human or whose deal cannot be read (logged);
// postpone for a competition's deal not shown to everybody yet.
func (s *Server) profileAdds(ctx context.Context, ref store.DealRef, g store.Game, d store.Deal) (adds map[string]profile.Add, postpone bool, err error) {
	pd := profile.Deal{GameID: g.ID, Game: protocol.GameKind(g.Kind), No: d.No, Moves: d.Moves, Result: d.Result, Finished: d.Finished}
	humans := false
	for i, st := range g.Seats {
		pd.Seats[i] = profile.Seat{User: st.UserID, Bot: protocol.Level(st.Bot)}
		humans = humans || st.UserID != ""
	}
	if !humans {
		return nil, false, nil
	}
	if err := json.Unmarshal(g.Settings, &pd.Settings); err != nil {
		s.log.Warn("profile: unreadable settings", "game", g.ID, "err", err)
		return nil, false, nil
	}
	if !pd.Settings.Tournament.IsZero() {
		if !s.shownToAll(g, pd.Settings, d.No) {
			return nil, true, nil
		}
		if pd.Game == protocol.Bridge {
			pd.Field = s.fieldResult(ctx, g, pd.Settings, d.No)
		}
	}
	if pd.Game == protocol.Bridge {
		refused, err := s.st.RefusedClaims(ctx, ref)
		if err != nil {
			return nil, false, err
		}
		for _, c := range refused {
			pd.Refused = append(pd.Refused, c.Seat)
		}
	}
	adds, err = profile.Adds(pd)
	if err != nil {
		s.log.Warn("profile: deal not counted", "game", g.ID, "deal", d.No, "err", err)
		return nil, false, nil
	}
	return adds, false, nil
}

// shownToAll reports whether a competition shows deal no of its table g to
// everybody (competition/seal.go): only then is it counted.
func (s *Server) shownToAll(g store.Game, st protocol.TableSettings, no int) bool {
	return s.comps.Judge(table.SealQuery{Table: g.ID, Tournament: st.Tournament, Deal: no, Board: st.BoardNumber(no)})
}

// fieldResult returns the result against the field of deal no of a
// competition's bridge table g: a tournament's matchpoint percentage (or
// IMPs) for the entry's side, a team match's IMPs for each side. Nil when
// there is none (a board the other room has not played, a competition
// that cannot be read: the deal is counted without it).
func (s *Server) fieldResult(ctx context.Context, g store.Game, st protocol.TableSettings, no int) *profile.Field {
	comp, err := s.st.GetCompetition(ctx, st.Tournament.ID)
	if err != nil {
		return nil
	}
	board := st.BoardNumber(no)
	switch comp.Kind {
	case competition.KindTournament:
		e, err := s.st.CompetitionByGame(ctx, g.ID)
		if err != nil {
			return nil
		}
		t, err := s.comps.Tournament(ctx, comp.ID)
		if err != nil {
			return nil
		}
		rs, err := t.EntryResults(e.Entry)
		if err != nil {
			return nil
		}
		for _, r := range rs {
			if r.Board != board {
				continue
			}
			if t.Scoring.IMPs() {
				return &profile.Field{Key: profile.FieldIMPs, BySide: map[card.Side]float64{r.Result.Side: r.Score}}
			}
			return &profile.Field{Key: profile.FieldMP, BySide: map[card.Side]float64{r.Result.Side: r.Percent}}
		}
	case competition.KindTeamMatch:
		m, tables, err := s.comps.TeamMatch(ctx, comp.ID)
		if err != nil {
			return nil
		}
		home := card.NS // the home team sits North-South in the open room
		switch g.ID {
		case tables[0]:
		case tables[1]:
			home = card.EW
		default:
			return nil
		}
		for _, b := range m.Score().Boards {
			if b.Board == board && b.Complete {
				return &profile.Field{Key: profile.FieldIMPs, BySide: map[card.Side]float64{home: float64(b.IMPs), home.Other(): float64(-b.IMPs)}}
			}
		}
	}
	return nil
}

// ---- the pages ----

// handleMyProfile answers GET /api/profile: the asker's own page.
func (s *Server) handleMyProfile(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	p, ok := s.profilePage(w, r, u, true)
	if ok {
		writeJSON(w, http.StatusOK, p)
	}
}

// handleProfile answers GET /api/profiles/{name}: a player's page, when it
// is the asker's own or public. A private page is not found, as an unknown
// name is.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	me, _ := s.user(r)
	u, err := s.st.UserByName(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such profile")
		return
	}
	if err != nil {
		s.log.Error("profile", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not read the profile")
		return
	}
	p, ok := s.profilePage(w, r, u, me.ID != "" && me.ID == u.ID)
	if !ok {
		return
	}
	if !p.You && !p.Public {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such profile")
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// profilePage reads u's page; the costliest deals only for u himself.
func (s *Server) profilePage(w http.ResponseWriter, r *http.Request, u store.User, own bool) (protocol.Profile, bool) {
	sp, err := s.st.GetProfile(r.Context(), u.ID)
	if err != nil {
		s.log.Error("profile", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not read the profile")
		return protocol.Profile{}, false
	}
	p := sp.Tally.Page(sp.Days)
	p.Name, p.Guest, p.You, p.Public = u.Username, u.Guest, own, sp.Public
	if !own {
		p.Costliest = nil
	}
	if p.Games == nil {
		p.Games = []protocol.ProfileGames{}
	}
	if p.Figures == nil {
		p.Figures = []protocol.ProfileFigure{}
	}
	return p, true
}

// handleProfileSettings answers PUT /api/profile: the page's visibility.
func (s *Server) handleProfileSettings(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var in protocol.ProfileSettings
	if err := readJSON(r, &in); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "want {\"public\": true|false}")
		return
	}
	if err := s.st.SetProfilePublic(r.Context(), u.ID, in.Public); err != nil {
		s.log.Error("profile settings", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not save the setting")
		return
	}
	writeJSON(w, http.StatusOK, in)
}

// handleProfileExport answers GET /api/profile/export?format=csv|json: the
// asker's figures, for himself and the bots at his tables.
func (s *Server) handleProfileExport(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "csv"
	}
	if format != "csv" && format != "json" {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "format: want csv or json")
		return
	}
	p, ok := s.profilePage(w, r, u, true)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", "attachment; filename=\"atout-profile."+format+"\"")
	if format == "json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		json.NewEncoder(w).Encode(p)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	cw := csv.NewWriter(w)
	cw.Write([]string{"figure", "kind", "unit", "who", "n", "value", "low", "high"})
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	row := func(f protocol.ProfileFigure, who string, st protocol.Stat) {
		cw.Write([]string{f.Key, f.Kind, f.Unit, who, strconv.Itoa(st.N), num(st.Value), num(st.Lo), num(st.Hi)})
	}
	for _, f := range p.Figures {
		row(f, "you", f.Stat)
		levels := make([]string, 0, len(f.Bots))
		for l := range f.Bots {
			levels = append(levels, string(l))
		}
		slices.Sort(levels)
		for _, l := range levels {
			row(f, "bots:"+l, f.Bots[protocol.Level(l)])
		}
	}
	cw.Flush()
}
