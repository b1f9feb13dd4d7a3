package sgf

import (
	"fmt"
	"io"
	"os"
)

// Limits on what the reader holds, so that a hostile or broken file cannot
// take the machine's memory: a tournament record of 400 moves with
// comments is a few tens of kilobytes and a few hundred nodes.
const (
	MaxFileSize = 4 << 20 // bytes
	MaxNodes    = 100_000 // nodes in all game trees and variations
	MaxDepth    = 1_000   // variations nested in variations
	MaxValues   = 100_000 // property values in the whole file
)

// ReadFile reads an SGF file of at most MaxFileSize bytes; a larger one is
// refused without being read whole.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than %d MB: not a game record kisen reads", path, MaxFileSize>>20)
	}
	return data, nil
}

// ReadRecord reads the SGF file at path (ReadFile) and parses it (Parse);
// a parse error names the file.
func ReadRecord(path string) (*Record, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}
