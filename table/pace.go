package table

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"atout/card"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

// The bot speeds a player may choose, and "playout", which plays the rest
// of the current deal at once.
const (
	SpeedSlow    = "slow"
	SpeedNormal  = "normal"
	SpeedFast    = "fast"
	SpeedInstant = "instant"
	SpeedPlayOut = "playout"
)

// botSpeed returns the pause before a bot acts for a speed.
func (c *Config) botSpeed(speed string) time.Duration {
	if d, ok := c.BotSpeeds[speed]; ok {
		return d
	}
	switch speed {
	case SpeedSlow:
		return 2 * c.BotDelay
	case SpeedFast:
		return c.BotDelay / 3
	case SpeedInstant:
		return 0
	}
	return c.BotDelay
}

// botDelay is the pause before a bot acts: none without a human or while
// the deal is played out, else the slowest speed the seated humans chose,
// so that nobody misses a card.
func (t *Table) botDelay() time.Duration {
	if t.humans() == 0 || (t.playOut != 0 && t.playOut == t.m.DealNo()) {
		return 0
	}
	d := time.Duration(0)
	for i, s := range t.seats {
		if s.UserID != "" {
			d = max(d, t.cfg.botSpeed(t.speeds[i]))
		}
	}
	return d
}

// SetSpeed sets the bot speed of userID's seat, or plays the current deal
// out at once ("playout": for a player who has nothing left to do in it,
// such as dummy, or at a table where he is the only human).
func (t *Table) SetSpeed(ctx context.Context, userID, speed string) error {
	return t.run(ctx, func() error {
		us, ok := t.seatOf(userID)
		switch {
		case !ok:
			return errf(CodeNotSeated, "you have no seat at this table")
		case speed == SpeedPlayOut && t.m.DealDone():
			return errf(CodeTurn, "the deal is over")
		case speed == SpeedPlayOut && !t.mayPlayOut(us):
			return errf(CodeForbidden, "the deal is played out for dummy, or at a table with no other human")
		case speed == SpeedPlayOut:
			t.playOut = t.m.DealNo()
		case speed == SpeedSlow || speed == SpeedNormal || speed == SpeedFast || speed == SpeedInstant:
			t.speeds[us] = speed
		default:
			return errf(CodeBadRequest, "speed %q: want slow, normal, fast, instant or playout", speed)
		}
		t.restated()
		t.broadcast()
		return nil
	})
}

// mayPlayOut reports whether seat us may have the bots play the rest of
// the deal at once: at a table where he is the only human, or when his
// cards are somebody else's to play (dummy). The humans still play their
// own cards.
func (t *Table) mayPlayOut(us card.Seat) bool {
	return t.humans() == 1 || t.m.Controller(us) != us
}

// botClaim lets a bot declarer claim the rest when every card of his side
// is a master and the one human at the table defends, once per deal. The
// claim stops nothing: the bots play on while it waits, and the human may
// accept it (the deal ends), refuse it, or just play on; it lapses with the
// deal. (With several humans the table goes at their pace, and bots do not
// claim.) It reports whether a claim was made; the bot then still acts.
func (t *Table) botClaim(ctrl card.Seat) bool {
	bc, ok := t.m.(match.BotClaimer)
	if !ok || t.seats[ctrl].UserID != "" || t.botClaimed == t.m.DealNo() || t.humans() != 1 {
		return false
	}
	decl, tricks, ok := bc.BotClaim()
	if !ok || decl != ctrl {
		return false
	}
	var humans []card.Seat
	for _, s := range []card.Seat{decl.Next(), decl.Prev()} {
		if t.seats[s].UserID != "" {
			humans = append(humans, s)
		}
	}
	if len(humans) == 0 {
		return false
	}
	t.claim = &pendingClaim{by: decl, tricks: tricks, waiting: humans, bot: true}
	t.botClaimed = t.m.DealNo()
	t.changed()
	t.broadcast()
	return true
}

// chatGap is the least time between two lines of chat from one seat;
// chatKept the lines a player joining gets.
const (
	chatGap  = time.Second
	chatKept = 50
)

// Chat says a line at a table with more than one human: stored with the
// game, then sent to everybody at the table.
func (t *Table) Chat(ctx context.Context, userID, text string) error {
	text = strings.TrimSpace(text)
	return t.run(ctx, func() error {
		us, ok := t.seatOf(userID)
		switch {
		case !ok:
			return errf(CodeNotSeated, "you have no seat at this table")
		case t.humans() < 2:
			return errf(CodeForbidden, "chat is open at tables with more than one human")
		case text == "" || utf8.RuneCountInString(text) > store.MaxChatText || !utf8.ValidString(text):
			return errf(CodeBadRequest, "chat: want 1 to %d characters", store.MaxChatText)
		case time.Since(t.chatAt[us]) < chatGap:
			return errf(CodeLimited, "one line a second")
		}
		line := store.ChatLine{UserID: userID, Seat: us, Name: t.seats[us].Name, Text: text}
		sctx, cancel := t.storeCtx()
		at, err := t.cfg.Store.AddChat(sctx, t.id, line)
		cancel()
		if err != nil {
			return &Error{Code: CodeInternal, Msg: "the line could not be saved", Err: err}
		}
		t.chatAt[us] = time.Now()
		t.notify(protocol.ChatLine{Type: protocol.TypeChat, Seat: us, Name: line.Name, Text: text, At: at})
		return nil
	})
}

// sendChat sends s the latest lines of chat, for a player joining.
func (t *Table) sendChat(s *Sub) {
	if t.humans() < 2 {
		return
	}
	ctx, cancel := t.storeCtx()
	lines, err := t.cfg.Store.Chat(ctx, t.id, chatKept)
	cancel()
	if err != nil {
		t.log.Warn("chat not read", "err", err)
		return
	}
	for _, l := range lines {
		b, err := json.Marshal(protocol.ChatLine{Type: protocol.TypeChat, Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At})
		if err == nil {
			t.send(s, b)
		}
	}
}
