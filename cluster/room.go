package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"atout/card"
	"atout/protocol"
	"atout/table"
)

// room is a table as seen from this node: calls go to the local table when
// this node owns it, else to the owner over NATS. It holds no state, so it
// follows the table from owner to owner.
type room struct {
	h        *Hub
	id, kind string
	// direct is where the browsers reach the node that answered the
	// latest Info from another node ("" when this node answered, or the
	// owner advertises nothing): see Direct.
	direct atomic.Pointer[string]
}

var _ table.Room = (*room)(nil)

func (r *room) ID() string   { return r.id }
func (r *room) Kind() string { return r.kind }

func (r *room) Subscribe(ctx context.Context, userID, lang string) (*table.Sub, error) {
	if t := r.h.localTable(r.id); t != nil {
		sub, err := t.Subscribe(ctx, userID, lang)
		if !errors.Is(err, table.ErrClosed) {
			return sub, err
		}
	}
	return r.h.subscribe(ctx, r.id, userID, lang)
}

// call runs local on the table if it is here, else sends req to its owner.
// A call nobody received (no owner answers, or the table stopped before
// running it) is tried again — after claiming the table if its lease lapsed
// — for up to RetryTimeout; one whose outcome is unknown (the owner did not
// answer in time) is not, and gives [table.CodeBusy].
func (r *room) call(ctx context.Context, req request, local func(*table.Table) (reply, error)) (reply, error) {
	h := r.h
	deadline := time.Now().Add(h.cfg.RetryTimeout)
	backoff := 20 * time.Millisecond
	for {
		if t := h.localTable(r.id); t != nil {
			rep, err := local(t)
			if !errors.Is(err, table.ErrClosed) {
				return rep, err
			}
		} else {
			timeout := h.cfg.CallTimeout
			if req.Op == opHint {
				timeout += h.cfg.Table.HintTimeout
			}
			req.TimeoutMS = timeout.Milliseconds()
			rctx, cancel := context.WithTimeout(ctx, timeout)
			rep, err := h.request(rctx, r.id, req)
			cancel()
			switch {
			case err == nil:
				if e := rep.err(); !errors.Is(e, table.ErrClosed) {
					return rep, e
				}
			case errors.Is(err, nats.ErrNoResponders):
				t, aerr := h.adopt(ctx, r.id)
				if aerr != nil {
					if errors.Is(aerr, table.ErrNotFound) || errors.Is(aerr, table.ErrClosed) || ctx.Err() != nil {
						return reply{}, aerr
					}
					return reply{}, &table.Error{Code: table.CodeInternal, Msg: "the table could not be taken over", Err: aerr}
				}
				if t != nil {
					continue
				}
			case ctx.Err() != nil:
				return reply{}, ctx.Err()
			default:
				return reply{}, &table.Error{Code: table.CodeBusy, Msg: "the table's server did not answer in time; try again", Err: err}
			}
		}
		if time.Now().After(deadline) {
			return reply{}, &table.Error{Code: table.CodeBusy, Msg: "the table has no server right now; try again"}
		}
		timer := time.NewTimer(backoff)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return reply{}, ctx.Err()
		}
		backoff = min(2*backoff, 500*time.Millisecond)
	}
}

func (r *room) Act(ctx context.Context, userID string, seat card.Seat, action string, n int) error {
	_, err := r.call(ctx, request{Op: opAct, User: userID, Seat: int(seat), Action: action, N: n},
		func(t *table.Table) (reply, error) { return reply{}, t.Act(ctx, userID, seat, action, n) })
	return err
}

func (r *room) Claim(ctx context.Context, userID string, tricks int) error {
	_, err := r.call(ctx, request{Op: opClaim, User: userID, Tricks: tricks},
		func(t *table.Table) (reply, error) { return reply{}, t.Claim(ctx, userID, tricks) })
	return err
}

func (r *room) AnswerClaim(ctx context.Context, userID string, accept bool) error {
	_, err := r.call(ctx, request{Op: opAnswer, User: userID, Accept: accept},
		func(t *table.Table) (reply, error) { return reply{}, t.AnswerClaim(ctx, userID, accept) })
	return err
}

func (r *room) Undo(ctx context.Context, userID string, confirm bool) error {
	_, err := r.call(ctx, request{Op: opUndo, User: userID, Confirm: confirm},
		func(t *table.Table) (reply, error) { return reply{}, t.Undo(ctx, userID, confirm) })
	return err
}

func (r *room) SetSpeed(ctx context.Context, userID, speed string) error {
	_, err := r.call(ctx, request{Op: opSpeed, User: userID, Speed: speed},
		func(t *table.Table) (reply, error) { return reply{}, t.SetSpeed(ctx, userID, speed) })
	return err
}

func (r *room) Chat(ctx context.Context, userID, text string) error {
	_, err := r.call(ctx, request{Op: opChat, User: userID, Text: text},
		func(t *table.Table) (reply, error) { return reply{}, t.Chat(ctx, userID, text) })
	return err
}

func (r *room) Hint(ctx context.Context, userID string) (table.Hint, error) {
	rep, err := r.call(ctx, request{Op: opHint, User: userID}, func(t *table.Table) (reply, error) {
		h, err := t.Hint(ctx, userID)
		return reply{Hint: &h}, err
	})
	if err != nil || rep.Hint == nil {
		return table.Hint{}, err
	}
	return *rep.Hint, nil
}

// Over reports whether the match is over, as the table's owner says.
func (r *room) Meanings(ctx context.Context, userID string) (protocol.Meanings, error) {
	rep, err := r.call(ctx, request{Op: opMeaning, User: userID}, func(t *table.Table) (reply, error) {
		m, err := t.Meanings(ctx, userID)
		return reply{Meanings: &m}, err
	})
	if err != nil || rep.Meanings == nil {
		return protocol.Meanings{}, err
	}
	return *rep.Meanings, nil
}

func (r *room) Over() bool {
	if t := r.h.localTable(r.id); t != nil {
		return t.Over()
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.h.cfg.CallTimeout)
	defer cancel()
	in, err := r.Info(ctx, "")
	return err == nil && in.Over
}

func (r *room) Next(ctx context.Context, userID string) error {
	_, err := r.call(ctx, request{Op: opNext, User: userID},
		func(t *table.Table) (reply, error) { return reply{}, t.Next(ctx, userID) })
	return err
}

func (r *room) Sit(ctx context.Context, p table.Player, seat card.Seat) error {
	_, err := r.call(ctx, request{Op: opSit, User: p.ID, Name: p.Name, Invite: p.Invite, Seat: int(seat)},
		func(t *table.Table) (reply, error) { return reply{}, t.Sit(ctx, p, seat) })
	return err
}

func (r *room) Info(ctx context.Context, userID string) (table.Info, error) {
	var in table.Info
	rep, err := r.call(ctx, request{Op: opInfo, User: userID}, func(t *table.Table) (reply, error) {
		var err error
		in, err = t.Info(ctx, userID)
		return reply{}, err
	})
	direct := rep.Direct
	r.direct.Store(&direct)
	if err != nil || rep.Info == nil {
		return in, err
	}
	if err := json.Unmarshal(rep.Info, &in); err != nil {
		return table.Info{}, &table.Error{Code: table.CodeInternal, Msg: "bad table description from its server", Err: err}
	}
	return in, nil
}

// Direct is where the players' browsers reach the node serving the table
// itself, as its answer to the latest Info said (the owner's
// Config.Advertise): "" when this node serves it, when the owner
// advertises no address, or before an Info. A WebSocket of a table served
// elsewhere is then better sent there than relayed over NATS.
func (r *room) Direct() string {
	if d := r.direct.Load(); d != nil {
		return *d
	}
	return ""
}

func (r *room) SeatOf(ctx context.Context, userID string) (card.Seat, bool, error) {
	rep, err := r.call(ctx, request{Op: opSeat, User: userID}, func(t *table.Table) (reply, error) {
		seat, ok, err := t.SeatOf(ctx, userID)
		return reply{Seat: int(seat), OK: ok}, err
	})
	return card.Seat(rep.Seat), rep.OK, err
}

func (r *room) Export(ctx context.Context, format string) ([]byte, string, error) {
	rep, err := r.call(ctx, request{Op: opExport, Format: format}, func(t *table.Table) (reply, error) {
		data, ctype, err := t.Export(ctx, format)
		return reply{Data: data, Type: ctype}, err
	})
	return rep.Data, rep.Type, err
}
