package server

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"atout/card"
	"atout/game"
	"atout/store"
	"atout/table"
)

// TestMain lets the test binary run as a child server for the crash test.
func TestMain(m *testing.M) {
	if dsn := os.Getenv("ATOUT_CHILD_DB"); dsn != "" {
		if err := runChild(dsn); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runChild is a real server on dsn: it resumes the open tables, prints its
// address and serves until killed.
func runChild(dsn string) error {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	hub := table.NewLocalHub(table.Config{Store: st, Logger: quiet(), Node: "crash-test"})
	if _, err := hub.Resume(ctx); err != nil {
		return err
	}
	srv := New(Config{Store: st, Hub: hub, Logger: quiet(), AllowSeed: true, MessageRate: 1000, MessageBurst: 1000})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("ADDR %s\n", ln.Addr())
	return srv.Run(ctx, ln, time.Second)
}

func startChild(t *testing.T, dsn string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ATOUT_CHILD_DB="+dsn)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "ADDR ") {
		cmd.Process.Kill()
		t.Fatalf("child server did not start: %q %v", line, err)
	}
	return cmd, "http://" + strings.TrimSpace(strings.TrimPrefix(line, "ADDR "))
}

func kill(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
}

// ackedMove is an action of ours that the server confirmed: a state
// message came back with it in the move count.
type ackedMove struct {
	index int // position in the whole match
	move  game.Move
}

// playAcked plays k actions as the client's seat and returns them once
// acknowledged; it stops early at the end of the match. With inflight it
// sends one more action and returns without waiting for it.
func playAcked(t *testing.T, w *ws, k int, inflight bool, first *serverMsg) []ackedMove {
	t.Helper()
	var acked []ackedMove
	var pending *ackedMove
	for len(acked) < k {
		var m serverMsg
		if first != nil {
			m, first = *first, nil
		} else {
			m = w.mustRead()
		}
		if m.Type == "error" {
			t.Fatalf("refused: %s", m.Raw)
		}
		if m.Type != "state" {
			continue
		}
		if pending != nil && m.N > pending.index {
			acked = append(acked, *pending)
			pending = nil
		}
		if m.Table.Over {
			break
		}
		if m.Table.DealOver {
			if pending == nil {
				w.sendJSON(map[string]any{"type": "next"})
			}
			continue
		}
		legal, seat := legalOf(m)
		if pending != nil || len(legal) == 0 {
			continue
		}
		s, _ := card.ParseSeat(seat)
		pending = &ackedMove{index: m.N, move: game.Move{Seat: s, Action: legal[0]}}
		w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
		if inflight && len(acked) == k-1 {
			break
		}
	}
	return acked
}

func crashTest(t *testing.T, dsn string) {
	cmd, base := startChild(t, dsn)
	defer func() { kill(cmd) }()
	c := newClient(t, base)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 4, Seed: 77})
	w := c.dial(id)
	// The last action is still in flight when the server dies.
	acked := playAcked(t, w, 13, true, nil)
	kill(cmd)

	// Every acknowledged action is stored where it was played.
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := st.LoadGame(context.Background(), id)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var all []game.Move
	for _, d := range rec.Deals {
		all = append(all, d.Moves...)
	}
	for _, a := range acked {
		if a.index >= len(all) || all[a.index] != a.move {
			t.Fatalf("acknowledged move %d %v lost after the crash (stored: %d moves)", a.index, a.move, len(all))
		}
	}

	// The table resumes in a new process, with our seat and its state.
	cmd, base = startChild(t, dsn)
	c.base = base
	w2 := c.dial(id)
	defer w2.close()
	first := w2.mustRead()
	if first.Type != "state" || first.Seat == nil || *first.Seat != "S" || first.N < len(all) {
		t.Fatalf("after restart: %s", first.Raw)
	}
	more := playAcked(t, w2, 3, false, &first)
	if len(more) < 3 {
		t.Fatalf("the resumed table took %d actions", len(more))
	}
	t.Logf("%d actions acknowledged before the crash, %d stored, %d after the restart", len(acked), len(all), len(more))
}

func TestCrashSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	crashTest(t, filepath.Join(t.TempDir(), "crash.db"))
}

func TestCrashPostgres(t *testing.T) {
	dsn := os.Getenv("ATOUT_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("ATOUT_TEST_POSTGRES not set")
	}
	crashTest(t, dsn)
}
