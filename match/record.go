package match

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

// Recorder keeps the game as an SGF record and writes it atomically after
// every move: the journal a crashed game resumes from.
type Recorder struct {
	rec       sgf.Record
	link      LinkStater  // optional: remote player whose link state is journaled
	linkColor board.Color // the colour that player plays
	sent      int         // moves handed to the other player (journaled with the link state)
}

// linkJournal is what is saved beside the record: the link's state and
// how many of the record's moves it had been given.
type linkJournal struct {
	MovesSent int `json:"moves_sent"`
	// Moves is the record's length when this was written. The record is
	// written first, so a crash between the two files leaves a record one
	// move ahead of its link state; Resume corrects for that move.
	Moves int `json:"moves"`
	// Remote is the colour of the program at the far end of the link, so
	// that a resumed kisen knows which side it plays.
	Remote string `json:"remote,omitempty"`
	Link   any    `json:"link"`
}

// LinkStater is implemented by players whose link must survive a crash
// (the SGMP player): its state is saved beside the record after every move.
type LinkStater interface {
	LinkState() any
}

func newRecorder(opt Options, black, white string, handicap []board.Point) *Recorder {
	r := &Recorder{}
	r.rec = sgf.Record{
		Size:        opt.Size,
		Komi:        opt.Komi,
		Rules:       rulesName(opt.Rules),
		Handicap:    opt.Handicap,
		PlayerBlack: black,
		PlayerWhite: white,
		Date:        opt.Date,
		Event:       opt.Event,
		Round:       opt.Round,
		Place:       opt.Place,
		Application: opt.Application,
		MainTime:    opt.MainTime.Seconds(),
	}
	if r.rec.Date == "" {
		r.rec.Date = time.Now().Format("2006-01-02")
	}
	for _, p := range handicap {
		r.rec.Setup = append(r.rec.Setup, board.Move{Color: board.Black, Point: p})
	}
	return r
}

func rulesName(r board.Rules) string {
	if r == board.Chinese {
		return "Chinese"
	}
	return "Japanese"
}

func (r *Recorder) move(m board.Move, left time.Duration, comment string) {
	r.rec.Nodes = append(r.rec.Nodes, sgf.Node{Move: m, Comment: comment})
	r.setTimeLeft(left)
}

// setTimeLeft sets the mover's time left on the last node (BL/WL).
func (r *Recorder) setTimeLeft(left time.Duration) {
	if len(r.rec.Nodes) == 0 || left >= 1<<61 {
		return
	}
	n := &r.rec.Nodes[len(r.rec.Nodes)-1]
	n.TimeLeft = math.Round(left.Seconds()*10) / 10
	n.HasTime = true
}

// comment adds a remark to the last node (or the game comment before the
// first move).
func (r *Recorder) comment(s string) {
	if len(r.rec.Nodes) == 0 {
		r.rec.GameComment = joinLines(r.rec.GameComment, s)
		return
	}
	n := &r.rec.Nodes[len(r.rec.Nodes)-1]
	n.Comment = joinLines(n.Comment, s)
}

func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

func (r *Recorder) finish(out Outcome, sc board.Score, dead []board.Point) {
	r.rec.Result = out.Result
	summary := fmt.Sprintf("%s. Black: territory %d, prisoners %d = %.1f. White: territory %d, prisoners %d, komi %.1f = %.1f. Count: %s.",
		out.Detail, sc.Territory[board.Black], sc.Prisoners[board.Black], sc.Black,
		sc.Territory[board.White], sc.Prisoners[board.White], sc.Komi, sc.White, sc.Result)
	if out.Reason != TwoPasses {
		summary = out.Detail + "."
		if out.Reason == MoveCap || out.Reason == Repetition {
			summary += fmt.Sprintf(" kisen's count: %s.", sc.Result)
		}
	}
	if len(dead) > 0 {
		summary += " Dead stones:"
		for _, p := range dead {
			summary += " " + board.GTP(r.rec.Size, p)
		}
		summary += "."
	}
	r.rec.FinalComment = summary
	r.rec.FinalTB, r.rec.FinalTW = nil, nil
	if out.Reason == TwoPasses || out.Reason == MoveCap || out.Reason == Repetition {
		for i, p := range board.AllPoints(r.rec.Size) {
			switch sc.Owner[i] {
			case board.Black:
				r.rec.FinalTB = append(r.rec.FinalTB, p)
			case board.White:
				r.rec.FinalTW = append(r.rec.FinalTW, p)
			}
		}
	}
}

// Record returns a copy of the record so far.
func (r *Recorder) Record() sgf.Record { return r.rec }

func (r *Recorder) save(path string, _ *Clock) error {
	if err := sgf.WriteFileAtomic(path, r.rec.Bytes()); err != nil {
		return err
	}
	if r.link != nil {
		data, err := json.Marshal(linkJournal{MovesSent: r.sent, Moves: len(r.rec.Nodes), Remote: r.linkColor.String(), Link: r.link.LinkState()})
		if err != nil {
			return fmt.Errorf("link state: %w", err)
		}
		if err := sgf.WriteFileAtomic(path+".link", data); err != nil {
			return err
		}
	}
	return nil
}
