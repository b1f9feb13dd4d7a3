package sgmp_test

import (
	"context"
	"fmt"
	"net"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
)

// Two sessions joined by an in-memory cable agree on a 9x9 game and pass
// one move; on a tournament table rw is a serial port from sgmp.OpenPort.
func Example() {
	ctx := context.Background()
	a, b := net.Pipe()
	black, _ := sgmp.NewSession(a, sgmp.Options{Color: board.Black, Size: 9})
	white, _ := sgmp.NewSession(b, sgmp.Options{Color: board.White, Size: 9})
	defer black.Close()
	defer white.Close()

	go white.Handshake(ctx)
	if err := black.Handshake(ctx); err != nil {
		fmt.Println(err)
		return
	}
	black.SendMove(ctx, board.Move{Color: board.Black, Point: board.At(9, 2, 2)})
	m, _ := white.ReceiveMove(ctx)
	fmt.Println(m.Color, board.GTP(9, m.Point))
	// Output: black C3
}
