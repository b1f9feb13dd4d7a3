package sgf

import (
	"fmt"

	"github.com/kisen-go/kisen/board"
)

// Record is one game: its root properties, its moves and its end.
type Record struct {
	Size     int     // SZ; 19 when the file has none
	Komi     float64 // KM
	Rules    string  // RU, as announced ("Japanese", "Chinese")
	Handicap int     // HA (0 when absent)

	// Setup stones (AB/AW) in the order black then white; AE in the file
	// removes stones listed before it.
	Setup []board.Move

	PlayerBlack, PlayerWhite string // PB, PW
	Date                     string // DT, ISO form
	Event                    string // EV
	Round                    string // RO
	Place                    string // PC
	GameName                 string // GN
	Result                   string // RE: "B+3.5", "W+R", "0", "Void", ...
	Application              string // AP, "name:version"; the writer uses "kisen" when empty
	GameComment              string // GC

	MainTime float64 // TM, seconds
	Overtime string  // OT

	Nodes []Node // one per move, main line

	// The end of the game: territory or area points and a summary, written
	// on the final node.
	FinalTB, FinalTW []board.Point
	FinalComment     string

	Extra []Property // root properties kisen does not interpret, kept
}

// Node is one move of the main line.
type Node struct {
	Move     board.Move
	TimeLeft float64 // BL or WL (the mover's), seconds, when HasTime
	HasTime  bool
	Comment  string     // C
	Extra    []Property // properties kisen does not interpret, kept
}

// Property is a property kept as read: its identifier and its raw values
// (escapes as in the file; the writer escapes a bare ']' or trailing '\').
type Property struct {
	ID     string
	Values []string
}

// SyntaxError is a record that cannot be read. Offset is the byte offset
// in the input where the problem was found.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("sgf: offset %d: %s", e.Offset, e.Msg)
}
