package bidding

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

func mustCalls(t *testing.T, s string) []bridge.Call {
	t.Helper()
	var out []bridge.Call
	for _, f := range strings.Fields(s) {
		c, err := bridge.ParseCall(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func mustHand(t *testing.T, s string) card.Hand {
	t.Helper()
	h, err := card.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Key rules of the book, with hands made up for the purpose (dealer North).
func TestKeyRules(t *testing.T) {
	b := New(Options{})
	cases := []struct {
		name, hand, vul, auction, want, rule string
	}{
		{"1NT 15-17 balanced", "KQ4.AJ3.K852.Q74", "None", "", "1N", "open.1nt"},
		{"14 HCP balanced opens a minor", "KQ4.AJ3.K852.J74", "None", "", "1D", "open.1minor"},
		{"2NT 20-21", "AK4.AQ3.KQ52.QJ4", "None", "", "2N", "open.2nt"},
		{"strong 2C", "AKQ4.AKJ3.AK5.K4", "None", "", "2C", "open.2c"},
		{"weak two", "KQJ973.84.952.73", "None", "", "2S", "open.weak2"},
		{"three-level preempt", "4.KQJ9753.83.962", "None", "", "3H", "open.3.preempt"},
		{"five-card major", "AQ973.K4.QJ5.973", "None", "", "1S", "open.1major"},
		{"Stayman over 2NT, the fit found, slam values", "K752.AKQ52.J63.7", "None", "2N P 3C P 3S P", "6S", "nt2.stayman.slam.fit"},
		{"no natural new suit past 3NT after opener's raise of a two-over-one", "J74.AQT87.KT63.A", "None", "1S P 2H P 3H P", "4H", "gen.game.major"},
		{"rule of 20 fails", "KJ8.A876.Q75.Q75", "None", "", "P", "open.pass"},
		{"the transfer doubled for the lead: responder's continuations stand", "QT943..AQ93.AJ72", "NS", "1N P 2H X 2S P", "3C", "nt1.tr.newsuit"},
		{"takeout double of their four-level preempt", "AKQ5.3.KJ74.AQ62", "None", "4H", "X", "ovc.4level.takeout"},
		{"a good six-card suit over their 4C", "Q2.AKJT97.K84.J3", "None", "4C", "4H", "ovc.4level.suit"},
		{"answering the double of 4H: four spades", "Q8632.T5.K93.T42", "None", "4H X P", "4S", "adv.x.4level"},
		{"answering the double of 4H: trumps and values, left in", "Q863.KT5.K93.T42", "None", "4H X P", "P", "adv.x.4level.pass"},
		{"their jump to 4S over partner's opening: values double", "J8.KT.AT864.KQ85", "NS", "1D 4S", "X", "comp.resp.x4"},
		{"opener rebids a long suit at three over their jump overcall", "97.AKQJ6.AKT832.", "All", "1D P 1S 3C", "3D", "nat.rebid.own"},
		{"the doubler of their two suits raises partner's answer with 16-18 and four cards", "K2.AJ73.5.AKJ73", "All", "1D P 1S X P 2H P", "3H", "dbl.raise.major.indirect"},
		{"an overcaller with eight cards bids them again over their bidding", "A73.3.AKJ98652.A", "NS", "1C 1D 1S P 2C", "2D", "nat.ovc.rebid.own"},
		{"a doubler who has bid his six-card suit bids it again over their bidding", "AQT.AKQJ98.A2.73", "All", "1C X P 1S 2C 2H P P 3C", "3H", "nat.ovc.rebid.own"},
		{"partner overcalled, they raised: a long suit of my own without a fit", "J8.Q.A9.KQJ95432", "All", "1D 1H 2D", "3C", "nat.adv.newsuit"},
		{"the weak two's minimum shown: game all the same with 18 and a doubleton", "Q4.AT3.AT62.AKJ3", "NS", "2S P 2N P 3S P", "4S", "w2.min.game"},
		{"a minor raised over their overcall: 3NT with 18-21, balanced, their suit stopped", "A95.AK7.KT.AJT96", "NS", "1C 1S 2C P", "3N", "orb.minor.raised.3nt.comp"},
		{"a limit raise over their cue bid of our major: the jump is game, read as a sign-off", "KQ4.Q973.A962.73", "None", "1S 2S", "4S", "comp.resp.jumpraise.game"},
		{"a limit raise over their two-level overcall: the jump to three invites", "KQ4.Q973.A962.73", "None", "1S 2D", "3S", "comp.resp.jumpraise"},
		{"their 1NT response: a sound six-card major overcalls all the same", "AJ842.KJ9864.KJ.", "All", "1S P 1N", "2H", "nat.overcall.sandwich"},
		{"their preempt over partner's 1D: 3NT with their suit stopped", "AQ5.K72.Q52.J982", "None", "1D 3S", "3N", "comp.resp.3level.3nt"},
		{"their preempt over partner's 1D: a double on values, short in their suit", "72.AT2.AK5.QJ872", "None", "1D 3S", "X", "negx.3level.values"},
		{"the double of their preempt answered: 3NT with a minimum and a stopper", "KJ5.K93.AQ84.932", "None", "1D 3S X P", "3N", "nx.3level.3nt.min"},
		{"the double of their preempt answered: the unbid major with a minimum", "65.KQ93.AQ84.K92", "None", "1D 3S X P", "4H", "nx.3level.major.min"},
		{"2NT over a one-level overcall: 11-12 HCP, their suit stopped", "K43.KJ8.JT654.A3", "None", "1D 1S", "2N", "comp.resp.2nt"},
		{"the cue bid of their suit over partner's minor: a limit raise or better", "A2.Q8.KJ654.A32", "None", "1D 2S", "3S", "comp.resp.cuebid.minor"},
		{"game over their Michaels with a fit and opening values", "AK54.4.KQ532.Q86", "None", "1S 2S", "4S", "comp.resp.michaels.game"},
		{"a limit raise with three trumps and no two-over-one suit", "A83.9752.AT95.K9", "None", "1S P", "3S", "resp.limit.raise.3"},
		{"opener's jump rebid over a negative double", "A8.K3.AKQT85.932", "None", "1D 1S X P", "3D", "nx.jumprebid"},
		{"three of our major over their bid only competes: a point short, game", ".AKJT6.KJ965.862", "All", "P 1D 1H 1S 2H 2S", "4H", "gen.game.major.comp"},
		{"Stayman", "KJ73.Q4.K962.853", "None", "1N P", "2C", "nt1.stayman"},
		{"transfer to hearts", "84.QJ973.952.K73", "None", "1N P", "2D", "nt1.transfer.h"},
		{"transfer to spades", "QJ973.84.952.K73", "None", "1N P", "2H", "nt1.transfer.s"},
		{"answer Stayman: hearts", "KQ4.AJ73.K85.Q74", "None", "1N P 2C P", "2H", "nt1.stayman.h"},
		{"answer Stayman: none", "KQ4.AJ3.K852.Q74", "None", "1N P 2C P", "2D", "nt1.stayman.d"},
		{"complete the transfer", "KQ4.AJ3.K852.Q74", "None", "1N P 2D P", "2H", "nt1.accept.h"},
		{"3NT over 1NT", "K84.Q73.AJ52.Q73", "None", "1N P", "3N", "nt1.3nt"},
		{"2C waiting", "853.8742.962.J73", "None", "2C P", "2D", "2c.waiting"},
		{"2C positive", "853.KQJ74.A62.73", "None", "2C P", "2H", "2c.positive.suit"},
		{"negative double", "84.KJ73.Q962.K73", "None", "1C 1S", "X", "negx.1level"},
		{"takeout double", "KJ73.4.AQ62.KJ73", "None", "1H", "X", "ovc.takeout"},
		{"overcall", "KQJ73.84.A62.973", "None", "1H", "1S", "ovc.1level"},
		{"1NT overcall", "KQ4.AJ3.K852.Q74", "None", "1S", "1N", "ovc.1nt"},
		{"Michaels", "4.KQT73.4.QJ9863", "None", "1S", "2S", "ovc.michaels"},
		{"Jacoby 2NT", "K84.AQ73.A962.73", "None", "1H P", "2N", "resp.jacoby2n"},
		{"limit raise", "K84.Q973.A962.73", "None", "1H P", "3H", "resp.limit.raise"},
		{"single raise", "K84.Q973.9652.73", "None", "1H P", "2H", "resp.single.raise"},
		{"Blackwood: one ace", "K84.Q973.A962.73", "None", "1H P 3H P 4N P", "5D", "bw.ans.5D"},
		{"Blackwood: two aces", "A84.Q973.A962.73", "None", "1H P 3H P 4N P", "5H", "bw.ans.5H"},
		{"game values and a long minor over the double of a three-level preempt: game in it", "AQ6.8.KJ987.KJ65", "None", "P P 3H X P", "5D", "adv.x.preempt.5m"},
		{"my fourth suit doubled and passed back: not left in, an artificial bid is not a contract", "63.KQT7.QT.AQJ95", "None", "P P 1C P 1H P 1S P 2D X P P", "3N", "gen.3nt"},
		{"responder's preference after their takeout double of the opening", ".Q7532.QT2.A7654", "None", "1C X 1H P 1S P", "2C", "rr.minor.support"},
		{"our strong 2C still forces to game after their overcall: no pass below game", "764.J.QJ42.QJT75", "All", "P 2C 2S X P 3H P", "3N", "default.forced.nt"},
		{"partner's lead-directing double is not a takeout double: no answer with nothing", "T762.95.T3.T8742", "All", "2C P 2D X P", "P", "default.pass.any"},
		{"advancing Michaels over their 1NT response: the cue bid is not natural", "AK63.QJ6.T9543.5", "None", "1S P 1N 2S P", "4H", "adv.michaels.other.game.indirect"},
		{"the puppet's relay doubled for the lead: the long minor is still shown", "T3.K63.QT9652.T6", "All", "P 1N P 2S P 3C X", "3D", "nt1.puppet.3d"},
		{"opener's jump rebid over a two-over-one: a new suit below game is a control bid for his major", "K4.Q9762.KQ.A964", "None", "1S P 2H P 3S P", "4C", "cue.bid"},
		{"the jump rebidder answers the control bid with his own", "AQJ7632.A4.94.KQ", "None", "1S P 2H P 3S P 4C P", "4H", "cue.bid"},
		{"Blackwood doubled: the answer as over a pass", "A84.Q973.A962.73", "None", "1H P 3H P 4N X", "5H", "bw.ans.5H"},
		{"the Blackwood answer doubled for the lead: the asker goes on to slam", "A74.AQ4.AKT875.8", "All", "P 1S P 2D P 2S P 4N P 5C X", "6S", "bw.small"},
		{"Gerber: two aces", "A84.Q973.A962.73", "None", "1N P 4C P", "4S", "gerber.ans.4S"},
		{"fourth suit forcing", "AK97.A8.742.QT72", "None", "1H P 1S P 2C P", "2D", "fsf"},
		{"reverse", "5.KJ8.AK72.KQJ62", "None", "1C P 1S P", "2D", "orb.reverse"},
		{"balancing over 1NT: one suit", "AQ8753.Q87.Q76.A", "None", "1N P P", "2C", "d1nt.single.balancing"},
		{"balancing over 1NT: major and minor", "J5.AKQ95.7654.96", "None", "1N P P", "2H", "d1nt.major.minor.balancing"},
		{"no penalty double in the balancing seat", "J942.AK7.K.KQ986", "Both", "1N P P", "P", "default.pass.any"},
		{"Cappelletti 2C, diamonds: pass the relay", "863.K2.AQT943.Q5", "None", "1N 2C P 2D P", "P", "d1nt.2c.2d.pass"},
		{"game opposite opener's 2NT over interference", "2.AQJ863.9763.QJ", "None", "1D P 1H 1S 2N P", "4H", "nat.game.major"},
		{"game when opener raised my major", "K73.QT97.K96.AJ6", "None", "1D P 1H P 2H P", "4H", "rr.game.raised"},
		{"game opposite a jump raise: fit and shortness", "QT973.T.K96.AT96", "None", "P P 1H P 1S P 3S P", "4S", "rr.game.raised"},
		{"minimum opposite a single raise", "QT97.T32.K96.Q96", "None", "1H P 1S P 2S P", "P", "rr.pass"},
		{"opener rebids a long suit over interference", "654.AKQT943..AQ3", "None", "1H P 1S 2D", "2H", "nat.rebid.own"},
		{"advancing a balancing Michaels with values", "AJ2.53.AQ932.Q54", "None", "1D P P 2D P", "4S", "adv.michaels.game.balancing"},
		{"their save over our game doubled", "K752.Q4.AQ63.KJ5", "None", "1S P 2N P 4S 5H", "X", "nat.penalty.save"},
		{"their save over our game: a ten-card fit bids on", "KQ752.4.AQ63.KJ5", "None", "1S P 2N P 4S 5H", "5S", "nat.compete"},
		{"no slam bid to compete: their save over our game doubled", "AT.A752.Q865.AKQ", "None", "P P 1D 1S X P 2S P 3D 3S 3N 4S P P 5D 5S P P", "X", "nat.penalty.save"},
		{"overcall after a response", "KQT53.A.JT42.972", "None", "1D P 1H", "1S", "ovc.1level.indirect"},
		{"doubler's notrump: 18-20 balanced", "AK2.AQ84.Q65.K32", "None", "1C X P 1S P", "1N", "dbl.nt"},
		{"doubler's jump in notrump: 21-22 balanced", "AK2.AQ84.KQ5.KJ2", "None", "1C X P 1S P", "2N", "dbl.nt.jump"},
		{"strong 2C shows a five-card major before notrump", "AK.AKQ54.KQ3.Q32", "None", "2C P 2D P", "2H", "2c.rebid.suit"},
		{"an eleven-card suit overcalls game", "QJT98765432.2.2.", "None", "1H", "4S", "ovc.4level"},
		{"an eleven-card suit responds game", "QJT98765432.2.2.", "None", "1H P", "4S", "nat.verylong.major"},
		{"a nine-card minor balances at game", "2.2.QJT98765432.", "None", "1S 2C P P", "5D", "nat.verylong.minor"},
		{"strong 2C balanced without a five-card major", "AK3.AKQ4.KQ3.Q32", "None", "2C P 2D P", "2N", "2c.rebid.2nt"},
		{"strong 2C balanced, too strong for 3NT", "AQ.AKT.AQT8.AKQ3", "None", "2C P 2D P", "4N", "2c.rebid.4nt"},
		{"quantitative 4NT after 2C accepted", "8765.K32.Q32.765", "None", "2C P 2D P 4N P", "6N", "nt.4nt.6nt"},
		{"a passed hand's 2NT after 2C still forces: opener shows his second suit", "AKJT3..AKJT.AKJ8", "None", "P P P 2C P 2D P 2S P 2N P", "3C", "2c.2nt.newsuit"},
		{"the jump shift forces: opener rebids his six-card suit, not game", "K6.72.J32.AQJT84", "None", "1C P 2S P", "3C", "orb21.rebid6"},
		{"Blackwood asker holding the four aces bids slam in his own suit", "A852.A.AKQJT7.A8", "None", "P P 2C P 3C P 4N P 5C P", "6D", "bw.small"},
		{"after opener's jump shift a second five-card suit is shown", "QJT43.AT962.6.A9", "None", "1D P 1S P 3C P", "3H", "rr.js.newsuit"},
		{"after opener's jump shift, 3NT with the unbid suit stopped", "A986.QJ76.74.543", "None", "P P 1D P 1H P 3C P", "3N", "rr.js.3nt"},
		{"after opener's jump shift, preference with nothing else to say", "T42.J76.Q832.A74", "None", "P 1C P 1D P 2H P", "3C", "rr.js.preference"},
		{"opener's major rebid after 2/1 raised to game with three and 13", "A96.AJT.A86542.2", "None", "1H P 2D P 2H P", "4H", "rr21.major.game"},
		{"over their jump to three a raise with values is game, not a cue bid past it", "98.KJ3.AQT97.AJ9", "None", "1H 3S", "4H", "comp.resp.game"},
		{"opener with 17+ and their suit stopped bids 3NT over their raise of the double", "A93.AJ.A2.KJ9432", "None", "P 1C 2S X 3S", "3N", "nx.3nt.over.raise"},
		{"opener raises responder's major at three over their jump overcall", "KQ63.A65.Q642.J2", "None", "1D P 1S 3C", "3S", "orb.comp.raise.three"},
		{"a strong opener short in their raised suit doubles for takeout", "KQ43.KQT2..AKT83", "None", "1C 2D P 4D", "X", "orb.comp.takeout"},
		{"opener's takeout double answered in a four-card major", "AJT96.A84.8.9742", "None", "1C 2D P 4D X P", "4S", "orb.comp.takeout.major"},
		{"9+ with a four-card major answers a three-level double with game", "A987.Q942.QJ974.", "None", "P P 3C X P", "4H", "adv.x.preempt.game"},
		{"partner's double of responder's suit answered in a three-card suit when no four-card one", "943.872.8532.J84", "None", "1S P 2D X P", "2H", "adv.x.any3"},
		{"partner's double of responder's 1NT answered in the longest unbid suit", "KQ6.T964.82.9543", "None", "1S P 1N X P", "2H", "adv.x.nt"},
		{"after their overcall opener raises responder's major to game with 19+", "AK65.QJ86.Q.KQJ8", "None", "1C 1D 1H P", "4H", "orb.ovc.raise.game"},
		{"after their overcall opener raises responder's major with three at the minimum", "A93.KQ4.J82.AJ72", "None", "1C 1D 1S P", "2S", "orb.ovc.raise3"},
		{"Michaels over a weak two: game in the other major with values", "AKQ63.64.K6432.7", "None", "2H 3H P", "4S", "adv.w2michaels.game"},
		{"Michaels over a weak two without the other major: 4C pass or correct", "K6.QJ.JT943.Q843", "None", "2S 3S P", "4C", "adv.w2michaels.minor"},
		{"the Michaels bidder corrects 4C to his diamonds", "7.AKQ43.AKQ876.2", "None", "2S 3S P 4C P", "4D", "adv.w2michaels.correct"},
		{"opener's jump shift over 1NT: responder supports the major with three", "KJ8.643.852.K942", "None", "1S P 1N P 3D P", "3S", "rr1n.js.support"},
		{"the overcaller rebids his suit after the advancer's cue bid", "AT8.95.AKT753.Q6", "None", "1S 2D P 2S P", "3D", "ovc.cue.own"},
		{"opener with 16+ short in their three-level jump reopens with a double", "A93.8.AT7.AKQ753", "None", "1C 3H P P", "X", "reopen.double3"},
		{"responder's new suit at the one level forces: opener with a minimum bids again", "8.AT63.A95.AQ732", "None", "1C P 1D P 1H P 1S P", "2C", "orb.1level.rebid5"},
		{"opener jumps in his six-card suit with 16-18 after their double", "AJ6..KJT865.AK54", "None", "1D P 1H X", "3D", "orb.x.jumprebid"},
		{"the unusual 2NT bidder with 17+ raises the advancer's major to game", "KQT.AQT54.9.AKT97", "None", "1D 2N P 3H P", "4H", "ovc.twosuit.game"},
		{"opener raised in competition bids 3NT with 18+ and their suit stopped", "AQJ.A85.Q7.AQ865", "None", "1C 1H 2C 2H", "3N", "orb.raised.comp.3nt"},
		{"after the two-over-one and opener's new suit, game in his major with three and 13+", "A96.AJ5.K54.J932", "None", "1H P 2C P 2D P", "4H", "rr21.pref.game"},
		{"over their three-level new suit after the double, a free bid with a five-card suit", "AQJT64..42.97432", "None", "P 1H X 3D", "3S", "adv.x.free3"},
		{"14 HCP with four spades and three hearts over their 2C after our 1D: the negative double (no other call)", "AKJ4.KQJ.962.T32", "None", "P 1D 2C", "X", "negx.2level.values"},
		{"a doubleton opposite opener's jump rebid over 1NT is support enough for game", "Q4.K832.J763.954", "None", "1S P 1N P 3S P", "4S", "rr1n.jumprebid.game"},
		{"a two-over-one's six-card suit again invites with 10-13", "K4.85.AQJ975.Q43", "None", "1S P 2D P 2H P", "3D", "rr21.rebid6"},
		{"12 HCP and six hearts opposite the double of a weak two: game, not 3NT", "K63.JT7542.A2.A2", "None", "2S X P", "4H", "adv.x.weak2.game"},
		{"the balancing double of a weak two is answered as a direct one: 3NT with their suit stopped", "T8532.A9.KQ3.A42", "None", "2S P P X P", "3N", "adv.x.preempt.3nt.balancing"},
		{"the balancing doubler with a minimum and no fit passes the answer", "A94.A98.K7.KQT87", "None", "2S P P X P 3H P", "P", "dbl.pass.balancing"},
		{"opener with seven spades and 17 HCP bids game over a three-level negative double", "AQ97652.8.AQ43.A", "Both", "1S 3C X P", "4S", "nx.3level.own"},
		{"opener with 15+ and four of the unbid major bids game in it over a three-level negative double", "AQ974.AQ63.K2.52", "None", "1S 3C X P", "4H", "nx.3level.major"},
		{"the king answer past six of the suit: 6NT with a king missing", "AQT2.Q752.Q.AQJ7", "None", "P 1H P 2N P 3H P 4N P 5H P 5N P 6S P", "6N", "bw.kings.6nt"},
		{"responder's 4NT after the weak two's feature is Blackwood, answered", "96.AK8742.43.K53", "None", "2H P 2N P 3C P 4N P", "5D", "bw.ans.5D"},
		{"Gerber over partner's 1NT rebid with a six-card suit and 30 points together", "AKT843.AK6.2.Q65", "None", "P 1C P 1S P 1N P", "4C", "gerber"},
		{"partner doubled, they raised: both majors and values make a responsive double", "KJ84.Q973.K52.63", "N-S", "1C X 2C", "X", "negx.responsive.majors"},
		{"partner doubled, they raised a major: both minors make a responsive double", "73.852.AQ84.KJ63", "E-W", "1H X 2H", "X", "negx.responsive.minors"},
		{"partner overcalled, they raised: the two unbid suits and values make a responsive double", "73.Q52.AQ84.KJ63", "None", "1H 1S 2H", "X", "negx.responsive.overcall"},
		{"the doubler answers the responsive double in the longer major", "AQ84.KJ73.5.QJ63", "None", "1C X 2C X P", "2H", "dbl.responsive.major"},
		{"the doubler with 16-18 jumps in his major over the responsive double", "AKQ4.KJ73.5.KJ63", "None", "1D X 2D X P", "3H", "dbl.responsive.jump"},
		{"the doubler answers the responsive double of their major in the longer minor", "A84.KJ7.5.KQJ763", "None", "1S X 2S X P", "3C", "dbl.responsive.minor"},
		{"the doubler competes with a four-card major when they bid over the responsive double", "AQ84.KJ73.5.QJ63", "None", "1C X 2C X 3C", "3H", "dbl.responsive.free"},
		{"the responsive doubler with 13 HCP bids game in the doubler's major", "KJ84.Q973.AK2.63", "None", "1C X 2C X P 2H P", "4H", "adv.responsive.game"},
		{"the responsive doubler bids game over the doubler's jump", "KJ84.Q973.K52.63", "None", "1C X 2C X P 3H P", "4H", "adv.responsive.game.values"},
		{"the responsive doubler with 11-12 invites", "KJ84.Q973.A52.Q3", "None", "1C X 2C X P 2H P", "3H", "adv.responsive.invite"},
		{"the responsive doubler with game values and their suit stopped bids 3NT over a minor", "A3.K52.AQ84.AK63", "E-W", "1H X 2H X P 3C P", "3N", "adv.responsive.3nt"},
		{"their raise over the double: a five-card major and 12 HCP bid game", "AQ843.K73.K52.96", "None", "1C X 2C", "4S", "adv.x.raised.game"},
		{"their raise over the double: 10-12 and a four-card major jump", "AQ84.K73.K52.963", "None", "1D X 2D", "3S", "adv.x.raised.jump"},
		{"their raise over the double: a four-card major competes at two", "KJ84.Q97.K52.632", "N-S", "1C X 2C", "2S", "adv.x.raised.major"},
		{"their raise over the double: 13-17 balanced with their suit stopped bid 3NT", "K83.Q72.A54.KQ93", "None", "1C X 2C", "3N", "adv.x.raised.3nt"},
		{"their raise over the double: 10-12 balanced with their suit stopped bid 2NT", "K83.Q72.J54.KQ93", "None", "1C X 2C", "2N", "adv.x.raised.2nt"},
		{"their raise over partner's overcall: 12-14, their suit stopped, no fit: 2NT", "AJ3.52.KQ84.Q963", "None", "1D 1H 2D", "2N", "adv.2nt.raised"},
		{"their raise over partner's overcall: 15+, their suit stopped, no fit: 3NT", "AJ3.K2.KQ84.Q963", "None", "1D 1H 2D", "3N", "adv.3nt.raised"},
		{"the overcaller answers the responsive double by rebidding a six-card suit", "AKJ984.52.K84.96", "None", "1H 1S 2H X P", "2S", "ovc.responsive.rebid"},
		{"the overcaller answers the responsive double in a four-card unbid suit", "AKJ98.52.K843.96", "None", "1H 1S 2H X P", "3D", "ovc.responsive.suit"},
		{"the overcaller without a four-card unbid suit rebids his own over the responsive double", "AKJ98.852.K4.962", "None", "1H 1S 2H X P", "2S", "ovc.responsive.own"},
		{"partner overcalled, they bid a new suit: a long suit of my own", "J8.Q.A92.KQJ9543", "None", "1D 1H 1S", "2C", "nat.adv.newsuit"},
	}
	for _, c := range cases {
		v, err := bridge.ParseVul(c.vul)
		if err != nil {
			t.Fatal(err)
		}
		got, m := b.Choose(mustHand(t, c.hand), v, card.North, mustCalls(t, c.auction))
		if got.String() != strings.Replace(c.want, "N", "NT", 1) && got.String() != c.want {
			t.Errorf("%s: %s after [%s]: got %v (%s), want %s", c.name, c.hand, c.auction, got, m.Rule, c.want)
			continue
		}
		if m.Rule != c.rule {
			t.Errorf("%s: explained by %q, want %q", c.name, m.Rule, c.rule)
		}
	}
}

// Explain reads any call, the bot's or a human's, from the same table.
func TestExplain(t *testing.T) {
	b := New(Options{})
	cases := []struct {
		auction   string
		index     int
		rule      string
		minHCP    int
		maxHCP    int
		suit      card.Suit
		minLen    int
		art       bool
		force     Force
		textParts []string
	}{
		{"1N", 0, "open.1nt", 15, 17, card.Clubs, 0, false, NonForcing, []string{"15-17 HCP", "balanced"}},
		{"1N P 2C", 2, "nt1.stayman", 0, 37, card.Clubs, 0, true, Forcing, []string{"Stayman", "artificial"}},
		{"1N P 2D", 2, "nt1.transfer.h", 0, 37, card.Hearts, 5, true, Forcing, []string{"5+ hearts"}},
		{"2S", 0, "open.weak2", 5, 11, card.Spades, 6, false, NonForcing, []string{"Weak two"}},
		{"1H P 2H", 2, "resp.single.raise", 2, 10, card.Hearts, 3, false, NonForcing, nil},
		{"1C 1S X", 2, "negx.1level", 6, 37, card.Clubs, 0, false, Forcing, []string{"Negative double"}},
		{"2C", 0, "open.2c", 22, 37, card.Clubs, 0, true, Forcing, nil},
	}
	for _, c := range cases {
		calls := mustCalls(t, c.auction)
		m := b.Explain(bridge.VulNone, card.North, calls, c.index)
		if m.Rule != c.rule || m.MinHCP != c.minHCP || m.MaxHCP != c.maxHCP || m.MinLen[c.suit] < c.minLen ||
			m.Artificial != c.art || m.Force != c.force {
			t.Errorf("[%s] #%d: %+v", c.auction, c.index, m)
		}
		for _, p := range c.textParts {
			if !strings.Contains(m.Text, p) {
				t.Errorf("[%s] #%d: text %q lacks %q", c.auction, c.index, m.Text, p)
			}
		}
	}
	// A call no rule covers gets a generic natural meaning.
	m := b.Explain(bridge.VulNone, card.North, mustCalls(t, "7C"), 0)
	if m.Rule != "" || m.Key != "generic.suit" || m.MinLen[card.Clubs] < 4 {
		t.Errorf("7C opening: %+v", m)
	}
	// Out of range and illegal auctions do not panic.
	_ = b.Explain(bridge.VulNone, card.North, mustCalls(t, "1N"), 5)
	_ = b.Explain(bridge.VulNone, card.North, []bridge.Call{bridge.NewBid(2, 0), bridge.NewBid(1, 0)}, 1)
}

// A double or a redouble names no suit: its meaning shows no length in
// clubs (the strain a double's call carries unset), which the rule that a
// natural new suit shows length once read into every double and redouble.
func TestDoubleShowsNoSuit(t *testing.T) {
	b := New(Options{})
	for _, auc := range []string{"1D X", "P 1S X", "1C P P X", "1S 2C X", "1D X XX", "1S P 2D P 2S P P X", "P 3C P P X"} {
		calls := mustCalls(t, auc)
		m := b.Explain(bridge.VulNone, card.North, calls, len(calls)-1)
		if m.MinLen[card.Clubs] != 0 {
			t.Errorf("[%s]: %s shows %d+ clubs", auc, m.Text, m.MinLen[card.Clubs])
		}
	}
}

// The earlier calls' meanings are what the bot assumes: after 1NT, partner
// is known to hold 15-17 balanced.
func TestContextInference(t *testing.T) {
	b := New(Options{})
	ms := b.ExplainAll(bridge.VulNone, card.North, mustCalls(t, "1N P 2D P 2H"))
	if len(ms) != 5 {
		t.Fatalf("%d meanings", len(ms))
	}
	c := b.newCtx(bridge.VulNone, card.North, mustCalls(t, "1N P 2D P 2H"))
	if c.Me != card.East {
		t.Fatalf("to act: %v", c.Me)
	}
	if n := c.Shown[card.South].MinLen[card.Hearts]; n != 5 {
		t.Errorf("South's hearts: %d, want 5", n)
	}
	if lo, hi := c.Shown[card.North].MinHCP, c.Shown[card.North].MaxHCP; lo != 15 || hi != 17 {
		t.Errorf("North's HCP: %d-%d", lo, hi)
	}
	inf := b.Inferences(bridge.VulNone, card.North, mustCalls(t, "1N P 2D P 2H"))
	if inf[card.South].MinLen[card.Hearts] != 5 || inf[card.North].MaxHCP != 17 {
		t.Errorf("Inferences: %+v", inf)
	}
	// a jump raise on 16-18 dummy points: 12+ HCP, but 16+ points to
	// count on
	c = b.newCtx(bridge.VulNone, card.North, mustCalls(t, "1H P 1S P 3S P"))
	if c.Me != card.South || c.PartnerMin() != 12 || c.PartnerMinPts() != 16 {
		t.Errorf("after a jump raise: %v to act, partner %d HCP, %d points; want South, 12, 16", c.Me, c.PartnerMin(), c.PartnerMinPts())
	}
	// two readings of one call keep the smaller promise
	m := Meaning{MinHCP: 12, MaxHCP: 18, minPts: 16}
	m.widen(Meaning{MinHCP: 14, MaxHCP: 16})
	if m.MinHCP != 12 || m.minPts != 14 {
		t.Errorf("widened: %d HCP, %d points; want 12, 14", m.MinHCP, m.minPts)
	}
}

func TestEvaluate(t *testing.T) {
	e := Evaluate(mustHand(t, "AKQ4.KJ3.Q52.T94"))
	if e.HCP != 15 || !e.Balanced || e.Len[card.Spades] != 4 || e.Controls != 4 || e.LTC != 7 {
		t.Errorf("%+v", e)
	}
	if e.QuickTricks != 2.5 {
		t.Errorf("quick tricks %v", e.QuickTricks)
	}
	if !e.Stopper(card.Hearts) || e.Stopper(card.Clubs) || !e.Stopper(card.Diamonds) {
		t.Error("stoppers")
	}
	e = Evaluate(mustHand(t, "AKJT98.4.KQ52.94"))
	if e.Balanced || e.LengthPts != e.HCP+2 || e.SupportPts(card.Diamonds) != e.HCP+3+1 {
		t.Errorf("%+v sup %d", e, e.SupportPts(card.Diamonds))
	}
}

// Every rule of the table compiles and names its variables properly.
func TestTableWellFormed(t *testing.T) {
	b := New(Options{})
	seen := map[string]bool{}
	for _, r := range b.Rules() {
		if r.Name == "" || r.Call == "" {
			t.Errorf("rule %+v lacks a name or call", r)
		}
		if r.Desc == "" {
			t.Errorf("rule %s has no description", r.Name)
		}
		seen[r.Name] = true
	}
	if len(seen) < 150 {
		t.Errorf("only %d distinct rules", len(seen))
	}
}

func BenchmarkChoose(b *testing.B) {
	bot := New(Options{})
	h, _ := card.ParseHand("AK97.A8.742.QT72")
	calls := []bridge.Call{bridge.NewBid(1, bridge.StrainHearts), bridge.PassCall, bridge.NewBid(1, bridge.StrainSpades), bridge.PassCall, bridge.NewBid(2, bridge.StrainClubs), bridge.PassCall}
	for b.Loop() {
		bot.Choose(h, bridge.VulNone, card.North, calls)
	}
}
