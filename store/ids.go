package store

import "crypto/rand"

// idAlphabet is 32 characters without the look-alikes 0/o and 1/l, so an id
// read aloud or copied from an invite link survives.
const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// Id lengths: 12 characters (60 bits) keeps invite links short while
// guessing a live table stays hopeless; user ids never appear in links.
const (
	gameIDLen = 12
	userIDLen = 16
)

// newID returns n random characters of idAlphabet.
func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand documents it)
	for i := range b {
		b[i] = idAlphabet[b[i]&31]
	}
	return string(b)
}

// validID reports whether s could be an id this package made, so that junk
// from a URL is refused before it reaches a query.
func validID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
