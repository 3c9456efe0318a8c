//go:build !race

package analysis

// raceEnabled is true under the race detector, which leaves the bots of
// the second table too slow to play a whole deal in a test.
const raceEnabled = false
