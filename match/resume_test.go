package match

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
	"github.com/kisen-go/kisen/sgmp"
)

// writeJournal writes a record of moves (Black first) and a link journal
// that knew the first known of them.
func writeJournal(t *testing.T, moves []string, known int, ls sgmp.LinkState) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.sgf")
	rec := sgf.Record{Size: 9, Komi: 6.5}
	col := board.Black
	for _, v := range moves {
		p, err := board.ParseGTP(9, v)
		if err != nil {
			t.Fatal(err)
		}
		rec.Nodes = append(rec.Nodes, sgf.Node{Move: board.Move{Color: col, Point: p}})
		col = col.Opponent()
	}
	if err := os.WriteFile(path, rec.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	state, err := json.Marshal(ls)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(linkJournal{MovesSent: known, Moves: known, Link: state})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".link", data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sgmpState loads the journal at path and returns its SGMP state for us.
func sgmpState(path string, us board.Color) (*sgmp.LinkState, error) {
	j, err := LoadJournal(path)
	if err != nil {
		return nil, err
	}
	return j.SGMPState(us)
}

// TestReadSGMPStateCatchesUp: kisen (White) died after writing the peer's
// move into the record but before writing the link state. The resumed
// link must count that move, or it would take the peer's next move (same
// sequence bit as the one before) for a repeat and drop it: both sides
// would then wait for ever.
func TestReadSGMPStateCatchesUp(t *testing.T) {
	ourMove := &sgmp.Packet{Seq: 0, Ack: 1, Cmd: sgmp.Move, Value: 534}
	stale := sgmp.LinkState{My: 0, His: 1, Unacked: ourMove, Started: true}
	moves := []string{"D4", "E5", "C3"} // Black (the peer) played C3 last

	// The record is one of the peer's moves ahead of the link state.
	got, err := sgmpState(writeJournal(t, moves, 2, stale), board.White)
	if err != nil {
		t.Fatal(err)
	}
	if got.His != 0 || got.My != 0 || got.Unacked != nil || !got.Started {
		t.Fatalf("caught up: %+v, want his 0, my 0, nothing unacknowledged", got)
	}

	// Up to date: taken as it is.
	got, err = sgmpState(writeJournal(t, moves, 3, stale), board.White)
	if err != nil || got.His != 1 || got.Unacked == nil {
		t.Fatalf("up to date: %+v, %v", got, err)
	}

	// The record is one of our moves ahead: not sent yet, nothing to apply.
	got, err = sgmpState(writeJournal(t, moves, 2, stale), board.Black)
	if err != nil || got.His != 1 || got.My != 0 || got.Unacked == nil {
		t.Fatalf("our move ahead: %+v, %v", got, err)
	}

	// A link state newer than its record is refused with what to do.
	if _, err := sgmpState(writeJournal(t, moves[:1], 1, stale), board.White); err != nil {
		t.Fatal(err)
	}
	path := writeJournal(t, moves, 3, stale)
	if err := os.WriteFile(path, []byte("(;GM[1]FF[4]SZ[9];B[dd])"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := sgmpState(path, board.White); err == nil {
		t.Fatal("a record older than its link state was accepted")
	}

	// No link journal: nil, no error.
	path = filepath.Join(t.TempDir(), "none.sgf")
	os.WriteFile(path, []byte("(;GM[1]FF[4]SZ[9];B[dd])"), 0o644)
	if got, err := sgmpState(path, board.White); got != nil || err != nil {
		t.Fatalf("no link journal: %v %v", got, err)
	}
}

// A record at or past the move cap is over: resuming it is refused with
// what to do, before any player starts.
func TestResumeRefusesARecordAtTheMoveCap(t *testing.T) {
	path := writeJournal(t, []string{"D4", "E5", "C3"}, 3, sgmp.LinkState{})
	j, err := LoadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Resume(Options{MoveCap: 3}, &scripted{name: "b"}, &scripted{name: "w"}, j)
	if err == nil || !strings.Contains(err.Error(), "has 3 moves, at or past the move cap of 3") || !strings.Contains(err.Error(), "kisen score") {
		t.Fatalf("%v", err)
	}
	if _, err := Resume(Options{MoveCap: 4}, &scripted{name: "b"}, &scripted{name: "w"}, j); err != nil {
		t.Fatalf("under the cap: %v", err)
	}
}

// A journal of an older kisen (a .link without moves and remote) still
// loads: its link state is taken as it is and the colour is unknown.
func TestLoadJournalOfAnOlderVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.sgf")
	os.WriteFile(path, []byte("(;GM[1]FF[4]SZ[9]KM[6.5];B[dd]BL[590];W[ee]WL[580])"), 0o644)
	os.WriteFile(path+".link", []byte(`{"moves_sent":2,"link":{"my":1,"his":0,"started":true}}`), 0o644)
	j, err := LoadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := j.Color(); ok || err != nil {
		t.Errorf("colour known from an old journal: %v %v", ok, err)
	}
	ls, err := j.SGMPState(board.White)
	if err != nil || ls.My != 1 || ls.His != 0 || !ls.Started {
		t.Fatalf("link state %+v, %v", ls, err)
	}
	if j.Board.MoveNumber() != 2 || j.Link.MovesSent != 2 {
		t.Errorf("board at move %d, moves sent %d", j.Board.MoveNumber(), j.Link.MovesSent)
	}
}

// TestSGMPStateOurResentMoveAnswered (kill soak seed 2026, game 7): Black
// was resumed and resent its last move, which is journaled only with the
// next move; killed again between writing the record of White's answer
// and its link state, the link state on disk predates the resend. The
// peer answered the move, so it went out: its bit is spent, and the
// answer's OK is owed.
func TestSGMPStateOurResentMoveAnswered(t *testing.T) {
	moves := []string{"D4", "E5", "C3", "F6"} // Black (us) C3, White answered F6
	preSend := sgmp.LinkState{My: 1, His: 0, Started: true}
	path := writeJournal(t, moves, 3, preSend)
	state, _ := json.Marshal(preSend)
	data, _ := json.Marshal(linkJournal{MovesSent: 2, Moves: 3, Link: state})
	if err := os.WriteFile(path+".link", data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := sgmpState(path, board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if got.My != 0 || got.His != 1 || !got.OweOK || got.Unacked != nil {
		t.Fatalf("got %+v, want my 0 (C3 sent), his 1 (F6 taken), an owed OK", got)
	}
	// Without the answer the move is taken as unsent: Run sends it.
	path = writeJournal(t, moves[:3], 3, preSend)
	data, _ = json.Marshal(linkJournal{MovesSent: 2, Moves: 3, Link: state})
	os.WriteFile(path+".link", data, 0o644)
	if got, err := sgmpState(path, board.Black); err != nil || got.My != 1 || got.His != 0 {
		t.Fatalf("unanswered: %+v, %v", got, err)
	}
}
