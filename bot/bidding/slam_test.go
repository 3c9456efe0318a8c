package bidding

import (
	"testing"

	"atout/bridge"
	"atout/card"
)

// The slam agreements, call by call (dealer North, none vulnerable): the
// answers to Blackwood (plain: 5C 0 or 4 aces, 5D 1, 5H 2, 5S 3) and to
// Gerber (4D 0 or 4, 4H 1, 4S 2, 4NT 3), the king ask, the asker's
// placement, the quantitative 4NT and its answer, control bids.
func TestSlamCalls(t *testing.T) {
	b := New(Options{})
	for _, tc := range []struct {
		name, auction, hand, want, rule string
	}{
		{"Blackwood: no ace", "1H P 3H P 4N P", "KQ4.KJ73.Q52.K74", "5C", "bw.ans.5C"},
		{"Blackwood: one ace", "1H P 3H P 4N P", "A84.KJ73.Q52.874", "5D", "bw.ans.5D"},
		{"Blackwood: two aces", "1H P 3H P 4N P", "A84.KJ73.A52.874", "5H", "bw.ans.5H"},
		{"Blackwood: three aces", "1H P 3H P 4N P", "A84.KJ73.A52.A74", "5S", "bw.ans.5S"},
		{"Blackwood: four aces", "1H P 3H P 4N P", "A84.AJ73.A52.A74", "5C", "bw.ans.5C"},
		{"Blackwood: three kings", "1H P 3H P 4N P 5H P 5N P", "K84.KJ73.Q52.K74", "6S", "bw.kings.6S"},
		{"Blackwood: one ace missing", "1S P 3S P 4N P 5C P", "AKQ93.AK4.A52.K4", "6S", "bw.small"},
		{"Blackwood: two aces missing", "1S P 3S P 4N P 5C P", "AKQ93.K4.A52.KQ4", "5S", "bw.signoff"},
		{"Blackwood asked with a fit and the values", "1H P 3H P", "AKQ93.AK4.A52.K4", "4N", "bw.ask"},
		{"Gerber: no ace", "1N P 4C P", "KQ4.KJ3.KQ52.QJ4", "4D", "gerber.ans.4D"},
		{"Gerber: one ace", "1N P 4C P", "AQ4.KJ3.KQ52.QJ4", "4H", "gerber.ans.4H"},
		{"quantitative 4NT over a 1NT rebid", "1C P 1H P 1N P", "KQJ.AJ73.KQ5.K74", "4N", "slam.4nt"},
		{"the strong 2C opener's control bid opposite a raise", "2C P 2D P 2S P 3S P", "AKT65.AK3.AQ4.A4", "4C", "cue.bid"},
		{"Blackwood opposite the 2C opener's control bid", "2C P 2D P 2S P 3S P 4C P", "QJ872.QT76.K.Q63", "4N", "bw.ask"},
		{"sign-off at the minimum opposite the 2C opener's control bid", "2C P 2D P 2H P 3H P 4C P", "Q985.9652.72.Q85", "4H", "cue.signoff"},
		{"6NT on 32 HCP together opposite a 2NT rebid", "1C P 1H P 2N P", "KQ4.AJ73.J52.K74", "6N", "slam.6nt"},
		{"quantitative 4NT on 30-31 opposite a 2NT rebid", "1C P 1H P 2N P", "KQ4.AJ73.J52.J74", "4N", "slam.4nt"},
		{"4NT over a notrump opening still invites on 31-32", "1N P", "KQ4.AJ7.Q532.KJ4", "4N", "nt1.4nt"},
		{"quantitative 4NT accepted with a maximum", "1C P 1H P 1N P 4N P", "KQ4.K73.Q52.AJ74", "6N", "nt.4nt.6nt"},
		{"quantitative 4NT at the minimum with a good five-card suit: a choice of slams", "1S P 2D P 3N P 4N P", "AKQT4.Q84.AJ7.Q3", "5N", "nt.4nt.5nt"},
		{"quantitative 4NT declined at the minimum with a poor five-card suit", "1S P 2D P 3N P 4N P", "AT854.KJ4.AJ7.KQ", "P", "nt.4nt.pass"},
		{"quantitative 4NT declined with a minimum", "1C P 1H P 1N P 4N P", "Q84.K73.Q52.AJ74", "P", "nt.4nt.pass"},
		{"control bid after Jacoby 2NT", "1S P 2N P 3S P", "KQ73.A4.KJ52.Q74", "4H", "cue.bid"},
		{"the cheapest control first", "1S P 2N P 3S P", "KQ73.84.AJ52.K74", "4D", "cue.bid"},
		{"Blackwood after partner's control bid", "1S P 2N P 3S P 4C P", "AKJ95.K52.AQ3.A4", "4N", "bw.ask"},
	} {
		got, m := b.Choose(mustHand(t, tc.hand), bridge.VulNone, card.North, mustCalls(t, tc.auction))
		if want := mustCalls(t, tc.want)[0]; got != want || m.Rule != tc.rule {
			t.Errorf("%s: %s after %q: %v (%s, %s), want %s by %s", tc.name, tc.hand, tc.auction, got, m.Rule, m.Text, tc.want, tc.rule)
		}
	}
}

// One reading of 4NT and 4C per auction, and the answers follow it: 4NT
// over partner's natural notrump is quantitative (natural, invitational)
// and is not answered with aces; with a suit agreed it is Blackwood
// (artificial, forcing); 4C over partner's notrump opening or rebid is
// Gerber; the answers say how many aces they show (which the convention
// card words in every language, TestConventionsSameInEveryLanguage).
func TestSlamReadings(t *testing.T) {
	b := New(Options{})
	for _, tc := range []struct {
		auction  string
		rule     string
		art      bool
		force    Force
		aces     []int
		controls string // suits of first-round control shown
	}{
		{auction: "1N P 4N", rule: "nt1.4nt", force: Invitational},
		{auction: "1C P 1H P 1N P 4N", rule: "slam.4nt", force: Invitational},
		{auction: "1S P 3H P 3N P 4N", rule: "slam.4nt", force: Invitational},
		{auction: "1H P 3H P 4N", rule: "bw.ask", art: true, force: Forcing},
		{auction: "1S P 2N P 3S P 4C P 4N", rule: "bw.ask", art: true, force: Forcing},
		{auction: "1N P 4C", rule: "gerber", art: true, force: Forcing},
		{auction: "1C P 1H P 1N P 4C", rule: "gerber", art: true, force: Forcing},
		{auction: "1H P 3H P 4N P 5C", rule: "bw.ans.5C", art: true, force: Forcing, aces: []int{0, 4}},
		{auction: "1H P 3H P 4N P 5D", rule: "bw.ans.5D", art: true, force: Forcing, aces: []int{1}},
		{auction: "1N P 4C P 4S", rule: "gerber.ans.4S", art: true, force: Forcing, aces: []int{2}},
		{auction: "1N P 4C P 4N", rule: "gerber.ans.4N", art: true, force: Forcing, aces: []int{3}},
		{auction: "1S P 2N P 3S P 4D", rule: "cue.bid", art: true, force: Forcing, controls: "D"},
	} {
		calls := mustCalls(t, tc.auction)
		m := b.Explain(bridge.VulNone, card.North, calls, len(calls)-1)
		if m.Rule != tc.rule || m.Artificial != tc.art || m.Force != tc.force {
			t.Errorf("%s: read %s (%s), artificial %v, %v; want %s, %v, %v", tc.auction, m.Rule, m.Text, m.Artificial, m.Force, tc.rule, tc.art, tc.force)
		}
		var aces uint8
		for _, n := range tc.aces {
			aces |= 1 << n
		}
		if m.Aces != aces {
			t.Errorf("%s: shows aces %v, want %v", tc.auction, countNumbers(m.Aces), tc.aces)
		}
		for s := range card.NumSuits {
			want := false
			for _, l := range tc.controls {
				want = want || card.Suit(s).String() == string(l)
			}
			if m.Control[s] != want {
				t.Errorf("%s: control of %v %v, want %v", tc.auction, card.Suit(s), m.Control[s], want)
			}
		}
	}
	// A quantitative 4NT is not answered with aces: the answers are
	// 6NT, 5NT or a pass.
	calls := mustCalls(t, "1C P 1H P 1N P 4N P")
	for _, h := range []string{"KQ4.K73.Q52.AJ74", "Q84.K73.Q52.AJ74", "AK4.A73.Q52.AJ74"} {
		got, m := b.Choose(mustHand(t, h), bridge.VulNone, card.North, calls)
		if got.Kind == bridge.Bid && got.Level == 5 && got.Strain != bridge.NoTrump {
			t.Errorf("%s after %v: %v (%s) answers a quantitative 4NT with aces", h, calls, got, m.Rule)
		}
	}
}
