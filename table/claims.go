package table

import (
	"context"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

// Claims: a player claims or concedes the rest of the tricks; the
// opponents (bots by double dummy, humans by answering) accept or refuse.

func (t *Table) Claim(ctx context.Context, userID string, tricks int) error {
	return t.run(ctx, func() error { return t.startClaim(userID, tricks) })
}

func (t *Table) startClaim(userID string, tricks int) error {
	us, ok := t.seatOf(userID)
	switch {
	case !ok:
		return errf(CodeNotSeated, "you have no seat at this table")
	}
	holds := t.abilities().ClaimHolds
	switch {
	case holds == nil:
		return errf(CodeBadRequest, "no claims in this game")
	case t.m.Over() || t.m.DealDone():
		return errf(CodeTurn, "the deal is over")
	case t.claim != nil || t.claimBusy:
		return errf(CodeTurn, "a claim is already waiting for an answer")
	}
	// The engine checks the phase, dummy and the range.
	if _, err := t.m.Play(claimMove(us, tricks)); err != nil {
		return &Error{Code: CodeIllegal, Msg: err.Error(), Err: err}
	}
	var humans, botsOpp []card.Seat
	for _, s := range []card.Seat{us.Next(), us.Prev()} {
		if t.seats[s].UserID != "" {
			humans = append(humans, s)
		} else {
			botsOpp = append(botsOpp, s)
		}
	}
	if len(humans) > 0 {
		t.claim = &pendingClaim{by: us, tricks: tricks, waiting: humans}
		t.changed()
		t.broadcast()
		return nil
	}
	// The same claim at the same position has the same answer: given
	// at once, without a search.
	if ok, known := t.claimMemo.answer(t, us, tricks); known {
		t.resolveClaim(us, tricks, ok, claimReason(ok))
		return nil
	}
	// Bots answer by double dummy: they accept a claim that best play
	// cannot beat. The check runs on the hub's workers, urgent; a full
	// queue refuses the claim for now.
	v := t.version
	d := t.m.Clone()
	ctx, cancel := context.WithTimeout(context.Background(), t.cfg.HintTimeout)
	var held bool
	queued := t.cfg.Workers.Go(ctx, true, func(ctx context.Context) error {
		var err error
		held, err = holds(ctx, d, us, tricks)
		return err
	}, func(err error) {
		cancel()
		if err != nil && !errors.Is(err, match.ErrClosed) {
			t.log.Warn("claim not checked", "err", err)
		}
		ok := err == nil && held
		t.post(func() {
			t.claimBusy = false
			if t.version != v {
				t.schedule()
				return
			}
			if err == nil {
				t.claimMemo.remember(t, us, tricks, ok)
			}
			t.resolveClaim(us, tricks, ok, claimReason(ok))
		})
	})
	if !queued {
		cancel()
		return ErrAnalysisBusy
	}
	t.claimBusy = true
	return nil
}

// isClaim reports whether action is a claim move ("claim 9"), which only
// the claim flow applies, once the opponents have accepted it: never an
// act.
func isClaim(action string) bool {
	f := strings.Fields(action)
	return len(f) > 0 && strings.EqualFold(f[0], "claim")
}

// claimMove is the move of a claim by seat by of a total of tricks.
func claimMove(by card.Seat, tricks int) game.Move {
	return game.Move{Seat: by, Action: "claim " + strconv.Itoa(tricks)}
}

// undoCrosses reports whether taking back the last n moves of the deal
// goes from the card play back into the auction.
func (t *Table) undoCrosses(n int) bool {
	start := t.m.PlayStart()
	return start >= 0 && len(t.m.Moves())-n < start
}

// The reasons of a claim that was not accepted.
const (
	claimRefused   = "refused"
	claimWithdrawn = "withdrawn"
	claimBeaten    = "beaten"
)

// claimReason is the reason of a claim the bots answered.
func claimReason(accepted bool) string {
	if accepted {
		return ""
	}
	return claimBeaten
}

// claimMemo holds the bots' answers to the claims made at one position
// (a deal and its moves). A claim the bots refused may be made
// again at once, in a loop (issue 33: claims at 20 tables for 30 s): the
// answer comes from here, and only a new position or a new number of
// tricks costs a double-dummy search, at most one at a time per table
// (claimBusy) on the bounded pool.
type claimMemo struct {
	deal    int
	moves   uint64 // a hash of the deal's moves (an undo may replay others)
	answers map[claimKey]bool
}

type claimKey struct {
	side   int // the claimer's side: 0 North-South, 1 East-West
	tricks int
}

func (c *claimMemo) at(t *Table) bool {
	return c.answers != nil && c.deal == t.m.DealNo() && c.moves == movesHash(t.m.Moves())
}

// movesHash identifies a list of moves.
func movesHash(moves []game.Move) uint64 {
	h := fnv.New64a()
	for _, m := range moves {
		h.Write([]byte{byte(m.Seat)})
		h.Write([]byte(m.Action))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// answer returns the answer given to the claim at t's position, if any.
func (c *claimMemo) answer(t *Table, by card.Seat, tricks int) (accepted, known bool) {
	if !c.at(t) {
		return false, false
	}
	accepted, known = c.answers[claimKey{int(by.Side()), tricks}]
	return accepted, known
}

// remember records the answer to a claim at t's position.
func (c *claimMemo) remember(t *Table, by card.Seat, tricks int, accepted bool) {
	if !c.at(t) {
		*c = claimMemo{deal: t.m.DealNo(), moves: movesHash(t.m.Moves()), answers: map[claimKey]bool{}}
	}
	c.answers[claimKey{int(by.Side()), tricks}] = accepted
}

// resolveClaim ends a pending claim: accepted, or not for reason.
func (t *Table) resolveClaim(by card.Seat, tricks int, accepted bool, reason string) {
	t.claim = nil
	t.changed()
	if !accepted && t.seats[by].UserID == "" {
		t.botClaimed = t.m.DealNo()
	}
	if !accepted && reason != claimWithdrawn {
		// Kept for the claimer's profile: the moves keep no trace of it.
		ctx, cancel := t.storeCtx()
		err := t.cfg.Store.RecordRefusedClaim(ctx, store.DealRef{GameID: t.id, No: t.m.DealNo()},
			store.RefusedClaim{Seq: len(t.m.Moves()), Seat: by, Tricks: tricks, Reason: reason})
		cancel()
		if err != nil {
			t.log.Warn("refused claim not stored", "err", err)
		}
	}
	t.notify(ClaimNotice{Type: protocol.TypeClaim, By: by, Tricks: tricks, Accepted: accepted, Reason: reason})
	if accepted {
		if err := t.applyMove(claimMove(by, tricks), false, time.Now()); err == nil {
			return
		}
	}
	t.broadcast()
	t.schedule()
}

func (t *Table) AnswerClaim(ctx context.Context, userID string, accept bool) error {
	var err error
	if e := t.exec(ctx, func() {
		us, ok := t.seatOf(userID)
		c := t.claim
		switch {
		case !ok:
			err = errf(CodeNotSeated, "you have no seat at this table")
		case c == nil:
			err = errf(CodeTurn, "no claim is waiting")
		case us == c.by:
			if accept {
				err = errf(CodeBadRequest, "you cannot accept your own claim")
				return
			}
			t.resolveClaim(c.by, c.tricks, false, claimWithdrawn)
		case !slices.Contains(c.waiting, us):
			err = errf(CodeTurn, "the claim is not waiting for you")
		case !accept:
			t.resolveClaim(c.by, c.tricks, false, claimRefused)
		default:
			c.waiting = slices.DeleteFunc(c.waiting, func(s card.Seat) bool { return s == us })
			if len(c.waiting) == 0 {
				t.resolveClaim(c.by, c.tricks, true, "")
				return
			}
			t.changed()
			t.broadcast()
		}
	}); e != nil {
		return e
	}
	return err
}
