package sgf_test

import (
	"fmt"
	"os"

	"github.com/kisen-go/kisen/sgf"
)

// A record is read, replayed onto a board to see the position, and written
// back (kisen's own form, with AP and CA added).
func Example() {
	rec, err := sgf.Parse([]byte("(;GM[1]FF[4]SZ[9]KM[6.5]PB[kisen]PW[GNU Go];B[ee];W[gc];B[cg])"))
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := rec.Replay(-1) // every move; Replay(n) stops after n
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(rec.Nodes), "moves,", b.ToMove(), "to play")
	rec.Write(os.Stdout)
	// Output:
	// 3 moves, white to play
	// (;GM[1]FF[4]CA[UTF-8]AP[kisen:dev]SZ[9]KM[6.5]PB[kisen]PW[GNU Go]
	// ;B[ee];W[gc];B[cg])
}
