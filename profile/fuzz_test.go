package profile

import (
	"strings"
	"testing"

	"atout/protocol"
)

// FuzzRead: whatever a stored deal holds (moves, result line, analysis),
// reading it returns facts or an error, never a panic, and every rate
// read is 0 or 1.
func FuzzRead(f *testing.F) {
	t := &testing.T{}
	b := bridgeDeal(t)
	be := beloteDeal(t, false)
	f.Add("bridge", "NESWNESWENWSN", "1S P 3S P 4S P P P HK H2 H5 HA claim 10", string(b.Result))
	f.Add("belote", "SWNESE", "80H coinche pass pass HJ SA", string(be.Result))
	f.Add("bridge", "N", "claim 99", `{"contract":"4S","declarer":"Q","analysis":{"costly":[{"seat":"N","cost":-1}]}}`)
	f.Add("belote", "S", "HJ", `{"takers":"NS","contract":"80H","analysis":{"costly":[{"seat":"S","card":"ZZ"}]}}`)
	f.Fuzz(func(t *testing.T, game, seats, actions, result string) {
		acts := strings.Fields(actions)
		var ms []string
		for i, a := range acts {
			if i < len(seats) && strings.ContainsRune("NESW", rune(seats[i])) {
				ms = append(ms, seats[i:i+1], a)
			}
		}
		var mv []string
		var st []byte
		for i := 0; i+1 < len(ms); i += 2 {
			st = append(st, ms[i][0])
			mv = append(mv, ms[i+1])
		}
		d := Deal{GameID: "g", Game: protocol.GameKind(game), No: 1, Moves: moves(string(st), mv...), Result: []byte(result),
			Seats: [4]Seat{{User: "u"}, {Bot: protocol.Easy}, {User: "v"}, {Bot: protocol.Strong}}}
		fs, err := Read(d)
		if err != nil {
			return
		}
		for _, f := range fs {
			for _, fig := range List {
				if v, ok := f.Figures[fig.Key]; ok && fig.Rate() && v != 0 && v != 1 {
					t.Fatalf("%s = %v", fig.Key, v)
				}
			}
		}
		if _, err := Adds(d); err != nil {
			t.Fatalf("Adds after Read succeeded: %v", err)
		}
	})
}
