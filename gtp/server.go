package gtp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// Player is what the server needs from an engine.
type Player interface {
	GenMove(ctx context.Context, b *board.Board, c board.Color, clk engine.Clock) (engine.Decision, error)
}

// Ponderer is a Player that can search on the opponent's time: after each
// genmove the server calls Ponder with the position after the engine's
// move (the opponent to play); the next GenMove stops it, and so does
// Close (io.Closer) when the server drops the player.
type Ponderer interface {
	Ponder(b *board.Board, toMove board.Color) bool
}

// NewPlayer makes a fresh Player for a board size and komi (called on
// boardsize, and on komi changes).
type NewPlayer func(size int, komi float64) (Player, error)

// Server is a GTP v2 engine endpoint.
type Server struct {
	Name, Version string
	newPlayer     NewPlayer
	player        Player
	b             *board.Board
	komi          float64
	moveCap       int

	// Time: until time_settings or time_left arrive the player's own
	// options (kisen gtp --move-time, --playouts) fix the effort; after,
	// the clock governs. Each side's clock counts down by the time spent
	// in genmove (ours) until time_left corrects it.
	timed     bool
	main, byo time.Duration
	byoStones int
	clock     [3]sideClock

	judged    *engine.Judgement // cache for final_score and final_status_list
	judgedKey [3]uint64

	commands map[string]command // the handler table, by GTP name
}

// sideClock is one side's time: main time, or (stones > 0) the time left in
// the current Canadian byo-yomi period for that many stones.
type sideClock struct {
	left   time.Duration
	stones int
}

// NewServer returns a server for a 19x19 board, komi 6.5.
func NewServer(name, version string, np NewPlayer) *Server {
	s := &Server{Name: name, Version: version, newPlayer: np, b: board.MustNew(19), komi: 6.5, moveCap: 400}
	s.commands = s.commandTable()
	return s
}

// parseLine splits one command line into its optional numeric id and its
// fields (GTP §3.1): control characters other than tab are dropped, tabs
// count as spaces and a '#' starts a comment. A line with no command has
// no fields.
func parseLine(line string) (id string, fields []string) {
	line = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	fields = strings.Fields(line)
	if len(fields) > 0 {
		if _, err := strconv.Atoi(fields[0]); err == nil {
			id, fields = fields[0], fields[1:]
		}
	}
	return id, fields
}

// Serve reads commands from r and writes responses to w until EOF or quit.
// It returns nil at EOF or after quit.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	defer s.dropPlayer()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 64<<10)
	for sc.Scan() {
		id, f := parseLine(sc.Text())
		if len(f) == 0 {
			continue
		}
		out, err := s.Handle(ctx, f[0], f[1:])
		var resp string
		if err != nil {
			resp = "?" + id + " " + err.Error()
		} else {
			resp = "=" + id
			if out != "" {
				resp += " " + out
			}
		}
		if _, werr := io.WriteString(w, resp+"\n\n"); werr != nil {
			return fmt.Errorf("gtp: write response: %w", werr)
		}
		if err == nil && f[0] == "quit" {
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("gtp: read command: %w", err)
	}
	return nil
}

func (s *Server) ensurePlayer() error {
	if s.player != nil {
		return nil
	}
	p, err := s.newPlayer(s.b.Size(), s.komi)
	if err != nil {
		return err
	}
	s.player = p
	return nil
}

func (s *Server) dropPlayer() {
	if s.player == nil {
		return
	}
	if c, ok := s.player.(io.Closer); ok {
		c.Close()
	}
	s.player = nil
}

// judge judges the current position once; final_score and
// final_status_list share the result until the position or komi changes.
func (s *Server) judge() *engine.Judgement {
	key := [3]uint64{s.b.Hash(), uint64(s.b.MoveNumber()), math.Float64bits(s.komi)}
	if s.judged == nil || s.judgedKey != key {
		j := engine.Judge(s.b, engine.JudgeOptions{Playouts: 1000, Rules: board.Japanese, Komi: s.komi})
		s.judged, s.judgedKey = &j, key
	}
	return s.judged
}

// engineClock is the clock GenMove gets for c: nothing until time
// commands arrive (the player's fixed effort applies), then the side's
// main time or byo-yomi period, governing.
func (s *Server) engineClock(c board.Color) engine.Clock {
	clk := engine.Clock{MoveCap: s.moveCap}
	if !s.timed {
		return clk
	}
	our, their := s.clock[c], s.clock[c.Opponent()]
	clk.Governs = true
	// A clock at zero still means "hurry", not "no clock".
	clk.Main, clk.OurLeft, clk.TheirLeft, clk.Stones = s.main, max(our.left, time.Millisecond), their.left, our.stones
	if our.stones > 0 {
		clk.Main = s.byo
	}
	return clk
}

// spend counts d, the time c's genmove took, on c's clock: main time
// first, then Canadian byo-yomi periods (a new period when its stones are
// played). time_left replaces the result when the controller sends it.
func (s *Server) spend(c board.Color, d time.Duration) {
	if !s.timed {
		return
	}
	ck := &s.clock[c]
	ck.left -= d
	if ck.stones == 0 {
		if ck.left > 0 || s.byo == 0 || s.byoStones == 0 {
			ck.left = max(ck.left, 0)
			return
		}
		// Main time ran out during this move: the move opens the first
		// period.
		ck.left += s.byo
		ck.stones = s.byoStones
	}
	ck.left = max(ck.left, 0)
	ck.stones--
	if ck.stones == 0 && s.byo > 0 && s.byoStones > 0 {
		*ck = sideClock{left: s.byo, stones: s.byoStones}
	}
}
