// Package limit bounds what the server's clients may do, so that no one
// client exhausts the server and nobody guesses passwords: token buckets
// by key ([Buckets]: signups and guests per address, a connection's
// messages), the login throttle ([Login], with its [Gate]s and the signed
// device cookies of [Devices]; docs/security.md has the figures), and the
// open tables, connections and competitions one user may hold ([Users]).
//
// It knows nothing of HTTP: the server names the keys (an address, an
// account, a device) and answers a refusal ([Error], 429).
package limit
