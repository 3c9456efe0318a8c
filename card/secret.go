package card

import (
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"math/rand/v2"
)

// Secret is 32 bytes drawn from the operating system's random source, kept
// by a server to deal a competition's boards: the same secret deals the same
// boards again (a restart, another node), and nobody without it can compute
// them (ChaCha8, unlike the seeded generator of [NewRand], is not
// predictable from its outputs or a small seed).
type Secret [32]byte

// NewSecret draws a secret.
func NewSecret() Secret {
	var s Secret
	_, _ = crand.Read(s[:]) // never fails on supported platforms
	return s
}

// String returns the secret in hexadecimal, as it is stored.
func (s Secret) String() string { return hex.EncodeToString(s[:]) }

// IsZero reports whether s is the zero secret (none drawn).
func (s Secret) IsZero() bool { return s == Secret{} }

// ParseSecret reads a secret written by [Secret.String].
func ParseSecret(text string) (Secret, error) {
	var s Secret
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(s) {
		return s, errors.New("card: a secret is 64 hexadecimal digits")
	}
	copy(s[:], b)
	return s, nil
}

// Rand returns the shuffle source of the secret: the same secret always
// gives the same sequence of shuffles.
func (s Secret) Rand() *Rand { return &Rand{rand.New(rand.NewChaCha8(s))} }
