package table

import "context"

// Undo: a player at a table against bots takes back his last action.

func (t *Table) Undo(ctx context.Context, userID string, confirm bool) error {
	return t.run(ctx, func() error { return t.undo(userID, confirm) })
}

func (t *Table) undo(userID string, confirm bool) error {
	us, ok := t.seatOf(userID)
	switch {
	case !ok:
		return errf(CodeNotSeated, "you have no seat at this table")
	case t.settings.Competition():
		return errf(CodeForbidden, "no undo at a competition's table")
	case t.humans() != 1:
		return errf(CodeForbidden, "undo is only allowed against bots")
	case t.m.Over() || t.m.DealDone():
		return errf(CodeTurn, "the deal is over")
	case t.claim.blocking():
		return errf(CodeTurn, "a claim is waiting for an answer")
	}
	// The user must have chosen a move in this deal: take it back with
	// what the others did after it, in the store first.
	n := t.m.Back(us)
	if n == 0 {
		return errf(CodeIllegal, "you have no action to take back in this deal")
	}
	if t.undoCrosses(n) && !confirm {
		return errf(CodeConfirm, "this undo goes back from the play into the auction")
	}
	ms := t.m.Moves()
	for seq := len(ms) - 1; seq >= len(ms)-n; seq-- {
		ctx, cancel := t.storeCtx()
		_, err := t.cfg.Store.Undo(ctx, t.id, t.m.DealNo(), seq)
		cancel()
		if err != nil {
			t.storeFailed("undo", err)
			// The moves taken back from the store so far go from the
			// table too, so that both hold the same record.
			if k := len(ms) - 1 - seq; k > 0 {
				if uerr := t.m.Undo(k); uerr == nil {
					t.n -= k
				}
			}
			t.changed()
			t.broadcast()
			return &Error{Code: CodeInternal, Msg: "the undo could not be saved", Err: err}
		}
	}
	if err := t.m.Undo(n); err != nil {
		return &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
	}
	t.claim = nil // a bot's claim of the rest lapses
	t.n -= n
	t.changed()
	t.broadcast()
	t.schedule()
	return nil
}
