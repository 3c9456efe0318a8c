package server

// The competition API: tournaments, team matches and belote duplicates.
// The handlers decode the request, ask package competition, which holds
// the competitions, and encode its answer.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"atout/competition"
	"atout/i18n"
	"atout/protocol"
	"atout/store"
	"atout/web/handrecords"
)

const (
	// maxTourBody bounds POST /api/tournaments, whose PBN may be long.
	maxTourBody = 1 << 20
	// ddWaitTime is how long a board's page waits for its double-dummy
	// analysis before it is sent without (with "ddPending").
	ddWaitTime = 2 * time.Second
	// recordsRefresh is how often (seconds) printable hand records with
	// analyses still being computed reload themselves.
	recordsRefresh = 5
)

// DailyConfig is the scheduled daily tournament of [Server.RunDaily].
type DailyConfig = competition.DailyConfig

// EnsureDaily makes sure the daily tournament of the current day (UTC)
// exists and returns its ID (see [competition.Service.EnsureDaily]).
func (s *Server) EnsureDaily(ctx context.Context, c DailyConfig) (string, error) {
	return s.comps.EnsureDaily(ctx, c)
}

// RunDaily keeps today's daily tournament in existence until ctx ends
// (see [competition.Service.RunDaily]).
func (s *Server) RunDaily(ctx context.Context, c DailyConfig) { s.comps.RunDaily(ctx, c) }

// waitResultWrites waits for the competition results being written (a
// shutdown, once the tables have stopped).
func (s *Server) waitResultWrites() { s.comps.Wait() }

func (s *Server) competitionRoutes() {
	m, c := s.mux, s.comps
	m.HandleFunc("POST /api/tournaments", s.csrf(s.handleCreateTournament))
	m.HandleFunc("GET /api/tournaments", list(s, c.ListTournaments))
	m.HandleFunc("GET /api/tournaments/{id}", view(s, c.TournamentView))
	m.HandleFunc("POST /api/tournaments/{id}/play", s.csrf(s.handlePlayTournament))
	m.HandleFunc("GET /api/tournaments/{id}/boards/{n}", numbered(s, "board number",
		func(ctx context.Context, id string, n int, user string) (protocol.TournamentBoard, error) {
			return c.TournamentBoard(ctx, id, n, user, ddWaitTime)
		}))
	m.HandleFunc("GET /api/tournaments/{id}/records", s.handleTournamentRecords)
	m.HandleFunc("GET /api/tournaments/{id}/export.pbn", s.handleTournamentExport)
	m.HandleFunc("POST /api/teammatches", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, body competition.TeamMatchRequest) (protocol.Created, error) {
			return c.CreateTeamMatch(r.Context(), caller, body)
		})))
	m.HandleFunc("GET /api/teammatches", list(s, c.ListTeamMatches))
	m.HandleFunc("GET /api/teammatches/{id}", view(s, c.TeamMatchView))
	m.HandleFunc("GET /api/teammatches/{id}/boards/{n}", numbered(s, "board number", c.TeamBoard))
	m.HandleFunc("POST /api/beloteduplicates", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, body competition.BeloteDuplicateRequest) (protocol.Created, error) {
			return c.CreateBeloteDuplicate(r.Context(), caller, body)
		})))
	m.HandleFunc("GET /api/beloteduplicates", list(s, c.ListBeloteDuplicates))
	m.HandleFunc("GET /api/beloteduplicates/{id}", view(s, c.BeloteDuplicateView))
	m.HandleFunc("POST /api/beloteduplicates/{id}/join", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, body competition.JoinRequest) (protocol.BeloteTeamRef, error) {
			return c.JoinBeloteDuplicate(r.Context(), caller, r.PathValue("id"), body)
		})))
	m.HandleFunc("GET /api/beloteduplicates/{id}/deals/{n}", numbered(s, "deal number", c.BeloteDeal))
	m.HandleFunc("POST /api/beloteduplicates/{id}/start", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, _ struct{}) (protocol.Created, error) {
			return c.StartBeloteDuplicate(r.Context(), caller, r.PathValue("id"))
		})))
	m.HandleFunc("POST /api/beloteduplicates/{id}/answer", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, body protocol.Answer) (protocol.BeloteTeamRef, error) {
			return c.AnswerBeloteDuplicate(r.Context(), caller, r.PathValue("id"), body)
		})))
	m.HandleFunc("POST /api/teammatches/{id}/answer", s.csrf(create(s,
		func(r *http.Request, caller competition.Caller, body protocol.Answer) (protocol.Created, error) {
			return c.AnswerTeamMatch(r.Context(), caller, r.PathValue("id"), body)
		})))
	m.HandleFunc("GET /api/invitations", func(w http.ResponseWriter, r *http.Request) {
		u, _ := s.user(r)
		out, err := c.Invitations(r.Context(), u.ID)
		s.answer(w, r, out, err)
	})
}

// list answers the list of a kind of competitions.
func list[T any](s *Server, get func(context.Context) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := get(r.Context())
		s.answer(w, r, out, err)
	}
}

// view answers the page of the competition {id} as the caller sees it.
func view[T any](s *Server, get func(ctx context.Context, id, user string) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, _ := s.user(r)
		out, err := get(r.Context(), r.PathValue("id"), u.ID)
		s.answer(w, r, out, err)
	}
}

// numbered answers board or deal {n} (what names it) of the competition
// {id} as the caller sees it.
func numbered[T any](s *Server, what string, get func(ctx context.Context, id string, n int, user string) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, _ := s.user(r)
		n, ok := s.pathNumber(w, r, what)
		if !ok {
			return
		}
		out, err := get(r.Context(), r.PathValue("id"), n, u.ID)
		s.answer(w, r, out, err)
	}
}

// create answers a request of a signed-in user with a JSON body B.
func create[B, T any](s *Server, do func(*http.Request, competition.Caller, B) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := s.mustUser(w, r)
		if !ok {
			return
		}
		var body B
		if !s.readBody(w, r, &body) {
			return
		}
		out, err := do(r, s.caller(r, u), body)
		s.answer(w, r, out, err)
	}
}

// caller is the user of a request with the server's limits.
func (s *Server) caller(r *http.Request, u store.User) competition.Caller {
	return competition.Caller{User: u,
		Reserve: func() (func(), error) { return s.beginCreate(r, u) },
		Allow:   func() error { return s.allowCompetition(u) },
		Lookup:  func(who string) (store.User, error) { return s.findUser(r.Context(), who) },
	}
}

// compError answers an error of the competitions: bad input, a limit, a
// refusal (its code and the code's status, as for the tables), or the
// error of the tables or the store.
func (s *Server) compError(w http.ResponseWriter, r *http.Request, err error) {
	var ie *competition.InputError
	if errors.As(err, &ie) {
		s.requestError(w, r, err)
		return
	}
	s.limitOrTableError(w, r, err)
}

// answer writes v, or the error.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		s.compError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// readBody decodes a request's JSON body into v or answers 400.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := readJSON(r, v); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	return true
}

// pathNumber returns the number {n} of the request's path, or answers 400
// naming it as what ("board number").
func (s *Server) pathNumber(w http.ResponseWriter, r *http.Request, what string) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", what+": "+r.PathValue("n"))
		return 0, false
	}
	return n, true
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

// codeUnknownPlayer is the error code of a request naming no player.
const codeUnknownPlayer = "unknown_player"

// requestError answers an error of a check: 400 for bad input, 500 else.
func (s *Server) requestError(w http.ResponseWriter, r *http.Request, err error) {
	var ie *competition.InputError
	if errors.As(err, &ie) && ie.Player != "" {
		// The message names the player, in the page's language.
		s.metrics.ProtocolError(codeUnknownPlayer)
		msg := strings.ReplaceAll(s.translate(s.requestLang(r, nil), codeUnknownPlayer, ie.Msg), "{name}", ie.Player)
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]string{
			"code": codeUnknownPlayer, "message": msg, "detail": ie.Msg, "player": ie.Player}})
		return
	}
	if errors.As(err, &ie) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", ie.Msg)
		return
	}
	s.log.Error("request", "path", r.URL.Path, "err", err)
	s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
}

// readTourBody decodes the body of POST /api/tournaments, which may be
// longer than other requests' since it may carry a PBN file.
func readTourBody(r *http.Request, v *competition.TournamentRequest) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxTourBody+1))
	if err != nil {
		return err
	}
	if len(data) > maxTourBody {
		return fmt.Errorf("body longer than %d bytes", maxTourBody)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body competition.TournamentRequest
	if err := readTourBody(r, &body); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	out, err := s.comps.CreateTournament(r.Context(), s.caller(r, u), body)
	s.answer(w, r, out, err)
}

// handlePlayTournament opens (or returns) the caller's table for the
// tournament.
func (s *Server) handlePlayTournament(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	out, err := s.comps.PlayTournament(r.Context(), s.caller(r, u), r.PathValue("id"))
	s.answer(w, r, out, err)
}

// handleTournamentRecords serves the printable hand records: every board
// once the tournament is over, before that only the boards the caller has
// played (403 if none).
func (s *Server) handleTournamentRecords(w http.ResponseWriter, r *http.Request) {
	u, _ := s.user(r)
	t, boards, ready, err := s.comps.Records(r.Context(), r.PathValue("id"), u.ID, ddWaitTime)
	if err != nil {
		s.compError(w, r, err)
		return
	}
	var up *store.User
	if u.ID != "" {
		up = &u
	}
	lang, _ := i18n.Parse(s.requestLang(r, up))
	var buf bytes.Buffer
	if err := handrecords.HTMLOptions(&buf, t, lang, boards, handrecords.Options{Ready: ready, Refresh: recordsRefresh}); err != nil {
		s.apiError(w, r, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

// handleTournamentExport serves the results as PBN with ScoreTable and
// TotalScoreTable, once the tournament is over (it shows every deal).
func (s *Server) handleTournamentExport(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var buf bytes.Buffer
	if err := s.comps.Export(r.Context(), id, &buf); err != nil {
		s.compError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-pbn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.pbn"`, id))
	w.Write(buf.Bytes())
}
