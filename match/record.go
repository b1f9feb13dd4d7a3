package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

// Recorder keeps the game as an SGF record and writes it atomically after
// every move: the journal a crashed game resumes from. A write that fails
// (a full disk, a folder turned read-only) does not stop the game: the
// journal moves to a fallback folder and the operator is told where.
type Recorder struct {
	rec       sgf.Record
	link      LinkStater  // optional: remote player whose link state is journaled
	linkColor board.Color // the colour that player plays
	sent      int         // moves handed to the other player (journaled with the link state)

	write    func(path string, data []byte) error // sgf.WriteFileAtomic; tests inject disk faults
	fallback []string                             // folders tried, in order, when the journal's cannot be written
	path     string                               // where the journal is written now ("" = the game's journal)
	lost     bool                                 // the last save was written nowhere
	unlock   func()                               // releases the lock on the fallback journal
	wrote    map[string]bool                      // fallback journals this game has written
}

// LinkStater is implemented by players whose link must survive a crash
// (the SGMP player): its state is saved beside the record after every move.
type LinkStater interface {
	LinkState() any
}

func newRecorder(opt Options, black, white string, handicap []board.Point) *Recorder {
	r := &Recorder{write: sgf.WriteFileAtomic, fallback: fallbackDirs(), wrote: map[string]bool{}}
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
	if out.Reason == TwoPasses && len(sc.Fills) > 0 {
		summary += " To fill after the dame, not territory:"
		for _, p := range sc.Fills {
			summary += " " + board.GTP(r.rec.Size, p)
		}
		summary += "."
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

// encode returns the record and link journal files. It fails rather than
// return an empty record: a journal is never replaced by nothing.
func (r *Recorder) encode() (rec, link []byte, err error) {
	var buf bytes.Buffer
	if err := r.rec.Write(&buf); err != nil {
		return nil, nil, err
	}
	if buf.Len() == 0 {
		return nil, nil, errors.New("the record came out empty")
	}
	if r.link == nil {
		return buf.Bytes(), nil, nil
	}
	state, err := json.Marshal(r.link.LinkState())
	if err != nil {
		return nil, nil, fmt.Errorf("link state: %w", err)
	}
	link, err = json.Marshal(linkJournal{MovesSent: r.sent, Moves: len(r.rec.Nodes), Remote: r.linkColor.String(), Link: state})
	if err != nil {
		return nil, nil, fmt.Errorf("link state: %w", err)
	}
	return buf.Bytes(), link, nil
}

// save writes the journal (and its link state beside it) and returns a
// warning for the operator when that went wrong, once per change: the
// journal moved to a fallback folder, or could be written nowhere (the
// game goes on in memory and each later move tries again). What was
// written before a failure stays: writes are atomic, and a record that
// cannot be encoded is not written at all.
func (r *Recorder) save(journal string) string {
	rec, link, err := r.encode()
	if err != nil {
		return fmt.Sprintf("WARNING: the record of this game cannot be encoded (%v); the journal %s keeps its last good version", err, r.Path(journal))
	}
	werr := r.writeAt(r.Path(journal), rec, link)
	if werr != nil { // a passing error (one failed sync) does not move the journal
		werr = r.writeAt(r.Path(journal), rec, link)
	}
	if werr == nil {
		if r.lost {
			r.lost = false
			return "The record is written again, whole: " + r.Path(journal)
		}
		return ""
	}
	for _, dir := range r.fallback {
		if filepath.Dir(r.path) == dir {
			continue
		}
		p, unlock, ok := claimFallback(dir, filepath.Base(journal), r.wrote)
		if !ok {
			continue
		}
		if err := r.writeAt(p, rec, link); err != nil {
			unlock()
			continue
		}
		old := r.Path(journal)
		r.releaseFallback()
		r.path, r.lost, r.unlock = p, false, unlock
		r.wrote[p] = true
		return fmt.Sprintf("WARNING: cannot write the record %s (%v). The game goes on; the record is now written to %s (resume from that file if kisen stops, and submit it after the game)", old, werr, p)
	}
	if r.lost {
		return ""
	}
	r.lost = true
	return fmt.Sprintf("WARNING: the record cannot be written to %s (%v) nor to %s. The game goes on in memory and each move tries again; free the disk or fix the folder now, or note the moves by hand",
		r.Path(journal), werr, strings.Join(r.fallback, " or "))
}

// claimFallback finds a name for the journal in the fallback folder dir
// and locks it: NAME.sgf, else NAME-2.sgf, NAME-3.sgf…, never a file that
// exists (another game's record: both sides of a kisen-vs-kisen game on one
// machine have the same file name) unless this game wrote it (ours), nor
// one another kisen holds.
func claimFallback(dir, base string, ours map[string]bool) (path string, unlock func(), ok bool) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, false
	}
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for i := 1; i <= 99; i++ {
		p := filepath.Join(dir, base)
		if i > 1 {
			p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", stem, i, ext))
		}
		if _, err := os.Lstat(p); err == nil && !ours[p] {
			continue
		}
		unlock, err := LockJournal(p)
		if errors.Is(err, ErrJournalLocked) {
			continue
		}
		if err != nil {
			return "", nil, false
		}
		if _, err := os.Lstat(p); err == nil && !ours[p] { // written between the check and the lock
			unlock()
			continue
		}
		return p, unlock, true
	}
	return "", nil, false
}

// releaseFallback drops the lock on the fallback journal, if any: at the
// end of the game, or when the journal moves on again.
func (r *Recorder) releaseFallback() {
	if r.unlock != nil {
		r.unlock()
		r.unlock = nil
	}
}

// Path is where the journal is written now: journal, or its copy in a
// fallback folder after a write failed.
func (r *Recorder) Path(journal string) string {
	if r.path != "" {
		return r.path
	}
	return journal
}

func (r *Recorder) writeAt(path string, rec, link []byte) error {
	if err := r.write(path, rec); err != nil {
		return err
	}
	if link == nil {
		return nil
	}
	return r.write(path+".link", link)
}

// fallbackDirs are the folders a journal moves to when its own cannot be
// written: the temporary folder (often another file system, in memory),
// then the user's home (another when the temporary folder is full too).
func fallbackDirs() []string {
	dirs := []string{filepath.Join(os.TempDir(), "kisen-fallback")}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, "kisen-fallback"))
	}
	return dirs
}

// RecordPath is where the game's record is written now: Options.Journal,
// or its copy in a fallback folder after a write there failed.
func (g *Game) RecordPath() string { return g.rec.Path(g.opt.Journal) }

// Unsaved returns the game's record when its last save was written
// nowhere (every folder failed), for the operator to copy by hand; nil
// when the record on disk at RecordPath is whole.
func (g *Game) Unsaved() []byte {
	if !g.rec.lost {
		return nil
	}
	rec, _, err := g.rec.encode()
	if err != nil {
		return nil
	}
	return rec
}
