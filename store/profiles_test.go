package store

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"atout/profile"
	"atout/protocol"
)

// TestCountProfile: a deal is due after its grace, at once once analysed;
// counted once however many counters race (two nodes); the totals and the
// days add up; the page's visibility is kept.
func TestCountProfile(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateUser(ctx, "Alice", "correct horse", "")
		must(t, err)
		g, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Seats: [4]Seat{{UserID: u.ID}, {Bot: "easy"}}})
		must(t, err)
		const deals = 12
		for no := 1; no <= deals; no++ {
			must(t, s.AddDeal(ctx, g.ID, no, json.RawMessage(`{}`)))
			must(t, s.FinishDeal(ctx, g.ID, no, json.RawMessage(`{"n":1}`)))
		}
		if due, err := s.ProfileDue(ctx, 100); err != nil || len(due) != 0 {
			t.Fatalf("due before the grace: %v %v", due, err)
		}
		for no := 1; no <= deals; no++ {
			must(t, s.AnnotateDeal(ctx, g.ID, no, json.RawMessage(`{"n":1,"analysis":{}}`)))
		}
		due, err := s.ProfileDue(ctx, 100)
		if err != nil || len(due) != deals {
			t.Fatalf("due once analysed: %d %v", len(due), err)
		}
		// Four counters at once, each counting every deal.
		var wg sync.WaitGroup
		var mu sync.Mutex
		counted := 0
		for range 4 {
			wg.Go(func() {
				for _, r := range due {
					a := profile.Add{Day: 20000 + r.No%3, Ended: int64(r.No), GameKey: "bridge/duplicate",
						You: map[string]float64{profile.BridgeDeclarerLost: float64(r.No)}}
					ok, err := s.CountProfile(ctx, r, map[string]profile.Add{u.ID: a})
					if err != nil {
						t.Error(err)
						return
					}
					if ok {
						mu.Lock()
						counted++
						mu.Unlock()
					}
				}
			})
		}
		wg.Wait()
		if counted != deals {
			t.Errorf("%d deals counted, want %d", counted, deals)
		}
		if due, err := s.ProfileDue(ctx, 100); err != nil || len(due) != 0 {
			t.Errorf("due after counting: %v %v", due, err)
		}
		p, err := s.GetProfile(ctx, u.ID)
		must(t, err)
		if c := p.Tally.Games["bridge/duplicate"]; c == nil || c.Games != 1 || c.Deals != deals {
			t.Errorf("games %+v", p.Tally.Games)
		}
		if f := p.Tally.You[profile.BridgeDeclarerLost]; f == nil || f.N != deals || f.Sum != 78 {
			t.Errorf("totals %+v", f)
		}
		if len(p.Days) != 3 || p.Days[0].Day != 20000 || p.Days[0].Figures[profile.BridgeDeclarerLost].N != 4 {
			t.Errorf("days %+v", p.Days)
		}
		if p.Public {
			t.Error("public by default")
		}
		must(t, s.SetProfilePublic(ctx, u.ID, true))
		if p, _ := s.GetProfile(ctx, u.ID); !p.Public {
			t.Error("made public, reads private")
		}
		wantErr(t, s.SetProfilePublic(ctx, "nobody", true), ErrNotFound)
		if _, err := s.GetProfile(ctx, "nobody"); err == nil {
			t.Error("the profile of nobody")
		}
		// A deal put off is not due until then.
		r := DealRef{GameID: g.ID, No: 1}
		must(t, s.PostponeProfile(ctx, r, time.Hour))
		gm, d, err := s.LoadDeal(ctx, r)
		must(t, err)
		if gm.ID != g.ID || d.No != 1 || string(d.Result) != `{"n":1,"analysis":{}}` || gm.Seats[0].UserID != u.ID {
			t.Errorf("LoadDeal: %+v %+v", gm, d)
		}
		if _, _, err := s.LoadDeal(ctx, DealRef{GameID: g.ID, No: 99}); err == nil {
			t.Error("LoadDeal of no deal")
		}
	})
}

// BenchmarkCountProfile times the counting of one finished deal into the
// profiles of four players (a table of four humans), each with a year of
// totals already, on SQLite: the cost a finished deal adds to the
// database.
func BenchmarkCountProfile(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "atout.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var seats [4]Seat
	for i := range seats {
		u, err := s.CreateGuest(ctx, "p", "")
		if err != nil {
			b.Fatal(err)
		}
		seats[i].UserID = u.ID
	}
	g, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	keys := []string{profile.BridgeDeclarerLost, profile.BridgeDefenceLost, profile.BridgeLeadCostly, profile.BridgeParGame,
		profile.BridgeParPartscore, profile.BridgeClaimWrong, profile.BeloteTakerLost, profile.BeloteDefenceLost}
	add := func(no int) map[string]profile.Add {
		adds := map[string]profile.Add{}
		for i, st := range seats {
			you := map[string]float64{keys[(no+i)%len(keys)]: 1, keys[(no+i+3)%len(keys)]: 0}
			adds[st.UserID] = profile.Add{Day: 20000 + no%365, Ended: int64(no), GameKey: "bridge/duplicate", You: you,
				Bots:   map[protocol.Level][]map[string]float64{protocol.Medium: {you}},
				Costly: &profile.Costly{Game: "bridge", GameID: g.ID, Deal: no, Cost: no % 4}}
		}
		return adds
	}
	deal := func(no int) {
		if err := s.AddDeal(ctx, g.ID, no, json.RawMessage(`{}`)); err != nil {
			b.Fatal(err)
		}
		if err := s.FinishDeal(ctx, g.ID, no, json.RawMessage(`{}`)); err != nil {
			b.Fatal(err)
		}
	}
	const history = 2000
	for no := 1; no <= history; no++ {
		deal(no)
		if _, err := s.CountProfile(ctx, DealRef{GameID: g.ID, No: no}, add(no)); err != nil {
			b.Fatal(err)
		}
	}
	no := history
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		no++
		deal(no)
		b.StartTimer()
		if ok, err := s.CountProfile(ctx, DealRef{GameID: g.ID, No: no}, add(no)); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
