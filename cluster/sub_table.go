package cluster

import "atout/table"

// remoteSubs reports whether subscribers of remote tables work.
const remoteSubs = true

// newSub returns a table.Sub that receives what is sent on ch and calls
// closeFn when the server closes it.
func newSub(ch chan []byte, closeFn func()) (*table.Sub, error) {
	return table.NewSub(ch, closeFn), nil
}
