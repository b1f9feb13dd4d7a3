package engine

import (
	"sync"

	"github.com/kisen-go/kisen/board"
)

// The ownership prior (Options.OwnerPlayouts): before a search, playouts
// from its root tell which points are settled, and the learned priors
// weigh each candidate by who owned its point at the end of them. A move
// in the opponent's sure area or in the mover's own is seldom the move;
// one where the playouts disagree (a weak group, a boundary still open)
// often is. On 19x19, where most of the board is settled at any time and
// 3000 playouts cannot look everywhere, this steers the tree to the
// fights (Pachi's mcowner feature). With Pachi's strengths it won 5 of 25
// against Pachi at 3000 a side on 19x19, where the engine wins 8 of 50:
// not shown better, so it is an A/B arm, off by default (docs/strength.md,
// sixty-sixth session).

// MinOwnerPlayouts and MaxOwnerPlayouts bound Options.OwnerPlayouts:
// fewer playouts give shares too coarse to bucket (Pachi asks for 100 at
// least), more take a large part of a short search.
const (
	MinOwnerPlayouts = 100
	MaxOwnerPlayouts = 5000
)

// ownerBuckets is how many steps the mover's share s of n playouts is
// cut into: bucket ⌊8s/(n+1)⌋, so the last holds shares of 7/8 and more.
const ownerBuckets = 8

// ownerGamma is each bucket's strength, multiplied into a candidate's
// model strength: fitted by MM on top of the committed 19x19 model on the
// strong records, 100 playouts a position (docs/model.md, "What is
// left"). Pachi 12.90's own mcowner strengths (0.131 … 1.224 … 0.406),
// the arm's first values, made kisen's model predict the held-out moves
// worse; these gain a little.
var ownerGamma = [ownerBuckets]float32{0.380, 0.740, 0.946, 1, 0.943, 0.804, 0.781, 0.672}

// ownerStrengths is the ownership prior of one root: the strength of each
// point for each mover, indexed [mover−1][row*size+col].
type ownerStrengths [2][board.MaxSize * board.MaxSize]float32

// of is the ownership strength of c playing at p on a board of size size.
func (o *ownerStrengths) of(c board.Color, size int, p board.Point) float32 {
	col, row := board.ColRow(size, p)
	return o[c-board.Black][row*size+col]
}

// ownership runs n playouts from root, split over threads goroutines,
// and buckets each point's share for both movers.
func ownership(root *board.Board, opt Options, n, threads int, seed uint64) *ownerStrengths {
	size := root.Size()
	threads = max(min(threads, n), 1)
	owned := make([][2][board.MaxSize * board.MaxSize]int32, threads) // one per goroutine
	var wg sync.WaitGroup
	for i := range threads {
		share := n / threads
		if i < n%threads {
			share++
		}
		wg.Add(1)
		go func(own *[2][board.MaxSize * board.MaxSize]int32, seed uint64) {
			defer wg.Done()
			Playouts(root, opt, share, seed, func(b *board.Board) {
				for row := range size {
					for col := range size {
						if c := endOwner(b, board.At(size, col, row)); c != board.Empty {
							own[c-board.Black][row*size+col]++
						}
					}
				}
			})
		}(&owned[i], seed+uint64(i)*0x9e3779b97f4a7c15)
	}
	wg.Wait()
	o := new(ownerStrengths)
	for c := range o {
		for k := range size * size {
			total := int32(0)
			for i := range owned {
				total += owned[i][c][k]
			}
			o[c][k] = ownerGamma[min(int(total)*8/(n+1), ownerBuckets-1)]
		}
	}
	return o
}

// endOwner is who holds p at the end of a playout: its stone's colour,
// or for an empty point the one colour it is an eye of; Empty for a
// point both or neither surround.
func endOwner(b *board.Board, p board.Point) board.Color {
	if c := b.At(p); c != board.Empty {
		return c
	}
	bl, wh := b.IsEyeLike(board.Black, p), b.IsEyeLike(board.White, p)
	switch {
	case bl && !wh:
		return board.Black
	case wh && !bl:
		return board.White
	}
	return board.Empty
}

// rootOwnership is the ownership prior of a search from root, or nil
// when Options.OwnerPlayouts asks for none or no learned model makes the
// priors. No search thread may run.
func (e *Engine) rootOwnership(root *board.Board) *ownerStrengths {
	if e.opt.OwnerPlayouts == 0 || e.model == nil {
		return nil
	}
	e.seed = e.seed*6364136223846793005 + 1442695040888963407
	return ownership(root, e.opt, e.opt.OwnerPlayouts, e.threads, e.seed)
}
