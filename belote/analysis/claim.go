package analysis

import (
	"context"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/card"
	"atout/game"
)

// ClaimHolds is the [match.Abilities] check of a belote claim
// (docs/belote-claims.md): a claim gives every trick left to one side, so
// it holds when that side takes them all against every defence, all cards
// open. A concession (the claimer's side gives the rest to the opponents,
// who answer it) always holds: it only gives them tricks. tricks is the
// takers' total the claim states, already checked by the engine.
func ClaimHolds(ctx context.Context, d game.Game, by card.Seat, tricks int) (bool, error) {
	x, err := deal(d)
	if err != nil {
		return false, err
	}
	con, ok := x.Contract()
	lo, hi, inPlay := x.ClaimRange()
	if !ok || !inPlay || (tricks != lo && tricks != hi) {
		return false, nil
	}
	side := con.Takers()
	if tricks == lo {
		side = side.Other()
	}
	if side != by.Side() {
		return true, nil
	}
	p := belotebot.PositionOf(x)
	return TakesAll(ctx, &p, x.Rules(), x.Trump(), side)
}

// TakesAll reports whether side takes every trick left in position p
// (under rules r and trump) against every defence, all cards open: an
// exact search where side chooses its cards and the other side tries every
// legal card, a trick lost ending the line. Positions at the start of a
// trick are remembered. It stops with ctx's error when ctx ends.
func TakesAll(ctx context.Context, p *belotebot.Position, r belote.Rules, trump card.Suit, side card.Side) (bool, error) {
	s := &takeAll{ctx: ctx, r: r, trump: trump, side: side, memo: map[takeKey]bool{}}
	ok := s.search(p)
	if s.err != nil {
		return false, s.err
	}
	return ok, nil
}

type takeKey struct {
	hands  [4]card.Hand
	leader card.Seat
}

type takeAll struct {
	ctx   context.Context
	r     belote.Rules
	trump card.Suit
	side  card.Side
	memo  map[takeKey]bool
	nodes int
	err   error
}

func (s *takeAll) search(p *belotebot.Position) bool {
	if s.err != nil {
		return false
	}
	if s.nodes++; s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
	}
	var key takeKey
	if len(p.Trick) == 0 {
		if p.Hands == [4]card.Hand{} {
			return true
		}
		key = takeKey{p.Hands, p.Leader}
		if v, ok := s.memo[key]; ok {
			return v
		}
	}
	turn := p.Turn()
	ours := turn.Side() == s.side
	legal := belote.LegalPlays(p.Hands[turn], p.Trick, s.trump, s.r)
	result := !ours // ours: some card must work; theirs: every card must fail
	for _, c := range legal.Cards() {
		q := *p
		q.Play(c, s.r, s.trump)
		// A trick lost ends the line.
		ok := (len(q.Trick) != 0 || q.Leader.Side() == s.side) && s.search(&q)
		if ours && ok {
			result = true
			break
		}
		if !ours && !ok {
			result = false
			break
		}
	}
	if len(p.Trick) == 0 && s.err == nil {
		s.memo[key] = result
	}
	return result
}
