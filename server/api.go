package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	// Any answer from the database (here: "no such user") means it is up.
	_, err := s.st.GetUser(r.Context(), "healthz")
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		http.Error(w, "database: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	// A cluster node also needs its NATS connection (cluster.Hub.Check).
	if c, ok := s.hub.(interface{ Check(context.Context) error }); ok {
		if err := c.Check(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

// handleMetrics serves /metrics on the public handler, to the operator
// only: see Config.MetricsToken.
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	if s.cfg.MetricsToken == "" {
		http.NotFound(w, r)
		return
	}
	if !bearerIs(r, s.cfg.MetricsToken) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="atout metrics"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	s.writeMetrics(w)
}

func (s *Server) meJSON(r *http.Request, u store.User) protocol.Me {
	return protocol.Me{User: protocol.User{ID: u.ID, Name: u.Username, Guest: u.Guest}, Lang: s.requestLang(r, &u)}
}

// startSession opens a session for u and sets its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	tok, _, err := s.st.CreateSession(r.Context(), u.ID, s.cfg.SessionTTL)
	if err != nil {
		return err
	}
	s.setCookie(w, r, SessionCookie, tok, s.cfg.SessionTTL, true)
	return nil
}

// handleMe returns the session's user, making a guest on the first visit.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	s.ensureCSRF(w, r)
	u, ok := s.user(r)
	if !ok {
		if !s.guestIP.Allow(limitKey(r)) {
			s.apiError(w, r, http.StatusTooManyRequests, "rate_limited", "too many new guests from this address")
			return
		}
		lang := s.requestLang(r, nil)
		var err error
		u, err = s.st.CreateGuest(r.Context(), "", lang)
		if err == nil {
			err = s.startSession(w, r, u)
		}
		if err != nil {
			s.log.Error("creating a guest", "err", err)
			s.apiError(w, r, http.StatusInternalServerError, "internal", "could not create a guest")
			return
		}
	}
	writeJSON(w, http.StatusOK, s.meJSON(r, u))
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) {
	var c protocol.Credentials
	if err := readJSON(r, &c); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	// Signups have their own budget per address: failed logins from the
	// address do not count against it.
	if !s.signupIP.Allow(limitKey(r)) {
		w.Header().Set("Retry-After", "60")
		s.apiError(w, r, http.StatusTooManyRequests, "rate_limited", "too many signups from this address")
		return
	}
	var u store.User
	var err error
	if cur, ok := s.user(r); ok && cur.Guest {
		u, err = s.st.PromoteGuest(r.Context(), cur.ID, c.Username, c.Password)
		if err == nil {
			// The guest's sessions end: a session id someone else knew
			// (set in this browser, or copied from it) is not the account's.
			if _, err = s.st.DeleteUserSessions(r.Context(), u.ID); err == nil {
				err = s.rotateSession(w, r, u)
			}
		}
	} else {
		u, err = s.st.CreateUser(r.Context(), c.Username, c.Password, s.requestLang(r, nil))
		if err == nil {
			err = s.rotateSession(w, r, u)
		}
	}
	switch {
	case errors.Is(err, store.ErrUsernameTaken):
		s.apiError(w, r, http.StatusConflict, "username", err.Error())
	case errors.Is(err, store.ErrInvalid):
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
	case err != nil:
		s.log.Error("signup", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "signup failed")
	default:
		s.log.Info("signup", "user", u.ID)
		s.setDevice(w, r, store.UsernameKey(u.Username))
		writeJSON(w, http.StatusOK, s.meJSON(r, u))
	}
}

// rotateSession ends the request's session, if any, and opens a new one for
// u, with a new CSRF token: a session id or token known before the login
// (fixed by an attacker) is worth nothing after it.
func (s *Server) rotateSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	if old, e := r.Cookie(SessionCookie); e == nil {
		if err := s.st.DeleteSession(r.Context(), old.Value); err != nil {
			return err
		}
		s.endSessionConns(old.Value)
	}
	if err := s.startSession(w, r, u); err != nil {
		return err
	}
	s.setCookie(w, r, CSRFCookie, randomToken(24), s.cfg.SessionTTL, false)
	return nil
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var c protocol.Credentials
	if err := readJSON(r, &c); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if utf8.RuneCountInString(c.Username) > store.MaxUsernameLen {
		s.apiError(w, r, http.StatusUnauthorized, "credentials", "wrong username or password")
		return
	}
	// Attempts are limited by account and by address (or device), never
	// by address alone: see [limit.Login].
	account := store.UsernameKey(c.Username)
	at := s.loginAttempt(r, account)
	wait, retry, ok := s.login.Admit(at)
	if !ok {
		secs := int((retry + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		s.apiError(w, r, http.StatusTooManyRequests, "rate_limited",
			fmt.Sprintf("too many failed logins to this account: try again in %d s", secs))
		return
	}
	if !s.login.Sleep(r.Context(), wait) {
		return
	}
	u, err := s.st.Authenticate(r.Context(), c.Username, c.Password)
	if errors.Is(err, store.ErrBadCredentials) {
		s.login.Failed(at)
		s.apiError(w, r, http.StatusUnauthorized, "credentials", "wrong username or password")
		return
	}
	if err == nil {
		s.login.Succeeded(at)
		err = s.rotateSession(w, r, u)
	}
	if err != nil {
		s.log.Error("login", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "login failed")
		return
	}
	s.setDevice(w, r, account)
	writeJSON(w, http.StatusOK, s.meJSON(r, u))
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		if err := s.st.DeleteSession(r.Context(), c.Value); err != nil {
			s.log.Error("logout", "err", err)
		}
		s.endSessionConns(c.Value)
	}
	s.setCookie(w, r, SessionCookie, "", -time.Second, true)
	writeJSON(w, http.StatusOK, protocol.OK{OK: true})
}

func (s *Server) handleLang(w http.ResponseWriter, r *http.Request) {
	var body protocol.LangRequest
	if err := readJSON(r, &body); err != nil || !s.lang.Supported(body.Lang) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "unsupported language")
		return
	}
	if u, ok := s.user(r); ok {
		if err := s.st.SetLanguage(r.Context(), u.ID, body.Lang); err != nil {
			s.log.Error("set language", "err", err)
		}
	}
	s.setCookie(w, r, LangCookie, body.Lang, 365*24*time.Hour, false)
	writeJSON(w, http.StatusOK, protocol.LangRequest{Lang: body.Lang})
}

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	b, ok := s.lang.Catalog(r.PathValue("lang"))
	if !ok {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such language")
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b)
}

func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	if !s.lang.Supported(lang) {
		lang = s.requestLang(r, nil)
	}
	b, ok := s.lang.Rules(r.PathValue("game"), lang)
	if !ok {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no rules page")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b)
}

// mustUser returns the session's user or answers 401.
func (s *Server) mustUser(w http.ResponseWriter, r *http.Request) (store.User, bool) {
	u, ok := s.user(r)
	if !ok {
		s.apiError(w, r, http.StatusUnauthorized, "unauthorized", "no session")
	}
	return u, ok
}

func (s *Server) handleCreateTable(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	// A competition's tables (fixed deals, board numbers, the
	// competition's tag) are opened by the competition, on the server,
	// and never from a request: such fields are unknown here, hence
	// refused.
	var req protocol.TableRequest
	if err := readJSON(r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if req.Seed != 0 && !s.cfg.AllowSeed {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "seed: not accepted; the server deals from a random source of its own")
		return
	}
	release, err := s.beginCreate(r, u)
	if err != nil {
		s.limitOrTableError(w, r, err)
		return
	}
	defer release()
	set := table.Settings{Game: req.Game, Scoring: req.Scoring, Boards: req.Boards, Mode: req.Mode, Rules: req.Rules,
		Announcements: req.Announcements, SaTa: req.SaTa, Target: req.Target, Level: req.Level, TurnSeconds: req.TurnSeconds, Seed: req.Seed}
	room, err := s.hub.Create(r.Context(), set, table.Player{ID: u.ID, Name: u.Username})
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	out := protocol.TableCreated{ID: room.ID(), Invite: "/t/" + room.ID()}
	if in, err := room.Info(r.Context(), u.ID); err == nil && in.Invite != "" {
		out.Invite = inviteLink(room.ID(), in.Invite)
	}
	writeJSON(w, http.StatusOK, out)
}

// inviteLink is the path of a table's invitation link.
func inviteLink(id, secret string) string {
	return "/t/" + url.PathEscape(id) + "?invite=" + url.QueryEscape(secret)
}

func (s *Server) handleTableInfo(w http.ResponseWriter, r *http.Request) {
	u, _ := s.user(r)
	room, err := s.hub.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	in, err := room.Info(r.Context(), u.ID)
	if err == nil {
		err = s.mayWatch(r.Context(), in, u.ID)
	}
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, in)
}

// mayWatch says whether userID may watch a table described by in (as he
// sees it): anybody a casual table; a competition's table its players,
// and others as the competition decides ([competition.Service.MayWatch],
// [competition.Service.MayRead]). A player who could watch another's table
// would see its boards before playing them.
func (s *Server) mayWatch(ctx context.Context, in table.Info, userID string) error {
	tag := in.Settings.Tournament
	if tag.IsZero() {
		return nil
	}
	for _, si := range in.Seats {
		if si.You {
			return nil
		}
	}
	if in.Over {
		return s.comps.MayRead(ctx, in.ID, tag, userID)
	}
	return s.comps.MayWatch(ctx, in.ID, tag, userID)
}

func (s *Server) handleSit(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	var body protocol.SitRequest
	if err := readJSON(r, &body); err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	seat, err := card.ParseSeat(body.Seat)
	if err != nil {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "seat: want N, E, S or W")
		return
	}
	if err := s.hub.Join(r.Context(), r.PathValue("id"), table.Player{ID: u.ID, Name: u.Username, Invite: body.Invite}, seat); err != nil {
		s.tableError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, protocol.SitResponse{Seat: seat.String()})
}

// handleAbandon closes the user's own unfinished casual table: the game is
// marked finished (abandoned) in the store, and the table stops. Another
// user's table and a competition's are refused.
func (s *Server) handleAbandon(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	err := s.st.AbandonGame(r.Context(), id, u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such table")
		return
	case errors.Is(err, store.ErrForbidden):
		s.apiError(w, r, http.StatusForbidden, "forbidden", "only the owner of a casual table may close it")
		return
	case errors.Is(err, store.ErrFinished):
		s.apiError(w, r, http.StatusConflict, "over", "the game is over")
		return
	case err != nil:
		s.log.Error("abandon game", "game", id, "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not close the table")
		return
	}
	// The table stops here at once; a table another node serves stops
	// when its lease, released by the store, is not renewed.
	if d, ok := s.hub.(table.Dropper); ok {
		d.Drop(id)
	}
	s.log.Info("table abandoned", "game", id, "user", u.ID)
	w.WriteHeader(http.StatusNoContent)
}

func summarize(g store.Game, userID string) protocol.GameSummary {
	sum := protocol.GameSummary{ID: g.ID, Game: g.Kind, Status: g.Status, Created: g.Created, Updated: g.Updated,
		Settings: publicSettings(g), Result: rawOrNil(g.Result)}
	for i, st := range g.Seats {
		sum.Seats[i] = protocol.SeatSummary{Name: st.Name, Bot: st.Bot, You: st.UserID != "" && st.UserID == userID}
	}
	return sum
}

// rawOrNil is stored JSON as it goes on the wire: nil (omitted, or null)
// when nothing is stored.
func rawOrNil(b []byte) json.RawMessage {
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}

// publicSettings returns a game's stored settings as its players may see
// them: never the seed (which deals the boards) nor the invitation's secret
// and owner, and while it is in progress, without the fixed deals of a
// tournament, team match or duplicate ("deals", "beloteDeals"), which hold
// every hand of the boards still to play.
func publicSettings(g store.Game) json.RawMessage {
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
	raw, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	return raw
}

type jsonRaw []byte

func (j jsonRaw) MarshalJSON() ([]byte, error) { return j, nil }

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	limit := 0
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			s.apiError(w, r, http.StatusBadRequest, "bad_request", "limit: not a number")
			return
		}
		limit = n
	}
	games, next, err := s.st.ListGames(r.Context(), u.ID, limit, r.URL.Query().Get("before"))
	if errors.Is(err, store.ErrInvalid) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if err != nil {
		s.log.Error("list games", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not list games")
		return
	}
	out := make([]protocol.GameSummary, len(games))
	for i, g := range games {
		out[i] = summarize(g, u.ID)
	}
	writeJSON(w, http.StatusOK, protocol.Games{Games: out, Next: next})
}

// loadVisible loads a game record the user may read: a finished game, or
// one the user plays in. The deal in progress is never included.
func (s *Server) loadVisible(w http.ResponseWriter, r *http.Request) (*store.Record, string, bool) {
	u, _ := s.user(r)
	rec, err := s.st.LoadGame(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		s.apiError(w, r, http.StatusNotFound, "not_found", "no such game")
		return nil, "", false
	}
	if err != nil {
		s.log.Error("load game", "err", err)
		s.apiError(w, r, http.StatusInternalServerError, "internal", "could not load the game")
		return nil, "", false
	}
	player := false
	for _, st := range rec.Seats {
		player = player || (u.ID != "" && st.UserID == u.ID)
	}
	if rec.Status != store.StatusFinished && !player {
		s.apiError(w, r, http.StatusForbidden, "forbidden", "the game is not finished")
		return nil, "", false
	}
	var set struct {
		Tournament table.Competition `json:"tournament"`
	}
	json.Unmarshal(rec.Settings, &set)
	if !set.Tournament.IsZero() && !player {
		if err := s.comps.MayRead(r.Context(), rec.ID, set.Tournament, u.ID); err != nil {
			s.tableError(w, r, err)
			return nil, "", false
		}
	}
	if n := len(rec.Deals); n > 0 && rec.Deals[n-1].Result == nil {
		rec.Deals = rec.Deals[:n-1]
	}
	if !set.Tournament.IsZero() && player {
		// A player reads the deals of his competition table that the
		// competition shows him: not a tournament's before it ends.
		shown := s.comps.Shown(r.Context(), rec.ID, set.Tournament, u.ID, true)
		rec.Deals = slices.DeleteFunc(rec.Deals, func(d store.Deal) bool { return !shown(d.No) })
	}
	return rec, u.ID, true
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	rec, uid, ok := s.loadVisible(w, r)
	if !ok {
		return
	}
	out := protocol.GameRecord{GameSummary: summarize(rec.Game, uid), Deals: []protocol.DealRecord{}}
	for _, d := range rec.Deals {
		dr := protocol.DealRecord{No: d.No, Deal: json.RawMessage(d.Deal), Result: rawOrNil(d.Result), Moves: make([]string, len(d.Moves))}
		for i, m := range d.Moves {
			dr.Moves[i] = m.Seat.String() + " " + strings.ReplaceAll(m.Action, "_", " ")
		}
		if rec.Kind == "bridge" {
			dr.Explanations = auctionMeanings(d)
		}
		out.Deals = append(out.Deals, dr)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	rec, _, ok := s.loadVisible(w, r)
	if !ok {
		return
	}
	format := r.URL.Query().Get("format")
	if format == "" {
		format = map[string]string{"bridge": "pbn", "belote": "json"}[rec.Kind]
	}
	data, ctype, err := table.ExportRecord(rec, format)
	if errors.Is(err, table.ErrFormat) {
		s.apiError(w, r, http.StatusBadRequest, "bad_request", "format: want pbn or lin for bridge, json for belote")
		return
	}
	if err != nil {
		s.apiError(w, r, http.StatusConflict, "bad_request", err.Error())
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"atout-%s.%s\"", rec.ID, format))
	w.Write(data)
}
