//go:build !linux

package ddpool

import "errors"

var errNoNice = errors.New("ddpool: a thread's priority is lowered on Linux only")

func setNice(int) error { return errNoNice }

func threadNice() (int, error) { return 0, errNoNice }

// CanLowerPriority reports whether Config.BackgroundNice lowers the
// priority of background work on this system.
func CanLowerPriority() bool { return false }
