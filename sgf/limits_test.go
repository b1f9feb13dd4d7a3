package sgf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// hostile returns files of about size bytes that each push one of the
// reader's limits: empty nodes, sibling and nested variations, values,
// properties.
func hostile(size int) map[string][]byte {
	fill := func(head, unit, tail string) []byte {
		var b bytes.Buffer
		b.WriteString(head)
		for b.Len()+len(unit)+len(tail) <= size {
			b.WriteString(unit)
		}
		b.WriteString(tail)
		return b.Bytes()
	}
	props := func() []byte {
		var b bytes.Buffer
		b.WriteString("(;")
		for i := 0; b.Len() < size-16; i++ {
			for n := i + 1; n > 0; n /= 26 {
				b.WriteByte(byte('A' + n%26))
			}
			b.WriteString("[x]")
		}
		b.WriteString(")")
		return b.Bytes()
	}
	return map[string][]byte{
		"empty nodes": fill("(;", ";", ")"),
		"siblings":    fill("(;", "(;)", ")"),
		"nested":      fill("", "(;", ""),
		"values":      fill("(;AB", "[aa]", ")"),
		"properties":  props(),
		"moves":       fill("(;SZ[19]", ";B[aa];W[]", ")"),
	}
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReaderBoundsMemory: a hostile file the size of the limit costs the
// reader a bounded amount of memory (a 15 MB file of empty nodes once took
// 1.47 GB), and a larger one is refused before it is parsed. The budget is
// for all the bytes Parse and Check allocate together, garbage included
// (the most is 74 MB, for 100,000 properties in one node).
func TestReaderBoundsMemory(t *testing.T) {
	const budget = 96 << 20
	for name, data := range hostile(MaxFileSize) {
		var probs []Problem
		n := allocated(func() {
			Parse(data)
			probs = Check(data)
		})
		t.Logf("%-12s %d bytes: %d MB allocated; %v", name, len(data), n>>20, probs[:min(1, len(probs))])
		if n > budget {
			t.Errorf("%s: Parse and Check of %d bytes allocated %d MB, want under %d MB", name, len(data), n>>20, budget>>20)
		}
	}
	big := bytes.Repeat([]byte(";"), 15<<20)
	copy(big, "(;")
	var err error
	if n := allocated(func() { _, err = Parse(big) }); n > 1<<20 {
		t.Errorf("Parse of a 15 MB file allocated %d MB before refusing it", n>>20)
	}
	if err == nil || !strings.Contains(err.Error(), "up to 4 MB") {
		t.Errorf("15 MB file: %v, want refused for its size", err)
	}
	path := filepath.Join(t.TempDir(), "big.sgf")
	os.WriteFile(path, big, 0o644)
	if _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), "larger than 4 MB") {
		t.Errorf("ReadFile of 15 MB: %v", err)
	}
}

func TestReaderLimitErrors(t *testing.T) {
	cases := map[string]struct {
		in   string
		want string
	}{
		"nodes":  {"(;" + strings.Repeat(";", MaxNodes) + ")", fmt.Sprintf("more than %d nodes", MaxNodes)},
		"depth":  {strings.Repeat("(;", MaxDepth+1), fmt.Sprintf("nested more than %d deep", MaxDepth)},
		"values": {"(;AB" + strings.Repeat("[aa]", MaxValues+1) + ")", fmt.Sprintf("more than %d property values", MaxValues)},
	}
	for name, c := range cases {
		_, err := Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// ReadRecord gives the record of a readable file, and names the file
// whose contents do not parse.
func TestReadRecord(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.sgf"), filepath.Join(dir, "bad.sgf")
	if err := os.WriteFile(good, []byte("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("(;GM[1]FF[4]SZ[9];B[ee]"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecord(good)
	if err != nil || rec.Size != 9 || len(rec.Nodes) != 2 {
		t.Fatalf("ReadRecord(good): %+v, %v", rec, err)
	}
	if _, err := ReadRecord(bad); err == nil || !strings.Contains(err.Error(), "bad.sgf") {
		t.Errorf("ReadRecord(bad): error %v, want one naming bad.sgf", err)
	}
}
