package competition

// Who sees a competition's deals: one rule, asked by every read path (the
// board and deal pages, the hand records and exports, the game records
// and replays, and the tables themselves for their players, onlookers and
// kibitzers, through [Service.Judge]).
//
// A deal of a competition is shown in full (its hands, its analysis, the
// results of the other tables) only
//   - to a player whose entry has finished it, and
//   - to everybody once every entry has finished it,
// and in both cases only once the competition is closed to new entries:
// otherwise anybody (a guest is free) could finish a deal, read it and
// enter again, or hand it to a friend who enters after him.
//
// What closes the entries and what "every entry has finished it" means is
// each kind's own (the [sealed] methods):
//   - a team match has its two rooms from its creation (closed at once); a
//     deal is finished by a room when the room has played it;
//   - a belote duplicate closes when its organiser starts it, before any
//     table deals ([Service.StartBeloteDuplicate]); a deal is finished by a
//     team when the team has played it;
//   - a tournament takes entries (anybody, in a moment) until its window
//     ends, so its deals are shown when the window ends, to everybody, its
//     players included; meanwhile a player sees at his table what play
//     showed him. After the window nobody can finish a board any more.

import (
	"context"
	"time"

	"atout/table"
)

// sealed is what the rule asks of a competition.
type sealed interface {
	// entriesClosed reports whether the competition takes no new entry.
	entriesClosed(now time.Time) bool
	// finished reports whether viewer's entry has finished deal n
	// (mine: false for somebody with no entry) and whether every entry
	// has (all).
	finished(viewer string, n int) (mine, all bool)
	// dealNumbers returns the numbers of the competition's deals.
	dealNumbers() []int
}

// shows is the rule: whether viewer ("" for nobody signed in) may see deal
// n of ev in full.
func (s *Service) shows(ev sealed, viewer string, n int) bool {
	return s.showsTo(ev, viewer, n, false)
}

// showsTo is the rule for a viewer who may sit at a table of ev (atTable):
// the deal there is his entry's, finished when it is over.
func (s *Service) showsTo(ev sealed, viewer string, n int, atTable bool) bool {
	if !ev.entriesClosed(s.Now()) {
		return false
	}
	mine, all := ev.finished(viewer, n)
	return all || (viewer != "" && (mine || atTable))
}

// showsAll reports whether viewer may see every deal of ev.
func (s *Service) showsAll(ev sealed, viewer string) bool {
	for _, n := range ev.dealNumbers() {
		if !s.shows(ev, viewer, n) {
			return false
		}
	}
	return true
}

// judgeWait bounds the store read of a judge's answer about a competition
// this node does not hold in memory (it runs on a table's goroutine).
const judgeWait = 2 * time.Second

// Judge answers a competition table's question (see [table.Judge]): may
// the viewer see this deal of it in full? A viewer seated at the table
// plays for the entry that plays the deal there, so a finished deal is his
// entry's. A competition that cannot be read says no.
func (s *Service) Judge(q table.SealQuery) bool {
	ctx, cancel := context.WithTimeout(context.Background(), judgeWait)
	defer cancel()
	id := q.Tournament.ID
	if ref, ok := s.boundRef(q.Table); ok {
		id = ref.comp
	}
	ev := s.cache.cached(id)
	if ev == nil {
		var err error
		if ev, err = s.get(ctx, id); err != nil {
			return false
		}
	}
	se, ok := ev.(sealed)
	if !ok {
		return false
	}
	n := q.Deal
	if _, tour := ev.(*tourEvent); tour {
		n = q.Board
	}
	return s.showsTo(se, q.Viewer, n, q.Seated)
}

// boundRef returns the competition entry this node bound table tableID to,
// from memory only.
func (s *Service) boundRef(tableID string) (tableRef, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, ok := s.bound[tableID]
	return ref, ok
}
