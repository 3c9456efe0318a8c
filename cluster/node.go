package cluster

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"

	"atout/table"
)

// NodeOptions are the settings of one server node, as given to
// `atout serve --nats … --node …`.
type NodeOptions struct {
	// Table configures the tables (Store, Node, LeaseTTL, bots…).
	Table table.Config
	// NATS is the comma-separated URL list of an external NATS cluster
	// ("nats://nats-1:4222,nats://nats-2:4222"). Empty: the node runs an
	// embedded NATS server (see Listen).
	NATS string
	// Listen is the client address of the embedded server ("host:port",
	// default 127.0.0.1 on a free port). ClusterListen and Routes join the
	// embedded servers of several nodes into one NATS cluster.
	Listen        string
	ClusterListen string
	Routes        []string
	// Auth are the node's NATS credentials, and what the embedded server
	// demands of the other nodes. Required unless every address (NATS,
	// Listen, ClusterListen, Routes) is on loopback.
	Auth Auth
	// Cluster tunes the hub (timeouts, prefix); its Table and Conn are
	// set from the fields above.
	Cluster Config
}

// Open connects this node to NATS (starting the embedded server if no
// external one is given) and returns its hub, and a function to call after
// the hub's Shutdown to close the connection and the embedded server.
func Open(o NodeOptions) (*Hub, func(), error) {
	if err := o.Check(); err != nil {
		return nil, nil, err
	}
	warnOpenLoopback(o, o.Table.Logger)
	if o.NATS == "" && o.Listen == "" && o.ClusterListen == "" && len(o.Routes) == 0 && !o.Auth.set() {
		// A private embedded server on a random loopback port: only this
		// node connects, with a token of its own, so that other users of
		// the machine cannot either.
		o.Auth.Token = randomID() + randomID()
	}
	var emb *Embedded
	url := o.NATS
	if url == "" {
		var err error
		emb, err = StartEmbedded(EmbeddedOptions{Name: o.Table.Node, Listen: o.Listen,
			ClusterListen: o.ClusterListen, Routes: o.Routes, Auth: o.Auth, Prefix: o.Cluster.Prefix,
			Logger: o.Table.Logger})
		if err != nil {
			return nil, nil, err
		}
		url = emb.URL()
	}
	nc, err := Connect(url, "atout-"+o.Table.Node, o.Auth, o.Table.Logger)
	if err != nil {
		if emb != nil {
			emb.Shutdown()
		}
		return nil, nil, err
	}
	cfg := o.Cluster
	cfg.Table, cfg.Conn = o.Table, nc
	h, err := New(cfg)
	if err != nil {
		nc.Close()
		if emb != nil {
			emb.Shutdown()
		}
		return nil, nil, err
	}
	return h, closer(nc, emb), nil
}

// Check validates the options without starting anything: a node name,
// one kind of NATS, valid credentials, and credentials whenever an address
// is not on loopback.
func (o NodeOptions) Check() error {
	if o.Table.Node == "" {
		return errors.New("cluster: a node name is required")
	}
	if err := o.Auth.check(); err != nil {
		return err
	}
	if o.NATS != "" {
		if o.Listen != "" || o.ClusterListen != "" || len(o.Routes) > 0 {
			return fmt.Errorf("cluster: an external NATS (%s) and an embedded server's addresses were both given", o.NATS)
		}
		for _, u := range strings.Split(o.NATS, ",") {
			p, err := url.Parse(strings.TrimSpace(u))
			if err != nil || p.Host == "" || (p.Scheme != "nats" && p.Scheme != "tls") {
				return fmt.Errorf("cluster: NATS URL %q: want nats://host:port", u)
			}
			if !o.Auth.set() && !urlHasUser(p) && !isLoopback(p.Hostname()) {
				return errUnauthenticated("to use NATS at " + p.Host)
			}
		}
		return nil
	}
	if o.Auth.CredsFile != "" {
		return errors.New("cluster: a NATS credentials file is for an external NATS (--nats); an embedded server takes a token or an nkey seed")
	}
	if o.Auth.set() {
		return nil
	}
	for _, a := range []struct{ what, addr string }{
		{"to run an embedded NATS server on", o.Listen},
		{"to listen for NATS routes on", o.ClusterListen},
	} {
		if a.addr == "" {
			continue
		}
		h, p, err := splitListen("listen address", a.addr, "127.0.0.1", -1)
		if err != nil {
			return err
		}
		if !isLoopback(h) {
			return errUnauthenticated(fmt.Sprintf("%s %s", a.what, net.JoinHostPort(h, strconv.Itoa(p))))
		}
	}
	for _, r := range o.Routes {
		if u, err := url.Parse(r); err == nil && !urlHasUser(u) && !isLoopback(u.Hostname()) {
			return errUnauthenticated("to route to NATS at " + u.Host)
		}
	}
	return nil
}

func closer(nc *nats.Conn, emb *Embedded) func() {
	return func() {
		nc.Close()
		if emb != nil {
			emb.Shutdown()
		}
	}
}
