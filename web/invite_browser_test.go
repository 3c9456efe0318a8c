package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserInvite: the owner of a casual table copies its invitation
// link; a friend (another browser, another session) opens it and takes a
// bot's seat by a click. Without the link's secret no seat is offered.
func TestBrowserInvite(t *testing.T) {
	base := startServer(t)
	owner := browser(t)
	friend := browser(t)
	openApp(t, owner, base)
	startGame(t, owner, "bridge", map[string]string{"level-select": "easy"})
	waitFor(t, owner, `[data-testid="invite-btn"]`, 20*time.Second)
	var link, tableURL string
	if err := eval(owner, `document.querySelector('[data-testid="invite-btn"]').dataset.link`, &link); err != nil || !strings.Contains(link, "?invite=") {
		t.Fatalf("invitation link %q (%v)", link, err)
	}
	tableURL, _, _ = strings.Cut(link, "?")

	// The bare table link: a spectator, no seat to take.
	openApp(t, friend, base)
	run(t, friend, 30*time.Second, "open the bare link",
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"] [data-testid="felt"]`)))
	if n := count(t, friend, `[data-testid^="sit-"]`); n != 0 {
		t.Fatalf("%d seats offered without the invitation", n)
	}
	// The invitation: the bot seats are offered; North is taken by a click.
	run(t, friend, 30*time.Second, "open the invitation",
		chromedp.Navigate(link),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sit-N"]`)))
	if n := count(t, friend, `[data-testid="invite-btn"]`); n != 0 {
		t.Error("the invitation link is offered to a guest")
	}
	shot(t, friend, "invited")
	click(t, friend, `[data-testid="sit-N"]`)
	run(t, friend, 20*time.Second, "seated North",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"][data-seat="N"]`)))
	if n := count(t, friend, `[data-testid^="sit-"]`); n != 0 {
		t.Errorf("%d seats still offered once seated", n)
	}
}
