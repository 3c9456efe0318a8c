package ddpool

import "syscall"

// setNice lowers the priority of the calling thread (a Linux thread is a
// task of its own for setpriority).
func setNice(nice int) error {
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice)
}

// threadNice returns the nice value of the calling thread.
func threadNice() (int, error) {
	// The raw system call returns 20 - nice, so that it is never
	// negative (see getpriority(2)).
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return 0, err
	}
	return 20 - p, nil
}

// CanLowerPriority reports whether Config.BackgroundNice lowers the
// priority of background work on this system.
func CanLowerPriority() bool { return true }
