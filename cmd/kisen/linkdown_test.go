package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgmp"
)

// TestLinkDownQuestion: the operator's three answers to link trouble —
// hand entry, keep waiting on the same peer, suspend — and a typo is asked
// again.
func TestLinkDownQuestion(t *testing.T) {
	remote := match.NewRandomPlayer("GNU Go", 1)
	lerr := fmt.Errorf("%w: NEWGAME during the game", sgmp.ErrPeerTrouble)
	for _, c := range []struct {
		typed string
		check func(match.Player, error) bool
	}{
		{"maybe\nhand\n", func(p match.Player, err error) bool {
			_, ok := p.(*match.ManualPlayer)
			return err == nil && ok && p.Name() == "GNU Go (entered by hand)"
		}},
		{"wait\n", func(p match.Player, err error) bool { return err == nil && p == match.Player(remote) }},
		{"stop\n", func(p match.Player, err error) bool { return p == nil && errors.Is(err, sgmp.ErrPeerTrouble) }},
	} {
		var out bytes.Buffer
		con := match.NewConsole(strings.NewReader(c.typed), &out)
		p, err := linkDownQuestion(con, remote, "GNU Go", nil)(context.Background(), board.White, lerr)
		if !c.check(p, err) {
			t.Errorf("typed %q: got %v, %v\n%s", c.typed, p, err, out.String())
		}
		if !strings.Contains(out.String(), "out of step") || !strings.Contains(out.String(), "hand") || !strings.Contains(out.String(), "wait") || !strings.Contains(out.String(), "stop") {
			t.Errorf("the question does not offer the three choices:\n%s", out.String())
		}
	}
}

// TestLinkDownQuestionNoWait: a link that is down is not offered "wait"
// (the session has stopped; --resume opens the port again), and typing it
// says so.
func TestLinkDownQuestionNoWait(t *testing.T) {
	remote := match.NewRandomPlayer("GNU Go", 1)
	lerr := fmt.Errorf("%w: no acknowledgement of MOVE after 9 resends", sgmp.ErrLinkDown)
	var out bytes.Buffer
	con := match.NewConsole(strings.NewReader("wait\nstop\n"), &out)
	p, err := linkDownQuestion(con, remote, "GNU Go", nil)(context.Background(), board.White, lerr)
	if p != nil || !errors.Is(err, sgmp.ErrLinkDown) {
		t.Fatalf("got %v, %v", p, err)
	}
	if strings.Contains(out.String(), "wait (keep waiting") || !strings.Contains(out.String(), "waiting cannot bring it back") {
		t.Fatalf("output:\n%s", out.String())
	}
}
