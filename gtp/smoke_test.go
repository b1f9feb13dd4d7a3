package gtp

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// TestSmokeGamesAgainstGNUGo plays two fast 9x9 games (one per colour)
// against GNU Go level 1 through the client: every move must be legal on
// both sides and each game must end by two passes, resignation or the cap.
func TestSmokeGamesAgainstGNUGo(t *testing.T) {
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed")
	}
	if testing.Short() {
		t.Skip("short mode")
	}
	// A safety net against a hung program, not a speed test: generous for
	// -race on a loaded machine (50 s was once exceeded there).
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for g, us := range []board.Color{board.Black, board.White} {
		e, err := engine.New(engine.Options{Size: 9, Komi: 6.5, Threads: 2, Playouts: 400, Seed: uint64(g + 1), ResignThreshold: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		opp, err := Start(ctx, gnugo+" --mode gtp --level 1")
		if err != nil {
			t.Fatal(err)
		}
		if err := opp.Boardsize(9); err != nil {
			t.Fatal(err)
		}
		if err := opp.Komi(6.5); err != nil {
			t.Fatal(err)
		}
		b := board.MustNew(9)
		result := ""
		for b.Passes() < 2 && b.MoveNumber() < 400 && result == "" {
			c := b.ToMove()
			var p board.Point
			if c == us {
				d, err := e.GenMove(ctx, b, c, engine.Clock{MoveCap: 400})
				if err != nil {
					t.Fatal(err)
				}
				if d.Resign {
					result = c.Opponent().Letter() + "+R"
					break
				}
				p = d.Move
				if err := opp.Play(board.Move{Color: c, Point: p}); err != nil {
					t.Fatalf("GNU Go refused kisen's move %s: %v\n%s", board.GTP(9, p), err, b)
				}
			} else {
				q, resign, err := opp.GenMove(ctx, c)
				if err != nil {
					t.Fatal(err)
				}
				if resign {
					result = c.Opponent().Letter() + "+R"
					break
				}
				p = q
			}
			if err := b.Play(board.Move{Color: c, Point: p}); err != nil {
				t.Fatalf("illegal %s by %v: %v", board.GTP(9, p), c, err)
			}
		}
		if result == "" {
			if result, err = opp.FinalScore(); err != nil {
				t.Fatal(err)
			}
		}
		opp.Close()
		e.Close()
		t.Logf("game %d: kisen %v, %d moves, %s", g+1, us, b.MoveNumber(), result)
	}
}
