package limit

import (
	"sync"
	"time"
)

// A Bucket is a token bucket: up to burst tokens, refilled at rate per
// second. The zero Bucket is full.
type Bucket struct {
	tokens float64
	last   time.Time
}

// Take takes a token at now, if there is one.
func (b *Bucket) Take(now time.Time, rate, burst float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Buckets are token buckets by key (an IP address, a username). Full
// buckets of idle keys are forgotten now and then.
type Buckets struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*Bucket
	swept       time.Time
}

// NewBuckets returns buckets of burst tokens refilled at rate per second.
func NewBuckets(rate, burst float64) *Buckets {
	return &Buckets{rate: rate, burst: burst, buckets: map[string]*Bucket{}}
}

// Allow takes a token for key.
func (l *Buckets) Allow(key string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		full := time.Duration(l.burst/l.rate*float64(time.Second)) + time.Second
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &Bucket{}
		l.buckets[key] = b
	}
	return b.Take(now, l.rate, l.burst)
}
