package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/kisen-go/kisen/sgf"
)

// runSubmit validates a record and copies it to the submission medium
// (e.g. a USB stick) under the tournament name, never overwriting a
// different file.
func runSubmit(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("submit", "FILE.sgf DIR", "Check a record (as kisen sgf check does) and copy it into DIR, e.g. the USB stick,\n"+
		"under the tournament name YYYYMMDD-HHMM-<black>-vs-<white>.sgf. A different file of that name\n"+
		"is never overwritten.", stderr)
	if err := parseFlags(fset, args); err != nil {
		return err
	}
	if fset.NArg() != 2 {
		return usageError{errors.New("submit: want FILE.sgf DIR")}
	}
	src, dir := fset.Arg(0), fset.Arg(1)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("submit: the folder %s is missing (USB stick not mounted?); mount it or give the right path; nothing copied", dir)
	}
	data, err := sgf.ReadFile(src)
	if err != nil {
		return fmt.Errorf("submit: %w", err)
	}
	if probs := sgf.Check(data); len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintf(stderr, "%s: %s\n", src, p)
		}
		return fmt.Errorf("submit: %s is not a valid record (%s); nothing copied", src, plural(len(probs), "problem"))
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return fmt.Errorf("submit: %w", err)
	}
	name := filepath.Base(src)
	if t, err := time.Parse("2006-01-02", rec.Date); err == nil && !looksLikeRecordName(name) {
		name = recordName(t, rec.PlayerBlack, rec.PlayerWhite)
	}
	dst := filepath.Join(dir, name)
	old, err := os.ReadFile(dst)
	switch {
	case err == nil && bytes.Equal(old, data):
		fmt.Fprintf(stdout, "already submitted: %s\n", dst)
		return nil
	case err == nil:
		return fmt.Errorf("submit: %s exists and differs from %s; not overwriting (check which record is right, or rename one)", dst, src)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("submit: %w", err)
	}
	if err := sgf.WriteFileAtomic(dst, data); err != nil {
		return fmt.Errorf("submit: writing %s: %w", dst, err)
	}
	fmt.Fprintf(stdout, "submitted: %s\n", dst)
	return nil
}

// looksLikeRecordName reports whether name already has the form
// YYYYMMDD-HHMM-….sgf.
func looksLikeRecordName(name string) bool {
	if len(name) < 14 {
		return false
	}
	_, err := time.Parse("20060102-1504", name[:13])
	return err == nil
}
