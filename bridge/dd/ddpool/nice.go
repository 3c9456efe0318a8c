package ddpool

import (
	"runtime"
	"sync/atomic"
)

// lowered runs f on a new goroutine locked to an operating-system thread
// whose priority is lowered by nice (setNice), and waits for it. The
// goroutine ends locked, so the runtime ends its thread with it: the
// lowered thread never goes back to the pool of threads that run the
// rest of the process (an unprivileged process cannot raise it again).
// Threads the runtime starts while f runs are started from its template
// thread, not from this one, so they do not inherit the priority.
// failed counts the calls where the priority could not be lowered (f
// then runs at the process's).
func lowered(nice int, f func(), failed *atomic.Int64) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread() // never unlocked: see above
		if setNice(nice) != nil {
			failed.Add(1)
		}
		f()
	}()
	<-done
}
