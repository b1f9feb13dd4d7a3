package gtp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

// command is one entry of the server's handler table: how many arguments
// it takes (maxArgs < 0: no upper bound), the usage named in a syntax
// error, and the handler.
type command struct {
	minArgs, maxArgs int
	usage            string
	run              func(ctx context.Context, args []string) (string, error)
}

// commandTable is every command the server answers; list_commands and
// known_command are answered from it.
func (s *Server) commandTable() map[string]command {
	answer := func(out func() string) func(context.Context, []string) (string, error) {
		return func(context.Context, []string) (string, error) { return out(), nil }
	}
	return map[string]command{
		"protocol_version":    {0, 0, "protocol_version", answer(func() string { return "2" })},
		"name":                {0, 0, "name", answer(func() string { return s.Name })},
		"version":             {0, 0, "version", answer(func() string { return s.Version })},
		"list_commands":       {0, 0, "list_commands", s.listCommands},
		"known_command":       {1, 1, "known_command NAME", s.knownCommand},
		"quit":                {0, -1, "quit", s.quit},
		"boardsize":           {1, 1, "boardsize N", s.boardsize},
		"clear_board":         {0, 0, "clear_board", s.clearBoard},
		"komi":                {1, 1, "komi K", s.setKomi},
		"fixed_handicap":      {1, 1, "fixed_handicap N", s.fixedHandicap},
		"place_free_handicap": {1, 1, "place_free_handicap N", s.placeFreeHandicap},
		"set_free_handicap":   {2, -1, "set_free_handicap VERTEX VERTEX...", s.setFreeHandicap},
		"loadsgf":             {1, 2, "loadsgf FILE [MOVE_NUMBER]", s.loadSGF},
		"play":                {2, 2, "play COLOR VERTEX", s.play},
		"genmove":             {1, 1, "genmove COLOR", s.genmove},
		"undo":                {0, 0, "undo", s.undo},
		"time_settings":       {3, 3, "time_settings MAIN BYO STONES", s.timeSettings},
		"time_left":           {3, 3, "time_left COLOR TIME STONES", s.timeLeft},
		"final_score":         {0, 0, "final_score", s.finalScore},
		"final_status_list":   {1, 1, "final_status_list alive|dead|seki", s.finalStatusList},
		"showboard":           {0, 0, "showboard", s.showboard},
	}
}

// Handle runs one command and returns its response text.
func (s *Server) Handle(ctx context.Context, cmd string, args []string) (string, error) {
	c, ok := s.commands[cmd]
	if !ok {
		return "", errors.New("unknown command")
	}
	if len(args) < c.minArgs || c.maxArgs >= 0 && len(args) > c.maxArgs {
		return "", errors.New("syntax error: " + c.usage)
	}
	return c.run(ctx, args)
}

func (s *Server) listCommands(context.Context, []string) (string, error) {
	names := make([]string, 0, len(s.commands))
	for name := range s.commands {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, "\n"), nil
}

func (s *Server) knownCommand(_ context.Context, args []string) (string, error) {
	_, ok := s.commands[args[0]]
	return strconv.FormatBool(ok), nil
}

func (s *Server) quit(context.Context, []string) (string, error) {
	s.dropPlayer()
	return "", nil
}

func (s *Server) boardsize(_ context.Context, args []string) (string, error) {
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
}

func (s *Server) clearBoard(context.Context, []string) (string, error) {
	s.b = board.MustNew(s.b.Size())
	s.dropPlayer()
	return "", nil
}

func (s *Server) setKomi(_ context.Context, args []string) (string, error) {
	k, err := strconv.ParseFloat(args[0], 64)
	if err != nil {
		return "", errors.New("syntax error: komi wants a number")
	}
	// The player is made for one komi.
	if k != s.komi {
		s.komi = k
		s.dropPlayer()
	}
	return "", nil
}

// color parses a colour argument (black, b, white, w).
func color(arg string) (board.Color, error) {
	c, err := board.ParseColor(arg)
	if err != nil || c == board.Empty {
		return board.Empty, errors.New("syntax error: bad colour")
	}
	return c, nil
}

func (s *Server) play(_ context.Context, args []string) (string, error) {
	c, err := color(args[0])
	if err != nil {
		return "", err
	}
	p, err := board.ParseGTP(s.b.Size(), args[1])
	if err != nil {
		return "", errors.New("syntax error: bad vertex")
	}
	if err := s.b.Play(board.Move{Color: c, Point: p}); err != nil {
		return "", errors.New("illegal move")
	}
	return "", nil
}

func (s *Server) genmove(ctx context.Context, args []string) (string, error) {
	c, err := color(args[0])
	if err != nil {
		return "", err
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
	return board.GTP(s.b.Size(), d.Move), nil
}

func (s *Server) undo(context.Context, []string) (string, error) {
	if len(s.b.Moves()) == 0 || s.b.Undo(1) != nil {
		return "", errors.New("cannot undo")
	}
	return "", nil
}

func (s *Server) timeSettings(_ context.Context, args []string) (string, error) {
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
}

func (s *Server) timeLeft(_ context.Context, args []string) (string, error) {
	c, err := color(args[0])
	if err != nil {
		return "", err
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
}

func (s *Server) finalScore(context.Context, []string) (string, error) {
	return s.judge().Score.Result, nil
}

// finalStatusList lists the stones of one status. The lists are the ones
// final_score counts: dead includes chains of unclear status the count
// takes as dead.
func (s *Server) finalStatusList(_ context.Context, args []string) (string, error) {
	st := args[0]
	if st != "alive" && st != "dead" && st != "seki" {
		return "", errors.New("syntax error: final_status_list alive|dead|seki")
	}
	j := s.judge()
	in := func(ps []board.Point, p board.Point) bool {
		i := sort.Search(len(ps), func(i int) bool { return ps[i] >= p })
		return i < len(ps) && ps[i] == p
	}
	size := s.b.Size()
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
}

func (s *Server) showboard(context.Context, []string) (string, error) {
	return "\n" + strings.TrimRight(s.b.String(), "\n"), nil
}

// loadSGF sets the board, its size and the komi from a record, replayed
// up to the position before move MOVE_NUMBER (to the end without one). The
// player is made again for the new game, as on clear_board.
func (s *Server) loadSGF(_ context.Context, args []string) (string, error) {
	upTo := -1
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 {
			return "", errors.New("syntax error: loadsgf's move number is a whole number from 1")
		}
		upTo = n - 1
	}
	data, err := sgf.ReadFile(args[0])
	if err != nil {
		return "", fmt.Errorf("cannot load file: %v", err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return "", fmt.Errorf("cannot load file: %v", err)
	}
	b, err := rec.Replay(upTo)
	if err != nil {
		return "", fmt.Errorf("cannot load file: %v", err)
	}
	s.b, s.komi = b, rec.Komi
	s.dropPlayer()
	return "", nil
}
