package sgmp

import (
	"io"
	"sync"
)

// halfPipe is one direction of a buffered in-memory line. Unlike net.Pipe
// a write never waits for the reader, as on a UART; sync.Cond keeps
// blocked readers "durably blocked" for testing/synctest.
type halfPipe struct {
	mu     sync.Mutex
	cond   *sync.Cond
	data   []byte
	closed bool
	// drop, if set, may discard a write (to simulate line loss).
	drop func([]byte) bool
}

func newHalfPipe() *halfPipe {
	h := &halfPipe{}
	h.cond = sync.NewCond(&h.mu)
	return h
}

func (h *halfPipe) Read(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for len(h.data) == 0 && !h.closed {
		h.cond.Wait()
	}
	if len(h.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, h.data)
	h.data = h.data[n:]
	return n, nil
}

func (h *halfPipe) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return 0, io.ErrClosedPipe
	}
	if h.drop != nil && h.drop(p) {
		return len(p), nil
	}
	h.data = append(h.data, p...)
	h.cond.Broadcast()
	return len(p), nil
}

func (h *halfPipe) Close() error {
	h.mu.Lock()
	h.closed = true
	h.cond.Broadcast()
	h.mu.Unlock()
	return nil
}

// end is one side of a duplex pipe.
type end struct {
	r, w *halfPipe
}

func (e end) Read(p []byte) (int, error)  { return e.r.Read(p) }
func (e end) Write(p []byte) (int, error) { return e.w.Write(p) }

// Close hangs up both directions, like a pulled cable.
func (e end) Close() error { e.r.Close(); return e.w.Close() }

func duplex() (a, b end) {
	x, y := newHalfPipe(), newHalfPipe()
	return end{r: x, w: y}, end{r: y, w: x}
}
