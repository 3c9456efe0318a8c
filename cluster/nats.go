package cluster

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// EmbeddedOptions configure an in-process NATS server.
type EmbeddedOptions struct {
	// Name names the server in a NATS cluster (default: random).
	Name string
	// Listen is the client address, "host:port" (default "127.0.0.1:-1":
	// a free port on loopback).
	Listen string
	// ClusterName, ClusterListen and Routes join embedded servers into a
	// NATS cluster: each node listens for routes on ClusterListen
	// ("host:port") and dials Routes ("nats-route://host:port"). Empty
	// ClusterListen: a standalone server.
	ClusterName   string
	ClusterListen string
	Routes        []string
	// Auth is what the server demands of its clients (the token or the
	// nkey; the nodes present the same through [Connect]) and, derived
	// from it, of the routes between embedded servers. Without it the
	// server listens and routes only on loopback addresses.
	Auth Auth
	// Prefix is the nodes' subject prefix (default "atout"): an
	// authenticated client may publish and subscribe only there and on
	// its request inboxes (see [Permissions]).
	Prefix string
	// Logger, if set, receives the server's notices and errors.
	Logger *slog.Logger
}

// Embedded is a NATS server running in this process.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts a NATS server in this process and waits until it
// accepts clients.
func StartEmbedded(o EmbeddedOptions) (*Embedded, error) {
	host, port, err := splitListen("Listen", o.Listen, "127.0.0.1", -1)
	if err != nil {
		return nil, err
	}
	if err := o.Auth.check(); err != nil {
		return nil, err
	}
	secure := o.Auth.Token != "" || o.Auth.NKeySeed != ""
	if !secure && !isLoopback(host) {
		return nil, errUnauthenticated(fmt.Sprintf("to run an embedded NATS server on %s", net.JoinHostPort(host, strconv.Itoa(port))))
	}
	opts := &server.Options{
		ServerName: o.Name,
		Host:       host,
		Port:       port,
		NoSigs:     true,
		NoLog:      o.Logger == nil,
		// States are a few kilobytes; exports of long matches more.
		MaxPayload: 8 << 20,
	}
	if o.Auth.set() {
		a, err := newServerAuth(o.Auth, o.Prefix)
		if err != nil {
			return nil, err
		}
		opts.CustomClientAuthentication = a
		// The nonce the clients sign with their nkey.
		opts.AlwaysEnableNonce = a.nkey != ""
	}
	if o.ClusterListen != "" {
		ch, cp, err := splitListen("ClusterListen", o.ClusterListen, "127.0.0.1", -1)
		if err != nil {
			return nil, err
		}
		if !secure && !isLoopback(ch) {
			return nil, errUnauthenticated(fmt.Sprintf("to listen for NATS routes on %s", net.JoinHostPort(ch, strconv.Itoa(cp))))
		}
		opts.Cluster = server.ClusterOpts{Name: o.ClusterName, Host: ch, Port: cp}
		if opts.Cluster.Name == "" {
			opts.Cluster.Name = "atout"
		}
		if secure {
			opts.Cluster.Username, opts.Cluster.Password = routeUser, o.Auth.routePassword()
		}
		for _, r := range o.Routes {
			u, err := url.Parse(r)
			if err != nil || u.Host == "" {
				return nil, fmt.Errorf("cluster: NATS route %q: want nats-route://host:port", r)
			}
			if !secure && !urlHasUser(u) && !isLoopback(u.Hostname()) {
				return nil, errUnauthenticated(fmt.Sprintf("to route to NATS at %s", u.Host))
			}
			if secure && u.User == nil {
				u.User = url.UserPassword(opts.Cluster.Username, opts.Cluster.Password)
			}
			opts.Routes = append(opts.Routes, u)
		}
	} else if len(o.Routes) > 0 {
		return nil, errors.New("cluster: NATS routes need a cluster listen address")
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: embedded NATS server: %w", err)
	}
	if o.Logger != nil {
		srv.SetLoggerV2(natsLogger{o.Logger}, false, false, false)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("cluster: embedded NATS server on %s:%d did not start", host, port)
	}
	return &Embedded{srv: srv}, nil
}

// splitListen parses "host:port"; an empty string gives the defaults.
func splitListen(field, s, defHost string, defPort int) (string, int, error) {
	if s == "" {
		return defHost, defPort, nil
	}
	h, p, err := net.SplitHostPort(s)
	if err != nil {
		return "", 0, fmt.Errorf("cluster: %s %q: %w", field, s, err)
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < -1 || port > 65535 {
		return "", 0, fmt.Errorf("cluster: %s %q: bad port", field, s)
	}
	if h == "" {
		h = "0.0.0.0"
	}
	return h, port, nil
}

// URL is the address clients connect to (nats://host:port).
func (e *Embedded) URL() string { return e.srv.ClientURL() }

// ClusterURL is the address other embedded servers route to
// (nats-route://host:port), or "" for a standalone server.
func (e *Embedded) ClusterURL() string {
	a := e.srv.ClusterAddr()
	if a == nil {
		return ""
	}
	return "nats-route://" + a.String()
}

// Routes returns the number of routes to other servers of the cluster.
func (e *Embedded) Routes() int { return e.srv.NumRoutes() }

// Shutdown stops the server; its clients' connections drop.
func (e *Embedded) Shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// natsLogger adapts slog to the server's logger.
type natsLogger struct{ l *slog.Logger }

func (n natsLogger) Noticef(f string, a ...any) { n.l.Info("nats: " + fmt.Sprintf(f, a...)) }
func (n natsLogger) Warnf(f string, a ...any)   { n.l.Warn("nats: " + fmt.Sprintf(f, a...)) }
func (n natsLogger) Fatalf(f string, a ...any)  { n.l.Error("nats: " + fmt.Sprintf(f, a...)) }
func (n natsLogger) Errorf(f string, a ...any)  { n.l.Error("nats: " + fmt.Sprintf(f, a...)) }
func (n natsLogger) Debugf(f string, a ...any)  {}
func (n natsLogger) Tracef(f string, a ...any)  {}

// Connect dials NATS at urls (comma-separated "nats://host:port" list, as
// given to --nats) as client name with the credentials auth, and keeps
// reconnecting for ever when a server goes away. It refuses to connect
// without credentials (in auth or in the URLs) to a server that is not on
// loopback, and to a non-loopback server that lets clients in without
// authentication.
func Connect(urls, name string, auth Auth, log *slog.Logger) (*nats.Conn, error) {
	if log == nil {
		log = slog.Default()
	}
	if err := auth.check(); err != nil {
		return nil, err
	}
	for _, u := range strings.Split(urls, ",") {
		p, err := url.Parse(strings.TrimSpace(u))
		if err != nil || p.Host == "" || (p.Scheme != "nats" && p.Scheme != "tls") {
			return nil, fmt.Errorf("cluster: NATS URL %q: want nats://host:port", u)
		}
		if !auth.set() && !urlHasUser(p) && !isLoopback(p.Hostname()) {
			return nil, errUnauthenticated("to use NATS at " + p.Host)
		}
	}
	creds, err := auth.clientOptions()
	if err != nil {
		return nil, err
	}
	// open warns about a server that would let anyone in.
	open := func(c *nats.Conn) {
		if err := checkServerAuth(c); err != nil {
			log.Error("nats", "err", err)
		}
	}
	opts := append(creds,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.Timeout(5*time.Second),
		nats.ConnectHandler(open),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("nats disconnected", "err", err)
		}),
		nats.ReconnectHandler(func(c *nats.Conn) {
			log.Info("nats reconnected", "server", c.ConnectedUrl())
			open(c)
		}),
		nats.ErrorHandler(func(_ *nats.Conn, s *nats.Subscription, err error) {
			subj := ""
			if s != nil {
				subj = s.Subject
			}
			log.Error("nats", "subject", subj, "err", err)
		}),
	)
	nc, err := nats.Connect(urls, opts...)
	if err != nil {
		return nil, fmt.Errorf("cluster: connecting to NATS %s: %w", urls, err)
	}
	if err := checkServerAuth(nc); err != nil {
		nc.Close()
		return nil, err
	}
	return nc, nil
}

// checkServerAuth fails if nc is connected to a server away from loopback
// that does not require authentication (credentials are then accepted
// but checked by nobody).
func checkServerAuth(nc *nats.Conn) error {
	if !nc.IsConnected() || nc.AuthRequired() {
		return nil
	}
	u, err := url.Parse(nc.ConnectedUrl())
	if err != nil || isLoopback(u.Hostname()) {
		return nil
	}
	return errUnauthenticated("a NATS server (" + u.Host + ") that lets clients in without authentication")
}
