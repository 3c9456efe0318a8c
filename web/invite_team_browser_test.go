package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTeamInvitation: a player named in a team match is invited,
// not conscripted. He finds the invitation in his lobby, opens the match
// and accepts; only then do the rooms open, for him and the organiser.
// Checked on a phone.
func TestBrowserTeamInvitation(t *testing.T) {
	base := startServer(t)
	org, guest := browser(t), browser(t)
	openApp(t, org, base)
	openApp(t, guest, base)
	run(t, guest, 10*time.Second, "phone", chromedp.EmulateViewport(390, 844))
	guestID, err := chromedp.Run(guest, chromedp.Evaluate[string](`fetch('/api/me').then((r) => r.json()).then((m) => m.user.id)`, chromedp.EvalAwaitPromise))
	if err != nil || guestID == "" {
		t.Fatalf("guest id: %q %v", guestID, err)
	}

	routeTo(t, org, "#/teams", `[data-testid="tm-create"]`)
	if s, want := text(t, org, `[data-testid="tm-invite-help"]`), catalogText(t, base, "en", "tm.inviteHelp"); s != want {
		t.Errorf("the form says %q, want %q", s, want)
	}
	run(t, org, 10*time.Second, "fill the form",
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-name"]`), "Invited match"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-boards"]`), "4"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-level"]`), "easy"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-home-name"]`), "Lions"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tm-away-name"]`), "Tigers"),
		chromedp.SetValue(chromedp.CSS(`#tm-away-p1`), guestID))
	click(t, org, `[data-testid="tm-create"]`)
	waitFor(t, org, `[data-testid="tm-waiting"]`, 20*time.Second)
	if n := count(t, org, `[data-testid="tm-play"], [data-testid="tm-room-link"]`); n != 0 {
		t.Errorf("%d links to a room before the invited player accepted", n)
	}

	// The guest's lobby lists the invitation; it leads to the match.
	routeTo(t, guest, "#/", `[data-testid="invitation"]`)
	shot(t, guest, "invitation-lobby")
	click(t, guest, `[data-testid="invitation"] a`)
	waitFor(t, guest, `[data-testid="tm-invited"]`, 20*time.Second)
	checkNoSidewaysScroll(t, guest, "an invitation")
	shot(t, guest, "invitation-match")
	click(t, guest, `[data-testid="tm-accept"]`)
	waitFor(t, guest, `[data-testid="tm-play"]`, 20*time.Second)
	// The organiser's page, reloading by itself, offers his room.
	waitFor(t, org, `[data-testid="tm-play"]`, 20*time.Second)
	if n := count(t, guest, `[data-testid="tm-invited"], [data-testid="tm-waiting"]`); n != 0 {
		t.Errorf("the invitation is still shown after it was accepted (%d)", n)
	}
}
