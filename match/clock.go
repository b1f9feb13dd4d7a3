package match

import (
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
)

// Clock measures both sides' thinking time, sudden death. Only the side to
// move is charged, from Start until Stop, on the monotonic clock (time.Now
// differences), so wall-clock jumps do not matter. Each program measures
// both clocks itself; this is kisen's measurement.
type Clock struct {
	mu      sync.Mutex // the display reads while the referee writes
	main    time.Duration
	used    [3]time.Duration // indexed by board.Black / board.White
	running board.Color      // Empty when stopped
	since   time.Time
}

// NewClock returns a clock with the given main time per side; 0 means no
// limit (the clock still measures).
func NewClock(main time.Duration) *Clock { return &Clock{main: main} }

// Main is the main time per side.
func (c *Clock) Main() time.Duration { return c.main }

// Start charges time to col from now on. A running clock is stopped first.
func (c *Clock) Start(col board.Color) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop()
	c.running, c.since = col, time.Now()
}

// Stop stops the running side's clock and returns the time just charged.
func (c *Clock) Stop() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stop()
}

func (c *Clock) stop() time.Duration {
	if c.running == board.Empty {
		return 0
	}
	d := time.Since(c.since)
	c.used[c.running] += d
	c.running = board.Empty
	return d
}

// Used is the time col has used, including the running period.
func (c *Clock) Used(col board.Color) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.usedLocked(col)
}

func (c *Clock) usedLocked(col board.Color) time.Duration {
	u := c.used[col]
	if c.running == col {
		u += time.Since(c.since)
	}
	return u
}

// SetUsed sets col's used time (resuming a game from its record).
func (c *Clock) SetUsed(col board.Color, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[col] = d
}

// Left is col's remaining time (negative after a flag fall); with no main
// time it is a large value.
func (c *Clock) Left(col board.Color) time.Duration {
	if c.main <= 0 {
		return 1<<62 - 1
	}
	return c.main - c.Used(col)
}

// Flagged reports whether col has used all its time.
func (c *Clock) Flagged(col board.Color) bool { return c.main > 0 && c.Left(col) <= 0 }
