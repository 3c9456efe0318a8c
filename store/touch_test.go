package store

import (
	"fmt"
	"testing"
)

// TestTouchGames: touching a list of games sets the update time of those
// games and of no other, for lists of every length the statements' sizes
// split differently (one, between two sizes, exactly the largest, over
// it), through the committer's prepared statements and without them.
func TestTouchGames(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		var ids []string
		for range 75 {
			ids = append(ids, newTestGame(t, s, "bridge", [4]Seat{}).ID)
		}
		updated := func() map[string]int64 {
			rows, err := s.db.QueryContext(ctx, "SELECT id, updated_ms FROM games")
			must(t, err)
			defer rows.Close()
			out := map[string]int64{}
			for rows.Next() {
				var id string
				var ms int64
				must(t, rows.Scan(&id, &ms))
				out[id] = ms
			}
			must(t, rows.Err())
			return out
		}
		c := newCommitter(s)
		defer c.close()
		c.prepare(ctx)
		now := int64(1 << 40)
		for _, prepared := range []bool{false, true} {
			for _, k := range []int{1, 2, 3, 5, 31, 32, 33, 70} {
				now++
				before := updated()
				list := ids[k%5 : k%5+k]
				sqlTx, err := s.db.BeginTx(ctx, nil)
				must(t, err)
				var tx txExecer = sqlTx
				if prepared {
					tx = &preparedTx{Tx: sqlTx, stmts: c.stmts}
				}
				must(t, s.touchGames(ctx, tx, list, now))
				must(t, sqlTx.Commit())
				after := updated()
				in := map[string]bool{}
				for _, id := range list {
					in[id] = true
				}
				for id, ms := range after {
					want := before[id]
					if in[id] {
						want = now
					}
					if ms != want {
						t.Fatalf("%s, prepared %v, %d games: game %s at %d, want %d", fmt.Sprint(s.dialect), prepared, k, id, ms, want)
					}
				}
			}
		}
	})
}
