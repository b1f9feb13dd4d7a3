//go:build linux

package faultline

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/kisen-go/kisen/internal/pty"
)

// Dir is a direction on the line: AtoB carries what the program on PathA
// writes.
type Dir int

const (
	AtoB Dir = iota
	BtoA
)

func (d Dir) String() string {
	if d == AtoB {
		return "a>b"
	}
	return "b>a"
}

// Plan says which faults to inflict and how often. The same plan hurts the
// same packets (the k-th packet of each direction) the same way.
type Plan struct {
	Seed  uint64
	Kinds []Kind
	// Rate is the chance that a packet is hurt (0 = a clean cable).
	Rate float64
	// Resend is the sessions' resend timeout: stalls, unplugs and held
	// crossings are measured in it so that they are "longer than the resend
	// timeout" whatever it is.
	Resend time.Duration
	// Log, if not nil, gets one line per fault.
	Log io.Writer
	// Hook, if not nil, sees every packet before the faults, in the
	// relay's goroutine of its direction; it may block (the kill harness
	// kills a program there) and returns false to drop the packet.
	Hook func(d Dir, pkt [4]byte) bool
}

// Stats counts what the line did.
type Stats struct {
	Packets     [2]int
	Faults      [numKinds]int
	MaxRecovery time.Duration // longest time from a fault to the next clean packet the same way
}

// FaultCount is the number of faults inflicted.
func (s Stats) FaultCount() int {
	n := 0
	for _, c := range s.Faults {
		n += c
	}
	return n
}

// Line is a running faulty cable between PathA and PathB.
type Line struct {
	PathA, PathB string

	plan    Plan
	start   time.Time
	masters [2]*os.File // masters[AtoB] is read for AtoB (PathA's master)
	holds   [2]*os.File
	release [2]chan struct{} // release[d] frees a packet of d held for a crossing
	closing chan struct{}
	wg      sync.WaitGroup
	once    sync.Once

	mu        sync.Mutex
	stats     Stats
	unplugged time.Time    // the cable is out until then
	quiet     time.Time    // no stall, crossing or unplug before then
	crossed   [2]bool      // the next command of d is held for a crossing
	faultAt   [2]time.Time // an unrecovered fault of d began then
	logMu     sync.Mutex
}

// Open makes the two ptys and starts relaying; ctx ending or Close stops it.
func Open(ctx context.Context, plan Plan) (*Line, error) {
	if plan.Resend <= 0 {
		plan.Resend = time.Second
	}
	l := &Line{plan: plan, start: time.Now(), closing: make(chan struct{})}
	paths := [2]string{}
	for i := range 2 {
		m, p, err := pty.Open()
		if err != nil {
			l.Close()
			return nil, err
		}
		l.masters[i], paths[i] = m, p
		h, err := pty.OpenRaw(p)
		if err != nil {
			l.Close()
			return nil, err
		}
		l.holds[i] = h
		l.release[i] = make(chan struct{}, 1)
	}
	l.PathA, l.PathB = paths[0], paths[1]
	for _, d := range []Dir{AtoB, BtoA} {
		l.wg.Add(1)
		go l.relay(d)
	}
	go func() {
		select {
		case <-ctx.Done():
			l.Close()
		case <-l.closing:
		}
	}()
	return l, nil
}

// Close stops the relay and closes both ends; open ports see a hang-up.
func (l *Line) Close() error {
	var errs []error
	l.once.Do(func() {
		close(l.closing)
		for _, f := range append(l.masters[:], l.holds[:]...) {
			if f != nil {
				errs = append(errs, f.Close())
			}
		}
		l.wg.Wait()
	})
	return errors.Join(errs...)
}

// Stats returns the counts so far.
func (l *Line) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stats
}

// relay reads direction d's source master, frames packets and forwards them.
func (l *Line) relay(d Dir) {
	defer l.wg.Done()
	src, dst := l.masters[d], l.masters[1-d]
	rng := rand.New(rand.NewPCG(l.plan.Seed, uint64(d)+1))
	buf := make([]byte, 256)
	var pending []byte
	for {
		if len(pending) > 0 {
			// A packet cut short stays at most this long before it goes
			// on as loose bytes.
			src.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
		} else {
			src.SetReadDeadline(time.Time{})
		}
		n, err := src.Read(buf)
		pending = append(pending, buf[:n]...)
		if err != nil && !os.IsTimeout(err) {
			return
		}
		var units [][]byte
		units, pending = frame(pending, os.IsTimeout(err))
		for _, u := range units {
			if werr := l.forward(d, dst, u, rng); werr != nil {
				return
			}
		}
	}
}

// frame splits b into whole packets (a start byte 0x00-0x03 and three
// bytes >= 0x80) and single loose bytes; an unfinished packet at the end
// is returned as the rest unless flush is set.
func frame(b []byte, flush bool) (units [][]byte, rest []byte) {
	i := 0
	for i < len(b) {
		if b[i] > 0x03 {
			units = append(units, b[i:i+1])
			i++
			continue
		}
		j := i + 1
		for j < len(b) && j < i+4 && b[j] >= 0x80 {
			j++
		}
		switch {
		case j == i+4:
			units = append(units, b[i:j])
			i = j
		case j == len(b) && !flush:
			return units, append([]byte(nil), b[i:]...)
		default:
			for k := i; k < j; k++ {
				units = append(units, b[k:k+1])
			}
			i = j
		}
	}
	return units, nil
}

// forward applies the plan to one unit and writes what is left of it.
func (l *Line) forward(d Dir, dst *os.File, u []byte, rng *rand.Rand) error {
	if len(u) != 4 {
		return l.write(d, dst, u, true)
	}
	pkt := [4]byte(u)
	if l.plan.Hook != nil && !l.plan.Hook(d, pkt) {
		return nil
	}
	// Every packet draws the same four numbers, hurt or not, so a plan
	// stays aligned with the packet count.
	hit, pick, p1, p2 := rng.Float64(), rng.IntN(1<<16), rng.Float64(), rng.Float64()
	l.mu.Lock()
	l.stats.Packets[d]++
	n := l.stats.Packets[d]
	now := time.Now()
	if now.Before(l.unplugged) {
		l.mu.Unlock()
		l.logf(d, n, "unplugged: % x lost", u)
		return nil
	}
	rate := l.plan.Rate
	quiet := now.Before(l.quiet)
	crossed := l.crossed[d] && cmdOf(pkt) != 0
	if crossed {
		l.crossed[d] = false
	}
	l.mu.Unlock()
	if crossed {
		return l.holdForCrossing(d, dst, n, u)
	}
	if len(l.plan.Kinds) == 0 || hit >= rate {
		return l.write(d, dst, u, true)
	}
	k := l.plan.Kinds[pick%len(l.plan.Kinds)]
	res := l.plan.Resend
	if quiet && (k == Stall || k == Cross || k == Unplug) {
		// Long outages are kept apart, so that together they stay within
		// the sessions' nine resends: a link that gives up then is right.
		return l.write(d, dst, u, true)
	}
	switch k {
	case Corrupt:
		bad := append([]byte(nil), u...)
		bad[int(p1*4)] ^= 1 << int(p2*8)
		l.fault(d, k, n, "% x -> % x", u, bad)
		return l.write(d, dst, bad, false)
	case Drop:
		cut := 1 + int(p1*4)
		at := int(p2 * float64(4-cut+1))
		left := append(append([]byte(nil), u[:at]...), u[at+cut:]...)
		l.fault(d, k, n, "% x -> % x", u, left)
		return l.write(d, dst, left, false)
	case Dup:
		l.fault(d, k, n, "% x twice", u)
		return l.write(d, dst, append(append([]byte(nil), u...), u...), false)
	case Noise:
		talk := make([]byte, 1+int(p1*24))
		r := rand.New(rand.NewPCG(uint64(pick), uint64(p2*(1<<53))))
		for i := range talk {
			talk[i] = byte(0x04 + r.IntN(0x7C))
		}
		l.fault(d, k, n, "%q before % x", talk, u)
		return l.write(d, dst, append(talk, u...), false)
	case Stall:
		hold := time.Duration(float64(res) * (1.2 + 1.8*p1))
		l.quietFor(hold)
		l.fault(d, k, n, "held %v: % x", hold.Round(time.Millisecond), u)
		if !l.sleep(hold) {
			return os.ErrClosed
		}
		return l.write(d, dst, u, false)
	case Cross:
		if cmdOf(pkt) != 0 {
			return l.write(d, dst, u, true) // only an OK can start a crossing
		}
		l.mu.Lock()
		l.crossed[d] = true
		l.mu.Unlock()
		l.quietFor(3 * res)
		l.fault(d, k, n, "OK % x lost; the next command waits for the peer's resend", u)
		return nil
	case Unplug:
		out := time.Duration(float64(res) * (1.5 + 3*p1))
		l.mu.Lock()
		l.unplugged = time.Now().Add(out)
		if l.faultAt[1-d].IsZero() {
			l.faultAt[1-d] = time.Now()
		}
		l.mu.Unlock()
		l.quietFor(out)
		l.fault(d, k, n, "cable out for %v: % x lost", out.Round(time.Millisecond), u)
		return nil
	}
	return l.write(d, dst, u, true)
}

// quietFor starts a quiet time of the outage's length plus six resend
// timeouts.
func (l *Line) quietFor(outage time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.quiet = time.Now().Add(outage + 6*l.plan.Resend)
}

// holdForCrossing keeps a command until the other side's next packet goes
// through (its resend of the command whose OK was lost), then sends it:
// both sides' commands are on the wire at once.
func (l *Line) holdForCrossing(d Dir, dst *os.File, n int, u []byte) error {
	select {
	case <-l.release[d]: // a stale release must not free this one
	default:
	}
	t := time.NewTimer(3 * l.plan.Resend)
	defer t.Stop()
	select {
	case <-l.release[d]:
	case <-t.C:
	case <-l.closing:
		return os.ErrClosed
	}
	l.logf(d, n, "crossing: % x sent with the peer's resend", u)
	return l.write(d, dst, u, false)
}

// cmdOf is the command field of a framed packet (0 = OK).
func cmdOf(p [4]byte) byte { return p[2] >> 4 & 7 }

// fault counts a fault of kind k and starts its recovery clock.
func (l *Line) fault(d Dir, k Kind, n int, format string, args ...any) {
	l.mu.Lock()
	l.stats.Faults[k]++
	if l.faultAt[d].IsZero() {
		l.faultAt[d] = time.Now()
	}
	l.mu.Unlock()
	l.logf(d, n, k.String()+": "+format, args...)
}

// write sends b on; a clean packet ends the recovery of an earlier fault.
func (l *Line) write(d Dir, dst *os.File, b []byte, clean bool) error {
	if len(b) > 0 {
		if _, err := dst.Write(b); err != nil {
			return err
		}
	}
	if len(b) != 4 || !clean {
		return nil
	}
	l.mu.Lock()
	if at := l.faultAt[d]; !at.IsZero() {
		l.stats.MaxRecovery = max(l.stats.MaxRecovery, time.Since(at))
		l.faultAt[d] = time.Time{}
	}
	l.mu.Unlock()
	select {
	case l.release[1-d] <- struct{}{}:
	default:
	}
	return nil
}

func (l *Line) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-l.closing:
		return false
	}
}

func (l *Line) logf(d Dir, n int, format string, args ...any) {
	if l.plan.Log == nil {
		return
	}
	l.logMu.Lock()
	defer l.logMu.Unlock()
	fmt.Fprintf(l.plan.Log, "%8.3fs %s #%d %s\n", time.Since(l.start).Seconds(), d, n, fmt.Sprintf(format, args...))
}

// Hex is a packet as the traces show it.
func Hex(p [4]byte) string { return hex.EncodeToString(p[:]) }
