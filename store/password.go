package store

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters for new hashes: OWASP's recommended minimum (19 MiB,
// 2 passes, 1 lane), about 30 ms on one core — slow enough to make offline
// guessing expensive, cheap enough for a 2-core server to log people in.
// Hashes record their own parameters, so these can be raised later; older
// hashes are upgraded at the next successful login.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonSaltLen = 16
	argonKeyLen  = 32
)

// Password length limits, in bytes. The upper bound keeps a hostile request
// from making the server hash megabytes.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 1024
)

// b64 is the PHC strings' base64: standard alphabet, no padding, and
// strict, so that the unused low bits of the last character must be zero
// (one hash has one spelling).
var b64 = base64.RawStdEncoding.Strict()

// argonParams are the parameters read from a stored hash.
type argonParams struct {
	memory  uint32
	time    uint32
	threads uint8
}

var currentParams = argonParams{argonMemory, argonTime, argonThreads}

// HashPassword returns an Argon2id hash of password with a fresh random salt,
// in the PHC string format: $argon2id$v=19$m=19456,t=2,p=1$salt$key.
func HashPassword(password string) (string, error) {
	if err := checkPassword(password); err != nil {
		return "", err
	}
	salt := make([]byte, argonSaltLen)
	rand.Read(salt)
	return encodeHash(currentParams, salt, password), nil
}

func encodeHash(p argonParams, salt []byte, password string) string {
	key := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memory, p.time, p.threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// VerifyPassword reports whether password matches hash, comparing the keys
// in constant time. A malformed hash is an error, never a match.
func VerifyPassword(hash, password string) (bool, error) {
	p, salt, key, err := parseHash(hash)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// parseHash reads a PHC Argon2id string. Parameters are bounded so that a
// tampered row cannot make a login allocate gigabytes.
func parseHash(hash string) (p argonParams, salt, key []byte, err error) {
	bad := func(why string) (argonParams, []byte, []byte, error) {
		return argonParams{}, nil, nil, fmt.Errorf("store: password hash: %s", why)
	}
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[0] != "" {
		return bad("want $argon2id$v=19$m=…,t=…,p=…$salt$key")
	}
	if parts[1] != "argon2id" {
		return bad(fmt.Sprintf("algorithm %q, want argon2id", parts[1]))
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || parts[2] != fmt.Sprintf("v=%d", v) {
		return bad(fmt.Sprintf("version field %q", parts[2]))
	}
	if v != argon2.Version {
		return bad(fmt.Sprintf("version %d, want %d", v, argon2.Version))
	}
	var m, t, th uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &th); err != nil ||
		parts[3] != fmt.Sprintf("m=%d,t=%d,p=%d", m, t, th) {
		return bad(fmt.Sprintf("parameters %q", parts[3]))
	}
	if m < 8 || m > 1<<20 || t < 1 || t > 64 || th < 1 || th > 16 || m < 8*th {
		return bad(fmt.Sprintf("parameters %q out of range", parts[3]))
	}
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(salt) > 64 || len(key) < 16 || len(key) > 64 {
		return bad("salt or key is not base64 of a sensible length")
	}
	// Canonical encoding only: the decoder skips line breaks, which the
	// strict mode still allows, so compare with the encoding printed again.
	if b64.EncodeToString(salt) != parts[4] || b64.EncodeToString(key) != parts[5] {
		return bad("salt or key is not in canonical base64")
	}
	return argonParams{m, t, uint8(th)}, salt, key, nil
}

// needsRehash reports whether hash was made with other parameters than the
// current ones.
func needsRehash(hash string) bool {
	p, salt, key, err := parseHash(hash)
	return err != nil || p != currentParams || len(salt) != argonSaltLen || len(key) != argonKeyLen
}

func checkPassword(pw string) error {
	switch {
	case len(pw) < MinPasswordLen:
		return invalid("password", "", fmt.Sprintf("shorter than %d bytes", MinPasswordLen))
	case len(pw) > MaxPasswordLen:
		return invalid("password", "", fmt.Sprintf("longer than %d bytes", MaxPasswordLen))
	}
	return nil
}

// dummyHash is verified against when a login names an unknown user, so that
// the answer takes as long as for a known user with a wrong password.
var dummyHash = sync.OnceValue(func() string {
	salt := make([]byte, argonSaltLen)
	rand.Read(salt)
	return encodeHash(currentParams, salt, "no user has this password")
})
