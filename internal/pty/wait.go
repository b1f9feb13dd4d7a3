//go:build linux

package pty

import "time"

// waitEIO is the pause before re-reading a master whose slave is not open.
func waitEIO() { time.Sleep(20 * time.Millisecond) }
