package dd

import (
	"context"
	"errors"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
)

// A search whose context ends gives up with the context's error, and the
// solver answers exactly afterwards.
func TestContextAbort(t *testing.T) {
	r := card.NewRand(77)
	s := NewSolver(8)
	for i := range 3 {
		d := bridge.RandomDeal(r)
		p := Position{Hands: d, Strain: bridge.Strain(i % 5), Leader: card.Seat(i % 4)}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := s.CardValuesContext(ctx, p); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled context: err %v", err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
		start := time.Now()
		_, err := s.CardValuesContext(ctx, p)
		cancel()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("deadline: err %v", err)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("aborted search took %v", el)
		}
		got, err := s.CardValuesContext(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := NewSolver(8).CardValues(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("deal %d: %d values after an abort, want %d", i, len(got), len(want))
		}
		for j := range got {
			if got[j] != want[j] {
				t.Fatalf("deal %d: after an abort %v, fresh solver %v", i, got, want)
			}
		}
		n, err := s.TricksContext(context.Background(), p)
		if err != nil || n != want[0].Tricks {
			t.Fatalf("TricksContext %d, %v; want %d", n, err, want[0].Tricks)
		}
	}
}
