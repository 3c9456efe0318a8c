package bridge

import (
	"encoding/json"
	"errors"
	"math/bits"
	"reflect"
	"testing"

	"atout/card"
	"atout/game"
)

// randomCall picks a legal call, mostly passes and low bids so that
// auctions end, with doubles and redoubles whenever they are allowed often
// enough to be exercised.
func randomCall(r *card.Rand, legal []Call) Call {
	var bids []Call
	var dbl []Call
	for _, c := range legal {
		switch c.Kind {
		case Bid:
			bids = append(bids, c)
		case Double, Redouble:
			dbl = append(dbl, c)
		}
	}
	x := r.IntN(100)
	switch {
	case x < 55 || (len(bids) == 0 && len(dbl) == 0):
		return PassCall
	case x < 70 && len(dbl) > 0:
		return dbl[r.IntN(len(dbl))]
	case len(bids) == 0:
		return PassCall
	case x < 97:
		return bids[r.IntN(min(4, len(bids)))]
	}
	return bids[r.IntN(len(bids))]
}

// randomCard picks a uniform card of h.
func randomCard(r *card.Rand, h card.Hand) card.Card {
	n := r.IntN(h.Len())
	for ; n > 0; n-- {
		h &= h - 1
	}
	i := bits.TrailingZeros64(uint64(h))
	return card.New(card.Suit(i/16), card.Rank(i%16))
}

// snapshot is everything an illegal action must leave unchanged. The Game
// value itself is compared always (it holds no pointers, so equality is
// complete); the moves and the four JSON views only when deep.
type snapshot struct {
	g     Game
	moves []game.Move
	views [4]string
}

func takeSnapshot(t *testing.T, g *Game, deep bool) snapshot {
	s := snapshot{g: *g}
	if !deep {
		return s
	}
	s.moves = g.Moves()
	for _, seat := range card.Seats {
		b, err := json.Marshal(g.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		s.views[seat] = string(b)
	}
	return s
}

func (s snapshot) same(t *testing.T, g *Game, deep bool) bool {
	o := takeSnapshot(t, g, deep)
	return s.g == o.g && reflect.DeepEqual(s.moves, o.moves) && s.views == o.views
}

// tryIllegal applies a move that must be refused and checks that the game
// did not change (deeply one time in 32).
func tryIllegal(t *testing.T, r *card.Rand, g *Game, m game.Move, what string) {
	t.Helper()
	deep := r.IntN(32) == 0
	before := takeSnapshot(t, g, deep)
	err := g.Apply(m)
	if err == nil {
		t.Fatalf("%s: %v accepted\nmoves %v", what, m, g.Moves())
	}
	var ie *IllegalError
	if !errors.As(err, &ie) || !errors.Is(err, game.ErrIllegal) || ie.Seat != m.Seat {
		t.Fatalf("%s: %v: error %T %v", what, m, err, err)
	}
	if !before.same(t, g, deep) {
		t.Fatalf("%s: %v changed the game", what, m)
	}
}

// playRandom plays g to its end with random legal actions, checking the
// engine's invariants at every step. With full set, every legal action is
// tried on a clone.
func playRandom(t *testing.T, r *card.Rand, g *Game, passOut, full bool) {
	for step := 0; !g.Done(); step++ {
		toAct := g.ToAct()
		if len(toAct) != 1 {
			t.Fatalf("ToAct = %v while not over", toAct)
		}
		seat := toAct[0]
		legal := g.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("no legal action for %s, moves %v", seat, g.Moves())
		}
		for _, o := range card.Seats {
			if o != seat && g.Legal(o) != nil {
				t.Fatalf("%s has legal actions on %s's turn", o, seat)
			}
		}
		if full {
			for _, a := range legal {
				c := g.Clone()
				if err := c.Apply(game.Move{Seat: seat, Action: a}); err != nil {
					t.Fatalf("legal %s by %s refused: %v", a, seat, err)
				}
			}
		}
		// Illegal actions leave everything as it was.
		if full || r.IntN(8) == 0 {
			tryIllegal(t, r, g, game.Move{Seat: seat.Next(), Action: legal[r.IntN(len(legal))]}, "out of turn")
			tryIllegal(t, r, g, game.Move{Seat: seat, Action: "ZZ"}, "garbage")
		}
		if g.Phase() == PhaseAuction {
			a := g.Auction()
			legalCalls := a.Legal()
			if len(legalCalls) != len(legal) {
				t.Fatalf("Legal strings %v vs calls %v", legal, legalCalls)
			}
			// Legal is exactly the set of calls Check accepts.
			var all []Call
			all = append(all, PassCall, DoubleCall, RedoubleCall)
			for rk := 0; rk < 35; rk++ {
				all = append(all, NewBid(rk/5+1, Strain(rk%5)))
			}
			for _, c := range all {
				if ok := a.Check(c) == nil; ok != containsCall(legalCalls, c) {
					t.Fatalf("call %s: Check ok %v, listed %v", c, ok, !ok)
				}
				if !containsCall(legalCalls, c) && (full || r.IntN(16) == 0) {
					tryIllegal(t, r, g, game.Move{Seat: seat, Action: c.String()}, "illegal call")
				}
			}
			c := PassCall
			if !passOut {
				c = randomCall(r, legalCalls)
			}
			if err := g.Call(seat, c); err != nil {
				t.Fatal(err)
			}
		} else {
			p := g.CardPlay()
			lc := g.LegalCards()
			if lc == 0 || lc&^g.Hand(seat) != 0 || len(legal) != lc.Len() {
				t.Fatalf("legal cards %s, hand %s, legal %v", lc, g.Hand(seat), legal)
			}
			if led, ok := p.Led(); ok && g.Hand(seat).Suit(led) != 0 && lc != g.Hand(seat).Suit(led) {
				t.Fatalf("%s holds %s but may play %s", seat, suitName(led), lc)
			}
			if revoke := g.Hand(seat) &^ lc; revoke != 0 {
				tryIllegal(t, r, g, game.Move{Seat: seat, Action: randomCard(r, revoke).String()}, "revoke")
			}
			if absent := card.Full52 &^ g.Hand(seat); absent != 0 && (full || r.IntN(4) == 0) {
				tryIllegal(t, r, g, game.Move{Seat: seat, Action: randomCard(r, absent).String()}, "card not held")
			}
			lo, hi, ok := g.ClaimRange()
			if !ok || lo != p.DeclarerTricks() || hi != lo+13-p.Completed() {
				t.Fatalf("claim range %d..%d %v", lo, hi, ok)
			}
			if full || r.IntN(8) == 0 {
				tryIllegal(t, r, g, game.Move{Seat: p.Dummy(), Action: claimAction(lo)}, "dummy claims")
				tryIllegal(t, r, g, game.Move{Seat: p.Declarer(), Action: claimAction(hi + 1)}, "claim too high")
				if lo > 0 {
					tryIllegal(t, r, g, game.Move{Seat: p.Dummy().Next(), Action: claimAction(lo - 1)}, "claim too low")
				}
			}
			if r.IntN(150) == 0 {
				claimer := []card.Seat{p.Declarer(), p.Declarer().Next(), p.Declarer().Prev()}[r.IntN(3)]
				if err := g.Claim(claimer, lo+r.IntN(hi-lo+1)); err != nil {
					t.Fatal(err)
				}
				break
			}
			if err := g.Play(seat, randomCard(r, lc)); err != nil {
				t.Fatal(err)
			}
		}
		// Now and then, undo the move and make it again.
		if r.IntN(20) == 0 {
			after := *g
			moves := g.Moves()
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			if got := g.Moves(); !reflect.DeepEqual(got, moves[:len(moves)-1]) {
				t.Fatalf("undo: moves %v, want %v", got, moves[:len(moves)-1])
			}
			if err := g.Apply(moves[len(moves)-1]); err != nil {
				t.Fatalf("redo %v: %v", moves[len(moves)-1], err)
			}
			if *g != after {
				t.Fatal("undo then redo changed the game")
			}
		}
	}
	if g.ToAct() != nil {
		t.Fatal("ToAct after the end")
	}
}

// checkFinished verifies a finished deal against independent reference
// computations from its moves.
func checkFinished(t *testing.T, g *Game, deal Deal) {
	moves := g.Moves()
	// Replaying the moves gives the same game.
	re := NewGame(g.Board(), g.Dealer(), g.Vul(), deal)
	for _, m := range moves {
		if err := re.Apply(m); err != nil {
			t.Fatalf("replay %v: %v", m, err)
		}
	}
	if *re != *g {
		t.Fatal("replaying Moves gives another game")
	}
	a := g.Auction()
	calls := a.Calls()
	n := len(calls)
	// The auction ended by the rules.
	bid := -1
	for i, c := range calls {
		if c.Kind == Bid {
			bid = i
		}
	}
	for i := max(bid+1, n-3); i < n; i++ {
		if calls[i] != PassCall {
			t.Fatalf("auction %v does not end in passes", calls)
		}
	}
	if (bid < 0 && n != 4) || (bid >= 0 && (n-bid < 4 || calls[n-1] != PassCall || calls[n-2] != PassCall || calls[n-3] != PassCall)) {
		t.Fatalf("auction %v ended wrongly", calls)
	}
	r := g.Result()
	if !r.Done {
		t.Fatal("result not done")
	}
	if bid < 0 {
		if !r.Contract.IsPass() || r.ScoreNS != 0 || r.Tricks != 0 || len(moves) != 4 {
			t.Fatalf("passed out: %+v", r)
		}
		return
	}
	if want := slowDeclarer(calls, g.Dealer()); r.Declarer != want {
		t.Fatalf("declarer %s, reference %s, auction %v", r.Declarer, want, calls)
	}
	if r.Contract.Level != calls[bid].Level || r.Contract.Strain != calls[bid].Strain {
		t.Fatalf("contract %s, last bid %s", r.Contract, calls[bid])
	}
	// Cards: each played once, suit followed, tricks won as the reference
	// says.
	var hands = deal
	var seen card.Hand
	leader := r.Declarer.Next()
	var won [2]int
	cardMoves := moves[n:]
	if r.Claimed {
		cardMoves = cardMoves[:len(cardMoves)-1]
	}
	for k := 0; k+4 <= len(cardMoves); k += 4 {
		trick := make([]card.Card, 4)
		for i := 0; i < 4; i++ {
			m := cardMoves[k+i]
			seat := card.Seat((int(leader) + i) % 4)
			c := card.MustParse(m.Action)
			if m.Seat != seat || !hands[seat].Has(c) || seen.Has(c) {
				t.Fatalf("trick %d: %v by %s out of order or not held", k/4+1, m, seat)
			}
			if i > 0 && c.Suit() != trick[0].Suit() && hands[seat].Suit(trick[0].Suit()) != 0 {
				t.Fatalf("trick %d: %s revoked with %s", k/4+1, seat, c)
			}
			hands[seat] = hands[seat].Remove(c)
			seen = seen.Add(c)
			trick[i] = c
		}
		leader = slowWinner(leader, trick, r.Contract.Strain)
		won[leader.Side()]++
	}
	p := g.CardPlay()
	if p.Tricks(card.NS) != won[card.NS] || p.Tricks(card.EW) != won[card.EW] {
		t.Fatalf("tricks %d/%d, reference %v", p.Tricks(card.NS), p.Tricks(card.EW), won)
	}
	if !r.Claimed {
		if len(cardMoves) != 52 || seen != card.Full52 || p.Completed() != 13 || won[0]+won[1] != 13 {
			t.Fatalf("play incomplete: %d cards", len(cardMoves))
		}
		if r.Tricks != won[r.Declarer.Side()] {
			t.Fatalf("declarer's tricks %d, reference %d", r.Tricks, won[r.Declarer.Side()])
		}
	} else if r.Tricks < won[r.Declarer.Side()] || r.Tricks > won[r.Declarer.Side()]+13-len(cardMoves)/4 {
		t.Fatalf("claim of %d out of range", r.Tricks)
	}
	// Score: NS is minus EW, and declarer's side scores plus exactly when
	// the contract makes.
	side := r.Declarer.Side()
	own := Score(r.Contract, r.Tricks, g.Vul().Has(side))
	scoreEW := own
	if side == card.NS {
		scoreEW = -own
	}
	if r.ScoreNS != -scoreEW {
		t.Fatalf("NS %d, EW %d", r.ScoreNS, scoreEW)
	}
	if made := r.Tricks >= 6+int(r.Contract.Level); made != (own > 0) {
		t.Fatalf("%s taking %d: declarer's side scores %d", r.Contract, r.Tricks, own)
	}
}

// TestRandomDeals plays 10,000 random deals with random auctions (some
// passed out) and random legal cards, checking the rules at every step.
func TestRandomDeals(t *testing.T) {
	n := 10000
	if underRace || testing.Short() {
		n = 1000
	}
	r := card.NewRand(20261129)
	var passedOut, claimed, played int
	for i := 0; i < n; i++ {
		deal := RandomDeal(r)
		g := NewBoard(1+i%16, deal)
		full := i%10 == 0
		playRandom(t, r, g, r.IntN(20) == 0, full)
		checkFinished(t, g, deal)
		res := g.Result()
		switch {
		case res.Contract.IsPass():
			passedOut++
		case res.Claimed:
			claimed++
		default:
			played++
		}
		if t.Failed() {
			t.Fatalf("deal %d: %s", i, deal)
		}
	}
	t.Logf("%d deals: %d passed out, %d claimed, %d played out", n, passedOut, claimed, played)
	if passedOut == 0 || claimed == 0 || played == 0 {
		t.Errorf("random deals did not cover every ending: %d %d %d", passedOut, claimed, played)
	}
}

// TestLegalCallsCount checks the number of legal calls in a few positions
// against counts worked out by hand, as a perft-like check of the generator.
func TestLegalCallsCount(t *testing.T) {
	tests := []struct {
		calls string
		n     int
	}{
		{"", 36},             // pass + 35 bids
		{"1C", 1 + 1 + 34},   // pass, X, 1D..7NT
		{"1C P", 1 + 34},     // partner of the bidder: no double
		{"1C X", 1 + 1 + 34}, // pass, XX, bids
		{"1C X P", 1 + 34},   // the doublers' side: no XX
		{"1C X P P", 1 + 1 + 34},
		{"7NT", 2},      // pass, X
		{"7NT X", 2},    // pass, XX
		{"7NT X XX", 1}, // pass
		{"P P 6NT P", 1 + 5},
	}
	for _, tt := range tests {
		a := auctionOf(t, card.North, tt.calls)
		if got := len(a.Legal()); got != tt.n {
			t.Errorf("after %q: %d legal calls, want %d (%v)", tt.calls, got, tt.n, a.Legal())
		}
	}
}

// TestCountPlaySequences counts the legal play sequences of a small ending
// by brute force through the engine and compares with the count found by
// hand: a perft test of the card generator.
func TestCountPlaySequences(t *testing.T) {
	// North: SA SK, East: S2 H2, South: C2 C3, West: D2 D3; West on lead.
	// Spades contract by South (declarer S, dummy N, leader W).
	var d Deal
	d[card.North] = card.HandOf(card.MustParse("SA"), card.MustParse("SK"))
	d[card.East] = card.HandOf(card.MustParse("S2"), card.MustParse("H2"))
	d[card.South] = card.HandOf(card.MustParse("C2"), card.MustParse("C3"))
	d[card.West] = card.HandOf(card.MustParse("D2"), card.MustParse("D3"))
	p := NewCardPlay(d, card.South, StrainSpades)
	var count func(p CardPlay) int
	count = func(p CardPlay) int {
		lc := p.LegalCards()
		if lc == 0 {
			return 1
		}
		total := 0
		for _, c := range lc.Cards() {
			q := p
			if err := q.Add(q.ToAct(), c); err != nil {
				t.Fatal(err)
			}
			total += count(q)
		}
		return total
	}
	// Trick 1: West 2 choices, North 2 (void in diamonds), East 2, South 2
	// = 16 ways; each leaves one card each, one way to finish.
	if got := count(p); got != 16 {
		t.Errorf("sequences = %d, want 16", got)
	}
}

func BenchmarkRandomPlayout(b *testing.B) {
	r := card.NewRand(1)
	deal := RandomDeal(r)
	start := NewBoard(1, deal)
	for _, c := range []string{"1NT", "P", "3NT", "P", "P", "P"} {
		s, _ := start.Turn()
		if err := start.Apply(game.Move{Seat: s, Action: c}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		g := start.Clone()
		for !g.Done() {
			s, _ := g.Turn()
			if err := g.Play(s, randomCard(r, g.LegalCards())); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkRandomDeal(b *testing.B) {
	r := card.NewRand(2)
	b.ReportAllocs()
	for b.Loop() {
		deal := RandomDeal(r)
		g := NewBoard(1, deal)
		for !g.Done() {
			s, _ := g.Turn()
			if g.Phase() == PhaseAuction {
				a := g.Auction()
				_ = g.Call(s, randomCall(r, a.Legal()))
			} else {
				_ = g.Play(s, randomCard(r, g.LegalCards()))
			}
		}
	}
}

func BenchmarkClone(b *testing.B) {
	g := startBoard1Bench(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Clone()
	}
}

func BenchmarkCardPlayCopyAndPlay(b *testing.B) {
	g := startBoard1Bench(b)
	p := g.CardPlay()
	c := card.MustParse("S9")
	b.ReportAllocs()
	for b.Loop() {
		q := p
		_ = q.Add(card.West, c)
	}
}

func startBoard1Bench(b *testing.B) *Game {
	deal, err := ParseDeal(board1)
	if err != nil {
		b.Fatal(err)
	}
	g := NewBoard(1, deal)
	for i, c := range []string{"2NT", "P", "4C", "P", "P", "P"} {
		if err := g.Apply(game.Move{Seat: card.Seat(i % 4), Action: c}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}
