package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
	"github.com/kisen-go/kisen/sgmp"
)

// Resume rebuilds a game from its journal (opt.Journal): the position, the
// move number and both clocks (time left after each side's last move; the
// time between the crash and the restart is not charged — the referee
// deducts recovery time as the rules say). The record's size, komi, rules
// and handicap win over opt.
func Resume(opt Options, black, white Player) (*Game, error) {
	data, err := os.ReadFile(opt.Journal)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("resume: %s is not a readable record: %w", opt.Journal, err)
	}
	if rec.Result != "" {
		return nil, fmt.Errorf("resume: %s is a finished game (RE[%s]); start a new game instead", opt.Journal, rec.Result)
	}
	opt.Size, opt.Komi, opt.Handicap = rec.Size, rec.Komi, rec.Handicap
	if strings.EqualFold(rec.Rules, "chinese") {
		opt.Rules = board.Chinese
	} else {
		opt.Rules = board.Japanese
	}
	if rec.MainTime > 0 {
		opt.MainTime = time.Duration(rec.MainTime * float64(time.Second))
	}
	g, err := NewGame(opt, black, white)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	// Handicap stones come from the record's setup, not the fixed points.
	g.board = board.MustNew(opt.Size)
	for _, m := range rec.Setup {
		if err := g.board.Setup(m.Color, m.Point); err != nil {
			return nil, fmt.Errorf("resume: setup stone: %w", err)
		}
	}
	if len(rec.Setup) > 0 {
		g.board.SetToMove(board.White)
	}
	for i, n := range rec.Nodes {
		if err := g.board.Play(n.Move); err != nil {
			return nil, fmt.Errorf("resume: move %d in %s: %w", i+1, opt.Journal, err)
		}
		if n.HasTime && opt.MainTime > 0 {
			g.clock.SetUsed(n.Move.Color, opt.MainTime-time.Duration(n.TimeLeft*float64(time.Second)))
		}
	}
	g.rec.rec = *rec
	g.resumed = true
	g.rec.sent = len(rec.Nodes)
	if j, ok, err := readLinkJournal(opt.Journal); err != nil {
		return nil, err
	} else if ok {
		g.rec.sent = j.MovesSent
	}
	return g, nil
}

// ReadSGMPState returns the SGMP link state journaled beside a record, or
// nil if there is none, brought up to date with the record: when kisen
// died after writing a move of the peer's into the record but before
// writing the link state, that move's sequence bit is applied here (the
// peer's move also acknowledged ours). Without this the resumed link would
// take the peer's next move for a repeat of an old one and drop it.
func ReadSGMPState(journal string, us board.Color) (*sgmp.LinkState, error) {
	j, ok, err := readLinkJournal(journal)
	if err != nil || !ok {
		return nil, err
	}
	var ls sgmp.LinkState
	if err := json.Unmarshal(j.Link, &ls); err != nil {
		return nil, fmt.Errorf("link state beside %s: %w (delete it to start the link afresh)", journal, err)
	}
	if j.Moves == 0 {
		return &ls, nil // an older journal without the count: taken as it is
	}
	data, err := os.ReadFile(journal)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("resume: %s is not a readable record: %w", journal, err)
	}
	if j.Moves > len(rec.Nodes) {
		return nil, fmt.Errorf("resume: the link state beside %s knows %d moves, the record only %d: the record is older than its link state (restore the record, or delete %s.link to start the link afresh)",
			journal, j.Moves, len(rec.Nodes), journal)
	}
	for _, n := range rec.Nodes[j.Moves:] {
		if n.Move.Color != us {
			ls.His ^= 1
			ls.Unacked = nil
		}
		// A move of ours beyond the link state was not sent yet: Run sends
		// it, and SendMove sets the bits.
	}
	return &ls, nil
}

// JournaledColor returns the colour kisen played in the game journaled at
// journal (the other one than the program at the far end of the link),
// and false when the journal does not say.
func JournaledColor(journal string) (board.Color, bool, error) {
	j, ok, err := readLinkJournal(journal)
	if err != nil || !ok || j.Remote == "" {
		return board.Empty, false, err
	}
	c, err := board.ParseColor(j.Remote)
	if err != nil {
		return board.Empty, false, fmt.Errorf("link state beside %s: %w", journal, err)
	}
	return c.Opponent(), true, nil
}

type linkJournalIn struct {
	MovesSent int             `json:"moves_sent"`
	Moves     int             `json:"moves"`
	Remote    string          `json:"remote"`
	Link      json.RawMessage `json:"link"`
}

func readLinkJournal(journal string) (linkJournalIn, bool, error) {
	var j linkJournalIn
	data, err := os.ReadFile(journal + ".link")
	if errors.Is(err, fs.ErrNotExist) {
		return j, false, nil
	}
	if err != nil {
		return j, false, err
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return j, false, fmt.Errorf("link state beside %s: %w (delete it to start the link afresh)", journal, err)
	}
	return j, true, nil
}
