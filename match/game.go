package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/sgmp"
)

// Reason says why a game stopped.
type Reason int

const (
	TwoPasses   Reason = iota + 1
	Resignation        // by a program or its operator
	Timeout            // flag fall
	MoveCap            // the move cap (400) was reached: the referee decides
	IllegalMove        // the mover loses
	Repetition         // a whole-board position recurred: the referee decides
	Suspended          // the link failed or kisen was interrupted; resume later
)

func (r Reason) String() string {
	switch r {
	case TwoPasses:
		return "two passes"
	case Resignation:
		return "resignation"
	case Timeout:
		return "time-out"
	case MoveCap:
		return "move cap reached"
	case IllegalMove:
		return "illegal move"
	case Repetition:
		return "repeated position"
	case Suspended:
		return "suspended"
	}
	return "unknown"
}

// Outcome is how a game ended.
type Outcome struct {
	Reason Reason
	Winner board.Color // Empty when the referee decides, for jigo, or when suspended
	Result string      // SGF RE: "B+3.5", "W+R", "B+T", "W+F", "0", "?"
	Detail string      // one line for the operator, e.g. "White played D4: point is occupied"
	Moves  int
}

// Options describe one game.
type Options struct {
	Size     int
	Komi     float64
	Rules    board.Rules
	Handicap int
	MainTime time.Duration // per side, sudden death; 0 = untimed
	MoveCap  int           // 0 = none; the tournament's 400 (a pass counts)

	// Record fields.
	Event, Round, Place, Date string
	Application               string // "kisen:VERSION"

	// Journal is the SGF path rewritten after every move; "" = none.
	Journal string

	// OnLinkDown is asked for a replacement player (manual entry) when a
	// player fails with a link error. nil, or an error from it, suspends
	// the game with everything recorded so far.
	OnLinkDown func(ctx context.Context, col board.Color, err error) (Player, error)

	// Judge decides dead stones at the end; nil counts all stones alive.
	Judge func(b *board.Board) engine.Judgement

	Log zerolog.Logger
}

// Committer is a player told when its move is in the journal: a remote
// player acknowledges the move to the peer only then, so a crash never
// loses a move the peer saw acknowledged.
type Committer interface {
	Commit(ctx context.Context) error
}

// ErrLink marks player errors that mean the link to the player failed;
// players wrap their transport errors with it so the referee can offer
// manual entry.
var ErrLink = errors.New("link failure")

// errResigned is the cancellation cause when the operator resigns.
type errResigned struct{ col board.Color }

func (e errResigned) Error() string { return e.col.String() + " resigned" }

// Game is one game between two players.
type Game struct {
	opt     Options
	players [3]Player
	board   *board.Board
	clock   *Clock
	rec     *Recorder
	obs     []Observer
	log     zerolog.Logger

	resign  chan board.Color
	resumed bool
	judged  engine.Judgement // the end-of-game judgement, if any
}

// NewGame sets up a game; handicap stones are placed on the board.
func NewGame(opt Options, black, white Player) (*Game, error) {
	if opt.MoveCap < 0 {
		return nil, fmt.Errorf("move cap %d: want 0 (none) or more", opt.MoveCap)
	}
	b, err := board.New(opt.Size)
	if err != nil {
		return nil, err
	}
	hps, err := board.HandicapPoints(opt.Size, opt.Handicap)
	if err != nil {
		return nil, err
	}
	for _, p := range hps {
		if err := b.Setup(board.Black, p); err != nil {
			return nil, err
		}
	}
	if len(hps) > 0 {
		b.SetToMove(board.White)
	}
	g := &Game{
		opt:     opt,
		players: [3]Player{nil, black, white},
		board:   b,
		clock:   NewClock(opt.MainTime),
		log:     opt.Log,
		resign:  make(chan board.Color, 2),
	}
	g.rec = newRecorder(opt, black.Name(), white.Name(), hps)
	g.watchLinks()
	return g, nil
}

// watchLinks makes the recorder journal the link state of a remote player.
func (g *Game) watchLinks() {
	g.rec.link = nil
	for _, col := range []board.Color{board.Black, board.White} {
		if ls, ok := g.players[col].(LinkStater); ok {
			g.rec.link, g.rec.linkColor = ls, col
		}
	}
}

// Observe adds a display or logger of events.
func (g *Game) Observe(o Observer) { g.obs = append(g.obs, o) }

// Board returns the referee's board (read it only between events).
func (g *Game) Board() *board.Board { return g.board }

// Clock returns the game's clock; displays read it to show both clocks.
func (g *Game) Clock() *Clock { return g.clock }

// Resign lets the operator resign for col at any moment (a key on the
// terminal). Safe from any goroutine.
func (g *Game) Resign(col board.Color) {
	select {
	case g.resign <- col:
	default:
	}
}

// LinkStatuser is a player behind a link whose state the display shows.
type LinkStatuser interface {
	LinkStatus() string
}

func (g *Game) emit(e Event) {
	for _, p := range g.players[1:] {
		if ls, ok := p.(LinkStatuser); ok {
			e.Link = ls.LinkStatus()
		}
	}
	for _, o := range g.obs {
		o.Event(e)
	}
}

// Run plays the game to its end and returns the outcome. Errors are set-up
// failures; every game-ending condition is an Outcome.
func (g *Game) Run(ctx context.Context) (Outcome, error) {
	for _, col := range []board.Color{board.Black, board.White} {
		info := Info{Size: g.opt.Size, Komi: g.opt.Komi, Handicap: g.opt.Handicap, Color: col,
			Main: g.opt.MainTime, MoveCap: g.opt.MoveCap, Resumed: g.resumed}
		if err := g.players[col].Start(ctx, info); err != nil {
			return Outcome{}, fmt.Errorf("starting %s (%s): %w", g.players[col].Name(), col, err)
		}
	}
	g.emit(Event{Kind: GameStarted, Board: g.board.Clone(), Text: fmt.Sprintf("%s (black) vs %s (white), %dx%d, komi %.1f",
		g.players[board.Black].Name(), g.players[board.White].Name(), g.opt.Size, g.opt.Size, g.opt.Komi)})
	if err := g.save(); err != nil {
		return Outcome{}, err
	}
	if g.resumed && g.rec.sent < len(g.rec.rec.Nodes) {
		// The last move was journaled but may not have reached the other
		// side before the crash: send it again (a repeat is a duplicate).
		last := g.rec.rec.Nodes[len(g.rec.rec.Nodes)-1].Move
		if err := g.players[last.Color.Opponent()].Opponent(ctx, last); err != nil {
			return Outcome{}, fmt.Errorf("resending the last move after resume: %w", err)
		}
		g.rec.sent = len(g.rec.rec.Nodes)
		if err := g.save(); err != nil { // the link state with the move's bit
			return Outcome{}, err
		}
	}
	out, err := g.loop(ctx)
	if err != nil {
		return out, err
	}
	return g.finish(ctx, out)
}

func (g *Game) loop(ctx context.Context) (Outcome, error) {
	for {
		if g.opt.MoveCap > 0 && g.board.MoveNumber() >= g.opt.MoveCap {
			return Outcome{Reason: MoveCap, Result: "?",
				Detail: fmt.Sprintf("move cap reached (%d moves): the referee decides", g.board.MoveNumber())}, nil
		}
		col := g.board.ToMove()
		act, err := g.ask(ctx, col)
		if err != nil {
			if out, stop := g.askFailed(ctx, col, err); stop {
				return out, nil
			}
			continue
		}
		if out, stop, err := g.play(ctx, col, act); stop || err != nil {
			return out, err
		}
	}
}

// askFailed turns a failed ask into the end of the game, or into a
// replacement player (stop false: ask again).
func (g *Game) askFailed(ctx context.Context, col board.Color, err error) (out Outcome, stop bool) {
	var res errResigned
	switch {
	case errors.As(err, &res):
		return g.resigned(res.col, "reported by the operator"), true
	case errors.Is(err, errFlag):
		return g.flagFall(col), true
	case errors.Is(err, ErrLink):
		return g.replace(ctx, col, err)
	case ctx.Err() != nil:
		return g.suspend("interrupted: " + context.Cause(ctx).Error()), true
	}
	return g.suspend(fmt.Sprintf("%s failed: %v", g.players[col].Name(), err)), true
}

// play carries out col's action: journal the move, acknowledge it, tell
// the other side, journal again, and see whether the game is over.
func (g *Game) play(ctx context.Context, col board.Color, act Action) (out Outcome, stop bool, err error) {
	p := g.players[col]
	if act.Resign {
		g.clock.Stop()
		return g.resigned(col, "by "+p.Name()), true, nil
	}
	m := board.Move{Color: col, Point: act.Point}
	if err := g.board.Play(m); err != nil {
		g.clock.Stop()
		g.rec.comment(fmt.Sprintf("Illegal move by %s: %v", col, err))
		return Outcome{Reason: IllegalMove, Winner: col.Opponent(),
			Result: col.Opponent().Letter() + "+F",
			Detail: fmt.Sprintf("%s (%s) played %s: %v — %s loses", p.Name(), col, board.GTP(g.opt.Size, act.Point), errors.Unwrap(err), col)}, true, nil
	}
	// Journal the move before it goes out, then tell the other side (a
	// remote player: sent on the link) and journal again with the link's
	// new state. A crash between the two leaves a record whose last move
	// may not have been sent: Resume sends it again, and the peer takes a
	// repeat as a duplicate. The mover's clock runs until its move has
	// gone out.
	g.rec.move(m, g.clock.Left(col), act.Comment)
	if err := g.save(); err != nil {
		return Outcome{}, true, err
	}
	g.commit(ctx, p)
	other := g.players[col.Opponent()]
	oerr := other.Opponent(ctx, m)
	g.clock.Stop()
	g.rec.setTimeLeft(g.clock.Left(col))
	if oerr == nil {
		g.rec.sent = len(g.board.Moves())
	}
	if err := g.save(); err != nil {
		return Outcome{}, true, err
	}
	g.emit(Event{Kind: MovePlayed, Move: m, Number: g.board.MoveNumber(), Board: g.board.Clone(), Text: act.Comment})
	if oerr != nil {
		if !errors.Is(oerr, ErrLink) {
			return g.suspend(fmt.Sprintf("%s failed: %v", other.Name(), oerr)), true, nil
		}
		if out, stop := g.replace(ctx, col.Opponent(), oerr); stop {
			return out, true, nil
		}
	}
	out, stop = g.over(col, m)
	return out, stop, nil
}

// over says whether the game ended with col's move m.
func (g *Game) over(col board.Color, m board.Move) (Outcome, bool) {
	switch {
	case g.clock.Flagged(col):
		return g.flagFall(col), true
	case g.board.Passes() >= 2:
		return Outcome{Reason: TwoPasses}, true
	case g.board.Repeated():
		return Outcome{Reason: Repetition, Result: "?",
			Detail: fmt.Sprintf("move %d (%s %s) repeats an earlier whole-board position: the referee decides",
				g.board.MoveNumber(), col, board.GTP(g.opt.Size, m.Point))}, true
	}
	return Outcome{}, false
}

var errFlag = errors.New("flag fell")

// ask runs the mover's Move with its clock running. The context ends when
// the flag falls or the operator resigns.
func (g *Game) ask(ctx context.Context, col board.Color) (Action, error) {
	left := g.clock.Left(col)
	mctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if g.opt.MainTime > 0 {
		var tcancel context.CancelFunc
		mctx, tcancel = context.WithTimeoutCause(mctx, left, errFlag)
		defer tcancel()
	}
	// The operator's key may come at any moment; the watcher hands what it
	// took to this goroutine, so a resignation that races with the move is
	// never lost (it wins: the key was pressed before the move was taken).
	stop, watched := make(chan struct{}), make(chan board.Color, 1)
	go func() {
		defer close(watched)
		select {
		case c := <-g.resign:
			watched <- c
			cancel(errResigned{c})
		case <-stop:
		}
	}()
	req := Request{Board: g.board, Color: col, Left: left, OppLeft: g.clock.Left(col.Opponent()),
		Main: g.opt.MainTime, MoveCap: g.opt.MoveCap}
	g.clock.Start(col)
	g.emit(Event{Kind: ToMove, Color: col, Number: g.board.MoveNumber() + 1})
	act, err := g.players[col].Move(mctx, req)
	close(stop)
	if c, ok := <-watched; ok {
		g.clock.Stop()
		return Action{}, errResigned{c}
	}
	if cause := context.Cause(mctx); cause != nil && mctx.Err() != nil && ctx.Err() == nil {
		// Whatever the player returned, the flag came first.
		g.clock.Stop()
		return Action{}, cause
	}
	if err != nil {
		g.clock.Stop()
		return Action{}, err
	}
	return act, nil
}

// commit tells the player whose move was just journaled (a remote player
// sends its OK now). A failure is the link's, and the next exchange on it
// reports it; the move itself is safe.
func (g *Game) commit(ctx context.Context, p Player) {
	if c, ok := p.(Committer); ok {
		if err := c.Commit(ctx); err != nil {
			g.log.Warn().Err(err).Str("player", p.Name()).Msg("acknowledging the journaled move")
		}
	}
}

// replace asks the operator what to do when the link to col's player
// failed or its peer misbehaves (OnLinkDown): another player (manual
// entry), the same one (keep waiting), or none. stop says the game is
// suspended instead, with out saying why.
func (g *Game) replace(ctx context.Context, col board.Color, err error) (out Outcome, stop bool) {
	old := g.players[col]
	what := "failed"
	if errors.Is(err, sgmp.ErrPeerTrouble) {
		what = "is out of step"
	}
	g.log.Warn().Err(err).Str("player", old.Name()).Msg("link " + what)
	why := sgmp.Brief(err)
	g.emit(Event{Kind: Notice, Text: fmt.Sprintf("link to %s (%s) %s: %s", old.Name(), col, what, why)})
	g.rec.comment(fmt.Sprintf("Link to %s %s: %s", col, what, why))
	if g.opt.OnLinkDown == nil {
		return g.suspend(fmt.Sprintf("the link to %s %s: %s", old.Name(), what, why)), true
	}
	np, rerr := g.opt.OnLinkDown(ctx, col, err)
	if rerr != nil {
		return g.suspend(fmt.Sprintf("the link to %s %s: %s", old.Name(), what, why)), true
	}
	if np == old {
		return Outcome{}, false
	}
	info := Info{Size: g.opt.Size, Komi: g.opt.Komi, Handicap: g.opt.Handicap, Color: col,
		Main: g.opt.MainTime, MoveCap: g.opt.MoveCap, Resumed: true}
	if serr := np.Start(ctx, info); serr != nil {
		return g.suspend(fmt.Sprintf("%s: %v", np.Name(), serr)), true
	}
	g.emit(Event{Kind: Notice, Text: fmt.Sprintf("%s now entered by %s", col, np.Name())})
	g.players[col] = np
	g.watchLinks()
	return Outcome{}, false
}

func (g *Game) resigned(col board.Color, by string) Outcome {
	return Outcome{Reason: Resignation, Winner: col.Opponent(), Result: col.Opponent().Letter() + "+R",
		Detail: fmt.Sprintf("%s resigned (%s)", col, by)}
}

func (g *Game) flagFall(col board.Color) Outcome {
	return Outcome{Reason: Timeout, Winner: col.Opponent(), Result: col.Opponent().Letter() + "+T",
		Detail: fmt.Sprintf("%s (%s) ran out of time after %s", g.players[col].Name(), col, g.clock.Used(col).Round(time.Millisecond))}
}

func (g *Game) suspend(why string) Outcome {
	g.clock.Stop()
	return Outcome{Reason: Suspended, Result: "", Detail: why + " — the record is saved; continue with kisen play --resume"}
}

// finish scores, records the result and tells the players.
func (g *Game) finish(ctx context.Context, out Outcome) (Outcome, error) {
	out.Moves = g.board.MoveNumber()
	var dead, seki []board.Point
	if g.opt.Judge != nil && (out.Reason == TwoPasses || out.Reason == MoveCap || out.Reason == Repetition) {
		g.judged = g.opt.Judge(g.board)
		dead, seki = g.judged.Dead, g.judged.Seki
	}
	sc := g.board.Score(g.opt.Rules, g.opt.Komi, dead, seki)
	switch out.Reason {
	case TwoPasses:
		out.Result = sc.Result
		out.Winner = winnerOf(sc)
		out.Detail = fmt.Sprintf("two passes: %s (Black %.1f, White %.1f)", sc.Result, sc.Black, sc.White)
	case MoveCap, Repetition:
		out.Detail += fmt.Sprintf("; kisen's count: %s (Black %.1f, White %.1f)", sc.Result, sc.Black, sc.White)
	}
	if out.Reason != Suspended {
		g.rec.finish(out, sc, dead)
	}
	err := g.save()
	g.rec.releaseFallback()
	if err != nil {
		return out, err
	}
	g.emit(Event{Kind: GameOver, Outcome: out, Board: g.board.Clone(), Score: &sc, Dead: dead, Seki: seki})
	for _, col := range []board.Color{board.Black, board.White} {
		if err := g.players[col].End(ctx, out); err != nil {
			g.log.Warn().Err(err).Str("player", g.players[col].Name()).Msg("ending the game")
		}
	}
	return out, nil
}

// PlayerName is the name of the player of col.
func (g *Game) PlayerName(col board.Color) string { return g.players[col].Name() }

// Report is the dead-stone and territory report of the finished game.
func (g *Game) Report(out Outcome) Report {
	j := g.judged
	if j.Status == nil {
		j.Score = g.board.Score(g.opt.Rules, g.opt.Komi, nil, nil)
	}
	return Report{Size: g.opt.Size, Komi: g.opt.Komi, Rules: g.opt.Rules,
		Black: g.PlayerName(board.Black), White: g.PlayerName(board.White),
		Board: g.board, Judgement: j, Result: out.Result, Note: out.Detail}
}

func winnerOf(sc board.Score) board.Color {
	switch {
	case sc.Black > sc.White:
		return board.Black
	case sc.White > sc.Black:
		return board.White
	}
	return board.Empty
}

func (g *Game) save() error {
	if g.opt.Journal == "" {
		return nil
	}
	// A failed write does not stop the game (the record moves to a
	// fallback folder, or is held in memory): the operator is told once.
	if notice := g.rec.save(g.opt.Journal); notice != "" {
		g.log.Error().Msg(notice)
		g.emit(Event{Kind: Notice, Text: notice})
	}
	return nil
}
