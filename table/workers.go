package table

import (
	"context"
)

// localWorkers are the default [Config.Workers]: n pieces of urgent work
// and n pieces of background work at once, each on its caller's goroutine
// (Do) or a goroutine of its own (Go), waiting for a place until its ctx
// ends. A server gives the tables the double-dummy pool instead
// (bridge/analysis.Workers), which bounds the solvers' memory too.
type localWorkers struct {
	urgent, background chan struct{}
}

func newLocalWorkers(n int) *localWorkers {
	n = max(1, n)
	return &localWorkers{urgent: make(chan struct{}, n), background: make(chan struct{}, n)}
}

func (w *localWorkers) Size() int { return cap(w.urgent) }

func (w *localWorkers) Do(ctx context.Context, urgent bool, f func(context.Context) error) error {
	slots := w.background
	if urgent {
		slots = w.urgent
	}
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-slots }()
	if err := ctx.Err(); err != nil {
		return err
	}
	return f(ctx)
}

func (w *localWorkers) Go(ctx context.Context, urgent bool, f func(context.Context) error, done func(error)) bool {
	go func() {
		err := w.Do(ctx, urgent, f)
		if done != nil {
			done(err)
		}
	}()
	return true
}
