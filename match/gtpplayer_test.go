package match

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/kisen-go/kisen/gtp"
)

// TestGTPPlayerPlaysAWholeGame puts GNU Go behind the GTP player kind and
// plays it against random moves with a clock: every move GNU Go makes is
// legal on the referee's board (so its board was kept in step), and the
// game reaches an end.
func TestGTPPlayerPlaysAWholeGame(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go is not installed (apt-get install gnugo; .ci/run does it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := gtp.Start(ctx, gnugo+" --mode gtp --level 0")
	if err != nil {
		t.Fatal(err)
	}
	o := opts(t)
	o.Handicap = 2
	o.MoveCap = 120
	g, err := NewGame(o, NewRandomPlayer("random", 3), NewGTPPlayer("GNU Go", c))
	if err != nil {
		t.Fatal(err)
	}
	out, err := g.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if out.Reason == IllegalMove || out.Reason == Suspended {
		t.Fatalf("outcome %+v", out)
	}
	if g.Board().MoveNumber() < 10 {
		t.Fatalf("only %d moves: %+v", g.Board().MoveNumber(), out)
	}
	t.Logf("%d moves, %s: %s", g.Board().MoveNumber(), out.Reason, out.Result)
}
