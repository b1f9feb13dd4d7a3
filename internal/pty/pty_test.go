//go:build linux

package pty

import (
	"bytes"
	"context"
	"io"
	"os"
	"testing"
	"time"
)

func TestOpenDeadline(t *testing.T) {
	m, path, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	s, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	start := time.Now()
	if _, err := m.Read(make([]byte, 1)); !os.IsTimeout(err) {
		t.Fatalf("got %v, want a timeout", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("deadline ignored: %v", d)
	}
}

func TestNullModemTransparent(t *testing.T) {
	a, b, closeFn, err := NullModem(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	fa, err := os.OpenFile(a, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fa.Close()
	fb, err := os.OpenFile(b, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fb.Close()
	msg := []byte{0x00, 0x03, 0x11, 0x13, 0x0d, 0x0a, 0x7f, 0xff, 0x01, 0xa1, 0xa0, 0x80}
	if _, err := fa.Write(msg); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len(msg))
	if _, err := io.ReadFull(fb, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, msg) {
		t.Fatalf("got % x want % x", got, msg)
	}
	if _, err := fb.Write([]byte("back")); err != nil {
		t.Fatal(err)
	}
	got = make([]byte, 4)
	if _, err := io.ReadFull(fa, got); err != nil || string(got) != "back" {
		t.Fatalf("%q %v", got, err)
	}
}
