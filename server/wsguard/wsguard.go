// Package wsguard ends a WebSocket whose client announces a message over
// the read limit as soon as the frame header arrives. The WebSocket
// library refuses such a message only once its payload has come, and
// would wait for it (until the ping timeout) on a client that never sends
// it: [Writer], given to the library's Accept in place of the
// http.ResponseWriter, follows the client's frames (RFC 6455 §5.2) in the
// bytes read and fails the read that brings a data frame taking its
// message over the limit; the server then closes with 1009.
package wsguard

import (
	"bufio"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
)

// ErrTooBig is the read error of a connection whose client announced a
// message over the read limit.
var ErrTooBig = errors.New("websocket: frame over the read limit")

// Writer is the ResponseWriter to give to websocket.Accept: its Hijack
// returns the connection through a guard of the limit.
type Writer struct {
	http.ResponseWriter
	limit int64
	guard *Guard
}

// NewWriter returns w guarding messages of at most limit bytes.
func NewWriter(w http.ResponseWriter, limit int64) *Writer {
	return &Writer{ResponseWriter: w, limit: limit}
}

// Unwrap returns the writer under g (for http.ResponseController).
func (g *Writer) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// Hijack hijacks the connection and returns it through the guard.
func (g *Writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(g.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the HTTP server read ahead go through the guard too.
	pre, _ := brw.Reader.Peek(brw.Reader.Buffered())
	g.guard = &Guard{Conn: nc, pre: append([]byte(nil), pre...), limit: g.limit}
	// The HTTP server's buffers (brw) are left behind, to go with the
	// rest of its connection (its writer is empty: the handshake's answer
	// went out before the hijack). The WebSocket reads through a buffer of
	// readBuffer bytes (a client's messages are a few hundred bytes: a
	// longer read goes past the buffer) and writes through one of
	// writeBuffer bytes: a longer message goes past it to the connection,
	// and the buffers are held for as long as the WebSocket lives, by
	// thousands of them on a node (4 KB each, as the HTTP server's, were
	// a fifth of the live heap at 8,000 WebSockets).
	return g.guard, bufio.NewReadWriter(bufio.NewReaderSize(g.guard, readBuffer), bufio.NewWriterSize(g.guard, writeBuffer)), nil
}

// readBuffer and writeBuffer are the sizes of a guarded connection's
// buffers.
const (
	readBuffer  = 1024
	writeBuffer = 1024
)

// Guard returns the guard of the connection hijacked through g (nil
// before): all a server needs to keep of g once the WebSocket is open,
// so that the ResponseWriter, and the HTTP server's connection, request
// and buffers behind it, are not kept alive for the WebSocket's life.
func (g *Writer) Guard() *Guard { return g.guard }

// Tripped reports whether the client announced a message over the limit:
// its reads fail with [ErrTooBig]. False if the connection was not
// hijacked through g.
func (g *Writer) Tripped() bool { return g.guard.Tripped() }

// Tripped reports whether the client announced a message over the limit
// (false for a nil guard).
func (f *Guard) Tripped() bool { return f != nil && f.tripped.Load() }

// Guard is a hijacked connection read through the limit: it follows the
// client's frames in the bytes read and fails the read that brings a data
// frame taking its message over limit bytes.
type Guard struct {
	net.Conn
	pre   []byte
	limit int64

	hdr     [14]byte
	hn      int   // header bytes seen
	payload int64 // payload bytes left in the current frame
	msg     int64 // bytes of the current data message
	tripped atomic.Bool
}

func (f *Guard) Read(p []byte) (int, error) {
	if f.tripped.Load() {
		return 0, ErrTooBig
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
		return 0, ErrTooBig
	}
	return n, err
}

// scan follows the frames in b; false when one goes over the limit.
func (f *Guard) scan(b []byte) bool {
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
