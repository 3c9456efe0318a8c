package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"atout/bridge"
)

// TestBrowserTeamsMatch: a player creates a 4-board team match through the
// form, with himself in the home team's open-room pair and bots everywhere
// else. Board 1 stays hidden from him until he has played it at his table
// (the closed room, all bots, plays on by itself); then the match page
// shows both rooms' results, the IMPs and the running score.
func TestBrowserTeamsMatch(t *testing.T) {
	base := startServer(t)
	a := browser(t)
	openApp(t, a, base)

	routeTo(t, a, "#/teams", `[data-testid="tm-create"]`)
	// A guest has no username: the form says how he takes part.
	if s, want := text(t, a, `[data-testid="tm-your-name"]`), catalogText(t, base, "en", "tm.guest"); s != want {
		t.Errorf("the form says %q, want %q", s, want)
	}
	run(t, a, 10*time.Second, "fill the form",
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-name"]`), "Browser match"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-boards"]`), "4"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-level"]`), "easy"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-home-name"]`), "Lions"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-away-name"]`), "Tigers"),
		chromedp.SetValue(chromedp.CSS(`#tm-away-p1`), "nobody-here"))
	// A player is named by username: an unknown one is refused by name.
	click(t, a, `[data-testid="tm-create"]`)
	if msg, want := toastText(t, a), strings.Replace(catalogText(t, base, "en", "error.unknown_player"), "{name}", "nobody-here", 1); msg != want {
		t.Errorf("unknown player: the toast says %q, want %q", msg, want)
	}
	run(t, a, 10*time.Second, "clear the player",
		chromedp.Evaluate[chromedp.Void](`document.getElementById('tm-away-p1').value = ''`))
	shot(t, a, "teams-create")
	click(t, a, `[data-testid="tm-create"]`)
	waitFor(t, a, `[data-testid="team-match"]`, 20*time.Second)
	var id string
	if err := eval(a, `document.querySelector('[data-testid="team-match"]').dataset.match`, &id); err != nil || id == "" {
		t.Fatalf("match id: %q %v", id, err)
	}
	if n := count(t, a, `[data-testid="tm-board"]`); n != 4 {
		t.Errorf("%d boards in the score sheet, want 4", n)
	}
	if n := count(t, a, `[data-testid="tm-room-link"]`); n != 1 {
		t.Errorf("%d room links for a player, want 1 (his own room)", n)
	}
	// Not played yet: board 1 is hidden, whatever the closed room did.
	routeTo(t, a, "#/teams/"+id+"/1", `[data-testid="tm-hidden"]`)
	if n := count(t, a, `[data-testid="tm-board"][data-visible="1"]`); n != 0 {
		t.Errorf("%d boards shown before playing any", n)
	}
	shot(t, a, "teams-hidden")

	// Play board 1 in the open room.
	click(t, a, `[data-testid="tm-play"]`)
	waitFor(t, a, `[data-testid="table"]`, 30*time.Second)
	cards := playDeal(t, a, 90*time.Second, 0)
	waitFor(t, a, `[data-testid="deal-over"]`, 20*time.Second)
	t.Logf("board 1 over after %d cards clicked", cards)

	// Back on the match page: once the closed room has played board 1 too
	// (the page reloads by itself), its IMPs and the score are shown.
	routeTo(t, a, "#/teams/"+id, `[data-testid="tm-sheet"]`)
	waitFor(t, a, `[data-testid="tm-board"][data-board="1"][data-complete="1"]`, 60*time.Second)
	shot(t, a, "teams-board1-scored")
	type sheetState struct {
		IMPs    int    `json:"imps"`
		Home    int    `json:"home"`
		Away    int    `json:"away"`
		Score   string `json:"score"`
		Visible int    `json:"visible"`
		API     struct {
			Boards []struct {
				Open   struct{ ScoreNS int }
				Closed struct{ ScoreNS int }
				IMPs   int
			}
		} `json:"api"`
	}
	js := `(async () => {
	  const r = document.querySelector('[data-testid="tm-board"][data-board="1"]');
	  const s = document.querySelector('[data-testid="tm-score"]');
	  const api = await (await fetch('/api/teammatches/` + id + `')).json();
	  return {imps: parseInt(r.dataset.imps, 10), home: parseInt(s.dataset.home, 10), away: parseInt(s.dataset.away, 10),
	    score: s.textContent, visible: document.querySelectorAll('[data-testid="tm-board"][data-visible="1"]').length, api};
	})()`
	got, err := chromedp.Run(a, chromedp.Evaluate[sheetState](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("read the score sheet: %v", err)
	}
	b1 := got.API.Boards[0]
	want := bridge.IMPs(b1.Open.ScoreNS - b1.Closed.ScoreNS)
	if got.IMPs != want || b1.IMPs != want {
		t.Errorf("board 1: page %d IMPs, API %d, want %d (open %d, closed %d)", got.IMPs, b1.IMPs, want, b1.Open.ScoreNS, b1.Closed.ScoreNS)
	}
	wantHome, wantAway := max(want, 0), max(-want, 0)
	if got.Home != wantHome || got.Away != wantAway || !strings.Contains(got.Score, "Lions") {
		t.Errorf("score %d-%d (%q), want %d-%d", got.Home, got.Away, got.Score, wantHome, wantAway)
	}
	if got.Visible != 1 {
		t.Errorf("%d boards visible after playing one, want 1", got.Visible)
	}
	// Board 1's page shows the deal and both rooms; board 2 is still hidden.
	routeTo(t, a, "#/teams/"+id+"/1", `[data-testid="tm-board-result"]`)
	if n := count(t, a, `[data-testid="tm-deal"] tr`); n != 4 {
		t.Errorf("board 1: %d hands shown, want 4", n)
	}
	shot(t, a, "teams-board1")
	routeTo(t, a, "#/teams/"+id+"/2", `[data-testid="tm-hidden"]`)

	// The match page on a phone.
	run(t, a, 10*time.Second, "phone", chromedp.EmulateViewport(390, 844))
	routeTo(t, a, "#/teams/"+id+"/1", `[data-testid="tm-board-result"]`)
	checkNoSidewaysScroll(t, a, "team match")
	shot(t, a, "teams-phone")
}

// TestBrowserTeamsBeloteDuplicate: a player creates a 2-deal belote
// duplicate, registers a team with a bot partner, starts it and plays deal 1; the
// event page then ranks his team and shows deal 1 (his own result), while
// deal 2 stays hidden.
func TestBrowserTeamsBeloteDuplicate(t *testing.T) {
	base := startServer(t)
	a := browser(t)
	openApp(t, a, base)

	routeTo(t, a, "#/duplicate", `[data-testid="bd-create"]`)
	run(t, a, 10*time.Second, "fill the form",
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-name"]`), "Belote night"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-deals"]`), "2"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-level"]`), "easy"))
	click(t, a, `[data-testid="bd-create"]`)
	waitFor(t, a, `[data-testid="duplicate"] [data-testid="bd-join"]`, 20*time.Second)
	var id string
	if err := eval(a, `document.querySelector('[data-testid="duplicate"]').dataset.event`, &id); err != nil || id == "" {
		t.Fatalf("event id: %q %v", id, err)
	}
	run(t, a, 10*time.Second, "team name", chromedp.SetValue(chromedp.CSS(`[data-testid="bd-team"]`), "Aces"))
	click(t, a, `[data-testid="bd-join"]`)
	// Registered: the team waits for the start, which its organiser (here
	// the same player) gives; the registration then closes and the table
	// opens.
	waitFor(t, a, `[data-testid="bd-wait-start"]`, 20*time.Second)
	shot(t, a, "duplicate-registered")
	click(t, a, `[data-testid="bd-start"]`)
	waitFor(t, a, `[data-testid="bd-play"]`, 20*time.Second)
	if n := count(t, a, `[data-testid="bd-join"], [data-testid="bd-start"]`); n != 0 {
		t.Errorf("the registration or the start button is still offered after the start (%d)", n)
	}
	click(t, a, `[data-testid="bd-play"]`)
	waitFor(t, a, `[data-testid="table"] [data-testid="deal-no"]`, 30*time.Second)
	// A fixed series of deals: "deal 1 of 2", and the points so far with no
	// target to reach.
	var chips struct {
		Deal   string `json:"deal"`
		Totals string `json:"totals"`
		Fixed  string `json:"fixed"`
	}
	eval(a, `(() => { const tot = document.querySelector('[data-testid="totals"]');
	  return {deal: document.querySelector('[data-testid="deal-no"]').textContent, totals: tot.textContent, fixed: tot.dataset.fixed}; })()`, &chips)
	want := strings.NewReplacer("{n}", "1", "{total}", "2").Replace(catalogText(t, base, "en", "table.dealOf"))
	if chips.Deal != want || chips.Fixed != "1" || strings.Contains(chips.Totals, "/") {
		t.Errorf("chips %+v: want %q and the points without a target", chips, want)
	}
	shot(t, a, "duplicate-table")
	cards := playDeal(t, a, 90*time.Second, 0)
	waitFor(t, a, `[data-testid="deal-over"]`, 20*time.Second)
	t.Logf("deal 1 over after %d cards clicked", cards)

	routeTo(t, a, "#/duplicate/"+id+"/1", `[data-testid="bd-results"]`)
	if n := count(t, a, `[data-testid="bd-standing"][data-you="1"]`); n != 1 {
		t.Errorf("%d ranking lines marked as the player's, want 1", n)
	}
	if n := count(t, a, `[data-testid="bd-deal"][data-visible="1"]`); n != 1 {
		t.Errorf("%d deals visible after playing one, want 1", n)
	}
	shot(t, a, "duplicate-deal1")
	routeTo(t, a, "#/duplicate/"+id+"/2", `[data-testid="bd-hidden"]`)
}
