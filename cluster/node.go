package cluster

import (
	"errors"
	"fmt"

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
	// Cluster tunes the hub (timeouts, prefix); its Table and Conn are
	// set from the fields above.
	Cluster Config
}

// Open connects this node to NATS (starting the embedded server if no
// external one is given) and returns its hub, and a function to call after
// the hub's Shutdown to close the connection and the embedded server.
func Open(o NodeOptions) (*Hub, func(), error) {
	if o.Table.Node == "" {
		return nil, nil, errors.New("cluster: a node name is required")
	}
	var emb *Embedded
	url := o.NATS
	if url == "" {
		var err error
		emb, err = StartEmbedded(EmbeddedOptions{Name: o.Table.Node, Listen: o.Listen,
			ClusterListen: o.ClusterListen, Routes: o.Routes, Logger: o.Table.Logger})
		if err != nil {
			return nil, nil, err
		}
		url = emb.URL()
	} else if o.Listen != "" || o.ClusterListen != "" || len(o.Routes) > 0 {
		return nil, nil, fmt.Errorf("cluster: an external NATS (%s) and an embedded server's addresses were both given", o.NATS)
	}
	nc, err := Connect(url, "atout-"+o.Table.Node, o.Table.Logger)
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

func closer(nc *nats.Conn, emb *Embedded) func() {
	return func() {
		nc.Close()
		if emb != nil {
			emb.Shutdown()
		}
	}
}
