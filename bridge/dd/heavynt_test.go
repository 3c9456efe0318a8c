package dd

import (
	"testing"

	"atout/bridge"
	"atout/card"
)

// excessNT are notrump deals (West on lead) on which the solver searched
// 1.8x to 4.4x DDS 2.9's positions: deals 78, 252, 40, 146, 125 and 236 of
// `atout deal -n 300 --seed 3801` (issue 38, docs/performance.md). DDS's
// positions (solutions=1): 4,738, 14,410, 80,433, 74,496, 64,665, 104,972.
var excessNT = []string{
	"N:J97.AJT983.AQ8.T 84.K65.KJT.AJ975 AKT652.2.7542.62 Q3.Q74.963.KQ843",
	"N:873.AJT97.Q972.3 KQ64.642.JT6.Q42 T9.Q3.A843.AJ985 AJ52.K85.K5.KT76",
	"N:T65.KT982.K62.J6 A43.A7.AQ74.T875 KQJ9.J63.JT985.4 872.Q54.3.AKQ932",
	"N:T8742.QT74.J.KQ8 AKQ.A96532.QT84. J3.8.K9763.AT943 965.KJ.A52.J7652",
	"N:A97.42.9876.QT54 T3.KJ9763.K542.A K42.AQT85.AJ.K98 QJ865..QT3.J7632",
	"N:4.K987.985.J9652 QT6.AT.AQJ643.QT K982.J654.KT7.K7 AJ753.Q32.2.A843",
}

func excessNTDeals(b *testing.B) []bridge.Deal {
	ds := make([]bridge.Deal, len(excessNT))
	for i, s := range excessNT {
		d, err := bridge.ParseRecordDeal(s)
		if err != nil {
			b.Fatal(err)
		}
		ds[i] = d
	}
	return ds
}

// BenchmarkTricksExcessNT times one notrump solve with West on lead over the
// deals where the solver searches most beyond DDS, a fresh table each time.
func BenchmarkTricksExcessNT(b *testing.B) {
	ds := excessNTDeals(b)
	s := NewSolver(0)
	for i := 0; b.Loop(); i++ {
		s.Reset()
		p := Position{Hands: ds[i%len(ds)], Strain: bridge.NoTrump, Leader: card.West}
		if _, err := s.Tricks(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCardValuesExcessNT times every card's value on the same deals.
func BenchmarkCardValuesExcessNT(b *testing.B) {
	ds := excessNTDeals(b)
	s := NewSolver(0)
	for i := 0; b.Loop(); i++ {
		s.Reset()
		p := Position{Hands: ds[i%len(ds)], Strain: bridge.NoTrump, Leader: card.West}
		if _, err := s.CardValues(p); err != nil {
			b.Fatal(err)
		}
	}
}
