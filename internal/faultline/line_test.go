//go:build linux

package faultline

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

func openEnds(t *testing.T, plan Plan) (*Line, *os.File, *os.File) {
	t.Helper()
	l, err := Open(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var ends [2]*os.File
	for i, p := range []string{l.PathA, l.PathB} {
		f, err := OpenRawForTest(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		ends[i] = f
	}
	return l, ends[0], ends[1]
}

func readN(t *testing.T, f *os.File, n int) []byte {
	t.Helper()
	f.SetReadDeadline(time.Now().Add(5 * time.Second))
	got := make([]byte, n)
	if _, err := io.ReadFull(f, got); err != nil {
		t.Fatalf("read %d bytes: %v (got % x)", n, err, got)
	}
	return got
}

var okPkt = []byte{0x01, 0x80 | (0x01+0xff+0x87)&0x7f, 0x87, 0xff}

func TestCleanLineIsTransparent(t *testing.T) {
	l, a, b := openEnds(t, Plan{Seed: 1, Kinds: AllKinds(), Rate: 0})
	msg := append([]byte("talk\x7f\x00\x81"), okPkt...)
	a.Write(msg)
	if got := readN(t, b, len(msg)); !bytes.Equal(got, msg) {
		t.Fatalf("got % x want % x", got, msg)
	}
	b.Write(okPkt)
	if got := readN(t, a, 4); !bytes.Equal(got, okPkt) {
		t.Fatalf("got % x", got)
	}
	if s := l.Stats(); s.FaultCount() != 0 || s.Packets[AtoB] != 1 || s.Packets[BtoA] != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestDupAndNoiseAndDrop(t *testing.T) {
	for _, tc := range []struct {
		kind  Kind
		check func([]byte) bool
		n     int
	}{
		{Dup, func(b []byte) bool { return bytes.Equal(b, append(append([]byte(nil), okPkt...), okPkt...)) }, 8},
		{Noise, func(b []byte) bool { return bytes.HasSuffix(b, okPkt) && len(b) > 4 }, 0},
		{Corrupt, func(b []byte) bool { return !bytes.Equal(b, okPkt) }, 4},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			var log strings.Builder
			l, a, b := openEnds(t, Plan{Seed: 7, Kinds: []Kind{tc.kind}, Rate: 1, Log: &log})
			a.Write(okPkt)
			var got []byte
			if tc.n > 0 {
				got = readN(t, b, tc.n)
			} else {
				b.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
				got, _ = io.ReadAll(b)
			}
			if !tc.check(got) {
				t.Fatalf("got % x", got)
			}
			if l.Stats().Faults[tc.kind] != 1 || !strings.Contains(log.String(), tc.kind.String()) {
				t.Fatalf("stats %+v log %q", l.Stats(), log.String())
			}
		})
	}
}

func TestUnplugDropsBothWaysThenRecovers(t *testing.T) {
	var log syncLog
	l, a, b := openEnds(t, Plan{Seed: 3, Kinds: []Kind{Unplug}, Rate: 1, Resend: 100 * time.Millisecond, Log: &log})
	a.Write(okPkt) // pulls the cable
	// Wait for the relay to have pulled it: under load it may take longer
	// than any fixed sleep.
	for l.Stats().Faults[Unplug] == 0 {
		time.Sleep(time.Millisecond)
	}
	l.SetRate(0)
	b.Write(okPkt) // lost: the cable is out
	time.Sleep(600 * time.Millisecond)
	b.Write(okPkt) // back in
	if got := readN(t, a, 4); !bytes.Equal(got, okPkt) {
		t.Fatalf("got % x", got)
	}
	// The relay counts the recovery just after it has written the packet.
	s := l.Stats()
	for end := time.Now().Add(2 * time.Second); s.MaxRecovery == 0 && time.Now().Before(end); s = l.Stats() {
		time.Sleep(time.Millisecond)
	}
	if s.Faults[Unplug] != 1 || s.MaxRecovery < 500*time.Millisecond {
		t.Fatalf("stats %+v\n%s", s, log.String())
	}
}

func TestParseKinds(t *testing.T) {
	ks, err := ParseKinds("stall, corrupt,stall")
	if err != nil || FormatKinds(ks) != "stall,corrupt" {
		t.Fatalf("%v %v", ks, err)
	}
	if ks, _ := ParseKinds("all"); len(ks) != int(numKinds) {
		t.Fatal(ks)
	}
	if _, err := ParseKinds("cosmic-ray"); err == nil || !strings.Contains(err.Error(), "unplug") {
		t.Fatalf("%v", err)
	}
}

func FuzzFrame(f *testing.F) {
	f.Add(append([]byte("hi\x02"), okPkt...), true)
	f.Add([]byte{0x00, 0x81, 0x01, 0x80, 0x80, 0x80}, false)
	f.Fuzz(func(t *testing.T, b []byte, flush bool) {
		units, rest := frame(b, flush)
		var joined []byte
		for _, u := range units {
			if len(u) != 1 && (len(u) != 4 || u[0] > 3 || u[1] < 0x80 || u[2] < 0x80 || u[3] < 0x80) {
				t.Fatalf("bad unit % x", u)
			}
			joined = append(joined, u...)
		}
		joined = append(joined, rest...)
		if !bytes.Equal(joined, b) {
			t.Fatalf("frame lost bytes: % x -> % x", b, joined)
		}
		if len(rest) > 3 || (flush && len(rest) > 0) {
			t.Fatalf("rest % x", rest)
		}
	})
}

type syncLog struct {
	mu sync.Mutex
	sb strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sb.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sb.String()
}
