package dd

import (
	"math/bits"
	"testing"
)

// TestKthHighest checks the table look-up against removing the top cards
// one by one, for every suit and every k.
func TestKthHighest(t *testing.T) {
	for b := uint32(0); b < 1<<13; b++ {
		a := b
		for k := 1; k <= bits.OnesCount32(b); k++ {
			want := bits.Len32(a) - 1
			if got := kthHighest(b, k); got != want {
				t.Fatalf("kthHighest(%013b, %d) = %d, want %d", b, k, got, want)
			}
			a &^= 1 << uint(want)
		}
	}
}
