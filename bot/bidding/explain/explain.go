// Package explain holds the bidding system's abilities at a bridge table
// ([match.Abilities]): the meaning of every call of an auction, shown to
// everybody, and the bidding hint (the call the bots would make with a
// hand), both from the rules of package bot/bidding, in the shape of the
// protocol's explanations (docs/protocol.md): the English text and the
// structured meaning, with its words in every other language.
package explain

import (
	"fmt"
	"strings"
	"sync"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
	"atout/game"
	"atout/i18n"
	"atout/match"
	"atout/protocol"
)

// System is the bidding system the tables explain and suggest calls with.
// It is safe for concurrent use; its copies share one memo.
type System struct {
	b    *bidding.Bot
	memo *memo
}

// New returns the system the bots play (SAYC, bidding.Options{}).
func New() System { return System{b: bidding.New(bidding.Options{}), memo: &memo{}} }

// memo keeps the explanations of recent auctions: a table sends them with
// every state, and during the play (most of the states) its auction no
// longer changes. It holds two generations of at most memoSize auctions
// each: when the new one is full it becomes the old one, and an auction
// found in the old one moves to the new. An auction a table still asks
// for at every move therefore stays, however many others come and go (a
// memo that started afresh when full made a thousand tables in play
// explain their auctions again at every reset).
type memo struct {
	mu       sync.Mutex
	cur, old map[string]memoEntry
}

// memoEntry is what the memo keeps of an auction: its explanations, and
// for an auction (not the meanings of the next calls) the bidder's
// meanings they come from, from which the same auction with one more call
// is explained by reading that call only (bidding.Bot.ExplainAfter).
type memoEntry struct {
	out []protocol.Explanation
	ms  []bidding.Meaning
}

const memoSize = 2048

func (c *memo) get(k string) (memoEntry, bool) {
	if c == nil {
		return memoEntry{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.cur[k]; ok {
		return e, true
	}
	e, ok := c.old[k]
	if ok {
		c.putLocked(k, e)
	}
	return e, ok
}

func (c *memo) put(k string, e memoEntry) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, e)
}

func (c *memo) putLocked(k string, e memoEntry) {
	if c.cur == nil || len(c.cur) >= memoSize {
		c.old, c.cur = c.cur, make(map[string]memoEntry, 64)
	}
	c.cur[k] = e
}

// auctionKey names an auction: what its explanations depend on.
func auctionKey(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) string {
	var b strings.Builder
	b.Grow(4 + 4*len(calls))
	fmt.Fprintf(&b, "%d%d", vul, dealer)
	for _, c := range calls {
		b.WriteByte(' ')
		b.WriteString(c.String())
	}
	return b.String()
}

// Abilities adds s's explanations and bidding hint to a bridge game's
// other abilities.
func (s System) Abilities(a match.Abilities) match.Abilities {
	a.Explain, a.Suggest, a.Meanings = s.Explain, s.Suggest, s.Meanings
	return a
}

// Calls explains each call of an auction: one entry per call. The result
// may be shared: the caller must not change it.
func (s System) Calls(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) []protocol.Explanation {
	key := auctionKey(vul, dealer, calls)
	if e, ok := s.memo.get(key); ok {
		return e.out
	}
	// The auction one call shorter is usually known: the table explained
	// it at the call before.
	var prev memoEntry
	if n := len(calls); n > 0 {
		prev, _ = s.memo.get(auctionKey(vul, dealer, calls[:n-1]))
	}
	var ms []bidding.Meaning
	if prev.ms != nil {
		ms = s.b.ExplainAfter(vul, dealer, calls, prev.ms)
	} else {
		ms = s.b.ExplainAll(vul, dealer, calls)
	}
	n := min(len(ms), len(calls))
	out := make([]protocol.Explanation, 0, n)
	if k := min(len(prev.out), n); k > 0 {
		out = append(out, prev.out[:k]...)
	}
	for i := len(out); i < n; i++ {
		out = append(out, Of(ms[i], calls[i]))
	}
	e := memoEntry{out: out}
	if !over(dealer, calls) {
		e.ms = ms // the next call will want them; a finished auction has none
	}
	s.memo.put(key, e)
	return out
}

// over reports whether an auction of calls is finished (or goes wrong):
// no call can follow it.
func over(dealer card.Seat, calls []bridge.Call) bool {
	a, legal := bidding.LegalPrefix(dealer, calls)
	return len(legal) < len(calls) || a.Done()
}

// Explain is the [match.Abilities] meaning of every call made so far in
// board d; nil before the first call or for a game that is not bridge.
func (s System) Explain(d game.Game) []protocol.Explanation {
	g, ok := d.(*bridge.Game)
	if !ok || g == nil {
		return nil
	}
	auc := g.Auction()
	if auc.Len() == 0 {
		return nil
	}
	return s.Calls(g.Vul(), g.Dealer(), auc.Calls())
}

// Meanings is the [match.Abilities] meaning of each legal call of the
// seat to call now in board d, in the order of [bridge.Auction.Legal]
// (pass, the bids upward, double, redouble): what [System.Explain] will
// say of the call once it is made. It is nil outside the auction or for a
// game that is not bridge. The result may be shared: the caller must not
// change it.
func (s System) Meanings(d game.Game) []protocol.Explanation {
	g, ok := d.(*bridge.Game)
	if !ok || g == nil || g.Phase() != bridge.PhaseAuction {
		return nil
	}
	auc := g.Auction()
	calls := auc.Calls()
	// "?" after the calls: not an auction's key, so the two kinds of
	// answer share the memo without meeting.
	key := auctionKey(g.Vul(), g.Dealer(), calls) + " ?"
	if e, ok := s.memo.get(key); ok {
		return e.out
	}
	next := auc.Legal()
	ms := s.b.ExplainNext(g.Vul(), g.Dealer(), calls, next)
	out := make([]protocol.Explanation, len(ms))
	for i, m := range ms {
		out[i] = Of(m, next[i])
	}
	s.memo.put(key, memoEntry{out: out})
	return out
}

// Suggest is the [match.Abilities] bidding hint: the call the bots would
// make for us in board d, with its meaning; nil when it is not us's turn
// to call.
func (s System) Suggest(d game.Game, us card.Seat) *protocol.Explanation {
	g, ok := d.(*bridge.Game)
	if !ok || g == nil || g.Phase() != bridge.PhaseAuction {
		return nil
	}
	if turn, ok := g.Turn(); !ok || turn != us {
		return nil
	}
	auc := g.Auction()
	call, m := s.b.Choose(g.Hand(us), g.Vul(), g.Dealer(), auc.Calls())
	e := Of(m, call)
	return &e
}

// Of is the protocol's form of a call's meaning.
func Of(m bidding.Meaning, call bridge.Call) protocol.Explanation {
	return protocol.Explanation{Call: call.String(), Text: m.Text, Key: m.Key, Args: m.Args,
		MinHCP: m.MinHCP, MaxHCP: m.MaxHCP, MinLen: m.MinLen, MaxLen: m.MaxLen,
		Balanced: m.Balanced, Force: int(m.Force), Artificial: m.Artificial, Words: words(m, call)}
}

// words is a call's meaning in every language but English.
func words(m bidding.Meaning, call bridge.Call) map[string]string {
	out := make(map[string]string, len(i18n.Supported)-1)
	for _, l := range i18n.Supported {
		if l != i18n.En {
			out[string(l)] = m.In(l, call)
		}
	}
	return out
}
