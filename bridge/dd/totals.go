package dd

import (
	"context"

	"atout/bridge"
)

// CardTotals solves every legal card of the player to move in g, a deal in
// its card play: for each card ("SA"), declarer's total tricks in the deal
// (those won so far plus the double-dummy result of the rest) after it.
// The hints at the table and the steps of a replay show it.
func CardTotals(ctx context.Context, s *Solver, g *bridge.Game) (map[string]int, error) {
	p := PositionOf(g)
	vals, err := s.CardValuesContext(ctx, p)
	if err != nil {
		return nil, err
	}
	decl, _ := g.Declarer()
	cp := g.CardPlay()
	won := cp.DeclarerTricks()
	out := make(map[string]int, len(vals))
	for _, v := range vals {
		n := v.Tricks
		if p.ToMove().Side() != decl.Side() {
			n = p.TricksLeft() - n
		}
		out[v.Card.String()] = won + n
	}
	return out, nil
}
