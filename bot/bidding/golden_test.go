package bidding

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"atout/bridge"
	"atout/card"
)

var update = flag.Bool("update", false, "rewrite testdata/choose.golden")

// The bot's call and explanation for every row of the dev set, frozen: a
// change of the table shows up here line by line.
func TestChooseGolden(t *testing.T) {
	b := New(Options{})
	var sb strings.Builder
	for _, r := range readDev(t) {
		got, m := b.Choose(r.hand, r.vul, card.North, r.calls)
		fmt.Fprintf(&sb, "%d\t%s\t%s\t%s\n", r.line, got, m.Rule, m.Text)
	}
	const path = "testdata/choose.golden"
	if *update {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	gl, wl := strings.Split(sb.String(), "\n"), strings.Split(string(want), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("%d lines, golden has %d", len(gl), len(wl))
	}
	bad := 0
	for i := range gl {
		if gl[i] != wl[i] {
			if bad < 10 {
				t.Errorf("got  %s\nwant %s", gl[i], wl[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d lines differ from %s (go test -update rewrites it)", bad, path)
	}
}

// The bot is used from several goroutines at once (the web app).
func TestConcurrentUse(t *testing.T) {
	b := New(Options{})
	rows := readDev(t)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(rows); i += 16 {
				r := rows[i]
				b.Choose(r.hand, r.vul, card.North, r.calls)
			}
		}()
	}
	wg.Wait()
}

// FuzzChoose: any hand and any sequence of calls: Choose never panics, and
// on a legal unfinished auction its call is legal.
func FuzzChoose(f *testing.F) {
	f.Add(uint64(0x1234_5678_9abc), []byte{3, 0, 8, 0})
	f.Add(uint64(0xffff_0000_ffff), []byte{0, 0, 0, 25, 1, 2})
	f.Add(uint64(42), []byte{})
	b := New(Options{})
	f.Fuzz(func(t *testing.T, seed uint64, codes []byte) {
		r := card.NewRand(seed)
		hs := dealHands(r)
		a := bridge.NewAuction(card.North)
		var calls []bridge.Call
		for _, code := range codes {
			var c bridge.Call
			switch k := int(code) % 38; {
			case k == 0:
				c = bridge.PassCall
			case k == 1:
				c = bridge.DoubleCall
			case k == 2:
				c = bridge.RedoubleCall
			default:
				c = bridge.NewBid((k-3)/5+1, bridge.Strain((k-3)%5))
			}
			trial := a
			if trial.Add(c) != nil || trial.Done() {
				continue
			}
			a = trial
			calls = append(calls, c)
		}
		got, m := b.Choose(hs[a.ToAct()], bridge.Vul(seed%4), card.North, calls)
		if err := a.Check(got); err != nil {
			t.Fatalf("%v after %v: %v", got, calls, err)
		}
		if m.Text == "" {
			t.Fatal("no explanation")
		}
		for i := range calls {
			b.Explain(bridge.VulNone, card.North, calls, i)
		}
	})
}
