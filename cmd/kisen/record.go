package main

import (
	"fmt"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

// recordAt reads the SGF record at path and replays it to the position
// after move moveN, or to its end when moveN is negative; last is the
// number of moves replayed. kisen score and kisen analyze read positions
// this way.
func recordAt(path string, moveN int) (rec *sgf.Record, b *board.Board, last int, err error) {
	if rec, err = sgf.ReadRecord(path); err != nil {
		return nil, nil, 0, err
	}
	last = len(rec.Nodes)
	if moveN > last {
		return nil, nil, 0, usageError{fmt.Errorf("--move %d is past the end: %s has %d moves", moveN, path, last)}
	}
	if moveN >= 0 {
		last = moveN
	}
	if b, err = rec.Replay(last); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	return rec, b, last, nil
}
