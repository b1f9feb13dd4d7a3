package tui

import (
	"fmt"
	"sync"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgmp"
)

// Options configure a UI.
type Options struct {
	// Screen is drawn on; nil opens the terminal.
	Screen tcell.Screen
	// Game supplies the clock and the players' names.
	Game *match.Game
	// Setup is shown while waiting for the handshake.
	Setup match.LinkSetup
	// Link is polled every second; nil when no link is used.
	Link func() sgmp.Status
	// OnLine gets each line the operator types, in order.
	OnLine func(string)
	// OnInterrupt is called for Ctrl-C (the terminal sends no signal
	// while the screen owns it).
	OnInterrupt func()
	// NoColor draws without colour (NO_COLOR).
	NoColor bool
	// Now is the time source for elapsed times; nil is time.Now.
	Now func() time.Time
}

// maxMessages bounds the message log.
const maxMessages = 500

// UI is the live screen. Its methods are safe from any goroutine.
type UI struct {
	opt Options
	scr tcell.Screen

	mu       sync.Mutex
	b        *board.Board
	names    [3]string
	toMove   board.Color
	last     []string
	note     string // the engine's comment on the last move
	over     string
	dead     map[board.Point]bool
	msgs     []string
	scroll   int // message lines scrolled back
	question string
	input    []rune
	watch    match.LinkWatch
	link     sgmp.Status
	linkSeen bool

	lines chan string
	dirty chan struct{}
	quit  chan struct{}
	done  chan struct{}
	once  sync.Once
}

// New starts the screen; Close ends it and gives the terminal back.
func New(opt Options) (*UI, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	scr := opt.Screen
	if scr == nil {
		var err error
		if scr, err = tcell.NewScreen(); err != nil {
			return nil, fmt.Errorf("terminal screen: %w (use --ui plain)", err)
		}
	}
	if err := scr.Init(); err != nil {
		return nil, fmt.Errorf("terminal screen: %w (use --ui plain)", err)
	}
	u := &UI{opt: opt, scr: scr, lines: make(chan string, 64), dirty: make(chan struct{}, 1),
		quit: make(chan struct{}), done: make(chan struct{})}
	size := opt.Setup.Size
	if g := opt.Game; g != nil {
		u.b = g.Board().Clone()
		u.names = [3]string{"", g.PlayerName(board.Black), g.PlayerName(board.White)}
	} else if b, err := board.New(size); err == nil {
		u.b = b
	}
	u.pollLink()
	go u.feed()
	go u.run()
	return u, nil
}

// Close stops the screen and restores the terminal.
func (u *UI) Close() {
	u.once.Do(func() {
		close(u.quit)
		<-u.done
		u.scr.Fini()
	})
}

// Message adds text (one or more lines) to the message log.
func (u *UI) Message(text string) {
	u.mu.Lock()
	u.addMessage(text)
	u.mu.Unlock()
	u.poke()
}

// Ask shows the pending question until it is replaced or cleared ("").
func (u *UI) Ask(q string) {
	u.mu.Lock()
	u.question = q
	u.mu.Unlock()
	u.poke()
}

// Event takes a referee event (match.Observer). It never blocks on the
// screen: the referee's clock is running.
func (u *UI) Event(e match.Event) {
	u.mu.Lock()
	if g := u.opt.Game; g != nil {
		u.names = [3]string{"", g.PlayerName(board.Black), g.PlayerName(board.White)}
	}
	switch e.Kind {
	case match.GameStarted:
		u.b = e.Board
		u.addMessage("game: " + e.Text)
	case match.ToMove:
		u.toMove = e.Color
	case match.MovePlayed:
		u.b = e.Board
		u.toMove = e.Move.Color.Opponent() // also while a link question holds the next turn
		u.last = append(u.last, fmt.Sprintf("%d %s %s", e.Number, e.Move.Color.Letter(), moveText(e.Board.Size(), e.Move.Point)))
		if len(u.last) > 12 {
			u.last = u.last[1:]
		}
		if e.Text != "" {
			// The engine's note on its move: one line in the panel, not
			// the log, where it would push the operator's messages away.
			u.note = fmt.Sprintf("%d %s: %s", e.Number, e.Move.Color.Letter(), e.Text)
		}
	case match.Notice:
		u.addMessage(e.Text)
	case match.GameOver:
		u.b = e.Board
		u.toMove = board.Empty
		u.over = fmt.Sprintf("GAME OVER: %s", resultText(e.Outcome))
		u.addMessage(u.over + " — " + e.Outcome.Detail)
		if len(e.Dead) > 0 {
			u.dead = map[board.Point]bool{}
			for _, p := range e.Dead {
				u.dead[p] = true
			}
		}
		if e.Score != nil && counted(e.Outcome.Reason) {
			u.addMessage(fmt.Sprintf("kisen's count: Black %.1f, White %.1f (%s); dead stones shown as x and o",
				e.Score.Black, e.Score.White, e.Score.Result))
		}
	}
	u.mu.Unlock()
	u.poke()
}

func counted(r match.Reason) bool {
	return r == match.TwoPasses || r == match.MoveCap || r == match.Repetition
}

func resultText(o match.Outcome) string {
	if o.Result == "" {
		return o.Reason.String()
	}
	return o.Result
}

func moveText(size int, p board.Point) string {
	if p == board.Pass {
		return "pass"
	}
	return board.GTP(size, p)
}

func (u *UI) addMessage(text string) {
	u.msgs = append(u.msgs, splitLines(text)...)
	if len(u.msgs) > maxMessages {
		u.msgs = u.msgs[len(u.msgs)-maxMessages:]
	}
}

func (u *UI) poke() {
	select {
	case u.dirty <- struct{}{}:
	default:
	}
}

// feed hands typed lines to OnLine one at a time, in order, off the
// screen's goroutine (the console may take its time to read them).
func (u *UI) feed() {
	for {
		select {
		case l := <-u.lines:
			if u.opt.OnLine != nil {
				u.opt.OnLine(l)
			}
		case <-u.quit:
			return
		}
	}
}

func (u *UI) run() {
	defer close(u.done)
	evs := make(chan tcell.Event, 32)
	go u.scr.ChannelEvents(evs, u.quit)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	u.draw()
	for {
		select {
		case ev, ok := <-evs:
			if !ok {
				return
			}
			u.handle(ev)
		case <-u.dirty:
		case <-tick.C:
			u.pollLink()
		case <-u.quit:
			return
		}
		u.draw()
	}
}

// pollLink reads the link's state for the link line.
func (u *UI) pollLink() {
	if u.opt.Link == nil {
		return
	}
	u.mu.Lock()
	over := u.over != ""
	u.mu.Unlock()
	st := sgmp.Status{Cond: sgmp.CondEnded}
	if !over {
		// After the game the port closes: that is the end, not "DOWN".
		st = u.opt.Link()
	}
	now := u.opt.Now()
	u.mu.Lock()
	defer u.mu.Unlock()
	// The link line shows the state; the referee tells the operator about
	// a failure once, in words, as a Notice.
	u.link, _ = u.watch.See(st, now)
	u.linkSeen = true
}

const maxInput = 200

func (u *UI) handle(ev tcell.Event) {
	switch ev := ev.(type) {
	case *tcell.EventResize:
		u.scr.Sync()
	case *tcell.EventKey:
		u.mu.Lock()
		defer u.mu.Unlock()
		switch ev.Key() {
		case tcell.KeyEnter:
			line := string(u.input)
			u.input = u.input[:0]
			u.scroll = 0
			u.addMessage("> " + line)
			select {
			case u.lines <- line:
			default:
				u.addMessage("too many lines typed ahead; that one was dropped")
			}
		case tcell.KeyBackspace, tcell.KeyBackspace2:
			if n := len(u.input); n > 0 {
				u.input = u.input[:n-1]
			}
		case tcell.KeyCtrlU, tcell.KeyEscape:
			u.input = u.input[:0]
		case tcell.KeyCtrlC:
			u.addMessage("Ctrl-C: suspending the game (continue later with --resume)")
			if u.opt.OnInterrupt != nil {
				go u.opt.OnInterrupt()
			}
		case tcell.KeyPgUp:
			u.scroll += 5
		case tcell.KeyPgDn:
			u.scroll = max(0, u.scroll-5)
		case tcell.KeyCtrlL:
			u.scr.Sync()
		case tcell.KeyRune:
			if len(u.input) < maxInput {
				u.input = append(u.input, ev.Rune())
			}
		}
	}
}
