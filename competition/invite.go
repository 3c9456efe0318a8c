package competition

// Invitations: naming somebody as a player of a team match, or as the
// partner of a belote duplicate team, invites him; nothing plays in his
// name until he accepts. An answer is stored as a result of the
// competition on board 0 (no board or deal has that number), so every node
// reads it as it reads the results; the first answer stands.
//
//   - A team match opens its rooms once every invited player has accepted
//     (the organiser, who named himself, need not); one refusal calls the
//     match off.
//   - A belote duplicate team plays with its partner once he has accepted;
//     a partner who has not accepted when the event starts is replaced by
//     a bot, one who declines at once.

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"atout/protocol"
	"atout/store"
)

// answerBoard is the board number under which answers are stored.
const answerBoard = 0

// Answers.
const (
	answerAccept  = "accept"
	answerDecline = "decline"
)

// answerData is the Data of an answer.
type answerData struct {
	Answer string `json:"answer"`
	User   string `json:"user"`
}

// answerEntry is the result entry of a team match player's answer.
func answerEntry(user string) string { return "answer:" + user }

// invitees returns the users a match invites: every named player but its
// organiser.
func (mt *teamMatch) invitees() []string {
	var out []string
	for _, ts := range []teamSpec{mt.spec.Home, mt.spec.Away} {
		for _, p := range ts.Players {
			if p.User != "" && p.User != mt.comp.Owner {
				out = append(out, p.User)
			}
		}
	}
	return out
}

// waiting reports whether match mt waits for an answer before it can
// open its rooms (and is not called off).
func (s *Service) waiting(mt *teamMatch) bool {
	w, declined := s.invitation(mt)
	return len(w) > 0 && declined == ""
}

// invitation returns the invited players of mt who have not answered, and
// the one who declined ("" if none).
func (s *Service) invitation(mt *teamMatch) (waiting []string, declined string) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	for _, u := range mt.invitees() {
		switch mt.answers[u] {
		case answerAccept:
		case answerDecline:
			if declined == "" {
				declined = u
			}
		default:
			waiting = append(waiting, u)
		}
	}
	return waiting, declined
}

// noteAnswer records a stored answer of a team match player.
func (s *Service) noteAnswer(mt *teamMatch, r store.CompetitionResult) {
	var a answerData
	if json.Unmarshal(r.Data, &a) != nil || r.Entry != answerEntry(a.User) {
		return
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if _, ok := mt.answers[a.User]; !ok && slices.Contains(mt.invitees(), a.User) {
		mt.answers[a.User] = a.Answer
	}
}

// playerName returns the name of user u in match mt.
func (mt *teamMatch) playerName(u string) string {
	for _, ts := range []teamSpec{mt.spec.Home, mt.spec.Away} {
		for _, p := range ts.Players {
			if p.User == u {
				return p.Name
			}
		}
	}
	return u
}

// AnswerTeamMatch takes the caller's answer to his invitation to match id.
// The last acceptance opens the rooms; a refusal calls the match off.
func (s *Service) AnswerTeamMatch(ctx context.Context, c Caller, id string, body protocol.Answer) (protocol.Created, error) {
	out := protocol.Created{ID: id}
	mt, err := request[*teamMatch](ctx, s, id, "team match")
	if err != nil {
		return out, err
	}
	u := c.User.ID
	if !slices.Contains(mt.invitees(), u) {
		return out, refuse(protocol.CodeBadRequest, "team match %s: you are not invited to it", id)
	}
	answer := answerDecline
	if body.Accept {
		answer = answerAccept
	}
	err = s.st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: answerEntry(u), Board: answerBoard,
		Data: mustJSON(answerData{Answer: answer, User: u})})
	if errors.Is(err, store.ErrConflict) {
		return out, refuse(protocol.CodeConflict, "team match %s: you have answered already", id)
	}
	if err != nil {
		return out, err
	}
	s.cache.mu.Lock()
	if _, ok := mt.answers[u]; !ok {
		mt.answers[u] = answer
	}
	s.cache.mu.Unlock()
	s.cache.stale(id)
	if !body.Accept || s.waiting(mt) {
		return out, nil
	}
	// Every invited player has accepted (as read here: another node may
	// take an answer at the same time; the store's room entries settle
	// which node opens the rooms).
	if err := s.addTeamResults(ctx, mt); err != nil {
		return out, err
	}
	if w, declined := s.invitation(mt); len(w) > 0 || declined != "" {
		return out, nil
	}
	s.cache.mu.Lock()
	opened := mt.tables[0] != ""
	s.cache.mu.Unlock()
	if opened {
		return out, nil
	}
	return out, s.openRooms(ctx, mt, mt.comp.Owner)
}

// maxInviteScan bounds the competitions of each kind read for a user's
// invitations (the latest ones: an invitation is answered before its
// competition starts).
const maxInviteScan = 100

// Invitations lists the competitions that invite user and wait for his
// answer.
func (s *Service) Invitations(ctx context.Context, user string) (protocol.Invitations, error) {
	out := protocol.Invitations{Invitations: []protocol.Invitation{}}
	if user == "" {
		return out, nil
	}
	by := func(owner string) string {
		if u, err := s.st.GetUser(ctx, owner); err == nil {
			return DisplayName(u)
		}
		return ""
	}
	matches, err := s.st.ListCompetitions(ctx, KindTeamMatch, maxInviteScan)
	if err != nil {
		return out, err
	}
	for _, c := range matches {
		var sp teamMatchSpec
		if json.Unmarshal(c.Spec, &sp) != nil || c.Owner == user || !sp.names(user) {
			continue
		}
		mt, err := s.teamMatch(ctx, c.ID)
		if err != nil {
			continue
		}
		if w, declined := s.invitation(mt); declined == "" && slices.Contains(w, user) {
			out.Invitations = append(out.Invitations, protocol.Invitation{Kind: KindTeamMatch, ID: c.ID, Name: c.Name, By: by(c.Owner)})
		}
	}
	events, err := s.st.ListCompetitions(ctx, KindBeloteDuplicate, maxInviteScan)
	if err != nil {
		return out, err
	}
	now := s.Now()
	for _, c := range events {
		if !c.End.IsZero() {
			continue // started: no answer is taken any more
		}
		ev, err := kindOf[*beloteDuplicate](ctx, s, c.ID, "belote duplicate")
		if err != nil || ev.entriesClosed(now) {
			continue
		}
		ev.mu.Lock()
		t := ev.invitedTo(user)
		var team, inviter string
		if t != nil {
			team, inviter = t.name, t.members[0].Name
		}
		ev.mu.Unlock()
		if t != nil {
			out.Invitations = append(out.Invitations, protocol.Invitation{Kind: KindBeloteDuplicate, ID: c.ID, Name: c.Name, By: inviter, Team: team})
		}
	}
	return out, nil
}

// names reports whether user is one of the match's players.
func (sp teamMatchSpec) names(user string) bool {
	for _, ts := range []teamSpec{sp.Home, sp.Away} {
		for _, p := range ts.Players {
			if p.User != "" && p.User == user {
				return true
			}
		}
	}
	return false
}
