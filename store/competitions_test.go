package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestCompetitionRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		spec := json.RawMessage(`{"boards": ["N:AKQJ.T98.765.432 ..."],  "scoring":"mp"}`)
		start := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
		c, err := s.CreateCompetition(ctx, Competition{Kind: "tournament", Name: "Tournoi du soir", Owner: "u1", Spec: spec,
			Start: start, End: start.Add(24 * time.Hour)})
		must(t, err)
		if len(c.ID) != gameIDLen || !validID(c.ID) || c.Created.IsZero() {
			t.Fatalf("CreateCompetition = %+v", c)
		}
		got, err := s.GetCompetition(ctx, c.ID)
		must(t, err)
		if !bytes.Equal(got.Spec, spec) {
			t.Errorf("spec = %s: JSON must come back byte for byte", got.Spec)
		}
		if got.Kind != "tournament" || got.Name != "Tournoi du soir" || got.Owner != "u1" ||
			!got.Start.Equal(start) || !got.End.Equal(start.Add(24*time.Hour)) || !got.Created.Equal(c.Created) {
			t.Errorf("GetCompetition = %+v, created %+v", got, c)
		}

		// A chosen id, open-ended, default spec, start = creation time.
		d, err := s.CreateCompetition(ctx, Competition{ID: "daily-2026-11-29", Kind: "tournament"})
		must(t, err)
		if d.ID != "daily-2026-11-29" || string(d.Spec) != "{}" || !d.Start.Equal(d.Created) || !d.End.IsZero() {
			t.Errorf("chosen id: %+v", d)
		}
		_, err = s.CreateCompetition(ctx, Competition{ID: "daily-2026-11-29", Kind: "tournament"})
		wantErr(t, err, ErrConflict)
		got, err = s.GetCompetition(ctx, d.ID)
		must(t, err)
		if !got.End.IsZero() || got.Owner != "" {
			t.Errorf("open-ended competition read back as %+v", got)
		}
		_, err = s.GetCompetition(ctx, "nosuchcomp")
		wantErr(t, err, ErrNotFound)
		_, err = s.GetCompetition(ctx, "Bad Id!")
		wantErr(t, err, ErrNotFound)
	})
}

func TestCompetitionInvalid(t *testing.T) {
	s := openTest(t, ":memory:")
	ctx := ctxT(t)
	now := time.Now()
	for _, c := range []Competition{
		{Kind: ""},
		{Kind: "Tournament"},
		{Kind: "tournament", ID: "Has Space"},
		{Kind: "tournament", ID: string(bytes.Repeat([]byte("a"), 65))},
		{Kind: "tournament", Spec: json.RawMessage(`[1,2]`)},
		{Kind: "tournament", Spec: json.RawMessage(`{`)},
		{Kind: "tournament", Name: "a\x00b"},
		{Kind: "tournament", Name: "\xff"},
		{Kind: "tournament", Start: now, End: now.Add(-time.Hour)},
	} {
		if _, err := s.CreateCompetition(ctx, c); !errors.Is(err, ErrInvalid) {
			t.Errorf("CreateCompetition(%+v) = %v, want ErrInvalid", c, err)
		}
	}
	_, err := s.CreateCompetition(ctx, Competition{Kind: "tournament", ID: "c1"})
	must(t, err)
	for _, e := range []CompetitionEntry{
		{Competition: "c1", Entry: ""},
		{Competition: "c1", Entry: "x", Data: json.RawMessage("nope")},
		{Competition: "c1", Entry: "x", GameID: "bad id"},
		{Competition: "c1", Entry: string(bytes.Repeat([]byte("e"), 129))},
	} {
		if err := s.JoinCompetition(ctx, e); !errors.Is(err, ErrInvalid) {
			t.Errorf("JoinCompetition(%+v) = %v, want ErrInvalid", e, err)
		}
	}
	for _, r := range []CompetitionResult{
		{Competition: "c1", Entry: "x", Board: -1},
		{Competition: "c1", Entry: "", Board: 1},
		{Competition: "c1", Entry: "x", Board: 1, Data: json.RawMessage("{")},
	} {
		if err := s.AddCompetitionResult(ctx, r); !errors.Is(err, ErrInvalid) {
			t.Errorf("AddCompetitionResult(%+v) = %v, want ErrInvalid", r, err)
		}
	}
	if _, err := s.ListCompetitions(ctx, "", -1); !errors.Is(err, ErrInvalid) {
		t.Errorf("ListCompetitions(limit -1) = %v", err)
	}
	var ie *InputError
	_, err = s.CreateCompetition(ctx, Competition{Kind: "tournament", ID: "UPPER"})
	if !errors.As(err, &ie) || ie.Field != "competition id" || ie.Value != "UPPER" {
		t.Errorf("bad id error = %v, want an InputError naming the field and value", err)
	}
}

func TestCompetitionEntriesAndResults(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		c, err := s.CreateCompetition(ctx, Competition{Kind: "teammatch", Name: "Match"})
		must(t, err)
		other, err := s.CreateCompetition(ctx, Competition{Kind: "teammatch", Name: "Other"})
		must(t, err)

		names := []string{"Équipe Zèbre", "alpha", "Mike's team", "b"}
		for i, n := range names {
			var data json.RawMessage
			if i%2 == 0 {
				data = json.RawMessage(fmt.Sprintf(`{"members": [%d]}`, i))
			}
			must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: c.ID, Entry: n, Data: data}))
		}
		wantErr(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: c.ID, Entry: "alpha"}), ErrConflict)
		wantErr(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: "nosuch", Entry: "alpha"}), ErrNotFound)
		// The same key in another competition is another entry.
		must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: other.ID, Entry: "alpha", GameID: "game2"}))

		es, err := s.CompetitionEntries(ctx, c.ID)
		must(t, err)
		if len(es) != len(names) {
			t.Fatalf("%d entries, want %d", len(es), len(names))
		}
		for i, e := range es {
			if e.Entry != names[i] || e.Competition != c.ID || e.GameID != "" || e.Joined.IsZero() {
				t.Errorf("entry %d = %+v, want %q in join order", i, e, names[i])
			}
			if (i%2 == 0) != (e.Data != nil) {
				t.Errorf("entry %d data = %s", i, e.Data)
			}
		}
		if string(es[2].Data) != `{"members": [2]}` {
			t.Errorf("entry data = %s, want byte for byte", es[2].Data)
		}

		_, err = s.CompetitionByGame(ctx, "game1")
		wantErr(t, err, ErrNotFound)
		must(t, s.SetCompetitionGame(ctx, c.ID, "alpha", "game1"))
		wantErr(t, s.SetCompetitionGame(ctx, c.ID, "nobody", "game1"), ErrNotFound)
		wantErr(t, s.SetCompetitionGame(ctx, "nosuch", "alpha", "game1"), ErrNotFound)
		e, err := s.CompetitionByGame(ctx, "game1")
		must(t, err)
		if e.Competition != c.ID || e.Entry != "alpha" || e.GameID != "game1" {
			t.Errorf("CompetitionByGame(game1) = %+v", e)
		}
		e, err = s.CompetitionByGame(ctx, "game2")
		must(t, err)
		if e.Competition != other.ID {
			t.Errorf("CompetitionByGame(game2) = %+v", e)
		}
		_, err = s.CompetitionByGame(ctx, "")
		wantErr(t, err, ErrNotFound)
		one, err := s.GetCompetitionEntry(ctx, c.ID, "alpha")
		must(t, err)
		if one.GameID != "game1" || one.Entry != "alpha" {
			t.Errorf("GetCompetitionEntry = %+v", one)
		}
		_, err = s.GetCompetitionEntry(ctx, c.ID, "nobody")
		wantErr(t, err, ErrNotFound)
		counts, err := s.CountCompetitionEntries(ctx, []string{c.ID, other.ID, "nosuch"})
		must(t, err)
		if counts[c.ID] != 4 || counts[other.ID] != 1 || counts["nosuch"] != 0 {
			t.Errorf("CountCompetitionEntries = %v", counts)
		}
		since := es[len(es)-1].Joined
		later, err := s.CompetitionEntriesSince(ctx, c.ID, since)
		must(t, err)
		if len(later) == 0 || later[len(later)-1].Entry != names[len(names)-1] {
			t.Errorf("CompetitionEntriesSince(last joined) = %+v", later)
		}
		if later, _ := s.CompetitionEntriesSince(ctx, c.ID, since.Add(time.Hour)); len(later) != 0 {
			t.Errorf("CompetitionEntriesSince(future) = %+v", later)
		}

		type key struct {
			entry string
			board int
		}
		order := []key{{"alpha", 3}, {"b", 1}, {"alpha", 1}, {"Équipe Zèbre", 2}}
		for _, k := range order {
			must(t, s.AddCompetitionResult(ctx, CompetitionResult{Competition: c.ID, Entry: k.entry, Board: k.board,
				Data: json.RawMessage(fmt.Sprintf(`{"score": %d}`, k.board*10)), GameID: "game1"}))
		}
		err = s.AddCompetitionResult(ctx, CompetitionResult{Competition: c.ID, Entry: "alpha", Board: 3})
		wantErr(t, err, ErrConflict)
		wantErr(t, s.AddCompetitionResult(ctx, CompetitionResult{Competition: "nosuch", Entry: "alpha", Board: 3}), ErrNotFound)
		must(t, s.AddCompetitionResult(ctx, CompetitionResult{Competition: other.ID, Entry: "alpha", Board: 3}))

		rs, err := s.CompetitionResults(ctx, c.ID)
		must(t, err)
		if len(rs) != len(order) {
			t.Fatalf("%d results, want %d", len(rs), len(order))
		}
		for i, r := range rs {
			if r.Entry != order[i].entry || r.Board != order[i].board || r.GameID != "game1" || r.Created.IsZero() ||
				string(r.Data) != fmt.Sprintf(`{"score": %d}`, r.Board*10) {
				t.Errorf("result %d = %+v, want %v in insertion order", i, r, order[i])
			}
		}
		newer, err := s.CompetitionResultsSince(ctx, c.ID, rs[len(rs)-1].Created)
		must(t, err)
		if len(newer) == 0 || newer[len(newer)-1].Board != order[len(order)-1].board {
			t.Errorf("CompetitionResultsSince(last) = %+v", newer)
		}
		if all, _ := s.CompetitionResultsSince(ctx, c.ID, rs[0].Created.Add(-time.Minute)); len(all) != len(order) {
			t.Errorf("CompetitionResultsSince(before all) = %d results", len(all))
		}
		if none, _ := s.CompetitionResultsSince(ctx, c.ID, time.Now().Add(time.Hour)); len(none) != 0 {
			t.Errorf("CompetitionResultsSince(future) = %+v", none)
		}
		rs, err = s.CompetitionResults(ctx, other.ID)
		must(t, err)
		if len(rs) != 1 || rs[0].Data != nil {
			t.Errorf("other competition results = %+v", rs)
		}
		rs, err = s.CompetitionResults(ctx, "nosuch")
		if err != nil || len(rs) != 0 {
			t.Errorf("results of an unknown competition = %v, %v", rs, err)
		}
	})
}

func TestListCompetitions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		kinds := []string{"tournament", "teammatch", "tournament", "beloteduplicate", "tournament"}
		for i, k := range kinds {
			_, err := s.CreateCompetition(ctx, Competition{ID: fmt.Sprintf("c%d", i), Kind: k, Start: base.Add(time.Duration(i%3) * time.Hour)})
			must(t, err)
		}
		all, err := s.ListCompetitions(ctx, "", 0)
		must(t, err)
		var ids []string
		for _, c := range all {
			ids = append(ids, c.ID)
		}
		// Starts: c0 0h, c1 1h, c2 2h, c3 0h, c4 1h; ties by creation, newest first.
		if want := "[c2 c4 c1 c3 c0]"; fmt.Sprint(ids) != want {
			t.Errorf("ListCompetitions = %v, want %s", ids, want)
		}
		ts, err := s.ListCompetitions(ctx, "tournament", 2)
		must(t, err)
		if len(ts) != 2 || ts[0].ID != "c2" || ts[1].ID != "c4" {
			t.Errorf("ListCompetitions(tournament, 2) = %+v", ts)
		}
		none, err := s.ListCompetitions(ctx, "nosuchkind", 10)
		if err != nil || len(none) != 0 {
			t.Errorf("ListCompetitions(unknown kind) = %v, %v", none, err)
		}
	})
}

// TestCompetitionConcurrent has many goroutines create the same scheduled
// competition, join and report results at once: one creation wins, every
// other gets ErrConflict, and each (entry, board) is stored once.
func TestCompetitionConcurrent(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		const n = 16
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, conflicts := 0, 0
		for range n {
			wg.Go(func() {
				_, err := s.CreateCompetition(ctx, Competition{ID: "daily-2026-11-29", Kind: "tournament", Name: "Daily"})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.Is(err, ErrConflict):
					conflicts++
				default:
					t.Errorf("CreateCompetition: %v", err)
				}
			})
		}
		wg.Wait()
		if won != 1 || conflicts != n-1 {
			t.Fatalf("%d creations won, %d conflicts; want 1 and %d", won, conflicts, n-1)
		}
		for i := range n {
			wg.Go(func() {
				e := fmt.Sprintf("p%02d", i)
				must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: "daily-2026-11-29", Entry: e}))
				for b := 1; b <= 3; b++ {
					// Each result reported twice, as by a retry.
					for range 2 {
						err := s.AddCompetitionResult(ctx, CompetitionResult{Competition: "daily-2026-11-29", Entry: e, Board: b})
						if err != nil && !errors.Is(err, ErrConflict) {
							t.Errorf("AddCompetitionResult: %v", err)
						}
					}
				}
			})
		}
		wg.Wait()
		es, err := s.CompetitionEntries(ctx, "daily-2026-11-29")
		must(t, err)
		rs, err := s.CompetitionResults(ctx, "daily-2026-11-29")
		must(t, err)
		if len(es) != n || len(rs) != 3*n {
			t.Errorf("%d entries, %d results; want %d and %d", len(es), len(rs), n, 3*n)
		}
	})
}

// TestCompetitionsSurviveReopen checks competitions are on disk.
func TestCompetitionsSurviveReopen(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := Open(ctx, dsn)
		must(t, err)
		c, err := s.CreateCompetition(ctx, Competition{Kind: "tournament", Name: "T"})
		must(t, err)
		must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: c.ID, Entry: "u1", GameID: "g1"}))
		must(t, s.AddCompetitionResult(ctx, CompetitionResult{Competition: c.ID, Entry: "u1", Board: 1, Data: json.RawMessage(`{"s":1}`)}))
		must(t, s.Close())
		s = openTest(t, dsn)
		e, err := s.CompetitionByGame(ctx, "g1")
		must(t, err)
		rs, err := s.CompetitionResults(ctx, c.ID)
		must(t, err)
		if e.Competition != c.ID || len(rs) != 1 || string(rs[0].Data) != `{"s":1}` {
			t.Errorf("after reopen: entry %+v, results %+v", e, rs)
		}
	})
}

func BenchmarkCompetitionResults(b *testing.B) {
	s := openTest(b, ":memory:")
	ctx := ctxT(b)
	c, err := s.CreateCompetition(ctx, Competition{Kind: "tournament"})
	must(b, err)
	for i := range 2000 {
		must(b, s.AddCompetitionResult(ctx, CompetitionResult{Competition: c.ID, Entry: fmt.Sprintf("u%05d", i/8), Board: i % 8,
			Data: json.RawMessage(`{"contract":"4S","declarer":"N","tricks":10,"score":420}`)}))
	}
	b.ResetTimer()
	for range b.N {
		rs, err := s.CompetitionResults(ctx, c.ID)
		if err != nil || len(rs) != 2000 {
			b.Fatal(len(rs), err)
		}
	}
}

// TestDeleteCompetition: a competition goes with its entries and results;
// the others stay; deleting it twice, or an unknown one, is ErrNotFound.
func TestDeleteCompetition(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		a, err := s.CreateCompetition(ctx, Competition{Kind: "teammatch", Name: "A"})
		must(t, err)
		b, err := s.CreateCompetition(ctx, Competition{Kind: "teammatch", Name: "B"})
		must(t, err)
		for _, c := range []string{a.ID, b.ID} {
			must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: c, Entry: "open", GameID: "g" + c}))
			must(t, s.AddCompetitionResult(ctx, CompetitionResult{Competition: c, Entry: "open", Board: 1, Data: json.RawMessage(`{}`)}))
		}
		must(t, s.DeleteCompetition(ctx, a.ID))
		_, err = s.GetCompetition(ctx, a.ID)
		wantErr(t, err, ErrNotFound)
		es, err := s.CompetitionEntries(ctx, a.ID)
		must(t, err)
		rs, err := s.CompetitionResults(ctx, a.ID)
		must(t, err)
		if len(es) != 0 || len(rs) != 0 {
			t.Errorf("after the deletion: %d entries and %d results left", len(es), len(rs))
		}
		if _, err := s.CompetitionByGame(ctx, "g"+a.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("the deleted competition's entry is still found by its game: %v", err)
		}
		var n int
		must(t, s.db.QueryRow(s.q("SELECT COUNT(*) FROM competition_results WHERE competition_id = ?"), a.ID).Scan(&n))
		if n != 0 {
			t.Errorf("%d results left in the table", n)
		}
		wantErr(t, s.DeleteCompetition(ctx, a.ID), ErrNotFound)
		wantErr(t, s.DeleteCompetition(ctx, "Bad Id!"), ErrNotFound)
		es, err = s.CompetitionEntries(ctx, b.ID)
		must(t, err)
		rs, err = s.CompetitionResults(ctx, b.ID)
		must(t, err)
		if len(es) != 1 || len(rs) != 1 {
			t.Errorf("the other competition lost rows: %d entries, %d results", len(es), len(rs))
		}
		// A chosen ID may be used again once deleted.
		d, err := s.CreateCompetition(ctx, Competition{ID: "daily-x", Kind: "tournament"})
		must(t, err)
		must(t, s.DeleteCompetition(ctx, d.ID))
		_, err = s.CreateCompetition(ctx, Competition{ID: "daily-x", Kind: "tournament"})
		must(t, err)
	})
}

// TestCloseEntries: once a competition is closed, no entry joins it, not
// even one racing the close from another connection; entries already in
// keep their tables.
func TestCloseEntries(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		c, err := s.CreateCompetition(ctx, Competition{Kind: "beloteduplicate", Name: "closing"})
		must(t, err)
		must(t, s.JoinCompetition(ctx, CompetitionEntry{Competition: c.ID, Entry: "early"}))
		closed, err := s.CloseEntries(ctx, c.ID)
		must(t, err)
		if closed.End.IsZero() {
			t.Fatalf("CloseEntries left no end: %+v", closed)
		}
		err = s.JoinCompetition(ctx, CompetitionEntry{Competition: c.ID, Entry: "late"})
		wantErr(t, err, ErrEntriesClosed)
		must(t, s.SetCompetitionGame(ctx, c.ID, "early", "tbl0000000000001"))
		again, err := s.CloseEntries(ctx, c.ID)
		must(t, err)
		if !again.End.Equal(closed.End) {
			t.Errorf("a second close moved the end from %v to %v", closed.End, again.End)
		}
		_, err = s.CloseEntries(ctx, "nosuchcomp")
		wantErr(t, err, ErrNotFound)

		// Joins racing a close: every join that succeeded is among the
		// entries read after the close, and nothing joins after it.
		r, err := s.CreateCompetition(ctx, Competition{Kind: "beloteduplicate", Name: "race"})
		must(t, err)
		var wg sync.WaitGroup
		var mu sync.Mutex
		joined := map[string]bool{}
		for i := range 8 {
			wg.Go(func() {
				key := fmt.Sprintf("team%d", i)
				if err := s.JoinCompetition(ctx, CompetitionEntry{Competition: r.ID, Entry: key}); err == nil {
					mu.Lock()
					joined[key] = true
					mu.Unlock()
				} else if !errors.Is(err, ErrEntriesClosed) {
					t.Errorf("join %s: %v", key, err)
				}
			})
		}
		_, err = s.CloseEntries(ctx, r.ID)
		must(t, err)
		es, err := s.CompetitionEntries(ctx, r.ID)
		must(t, err)
		wg.Wait()
		after, err := s.CompetitionEntries(ctx, r.ID)
		must(t, err)
		if len(after) != len(es) {
			t.Errorf("%d entries right after the close, %d once the joins ended: an entry joined a closed competition", len(es), len(after))
		}
		if len(after) != len(joined) {
			t.Errorf("%d joins succeeded, %d entries stored", len(joined), len(after))
		}
	})
}
