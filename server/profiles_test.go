package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	beloteanalysis "atout/belote/analysis"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/profile"
	"atout/protocol"
	"atout/store"
	"atout/store/storetest"
	"atout/table"
	"atout/tournament"
)

// storedDeal is a finished deal as a table stores it.
type storedDeal = storetest.Deal

func seatMoves(seats string, actions ...string) []game.Move {
	out := make([]game.Move, len(actions))
	for i, a := range actions {
		var s card.Seat
		if err := s.UnmarshalText([]byte{seats[i]}); err != nil {
			panic(err)
		}
		out[i] = game.Move{Seat: s, Action: a}
	}
	return out
}

// storeGame writes a finished game of kind with settings, seats and deals.
func storeGame(t testing.TB, st *store.Store, kind string, settings protocol.TableSettings, seats [4]store.Seat, deals ...storedDeal) string {
	t.Helper()
	return storetest.WriteGame(t, st, kind, settings, seats, deals...)
}

// bridgeFourSpades: North declares 4S; East's lead of the king of hearts
// gives a trick, North's ace of spades gives it back, North claims
// `claim`. Par is 450 for North-South, the table scores 420.
func bridgeFourSpades(claim int) storedDeal {
	return storedDeal{
		Deal: json.RawMessage(`{"board":1,"dealer":"N","vul":"None","deal":"N:AKQJ.A.xx.xx - - -"}`),
		Moves: seatMoves("NESWNESWENWSNN", "1S", "P", "3S", "P", "4S", "P", "P", "P",
			"HK", "H2", "H5", "HA", "SA", fmt.Sprintf("claim %d", claim)),
		Line: json.RawMessage(fmt.Sprintf(`{"board":1,"contract":"4S","declarer":"N","tricks":%d,"scoreNS":%d,"points":{"NS":0,"EW":0}}`,
			claim, map[int]int{9: -50, 10: 420, 11: 450}[claim])),
		Analysis: protocol.Analysis{Type: "analysis", Deal: 1, Board: 1, Contract: "4S", Declarer: "N", Start: 10,
			Par: protocol.ParInfo{Score: 450, Contracts: []string{"NS 4S"}},
			Costly: []protocol.CostlyCard{
				{Trick: 1, Seat: card.East, Card: card.MustParse("HK"), Cost: 1, Before: 10, After: 11},
				{Trick: 2, Seat: card.North, Card: card.MustParse("SA"), Cost: 1, Before: 11, After: 10},
			}},
	}
}

func (c *client) profile(path string) protocol.Profile {
	c.t.Helper()
	var p protocol.Profile
	c.do("GET", path, nil, &p, 200)
	return p
}

func figureOf(p protocol.Profile, key string) (protocol.ProfileFigure, bool) {
	for _, f := range p.Figures {
		if f.Key == key {
			return f, true
		}
	}
	return protocol.ProfileFigure{}, false
}

func countAll(t testing.TB, srv *Server) {
	t.Helper()
	for {
		n, err := srv.CountProfiles(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// TestProfileHandCounted counts a small history written into the store
// and checks the page against the figures worked out by hand.
func TestProfileHandCounted(t *testing.T) {
	env := newEnv(t, table.Config{})
	alice := newClient(t, env.ts.URL)
	alice.do("POST", "/api/signup", map[string]string{"username": "alice", "password": "correct horse battery"}, nil, 200)
	bob := newClient(t, env.ts.URL)
	bob.do("POST", "/api/signup", map[string]string{"username": "bob", "password": "correct horse battery"}, nil, 200)

	strong := store.Seat{Bot: "strong"}
	seats := [4]store.Seat{{UserID: alice.id}, strong, strong, strong}
	settings := protocol.TableSettings{Game: protocol.Bridge, Level: protocol.Strong}
	g1 := storeGame(t, env.st, "bridge", settings, seats, bridgeFourSpades(10), bridgeFourSpades(9))
	// A belote game where Alice (South) took 80H, coinched by West: down.
	belSeats := [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: alice.id}, {Bot: "easy"}}
	storeGame(t, env.st, "belote", protocol.TableSettings{Game: protocol.Belote, Mode: "coinche"}, belSeats, storedDeal{
		Deal:  json.RawMessage(`{"dealer":"E"}`),
		Moves: seatMoves("SWNESE", "80H", "coinche", "pass", "pass", "HJ", "SA"),
		Line:  json.RawMessage(`{"deal":1,"takers":"NS","contract":"80H","coinche":2,"made":false,"cardPoints":{"NS":70,"EW":92},"announcements":{"NS":0,"EW":0},"belote":null,"score":{"NS":0,"EW":320},"total":{"NS":0,"EW":320}}`),
		Analysis: protocol.BeloteAnalysis{Type: "beloteAnalysis", Deal: 1, Contract: "80H", Takers: card.NS,
			Costly: []protocol.BeloteCostlyCard{{Trick: 1, Seat: card.South, Card: card.MustParse("HJ"), Cost: 20, Before: 90, After: 70}}},
	})
	// Alice's claim of 12 on the second board was refused before her 9.
	if err := env.st.RecordRefusedClaim(context.Background(), store.DealRef{GameID: g1, No: 2},
		store.RefusedClaim{Seq: 12, Seat: card.North, Tricks: 12, Reason: "beaten"}); err != nil {
		t.Fatal(err)
	}
	// Nothing is counted before the worker runs.
	if p := alice.profile("/api/profile"); len(p.Figures) != 0 || len(p.Games) != 0 || !p.You || p.Public || p.Name != "alice" {
		t.Fatalf("before counting: %+v", p)
	}
	countAll(t, env.srv)
	p := alice.profile("/api/profile")
	if len(p.Games) != 2 || p.Games[1] != (protocol.ProfileGames{Game: "bridge", Kind: "duplicate", Games: 1, Deals: 2}) ||
		p.Games[0] != (protocol.ProfileGames{Game: "belote", Kind: "coinche", Games: 1, Deals: 1}) {
		t.Errorf("games %+v", p.Games)
	}
	// Declarer: 1 trick lost, then 1 + 1 given by the claim of 9.
	if f, _ := figureOf(p, profile.BridgeDeclarerLost); f.N != 2 || f.Value != 1.5 || len(f.Trend) != 1 {
		t.Errorf("declarer lost %+v", f)
	}
	if f, _ := figureOf(p, profile.BridgeClaimWrong); f.N != 2 || f.Value != 0.5 {
		t.Errorf("claims %+v", f)
	}
	if f, _ := figureOf(p, profile.BridgeClaimRefused); f.N != 2 || f.Value != 0.5 {
		t.Errorf("claims refused %+v", f)
	}
	// Par 450: 420 is −1 IMP, −50 is −11.
	if f, _ := figureOf(p, profile.BridgeParGame); f.N != 2 || f.Value != -6 {
		t.Errorf("par %+v", f)
	}
	// The bots on the same deals: East's lead gave a trick both times.
	if f, ok := figureOf(p, profile.BridgeDefenceLost); ok {
		t.Errorf("Alice never defended: %+v", f)
	}
	if f, _ := figureOf(p, profile.BeloteTakerLost); f.N != 1 || f.Value != 20 || f.Bots[protocol.Easy].N != 1 {
		t.Errorf("belote taker %+v", f)
	}
	if len(p.Costliest) != 3 || p.Costliest[0].Game != "belote" || p.Costliest[1].GameID != g1 || p.Costliest[1].Deal != 2 ||
		p.Costliest[1].Step != 12 || p.Costliest[1].Cost != 2 {
		t.Errorf("costliest %+v", p.Costliest)
	}
	// Counting again adds nothing.
	countAll(t, env.srv)
	if again := alice.profile("/api/profile"); fmt.Sprint(again.Figures) != fmt.Sprint(p.Figures) {
		t.Errorf("counted twice:\n%v\n%v", again.Figures, p.Figures)
	}

	// Private by default: Bob is told there is no such page; public, he
	// reads the figures and not the costliest deals.
	bob.do("GET", "/api/profiles/alice", nil, nil, 404)
	bob.do("GET", "/api/profiles/nobody", nil, nil, 404)
	alice.do("PUT", "/api/profile", map[string]bool{"public": true}, nil, 200)
	pub := bob.profile("/api/profiles/alice")
	if pub.You || !pub.Public || len(pub.Costliest) != 0 || len(pub.Figures) != len(p.Figures) {
		t.Errorf("public page read by another: %+v", pub)
	}
	if own := alice.profile("/api/profiles/alice"); !own.You || len(own.Costliest) != 3 {
		t.Errorf("own page by name: you %v, %d costliest", own.You, len(own.Costliest))
	}
	alice.do("PUT", "/api/profile", map[string]bool{"public": false}, nil, 200)
	bob.do("GET", "/api/profiles/alice", nil, nil, 404)
	alice.do("PUT", "/api/profile", map[string]any{"public": "yes"}, nil, 400)
	// Nobody signed in.
	req, _ := http.NewRequest("GET", env.ts.URL+"/api/profile", nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 401 {
		t.Errorf("no session: %v %v", resp.StatusCode, err)
	}

	// The export.
	code, _, body := alice.send("GET", "/api/profile/export?format=csv", nil, nil)
	if code != 200 || !strings.Contains(body, "figure,kind,unit,who,n,value,low,high\n") ||
		!strings.Contains(body, "bridge.declarer.lost,mean,tricks,you,2,1.5000,") ||
		!strings.Contains(body, "belote.taker.lost,mean,points,bots:easy,1,0.0000,") {
		t.Errorf("csv export %d:\n%s", code, body)
	}
	code, _, body = alice.send("GET", "/api/profile/export?format=json", nil, nil)
	var ex protocol.Profile
	if code != 200 || json.Unmarshal([]byte(body), &ex) != nil || len(ex.Figures) != len(p.Figures) {
		t.Errorf("json export %d: %s", code, body)
	}
	if code, _, _ := alice.send("GET", "/api/profile/export?format=xls", nil, nil); code != 400 {
		t.Errorf("xls export: %d", code)
	}
}

// TestProfileSealedCompetition: a competition's deal is not counted while
// the competition hides it, and stays due.
func TestProfileSealedCompetition(t *testing.T) {
	env := newEnv(t, table.Config{})
	carol := newClient(t, env.ts.URL)
	strong := store.Seat{Bot: "strong"}
	settings := protocol.TableSettings{Game: protocol.Bridge, Level: protocol.Strong,
		Tournament: protocol.Competition{ID: "t-unknown"}}
	storeGame(t, env.st, "bridge", settings, [4]store.Seat{{UserID: carol.id}, strong, strong, strong}, bridgeFourSpades(10))
	countAll(t, env.srv)
	if p := carol.profile("/api/profile"); len(p.Games) != 0 || len(p.Figures) != 0 {
		t.Errorf("a sealed deal was counted: %+v", p)
	}
	if due, err := env.st.ProfileDue(context.Background(), 10); err != nil || len(due) != 0 {
		t.Errorf("the sealed deal is due again at once: %v %v", due, err)
	}
}

// TestProfileCountedOnce: two workers (two nodes) counting at once count
// every deal once.
func TestProfileCountedOnce(t *testing.T) {
	env := newEnv(t, table.Config{})
	dave := newClient(t, env.ts.URL)
	strong := store.Seat{Bot: "strong"}
	seats := [4]store.Seat{{UserID: dave.id}, strong, strong, strong}
	settings := protocol.TableSettings{Game: protocol.Bridge, Level: protocol.Strong}
	for range 6 {
		storeGame(t, env.st, "bridge", settings, seats, bridgeFourSpades(10), bridgeFourSpades(11), bridgeFourSpades(9))
	}
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { countAll(t, env.srv) })
	}
	wg.Wait()
	p := dave.profile("/api/profile")
	if len(p.Games) != 1 || p.Games[0].Games != 6 || p.Games[0].Deals != 18 {
		t.Errorf("games %+v", p.Games)
	}
	if f, _ := figureOf(p, profile.BridgeDeclarerLost); f.N != 18 {
		t.Errorf("declarer lost counted %d times, want 18", f.N)
	}
}

// TestProfilePlayed plays real deals at a table with bots, lets the
// server analyse them and count them, and checks the page against the
// stored records: the costliest deal's card is the player's, at its step,
// and its cost is what the stored analysis lists for the player's cards.
func TestProfilePlayed(t *testing.T) {
	env := newEnv(t, table.Config{Games: map[string]match.Abilities{
		"bridge": bridgeanalysis.Abilities(), "belote": beloteanalysis.Abilities()}})
	erin := newClient(t, env.ts.URL)
	for _, s := range []table.Settings{
		{Game: "bridge", Boards: 2, Level: "easy", Seed: 41},
		{Game: "belote", Mode: "classic", Target: 100, Level: "easy", Seed: 42},
	} {
		id := erin.createTable(s)
		var over bool
		if err := drive(erin, id, 9, 90*time.Second, func() bool {
			// A finished table nobody watches is let go by its hub, after
			// which it is not found: over too (a CI run on a loaded
			// machine lost the race between the last deal and this GET).
			var info protocol.TableInfo
			switch code, body := erin.get("/api/tables/" + id); code {
			case http.StatusOK:
				if err := json.Unmarshal([]byte(body), &info); err != nil {
					t.Fatalf("GET /api/tables/%s: %v", id, err)
				}
				over = info.Over
			case http.StatusNotFound:
				over = true
			default:
				t.Fatalf("GET /api/tables/%s: status %d", id, code)
			}
			return over
		}); err != nil {
			t.Fatal(err)
		}
	}
	// Every deal analysed and counted (the analyses take a while under
	// the race detector on a busy machine: each has 60 s).
	deadline := time.Now().Add(4 * time.Minute)
	var p protocol.Profile
	for {
		countAll(t, env.srv)
		p = erin.profile("/api/profile")
		deals := 0
		for _, g := range p.Games {
			deals += g.Deals
		}
		var games protocol.Games
		erin.do("GET", "/api/games", nil, &games, 200)
		total := 0
		for _, g := range games.Games {
			var rec struct{ Deals []json.RawMessage }
			erin.do("GET", "/api/games/"+g.ID, nil, &rec, 200)
			total += len(rec.Deals)
		}
		if deals == total && total > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deals counted of %d", deals, total)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(p.Figures) == 0 {
		t.Fatal("no figure after real deals")
	}
	for _, f := range p.Figures {
		if f.N < 1 || f.Lo > f.Value || f.Hi < f.Value || len(f.Trend) == 0 {
			t.Errorf("figure %+v", f)
		}
	}
	for _, c := range p.Costliest {
		var rec struct {
			Seats []protocol.SeatSummary `json:"seats"`
			Deals []struct {
				No     int
				Moves  []string // "S HA"
				Result struct {
					Analysis struct {
						Declarer string
						Costly   []struct {
							Seat card.Seat
							Card string
							Cost int
						}
					}
				}
			}
		}
		erin.do("GET", "/api/games/"+c.GameID, nil, &rec, 200)
		d := rec.Deals[c.Deal-1]
		if c.Step >= len(d.Moves) {
			t.Errorf("costly deal %+v: no move %d", c, c.Step)
			continue
		}
		m, err := game.ParseMove(d.Moves[c.Step])
		if err != nil || m.Action != c.Card {
			t.Errorf("costly deal %+v: move %d is %q, not %s (%v)", c, c.Step, d.Moves[c.Step], c.Card, err)
			continue
		}
		mine := m.Seat
		sum := 0
		for _, x := range d.Result.Analysis.Costly {
			if x.Seat == mine || (c.Game == "bridge" && x.Seat == mine.Partner() && d.Result.Analysis.Declarer == mine.String()) {
				sum += x.Cost
			}
		}
		if c.Game == "belote" && sum != c.Cost || c.Game == "bridge" && sum > c.Cost {
			t.Errorf("costly deal %+v: the analysis lists %d", c, sum)
		}
	}
}

// BenchmarkProfilePage times GET /api/profile for a player with 10,000
// deals counted over 400 days (the target: under 100 ms).
func BenchmarkProfilePage(b *testing.B) {
	env := newEnv(b, table.Config{})
	c := newClient(b, env.ts.URL)
	ctx := context.Background()
	g, err := env.st.CreateGame(ctx, store.NewGame{Kind: "bridge", Seats: [4]store.Seat{{UserID: c.id}}})
	if err != nil {
		b.Fatal(err)
	}
	fs := []string{profile.BridgeDeclarerLost, profile.BridgeDefenceLost, profile.BridgeLeadCostly, profile.BridgeParGame,
		profile.BridgeParPartscore, profile.BridgeClaimWrong, profile.BeloteTakerLost, profile.BeloteDefenceLost}
	const deals = 10000
	for i := range deals {
		if err := env.st.AddDeal(ctx, g.ID, i+1, json.RawMessage(`{}`)); err != nil {
			b.Fatal(err)
		}
		if err := env.st.FinishDeal(ctx, g.ID, i+1, json.RawMessage(`{}`)); err != nil {
			b.Fatal(err)
		}
		you := map[string]float64{fs[i%len(fs)]: float64(i % 2), fs[(i+3)%len(fs)]: float64(i % 2)}
		bots := map[protocol.Level][]map[string]float64{protocol.Medium: {you, you}}
		a := profile.Add{Day: 20000 + i/25, Ended: int64(i), GameKey: "bridge/duplicate", You: you, Bots: bots,
			Costly: &profile.Costly{Game: "bridge", GameID: g.ID, Deal: i + 1, Cost: i % 5}}
		if _, err := env.st.CountProfile(ctx, store.DealRef{GameID: g.ID, No: i + 1}, map[string]profile.Add{c.id: a}); err != nil {
			b.Fatal(err)
		}
	}
	p := c.profile("/api/profile")
	if n := p.Games[0].Deals; n != deals {
		b.Fatalf("%d deals counted", n)
	}
	b.ResetTimer()
	for b.Loop() {
		resp, err := c.hc.Get(env.ts.URL + "/api/profile")
		if err != nil || resp.StatusCode != 200 {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// TestProfileTeamMatchField: a team match's boards count, once both rooms
// have played them, the IMPs of the player's team; the page's figure is
// the mean of the match sheet's IMPs from his side.
func TestProfileTeamMatchField(t *testing.T) {
	env := openCompEnv(t, filepath.Join(t.TempDir(), "atout.db"))
	org := newClient(t, env.ts.URL)
	p := newClient(t, env.ts.URL)
	var created struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "Profile match", "boards": 4, "level": "easy", "seed": 5,
		"home": map[string]any{"name": "Lions", "players": []string{p.id, "bot", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &created, 200)
	id := created.ID
	p.accept(id)
	for n := 1; n <= 4; n++ {
		waitFor(t, fmt.Sprintf("closed room board %d", n), 60*time.Second, func() bool { return roomPlayed(env.srv, id, tournament.ClosedRoom, n) })
	}
	mp := p.teamMatch(id)
	if err := drive(p, mp.You.Table, 1, 90*time.Second, func() bool { return roomPlayed(env.srv, id, tournament.OpenRoom, 4) }); err != nil {
		t.Fatal(err)
	}
	// The deals end unanalysed here (the test tables have no review):
	// they are due after the grace; make them due now.
	for n := 1; n <= 4; n++ {
		if err := env.st.PostponeProfile(context.Background(), store.DealRef{GameID: mp.You.Table, No: n}, -time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	countAll(t, env.srv)
	sheet := p.teamMatch(id)
	want, n := 0.0, 0
	for _, b := range sheet.Boards {
		if !b.Complete {
			t.Fatalf("board %d not complete: %+v", b.Board, b)
		}
		want += float64(b.IMPs) // p is home, North in the open room
		n++
	}
	pg := p.profile("/api/profile")
	f, ok := figureOf(pg, profile.FieldIMPs)
	if !ok || f.N != n || !closeTo(f.Value, want/float64(n)) {
		t.Errorf("field IMPs %+v, want n=%d mean %.2f (sheet %+v)", f, n, want/float64(n), sheet.Boards)
	}
	if len(pg.Games) != 1 || pg.Games[0].Kind != "duplicate:competition" || pg.Games[0].Deals != 4 {
		t.Errorf("games %+v", pg.Games)
	}
}

func closeTo(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestProfileTournamentField: a tournament's board is counted only once
// its window has ended, with the entry's matchpoint percentage on it; the
// two players' percentages add up to 100.
func TestProfileTournamentField(t *testing.T) {
	env, clk := tourEnv(t)
	a := newClient(t, env.ts.URL)
	b := newClient(t, env.ts.URL)
	id := a.createTournament(map[string]any{"name": "Profile night", "boards": 8, "scoring": "mp", "seed": 77, "hours": 2})
	tables := []string{playTournamentBoard(t, env, a, id, 1), playTournamentBoard(t, env, b, id, 1)}
	// The boards end unanalysed here: make them due now.
	due := func() {
		for _, tb := range tables {
			if err := env.st.PostponeProfile(context.Background(), store.DealRef{GameID: tb, No: 1}, -time.Hour); err != nil {
				t.Fatal(err)
			}
		}
	}
	due()
	countAll(t, env.srv)
	if p := a.profile("/api/profile"); len(p.Games) != 0 {
		t.Fatalf("a board counted while the tournament's window is open: %+v", p.Games)
	}
	clk.add(3 * time.Hour)
	due()
	countAll(t, env.srv)
	sum := 0.0
	for _, c := range []*client{a, b} {
		p := c.profile("/api/profile")
		f, ok := figureOf(p, profile.FieldMP)
		if !ok || f.N != 1 || f.Value < 0 || f.Value > 100 {
			t.Fatalf("matchpoints %+v (%+v)", f, p.Games)
		}
		if len(p.Games) != 1 || p.Games[0].Kind != "duplicate:competition" {
			t.Errorf("games %+v", p.Games)
		}
		sum += f.Value
	}
	if !closeTo(sum, 100) {
		t.Errorf("the two entries' percentages add up to %v", sum)
	}
}
