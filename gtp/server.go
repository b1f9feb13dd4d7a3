package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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
	main          time.Duration
	left          [3]time.Duration
	moveCap       int
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
		clk := engine.Clock{Main: s.main, OurLeft: s.left[c], TheirLeft: s.left[c.Opponent()], MoveCap: s.moveCap}
		d, err := s.player.GenMove(ctx, s.b, c, clk)
		if err != nil {
			return "", fmt.Errorf("genmove failed: %v", err)
		}
		if d.Resign {
			return "resign", nil
		}
		if err := s.b.Play(board.Move{Color: c, Point: d.Move}); err != nil {
			return "", fmt.Errorf("engine chose an illegal move: %v", err)
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
		m, err := strconv.Atoi(args[0])
		if err != nil || m < 0 {
			return "", errors.New("syntax error: bad main time")
		}
		s.main = time.Duration(m) * time.Second
		s.left[board.Black], s.left[board.White] = s.main, s.main
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
		if err != nil || t < 0 {
			return "", errors.New("syntax error: bad time")
		}
		s.left[c] = time.Duration(t * float64(time.Second))
		return "", nil
	case "final_score":
		j := engine.Judge(s.b, engine.JudgeOptions{Playouts: 1000, Rules: board.Japanese, Komi: s.komi})
		return j.Score.Result, nil
	case "final_status_list":
		if len(args) != 1 {
			return "", errors.New("syntax error: final_status_list alive|dead|seki")
		}
		j := engine.Judge(s.b, engine.JudgeOptions{Playouts: 1000, Rules: board.Japanese, Komi: s.komi})
		want := map[string]engine.Status{"alive": engine.Alive, "dead": engine.Dead, "seki": engine.Seki}
		st, ok := want[args[0]]
		if !ok {
			return "", errors.New("syntax error: final_status_list alive|dead|seki")
		}
		var out []string
		for _, p := range board.AllPoints(size) {
			if s.b.At(p) != board.Empty && j.Status[p] == st {
				out = append(out, board.GTP(size, p))
			}
		}
		return strings.Join(out, " "), nil
	case "showboard":
		return "\n" + strings.TrimRight(s.b.String(), "\n"), nil
	}
	return "", errors.New("unknown command")
}
