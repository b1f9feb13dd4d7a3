package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
	"github.com/kisen-go/kisen/sgmp"
)

// Journal is a game's journal as read back for --resume: the record, the
// position it replays to, and the link state saved beside it (nil when
// there is no .link file).
type Journal struct {
	Path   string
	Record *sgf.Record
	Board  *board.Board
	Link   *linkJournal
}

// linkJournal is what is saved beside the record (PATH.link): the link's
// state and how many of the record's moves it had been given.
type linkJournal struct {
	MovesSent int `json:"moves_sent"`
	// Moves is the record's length when this was written. The record is
	// written first, so a crash between the two files leaves a record one
	// move ahead of its link state; SGMPState corrects for that move.
	// Journals of older versions lack it (0): their state is taken as it is.
	Moves int `json:"moves"`
	// Remote is the colour of the program at the far end of the link, so
	// that a resumed kisen knows which side it plays (empty in older
	// journals).
	Remote string          `json:"remote,omitempty"`
	Link   json.RawMessage `json:"link"`
}

// LoadJournal reads a game's journal once for everything a resume needs.
// It refuses a finished game, a record that does not replay, and a link
// state newer than its record, each with what to do.
func LoadJournal(path string) (*Journal, error) {
	data, err := sgf.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("resume: %s is not a readable record: %w", path, err)
	}
	if rec.Result != "" {
		return nil, fmt.Errorf("resume: %s is a finished game (RE[%s]); start a new game instead", path, rec.Result)
	}
	b, err := rec.Replay(-1)
	if err != nil {
		return nil, fmt.Errorf("resume: %s does not replay: %w", path, err)
	}
	j := &Journal{Path: path, Record: rec, Board: b}
	if j.Link, err = readLinkJournal(path); err != nil {
		return nil, err
	}
	if j.Link != nil && j.Link.Moves > len(rec.Nodes) {
		return nil, fmt.Errorf("resume: the link state beside %s knows %d moves, the record only %d: the record is older than its link state (restore the record, or delete %s.link to start the link afresh)",
			path, j.Link.Moves, len(rec.Nodes), path)
	}
	return j, nil
}

func readLinkJournal(path string) (*linkJournal, error) {
	data, err := os.ReadFile(path + ".link")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	var j linkJournal
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("link state beside %s: %w (delete it to start the link afresh)", path, err)
	}
	return &j, nil
}

// Color returns the colour kisen played (the other one than the program at
// the far end of the link), and false when the journal does not say.
func (j *Journal) Color() (board.Color, bool, error) {
	if j.Link == nil || j.Link.Remote == "" {
		return board.Empty, false, nil
	}
	c, err := board.ParseColor(j.Link.Remote)
	if err != nil {
		return board.Empty, false, fmt.Errorf("link state beside %s: %w", j.Path, err)
	}
	return c.Opponent(), true, nil
}

// Rules is the record's rule set (Japanese unless it says Chinese).
func (j *Journal) Rules() board.Rules {
	r, err := board.ParseRules(j.Record.Rules)
	if err != nil {
		return board.Japanese // RU is often absent or free text; the tournament's rules
	}
	return r
}

// SGMPState returns the SGMP link state journaled beside the record, or
// nil if there is none, brought up to date with the record: when kisen
// died after writing a move of the peer's into the record but before
// writing the link state, that move's sequence bit is applied here (the
// peer's move also acknowledged ours). Without this the resumed link would
// take the peer's next move for a repeat of an old one and drop it.
func (j *Journal) SGMPState(us board.Color) (*sgmp.LinkState, error) {
	if j.Link == nil {
		return nil, nil
	}
	var ls sgmp.LinkState
	if err := json.Unmarshal(j.Link.Link, &ls); err != nil {
		return nil, fmt.Errorf("link state beside %s: %w (delete it to start the link afresh)", j.Path, err)
	}
	if j.Link.Moves == 0 {
		return &ls, nil
	}
	nodes := j.Record.Nodes
	for i := min(j.Link.Moves, j.Link.MovesSent); i < len(nodes); i++ {
		switch {
		case nodes[i].Move.Color != us && i >= j.Link.Moves:
			ls.His ^= 1
			ls.Unacked = nil
			ls.OweOK = true // journaled, so its OK may go out now
		case nodes[i].Move.Color == us && i >= j.Link.MovesSent && answered(nodes[i+1:], us):
			// Not sent when the state was written, but the peer answered
			// it, so it went out (the resend after a resume is journaled
			// only with the next move): its sequence bit is spent.
			ls.My ^= 1
			ls.Unacked = nil
			ls.OweOK = false
		}
		// A last move of ours not sent yet: Run sends it, SendMove sets
		// the bits, and it acknowledges the peer's move.
	}
	return &ls, nil
}

// answered says whether the peer moved in nodes.
func answered(nodes []sgf.Node, us board.Color) bool {
	for _, n := range nodes {
		if n.Move.Color != us {
			return true
		}
	}
	return false
}

// Resume rebuilds a game from its journal (opt.Journal is set to j.Path):
// the position, the move number and both clocks (time left after each
// side's last move; the time between the crash and the restart is not
// charged — the referee deducts recovery time as the rules say). The
// record's size, komi, rules and handicap win over opt.
func Resume(opt Options, black, white Player, j *Journal) (*Game, error) {
	rec := j.Record
	opt.Journal = j.Path
	opt.Size, opt.Komi, opt.Handicap, opt.Rules = rec.Size, rec.Komi, rec.Handicap, j.Rules()
	if rec.MainTime > 0 {
		opt.MainTime = time.Duration(rec.MainTime * float64(time.Second))
	}
	if opt.MoveCap > 0 && len(rec.Nodes) >= opt.MoveCap {
		return nil, fmt.Errorf("resume: %s has %d moves, at or past the move cap of %d: the game is over and the referee decides (kisen score %s counts it)",
			j.Path, len(rec.Nodes), opt.MoveCap, j.Path)
	}
	g, err := NewGame(opt, black, white)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	// Handicap stones come from the record's setup, not the fixed points;
	// a board of its own (not j.Board) so that the game keeps the history
	// repetition is judged by.
	if g.board, err = rec.Replay(-1); err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	for _, n := range rec.Nodes {
		if n.HasTime && opt.MainTime > 0 {
			g.clock.SetUsed(n.Move.Color, opt.MainTime-time.Duration(n.TimeLeft*float64(time.Second)))
		}
	}
	g.rec.rec = *rec
	g.resumed = true
	g.rec.sent = len(rec.Nodes)
	if j.Link != nil {
		g.rec.sent = j.Link.MovesSent
	}
	return g, nil
}
