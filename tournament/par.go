package tournament

import (
	"fmt"
	"sort"
	"strings"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// ParContract is one contract that reaches the par score: the contract
// (doubled when it is a sacrifice that goes down), the side declaring it,
// the declarers who take the side's best number of tricks in that strain,
// and the tricks over (positive) or under (negative) the contract.
type ParContract struct {
	Contract  bridge.Contract
	Side      card.Side
	Declarers []card.Seat
	Over      int
}

// String writes the contract as DDS does: "4S-NS+1", "3N-N", "5C*-EW-2"
// (a star marks a doubled sacrifice).
func (p ParContract) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d%s", p.Contract.Level, strings.TrimSuffix(p.Contract.Strain.String(), "T"))
	if p.Contract.Doubled > 0 {
		b.WriteByte('*')
	}
	b.WriteByte('-')
	if len(p.Declarers) == 2 {
		b.WriteString(p.Side.String())
	} else {
		for _, s := range p.Declarers {
			b.WriteString(s.String())
		}
	}
	if p.Over != 0 {
		fmt.Fprintf(&b, "%+d", p.Over)
	}
	return b.String()
}

// Par is the par of a board: the score from North-South's side when both
// sides bid perfectly knowing all four hands (doubling any contract that
// fails, bidding on whenever it pays), and the contracts reaching it.
type Par struct {
	ScoreNS   int
	Contracts []ParContract
}

// String writes "NS 420: 4S-NS,4H-NS" or "NS 0: pass".
func (p Par) String() string {
	cs := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		cs[i] = c.String()
	}
	if len(cs) == 0 {
		cs = []string{"pass"}
	}
	return fmt.Sprintf("NS %d: %s", p.ScoreNS, strings.Join(cs, ","))
}

// ParFromTable computes the par of a deal from its double-dummy table, the
// dealer and the vulnerability. It plays out the competitive auction as a
// game of perfect information: after a bid by one side, the other side
// either passes (the contract is played, doubled if it fails) or bids any
// higher contract; the dealer's side may open first, so a contract both
// sides could reach at the same level goes to it. Solved backwards over the
// 35 bids. The par contracts are, for each strain, the lowest contract of
// the par side that scores par and after which the opponents cannot do
// better.
func ParFromTable(tbl dd.Table, dealer card.Seat, vul bridge.Vul) Par {
	var tricks [2][5]int
	for _, s := range card.Seats {
		for st := range 5 {
			tricks[s.Side()][st] = max(tricks[s.Side()][st], tbl[s][st])
		}
	}
	payoff := func(b int, x card.Side) int {
		c := bridge.Contract{Level: uint8(b/5 + 1), Strain: bridge.Strain(b % 5)}
		tr := tricks[x][c.Strain]
		if tr < int(c.Level)+6 {
			c.Doubled = 1
		}
		s := bridge.Score(c, tr, vul.Has(x))
		if x == card.EW {
			return -s
		}
		return s
	}
	better := func(x card.Side, a, b int) int { // the better of a and b for side x
		if (x == card.NS) == (a > b) {
			return a
		}
		return b
	}
	// V[b][x]: NS score when side x has just bid b and the other side acts.
	var V [35][2]int
	var bestAbove [36][2]int // best for side y of V[b'][y] over b' >= b; valid for b < 35
	for b := 34; b >= 0; b-- {
		for x := card.NS; x <= card.EW; x++ {
			y := x.Other()
			v := payoff(b, x)
			if b < 34 {
				v = better(y, v, bestAbove[b+1][y])
			}
			V[b][x] = v
		}
		for y := card.NS; y <= card.EW; y++ {
			bestAbove[b][y] = V[b][y]
			if b < 34 {
				bestAbove[b][y] = better(y, V[b][y], bestAbove[b+1][y])
			}
		}
	}
	d, o := dealer.Side(), dealer.Side().Other()
	v := better(o, bestAbove[0][o], 0)   // fourth seat
	v = better(d, bestAbove[0][d], v)    // third seat
	v = better(o, bestAbove[0][o], v)    // second seat
	par := better(d, bestAbove[0][d], v) // dealer
	p := Par{ScoreNS: par}
	if par == 0 {
		return p
	}
	// leftIn[b][y]: the best, for side y, of its contracts above bid b if
	// they were left in.
	var leftIn [35][2]int
	for y := card.NS; y <= card.EW; y++ {
		leftIn[34][y] = 1 << 30 // no contract above 7NT: the worst possible for y
		if y == card.NS {
			leftIn[34][y] = -leftIn[34][y]
		}
		for b := 33; b >= 0; b-- {
			leftIn[b][y] = better(y, payoff(b+1, y), leftIn[b+1][y])
		}
	}
	for x := card.NS; x <= card.EW; x++ {
		y := x.Other()
		seen := [5]bool{}
		for b := range 35 {
			st := b % 5
			if seen[st] || payoff(b, x) != par || V[b][x] != par || better(y, leftIn[b][y], par) != par {
				continue
			}
			seen[st] = true
			c := bridge.Contract{Level: uint8(b/5 + 1), Strain: bridge.Strain(st)}
			tr := tricks[x][st]
			if tr < int(c.Level)+6 {
				c.Doubled = 1
			}
			pc := ParContract{Contract: c, Side: x, Over: tr - int(c.Level) - 6}
			for _, s := range card.Seats {
				if s.Side() == x && tbl[s][st] == tr {
					pc.Declarers = append(pc.Declarers, s)
				}
			}
			p.Contracts = append(p.Contracts, pc)
		}
	}
	sort.SliceStable(p.Contracts, func(i, j int) bool {
		return contractRank(p.Contracts[i].Contract) > contractRank(p.Contracts[j].Contract)
	})
	return p
}
