package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/game"
	"atout/store"
	"atout/table"
)

// collectCards returns every card named anywhere in a JSON document: card
// strings ("SA"), PBN hands ("AK5.QJ.T98.2") and deals ("N:...").
func collectCards(v any, into card.Hand) card.Hand {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			into = collectCards(e, into)
		}
	case []any:
		for _, e := range x {
			into = collectCards(e, into)
		}
	case string:
		into |= cardsInString(x)
	}
	return into
}

func cardsInString(s string) card.Hand {
	if len(s) == 2 && strings.ContainsRune("SHDC", rune(s[0])) && strings.ContainsRune("AKQJT98765432", rune(s[1])) {
		return card.HandOf(card.MustParse(s))
	}
	if strings.Count(s, ".") == 3 && !strings.Contains(s, " ") {
		if h, err := card.ParseHand(s); err == nil {
			return h
		}
	}
	if len(s) > 2 && s[1] == ':' {
		if d, err := bridge.ParsePartialDeal(s); err == nil {
			return d[0] | d[1] | d[2] | d[3]
		}
	}
	return 0
}

func TestCardsInString(t *testing.T) {
	for s, want := range map[string]int{"SA": 1, "HT": 1, "1S": 0, "3NT": 0, "S": 0, "80H": 0, "pass": 0,
		"AK5.QJ.T98.2": 9, "...": 0, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432": 52} {
		if got := cardsInString(s).Len(); got != want {
			t.Errorf("%q: %d cards, want %d", s, got, want)
		}
	}
}

// replayBridge returns deal no of a stored bridge game after k moves.
func replayBridge(t *testing.T, rec *store.Record, no, k int) *bridge.Game {
	t.Helper()
	d := rec.Deals[no-1]
	var raw struct {
		Board  int
		Dealer card.Seat
		Vul    bridge.Vul
		Deal   bridge.Deal
	}
	if err := json.Unmarshal(d.Deal, &raw); err != nil {
		t.Fatal(err)
	}
	g := bridge.NewGame(raw.Board, raw.Dealer, raw.Vul, raw.Deal)
	for _, m := range d.Moves[:k] {
		if err := g.Apply(game.Move{Seat: m.Seat, Action: strings.ReplaceAll(m.Action, "_", " ")}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// bridgeVisible is what seat (nil: a spectator) may see of g.
func bridgeVisible(g *bridge.Game, seat *card.Seat) card.Hand {
	d := g.Deal()
	if g.Done() {
		return d[0] | d[1] | d[2] | d[3]
	}
	var h card.Hand
	if seat != nil {
		h |= d[*seat]
	}
	for _, m := range g.Moves() {
		if c, err := card.Parse(m.Action); err == nil && len(m.Action) == 2 {
			h = h.Add(c)
		}
	}
	if dummy, ok := g.Dummy(); ok && g.DummyExposed() {
		h |= d[dummy]
	}
	return h
}

// replayBelote returns belote deal no of a stored record after k of its
// moves; every deal before it is replayed too, each from its stored form
// (the reserve it carries changes nothing that can be seen).
func replayBelote(t *testing.T, rec *store.Record, rules belote.Rules, no, k int) *belote.Deal {
	t.Helper()
	var g *belote.Deal
	for _, d := range rec.Deals[:no] {
		var raw struct {
			Dealer card.Seat
			Deck   []card.Card
		}
		if err := json.Unmarshal(d.Deal, &raw); err != nil {
			t.Fatal(err)
		}
		var err error
		if g, err = belote.NewDeal(rules, raw.Dealer, raw.Deck); err != nil {
			t.Fatal(err)
		}
		moves := d.Moves
		if d.No == no {
			moves = moves[:k]
		}
		for _, m := range moves {
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

func beloteVisible(d *belote.Deal, seat *card.Seat) card.Hand {
	if d.Done() {
		return card.Hand(0).Add(0) | allCards32()
	}
	var h card.Hand
	if seat != nil {
		h |= d.Hand(*seat)
	}
	for _, s := range d.Steps() {
		if a := s.Action.String(); len(a) == 2 {
			if c, err := card.Parse(a); err == nil {
				h = h.Add(c)
			}
		}
	}
	if t := d.Turned(); t != 0 {
		h = h.Add(t)
	}
	return h
}

func allCards32() card.Hand { return card.HandOf(card.Deck32()...) }

// player plays random legal actions over a WebSocket until the match is
// over, and keeps every state message.
type player struct {
	name   string
	w      *ws
	states []serverMsg
	rnd    *rand.Rand
	next   bool // sends "next" at the end of a deal
}

func (p *player) run(t *testing.T, deadline time.Time) error {
	for time.Now().Before(deadline) {
		m, ok := p.w.read(time.Until(deadline))
		if !ok {
			return fmt.Errorf("%s: connection ended before the match", p.name)
		}
		if m.Type == "error" && testing.Verbose() {
			t.Logf("%s: %s", p.name, m.Raw)
		}
		if m.Type != "state" {
			continue
		}
		p.states = append(p.states, m)
		if os.Getenv("ATOUT_TEST_TRACE") != "" {
			t.Logf("%s: state n=%d deal=%d/%d", p.name, m.N, m.Table.Deal, m.Table.DealMove)
		}
		if m.Table.Over {
			return nil
		}
		if m.Table.DealOver {
			if p.next {
				p.w.sendJSON(map[string]any{"type": "next"})
			}
			continue
		}
		if legal, seat := legalOf(m); len(legal) > 0 && seat != "" {
			p.w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[p.rnd.IntN(len(legal))], "n": m.N})
		}
	}
	return fmt.Errorf("%s: match not over in time", p.name)
}

func runPlayers(t *testing.T, ps []*player, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	var wg sync.WaitGroup
	errs := make([]error, len(ps))
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = p.run(t, deadline)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// checkHidden checks every state a player received against what its seat
// could see at that point of the stored game.
func checkHidden(t *testing.T, env *testEnv, id string, ps []*player) {
	t.Helper()
	rec, err := env.st.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	set, err := table.ParseSettings(rec.Settings)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range ps {
		for _, m := range p.states {
			var seat *card.Seat
			if m.Seat != nil {
				s, _ := card.ParseSeat(*m.Seat)
				seat = &s
			}
			var view map[string]any
			json.Unmarshal(m.View, &view)
			var seen, allowed card.Hand
			if set.Game == "bridge" {
				seen = collectCards(view, 0)
				allowed = bridgeVisible(replayBridge(t, rec, m.Table.Deal, m.Table.DealMove), seat)
			} else {
				seen = collectCards(view["deal"], 0)
				allowed = beloteVisible(replayBelote(t, rec, beloteRulesOf(set), m.Table.Deal, m.Table.DealMove), seat)
			}
			if leak := seen &^ allowed; leak != 0 {
				t.Fatalf("%s (seat %v) deal %d move %d saw hidden cards %v\n%s", p.name, seat, m.Table.Deal, m.Table.DealMove, leak.Cards(), m.Raw)
			}
			checked++
		}
	}
	t.Logf("checked %d state messages", checked)
}

func beloteRulesOf(s table.Settings) belote.Rules {
	return s.Belote().Engine()
}

func TestNoHiddenCardsBridgeFourHumans(t *testing.T) {
	env := newEnv(t, table.Config{})
	owner := newClient(t, env.ts.URL)
	id := owner.createTable(table.Settings{Game: "bridge", Boards: 2, Seed: 11, TurnSeconds: -1})
	ps := []*player{{name: "S", w: owner.dial(id), next: true}}
	for _, seat := range []string{"N", "E", "W"} {
		c := newClient(t, env.ts.URL)
		c.do("POST", "/api/tables/"+id+"/sit", sitBody(id, seat), nil, 200)
		ps = append(ps, &player{name: seat, w: c.dial(id)})
	}
	watcher := newClient(t, env.ts.URL)
	ps = append(ps, &player{name: "spectator", w: watcher.dial(id)})
	for i, p := range ps {
		p.rnd = rand.New(rand.NewPCG(uint64(i), 7))
	}
	runPlayers(t, ps, 60*time.Second)
	checkHidden(t, env, id, ps)
	for _, p := range ps {
		p.w.close()
	}
}

func TestNoHiddenCardsBelote(t *testing.T) {
	env := newEnv(t, table.Config{})
	owner := newClient(t, env.ts.URL)
	id := owner.createTable(table.Settings{Game: "belote", Mode: "classic", Target: 300, Seed: 5})
	watcher := newClient(t, env.ts.URL)
	ps := []*player{{name: "S", w: owner.dial(id), next: true}, {name: "spectator", w: watcher.dial(id)}}
	for i, p := range ps {
		p.rnd = rand.New(rand.NewPCG(uint64(i), 9))
	}
	runPlayers(t, ps, 60*time.Second)
	checkHidden(t, env, id, ps)
}
