package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	beloteanalysis "atout/belote/analysis"
	"atout/table"
)

// A belote deal played in the browser against bots: a hint shows the
// points of each legal card on the hand, and once the deal is over the
// panel shows the server's analysis of the card play with all cards open
// (each side's points when the play began and as played, the cards that
// cost points); an injected analysis is worded in full.
func TestBrowserBeloteAnalysis(t *testing.T) {
	base := startServer(t, func(c *table.Config) {
		c.Games["belote"] = beloteanalysis.Abilities()
	})
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 120000)
	startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "rules-select": "maison", "level-select": "easy"})
	run(t, ctx, 30*time.Second, "the hand", chromedp.WaitVisible(chromedp.CSS(`[data-testid="felt"] [data-testid="hand-S"] [data-card]`)))
	played := false
	for range 4 {
		// The bidding and the first card; a deal everybody passes ends
		// without play.
		if playDeal(t, ctx, 60*time.Second, 1) == 0 {
			run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
				chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
			continue
		}
		// The next card to play: ask for a hint.
		run(t, ctx, 30*time.Second, "the second card to play",
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="hand-S"] button[data-card]:not([disabled])`)),
			chromedp.Click(chromedp.CSS(`[data-testid="hint-btn"]`), chromedp.NodeVisible),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="hand-S"] .hint-badge`)))
		var hint struct {
			Legal  int
			Badges []string
			Best   int
		}
		if err := eval(ctx, `(() => { const h = document.querySelector('[data-testid="hand-S"]');
		  return {legal: h.querySelectorAll('button[data-card]:not([disabled])').length,
		    badges: [...h.querySelectorAll('.hint-badge')].map((b) => b.textContent),
		    best: h.querySelectorAll('.hint-badge.best').length}; })()`, &hint); err != nil {
			t.Fatal(err)
		}
		if len(hint.Badges) != hint.Legal || hint.Best < 1 {
			t.Errorf("hint badges %v (%d best) for %d legal cards", hint.Badges, hint.Best, hint.Legal)
		}
		// The best cards show the side's points, the others what they cost
		// ("−7"), as the bridge hint does with tricks.
		for _, b := range hint.Badges {
			if n := strings.TrimPrefix(b, "−"); n == "" || strings.Trim(n, "0123456789") != "" {
				t.Errorf("hint badge %q is neither a number of points nor a cost", b)
			}
		}
		shot(t, ctx, "belote-hint")
		if n := playDeal(t, ctx, 60*time.Second, 0); n != 7 {
			t.Fatalf("clicked %d more cards, want 7", n)
		}
		played = true
		break
	}
	if !played {
		t.Fatal("four deals passed out in a row")
	}
	// The server's analysis of the deal.
	run(t, ctx, 60*time.Second, "the belote analysis",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="belote-values"]`)))
	if got, want := text(t, ctx, `[data-testid="belote-start"] th`), catalogText(t, base, "en", "analysis.beloteStart"); got != want {
		t.Errorf("start row %q, want %q", got, want)
	}
	var vals []string
	if err := eval(ctx, `[...document.querySelectorAll('[data-testid="belote-values"] tbody td')].map((td) => td.textContent)`, &vals); err != nil || len(vals) != 4 {
		t.Fatalf("values %v (%v)", vals, err)
	}
	if count(t, ctx, `[data-testid="analysis-pending"]`) != 0 {
		t.Error("still analysing")
	}
	costly := count(t, ctx, `[data-testid="deal-over"] [data-testid="costly"] li`)
	if costly == 0 && count(t, ctx, `[data-testid="no-costly"]`) != 1 {
		t.Error("neither costly cards nor \"no card cost points\"")
	}
	t.Logf("analysis: start NS %s EW %s, as played NS %s EW %s, %d costly cards", vals[0], vals[1], vals[2], vals[3], costly)
	shot(t, ctx, "belote-analysis")
	// An analysis of known content, worded in full.
	var deal int
	if err := eval(ctx, `Number(document.querySelector('[data-testid="table"]').dataset.dealNo)`, &deal); err != nil || deal == 0 {
		t.Fatalf("deal number %d (%v)", deal, err)
	}
	inject(t, ctx, map[string]any{"type": "beloteAnalysis", "deal": deal, "contract": "H", "takers": "NS",
		"start": map[string]int{"NS": 101, "EW": 61}, "final": map[string]int{"NS": 91, "EW": 71},
		"costly": []map[string]any{{"trick": 7, "seat": "S", "card": "SA", "cost": 10, "before": 101, "after": 91}}})
	run(t, ctx, 10*time.Second, "the injected analysis", waitJS(`document.querySelector('[data-testid="belote-final"] td')?.textContent === '91'`))
	if c := text(t, ctx, `[data-testid="costly"] li`); c != "Trick 7 · South: ace of spades cost 10 points (101 → 91)" {
		t.Errorf("costly card %q", c)
	}
	// The stored analysis shows in the replay; a costly card is a link to
	// the moment it was played.
	click(t, ctx, `[data-testid="nav-history"]`)
	click(t, ctx, `[data-testid="history"] [data-testid="replay-link"]`)
	run(t, ctx, 20*time.Second, "the replay's analysis",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] [data-testid="belote-values"]`)))
	var stored []string
	if err := eval(ctx, `[...document.querySelectorAll('[data-testid="replay"] [data-testid="belote-values"] tbody td')].map((td) => td.textContent)`, &stored); err != nil || strings.Join(stored, " ") != strings.Join(vals, " ") {
		t.Errorf("the replay's values %v, the table's %v (%v)", stored, vals, err)
	}
	if costly > 0 {
		click(t, ctx, `[data-testid="replay"] [data-testid="costly"] button`)
		run(t, ctx, 10*time.Second, "the costly card in the replay",
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .replay-label.costly-step`)),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .trick .card.costly`)))
	}
	shot(t, ctx, "belote-replay")
}
