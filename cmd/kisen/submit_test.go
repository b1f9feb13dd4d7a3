package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubmitCopiesOnlyValidRecordsAndNeverOverwrites covers the four
// answers of kisen submit: copied, already there, a different file in the
// way, an invalid record.
func TestSubmitCopiesOnlyValidRecordsAndNeverOverwrites(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "sgf", "testdata", "golden-9x9.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	isolate(t)
	dir := t.TempDir()
	usb := filepath.Join(dir, "usb")
	if err := os.Mkdir(usb, 0o755); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "20261122-1030-kisen-vs-peer.sgf")
	if err := os.WriteFile(rec, good, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runT(t, "submit", rec, usb)
	dst := filepath.Join(usb, filepath.Base(rec))
	if err != nil || !strings.Contains(out, "submitted: "+dst) {
		t.Fatalf("first submit: %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(dst); string(got) != string(good) {
		t.Fatal("the copy differs from the record")
	}
	if out, _, err = runT(t, "submit", rec, usb); err != nil || !strings.Contains(out, "already submitted") {
		t.Fatalf("second submit: %v\n%s", err, out)
	}
	changed := strings.Replace(string(good), "PB[", "PB[x", 1)
	if err := os.WriteFile(rec, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err = runT(t, "submit", rec, usb); err == nil || !strings.Contains(err.Error(), "not overwriting") {
		t.Fatalf("a different file was overwritten: %v", err)
	}
	bad := filepath.Join(dir, "20261122-1100-bad.sgf")
	if err := os.WriteFile(bad, []byte("(;GM[1]FF[4]SZ[9];B[ee];W[ee])"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := runT(t, "submit", bad, usb)
	if err == nil || !strings.Contains(err.Error(), "nothing copied") || stderr == "" {
		t.Fatalf("an invalid record was accepted: %v\n%s", err, stderr)
	}
	if _, err := os.Stat(filepath.Join(usb, filepath.Base(bad))); err == nil {
		t.Fatal("the invalid record was copied")
	}
}
