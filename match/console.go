package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// Console is the operator's keyboard for the whole game: one reader of the
// terminal's lines. While a ManualPlayer asks for a move the lines go to
// it; other lines typed ahead are kept (at most 16) for the next prompt,
// except these commands for the referee:
//
//	resign        our side resigns (asked to confirm)
//	they resign   the opponent resigned (the protocol has no resign
//	              command: the other operator says so)
//	help          the list
//
// One reader for everything means a line is never lost between a
// cancelled prompt and the next one.
type Console struct {
	out io.Writer

	mu       sync.Mutex
	screen   ConsoleScreen
	asking   string // the question of the prompt in progress
	confirmQ string // the resignation question waiting for yes
	cur      *prompt
	game     *Game
	us       board.Color
	confirm  board.Color // a resignation waiting for "yes"
	ahead    []string    // lines typed before the prompt that will want them
	eof      chan struct{}
	err      error
}

// ConsoleScreen is a full-screen display that shows the Console's
// messages in its message log and its pending question in a fixed place
// until it is answered (a line printed to the terminal would scroll away
// at the next redraw).
type ConsoleScreen interface {
	Message(text string)
	Ask(question string) // "" when nothing is asked
}

// SetScreen sends messages and questions to s instead of the writer.
func (c *Console) SetScreen(s ConsoleScreen) {
	c.mu.Lock()
	c.screen = s
	c.mu.Unlock()
	c.showQuestion()
}

// Say tells the operator something: a line on the writer, or a message on
// the screen.
func (c *Console) Say(text string) {
	c.mu.Lock()
	s := c.screen
	c.mu.Unlock()
	text = strings.TrimRight(text, "\n")
	if s != nil {
		s.Message(text)
		return
	}
	fmt.Fprintln(c.out, text)
}

// ask shows a question: on the screen it stays until cleared; on the
// writer it is printed without a newline, the answer follows it.
func (c *Console) ask(q string, confirm bool) {
	c.mu.Lock()
	if confirm {
		c.confirmQ = q
	} else {
		c.asking = q
	}
	s := c.screen
	c.mu.Unlock()
	if s != nil {
		c.showQuestion()
		return
	}
	fmt.Fprint(c.out, q)
}

// showQuestion puts the question that the next line answers on the screen.
func (c *Console) showQuestion() {
	c.mu.Lock()
	s, q := c.screen, c.confirmQ
	if c.cur != nil {
		q = c.asking
	}
	c.mu.Unlock()
	if s != nil {
		s.Ask(strings.TrimSpace(q))
	}
}

type prompt struct {
	lines chan string
	done  chan struct{}
}

// NewConsole starts reading lines from in; prompts and answers go to out.
func NewConsole(in io.Reader, out io.Writer) *Console {
	c := &Console{out: out, eof: make(chan struct{})}
	go c.read(in)
	return c
}

// Attach makes the commands act on g, where kisen plays us.
func (c *Console) Attach(g *Game, us board.Color) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.game, c.us = g, us
}

func (c *Console) read(in io.Reader) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1024), 1024) // a line longer than 1 KiB is an error, not a memory sink
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if c.deliver(line) || c.command(line) {
			continue
		}
		c.keep(line)
	}
	c.mu.Lock()
	c.err = sc.Err()
	if c.err == nil {
		c.err = io.EOF
	}
	c.mu.Unlock()
	close(c.eof)
}

// deliver gives line to the prompt waiting for one, if any.
func (c *Console) deliver(line string) bool {
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	if p == nil {
		return false
	}
	select {
	case p.lines <- line:
		return true
	case <-p.done:
		return false
	}
}

// keep holds a line that is not a command for the next prompt; a prompt
// that began meanwhile gets it at once. The check and the append are one
// step under the lock ReadLine takes to look for kept lines, so no line
// falls between them.
func (c *Console) keep(line string) {
	for {
		c.mu.Lock()
		p := c.cur
		if p == nil {
			kept := len(c.ahead) < maxTypeAhead
			if kept {
				c.ahead = append(c.ahead, line)
			}
			c.mu.Unlock()
			if !kept {
				c.Say(fmt.Sprintf("%q dropped: no move is asked for now", line))
			}
			return
		}
		c.mu.Unlock()
		select {
		case p.lines <- line:
			return
		case <-p.done:
		}
	}
}

// ReadLine prints question and waits for the operator's next line.
func (c *Console) ReadLine(ctx context.Context, question string) (string, error) {
	p := &prompt{lines: make(chan string), done: make(chan struct{})}
	c.mu.Lock()
	if len(c.ahead) > 0 {
		s := c.ahead[0]
		c.ahead = c.ahead[1:]
		c.mu.Unlock()
		c.Say(strings.TrimLeft(question, "\n") + s)
		return s, nil
	}
	c.cur = p
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		if c.cur == p {
			c.cur = nil
			c.asking = ""
		}
		c.mu.Unlock()
		close(p.done)
		c.showQuestion()
	}()
	c.ask(question, false)
	select {
	case s := <-p.lines:
		return s, nil
	case <-ctx.Done():
		return "", ctx.Err()
	case <-c.eof:
		c.mu.Lock()
		defer c.mu.Unlock()
		if len(c.ahead) > 0 { // typed before the end of input
			line := c.ahead[0]
			c.ahead = c.ahead[1:]
			return line, nil
		}
		return "", c.err
	}
}

// maxTypeAhead bounds the lines kept for a later prompt.
const maxTypeAhead = 16

// command handles a line typed while no move is asked for; it reports
// false for a line that is not a command (kept for the next prompt).
func (c *Console) command(line string) bool {
	c.mu.Lock()
	g, us, pending := c.game, c.us, c.confirm
	c.confirm = board.Empty
	c.confirmQ = ""
	c.mu.Unlock()
	c.showQuestion()
	word := strings.ToLower(strings.Join(strings.Fields(line), " "))
	if pending != board.Empty {
		if word == "yes" && g != nil {
			c.Say(fmt.Sprintf("recording the resignation of %s", pending))
			g.Resign(pending)
		} else {
			c.Say("not resigned; the game goes on")
		}
		return true
	}
	switch word {
	case "":
	case "resign":
		c.askConfirm(g, us, "Resign for kisen's side")
	case "they resign", "they resigned", "opponent resigned", "opponent resigns":
		c.askConfirm(g, us.Opponent(), "The opponent resigned")
	case "help", "?":
		c.Say(helpText)
	default:
		return false
	}
	return true
}

func (c *Console) askConfirm(g *Game, col board.Color, what string) {
	if g == nil || col == board.Empty {
		c.Say("no game to resign")
		return
	}
	c.mu.Lock()
	c.confirm = col
	c.mu.Unlock()
	c.ask(fmt.Sprintf("%s (%s loses by resignation)? type yes to confirm: ", what, col), true)
}

// helpText lists the commands.
const helpText = `commands (type the words, then Enter):
  resign       kisen's side resigns (asks yes to confirm)
  they resign  the opponent resigned (SGMP cannot say so)
  help         this list
  Ctrl-C       suspends the game; continue later with --resume`
