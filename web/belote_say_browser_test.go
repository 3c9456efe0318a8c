package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What the player says with his cards at the belote table
// (docs/belote-claims.md §2): with his first card, his announcements are
// listed, each ticked (declared) by default; a "Belote!" button shows when
// he may play the trump king or queen of his belote, which he presses to
// say it, or which his setting "the table says Belote for me" presses for
// him (off by default, for beginners; kept in the browser); the card he
// plays carries his choices ("HK belote d1", "HK quiet"). The
// announcements and the belote card are given to the page in a state of
// the live deal, so that every deal shows them.
func TestBrowserBeloteSay(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	run(t, ctx, 5*time.Second, "test hooks", chromedp.Evaluate[chromedp.Void](`window.__atoutTest = {sent: []}`))
	startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "rules-select": "maison", "level-select": "easy"})
	// Take, and stop when South is to play a card.
	dl, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	for {
		sel, err := chromedp.Run(dl, chromedp.Poll[string](nextClick, chromedp.WithPollingInterval(40*time.Millisecond)))
		if err != nil {
			shot(t, ctx, "failure")
			t.Fatalf("no card to play: %v", err)
		}
		if strings.Contains(sel, "data-card") {
			break
		}
		if sel == "over" {
			click(t, ctx, `[data-testid="next-deal"]`)
			continue
		}
		var n string
		eval(ctx, `document.querySelector('[data-testid="table"]').dataset.n`, &n)
		if _, err := chromedp.Run(dl, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err == nil {
			waitChange(dl, sel, n)
		}
	}
	// The live state, with two announcements and a belote card for South.
	var card string
	if err := eval(ctx, `(() => { const m = JSON.parse(JSON.stringify(window.__atoutTest.last())); const d = m.view.deal;
	  const c = d.legal.find((a) => /^[SHDC][AKQJT987]$/.test(a));
	  d.declarable = [{seat: 'S', kind: 'tierce', points: 20, cards: ['H7', 'H8', 'H9']}, {seat: 'S', kind: 'carré', points: 100, cards: ['SK', 'HK', 'DK', 'CK']}];
	  d.beloteCards = [c];
	  window.__atoutTest.inject(m); return c; })()`, &card); err != nil || card == "" {
		t.Fatalf("the state to change: %q %v", card, err)
	}
	run(t, ctx, 10*time.Second, "the say panel", chromedp.WaitVisible(chromedp.CSS(`[data-testid="belote-say"]`)))
	var st struct {
		Boxes   []bool
		Pressed string
		Label   string
		Auto    bool
		Legend  string
	}
	read := func() {
		if err := eval(ctx, `(() => ({boxes: [...document.querySelectorAll('[data-testid="declare"] input')].map((b) => b.checked),
		  pressed: document.querySelector('[data-testid="say-belote"]').getAttribute('aria-pressed'),
		  label: document.querySelector('[data-testid="say-belote"]').textContent,
		  auto: document.querySelector('[data-testid="auto-belote"]').checked,
		  legend: document.querySelector('[data-testid="declare"] legend').textContent}))()`, &st); err != nil {
			t.Fatal(err)
		}
	}
	read()
	if len(st.Boxes) != 2 || !st.Boxes[0] || !st.Boxes[1] || st.Pressed != "false" || st.Auto {
		t.Fatalf("at first: %+v, want both announcements ticked, Belote not pressed and the setting off", st)
	}
	if want := catalogText(t, base, "en", "belote.sayBelote"); st.Label != want {
		t.Errorf("belote button %q, want %q", st.Label, want)
	}
	if want := catalogText(t, base, "en", "belote.declareTitle"); st.Legend != want {
		t.Errorf("legend %q, want %q", st.Legend, want)
	}
	if got := text(t, ctx, `[data-testid="declare"] label:nth-of-type(2)`); got != "Carré K♠ K♥ K♦ K♣ (100)" {
		t.Errorf("second announcement %q", got)
	}
	shot(t, ctx, "belote-say")
	// Keep the carré quiet and say belote: the card says so.
	click(t, ctx, `[data-testid="declare-2"]`)
	click(t, ctx, `[data-testid="say-belote"]`)
	read()
	if st.Boxes[1] || st.Pressed != "true" || st.Auto {
		t.Fatalf("after the choices: %+v", st)
	}
	click(t, ctx, `[data-testid="hand-S"] [data-card="`+card+`"]`)
	var sent string
	if err := eval(ctx, `(() => { const a = window.__atoutTest.sent.filter((m) => m.type === 'act'); return a[a.length - 1].action; })()`, &sent); err != nil {
		t.Fatal(err)
	}
	if want := card + " belote d1"; sent != want {
		t.Errorf("the card sent %q, want %q", sent, want)
	}
	// The setting is the player's, kept in his browser.
	click(t, ctx, `[data-testid="auto-belote"]`)
	var kept string
	if err := eval(ctx, `localStorage.getItem('atout.sayBelote')`, &kept); err != nil || kept != "on" {
		t.Errorf("setting kept as %q (%v)", kept, err)
	}
}
