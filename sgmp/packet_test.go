package sgmp

import (
	"bytes"
	"encoding/hex"
	"testing"
)

func TestBytesKnownTraces(t *testing.T) {
	// Byte strings observed from GNU Go (docs/sgmp.md, reference notes §3, §7).
	cases := []struct {
		p    Packet
		want string
	}{
		{Packet{Seq: 1, Cmd: NewGame}, "01a1a080"},
		{Packet{Seq: 1, Ack: 1, Cmd: Query, Value: 11}, "03beb08b"},
		{Packet{Seq: 0, Ack: 1, Cmd: OK}, "028887ff"},
		{Packet{Seq: 0, Ack: 0, Cmd: Move, Value: 42}, "00fad0aa"},
		{Packet{Seq: 1, Ack: 0, Cmd: Move, Value: 0x200 | 31}, "01f4d49f"},
		{Packet{Seq: 0, Ack: 1, Cmd: Move, Value: 0x200 | 344}, "02b0d6d8"},
		{Packet{Seq: 1, Ack: 0, Cmd: Answer, Value: 2}, "01c3c082"},
		{Packet{Cmd: Deny, Value: 5}, ""},
	}
	cases[len(cases)-1].want = hex.EncodeToString(func() []byte { b := Packet{Cmd: Deny}.Bytes(); return b[:] }())
	for _, c := range cases {
		b := c.p.Bytes()
		if got := hex.EncodeToString(b[:]); got != c.want {
			t.Errorf("%v: got %s want %s", c.p, got, c.want)
		}
	}
	if b := (Packet{Cmd: Deny, Value: 7}).Bytes(); b[2] != 0x90 || b[3] != 0x80 {
		t.Errorf("DENY must be 90 80, got % x", b)
	}
	if b := (Packet{Cmd: OK}).Bytes(); b[2] != 0x87 || b[3] != 0xFF {
		t.Errorf("OK must be 87 FF, got % x", b)
	}
}

func TestRoundTrip(t *testing.T) {
	for cmd := Command(0); cmd < 8; cmd++ {
		for _, v := range []uint16{0, 1, 127, 128, 0x200, 0x3FF} {
			for bits := uint8(0); bits < 4; bits++ {
				p := Packet{Seq: bits & 1, Ack: bits >> 1, Cmd: cmd, Value: v}
				switch cmd {
				case OK:
					p.Value = okValue
				case Deny, NewGame:
					p.Value = 0
				}
				b := p.Bytes()
				var d Decoder
				got := d.Decode(nil, b[:])
				if len(got) != 1 || got[0] != p {
					t.Fatalf("%v: decoded %v", p, got)
				}
			}
		}
	}
}

func TestDecoderRejects(t *testing.T) {
	good := Packet{Seq: 1, Cmd: Move, Value: 41}.Bytes()
	bad := good
	bad[1] ^= 1
	flag := Packet{Cmd: Move, Value: 41}.Bytes()
	flag[2] |= 0x08
	flag[1] = 0x80 | (flag[0]+flag[2]+flag[3])&0x7F
	var d Decoder
	// GNU Go's tested stream: talk "AB\r\n", a stray 0xFF, a cut-off packet.
	in := []byte{0x41, 0x42, 0x0D, 0x0A, 0xFF, 0x01, 0x85}
	in = append(in, bad[:]...)
	in = append(in, flag[:]...)
	in = append(in, good[0], good[1], 'x') // talk aborts
	in = append(in, good[:]...)
	got := d.Decode(nil, in)
	if len(got) != 1 || got[0] != (Packet{Seq: 1, Cmd: Move, Value: 41}) {
		t.Fatalf("got %v", got)
	}
	if d.Stats.BadChecksum != 1 || d.Stats.BadFlag != 1 || d.Stats.Stray != 1 || d.Stats.Aborted != 2 {
		t.Errorf("stats %+v", d.Stats)
	}
	if talk := d.TakeTalk(); talk != "AB\r\nx" {
		t.Errorf("talk %q", talk)
	}
	if d.TakeTalk() != "" {
		t.Error("TakeTalk did not clear")
	}
	d.Decode(nil, bytes.Repeat([]byte("z"), 10*MaxTalk))
	if n := len(d.TakeTalk()); n != MaxTalk || d.Stats.TalkDropped != 9*MaxTalk {
		t.Errorf("talk not bounded: kept %d, dropped %d", n, d.Stats.TalkDropped)
	}
}

func TestCommandString(t *testing.T) {
	if Move.String() != "MOVE" || Command(9).String() != "Command(9)" {
		t.Error(Move.String(), Command(9).String())
	}
}

func FuzzDecoder(f *testing.F) {
	f.Add([]byte{0x01, 0xA1, 0xA0, 0x80}, []byte{}, uint16(41), uint8(5), uint8(1))
	f.Add([]byte{0x41, 0x42, 0x0D, 0x0A, 0xFF, 0x01, 0x85}, []byte{0x02, 0x03}, uint16(0x3FF), uint8(0), uint8(3))
	f.Add(bytes.Repeat([]byte{'a'}, 600), []byte{0x80, 0x00}, uint16(0x200), uint8(3), uint8(2))
	f.Fuzz(func(t *testing.T, before, after []byte, val uint16, cmd, bits uint8) {
		p := Packet{Seq: bits & 1, Ack: bits >> 1 & 1, Cmd: Command(cmd & 7), Value: val & 0x3FF}
		switch p.Cmd {
		case OK:
			p.Value = okValue
		case Deny, NewGame:
			p.Value = 0
		}
		b := p.Bytes()
		var d Decoder
		// Arbitrary noise: never panics, memory stays bounded.
		d.Decode(nil, before)
		if len(d.talk) > MaxTalk || cap(d.talk) > MaxTalk || d.n > 3 {
			t.Fatalf("unbounded state: talk %d cap %d n %d", len(d.talk), cap(d.talk), d.n)
		}
		got := d.Decode(nil, b[:])
		if len(got) != 1 || got[0] != p {
			t.Fatalf("packet %v after noise % x: decoded %v", p, before, got)
		}
		d.Decode(nil, after)
		if len(d.TakeTalk()) > MaxTalk {
			t.Fatal("talk exceeded MaxTalk")
		}
		// Decoding the whole stream at once finds the packet too.
		var d2 Decoder
		all := append(append(append([]byte{}, before...), b[:]...), after...)
		found := false
		for _, q := range d2.Decode(nil, all) {
			if q == p {
				found = true
			}
		}
		if !found {
			t.Fatalf("packet %v lost in % x", p, all)
		}
	})
}
