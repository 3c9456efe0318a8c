package belotebot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"testing"

	"atout/belote"
	"atout/card"
)

// TestSaTaLegal plays coinche games with the sans-atout and tout-atout bids
// on with every bot; PlayMatch fails on any illegal action.
func TestSaTaLegal(t *testing.T) {
	for _, s := range []belote.Setting{belote.Maison, belote.Official} {
		r := belote.Rules{Mode: belote.Coinche, Setting: s, Announcements: true, SaTa: true, Target: 500}
		ps := [4]Player{NewStrong(tiny, 1), NewBaseline(0), NewRandom(3), NewStrong(Level{Name: "tinysim", SolveCards: 4, Samples: 4, Tolerance: 10, RolloutSamples: 3, BidSamples: 4, Budget: tiny.Budget}, 2)}
		if _, err := PlayMatch(context.Background(), r, card.South, 11, ps, 0); err != nil {
			t.Fatalf("%v: %v", s, err)
		}
	}
}

// strainStats counts, per strain of the final contract, how many deals
// were played in it, how many made, and the takers' mean net score.
type strainStats struct {
	bid, made int
	net       int // takers' score minus defenders', summed
}

// playSaTaDeals plays n coinche deals with the SA/TA bids on, four copies
// of the bot made by mk at the table, and returns the figures per strain
// ("S", "NT", "AT", ...; the four suits summed under "suit").
func playSaTaDeals(t testing.TB, r belote.Rules, n int, seed uint64, mk func(seat card.Seat) Player) map[string]*strainStats {
	ctx := context.Background()
	rnd := card.NewRand(seed)
	var ps [4]Player
	for s := range card.Seat(4) {
		ps[s] = mk(s)
	}
	out := map[string]*strainStats{}
	for i := range n {
		deck := belote.ShuffledDeck(rnd)
		d, err := belote.NewDeal(r, card.Seat(i%4), deck[:])
		if err != nil {
			t.Fatal(err)
		}
		for !d.Done() {
			s := d.Turn()
			a, err := ps[s].Choose(ctx, d, s)
			if errors.Is(err, ErrNoAction) {
				a, err = belote.CallPass, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Do(s, a); err != nil {
				t.Fatalf("deal %d: %v %v: %v", i, s, a, err)
			}
		}
		c, ok := d.Contract()
		if !ok {
			continue
		}
		key := belote.StrainString(c.Trump)
		if belote.IsSuit(c.Trump) {
			key = "suit"
		}
		st := out[key]
		if st == nil {
			st = &strainStats{}
			out[key] = st
		}
		res := d.Result()
		st.bid++
		if res.Made {
			st.made++
		}
		st.net += res.Score[c.Takers()] - res.Score[c.Takers().Other()]
	}
	return out
}

func formatStrainStats(m map[string]*strainStats, n int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := fmt.Sprintf("%d deals:", n)
	for _, k := range keys {
		st := m[k]
		s += fmt.Sprintf(" %s bid %d made %d (%.0f%%) mean net %+.0f;", k, st.bid, st.made, 100*float64(st.made)/float64(st.bid), float64(st.net)/float64(st.bid))
	}
	return s
}

// TestSaTaBotsBidThem measures how often the bots bid and make the new
// contracts (ATOUT_SATA_DEALS deals per setting, default 300, 60 with
// -short; ATOUT_SATA_LEVEL=fast plays the cards with LevelFast instead of
// the rule-based baseline). Both levels bid coinche with the same rule
// evaluation ([Level.RuleBidding]), so this measures both. The test fails
// if a new contract is never bid (sans-atout under Official only), or is
// made less than half the time.
func TestSaTaBotsBidThem(t *testing.T) {
	n := 300
	if testing.Short() || raceEnabled {
		n = 60
	}
	if v, err := strconv.Atoi(os.Getenv("ATOUT_SATA_DEALS")); err == nil && v > 0 {
		n = v
	}
	mk := func(card.Seat) Player { return NewBaseline(0) }
	if os.Getenv("ATOUT_SATA_LEVEL") == "fast" {
		mk = func(s card.Seat) Player { return NewStrong(LevelFast, uint64(s)+1) }
	}
	for _, s := range []belote.Setting{belote.Maison, belote.Official} {
		r := belote.Rules{Mode: belote.Coinche, Setting: s, SaTa: true}
		m := playSaTaDeals(t, r, n, 37+uint64(s), mk)
		t.Logf("%v: %s", s, formatStrainStats(m, n))
		if n < 200 {
			continue
		}
		want := []string{"NT", "AT"}
		if s == belote.Maison {
			// Maison sans-atout is played for 130 points (ace 11): it beats
			// a suit only with a hand of aces and tens, rare in a few
			// hundred deals.
			want = want[1:]
		}
		for _, k := range want {
			st := m[k]
			if st == nil || st.bid == 0 {
				t.Errorf("%v: %s never bid", s, k)
				continue
			}
			if 2*st.made < st.bid {
				t.Errorf("%v: %s made %d of %d", s, k, st.made, st.bid)
			}
		}
	}
}
