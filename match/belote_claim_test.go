package match

import (
	"testing"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// TestBeloteBotClaim: a bot claims the rest when it is on lead and every
// trick left is sure from its own hand; the claim it makes is legal, gives
// its side the rest, and ends and scores the deal; PlayStart does not count
// the claim as a call.
func TestBeloteBotClaim(t *testing.T) {
	claims := 0
	for i := 0; i < 300 && claims < 20; i++ {
		rnd := card.NewRand(uint64(500 + i))
		m := NewBelote(belote.Rules{Mode: belote.Coinche, Announcements: true}, nil)
		start(t, m, rnd)
		for steps := 0; !m.DealDone(); steps++ {
			if by, tricks, ok := m.BotClaim(); ok {
				d := m.deal()
				if by != d.Turn() || !d.SureRest(by) {
					t.Fatalf("BotClaim %v, turn %v", by, d.Turn())
				}
				calls := m.PlayStart()
				if err := Apply(m, game.Move{Seat: by, Action: belote.Claim(tricks).String()}); err != nil {
					t.Fatalf("the bot's claim: %v", err)
				}
				if _, rest, ok := m.deal().Claimed(); !ok || rest != by.Side() || !m.DealDone() {
					t.Fatalf("after the bot's claim: rest %v %v", rest, ok)
				}
				if m.PlayStart() != calls {
					t.Errorf("PlayStart %d after the claim, %d before", m.PlayStart(), calls)
				}
				if _, err := m.ScoreDeal(); err != nil {
					t.Fatal(err)
				}
				claims++
				break
			}
			g := m.Game()
			seat := g.ToAct()[0]
			legal := g.Legal(seat)
			if err := Apply(m, game.Move{Seat: seat, Action: legal[rnd.IntN(len(legal))]}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if claims < 20 {
		t.Fatalf("only %d bot claims in 300 deals", claims)
	}
}
