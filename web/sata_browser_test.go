package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserSaTaBids: a coinche game with the sans-atout and tout-atout
// box ticked says what changes under the rules chosen, and its bidding box
// offers the SA and TA bids; a game without it does not.
func TestBrowserSaTaBids(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	run(t, ctx, 20*time.Second, "belote, classic",
		chromedp.SetValue(chromedp.CSS(`[data-testid="game-select"]`), "belote"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="game-select"]').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`[data-testid="mode-select"]`), "classic"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="mode-select"]').dispatchEvent(new Event('change'))`))
	var shown bool
	eval(ctx, `getComputedStyle(document.querySelector('[data-testid="sata-field"]')).display !== 'none'`, &shown)
	if shown {
		t.Error("the New game window offers the SA/TA box in classic")
	}
	run(t, ctx, 20*time.Second, "a coinche game with SA and TA",
		chromedp.SetValue(chromedp.CSS(`[data-testid="mode-select"]`), "coinche"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="mode-select"]').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.CSS(`[data-testid="sata-check"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sata-rules"]`)))
	if s, want := text(t, ctx, `[data-testid="sata-rules"]`), catalogText(t, base, "en", "lobby.sata.maison"); s != want {
		t.Errorf("the rules line says %q, want %q", s, want)
	}
	run(t, ctx, 30*time.Second, "start",
		chromedp.Click(chromedp.CSS(`[data-testid="new-game"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"][data-game="belote"] [data-testid="felt"]`)))
	// The player's turn to bid (or the bidding is over: the bots passed or
	// bid past him; then the test looks at no box).
	run(t, ctx, 40*time.Second, "the bidding box",
		waitJS(`!!document.querySelector('[data-testid="belote-controls"].active') || !document.querySelector('[data-testid="belote-controls"]')`))
	var strains []string
	eval(ctx, `[...document.querySelectorAll('[data-testid="belote-controls"] button.suit-btn')].map((b) => b.dataset.action.replace(/^\d+|^capot/, ''))`, &strains)
	if len(strains) > 0 && (len(strains) != 6 || strains[4] != "NT" || strains[5] != "AT") {
		t.Errorf("the bidding box's strains %v, want S H D C NT AT", strains)
	}
	t.Logf("strains offered: %v", strains)
	shot(t, ctx, "sata-bidding")
}

// TestBrowserSaTaDuplicate: the belote duplicate form offers the sans-atout
// and tout-atout box in coinche only, with the line of what changes under
// the rules chosen; an event created with it says so on its page, and its
// team's table bids with SA and TA.
func TestBrowserSaTaDuplicate(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	routeTo(t, ctx, "#/duplicate", `[data-testid="bd-create"]`)
	var shown bool
	eval(ctx, `(() => { const f = document.querySelector('[data-testid="bd-sata-field"]'); return !f.hidden || getComputedStyle(f).display !== 'none'; })()`, &shown)
	if shown {
		t.Error("the SA/TA box is offered in classic")
	}
	run(t, ctx, 10*time.Second, "a coinche duplicate with SA and TA, official rules",
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-name"]`), "SA TA night"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-deals"]`), "2"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-level"]`), "easy"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-mode"]`), "coinche"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="bd-mode"]').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`[data-testid="bd-rules"]`), "official"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="bd-rules"]').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.CSS(`[data-testid="bd-sata"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="bd-sata-rules"]`)))
	official := catalogText(t, base, "en", "lobby.sata.official")
	if s := text(t, ctx, `[data-testid="bd-sata-rules"]`); s != official {
		t.Errorf("the form's rules line says %q, want %q", s, official)
	}
	shot(t, ctx, "sata-duplicate-form")
	click(t, ctx, `[data-testid="bd-create"]`)
	waitFor(t, ctx, `[data-testid="duplicate"] [data-testid="bd-join"]`, 20*time.Second)
	if s := text(t, ctx, `[data-testid="bd-sata-on"]`); !strings.Contains(s, catalogText(t, base, "en", "lobby.sata")) {
		t.Errorf("the event page says %q, not that it has SA and TA", s)
	}
	if s := text(t, ctx, `[data-testid="duplicate"] [data-testid="bd-sata-rules"]`); s != official {
		t.Errorf("the event's rules line says %q, want %q", s, official)
	}
	run(t, ctx, 10*time.Second, "team name", chromedp.SetValue(chromedp.CSS(`[data-testid="bd-team"]`), "Aces"))
	click(t, ctx, `[data-testid="bd-join"]`)
	waitFor(t, ctx, `[data-testid="bd-wait-start"]`, 20*time.Second)
	click(t, ctx, `[data-testid="bd-start"]`)
	waitFor(t, ctx, `[data-testid="bd-play"]`, 20*time.Second)
	click(t, ctx, `[data-testid="bd-play"]`)
	waitFor(t, ctx, `[data-testid="table"][data-game="belote"] [data-testid="felt"]`, 30*time.Second)
	// The player's turn to bid (or the bidding is over: the bots passed or
	// bid past him; then the test looks at no box).
	run(t, ctx, 40*time.Second, "the bidding box",
		waitJS(`!!document.querySelector('[data-testid="belote-controls"].active') || !document.querySelector('[data-testid="belote-controls"]')`))
	var strains []string
	eval(ctx, `[...document.querySelectorAll('[data-testid="belote-controls"] button.suit-btn')].map((b) => b.dataset.action.replace(/^\d+|^capot/, ''))`, &strains)
	if len(strains) > 0 && (len(strains) != 6 || strains[4] != "NT" || strains[5] != "AT") {
		t.Errorf("the duplicate table's strains %v, want S H D C NT AT", strains)
	}
	t.Logf("strains offered: %v", strains)
	shot(t, ctx, "sata-duplicate-table")
}
