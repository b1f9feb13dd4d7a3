package match

import (
	"context"
	"fmt"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// EnginePlayer is kisen's embedded MCTS engine.
type EnginePlayer struct {
	name string
	eng  *engine.Engine
	// OnDecision, if set, sees each of the engine's decisions (kisen
	// match adds up the search effort behind a result).
	OnDecision func(engine.Decision)
}

// NewEnginePlayer wraps an engine; the player owns it and closes it at End.
func NewEnginePlayer(name string, e *engine.Engine) *EnginePlayer {
	return &EnginePlayer{name: name, eng: e}
}

func (p *EnginePlayer) Name() string                               { return p.name }
func (p *EnginePlayer) Start(context.Context, Info) error          { return nil }
func (p *EnginePlayer) Opponent(context.Context, board.Move) error { return nil }

// Move asks the engine, telling it both clocks and the move cap. GenMove
// first stops any pondering. With engine pondering on (Options.Ponder),
// the engine then searches the position after its move on the opponent's
// time until the next Move or End.
func (p *EnginePlayer) Move(ctx context.Context, req Request) (Action, error) {
	clk := engine.Clock{Main: req.Main, OurLeft: req.Left, TheirLeft: req.OppLeft, MoveCap: req.MoveCap}
	if req.Main <= 0 {
		clk.OurLeft, clk.TheirLeft = 0, 0
	}
	d, err := p.eng.GenMove(ctx, req.Board, req.Color, clk)
	if err != nil {
		return Action{}, err
	}
	if p.OnDecision != nil {
		p.OnDecision(d)
	}
	if !d.Resign && ctx.Err() == nil {
		// PonderAfter copies the referee's board before this returns.
		p.eng.PonderAfter(req.Board, board.Move{Color: req.Color, Point: d.Move})
	}
	return Action{Point: d.Move, Resign: d.Resign,
		Comment: fmt.Sprintf("win %.0f%%, %d playouts, %.1fs", 100*d.WinRate, d.Playouts, d.Elapsed.Seconds())}, nil
}

// End stops the engine's background work (pondering included).
func (p *EnginePlayer) End(context.Context, Outcome) error { return p.eng.Close() }
