package server

import (
	"bufio"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
)

// errFrameTooBig ends a connection whose client announced a message over
// the read limit.
var errFrameTooBig = errors.New("websocket: frame over the read limit")

// guardWriter is the ResponseWriter given to websocket.Accept: its Hijack
// returns the connection through a frameGuard, so that a frame header
// announcing a message over the read limit ends the connection as soon as
// the header arrives, instead of the library waiting (until the ping
// timeout) for a payload it would refuse anyway.
type guardWriter struct {
	http.ResponseWriter
	limit int64
	guard *frameGuard
}

func (g *guardWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

func (g *guardWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(g.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the HTTP server read ahead go through the guard too.
	pre, _ := brw.Reader.Peek(brw.Reader.Buffered())
	g.guard = &frameGuard{Conn: nc, pre: append([]byte(nil), pre...), limit: g.limit}
	return g.guard, bufio.NewReadWriter(bufio.NewReader(g.guard), brw.Writer), nil
}

// frameGuard follows the client's frames (RFC 6455 §5.2) in the bytes read
// and fails the read that brings a data frame taking its message over
// limit bytes (the server then closes with 1009).
type frameGuard struct {
	net.Conn
	pre   []byte
	limit int64

	hdr     [14]byte
	hn      int   // header bytes seen
	payload int64 // payload bytes left in the current frame
	msg     int64 // bytes of the current data message
	tripped atomic.Bool
}

func (f *frameGuard) Read(p []byte) (int, error) {
	if f.tripped.Load() {
		return 0, errFrameTooBig
	}
	var n int
	var err error
	if len(f.pre) > 0 {
		n = copy(p, f.pre)
		f.pre = f.pre[n:]
	} else {
		n, err = f.Conn.Read(p)
	}
	if !f.scan(p[:n]) {
		f.tripped.Store(true)
		return 0, errFrameTooBig
	}
	return n, err
}

// scan follows the frames in b; false when one goes over the limit.
func (f *frameGuard) scan(b []byte) bool {
	for len(b) > 0 {
		if f.payload > 0 {
			k := min(int64(len(b)), f.payload)
			f.payload -= k
			b = b[k:]
			continue
		}
		f.hdr[f.hn] = b[0]
		f.hn++
		b = b[1:]
		if f.hn < 2 {
			continue
		}
		need := 2
		switch f.hdr[1] & 0x7f {
		case 126:
			need += 2
		case 127:
			need += 8
		}
		if f.hdr[1]&0x80 != 0 {
			need += 4
		}
		if f.hn < need {
			continue
		}
		var length int64
		switch l := f.hdr[1] & 0x7f; l {
		case 126:
			length = int64(binary.BigEndian.Uint16(f.hdr[2:4]))
		case 127:
			u := binary.BigEndian.Uint64(f.hdr[2:10])
			if u > 1<<62 {
				return false
			}
			length = int64(u)
		default:
			length = int64(l)
		}
		f.hn = 0
		f.payload = length
		switch op := f.hdr[0] & 0x0f; {
		case op == 1 || op == 2: // a new data message
			f.msg = length
		case op == 0: // its continuation
			f.msg += length
		default: // control frames: the library checks them
			continue
		}
		if f.msg > f.limit {
			return false
		}
	}
	return true
}
