package web_test

// Browser test of the comparison of a casual duplicate table's boards
// (issue 36: Funbridge compares every deal with others who played it):
// with par and with the same deal played by the bots at a second table, in
// IMPs, on the deal-over panel and on the score sheet with the running
// total, on a desktop screen and on a 390×844 phone, after a reload too.

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	bridgeanalysis "atout/bridge/analysis"
	"atout/game"
	"atout/match"
	"atout/protocol"
	"atout/table"

	"github.com/chromedp/chromedp"
)

// comparingAnalysis is quickAnalysis with the comparison the real review
// makes when the table asks it (match.Review.Compare), computed by the
// real bridgeanalysis.Compare. The bots' table stands in for
// bridgeanalysis.PlaySecondTable (seconds of solving a deal, more under
// -race, which bridge/analysis tests): the same contract one trick
// fewer. It keeps what it sent by deal. As the real one, it leaves the
// second table out when the review says so (match.Review.Second), and it
// plays none until hold is closed.
type comparingAnalysis struct {
	mu   sync.Mutex
	sent map[int]protocol.Comparison
	asks []match.Review
	hold chan struct{}
}

func (ca *comparingAnalysis) analyse(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
	if r.Compare && r.Second == match.SecondNow {
		select {
		case <-ca.hold:
		case <-ctx.Done():
			return protocol.DealAnalysis{}, ctx.Err()
		}
	}
	x, err := quickAnalysis(ctx, r, d)
	ca.mu.Lock()
	defer ca.mu.Unlock()
	ca.asks = append(ca.asks, r)
	if err != nil || !r.Compare {
		return x, err
	}
	if r.Second != match.SecondNow {
		x.Bridge.Par.Score = d.(*bridge.Game).Result().ScoreNS + 100
		x.Bridge.Compare = bridgeanalysis.Compare(d.(*bridge.Game).Result().ScoreNS, x.Bridge.Par.Score, nil)
		x.Bridge.Compare.SecondPending = r.Second == match.SecondLater
		return x, nil
	}
	g := d.(*bridge.Game)
	res := g.Result()
	auc := g.Auction()
	other := res
	if !res.Contract.IsPass() && res.Tricks > 0 {
		other.Tricks--
		other.ScoreNS = bridge.ScoreNS(other.Contract, other.Declarer, other.Tricks, g.Vul())
	}
	// A par the table's result is compared with: 100 more than the table
	// scored for North-South (3 IMPs lost).
	x.Bridge.Par.Score = res.ScoreNS + 100
	x.Bridge.Compare = bridgeanalysis.Compare(res.ScoreNS, x.Bridge.Par.Score, &bridgeanalysis.SecondResult{Auction: auc.Calls(), Result: other})
	ca.sent[r.Deal] = *x.Bridge.Compare
	return x, nil
}

func (ca *comparingAnalysis) get(deal int) (protocol.Comparison, []match.Review) {
	ca.mu.Lock()
	defer ca.mu.Unlock()
	return ca.sent[deal], append([]match.Review(nil), ca.asks...)
}

// impsText writes IMPs as the English sheet does: "+3 IMPs", "−3 IMPs", "0 IMPs".
func impsText(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d IMPs", n)
	case n < 0:
		return fmt.Sprintf("−%d IMPs", -n)
	}
	return "0 IMPs"
}

func TestBrowserCompareSheet(t *testing.T) {
	ca := &comparingAnalysis{sent: map[int]protocol.Comparison{}, hold: make(chan struct{})}
	base := startServer(t, func(c *table.Config) {
		b := c.Games["bridge"]
		b.Analyse = ca.analyse
		c.Games["bridge"] = b
	})
	ctx := browser(t)
	openApp(t, ctx, base)
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	playDeal(t, ctx, 70*time.Second, 0)

	// Desktop: the deal-over panel compares the board with par at once,
	// and says the bots' table is being played; then it comes, and the
	// sheet (open beside the table on a wide screen) has its line and the
	// total.
	run(t, ctx, 20*time.Second, "the bots' table awaited on the deal-over panel",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="compare"] [data-testid="compare-bots-pending"]`)))
	if got := text(t, ctx, `[data-testid="deal-over"] [data-testid="compare-bots-pending"]`); got != "The bots' table is being played…" {
		t.Errorf("pending bots' table: %q", got)
	}
	close(ca.hold)
	run(t, ctx, 20*time.Second, "the comparison on the deal-over panel",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="compare"] [data-testid="compare-bots"]`)))
	cmp, asks := ca.get(1)
	if len(asks) != 2 || asks[0].Second != match.SecondLater || asks[1].Second != match.SecondNow || cmp.Second == nil {
		t.Fatalf("the table asked %+v, got %+v", asks, cmp)
	}
	for _, a := range asks {
		if !a.Compare || a.Deal != 1 || a.Level != "easy" {
			t.Fatalf("the table asked %+v", asks)
		}
	}
	if cmp.ParIMPs != -3 || cmp.Second.IMPs != bridge.IMPs(cmp.ScoreNS-cmp.Second.ScoreNS) {
		t.Fatalf("comparison %+v", cmp)
	}
	checkCompare := func(where string) {
		t.Helper()
		if got := text(t, ctx, `[data-testid="deal-over"] [data-testid="compare-par"]`); !strings.Contains(got, "Against par: "+impsText(cmp.ParIMPs)) {
			t.Errorf("%s: panel's par line %q, want %s against par", where, got, impsText(cmp.ParIMPs))
		}
		// Par is written once on the panel: by the analysis.
		var pars int
		if err := eval(ctx, `[...document.querySelectorAll('[data-testid="deal-over"] *')].filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && /^Par: /.test(n.textContent.trim()))).length`, &pars); err != nil || pars != 1 {
			t.Errorf("%s: par is written %d times on the panel (%v), want once", where, pars, err)
		}
		bots := text(t, ctx, `[data-testid="deal-over"] [data-testid="compare-bots"]`)
		if !strings.Contains(bots, "Against the bots' table: "+impsText(cmp.Second.IMPs)) || !strings.Contains(bots, "Bots' table: ") {
			t.Errorf("%s: panel's bots line %q, want %s", where, bots, impsText(cmp.Second.IMPs))
		}
		if cmp.Second.Contract != "Pass" {
			// The result as players write it: the table's contract one
			// trick fewer.
			mark := "="
			if d := cmp.Second.Tricks - 6 - int(cmp.Second.Contract[0]-'0'); d > 0 {
				mark = fmt.Sprintf("+%d", d)
			} else if d < 0 {
				mark = fmt.Sprintf("−%d", -d)
			}
			if !strings.Contains(bots, " "+mark+",") {
				t.Errorf("%s: bots line %q without the result %s", where, bots, mark)
			}
		}
		if a := text(t, ctx, `[data-testid="deal-over"] [data-testid="compare-auction"]`); !strings.HasPrefix(a, "The bots' auction: ") {
			t.Errorf("%s: auction %q", where, a)
		}
	}
	checkSheet := func(where string) {
		t.Helper()
		run(t, ctx, 20*time.Second, where+": the sheet's comparison",
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="score-sheet"] [data-testid="sheet-compare"] [data-testid="sheet-bots"]`)))
		if got := text(t, ctx, `[data-testid="score-sheet"] [data-testid="sheet-par"]`); !strings.HasPrefix(got, "Par ") || !strings.HasSuffix(got, ": "+impsText(cmp.ParIMPs)) {
			t.Errorf("%s: sheet's par %q, want %s", where, got, impsText(cmp.ParIMPs))
		}
		if got := text(t, ctx, `[data-testid="score-sheet"] [data-testid="sheet-bots"]`); !strings.HasPrefix(got, "Bots ") || !strings.HasSuffix(got, ": "+impsText(cmp.Second.IMPs)) {
			t.Errorf("%s: sheet's bots %q, want %s", where, got, impsText(cmp.Second.IMPs))
		}
		total := text(t, ctx, `[data-testid="score-sheet"] [data-testid="sheet-compare-total"]`)
		want := fmt.Sprintf("North-South, IMPs so far: %s against par, %s against the bots' table", impsText(cmp.ParIMPs), impsText(cmp.Second.IMPs))
		if total != want {
			t.Errorf("%s: total %q, want %q", where, total, want)
		}
	}
	checkCompare("desktop")
	checkSheet("desktop")
	shot(t, ctx, "compare-desktop")

	// A phone, after a reload: the panel again (the analysis comes with
	// the state), the sheet behind its button, nothing off the screen.
	run(t, ctx, 30*time.Second, "phone, reload", chromedp.EmulateViewport(390, 844),
		waitJS(`window.innerWidth === 390`), chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="compare"] [data-testid="compare-bots"]`)))
	checkCompare("phone")
	checkNoSidewaysScroll(t, ctx, "phone deal-over with the comparison")
	if count(t, ctx, `[data-testid="score-sheet"]`) == 0 {
		click(t, ctx, `[data-testid="sheet-btn"]`)
	}
	checkSheet("phone")
	checkNoSidewaysScroll(t, ctx, "phone sheet with the comparison")
	shot(t, ctx, "compare-phone")

	// The next deal, then a reload: the table sends no analysis of an
	// earlier deal, the sheet reads it from the stored game.
	click(t, ctx, `[data-testid="next-deal"]`)
	run(t, ctx, 20*time.Second, "next deal, reload", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)),
		chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-testid="sheet-btn"]`)))
	if count(t, ctx, `[data-testid="score-sheet"]`) == 0 {
		click(t, ctx, `[data-testid="sheet-btn"]`)
	}
	checkSheet("phone, next deal")
	checkNoSidewaysScroll(t, ctx, "phone sheet at the next deal")
	shot(t, ctx, "compare-phone-next")
}
