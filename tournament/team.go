package tournament

import (
	"slices"
	"sync"

	"atout/bridge"
	"atout/bridge/scoring"
	"atout/card"
)

// Room is one of the two rooms of a team match.
type Room uint8

// The rooms. The home team sits North-South in the open room and East-West
// in the closed room.
const (
	OpenRoom Room = iota
	ClosedRoom
)

// String returns "Open" or "Closed" (the PBN Room tag values).
func (r Room) String() string {
	if r == ClosedRoom {
		return "Closed"
	}
	return "Open"
}

// Player is a seat holder of a team: a human or a bot.
type Player struct {
	Name string
	Bot  bool
}

// Team is a team of four. Players[0] and Players[1] play North-South in the
// open room (for the home team; East-West for the away team), Players[2]
// and Players[3] the other direction in the closed room. Any of them may be
// a bot.
type Team struct {
	Name    string
	Players [4]Player
}

// RoomResult is the result of one board in one room.
type RoomResult struct {
	Contract bridge.Contract
	Declarer card.Seat
	Tricks   int
	ScoreNS  int // computed by TeamMatch.Add
}

// TeamMatch is a match between two teams of four on the same boards in two
// rooms: IMPs per board and a running score. Safe for concurrent use.
type TeamMatch struct {
	Home, Away Team
	Boards     []Board

	mu     sync.Mutex
	byNum  map[int]int
	result [2][]*RoomResult // [room][board index]
}

// NewTeamMatch makes a match on the given boards (at least one, distinct
// numbers, valid deals).
func NewTeamMatch(home, away Team, boards []Board) (*TeamMatch, error) {
	const op = "NewTeamMatch"
	if len(boards) == 0 {
		return nil, &Error{Op: op, Err: invalid("no board")}
	}
	m := &TeamMatch{Home: home, Away: away, Boards: slices.Clone(boards), byNum: map[int]int{}}
	for i, b := range boards {
		if _, dup := m.byNum[b.Number]; dup || b.Number < 1 {
			return nil, &Error{Op: op, Board: b.Number, Err: invalid("board number missing or used twice")}
		}
		if err := b.Deal.Validate(); err != nil {
			return nil, &Error{Op: op, Board: b.Number, Err: invalid("%v", err)}
		}
		m.byNum[b.Number] = i
	}
	m.result[OpenRoom] = make([]*RoomResult, len(boards))
	m.result[ClosedRoom] = make([]*RoomResult, len(boards))
	return m, nil
}

// Seating returns the players of a room by seat (N, E, S, W).
func (m *TeamMatch) Seating(r Room) [4]Player {
	ns, ew := m.Home, m.Away
	if r == ClosedRoom {
		ns, ew = m.Away, m.Home
	}
	k := 0
	if r == ClosedRoom {
		k = 2
	}
	return [4]Player{ns.Players[k], ew.Players[k], ns.Players[k+1], ew.Players[k+1]}
}

// Add records board n's result in a room and computes its North-South
// score. A board has one result per room.
func (m *TeamMatch) Add(room Room, n int, res RoomResult) error {
	const op = "TeamMatch.Add"
	bi, ok := m.byNum[n]
	if !ok {
		return &Error{Op: op, Board: n, Err: ErrNoBoard}
	}
	c := res.Contract
	switch {
	case room > ClosedRoom:
		return &Error{Op: op, Board: n, Err: invalid("room %d", room)}
	case c.Level > 7 || c.Strain > bridge.NoTrump || c.Doubled > 2:
		return &Error{Op: op, Board: n, Err: invalid("contract %v", c)}
	case res.Tricks < 0 || res.Tricks > 13 || (c.IsPass() && res.Tricks != 0):
		return &Error{Op: op, Board: n, Err: invalid("%d tricks in %v", res.Tricks, c)}
	case res.Declarer > card.West:
		return &Error{Op: op, Board: n, Err: invalid("declarer %v", res.Declarer)}
	}
	res.ScoreNS = bridge.ScoreNS(c, res.Declarer, res.Tricks, m.Boards[bi].Vul)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.result[room][bi] != nil {
		return &Error{Op: op, Board: n, Err: ErrAlreadyPlayed}
	}
	m.result[room][bi] = &res
	return nil
}

// MatchBoard is one board of a team match score sheet.
type MatchBoard struct {
	Board        int
	Open, Closed *RoomResult // nil while the room has not played the board
	// Complete is true when both rooms have played the board; only then
	// does it score.
	Complete bool
	// IMPs won by the home team (negative: won by the away team).
	IMPs int
	// The running score after this board.
	Home, Away int
}

// MatchScore is the score of a team match so far.
type MatchScore struct {
	Boards []MatchBoard
	// Total IMPs of each team over the complete boards.
	Home, Away int
	// Complete is the number of boards played in both rooms.
	Complete int
	// HomeVP and AwayVP are the WBF 20-point victory points of the margin,
	// for a match of len(Boards) boards (final once every board is
	// complete).
	HomeVP, AwayVP float64
}

// Score returns the score sheet: each board's IMPs for the home team (from
// the two rooms' North-South scores, [scoring.TeamIMPs]) and the running
// score. A board played in only one room is listed without IMPs.
func (m *TeamMatch) Score() MatchScore {
	m.mu.Lock()
	defer m.mu.Unlock()
	var open, closed []int
	for bi := range m.Boards {
		if o, c := m.result[OpenRoom][bi], m.result[ClosedRoom][bi]; o != nil && c != nil {
			open, closed = append(open, o.ScoreNS), append(closed, c.ScoreNS)
		}
	}
	perBoard, _, _, _ := scoring.TeamMatch(open, closed) // same lengths
	var s MatchScore
	k := 0
	for bi, b := range m.Boards {
		mb := MatchBoard{Board: b.Number}
		if o := m.result[OpenRoom][bi]; o != nil {
			v := *o
			mb.Open = &v
		}
		if c := m.result[ClosedRoom][bi]; c != nil {
			v := *c
			mb.Closed = &v
		}
		if mb.Open != nil && mb.Closed != nil {
			mb.Complete = true
			mb.IMPs = perBoard[k]
			k++
			s.Complete++
			if mb.IMPs > 0 {
				s.Home += mb.IMPs
			} else {
				s.Away -= mb.IMPs
			}
		}
		mb.Home, mb.Away = s.Home, s.Away
		s.Boards = append(s.Boards, mb)
	}
	s.HomeVP, _ = scoring.VictoryPoints(s.Home-s.Away, len(m.Boards))
	s.AwayVP, _ = scoring.VictoryPoints(s.Away-s.Home, len(m.Boards))
	return s
}
