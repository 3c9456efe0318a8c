package bridge

import (
	"reflect"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

func recCalls(t *testing.T, s string) []RecordCall {
	t.Helper()
	var out []RecordCall
	for _, f := range strings.Fields(s) {
		c, err := ParseCall(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, RecordCall{Call: c})
	}
	return out
}

func TestRecordAuctionState(t *testing.T) {
	tests := []struct {
		dealer   card.Seat
		calls    string
		done     bool
		contract string
		declarer card.Seat
	}{
		{card.North, "", false, "Pass", 0},
		{card.North, "P P P", false, "Pass", 0},
		{card.North, "P P P P", true, "Pass", 0},
		{card.North, "2NT P 4C P P P", true, "4C", card.South},
		{card.East, "1S 1NT P 2D P P 2S 3NT P P 4S X P 4NT P P P", true, "4NT", card.South},
		{card.South, "1C 2S P P P", true, "2S", card.West},
		{card.North, "1H P 2H X XX P P P", true, "2HXX", card.North},
		{card.North, "1H X P P", false, "1HX", card.North},
		{card.West, "1D P 1S P 2S P 3NT P P P", true, "3NT", card.East},
		{card.North, "1S P 2S P 4S X P P P", true, "4SX", card.North},
	}
	for _, tt := range tests {
		st := RecordAuctionState(tt.dealer, recCalls(t, tt.calls))
		if st.Done != tt.done || st.Contract.String() != tt.contract || (st.Bid && st.Declarer != tt.declarer) {
			t.Errorf("%s %q: done %v %s by %s", tt.dealer, tt.calls, st.Done, st.Contract, st.Declarer)
		}
	}
}

func TestParseRecordDeal(t *testing.T) {
	full := "N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97"
	want, _ := ParseDeal(full)
	tests := []struct {
		in   string
		want Deal
		err  string
	}{
		{full, want, ""},
		{"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 - A9.AQ93.AT5.KQ97", want, ""},
		{"S:86432.7.QJ4.A843 A9.AQ93.AT5.KQ97 KT.J8.K98762.T65 QJ75.KT6542.3.J2", want, ""},
		{"n:SKT.HJ8.DK98762.CT65 SQJ75.HKT6542.D3.CJ2 S86432.H7.DQJ4.CA843 SA9.HAQ93.DAT5.CKQ97", want, ""},
		{"", Deal{}, ""},
		{"?", Deal{}, ""},
		{"N:AK... - - -", Deal{card.North: card.HandOf(card.MustParse("SA"), card.MustParse("SK"))}, ""},
		{"N:AK...", Deal{card.North: card.HandOf(card.MustParse("SA"), card.MustParse("SK"))}, ""},
		{"X:AK...", Deal{}, "first seat"},
		{"AK...", Deal{}, "first seat"},
		{"N:AK... AK... - -", Deal{}, "twice"},
		{"N:AKQJT98765432.2.. - - -", Deal{}, "14 cards"},
		{"N:- - - - -", Deal{}, "found 5"},
		{"N:AZ... - - -", Deal{}, "North hand"},
	}
	for _, tt := range tests {
		d, err := ParseRecordDeal(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || d != tt.want {
			t.Errorf("%q: %v (%v)", tt.in, d, err)
		}
		if back, err := ParseRecordDeal(FormatRecordDeal(d, card.East)); err != nil || back != d {
			t.Errorf("%q: format and back: %v (%v)", tt.in, back, err)
		}
	}
	if s := FormatRecordDeal(Deal{card.North: card.HandOf(card.MustParse("SA"))}, card.North); s != "N:A... - - -" {
		t.Errorf("partial deal written %q", s)
	}
}

// randomPlayed plays a random legal deal through the engine and returns
// the record of it.
func randomPlayed(t testing.TB, seed uint64) *Record {
	r := card.NewRand(seed)
	deal := RandomDeal(r)
	board := int(seed%16) + 1
	rec := NewRecord(board, deal)
	g := NewBoard(board, deal)
	for g.Phase() == PhaseAuction {
		calls := g.LegalCalls()
		c := calls[0] // pass
		if r.IntN(3) == 0 && len(calls) > 1 {
			c = calls[1+r.IntN(min(len(calls)-1, 4))]
		}
		seat, _ := g.Turn()
		if err := g.Call(seat, c); err != nil {
			t.Fatal(err)
		}
		rec.Auction = append(rec.Auction, RecordCall{Call: c})
	}
	for g.Phase() == PhasePlay {
		seat, _ := g.Turn()
		cs := g.LegalCards().Cards()
		c := cs[r.IntN(len(cs))]
		if err := g.Play(seat, c); err != nil {
			t.Fatal(err)
		}
		rec.Play = append(rec.Play, RecordCard{Seat: seat, Card: c})
	}
	return rec
}

func TestPlayOrderProperty(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		rec := randomPlayed(t, seed)
		c, decl, ok := rec.FinalContract()
		if !ok {
			t.Fatal("no contract")
		}
		if c.IsPass() {
			continue
		}
		for _, cut := range []int{len(rec.Play), 1 + int(seed)%51} {
			part := rec.Clone()
			part.Play = part.Play[:cut]
			tricks, err := part.TricksBySeat()
			if err != nil {
				t.Fatal(err)
			}
			back, err := PlayFromTricks(decl.Next(), c.Strain, true, tricks)
			if err != nil || !reflect.DeepEqual(back, part.Play) {
				t.Fatalf("seed %d cut %d: by seat and back differs (%v)", seed, cut, err)
			}
			cards := make([]card.Card, cut)
			for i := range cards {
				cards[i] = part.Play[i].Card
			}
			if got := SeatPlay(cards, decl.Next(), c.Strain, true, rec.Deal); !reflect.DeepEqual(got, part.Play) {
				t.Fatalf("seed %d: SeatPlay by the rules differs", seed)
			}
			if got := SeatPlay(cards, 0, 0, false, rec.Deal); !reflect.DeepEqual(got, part.Play) {
				t.Fatalf("seed %d: SeatPlay by the deal differs", seed)
			}
		}
		g := NewGame(rec.Board, rec.Dealer, rec.Vul, rec.Deal)
		for i, rc := range rec.Auction {
			_ = g.Call(card.Seat((int(rec.Dealer)+i)&3), rc.Call)
		}
		for _, pc := range rec.Play {
			_ = g.Play(pc.Seat, pc.Card)
		}
		res := g.Result()
		tricks, ok := rec.ResultTricks()
		_, _, _, score, ok2 := rec.ScoreNSRecord()
		if !ok || !ok2 || tricks != res.Tricks || score != res.ScoreNS {
			t.Fatalf("seed %d: record %d tricks %d, engine %d tricks %d", seed, tricks, score, res.Tricks, res.ScoreNS)
		}
	}
}

func TestPlayFromTricksErrors(t *testing.T) {
	sa, sk, sq, sj := card.MustParse("SA"), card.MustParse("SK"), card.MustParse("SQ"), card.MustParse("SJ")
	// West leads; North's card after West's missing one.
	if _, err := PlayFromTricks(card.West, NoTrump, true, [][4]card.Card{{card.North: sa}}); err == nil {
		t.Error("gap accepted")
	}
	// Unknown strain: a second trick cannot be placed.
	two := [][4]card.Card{{sa, sk, sq, sj}, {card.MustParse("HA"), 0, 0, 0}}
	if _, err := PlayFromTricks(card.North, 0, false, two); err == nil {
		t.Error("second trick without a strain accepted")
	}
	// Cards after an incomplete trick.
	if _, err := PlayFromTricks(card.North, NoTrump, true, [][4]card.Card{{sa, 0, 0, 0}, {sk, sq, sj, card.MustParse("S2")}}); err == nil {
		t.Error("cards after an incomplete trick accepted")
	}
	r := &Record{Play: []RecordCard{{Seat: card.North, Card: sa}, {Seat: card.North, Card: sk}}}
	if _, err := r.TricksBySeat(); err == nil {
		t.Error("two cards from one seat accepted")
	}
}

func TestNormalize(t *testing.T) {
	r := &Record{Dealer: card.North, Claim: -5, Auction: recCalls(t, "P P P P")}
	r.Tags = []RecordTag{{Name: "Room", Value: "Open"}, {Name: "Result", Value: "x"}, {Name: "Event", Value: "E"}, {Name: "Event", Value: "dup"}}
	r.Normalize()
	var names []string
	for _, tg := range r.Tags {
		names = append(names, tg.Name+"="+tg.Value)
	}
	want := []string{"Event=E", "Site=?", "Date=?", "Scoring=?", "Declarer=", "Contract=Pass", "Result=x", "Room=Open"}
	if !reflect.DeepEqual(names, want) || r.Claim != RecordNoClaim {
		t.Errorf("tags %q claim %d", names, r.Claim)
	}
	c := r.Clone()
	c.Normalize()
	if !reflect.DeepEqual(c, r) {
		t.Error("Normalize is not idempotent")
	}
	r2 := &Record{Dealer: card.East, Auction: recCalls(t, "1S P P P"), Claim: 8}
	r2.Normalize()
	for name, v := range map[string]string{"Contract": "1S", "Declarer": "E", "Result": "8", "Event": "?"} {
		if got, _ := r2.Tag(name); got != v {
			t.Errorf("%s = %q, want %q", name, got, v)
		}
	}
	if l, ok := r2.Leader(); !ok || l != card.South {
		t.Errorf("leader %s", l)
	}
}

func TestRecordTags(t *testing.T) {
	r := NewRecord(5, Deal{})
	if r.Dealer != card.North || r.Vul != VulNS || r.Claim != RecordNoClaim {
		t.Errorf("NewRecord: %+v", r)
	}
	r.SetTag("Event", "a")
	r.SetTag("Event", "b")
	r.SetTable("ScoreTable", "A;B", [][]string{{"1", "2"}})
	if v, ok := r.Tag("Event"); !ok || v != "b" || len(r.Tags) != 2 {
		t.Errorf("SetTag: %+v", r.Tags)
	}
	c := r.Clone()
	c.Tags[1].Rows[0][0] = "changed"
	if r.TagRows("ScoreTable")[0][0] != "1" {
		t.Error("Clone shares rows")
	}
	r.DeleteTag("Event")
	if _, ok := r.Tag("Event"); ok || !IsRecordTypedTag("Deal") || IsRecordTypedTag("Event") {
		t.Error("DeleteTag / IsRecordTypedTag")
	}
}

func BenchmarkRecordAuctionState(b *testing.B) {
	rec := randomPlayed(b, 3)
	for b.Loop() {
		RecordAuctionState(rec.Dealer, rec.Auction)
	}
}

func TestRecordOf(t *testing.T) {
	d, err := ParseDeal("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 K82.Q93.KJ5.Q854 JT97.A86.A87.T96")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(7, card.South, VulAll, d)
	if r := RecordOf(g); r.Board != 7 || r.Dealer != card.South || r.Vul != VulAll || r.Deal != d ||
		r.Auction != nil || r.Play != nil || r.Claim != RecordNoClaim || r.Tags[5].Name != "Contract" || r.Tags[5].Value != "?" {
		t.Fatalf("RecordOf(new game) = %+v", r)
	}
	for _, a := range []string{"1NT", "P", "3NT", "P", "P", "P", "SJ", "S4", "S3", "S2", "claim 9"} {
		if err := g.Apply(game.Move{Seat: g.ToAct()[0], Action: a}); err != nil {
			t.Fatal(a, err)
		}
	}
	r := RecordOf(g)
	if len(r.Auction) != 6 || r.Auction[2].Call.String() != "3NT" || len(r.Play) != 4 ||
		r.Play[0].Seat != card.West || r.Play[0].Card != card.MustParse("SJ") || r.Claim != 9 {
		t.Fatalf("RecordOf = %+v", r)
	}
	var tags []string
	for _, tg := range r.Tags {
		tags = append(tags, tg.Name+"="+tg.Value)
	}
	if got, want := strings.Join(tags, " "), "Event=? Site=? Date=? Scoring=? Declarer=S Contract=3NT Result=9"; got != want {
		t.Fatalf("tags %s, want %s", got, want)
	}
}
