//go:build linux

package faultline

import (
	"os"

	"github.com/kisen-go/kisen/internal/pty"
)

func OpenRawForTest(p string) (*os.File, error) { return pty.OpenRaw(p) }

func (l *Line) SetRate(r float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.plan.Rate = r
}
