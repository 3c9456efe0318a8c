package table

import (
	"runtime"
	"sync"
	"time"
)

// BotQueue schedules the bots' decisions at the tables where no human sits
// ("bot-only" work: a team match room of bots, the bot tables of a belote
// duplicate, a table whose humans all left). Issue 33: one account ran ten
// all-bot 36-board strong team matches at once, and the bots' replies at
// other people's tables went from 0.1 s to 0.45 s.
//
// The rules, in order:
//
//   - a bot's decision at a table with a human never waits here ([BotQueue.Human]);
//   - at most Slots bot-only decisions think at once in the process, and at
//     most PerAccount of one account's tables (the table's owner, or the
//     user who made the competition): the others wait in line, FIFO for
//     an account, the accounts taking turns. Nothing is refused: a table
//     waits, its bot "thinking", until its turn comes;
//   - while a bot thinks at a table with a human, no bot-only decision
//     starts, unless it has waited MaxWait already (the bot-only tables
//     still progress on a server that is never idle).
//
// A BotQueue is safe for concurrent use.
type BotQueue struct {
	slots, perAccount int
	maxWait           time.Duration

	mu       sync.Mutex
	running  int // bot-only decisions thinking
	human    int // decisions at tables with a human thinking
	accounts map[string]*botAccount
	ring     []*botAccount // the accounts with work queued or thinking, in turn
	stats    BotQueueStats
}

// BotQueueConfig sizes a [BotQueue]. Zero values take the defaults given.
type BotQueueConfig struct {
	// Slots bounds the bot-only decisions thinking at once (default half
	// the cores, at least 1).
	Slots int
	// PerAccount bounds those of the tables of one account (default 1).
	PerAccount int
	// MaxWait is how long a bot-only decision waits behind the bots of
	// tables with a human before it takes a free slot anyway (default 1s).
	MaxWait time.Duration
}

// BotQueueStats are a queue's counters.
type BotQueueStats struct {
	Running      int   // bot-only decisions thinking now
	Queued       int   // bot-only decisions waiting now
	Human        int   // decisions at tables with a human thinking now
	Started      int64 // bot-only decisions started
	HumanStarted int64 // decisions at tables with a human started (never queued)
	PeakRunning  int   // most bot-only decisions thinking at once
	PeakQueued   int
	Aged         int64 // started behind a human table's bot after MaxWait
}

type botAccount struct {
	name    string
	running int
	waiting []*botTicket
}

type botTicket struct {
	acct    *botAccount
	since   time.Time
	ready   chan struct{}
	granted bool
}

// NewBotQueue returns an empty queue.
func NewBotQueue(c BotQueueConfig) *BotQueue {
	if c.Slots <= 0 {
		c.Slots = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if c.PerAccount <= 0 {
		c.PerAccount = 1
	}
	if c.MaxWait <= 0 {
		c.MaxWait = time.Second
	}
	return &BotQueue{slots: c.Slots, perAccount: c.PerAccount, maxWait: c.MaxWait, accounts: map[string]*botAccount{}}
}

// Human records the start of a bot's decision at a table with a human; it
// never waits. Call done when the decision is made.
func (q *BotQueue) Human() (done func()) {
	q.mu.Lock()
	q.human++
	q.stats.Human = q.human
	q.stats.HumanStarted++
	q.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			q.human--
			q.stats.Human = q.human
			q.dispatch(time.Now())
			q.mu.Unlock()
		})
	}
}

// Wait waits for the turn of a bot-only decision of account's table. It
// returns done, to call when the decision is made, and true; or false if
// stop closed first (the table stopped: its place in line is given up).
func (q *BotQueue) Wait(account string, stop <-chan struct{}) (done func(), ok bool) {
	q.mu.Lock()
	a := q.accounts[account]
	if a == nil {
		a = &botAccount{name: account}
		q.accounts[account] = a
		q.ring = append(q.ring, a)
	}
	tk := &botTicket{acct: a, since: time.Now(), ready: make(chan struct{})}
	a.waiting = append(a.waiting, tk)
	q.stats.Queued++
	q.stats.PeakQueued = max(q.stats.PeakQueued, q.stats.Queued)
	q.dispatch(tk.since)
	q.mu.Unlock()

	age := time.NewTimer(q.maxWait)
	defer age.Stop()
	for {
		select {
		case <-tk.ready:
			var once sync.Once
			return func() { once.Do(func() { q.finish(a) }) }, true
		case <-age.C:
			// Old enough to go before the human tables' bots.
			q.mu.Lock()
			q.dispatch(time.Now())
			q.mu.Unlock()
		case <-stop:
			q.mu.Lock()
			granted := tk.granted
			if !granted {
				for i, w := range a.waiting {
					if w == tk {
						a.waiting = append(a.waiting[:i], a.waiting[i+1:]...)
						break
					}
				}
				q.stats.Queued--
				q.forget(a)
			}
			q.mu.Unlock()
			if granted {
				q.finish(a)
			}
			return nil, false
		}
	}
}

// finish ends a bot-only decision of a.
func (q *BotQueue) finish(a *botAccount) {
	q.mu.Lock()
	a.running--
	q.running--
	q.stats.Running = q.running
	q.forget(a)
	q.dispatch(time.Now())
	q.mu.Unlock()
}

// forget drops a from the line when it has nothing queued or thinking.
func (q *BotQueue) forget(a *botAccount) {
	if a.running > 0 || len(a.waiting) > 0 {
		return
	}
	delete(q.accounts, a.name)
	for i, b := range q.ring {
		if b == a {
			q.ring = append(q.ring[:i], q.ring[i+1:]...)
			break
		}
	}
}

// dispatch starts the decisions that may start at now: the accounts take
// turns, each its oldest decision first.
func (q *BotQueue) dispatch(now time.Time) {
	for q.running < q.slots {
		started := false
		for i, a := range q.ring {
			if a.running >= q.perAccount || len(a.waiting) == 0 {
				continue
			}
			tk := a.waiting[0]
			aged := now.Sub(tk.since) >= q.maxWait
			if q.human > 0 && !aged {
				continue
			}
			a.waiting = a.waiting[1:]
			a.running++
			q.running++
			tk.granted = true
			close(tk.ready)
			q.stats.Queued--
			q.stats.Started++
			q.stats.Running = q.running
			q.stats.PeakRunning = max(q.stats.PeakRunning, q.running)
			if q.human > 0 {
				q.stats.Aged++
			}
			// a goes to the end of the line.
			q.ring = append(append(q.ring[:i:i], q.ring[i+1:]...), a)
			started = true
			break
		}
		if !started {
			return
		}
	}
}

// Stats returns the queue's counters.
func (q *BotQueue) Stats() BotQueueStats {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.stats
}

// Queued returns the bot-only decisions of account's tables waiting now.
func (q *BotQueue) Queued(account string) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if a := q.accounts[account]; a != nil {
		return len(a.waiting)
	}
	return 0
}

// botWork says, on the table's goroutine, whose budget a bot's decision
// counts against: none at a table with a human (it goes first), else the
// table's account.
type botWork struct {
	botOnly bool
	account string
}

// botWork describes the decision the table's bot is about to make.
func (t *Table) botWork() botWork {
	if t.humans() > 0 {
		return botWork{}
	}
	acct := t.account
	if acct == "" {
		acct = t.settings.Owner
	}
	return botWork{botOnly: true, account: acct}
}

// botTurn waits for the turn of the decision w on the hub's queue; false
// if the table stopped first.
func (t *Table) botTurn(w botWork) (done func(), ok bool) {
	q := t.cfg.BotQueue
	if q == nil {
		return func() {}, true
	}
	if !w.botOnly {
		return q.Human(), true
	}
	return q.Wait(w.account, t.stop)
}
