package match

import "github.com/kisen-go/kisen/board"

// EventKind names what happened.
type EventKind int

const (
	GameStarted EventKind = iota + 1
	ToMove                // Color is to move; Number is the move about to be played
	MovePlayed            // Move was played as move Number
	Notice                // Text for the operator (link trouble, replacements)
	GameOver              // Outcome, Score, Dead, Seki are set
)

// Event flows from the referee to displays and logs; nothing flows back.
// Board is a snapshot the receiver may keep.
type Event struct {
	Kind    EventKind
	Color   board.Color
	Move    board.Move
	Number  int
	Board   *board.Board
	Text    string
	Outcome Outcome
	Score   *board.Score
	Dead    []board.Point
	Seki    []board.Point
	Link    string // the link's state, where a player is behind a link
}

// Observer receives events. Event must not block for long: the referee's
// clock is running.
type Observer interface {
	Event(Event)
}

// ObserverFunc adapts a function to Observer.
type ObserverFunc func(Event)

// Event calls f.
func (f ObserverFunc) Event(e Event) { f(e) }
