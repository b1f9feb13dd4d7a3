package match

import (
	"context"
	"time"

	"github.com/kisen-go/kisen/board"
)

// Player is one side of a game. The referee calls Start once, then for
// every move Move on the side to move and Opponent on the other side, and
// End once when the game is over.
type Player interface {
	// Name is what the record and the display call this player.
	Name() string
	// Start prepares the player (a remote player runs the protocol
	// handshake here, before any clock runs).
	Start(ctx context.Context, info Info) error
	// Move returns the player's move. ctx is cancelled when the player's
	// flag falls or the operator resigns for it; return promptly then.
	Move(ctx context.Context, req Request) (Action, error)
	// Opponent tells the player the other side's move (a remote player
	// sends it over the link here).
	Opponent(ctx context.Context, m board.Move) error
	// End tells the player the game is over.
	End(ctx context.Context, o Outcome) error
}

// Info describes the game to a player at Start.
type Info struct {
	Size     int
	Komi     float64
	Handicap int
	Color    board.Color // the colour this player plays
	Main     time.Duration
	MoveCap  int
	Resumed  bool // the game continues from a journal
}

// Request is what a player gets when it is to move. Board is the
// referee's board: read it, never change it (Clone it).
type Request struct {
	Board   *board.Board
	Color   board.Color
	Left    time.Duration // the mover's time left
	OppLeft time.Duration
	Main    time.Duration
	MoveCap int
}

// Action is a player's answer: a move (a pass is a move) or resignation.
type Action struct {
	Point  board.Point
	Resign bool
	// Comment goes into the record's node for this move (e.g. the engine's
	// win rate); it may be empty.
	Comment string
}

// RandomPlayer plays uniformly random legal moves that do not fill its own
// eyes, and passes when the opponent passed or nothing is left. It is the
// legal-move source for link tests and a stand-in engine.
type RandomPlayer struct {
	name string
	rng  *board.Rand
}

// NewRandomPlayer returns a random player with its own generator.
func NewRandomPlayer(name string, seed uint64) *RandomPlayer {
	return &RandomPlayer{name: name, rng: board.NewRand(seed)}
}

func (p *RandomPlayer) Name() string                               { return p.name }
func (p *RandomPlayer) Start(context.Context, Info) error          { return nil }
func (p *RandomPlayer) Opponent(context.Context, board.Move) error { return nil }
func (p *RandomPlayer) End(context.Context, Outcome) error         { return nil }

// Move picks a random legal move.
func (p *RandomPlayer) Move(ctx context.Context, req Request) (Action, error) {
	b := req.Board
	if b.Passes() > 0 && b.MoveNumber() > b.Size()*b.Size() {
		return Action{Point: board.Pass}, nil
	}
	pt := b.RandomMove(req.Color, p.rng)
	// Random moves may recreate a position (ko cycles); avoid handing the
	// referee a repetition when another move exists.
	for tries := 0; tries < 8 && pt != board.Pass && b.WouldRepeat(board.Move{Color: req.Color, Point: pt}); tries++ {
		pt = b.RandomMove(req.Color, p.rng)
	}
	return Action{Point: pt}, nil
}
