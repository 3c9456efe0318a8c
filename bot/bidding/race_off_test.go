//go:build !race

package bidding

const raceEnabled = false
