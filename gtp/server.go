package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
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
}

// sideClock is one side's time: main time, or (stones > 0) the time left in
// the current Canadian byo-yomi period for that many stones.
type sideClock struct {
	left   time.Duration
	stones int
}

// ErrQuit is returned by Serve after a quit command.
var ErrQuit = errors.New("gtp: quit")

// NewServer returns a server for a 19x19 board, komi 6.5.
func NewServer(name, version string, np NewPlayer) *Server {
	return &Server{Name: name, Version: version, newPlayer: np, b: board.MustNew(19), komi: 6.5, moveCap: 400}
}

var commands = []string{"boardsize", "clear_board", "final_score", "final_status_list", "genmove",
	"known_command", "komi", "list_commands", "name", "play", "protocol_version", "quit",
	"showboard", "time_left", "time_settings", "undo", "version"}

// Serve reads commands from r and writes responses to w until EOF or quit.
// It returns nil at EOF or after quit.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	defer s.dropPlayer()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 64<<10)
	for sc.Scan() {
		line := strings.TrimSpace(strings.Map(func(r rune) rune {
			if r == '\t' {
				return ' '
			}
			if r < 32 || r == 127 {
				return -1
			}
			return r
		}, sc.Text()))
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		id := ""
		if _, err := strconv.Atoi(f[0]); err == nil {
			id, f = f[0], f[1:]
			if len(f) == 0 {
				continue
			}
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
		if errors.Is(err, ErrQuit) || (err == nil && f[0] == "quit") {
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

// Handle runs one command and returns its response text.
func (s *Server) Handle(ctx context.Context, cmd string, args []string) (string, error) {
	size := s.b.Size()
	switch cmd {
	case "protocol_version":
		return "2", nil
	case "name":
		return s.Name, nil
	case "version":
		return s.Version, nil
	case "list_commands":
		return strings.Join(commands, "\n"), nil
	case "known_command":
		if len(args) != 1 {
			return "", errors.New("syntax error: known_command NAME")
		}
		for _, c := range commands {
			if c == args[0] {
				return "true", nil
			}
		}
		return "false", nil
	case "quit":
		s.dropPlayer()
		return "", nil
	case "boardsize":
		if len(args) != 1 {
			return "", errors.New("syntax error: boardsize N")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return "", errors.New("syntax error: boardsize wants a number")
		}
		b, err := board.New(n)
		if err != nil {
			return "", errors.New("unacceptable size")
		}
		s.b = b
		s.dropPlayer()
		return "", nil
	case "clear_board":
		s.b = board.MustNew(size)
		s.dropPlayer()
		return "", nil
	case "komi":
		if len(args) != 1 {
			return "", errors.New("syntax error: komi K")
		}
		k, err := strconv.ParseFloat(args[0], 64)
		if err != nil {
			return "", errors.New("syntax error: komi wants a number")
		}
		if k != s.komi {
			s.komi = k
			s.dropPlayer()
		}
		return "", nil
	case "play":
		if len(args) != 2 {
			return "", errors.New("syntax error: play COLOR VERTEX")
		}
		c, err := board.ParseColor(args[0])
		if err != nil || c == board.Empty {
			return "", errors.New("syntax error: bad colour")
		}
		p, err := board.ParseGTP(size, args[1])
		if err != nil {
			return "", errors.New("syntax error: bad vertex")
		}
		if err := s.b.Play(board.Move{Color: c, Point: p}); err != nil {
			return "", errors.New("illegal move")
		}
		return "", nil
	case "genmove":
		if len(args) != 1 {
			return "", errors.New("syntax error: genmove COLOR")
		}
		c, err := board.ParseColor(args[0])
		if err != nil || c == board.Empty {
			return "", errors.New("syntax error: bad colour")
		}
		if err := s.ensurePlayer(); err != nil {
			return "", fmt.Errorf("engine not available: %v", err)
		}
		start := time.Now()
		d, err := s.player.GenMove(ctx, s.b, c, s.engineClock(c))
		s.spend(c, time.Since(start))
		if err != nil {
			return "", fmt.Errorf("genmove failed: %v", err)
		}
		if d.Resign {
			return "resign", nil
		}
		if err := s.b.Play(board.Move{Color: c, Point: d.Move}); err != nil {
			return "", fmt.Errorf("engine chose an illegal move: %v", err)
		}
		if pp, ok := s.player.(Ponderer); ok && s.b.Passes() < 2 {
			pp.Ponder(s.b, c.Opponent())
		}
		return board.GTP(size, d.Move), nil
	case "undo":
		if len(s.b.Moves()) == 0 {
			return "", errors.New("cannot undo")
		}
		if err := s.b.Undo(1); err != nil {
			return "", errors.New("cannot undo")
		}
		return "", nil
	case "time_settings":
		if len(args) != 3 {
			return "", errors.New("syntax error: time_settings MAIN BYO STONES")
		}
		var v [3]int
		for i, a := range args {
			n, err := strconv.Atoi(a)
			if err != nil || n < 0 {
				return "", errors.New("syntax error: time_settings wants three whole numbers >= 0")
			}
			v[i] = n
		}
		s.main, s.byo, s.byoStones = time.Duration(v[0])*time.Second, time.Duration(v[1])*time.Second, v[2]
		// Byo-yomi time without stones means no time limits (GTP §4.2);
		// so does no time at all.
		s.timed = !(s.byo > 0 && s.byoStones == 0) && (s.main > 0 || s.byo > 0)
		start := sideClock{left: s.main}
		if s.main == 0 {
			start = sideClock{left: s.byo, stones: s.byoStones}
		}
		s.clock[board.Black], s.clock[board.White] = start, start
		return "", nil
	case "time_left":
		if len(args) != 3 {
			return "", errors.New("syntax error: time_left COLOR TIME STONES")
		}
		c, err := board.ParseColor(args[0])
		if err != nil || c == board.Empty {
			return "", errors.New("syntax error: bad colour")
		}
		t, err := strconv.ParseFloat(args[1], 64)
		if err != nil || t < 0 || t > 1e7 {
			return "", errors.New("syntax error: bad time")
		}
		st, err := strconv.Atoi(args[2])
		if err != nil || st < 0 {
			return "", errors.New("syntax error: bad stones")
		}
		s.clock[c] = sideClock{left: time.Duration(t * float64(time.Second)), stones: st}
		s.timed = true
		return "", nil
	case "final_score":
		return s.judge().Score.Result, nil
	case "final_status_list":
		if len(args) != 1 {
			return "", errors.New("syntax error: final_status_list alive|dead|seki")
		}
		st := args[0]
		if st != "alive" && st != "dead" && st != "seki" {
			return "", errors.New("syntax error: final_status_list alive|dead|seki")
		}
		// The lists are the ones final_score counts: dead includes
		// chains of unclear status the count takes as dead.
		j := s.judge()
		in := func(ps []board.Point, p board.Point) bool {
			i := sort.Search(len(ps), func(i int) bool { return ps[i] >= p })
			return i < len(ps) && ps[i] == p
		}
		var out []string
		for _, p := range board.AllPoints(size) {
			if s.b.At(p) == board.Empty {
				continue
			}
			dead, seki := in(j.Dead, p), in(j.Seki, p)
			if (st == "dead" && dead) || (st == "seki" && seki) || (st == "alive" && !dead && !seki) {
				out = append(out, board.GTP(size, p))
			}
		}
		return strings.Join(out, " "), nil
	case "showboard":
		return "\n" + strings.TrimRight(s.b.String(), "\n"), nil
	}
	return "", errors.New("unknown command")
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
