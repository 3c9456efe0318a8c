package web_test

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	beloteanalysis "atout/belote/analysis"
	"atout/table"
)

// A belote claim in the browser against bots (docs/belote-claims.md): the
// claim form offers the rest of the tricks for the player's side or their
// concession; the bots check a claim with the exact solver against their
// best defence and refuse one they can beat (the deal goes on), and a
// concession, which only gives them tricks, ends the deal at once, the
// panel naming the claim.
func TestBrowserBeloteClaim(t *testing.T) {
	base, ctx := beloteClaimTable(t)
	run(t, ctx, 30*time.Second, "the hand", chromedp.WaitVisible(chromedp.CSS(`[data-testid="felt"] [data-testid="hand-S"] [data-card]`)))
	inPlay := false
	for range 4 {
		if playDeal(t, ctx, 60*time.Second, 1) == 1 {
			inPlay = true
			break
		}
		run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
			chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
	}
	if !inPlay {
		t.Fatal("four deals passed out in a row")
	}
	// The form: the help, the claim of the rest and its concession.
	click(t, ctx, `[data-testid="claim-btn"]`)
	run(t, ctx, 10*time.Second, "the claim form", chromedp.WaitVisible(chromedp.CSS(`[data-testid="claim-form"]`)))
	if got, want := text(t, ctx, `[data-testid="claim-form"] .claim-help`), catalogText(t, base, "en", "belote.claimHelp"); got != want {
		t.Errorf("claim help %q, want %q", got, want)
	}
	var rest string
	if err := eval(ctx, `document.querySelector('[data-testid="claim-confirm"]').textContent`, &rest); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^The rest is ours \(\d+ tricks?\)$`).MatchString(rest) {
		t.Errorf("claim button %q", rest)
	}
	shot(t, ctx, "belote-claim-form")
	// Claim everything after the first card: the bots check it.
	click(t, ctx, `[data-testid="claim-confirm"]`)
	beaten := catalogText(t, base, "en", "belote.claimBeaten")
	quoted, _ := json.Marshal(beaten)
	wait, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	outcome, err := chromedp.Run(wait, chromedp.Poll[string](`(() => { if (document.querySelector('[data-testid="deal-over"]')) return 'over';
	  const t = document.getElementById('toast'); return t && !t.hidden && t.textContent === `+string(quoted)+` ? 'beaten' : null; })()`,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("no answer to the claim: %v", err)
	}
	t.Logf("the claim of the rest at trick 1: %s", outcome)
	side := "North-South"
	if outcome == "beaten" {
		// The deal goes on; the player concedes the rest instead, asked
		// once more.
		if count(t, ctx, `[data-testid="deal-over"]`) != 0 {
			t.Fatal("a refused claim ended the deal")
		}
		click(t, ctx, `[data-testid="claim-btn"]`)
		click(t, ctx, `[data-testid="claim-concede"]`)
		run(t, ctx, 10*time.Second, "the concession's question", chromedp.WaitVisible(chromedp.CSS(`[data-testid="concede-ask"]`)))
		shot(t, ctx, "belote-concede-ask")
		click(t, ctx, `[data-testid="concede-yes"]`)
		side = "East-West"
	}
	run(t, ctx, 60*time.Second, "the deal ended by the claim",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="claimed-line"]`)))
	if got, want := text(t, ctx, `[data-testid="claimed-line"]`), "Claimed by South: "+side+" took the rest."; got != want {
		t.Errorf("claimed line %q, want %q", got, want)
	}
	if count(t, ctx, `[data-testid="deal-over"] [data-testid="deal-score"]`) != 1 {
		t.Error("no score after the claim")
	}
	shot(t, ctx, "belote-claimed")
}

// beloteClaimTable opens a classic belote table against easy bots, on a
// server whose bots check a claim with the exact solver, and returns the
// server's address and the browser.
func beloteClaimTable(t *testing.T) (string, context.Context) {
	t.Helper()
	base := startServer(t, func(c *table.Config) {
		a := beloteanalysis.Abilities()
		a.ClaimHolds = beloteanalysis.ClaimHolds
		c.Games["belote"] = a
	})
	ctx := browser(t)
	openApp(t, ctx, base)
	startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "rules-select": "maison", "level-select": "easy"})
	return base, ctx
}
