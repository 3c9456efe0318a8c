package cluster

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"atout/table"
)

// Config is what a [Hub] needs. Zero durations take the defaults given.
type Config struct {
	// Table configures the tables this node owns (a [table.LocalHub]).
	// Table.Store must be a PostgreSQL store shared by every node (SQLite
	// works for a single node and tests), and Table.Node must name this
	// node uniquely among the nodes sharing the database: it is the owner
	// written in the leases.
	Table table.Config
	// Conn is the NATS connection (see [Connect], [StartEmbedded]). The
	// hub does not close it, and refuses it if it is connected to a server
	// away from loopback that does not require authentication.
	Conn *nats.Conn
	// Prefix starts every subject (default "atout"); nodes sharing a
	// NATS cluster for several deployments use different prefixes.
	Prefix string
	// ScanInterval is how often the node looks for tables whose owner
	// died (default Table.LeaseTTL/3).
	ScanInterval time.Duration
	// CallTimeout bounds a request to another node (default 5s; hints
	// get Table.HintTimeout more).
	CallTimeout time.Duration
	// RetryTimeout is how long a call or a new subscriber waits for a
	// table nobody answers for (its owner died and the lease has not run
	// out yet) before giving up (default Table.LeaseTTL + CallTimeout).
	RetryTimeout time.Duration
	// WatchRefresh is how often a node renews its interest in the states
	// of a remote table's viewer (default 5s); WatchTTL is how long the
	// owner keeps publishing them without a renewal (default
	// 4×WatchRefresh). A renewal only keeps the owner publishing: a change
	// of owner is announced on NATS, and a dead owner's silence is heard
	// from its beats, so neither waits for a renewal.
	WatchRefresh time.Duration
	WatchTTL     time.Duration
	// Beat is how often the node tells the others on NATS that it is
	// alive (default Table.LeaseTTL/6, at least 100ms). A node silent for
	// three beats is taken for dead: the others tell the players of its
	// tables at once that their table is moving, and look for the new
	// owner; the tables themselves move when the lease runs out.
	Beat time.Duration
	// MaxInflight bounds the calls from other nodes this node handles at
	// once (default 512); more are refused as busy.
	MaxInflight int
	// Advertise is where the players' browsers reach this node itself: an
	// absolute http(s) URL ("https://node-b.example.org") or a path on the
	// site's own host that the load balancer sends to this node
	// ("/node/b"). With it, a node that receives the WebSocket of a table
	// served here tells the browser to connect here instead of relaying
	// every state over NATS (see [CheckAdvertise], docs/deploy.md). Empty:
	// the other nodes relay.
	Advertise string
}

// CheckAdvertise validates an advertised address (Config.Advertise) and
// returns it without a trailing slash.
func CheckAdvertise(a string) (string, error) {
	if a == "" {
		return "", nil
	}
	u, err := url.Parse(a)
	switch {
	case err != nil:
		return "", fmt.Errorf("advertised address %q: %v", a, err)
	case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return "", fmt.Errorf("advertised address %q: want a URL without query, fragment or user", a)
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(u.Path, "//"):
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
	default:
		return "", fmt.Errorf("advertised address %q: want http(s)://host[:port][/path] or a path starting with /", a)
	}
	return strings.TrimRight(a, "/"), nil
}

// defaultWatchRefresh is WatchRefresh's default.
const defaultWatchRefresh = 5 * time.Second

// legacyRefresh is the renewal pace of the versions before the owner
// announced its changes and the nodes beat: a sixth of the lease. A
// watcher renews at that pace with an owner that does not say its
// WatchTTL (an older node, during a rolling upgrade), and it is the
// beats' default pace.
func legacyRefresh(lease time.Duration) time.Duration {
	return max(lease/6, 100*time.Millisecond)
}

func (c *Config) setDefaults() error {
	if c.Table.Store == nil {
		return errors.New("cluster: Config.Table.Store is required")
	}
	if c.Conn == nil {
		return errors.New("cluster: Config.Conn (NATS) is required")
	}
	if err := checkServerAuth(c.Conn); err != nil {
		return err
	}
	if c.Table.Node == "" {
		return errors.New("cluster: Config.Table.Node is required (a name unique among the nodes)")
	}
	if len(c.Table.Node) > 128 {
		return fmt.Errorf("cluster: node name %q: want at most 128 bytes", c.Table.Node)
	}
	if c.Prefix == "" {
		c.Prefix = "atout"
	}
	if !validToken(c.Prefix) {
		return fmt.Errorf("cluster: subject prefix %q: want letters, digits, '-' or '_'", c.Prefix)
	}
	if c.Table.LeaseTTL <= 0 {
		c.Table.LeaseTTL = table.DefaultLeaseTTL
	}
	if c.Table.HintTimeout <= 0 {
		c.Table.HintTimeout = 20 * time.Second
	}
	if c.ScanInterval <= 0 {
		c.ScanInterval = c.Table.LeaseTTL / 3
	}
	if c.CallTimeout <= 0 {
		c.CallTimeout = 5 * time.Second
	}
	if c.RetryTimeout <= 0 {
		c.RetryTimeout = c.Table.LeaseTTL + c.CallTimeout
	}
	if c.WatchRefresh <= 0 {
		c.WatchRefresh = defaultWatchRefresh
	}
	if c.Beat <= 0 {
		c.Beat = legacyRefresh(c.Table.LeaseTTL)
	}
	if c.WatchTTL <= 0 {
		c.WatchTTL = 4 * c.WatchRefresh
	}
	adv, err := CheckAdvertise(c.Advertise)
	if err != nil {
		return fmt.Errorf("cluster: %v", err)
	}
	c.Advertise = adv
	if c.MaxInflight <= 0 {
		c.MaxInflight = 512
	}
	if c.Table.Logger == nil {
		c.Table.Logger = defaultLogger()
	}
	return nil
}
