package card

import (
	crand "crypto/rand"
	"math/rand/v2"
)

// Deck52 returns the 52-card bridge deck, spades ace first.
func Deck52() []Card { return deck(Two) }

// Deck32 returns the 32-card belote deck (seven to ace in each suit).
func Deck32() []Card { return deck(Seven) }

func deck(low Rank) []Card {
	out := make([]Card, 0, 52)
	for _, s := range Suits {
		for r := Ace; r >= low; r-- {
			out = append(out, New(s, r))
		}
	}
	return out
}

// Full52 is the hand holding all 52 cards.
const Full52 Hand = 0x7FFC_7FFC_7FFC_7FFC

// Full32 is the hand holding the 32 belote cards.
const Full32 Hand = 0x7F80_7F80_7F80_7F80

// Rand is a source of shuffles: reproducible from a seed, or seeded from the
// operating system's random source.
type Rand struct{ r *rand.Rand }

// NewRand returns a reproducible source for seed.
func NewRand(seed uint64) *Rand {
	return &Rand{rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))}
}

// NewCryptoRand returns a source seeded from crypto/rand, for real play.
func NewCryptoRand() *Rand {
	var b [32]byte
	_, _ = crand.Read(b[:]) // never fails on supported platforms
	return &Rand{rand.New(rand.NewChaCha8(b))}
}

// Shuffle permutes cs uniformly (Fisher-Yates).
func (r *Rand) Shuffle(cs []Card) {
	r.r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// IntN returns a uniform int in [0, n).
func (r *Rand) IntN(n int) int { return r.r.IntN(n) }

// Uint64 returns a uniform 64-bit value.
func (r *Rand) Uint64() uint64 { return r.r.Uint64() }

// Rand exposes the underlying generator for callers that need more.
func (r *Rand) Rand() *rand.Rand { return r.r }

// SeedFromString turns a seed given as text into a number: a decimal number
// is used as it is, anything else is hashed (FNV-1a).
func SeedFromString(s string) uint64 {
	var n uint64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || n > (1<<63)/10 {
			var h uint64 = 14695981039346656037
			for j := 0; j < len(s); j++ {
				h ^= uint64(s[j])
				h *= 1099511628211
			}
			return h
		}
		n = n*10 + uint64(s[i]-'0')
	}
	return n
}
