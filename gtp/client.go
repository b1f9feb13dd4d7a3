package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
)

// Client drives an external GTP program as a player.
type Client struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	size int
	mu   sync.Mutex
	done chan struct{}
}

// ErrEngine is wrapped by errors the external program answered with "?".
var ErrEngine = errors.New("gtp engine refused the command")

// Start runs command (program and arguments separated by spaces, no shell
// quoting) and checks that it speaks GTP.
func Start(ctx context.Context, command string) (*Client, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, errors.New("gtp: empty engine command: give a program, e.g. \"/usr/games/gnugo --mode gtp\"")
	}
	cmd := exec.CommandContext(ctx, f[0], f[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("gtp: stdin of %s: %w", f[0], err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("gtp: stdout of %s: %w", f[0], err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("gtp: start %q: %w (check the engine command)", command, err)
	}
	c := &Client{cmd: cmd, in: in, out: bufio.NewReader(out), size: 19, done: make(chan struct{})}
	go func() { cmd.Wait(); close(c.done) }()
	if v, err := c.Send(ctx, "protocol_version"); err != nil || strings.TrimSpace(v) != "2" {
		c.Close()
		if err == nil {
			err = fmt.Errorf("protocol_version %q", v)
		}
		return nil, fmt.Errorf("gtp: %q does not speak GTP 2: %w", command, err)
	}
	return c, nil
}

// Send sends one command and returns the response text without the "= ".
func (c *Client) Send(ctx context.Context, command string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	type result struct {
		s   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		if _, err := io.WriteString(c.in, command+"\n"); err != nil {
			ch <- result{"", fmt.Errorf("gtp: send %q: %w", command, err)}
			return
		}
		var lines []string
		for {
			l, err := c.out.ReadString('\n')
			if err != nil {
				ch <- result{"", fmt.Errorf("gtp: read answer to %q: %w", command, err)}
				return
			}
			l = strings.TrimRight(l, "\r\n")
			if l == "" && len(lines) > 0 {
				break
			}
			if l == "" {
				continue
			}
			lines = append(lines, l)
		}
		text := strings.Join(lines, "\n")
		switch {
		case strings.HasPrefix(text, "="):
			ch <- result{strings.TrimSpace(strings.TrimLeft(text[1:], "0123456789")), nil}
		case strings.HasPrefix(text, "?"):
			ch <- result{"", fmt.Errorf("%w: %q: %s", ErrEngine, command, strings.TrimSpace(strings.TrimLeft(text[1:], "0123456789")))}
		default:
			ch <- result{"", fmt.Errorf("gtp: answer to %q is not GTP: %q", command, text)}
		}
	}()
	select {
	case r := <-ch:
		return r.s, r.err
	case <-ctx.Done():
		c.kill()
		return "", fmt.Errorf("gtp: %q: %w", command, ctx.Err())
	case <-c.done:
		select {
		case r := <-ch:
			return r.s, r.err
		case <-time.After(100 * time.Millisecond):
		}
		return "", fmt.Errorf("gtp: engine exited during %q", command)
	}
}

func (c *Client) kill() {
	if c.cmd.Process != nil {
		c.cmd.Process.Kill()
	}
}

// commandTimeout bounds commands other than genmove.
const commandTimeout = 30 * time.Second

func (c *Client) send(command string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	return c.Send(ctx, command)
}

// Boardsize sets the board size.
func (c *Client) Boardsize(n int) error {
	if _, err := c.send(fmt.Sprintf("boardsize %d", n)); err != nil {
		return err
	}
	c.size = n
	return nil
}

// Komi sets komi.
func (c *Client) Komi(k float64) error {
	_, err := c.send(fmt.Sprintf("komi %g", k))
	return err
}

// ClearBoard empties the board.
func (c *Client) ClearBoard() error {
	_, err := c.send("clear_board")
	return err
}

// Play tells the program about a move.
func (c *Client) Play(m board.Move) error {
	_, err := c.send(fmt.Sprintf("play %s %s", m.Color.Letter(), board.GTP(c.size, m.Point)))
	return err
}

// GenMove asks the program for a move for col.
func (c *Client) GenMove(ctx context.Context, col board.Color) (board.Point, bool, error) {
	s, err := c.Send(ctx, "genmove "+col.Letter())
	if err != nil {
		return board.Pass, false, err
	}
	if strings.EqualFold(s, "resign") {
		return board.Pass, true, nil
	}
	p, err := board.ParseGTP(c.size, s)
	if err != nil {
		return board.Pass, false, fmt.Errorf("gtp: engine answered genmove with %q: %w", s, err)
	}
	return p, false, nil
}

// TimeSettings sends time_settings for sudden death: main time, no
// byo-yomi.
func (c *Client) TimeSettings(main time.Duration) error {
	_, err := c.send(fmt.Sprintf("time_settings %d 0 0", int(main.Seconds())))
	return err
}

// TimeLeft sends time_left for col (sudden death: 0 stones).
func (c *Client) TimeLeft(col board.Color, d time.Duration) error {
	_, err := c.send(fmt.Sprintf("time_left %s %d 0", col.Letter(), int(d.Seconds())))
	return err
}

// FinalScore asks the program for its count ("B+3.5", "W+0.5", "0").
func (c *Client) FinalScore() (string, error) {
	return c.send("final_score")
}

// Close asks the program to quit and waits briefly; then kills it.
func (c *Client) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c.Send(ctx, "quit")
	c.in.Close()
	select {
	case <-c.done:
	case <-time.After(2 * time.Second):
		c.kill()
		<-c.done
	}
	return nil
}
