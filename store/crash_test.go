package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/card"
	"atout/game"
)

// A server killed with SIGKILL right after accepting moves must find every
// one of them when it restarts. The test runs its own binary again as a child
// process that appends moves and prints each one only after AppendMove has
// returned — the point where the server would broadcast it — kills the
// child mid-stream, then reopens the database and looks for every printed
// move.

const (
	crashChildEnv = "ATOUT_STORE_CRASH_CHILD" // the DSN; set only in the child
	crashGameEnv  = "ATOUT_STORE_CRASH_GAME"
	crashDeals    = 4 // writers in the child, one per deal
)

func crashAction(deal, seq int) string { return fmt.Sprintf("d%dm%d", deal, seq) }

// crashChild is the child process: it appends moves to crashDeals deals
// from as many goroutines until it is killed.
func crashChild() int {
	ctx := context.Background()
	s, err := Open(ctx, os.Getenv(crashChildEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 3
	}
	gameID := os.Getenv(crashGameEnv)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for d := 1; d <= crashDeals; d++ {
		wg.Go(func() {
			for seq := 0; seq < 100000; seq++ {
				m := game.Move{Seat: card.Seat(seq % 4), Action: crashAction(d, seq)}
				if err := s.AppendMove(ctx, gameID, d, seq, m); err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(4)
				}
				mu.Lock()
				os.Stdout.WriteString(fmt.Sprintf("%d %d\n", d, seq)) // one write: no torn lines
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return 0
}

func TestKill9LosesNoAcceptedMove(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := Open(ctx, dsn)
		must(t, err)
		g, err := s.CreateGame(ctx, NewGame{Kind: "belote"})
		must(t, err)
		for d := 1; d <= crashDeals; d++ {
			must(t, s.AddDeal(ctx, g.ID, d, []byte(`{}`)))
		}
		s.Close()

		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+dsn, crashGameEnv+"="+g.ID)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		must(t, err)
		must(t, cmd.Start())

		printed := map[int]int{} // deal → highest seq printed
		lines := 0
		sc := bufio.NewScanner(out)
		killAt := 60 + int(time.Now().UnixNano()%40) // vary the moment
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			d, err1 := strconv.Atoi(f[0])
			seq, err2 := strconv.Atoi(f[1])
			if len(f) != 2 || err1 != nil || err2 != nil {
				t.Fatalf("child printed %q", sc.Text())
			}
			printed[d] = max(printed[d], seq)
			lines++
			if lines == killAt {
				must(t, cmd.Process.Kill()) // SIGKILL: no defer, no Close
			}
		}
		err = cmd.Wait()
		if lines < killAt {
			t.Fatalf("child stopped after %d moves: %v\n%s", lines, err, stderr.String())
		}
		if ws, ok := cmd.ProcessState.Sys().(interface{ Signaled() bool }); !ok || !ws.Signaled() {
			t.Fatalf("child was not killed by a signal: %v\n%s", err, stderr.String())
		}

		s = openTest(t, dsn)
		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		for _, d := range rec.Deals {
			top, ok := printed[d.No]
			if !ok {
				top = -1
			}
			if len(d.Moves) <= top {
				t.Errorf("deal %d: child printed move %d, but only %d moves are stored", d.No, top, len(d.Moves))
			}
			// At most one move per writer was committed and not printed.
			if len(d.Moves) > top+2 {
				t.Errorf("deal %d: %d moves stored, last printed %d", d.No, len(d.Moves), top)
			}
			for i, m := range d.Moves {
				if m.Action != crashAction(d.No, i) || m.Seat != card.Seat(i%4) {
					t.Errorf("deal %d move %d = %v", d.No, i, m)
					break
				}
			}
		}
		t.Logf("killed after %d printed moves; stored per deal: %d %d %d %d", lines,
			len(rec.Deals[0].Moves), len(rec.Deals[1].Moves), len(rec.Deals[2].Moves), len(rec.Deals[3].Moves))
		// The restarted store takes the next moves where the child stopped.
		d := rec.Deals[0]
		must(t, s.AppendMove(ctx, g.ID, d.No, len(d.Moves), game.Move{Seat: card.North, Action: "next"}))
	})
}
