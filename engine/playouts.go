package engine

import "github.com/kisen-go/kisen/board"

// Playouts runs n of the search's own playouts from b, with the side to
// move first, and hands each finished board to end. They are the playouts
// below the tree's leaves (the same rules, ladder reading and ko retakes),
// without the reply tables a search learns as it goes. Tools use them to
// ask what the playouts alone make of a position, apart from the tree:
// scripts/fightset scores their verdicts on groups whose fate is known.
// b is not changed. Of opt only the playout settings count (RaceLibs,
// PlayoutLadders); the board size is b's.
func Playouts(b *board.Board, opt Options, n int, seed uint64, end func(*board.Board)) {
	var lad board.Ladders
	opt.Size = b.Size()
	aids := playoutAids(opt, nil, &lad)
	r := board.NewRand(seed)
	pb := b.Clone()
	maxMoves := 3 * b.Size() * b.Size()
	var moves []board.Point
	for range n {
		pb.CopyFrom(b)
		moves = pb.HeavyPlayout(r, maxMoves, moves[:0], aids)
		end(pb)
	}
}
