package dd

import (
	"fmt"
	"sort"
	"strings"

	"atout/bridge"
	"atout/card"
)

// ParContract is one par contract: the contract, the seats that can declare
// it with the par result (both seats of the side, or one), and the result
// (overtricks when positive, undertricks of a doubled sacrifice when
// negative).
type ParContract struct {
	Contract  bridge.Contract
	Declarers []card.Seat // one seat, or both seats of the side
	Result    int         // tricks over (+) or under (-) the contract
}

// Side returns the partnership declaring the contract.
func (c ParContract) Side() card.Side { return c.Declarers[0].Side() }

// who writes the declarers: "NS", "EW" or a single seat.
func (c ParContract) who() string {
	if len(c.Declarers) == 2 {
		return c.Side().String()
	}
	return c.Declarers[0].String()
}

// String writes the contract in the JSON form of `atout solve`: declarers,
// a space, the contract with X when doubled, and the result when not
// exactly made: "NS 4S", "EW 3NT+1", "N 6H", "NS 5DX-2".
func (c ParContract) String() string {
	s := c.who() + " " + c.Contract.String()
	if c.Result > 0 {
		s += fmt.Sprintf("+%d", c.Result)
	} else if c.Result < 0 {
		s += fmt.Sprintf("%d", c.Result)
	}
	return s
}

// DDSString writes the contract as DDS's dealer par does: "4S-EW+1",
// "3N-N", "5D*-NS-2" (* for doubled, N for no-trump).
func (c ParContract) DDSString() string {
	st := c.Contract.Strain.String()
	if c.Contract.Strain == bridge.NoTrump {
		st = "N"
	}
	s := fmt.Sprintf("%d%s", c.Contract.Level, st)
	if c.Contract.Doubled > 0 {
		s += "*"
	}
	s += "-" + c.who()
	if c.Result > 0 {
		s += fmt.Sprintf("+%d", c.Result)
	} else if c.Result < 0 {
		s += fmt.Sprintf("%d", c.Result)
	}
	return s
}

// ParResult is the par of a deal: the score from North-South's side and the
// contracts that reach it (none when the deal is passed out).
type ParResult struct {
	Score     int
	Contracts []ParContract
}

// Strings returns the contracts in the JSON form (see ParContract.String).
func (p ParResult) Strings() []string {
	out := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		out[i] = c.String()
	}
	return out
}

// DDSString joins the contracts in DDS's dealer-par form, "4S-EW+1,4H-EW",
// or "pass" for a passed-out deal.
func (p ParResult) DDSString() string {
	if len(p.Contracts) == 0 {
		return "pass"
	}
	parts := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		parts[i] = c.DDSString()
	}
	return strings.Join(parts, ",")
}

// ParFromDeal solves the deal and returns its par for the dealer and
// vulnerability.
func ParFromDeal(d bridge.Deal, dealer card.Seat, vul bridge.Vul, threads int) (ParResult, Table, error) {
	t, err := CalcTable(d, threads)
	if err != nil {
		return ParResult{}, t, err
	}
	return Par(&t, dealer, vul), t, nil
}

// Par computes the par score and par contracts of a table for a dealer and
// vulnerability.
//
// Par is found as the outcome of a bidding game between the two sides, both
// knowing the table: the dealer's side may open first; then each side in
// turn either passes, leaving the last contract to be played, or bids any
// higher contract. A contract that makes is played undoubled, one that fails
// is doubled; each side declares with its better declarer in the strain,
// and each side aims at its own best score. So a side bids the best game or
// slam that outranks what the other side can make, the other side sacrifices
// when a doubled contract costs less than the opponents' score, and when
// both sides can make the same contract the one that bids first takes it.
//
// The contracts listed are the final contracts of all the optimal lines of
// bidding, each at the lowest level that reaches the par score, with the
// seats of the side that achieve it, in DDS's order: making contracts by
// the highest contract that makes (level plus overtricks, then strain),
// highest first; sacrifices clubs first and no-trump last.
func Par(t *Table, dealer card.Seat, vul bridge.Vul) ParResult {
	return parFirst(t, dealer.Side(), vul)
}

// SidesPar returns the par when North-South may bid first ([0]) and when
// East-West may ([1]); they differ only when both sides can make the same
// contract.
func SidesPar(t *Table, vul bridge.Vul) [2]ParResult {
	return [2]ParResult{parFirst(t, card.NS, vul), parFirst(t, card.EW, vul)}
}

// a contract of the game: rank 1..35 (1C..7NT) and the declaring side.
type parGame struct {
	t      *Table
	vul    bridge.Vul
	best   [2][5]int // best tricks of each side in each strain
	val    [36][2]int
	memo   [36][2]int
	done   [36][2]bool
	finals [36][2]*[2]uint64
}

func rankContract(r int) (level int, st bridge.Strain) {
	return (r-1)/5 + 1, bridge.Strain((r - 1) % 5)
}

// value returns the score for North-South when side s plays contract rank r,
// doubled when it fails.
func (g *parGame) value(r int, s card.Side) int {
	level, st := rankContract(r)
	tr := g.best[s][st]
	c := bridge.Contract{Level: uint8(level), Strain: st}
	if tr < level+6 {
		c.Doubled = 1
	}
	v := bridge.Score(c, tr, g.vul.Has(s))
	if s == card.EW {
		v = -v
	}
	return v
}

// sign turns an NS score into side s's point of view.
func sign(v int, s card.Side) int {
	if s == card.EW {
		return -v
	}
	return v
}

// after returns the NS score when side s has just bid rank r and the other
// side is to act, with both sides playing well.
func (g *parGame) after(r int, s card.Side) int {
	if g.done[r][s] {
		return g.memo[r][s]
	}
	o := s ^ 1
	bestV := g.val[r][s]
	for r2 := r + 1; r2 <= 35; r2++ {
		if v := g.after(r2, o); sign(v, o) > sign(bestV, o) {
			bestV = v
		}
	}
	g.done[r][s] = true
	g.memo[r][s] = bestV
	return bestV
}

// finalsOf returns the set of final contracts (bit r*2+side) of the optimal
// lines from state (r, s).
func (g *parGame) finalsOf(r int, s card.Side) [2]uint64 {
	if f := g.finals[r][s]; f != nil {
		return *f
	}
	o := s ^ 1
	want := g.after(r, s)
	var set [2]uint64
	// When the side to act gains as much by bidding on as by passing, it is
	// taken to bid on: a par contract is one the opponents cannot profitably
	// or even harmlessly outbid.
	outbid := false
	for r2 := r + 1; r2 <= 35; r2++ {
		if g.after(r2, o) == want {
			outbid = true
		}
	}
	if g.val[r][s] == want && !outbid {
		b := r*2 + int(s)
		set[b/64] |= 1 << uint(b%64)
	}
	for r2 := r + 1; r2 <= 35; r2++ {
		if g.after(r2, o) == want {
			sub := g.finalsOf(r2, o)
			set[0] |= sub[0]
			set[1] |= sub[1]
		}
	}
	g.finals[r][s] = &set
	return set
}

func parFirst(t *Table, first card.Side, vul bridge.Vul) ParResult {
	g := &parGame{t: t, vul: vul}
	for _, st := range bridge.Strains {
		g.best[card.NS][st] = max(t[card.North][st], t[card.South][st])
		g.best[card.EW][st] = max(t[card.East][st], t[card.West][st])
	}
	for r := 1; r <= 35; r++ {
		g.val[r][card.NS] = g.value(r, card.NS)
		g.val[r][card.EW] = g.value(r, card.EW)
	}
	// Opening: the first side opens or passes; then the other; then the
	// first again (third seat), then the other (fourth seat); four passes
	// score 0.
	open := func(s card.Side) (int, [2]uint64) {
		bestV := 0
		have := false
		for r := 1; r <= 35; r++ {
			if v := g.after(r, s); !have || sign(v, s) > sign(bestV, s) {
				bestV, have = v, true
			}
		}
		var set [2]uint64
		for r := 1; r <= 35; r++ {
			if g.after(r, s) == bestV {
				f := g.finalsOf(r, s)
				set[0] |= f[0]
				set[1] |= f[1]
			}
		}
		return bestV, set
	}
	second := first ^ 1
	v1, f1 := open(first)
	v2, f2 := open(second)
	// the last chance (fourth seat) belongs to the second side, after the
	// first side passed twice: passing out scores 0.
	type choice struct {
		v int
		f [2]uint64
		// pass marks the passed-out outcome
		pass bool
	}
	fourth := choice{0, [2]uint64{}, true}
	if sign(v2, second) > 0 {
		fourth = choice{v2, f2, false}
	}
	third := fourth
	if sign(v1, first) > sign(fourth.v, first) {
		third = choice{v1, f1, false}
	}
	secondCh := third
	if sign(v2, second) > sign(third.v, second) {
		secondCh = choice{v2, f2, false}
	}
	res := secondCh
	if sign(v1, first) > sign(secondCh.v, first) {
		res = choice{v1, f1, false}
	}
	out := ParResult{Score: res.v}
	if res.pass || (res.f[0] == 0 && res.f[1] == 0) {
		return out
	}
	// lowest level per (side, strain, doubled)
	type key struct {
		side card.Side
		st   bridge.Strain
		dbl  bool
	}
	lowest := map[key]int{}
	for b := 2; b < 72; b++ {
		if res.f[b/64]&(1<<uint(b%64)) == 0 {
			continue
		}
		r, s := b/2, card.Side(b%2)
		level, st := rankContract(r)
		k := key{s, st, g.best[s][st] < level+6}
		if l, ok := lowest[k]; !ok || level < l {
			lowest[k] = level
		}
	}
	for k, level := range lowest {
		tr := g.best[k.side][k.st]
		c := bridge.Contract{Level: uint8(level), Strain: k.st}
		if k.dbl {
			c.Doubled = 1
		}
		pc := ParContract{Contract: c, Result: tr - (level + 6)}
		for _, seat := range card.Seats {
			if seat.Side() == k.side && t[seat][k.st] == tr {
				pc.Declarers = append(pc.Declarers, seat)
			}
		}
		out.Contracts = append(out.Contracts, pc)
	}
	// DDS's order: making contracts by the highest contract that makes,
	// highest first (3D ahead of 2S in "2D-NS+1,2S-NS", the 3D reduced to
	// 2D+1), sacrifices clubs first and notrump last.
	order := func(c ParContract) int {
		st := int(c.Contract.Strain)
		if c.Contract.Doubled == 0 {
			return -(5*(int(c.Contract.Level)+c.Result) + st)
		}
		return 100 + st
	}
	sort.Slice(out.Contracts, func(i, j int) bool {
		a, b := out.Contracts[i], out.Contracts[j]
		if order(a) != order(b) {
			return order(a) < order(b)
		}
		return a.Side() < b.Side()
	})
	return out
}
