package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"atout/belote"
	"atout/bot/bidding/explain"
	"atout/bridge"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/profile"
	"atout/protocol"
	"atout/server"
	"atout/store"
	"atout/store/storetest"
	"atout/table"
	"atout/web"
)

// profileEnv is a server started for the profile test, with its store
// (the test writes finished games into it) and the server itself (the
// test runs the profile counter at once instead of waiting for it).
type profileEnv struct {
	base string
	st   *store.Store
	srv  *server.Server
}

func startProfileServer(t *testing.T) profileEnv {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub := table.NewLocalHub(table.Config{Store: st, Logger: logger, BotDelay: 30 * time.Millisecond,
		Games: map[string]match.Abilities{
			"bridge": explain.New().Abilities(match.Abilities{Hint: bridgeanalysis.Hint, ClaimHolds: bridgeanalysis.ClaimHolds}),
		}})
	srv := server.New(server.Config{Store: st, Hub: hub, Assets: web.FS(), Logger: logger, Lang: server.I18n{}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		hub.Shutdown(context.Background())
		st.Close()
	})
	return profileEnv{base: ts.URL, st: st, srv: srv}
}

// countProfiles runs the server's profile counter until nothing is due.
func (e profileEnv) countProfiles(t *testing.T) {
	t.Helper()
	for {
		n, err := e.srv.CountProfiles(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// playedBoard is a bridge board played out by the engine: the calls
// given (dealer North), then the first legal card at each turn.
type playedBoard struct {
	deal  string // the stored deal
	moves []game.Move
	line  protocol.BoardLine
}

func playBoard(t *testing.T, seed uint64, board int, calls ...string) playedBoard {
	t.Helper()
	deal := bridge.RandomDeal(card.NewRand(seed))
	g := bridge.NewGame(board, card.North, bridge.Vul(0), deal)
	for _, c := range calls {
		if err := g.Apply(game.Move{Seat: g.ToAct()[0], Action: c}); err != nil {
			t.Fatalf("call %s: %v", c, err)
		}
	}
	for !g.Done() {
		s := g.ToAct()[0]
		if err := g.Apply(game.Move{Seat: s, Action: g.Legal(s)[0]}); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := json.Marshal(struct {
		Board  int         `json:"board"`
		Dealer card.Seat   `json:"dealer"`
		Vul    bridge.Vul  `json:"vul"`
		Deal   bridge.Deal `json:"deal"`
	}{board, card.North, bridge.Vul(0), deal})
	if err != nil {
		t.Fatal(err)
	}
	r := g.Result()
	return playedBoard{deal: string(raw), moves: g.Moves(), line: protocol.BoardLine{Board: board, Contract: r.Contract,
		Declarer: r.Declarer.String(), Tricks: r.Tricks, ScoreNS: r.ScoreNS, Points: map[card.Side]int{}}}
}

var cardRE = regexp.MustCompile(`^[SHDC][AKQJT2-9]$`)

// cardAt returns the card seat s played to trick n (1-based) and the
// index of its move: the step before it in the replay.
func (b playedBoard) cardAt(t *testing.T, n int, s card.Seat) (card.Card, int) {
	t.Helper()
	played := 0
	for i, m := range b.moves {
		if !cardRE.MatchString(m.Action) {
			continue // a call ("4S" reads as a card too)
		}
		c := card.MustParse(m.Action)
		if played/4+1 == n && m.Seat == s {
			return c, i
		}
		played++
	}
	t.Fatalf("no card of %v at trick %d", s, n)
	return 0, 0
}

// costly is a card the test's analysis says cost its side tricks.
type costly struct {
	trick int
	seat  card.Seat
	cost  int
}

// analysis is an analysis of the protocol's shape for b (not double
// dummy: the cards listed cost what the test says, from a start of 10
// tricks for declarer), with par parNS.
func (b playedBoard) analysis(t *testing.T, no, parNS int, cs ...costly) protocol.Analysis {
	t.Helper()
	dd := map[card.Seat]map[string]int{}
	for s := card.North; s <= card.West; s++ {
		dd[s] = map[string]int{"C": 6, "D": 6, "H": 7, "S": 7, "NT": 7}
	}
	var decl card.Seat
	if err := decl.UnmarshalText([]byte(b.line.Declarer)); err != nil {
		t.Fatal(err)
	}
	a := protocol.Analysis{Type: "analysis", Deal: no, Board: b.line.Board, DD: dd, Contract: b.line.Contract.String(),
		Declarer: b.line.Declarer, Start: 10, Par: protocol.ParInfo{Score: parNS, Contracts: []string{"NS 4S"}}}
	v := a.Start
	for _, c := range cs {
		cd, _ := b.cardAt(t, c.trick, c.seat)
		after := v - c.cost
		if c.seat.Side() != decl.Side() {
			after = v + c.cost
		}
		a.Costly = append(a.Costly, protocol.CostlyCard{Trick: c.trick, Seat: c.seat, Card: cd, Cost: c.cost, Before: v, After: after})
		v = after
	}
	return a
}

// storeBridgeGame writes a finished bridge game of the boards into the
// store, as a table writes it: each deal, its moves, its result line and
// then its analysis.
func storeBridgeGame(t *testing.T, st *store.Store, seats [4]store.Seat, boards []playedBoard, analyses []protocol.Analysis) string {
	t.Helper()
	settings := protocol.TableSettings{Game: protocol.Bridge, Scoring: "duplicate", Boards: len(boards), Level: protocol.Strong}
	deals := make([]storetest.Deal, len(boards))
	for i, b := range boards {
		line, _ := json.Marshal(b.line)
		deals[i] = storetest.Deal{Deal: json.RawMessage(b.deal), Moves: b.moves, Line: line, Analysis: analyses[i]}
	}
	return storetest.WriteGame(t, st, "bridge", settings, seats, deals...)
}

// beloteDealPlayed is a classic belote deal played out by the engine:
// South takes the turned card when first asked, the others pass, then
// the first legal card at each turn; the deal, its moves and its score
// sheet's line as a table stores them.
type beloteDealPlayed struct {
	deal  string
	moves []game.Move
	line  json.RawMessage
}

func playBelote(t *testing.T, seed uint64) beloteDealPlayed {
	t.Helper()
	deck := card.Deck32()
	card.NewRand(seed).Shuffle(deck)
	d, err := belote.NewDeal(belote.Rules{Mode: belote.Classic}, card.East, deck)
	if err != nil {
		t.Fatal(err)
	}
	for !d.Done() {
		s := d.ToAct()[0]
		legal := d.Legal(s)
		a := legal[0]
		switch {
		case s == card.South && slices.Contains(legal, "take"):
			a = "take"
		case slices.Contains(legal, "pass"):
			a = "pass"
		}
		if err := d.Apply(game.Move{Seat: s, Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	if c, ok := d.Contract(); !ok || c.Taker != card.South {
		t.Fatalf("South did not take: %+v %v", c, ok)
	}
	raw, _ := json.Marshal(struct {
		Dealer card.Seat   `json:"dealer"`
		Deck   []card.Card `json:"deck"`
	}{card.East, deck})
	sheet, _ := belote.ScoreSheet([]*belote.Deal{d})
	line, err := json.Marshal(sheet[0])
	if err != nil {
		t.Fatal(err)
	}
	return beloteDealPlayed{deal: string(raw), moves: d.Moves(), line: line}
}

// cardAt returns the card seat s played to trick n (1-based) and the
// index of its move.
func (b beloteDealPlayed) cardAt(t *testing.T, n int, s card.Seat) (card.Card, int) {
	t.Helper()
	played := 0
	for i, m := range b.moves {
		a := strings.Fields(m.Action)
		if len(a) == 0 || !regexp.MustCompile(`^[SHDC][AKQJT987]$`).MatchString(a[0]) {
			continue
		}
		if played/4+1 == n && m.Seat == s {
			return card.MustParse(a[0]), i
		}
		played++
	}
	t.Fatalf("no card of %v at trick %d", s, n)
	return 0, 0
}

// storeBeloteGame writes the finished classic belote game of one deal
// into the store with an analysis where South's card at trick 2 cost 20
// card points and West's at trick 1 cost 10.
func storeBeloteGame(t *testing.T, st *store.Store, seats [4]store.Seat, b beloteDealPlayed) string {
	t.Helper()
	var res map[string]any
	json.Unmarshal(b.line, &res)
	contract, _ := res["contract"].(string)
	south, _ := b.cardAt(t, 2, card.South)
	west, _ := b.cardAt(t, 1, card.West)
	a := protocol.BeloteAnalysis{Type: "beloteAnalysis", Deal: 1, Contract: contract, Takers: card.NS,
		Costly: []protocol.BeloteCostlyCard{
			{Trick: 1, Seat: card.West, Card: west, Cost: 10, Before: 80, After: 70},
			{Trick: 2, Seat: card.South, Card: south, Cost: 20, Before: 90, After: 70},
		}}
	settings := protocol.TableSettings{Game: protocol.Belote, Mode: "classic", Level: protocol.Easy}
	return storetest.WriteGame(t, st, "belote", settings, seats,
		storetest.Deal{Deal: json.RawMessage(b.deal), Moves: b.moves, Line: b.line, Analysis: a})
}

// earlierDays counts two deals of user into his figures on the two days
// before today, as the counter counts a deal (store.CountProfile), so
// that the trend of "tricks lost as declarer" has three points.
func earlierDays(t *testing.T, st *store.Store, user string) {
	t.Helper()
	ctx := context.Background()
	g, err := st.CreateGame(ctx, store.NewGame{Kind: "bridge", Seats: [4]store.Seat{{UserID: user}}})
	if err != nil {
		t.Fatal(err)
	}
	today := int(time.Now().Unix() / 86400)
	for i, lost := range []float64{2, 0} {
		no := i + 1
		if err := st.AddDeal(ctx, g.ID, no, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishDeal(ctx, g.ID, no, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		day := today - 2 + i
		a := profile.Add{Day: day, Ended: int64(day) * 86400000, GameKey: "bridge/duplicate", NewGame: i == 0,
			You: map[string]float64{profile.BridgeDeclarerLost: lost}}
		if _, err := st.CountProfile(ctx, store.DealRef{GameID: g.ID, No: no}, map[string]profile.Add{user: a}); err != nil {
			t.Fatal(err)
		}
	}
}

// figure is what the page shows of one figure.
type figure struct {
	Key, Title, Value, Unit, Interval, N string
	Better                               string   // which way is better
	Bots                                 []string // each level's row
	Trend                                string   // the plot's accessible name
	Points                               int      // the plot's points
	Line                                 int      // the polyline's points
}

const readFigures = `[...document.querySelectorAll('[data-testid="profile-fig"]')].map((f) => ({
  key: f.dataset.key, title: f.querySelector('h3').textContent,
  value: f.querySelector('[data-testid="fig-value"]').textContent,
  unit: (f.querySelector('.fig-unit') || {}).textContent || '',
  better: (f.querySelector('[data-testid="fig-better"]') || {}).textContent || '',
  interval: f.querySelector('[data-testid="fig-interval"]').textContent,
  n: f.querySelector('[data-testid="fig-n"]').textContent,
  bots: [...f.querySelectorAll('[data-testid="fig-bot"]')].map((r) => r.dataset.level + ': ' + r.textContent),
  trend: (f.querySelector('svg[data-testid="fig-trend"][role="img"]') || {getAttribute: () => ''}).getAttribute('aria-label') || '',
  points: f.querySelectorAll('svg circle').length,
  line: ((f.querySelector('svg polyline') || {getAttribute: () => ''}).getAttribute('points') || '').split(' ').filter(Boolean).length,
}))`

func readProfile(t *testing.T, ctx context.Context) map[string]figure {
	t.Helper()
	var figs []figure
	if err := eval(ctx, readFigures, &figs); err != nil {
		t.Fatalf("read the figures: %v", err)
	}
	out := map[string]figure{}
	for _, f := range figs {
		out[f.Key] = f
	}
	return out
}

// openProfile goes to hash (a profile's route) and waits for ready.
func openProfile(t *testing.T, ctx context.Context, hash, ready string) {
	t.Helper()
	navigate(t, ctx, "#/")
	navigate(t, ctx, hash)
	run(t, ctx, 20*time.Second, hash, chromedp.WaitVisible(chromedp.CSS(ready)))
}

// watchCSP records, in every page the tab loads, the violations of the
// server's Content-Security-Policy (window.__csp), as
// TestBrowserContentSecurityPolicy does.
func watchCSP(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, 10*time.Second, "watch for policy violations", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`,
		})
		return err
	}))
}

// checkCSP fails on the policy violations of the page loaded last.
func checkCSP(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	var got []string
	if err := eval(ctx, `window.__csp || ['no watch']`, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) > 0 {
		t.Errorf("%s: Content-Security-Policy violations:\n%s", what, strings.Join(got, "\n"))
	}
}

// signIn signs the browser in as name (signing up first when new) and
// reloads the app.
func signIn(t *testing.T, ctx context.Context, base, name string, signup bool) {
	t.Helper()
	checkCSP(t, ctx, "before signing in as "+name)
	var out string
	eval(ctx, apiJS("POST", "/api/logout", "'{}'"), &out)
	openApp(t, ctx, base)
	path := "/api/login"
	if signup {
		path = "/api/signup"
	}
	if err := eval(ctx, apiJS("POST", path, fmt.Sprintf(`JSON.stringify({username: %q, password: "correct horse battery"})`, name)), &out); err != nil {
		t.Fatalf("%s %s: %v", path, name, err)
	}
	openApp(t, ctx, base)
	// The name shows in the header but on a phone: ask the API.
	eval(ctx, apiJS("GET", "/api/me", "null"), &out)
	if !strings.Contains(out, `"name":"`+name+`"`) {
		t.Fatalf("signed in as %s, want %s", out, name)
	}
}

// profileKeyRE finds a key of the profile's catalog left in the page.
var profileKeyRE = regexp.MustCompile(`\b(profile|nav)\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\b`)

// checkTapTargets: every link and the toggle of the page are 44 px high
// at least.
func checkTapTargets(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	var small []string
	js := `[...document.querySelectorAll('[data-testid="profile"] a, [data-testid="profile"] label.profile-toggle')]
	  .filter((e) => e.getClientRects().length).map((e) => [e.textContent.trim().slice(0, 30), Math.round(e.getBoundingClientRect().height)])
	  .filter(([, h]) => h < 44).map(([s, h]) => s + ' ' + h + 'px')`
	if err := eval(ctx, js, &small); err != nil {
		t.Fatal(err)
	}
	for _, s := range small {
		t.Errorf("%s: a tap target under 44 px: %s", what, s)
	}
}

// TestBrowserProfile: a player's page on a desktop and on a phone. Alice
// has two boards counted (declarer on one, defender on the other, with
// bots of two levels at her table) and two earlier days; her page shows
// her figures with n and intervals, the bots' figures, a trend plot, her
// costliest deals whose links open the replay at the deal and step of the
// costly card; she makes it public and Bob reads it (no costliest deals);
// private again, Bob is told there is no such page. Nothing scrolls
// sideways on the phone, every tap target is 44 px, and the page in
// French shows no untranslated key.
func TestBrowserProfile(t *testing.T) {
	for _, vp := range []struct {
		name string
		w, h int64
		opts []chromedp.EmulateViewportOption
	}{
		{"desktop", 1366, 900, nil},
		{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateTouch}},
	} {
		t.Run(vp.name, func(t *testing.T) {
			env := startProfileServer(t)
			ctx := browser(t)
			run(t, ctx, 10*time.Second, "viewport", chromedp.EmulateViewport(vp.w, vp.h, vp.opts...))
			watchCSP(t, ctx)
			openApp(t, ctx, env.base)
			// A guest has a page too, and is told that signing up keeps it.
			openProfile(t, ctx, "#/profile", `[data-testid="profile-guest"]`)
			var href string
			eval(ctx, `document.querySelector('[data-testid="profile-signup"]').getAttribute('href')`, &href)
			if href != "#/account" || count(t, ctx, `[data-testid="profile-empty"]`) != 1 {
				t.Errorf("a guest's page: the sign-up link goes to %q, %d empty notes", href, count(t, ctx, `[data-testid="profile-empty"]`))
			}
			// A guest without a nickname still has a heading.
			if got := text(t, ctx, `[data-testid="profile-name"]`); strings.TrimSpace(got) == "" {
				t.Error("a guest's page has an empty heading")
			}
			if vp.name == "phone" {
				checkNoScroll(t, ctx, "a guest's profile")
				checkTapTargets(t, ctx, "a guest's profile")
			}
			signIn(t, ctx, env.base, "alice", true)
			alice, err := env.st.UserByName(context.Background(), "alice")
			if err != nil {
				t.Fatal(err)
			}

			// No deal counted yet: the page says so and offers a game.
			openProfile(t, ctx, "#/profile", `[data-testid="profile-empty"]`)
			if got, want := text(t, ctx, `[data-testid="profile-empty"] p`), catalogText(t, env.base, "en", "profile.empty"); got != want {
				t.Errorf("the empty page says %q, want %q", got, want)
			}
			eval(ctx, `document.querySelector('[data-testid="profile-start"]').getAttribute('href')`, &href)
			if href != "#/" || count(t, ctx, `[data-testid="profile-guest"]`) != 0 {
				t.Errorf("the empty page's link goes to %q; %d guest notes", href, count(t, ctx, `[data-testid="profile-guest"]`))
			}
			if vp.name == "phone" {
				checkNoScroll(t, ctx, "the empty profile")
			}

			// Board 1: Alice (South) declares 4S; West's lead cost a
			// trick, Alice's card at trick 3 two, dummy's at trick 5 one.
			// Board 2: East declares 4H; Alice's lead cost a trick, East's
			// card at trick 4 one.
			b1 := playBoard(t, 11, 1, "P", "P", "1S", "P", "3S", "P", "4S", "P", "P", "P")
			b2 := playBoard(t, 12, 2, "P", "1H", "P", "3H", "P", "4H", "P", "P", "P")
			if b1.line.Declarer != "S" || b2.line.Declarer != "E" {
				t.Fatalf("declarers %s and %s", b1.line.Declarer, b2.line.Declarer)
			}
			a1 := b1.analysis(t, 1, 420, costly{1, card.West, 1}, costly{3, card.South, 2}, costly{5, card.North, 1})
			a2 := b2.analysis(t, 2, -420, costly{1, card.South, 1}, costly{4, card.East, 1})
			seats := [4]store.Seat{{Bot: "medium"}, {Bot: "strong"}, {UserID: alice.ID}, {Bot: "easy"}}
			gid := storeBridgeGame(t, env.st, seats, []playedBoard{b1, b2}, []protocol.Analysis{a1, a2})
			// On board 1 Alice claimed everything at trick 6: the bots
			// refused (the claims refused figure, in every language).
			if err := env.st.RecordRefusedClaim(context.Background(), store.DealRef{GameID: gid, No: 1},
				store.RefusedClaim{Seq: len(b1.moves) - 10, Seat: card.South, Tricks: 13, Reason: "beaten"}); err != nil {
				t.Fatal(err)
			}
			// A classic belote deal South took: West's card at trick 1
			// cost 10 card points, Alice's at trick 2 cost 20.
			bel := playBelote(t, 13)
			bid := storeBeloteGame(t, env.st, [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: alice.ID}, {Bot: "easy"}}, bel)
			earlierDays(t, env.st, alice.ID)
			env.countProfiles(t)
			_, step1 := b1.cardAt(t, 3, card.South)
			_, step2 := b2.cardAt(t, 1, card.South)
			belCard, step3 := bel.cardAt(t, 2, card.South)

			openProfile(t, ctx, "#/profile", `[data-testid="profile-fig"]`)
			if got := text(t, ctx, `[data-testid="profile-name"]`); got != "alice" {
				t.Errorf("the page's name: %q", got)
			}
			var games []string
			eval(ctx, `[...document.querySelectorAll('[data-testid="profile-games"] tbody tr')].map((r) => [...r.cells].map((c) => c.textContent).join('|'))`, &games)
			if slices.Sort(games); len(games) != 2 || games[0] != "Belote|With trump|1|1" || games[1] != "Bridge|Duplicate|2|4" {
				t.Errorf("games played: %q, want [Belote|With trump|1|1 Bridge|Duplicate|2|4]", games)
			}
			figs := readProfile(t, ctx)
			t.Logf("figures: %+v", figs)
			// Tricks lost as declarer: 3 on board 1, 2 and 0 the days before.
			f := figs[profile.BridgeDeclarerLost]
			if f.Title != "Tricks lost as declarer" || f.Value != "1.67" || f.Unit != "tricks per deal" || f.N != "n = 3" ||
				!regexp.MustCompile(`^\[-?\d+\.\d\d, \d+\.\d\d\]$`).MatchString(f.Interval) {
				t.Errorf("tricks lost as declarer: %+v", f)
			}
			if !strings.HasPrefix(f.Trend, "Trend: Tricks lost as declarer, from 2.00 (") || !strings.Contains(f.Trend, ") to 3.00 (") ||
				f.Points != 3 || f.Line != 3 || f.Better != "lower is better" {
				t.Errorf("the trend of tricks lost as declarer: %q, %d points, a line of %d; %q", f.Trend, f.Points, f.Line, f.Better)
			}
			// East, a strong bot, declared board 2 and lost a trick.
			if len(f.Bots) != 1 || !strings.HasPrefix(f.Bots[0], "strong: Strong1.00") || !strings.Contains(f.Bots[0], "n = 1") {
				t.Errorf("the bots' tricks lost as declarer: %q", f.Bots)
			}
			// Alice led once, at a cost; West, an easy bot, once, at a cost.
			f = figs[profile.BridgeLeadCostly]
			if f.Title != "Opening leads that give up a trick" || f.Value != "100.0%" || f.N != "n = 1" ||
				!regexp.MustCompile(`^\[\d+\.\d%, 100\.0%\]$`).MatchString(f.Interval) {
				t.Errorf("opening leads: %+v", f)
			}
			if len(f.Bots) != 1 || !strings.HasPrefix(f.Bots[0], "easy: Easy100.0%") {
				t.Errorf("the bots' opening leads: %q", f.Bots)
			}
			// In defence: Alice lost 1 and North (medium) 0 on board 2;
			// West (easy) 1 and East (strong) 0 on board 1.
			f = figs[profile.BridgeDefenceLost]
			if f.Value != "1.00" || f.N != "n = 1" || len(f.Bots) != 3 || !strings.HasPrefix(f.Bots[0], "easy: Easy1.00") ||
				!strings.HasPrefix(f.Bots[1], "medium: Medium0.00") || !strings.HasPrefix(f.Bots[2], "strong: Strong0.00") {
				t.Errorf("tricks lost in defence: %+v", f)
			}
			// Against par in games, signed IMPs.
			f = figs[profile.BridgeParGame]
			if f.N != "n = 2" || !strings.Contains(f.Unit, "IMPs per deal") || f.Better != "higher is better" || !regexp.MustCompile(`^[+-]?\d+\.\d\d$`).MatchString(f.Value) {
				t.Errorf("against par: %+v", f)
			}
			// Belote: Alice took and lost 20 card points; West (easy)
			// lost 10 in defence.
			f = figs[profile.BeloteTakerLost]
			if f.Title != "Points lost as takers" || f.Value != "20.00" || f.Unit != "card points per deal" || f.N != "n = 1" {
				t.Errorf("belote points lost as takers: %+v", f)
			}
			if f = figs[profile.BeloteDefenceLost]; f.N != "" {
				t.Errorf("Alice never defended at belote: %+v", f)
			}
			if f = figs[profile.BeloteMadePrefix+"classic"]; f.N != "n = 1" || (f.Value != "100.0%" && f.Value != "0.0%") {
				t.Errorf("belote contracts made: %+v", f)
			}
			var groups []string
			eval(ctx, `[...document.querySelectorAll('[data-testid="profile-group"]')].map((g) => g.dataset.game + ':' + g.querySelector('h2').textContent + ':' + g.querySelectorAll('[data-testid="profile-fig"]').length)`, &groups)
			if len(groups) != 2 || !strings.HasPrefix(groups[0], "bridge:Bridge:") || !strings.HasPrefix(groups[1], "belote:Belote:2") {
				t.Errorf("the figures' groups: %q", groups)
			}
			for k, f := range figs {
				if f.Trend == "" || f.Points == 0 {
					t.Errorf("%s: no trend plot", k)
				}
			}
			// The export links, and what they give.
			var exports []string
			eval(ctx, `[...document.querySelectorAll('[data-testid="profile-export"] a[download]')].map((a) => a.getAttribute('href'))`, &exports)
			if len(exports) != 2 || exports[0] != "/api/profile/export?format=csv" || exports[1] != "/api/profile/export?format=json" {
				t.Errorf("export links %q", exports)
			}
			var csv string
			eval(ctx, apiJS("GET", "/api/profile/export?format=csv", "null"), &csv)
			if !strings.HasPrefix(csv, "figure,kind,unit,who,n,value,low,high\n") || !strings.Contains(csv, "\nbridge.declarer.lost,mean,tricks,you,3,1.6667,") {
				t.Errorf("the CSV export:\n%s", csv)
			}
			if s := text(t, ctx, `[data-testid="profile-visibility"]`); s != catalogText(t, env.base, "en", "profile.isPrivate") {
				t.Errorf("a new page is private, it says %q", s)
			}

			// The costliest deals: board 1 (3 tricks, Alice's card at
			// trick 3), then board 2 (her lead).
			var links []struct{ Href, Text string }
			eval(ctx, `[...document.querySelectorAll('[data-testid="costly-link"]')].map((a) => ({href: a.getAttribute('href'), text: a.textContent}))`, &links)
			want := []string{fmt.Sprintf("#/replay/%s/1/%d", gid, step1), fmt.Sprintf("#/replay/%s/2/%d", gid, step2), fmt.Sprintf("#/replay/%s/1/%d", bid, step3)}
			if len(links) != 3 || links[0].Href != want[0] || links[1].Href != want[1] || links[2].Href != want[2] {
				t.Fatalf("costliest deals %+v, want links %q", links, want)
			}
			c1, _ := b1.cardAt(t, 3, card.South)
			face := map[byte]string{'S': "♠", 'H': "♥", 'D': "♦", 'C': "♣"}[c1.String()[0]] + strings.Replace(c1.String()[1:], "T", "10", 1)
			if !strings.Contains(links[0].Text, "Board 1") || !strings.Contains(links[0].Text, "4♠ South") ||
				!strings.Contains(links[0].Text, face+" at trick 3") || !strings.Contains(links[0].Text, "lost 3 tricks") {
				t.Errorf("the costliest deal says %q", links[0].Text)
			}
			belFace := map[byte]string{'S': "♠", 'H': "♥", 'D': "♦", 'C': "♣"}[belCard.String()[0]] + strings.Replace(belCard.String()[1:], "T", "10", 1)
			if !strings.Contains(links[2].Text, "Deal 1") || !strings.Contains(links[2].Text, belFace+" at trick 2") || !strings.Contains(links[2].Text, "lost 20 points") {
				t.Errorf("the costliest belote deal says %q", links[2].Text)
			}
			if vp.name == "phone" {
				checkNoScroll(t, ctx, "the profile")
				checkTapTargets(t, ctx, "the profile")
			}
			shot(t, ctx, "own")

			// The link opens the replay at board 1, at the step before the
			// costly card; the next step plays it, marked costly.
			click(t, ctx, `[data-testid="costly-link"]`)
			run(t, ctx, 20*time.Second, "the replay", chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .felt`)))
			if s := text(t, ctx, `[data-testid="replay-step"]`); !strings.HasPrefix(s, fmt.Sprintf("Step %d of ", step1)) {
				t.Errorf("the replay opens at %q, want step %d", s, step1)
			}
			var deal string
			eval(ctx, `document.querySelector('[data-testid="replay-deal"]').value`, &deal)
			if deal != "0" {
				t.Errorf("the replay opens at deal index %s, want 0 (board 1)", deal)
			}
			click(t, ctx, `[data-testid="replay-next"]`)
			var costlyStep bool
			eval(ctx, `document.querySelector('.replay-label').classList.contains('costly-step')`, &costlyStep)
			if !costlyStep {
				t.Errorf("the step after the link's is not the costly card: %q", text(t, ctx, `.replay-label`))
			}
			// The second link: board 2, at Alice's lead.
			navigate(t, ctx, links[1].Href)
			run(t, ctx, 20*time.Second, "the second replay", waitJS(`document.querySelector('[data-testid="replay-deal"]')?.value === '1'`))
			if s := text(t, ctx, `[data-testid="replay-step"]`); !strings.HasPrefix(s, fmt.Sprintf("Step %d of ", step2)) {
				t.Errorf("the replay of board 2 opens at %q, want step %d", s, step2)
			}
			// The belote link: the deal at Alice's card of trick 2.
			navigate(t, ctx, links[2].Href)
			run(t, ctx, 20*time.Second, "the belote replay", waitJS(`/belote/i.test(document.querySelector('[data-testid="replay"] h1')?.textContent || '') && !!document.querySelector('[data-testid="replay"] .felt')`))
			if s := text(t, ctx, `[data-testid="replay-step"]`); !strings.HasPrefix(s, fmt.Sprintf("Step %d of ", step3)) {
				t.Errorf("the belote replay opens at %q, want step %d", s, step3)
			}
			click(t, ctx, `[data-testid="replay-next"]`)
			eval(ctx, `document.querySelector('.replay-label').classList.contains('costly-step')`, &costlyStep)
			if !costlyStep {
				t.Errorf("the belote step after the link's is not the costly card: %q", text(t, ctx, `.replay-label`))
			}
			// The replay without a deal still opens at the first step.
			navigate(t, ctx, "#/replay/"+gid)
			run(t, ctx, 20*time.Second, "the plain replay", waitJS(`document.querySelector('[data-testid="replay-deal"]')?.value === '0' && /^Step 0 /.test(document.querySelector('[data-testid="replay-step"]').textContent)`))

			// In French: no key left untranslated, a space before colons.
			run(t, ctx, 20*time.Second, "French",
				chromedp.SetValue(chromedp.CSS(`[data-testid="lang-select"]`), "fr"),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="lang-select"]').dispatchEvent(new Event('change'))`),
				waitJS(`document.body.dataset.lang === 'fr'`))
			openProfile(t, ctx, "#/profile", `[data-testid="profile-fig"]`)
			var page string
			eval(ctx, pageText, &page)
			for _, k := range append(keyRE.FindAllString(page, -1), profileKeyRE.FindAllString(page, -1)...) {
				t.Errorf("French: untranslated key %q shows", k)
			}
			for _, m := range frPunctRE.FindAllStringIndex(page, -1) {
				if !strings.HasPrefix(page[m[1]-1:], "://") {
					t.Errorf("French: no space before %q: %q", page[m[1]-1:m[1]], around(page, page[m[0]:m[1]]))
				}
			}
			if s := text(t, ctx, `[data-testid="profile-fig"][data-key="bridge.lead.costly"] h3`); s != "Entames qui donnent une levée" {
				t.Errorf("French: the opening leads' figure is %q", s)
			}
			if vp.name == "phone" {
				checkNoScroll(t, ctx, "the profile in French")
			}
			shot(t, ctx, "own-fr")
			run(t, ctx, 20*time.Second, "English",
				chromedp.SetValue(chromedp.CSS(`[data-testid="lang-select"]`), "en"),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="lang-select"]').dispatchEvent(new Event('change'))`),
				waitJS(`document.body.dataset.lang === 'en'`))

			// Public: the toggle says so, and Bob reads the figures, not
			// the costliest deals.
			openProfile(t, ctx, "#/profile", `[data-testid="profile-public"]`)
			click(t, ctx, `[data-testid="profile-public"]`)
			run(t, ctx, 10*time.Second, "made public", chromedp.WaitVisible(chromedp.CSS(`[data-testid="profile-visibility"][data-public="true"] [data-testid="profile-address"]`)))
			var me string
			eval(ctx, apiJS("GET", "/api/profile", "null"), &me)
			if !strings.Contains(me, `"public":true`) {
				t.Errorf("the server did not keep the page public: %s", me)
			}
			own := len(figs)
			signIn(t, ctx, env.base, "bob", true)
			openProfile(t, ctx, "#/profile/alice", `[data-testid="profile-fig"]`)
			if n := count(t, ctx, `[data-testid="profile-fig"]`); n != own {
				t.Errorf("Bob sees %d figures of Alice's %d", n, own)
			}
			for _, sel := range []string{`[data-testid="profile-costly"]`, `[data-testid="costly-link"]`, `[data-testid="profile-public"]`, `[data-testid="profile-export"]`} {
				if n := count(t, ctx, sel); n != 0 {
					t.Errorf("Bob sees %s on Alice's page", sel)
				}
			}
			if got := text(t, ctx, `[data-testid="profile-name"]`); got != "alice" {
				t.Errorf("Bob reads the page of %q", got)
			}
			if vp.name == "phone" {
				checkNoScroll(t, ctx, "Alice's page read by Bob")
			}
			shot(t, ctx, "public")

			// Private again: Bob is told there is no such page.
			signIn(t, ctx, env.base, "alice", false)
			openProfile(t, ctx, "#/profile", `[data-testid="profile-visibility"][data-public="true"]`)
			click(t, ctx, `[data-testid="profile-public"]`)
			run(t, ctx, 10*time.Second, "made private", chromedp.WaitVisible(chromedp.CSS(`[data-testid="profile-visibility"][data-public="false"]`)))
			signIn(t, ctx, env.base, "bob", false)
			openProfile(t, ctx, "#/profile/alice", `[data-testid="profile-missing"]`)
			if got, want := text(t, ctx, `[data-testid="profile-missing"]`), catalogText(t, env.base, "en", "profile.notFound"); got != want {
				t.Errorf("Bob reads %q on Alice's private page, want %q", got, want)
			}
			if n := count(t, ctx, `[data-testid="profile-fig"]`); n != 0 {
				t.Errorf("Bob sees %d figures of a private page", n)
			}
			checkCSP(t, ctx, "the end")
		})
	}
}
