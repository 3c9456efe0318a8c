// Package cluster runs Atout's live tables on several server nodes that
// share one PostgreSQL database and talk over NATS.
//
// Each open table is owned by one node: the node holding its lease in the
// store ([store.Store.ClaimTable]). The owner runs the table exactly as a
// single server does, in a [table.LocalHub]; the other nodes reach it
// through a proxy [table.Room] whose calls (act, claim, undo, hint, next,
// sit, info, export) travel as NATS requests on the table's call subject,
// and whose subscribers receive the states the owner publishes for them.
//
// # Subjects
//
// With the default prefix "atout":
//
//	atout.table.<id>.call           requests to the owner of table <id>
//	atout.table.<id>.state.<user>   the owner's messages for one viewer
//	atout.table.<id>.owner          a node starts or stops serving <id>
//	atout.node.beat                 a node is alive (its name)
//
// The owner subscribes to a table's call subject while it serves the table,
// so a request reaches whoever owns the table now; "no responders" means
// nobody does, and the caller then tries to claim the table itself (its
// lease may have lapsed) or waits for the new owner. States are published
// per viewer, built by the table for that viewer's seat exactly as for a
// local connection: a seated player's subject carries that seat's view,
// a spectator's the spectator view, so a node receives only what the
// players connected to it may see, and no combined view ever leaves the
// owner.
//
// # Remote subscribers
//
// A node with players of a remote table keeps one stream per (table, user):
// it subscribes to the viewer's state subject and asks the owner to "watch"
// that user, again every WatchRefresh. The owner keeps a relay per watched
// user — an ordinary subscriber of the local table, so the player shows as
// connected — publishes every message it gets on the user's subject with a
// relay id and a sequence number, and answers a watch with the latest state
// so that a new stream starts from a full picture (a renewal that missed
// nothing gets the relay and sequence alone). A relay nobody renewed for
// WatchTTL is closed.
//
// The renewals only keep the relays open: the streams do not poll for a
// change of owner. A node that starts or stops serving a table says so on
// the table's owner subject, and the nodes following it look again at once;
// every node beats on the beat subject, and when an owner misses three
// beats its tables' streams look at once too. A watch then finds no
// responder: the stream tells its players that the table is moving, claims
// the table if its lease lapsed, or waits for the node that takes it over
// to announce itself, and goes on with the new owner's states. If this node
// becomes the owner, the stream reads the local table directly.
//
// # Failover
//
// Every node renews the leases of its tables (the local hub does) and, every
// ScanInterval, lists the tables with no live lease ([store.Store.ExpiredTables])
// and adopts them: claim (only one node wins), rebuild from the stored moves,
// and start again — bots, turn timers and all. Nothing acknowledged is lost:
// a table stores every action before it broadcasts it, and the unique
// (game, deal, seq) position stops a stale owner from writing over the new
// one. A request whose outcome is unknown (the owner died while handling it)
// is not retried: the caller gets a "busy" error and a fresh state shows
// whether the action was kept.
//
// # NATS
//
// [StartEmbedded] runs a NATS server in the process (a single node, tests,
// or a small cluster whose nodes route to each other); [Connect] dials an
// external NATS cluster with reconnection. See docs/deploy.md.
//
// NATS carries the players' hands and the calls that play for them, so the
// nodes authenticate ([Auth]: a shared nkey seed or token, or a NATS
// credentials file), and nothing uses NATS without a credential away from
// loopback: [StartEmbedded] refuses to listen or route elsewhere, [Connect]
// to dial elsewhere, and both [Connect] and [New] refuse a server away from
// loopback that lets clients in unauthenticated. An embedded server with
// credentials demands them of its clients and, as a derived password, of
// its routes, and confines an authenticated client to the prefix's subjects
// and the request inboxes ([Permissions]).
package cluster
