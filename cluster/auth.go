package cluster

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Auth is how the nodes prove themselves to NATS, and what an embedded
// NATS server demands of its clients and routes. Set at most one field.
//
// NATS carries every player's hand and accepts actions for any player, so
// a node refuses to use NATS without authentication anywhere but on
// loopback: an embedded server listening (or routing) on another address,
// or an external NATS at another address, needs credentials.
type Auth struct {
	// Token is a secret shared by the nodes (at least 16 characters;
	// e.g. `openssl rand -hex 32`). An external NATS checks it as its
	// authorization token.
	Token string
	// NKeySeed is a user nkey seed ("SU…", as made by `nk -gen user`;
	// the public key may follow on the next line, as `nk -pubout` writes
	// it) shared by the nodes: the node signs the server's challenge with
	// it, and an embedded server accepts its public key. The seed itself
	// never goes over the network.
	NKeySeed string
	// CredsFile is a NATS credentials file (user JWT and seed) for an
	// external NATS run in operator (decentralised JWT) mode. Embedded
	// servers do not take it.
	CredsFile string
}

// minTokenLen is the shortest token accepted.
const minTokenLen = 16

// set reports whether some credential is given.
func (a Auth) set() bool { return a.Token != "" || a.NKeySeed != "" || a.CredsFile != "" }

// nkey parses NKeySeed (nil if empty).
func (a Auth) nkey() (nkeys.KeyPair, error) {
	if a.NKeySeed == "" {
		return nil, nil
	}
	seed := strings.ReplaceAll(strings.TrimSpace(a.NKeySeed), "\r\n", "\n")
	kp, err := nkeys.ParseDecoratedUserNKey([]byte(seed))
	if err != nil {
		return nil, fmt.Errorf("cluster: NATS nkey seed: want a user seed (SU…, as `nk -gen user` writes): %v", err)
	}
	return kp, nil
}

// check validates the credentials.
func (a Auth) check() error {
	n := 0
	for _, s := range []string{a.Token, a.NKeySeed, a.CredsFile} {
		if s != "" {
			n++
		}
	}
	if n > 1 {
		return errors.New("cluster: give one NATS credential (a token, an nkey seed or a credentials file), not several")
	}
	if a.Token != "" {
		if len(a.Token) < minTokenLen {
			return fmt.Errorf("cluster: NATS token too short (%d characters): want at least %d, e.g. from `openssl rand -hex 32`", len(a.Token), minTokenLen)
		}
		if strings.ContainsAny(a.Token, " \t\r\n") {
			return errors.New("cluster: NATS token contains white space")
		}
	}
	if _, err := a.nkey(); err != nil {
		return err
	}
	if a.CredsFile != "" {
		if _, err := os.Stat(a.CredsFile); err != nil {
			return fmt.Errorf("cluster: NATS credentials file: %v", err)
		}
	}
	return nil
}

// clientOptions are the nats.Options that present the credentials.
func (a Auth) clientOptions() ([]nats.Option, error) {
	switch {
	case a.Token != "":
		return []nats.Option{nats.Token(a.Token)}, nil
	case a.NKeySeed != "":
		kp, err := a.nkey()
		if err != nil {
			return nil, err
		}
		pub, err := kp.PublicKey()
		if err != nil {
			return nil, err
		}
		return []nats.Option{nats.Nkey(pub, kp.Sign)}, nil
	case a.CredsFile != "":
		return []nats.Option{nats.UserCredentials(a.CredsFile)}, nil
	}
	return nil, nil
}

// routeUser is the user name embedded servers give each other on routes.
const routeUser = "atout-route"

// routePassword is the password of the routes between embedded servers:
// derived from the shared secret, so that every node computes the same one
// and the secret itself is not what travels.
func (a Auth) routePassword() string {
	h := sha256.New()
	h.Write([]byte("atout NATS route password\x00"))
	h.Write([]byte(a.Token))
	h.Write([]byte{0})
	if kp, err := a.nkey(); err == nil && kp != nil {
		seed, _ := kp.Seed()
		h.Write(seed)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Permissions returns what a node may do on NATS with subject prefix
// prefix (default "atout"): publish and subscribe on the prefix's
// subjects and on the reply inboxes of requests, nothing else. An embedded
// server applies them to its authenticated clients; give the same to the
// nodes' user in an external NATS.
func Permissions(prefix string) *server.Permissions {
	if prefix == "" {
		prefix = "atout"
	}
	allow := []string{prefix + ".>", nats.InboxPrefix + ">"}
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: allow},
		Subscribe: &server.SubjectPermission{Allow: allow},
	}
}

// serverAuth is an embedded server's check of its clients: the token or
// a signature of the server's nonce by the nodes' nkey. An authenticated
// client gets the nodes' permissions.
type serverAuth struct {
	token string
	nkey  string // public key, "U…"
	perms *server.Permissions
}

func newServerAuth(a Auth, prefix string) (*serverAuth, error) {
	if a.CredsFile != "" {
		return nil, errors.New("cluster: an embedded NATS server takes a token or an nkey seed, not a credentials file")
	}
	s := &serverAuth{token: a.Token, perms: Permissions(prefix)}
	kp, err := a.nkey()
	if err != nil {
		return nil, err
	}
	if kp != nil {
		if s.nkey, err = kp.PublicKey(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Check implements server.Authentication.
func (s *serverAuth) Check(c server.ClientAuthentication) bool {
	o := c.GetOpts()
	if o == nil {
		return false
	}
	ok := false
	switch {
	case s.token != "":
		ok = subtle.ConstantTimeCompare([]byte(o.Token), []byte(s.token)) == 1
	case s.nkey != "":
		ok = o.Nkey == s.nkey && verifyNonce(s.nkey, c.GetNonce(), o.Sig)
	}
	if ok {
		c.RegisterUser(&server.User{Username: "atout-node", Permissions: s.perms})
	}
	return ok
}

// verifyNonce checks sig (base64) of nonce by public key pub.
func verifyNonce(pub string, nonce []byte, sig string) bool {
	if len(nonce) == 0 || sig == "" {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		if raw, err = base64.StdEncoding.DecodeString(sig); err != nil {
			return false
		}
	}
	kp, err := nkeys.FromPublicKey(pub)
	if err != nil {
		return false
	}
	return kp.Verify(nonce, raw) == nil
}

// isLoopback reports whether host (a name or an IP address) is this
// machine's loopback: "localhost" or a loopback IP. Unspecified addresses
// (0.0.0.0, ::, "") listen on every interface and are not.
func isLoopback(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if i := strings.IndexByte(host, '%'); i >= 0 {
		host = host[:i]
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errUnauthenticated explains the refusal to use NATS without credentials
// away from loopback.
func errUnauthenticated(what string) error {
	return fmt.Errorf("cluster: refusing %s without authentication: anyone who reaches it could read every player's hand and play for him; "+
		"give the nodes a NATS credential (atout serve --nats-token-file, --nats-nkey-file or --nats-creds, or ATOUT_NATS_TOKEN / ATOUT_NATS_NKEY; "+
		"see docs/deploy.md) or use a loopback address (127.0.0.1)", what)
}

// warnOpenLoopback logs a warning when the node uses NATS without a
// credential: Check lets it through only on loopback, where any process
// of the machine (any user's) can still connect, read every player's hand
// and act for him. A node with no address at all gets a private token of
// its own (Open) and is not warned about.
func warnOpenLoopback(o NodeOptions, log *slog.Logger) {
	if o.Auth.set() {
		return
	}
	var open []string
	if o.NATS != "" {
		for _, u := range strings.Split(o.NATS, ",") {
			if p, err := url.Parse(strings.TrimSpace(u)); err == nil && !urlHasUser(p) {
				open = append(open, "NATS at "+p.Host)
			}
		}
	} else {
		if o.Listen != "" {
			open = append(open, "embedded NATS server on "+o.Listen)
		}
		if o.ClusterListen != "" {
			open = append(open, "NATS routes on "+o.ClusterListen)
		}
		for _, r := range o.Routes {
			if u, err := url.Parse(r); err == nil && !urlHasUser(u) {
				open = append(open, "NATS route to "+u.Host)
			}
		}
	}
	if len(open) == 0 {
		return
	}
	if log == nil {
		log = slog.Default()
	}
	log.Warn("cluster: NATS without authentication on loopback: any local process (any user of this machine) can connect, read every player's hand and play for him; "+
		"give the nodes a NATS credential: atout serve --nats-token-file or --nats-nkey-file (or ATOUT_NATS_TOKEN / ATOUT_NATS_NKEY; --nats-creds for an external NATS), see docs/deploy.md",
		"nats", strings.Join(open, ", "))
}

// urlHasUser reports whether a NATS URL carries credentials (user:password
// or a token as the user).
func urlHasUser(u *url.URL) bool { return u.User != nil && u.User.String() != "" }

// ReadSecret reads a credential from a file: its content without the
// surrounding white space, which must not be empty.
func ReadSecret(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(b))
	if s == "" {
		return "", fmt.Errorf("%s is empty", path)
	}
	return s, nil
}
