package cluster

import (
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// Presence: what a node hears of the others without asking.
//
// A node that starts or stops serving a table says so on the table's
// owner subject, and every node wakes its streams of that table, which then
// watch the new owner at once (a takeover, a hand-over, a table that
// closed). Every node also beats on the beat subject; when an owner falls
// silent for silentBeats beats, the streams following its tables are woken
// and, finding no owner, tell their players that the table is moving. The
// lease, not the beats, decides when another node may take a table: a node
// only paused still owns its tables until its lease runs out.

// silentBeats is how many beats a node may miss before it is taken for
// dead.
const silentBeats = 3

// presence is what this node heard of the others' beats.
type presence struct {
	mu     sync.Mutex
	last   map[string]time.Time // a node's last beat
	silent map[string]bool      // nodes taken for dead, until they beat again
}

// listen subscribes to the other nodes' beats and owner notices.
func (h *Hub) listen() error {
	beats, err := h.nc.Subscribe(h.subj.beat(), h.onBeat)
	if err != nil {
		return err
	}
	owners, err := h.nc.Subscribe(h.subj.ownerAll(), h.onOwner)
	if err != nil {
		beats.Unsubscribe()
		return err
	}
	h.subs = []*nats.Subscription{beats, owners}
	return nil
}

// announce tells the other nodes that this node starts or stops serving
// table id.
func (h *Hub) announce(id string) {
	if err := h.nc.Publish(h.subj.owner(id), []byte(h.node)); err != nil {
		h.log.Warn("announcing a table's owner", "table", id, "err", err)
	}
}

// onOwner wakes this node's streams of a table whose owner changed.
func (h *Hub) onOwner(m *nats.Msg) {
	if string(m.Data) == h.node {
		return // this node's own, woken already
	}
	if id := h.subj.tableOf(m.Subject); id != "" {
		h.kickStreams(id)
	}
}

// onBeat notes another node's beat.
func (h *Hub) onBeat(m *nats.Msg) {
	node := string(m.Data)
	if node == h.node || node == "" {
		return
	}
	p := &h.presence
	p.mu.Lock()
	p.last[node] = time.Now()
	delete(p.silent, node)
	p.mu.Unlock()
}

// beatLoop beats every Beat and wakes the streams of the nodes that fell
// silent.
func (h *Hub) beatLoop() {
	defer h.wg.Done()
	tick := time.NewTicker(h.cfg.Beat)
	defer tick.Stop()
	for {
		h.beat()
		select {
		case <-h.stop:
			return
		case now := <-tick.C:
			for _, node := range h.presence.fallen(now, h.cfg.Beat) {
				h.log.Info("a node fell silent", "peer", node)
				h.kickOwner(node)
			}
		}
	}
}

func (h *Hub) beat() {
	if err := h.nc.Publish(h.subj.beat(), []byte(h.node)); err != nil {
		h.log.Warn("nats beat", "err", err)
	}
}

// fallen returns the nodes that have just missed silentBeats beats, and
// forgets the nodes silent for long.
func (p *presence) fallen(now time.Time, beat time.Duration) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for node, t := range p.last {
		quiet := now.Sub(t)
		switch {
		case quiet > 100*silentBeats*beat:
			delete(p.last, node)
			delete(p.silent, node)
		case quiet > silentBeats*beat && !p.silent[node]:
			p.silent[node] = true
			out = append(out, node)
		}
	}
	return out
}

// kickOwner wakes the streams that follow a table of node.
func (h *Hub) kickOwner(node string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, st := range h.streams {
		if st.following() == node {
			st.wake()
		}
	}
}
