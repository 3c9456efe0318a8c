package wsguard

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// frame is a client frame header (masked) with opcode op, FIN fin and a
// payload of n bytes, followed by that payload.
func frame(op byte, fin bool, n int) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	var h []byte
	switch {
	case n < 126:
		h = []byte{b0, 0x80 | byte(n)}
	case n < 1<<16:
		h = []byte{b0, 0x80 | 126, 0, 0}
		binary.BigEndian.PutUint16(h[2:], uint16(n))
	default:
		h = []byte{b0, 0x80 | 127, 0, 0, 0, 0, 0, 0, 0, 0}
		binary.BigEndian.PutUint64(h[2:], uint64(n))
	}
	h = append(h, 1, 2, 3, 4) // the mask
	return append(h, make([]byte, n)...)
}

func join(frames ...[]byte) []byte {
	var b []byte
	for _, f := range frames {
		b = append(b, f...)
	}
	return b
}

// TestScan: a message is measured over its frames, control frames aside,
// whatever the chunks the bytes come in.
func TestScan(t *testing.T) {
	const limit = 1000
	huge := []byte{0x82, 0x80 | 127, 0x40, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4} // over 2^62
	for _, c := range []struct {
		name string
		in   []byte
		ok   bool
	}{
		{"small text", frame(1, true, 20), true},
		{"at the limit, 16-bit length", frame(2, true, limit), true},
		{"over the limit", frame(1, true, limit+1), false},
		{"two messages at the limit", join(frame(1, true, limit), frame(1, true, limit)), true},
		{"fragments over the limit", join(frame(1, false, 600), frame(0, true, 600)), false},
		{"a ping between fragments", join(frame(1, false, 500), frame(9, true, 125), frame(0, true, 500)), true},
		{"64-bit length", frame(2, true, 70000), false},
		{"a length over 2^62", huge, false},
	} {
		for _, chunk := range []int{1, 3, 1 << 20} {
			f := &Guard{limit: limit}
			ok := true
			for b := c.in; len(b) > 0 && ok; {
				k := min(chunk, len(b))
				ok = f.scan(b[:k])
				b = b[k:]
			}
			if ok != c.ok {
				t.Errorf("%s in chunks of %d: %v, want %v", c.name, chunk, ok, c.ok)
			}
		}
	}
}

// TestWriter: through a hijacked connection, a frame header announcing a
// message over the limit fails the read at once, even when its bytes came
// with the request (read ahead by the HTTP server).
func TestWriter(t *testing.T) {
	result := make(chan error, 1)
	var tripped bool
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g := NewWriter(w, 100)
		if g.Tripped() {
			t.Error("tripped before the hijack")
		}
		if g.Unwrap() != w {
			t.Error("Unwrap is not the server's writer")
		}
		nc, brw, err := http.NewResponseController(g).Hijack()
		if err != nil {
			result <- err
			return
		}
		defer nc.Close()
		_, err = io.ReadAll(brw)
		tripped = g.Tripped()
		result <- err
	}))
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	hdr := frame(1, true, 20)
	big := frame(1, true, 1<<20)[:14]
	req := "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
	if _, err := c.Write(append(append([]byte(req), hdr...), big...)); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-result:
		if !errors.Is(err, ErrTooBig) || !tripped {
			t.Errorf("read error %v, tripped %v; want %v", err, tripped, ErrTooBig)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the read was not failed at the header")
	}
}

// TestWriterBuffers checks that a hijacked connection gets the small
// buffers a node holds by thousands (not the HTTP server's 4 KB), and
// that what is written through them, shorter or longer than the buffer,
// reaches the client whole and in order.
func TestWriterBuffers(t *testing.T) {
	long := bytes.Repeat([]byte("0123456789"), 400) // 4,000 bytes, past the buffer
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nc, brw, err := http.NewResponseController(NewWriter(w, 100)).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer nc.Close()
		if brw.Reader.Size() != readBuffer || brw.Writer.Size() != writeBuffer {
			t.Errorf("buffers of %d and %d bytes, want %d and %d", brw.Reader.Size(), brw.Writer.Size(), readBuffer, writeBuffer)
		}
		brw.WriteString("short;")
		brw.Write(long)
		brw.WriteString(";end")
		if err := brw.Flush(); err != nil {
			t.Error(err)
		}
	}))
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	want := "short;" + string(long) + ";end"
	if string(got) != want {
		t.Errorf("read %d bytes, want the %d written", len(got), len(want))
	}
}
