package competition

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// The checks of the competitions' requests and stored specs, moved here
// from package server with the code they test.

// decodeStrict decodes a request body as readJSON does.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func FuzzCheckTeamMatch(f *testing.F) {
	for _, s := range []string{
		`{"name":"M","boards":4,"home":{"name":"A","players":["me","","",""]},"away":{"name":"B","players":["u1","bot","",""]}}`,
		`{"name":"M","boards":36,"level":"strong","seed":3,"home":{"name":"A","players":["u1","u2","",""]},"away":{"name":"a","players":["","","",""]}}`,
		`{"name":" ","boards":4}`, `{"name":"M","boards":3}`, `{"name":"M","boards":8,"level":"x"}`,
		`{"name":"M","boards":8,"home":{"name":"A","players":["u1","u1","",""]},"away":{"name":"B"}}`,
		`{"name":"M","boards":8,"home":{"name":"A\u0007","players":["","","",""]},"away":{"name":"B"}}`,
		`{"name":"M","boards":8,"home":{"name":"A","players":["ghost","","",""]},"away":{"name":"B"}}`,
		`{}`, `null`, `[]`,
	} {
		f.Add([]byte(s))
	}
	users := map[string]store.User{"me-id": {ID: "me-id", Username: "me"}, "u1": {ID: "u1", Username: "one"}, "u2": {ID: "u2"}}
	lookup := func(id string) (store.User, error) {
		if u, ok := users[id]; ok {
			return u, nil
		}
		return store.User{}, store.ErrNotFound
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var body TeamMatchRequest
		if decodeStrict(data, &body) != nil {
			return
		}
		name, spec, err := checkTeamMatch(body, "me-id", lookup)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || ie.Msg == "" {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if name == "" || len(name) > 80 || spec.Boards < MinTeamBoards || spec.Boards > MaxTeamBoards ||
			spec.Home.Name == "" || strings.EqualFold(spec.Home.Name, spec.Away.Name) {
			t.Fatalf("accepted %q %+v", name, spec)
		}
		seen := map[string]bool{}
		for _, ts := range []teamSpec{spec.Home, spec.Away} {
			for _, p := range ts.Players {
				if p.User != "" {
					if _, ok := users[p.User]; !ok || seen[p.User] {
						t.Fatalf("player %q accepted twice or unknown: %+v", p.User, spec)
					}
					seen[p.User] = true
				}
			}
		}
		if spec.Seed == 0 {
			spec.Seed = 1
		}
		if _, err := tournament.NewTeamMatch(spec.team(true), spec.team(false), teamDeals(spec.Boards, spec.Seed)); err != nil {
			t.Fatalf("accepted spec makes no match: %v", err)
		}
		// The stored spec reads back the same.
		raw, _ := json.Marshal(spec)
		var back teamMatchSpec
		if err := json.Unmarshal(raw, &back); err != nil || back != spec {
			t.Fatalf("spec round trip: %v %+v", err, back)
		}
	})
}

// TestTableTags: a table's competition names its competition and, for a
// room or a team, the entry (the entry that plays there is the store's
// record), written "id:entry" as before it was a value; the rooms are read
// from their entries' keys.
func TestTableTags(t *testing.T) {
	for _, entry := range []string{"", teamRooms[tournament.OpenRoom], teamRooms[tournament.ClosedRoom], "Aces"} {
		c := table.Competition{ID: "abc-1", Entry: entry}
		text, _ := c.MarshalText()
		if back := table.ParseCompetition(string(text)); back != c || c.IsZero() {
			t.Errorf("competition %+v written %q, read back as %+v", c, text, back)
		}
	}
	if tag := (table.Competition{ID: "abc-1", Entry: "closed"}).String(); tag != "abc-1:closed" {
		t.Errorf("tag %q, want abc-1:closed", tag)
	}
	if tag := (table.Competition{ID: "abc-1"}).String(); tag != "abc-1" {
		t.Errorf("tag %q, want abc-1", tag)
	}
	for _, room := range []tournament.Room{tournament.OpenRoom, tournament.ClosedRoom} {
		r, ok := roomOf(teamRooms[room])
		if !ok || r != room {
			t.Errorf("room %v: %v %v", room, r, ok)
		}
	}
	for _, bad := range []string{"", "abc", "abc:", "Open", "abc:Open", "team", "t123"} {
		if _, ok := roomOf(bad); ok {
			t.Errorf("%q read as a team match room", bad)
		}
	}
}

func FuzzCheckBeloteDuplicate(f *testing.F) {
	for _, s := range []string{
		`{"name":"B","deals":2}`, `{"name":"B","deals":36,"mode":"coinche","rules":"official","announcements":true,"level":"strong","seed":7}`,
		`{"name":"B","deals":0}`, `{"name":"B","deals":2,"mode":"x"}`, `{"name":"\u0000","deals":2}`, `{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var body BeloteDuplicateRequest
		if decodeStrict(data, &body) != nil {
			return
		}
		name, spec, err := checkBeloteDuplicate(body)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || ie.Msg == "" {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if name == "" || len(name) > 80 || spec.Deals < MinBeloteDeals || spec.Deals > MaxBeloteDeals {
			t.Fatalf("accepted %q %+v", name, spec)
		}
		d, deals, err := beldDeals(spec)
		if err != nil || len(deals) != spec.Deals || len(d.Deals) != spec.Deals {
			t.Fatalf("accepted spec deals nothing: %v", err)
		}
		// The tables of the event accept these settings.
		set := table.Settings{Game: "belote", Mode: spec.Mode, Rules: spec.Rules, Announcements: spec.Announcements,
			Level: spec.Level, BeloteDeals: deals, Tournament: table.Competition{ID: "x", Entry: "team"}}
		if err := set.Normalize(); err != nil {
			t.Fatalf("table settings of an accepted event: %v", err)
		}
	})
}

// FuzzTourFromPBN feeds the PBN import of POST /api/tournaments: it never
// panics, its errors say PBN, and an accepted file's tournament survives
// the trip through the store's spec unchanged.
func FuzzTourFromPBN(f *testing.F) {
	src, _ := tournament.NewFromSeed("x", 10, 99, tournament.Matchpoints, tournament.Window{})
	var good strings.Builder
	for _, b := range src.Boards {
		fmt.Fprintf(&good, "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n", b.Number+10, b.Dealer, b.Vul, b.Deal)
	}
	f.Add(good.String())
	f.Add(strings.Replace(good.String(), "N:", "N:A", 1))
	f.Add("[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n")
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := tourFromPBN("x", text, tournament.Matchpoints, tournament.Window{})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "PBN") {
				t.Fatalf("error %q does not say PBN", err)
			}
			return
		}
		raw, err := json.Marshal(specOf(tr, "pbn", ""))
		if err != nil {
			t.Fatal(err)
		}
		var sp tourSpec
		if err := json.Unmarshal(raw, &sp); err != nil {
			t.Fatal(err)
		}
		back, err := sp.build(store.Competition{ID: "x", Name: "x"})
		if err != nil {
			t.Fatalf("spec of an imported tournament does not build: %v", err)
		}
		if !slices.Equal(back.Boards, tr.Boards) {
			t.Fatalf("boards changed through the spec")
		}
	})
}

// FuzzTourSpec checks that any stored spec, even a damaged one, builds a
// tournament or fails cleanly.
func FuzzTourSpec(f *testing.F) {
	tr, _ := tournament.NewFromSeed("x", 8, 1, tournament.Butler, tournament.Window{})
	raw, _ := json.Marshal(specOf(tr, "seed", "me"))
	f.Add(raw)
	f.Add([]byte(`{"scoring":"mp","boards":[{"n":1,"deal":"N:...","dealer":"Q","vul":"x"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var sp tourSpec
		if json.Unmarshal(raw, &sp) != nil {
			return
		}
		if tr, err := sp.build(store.Competition{ID: "x"}); err == nil && (len(tr.Boards) < tournament.MinBoards || len(tr.Boards) > tournament.MaxBoards) {
			t.Fatalf("%d boards built", len(tr.Boards))
		}
	})
}

// BenchmarkTournamentLoad measures what a node pays to show a tournament of
// 10,000 entries that played 8 boards each (80,000 results) from the
// store: the full read (at first sight and every tourFullEvery), the
// catch-up every RefreshEvery (here with nothing new), and the ranking.
func BenchmarkTournamentLoad(b *testing.B) {
	const entries, boards = 10000, 8
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "atout.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	tr, _ := tournament.NewFromSeed("Big", boards, 5, tournament.Matchpoints, tournament.Window{})
	ts := New(Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	id, err := ts.createTournament(ctx, tr, "seed", "", "")
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 64 {
		wg.Go(func() {
			for i := range work {
				u := fmt.Sprintf("u%05d", i)
				if err := st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: u, Data: json.RawMessage(`{"name":"` + u + `"}`)}); err != nil {
					b.Error(err)
				}
			}
		})
	}
	for i := range entries {
		work <- i
	}
	close(work)
	wg.Wait()
	type job struct {
		u string
		d resultData
		n int
	}
	jobs := make(chan job)
	for range 64 {
		wg.Go(func() {
			for j := range jobs {
				data, _ := json.Marshal(j.d)
				if err := st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: j.u, Board: j.n, Data: data}); err != nil {
					b.Error(err)
				}
			}
		})
	}
	for i := range entries {
		for n := 1; n <= boards; n++ {
			c := bridge.Contract{Level: uint8(1 + r.IntN(7)), Strain: bridge.Strain(r.IntN(5))}
			jobs <- job{fmt.Sprintf("u%05d", i), resultData{Contract: c.String(), Declarer: card.Seat(r.IntN(4)).String(), Tricks: r.IntN(14), Side: "NS", Time: time.Now().UnixMilli()}, n}
		}
	}
	close(jobs)
	wg.Wait()
	comp, err := st.GetCompetition(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("full", func(b *testing.B) {
		for range b.N {
			e, err := ts.openTournament(ctx, comp)
			if err != nil || len(e.t.Results()) != entries*boards {
				b.Fatal(err)
			}
		}
	})
	e, err := ts.openTournament(ctx, comp)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("catchup", func(b *testing.B) {
		for range b.N {
			// The marks stay at the newest row: each round reads the rows of the last tourMargin, as a live node does.
			if _, err := e.refresh(ctx, ts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("standings", func(b *testing.B) {
		for range b.N {
			e.t.Join(tournament.Entry{ID: "u00000", Name: "x"}) // no-op rename; results unchanged: cached ranking
			if st := e.t.Standings(); len(st.Rows) != entries {
				b.Fatal(len(st.Rows))
			}
		}
	})
}
