package sgmp

import (
	"fmt"
)

// Command is the 3-bit command field of a packet.
type Command uint8

// The eight GMP commands.
const (
	OK Command = iota
	Deny
	NewGame
	Query
	Answer
	Move
	Undo
	Extended
)

var commandNames = [8]string{"OK", "DENY", "NEWGAME", "QUERY", "ANSWER", "MOVE", "UNDO", "EXTENDED"}

func (c Command) String() string {
	if int(c) < len(commandNames) {
		return commandNames[c]
	}
	return fmt.Sprintf("Command(%d)", uint8(c))
}

// Query numbers (the value of a QUERY packet) that kisen asks or answers.
const (
	QueryGame     = 0
	QueryRules    = 7
	QueryHandicap = 8
	QuerySize     = 9
	QueryColor    = 11
)

// Answer values for QueryColor (the answerer's own colour) and QueryRules.
const (
	colorWhite    = 1
	colorBlack    = 2
	rulesJapanese = 1
	rulesChinese  = 2
)

// okValue is the value every OK is sent with: CgfGoBan only recognises 87 FF.
const okValue = 0x3FF

// moveWhite is the colour bit of a MOVE value.
const moveWhite = 0x200

// Packet is one decoded 4-byte GMP packet. Seq is the sender's own sequence
// bit, Ack the sequence bit of the last command it accepted from us.
type Packet struct {
	Seq   uint8   `json:"seq"`
	Ack   uint8   `json:"ack"`
	Cmd   Command `json:"cmd"`
	Value uint16  `json:"value"`
}

// Bytes encodes p. Seq and Ack use their low bit, Value its low 10 bits;
// OK is always sent with value 0x3FF (87 FF) and DENY/NEWGAME with 0, the
// exact pairs the strictest peers (CgfGoBan) recognise.
func (p Packet) Bytes() [4]byte {
	v := p.Value & 0x3FF
	switch p.Cmd {
	case OK:
		v = okValue
	case Deny, NewGame:
		v = 0
	}
	var b [4]byte
	b[0] = (p.Ack&1)<<1 | p.Seq&1
	b[2] = 0x80 | byte(p.Cmd&7)<<4 | byte(v>>7)&7
	b[3] = 0x80 | byte(v&0x7F)
	b[1] = 0x80 | (b[0]+b[2]+b[3])&0x7F
	return b
}

// String gives the command, value and sequence bits, e.g. "MOVE 0x22a [s=0 a=1]".
func (p Packet) String() string {
	switch p.Cmd {
	case OK, Deny, NewGame:
		return fmt.Sprintf("%v [s=%d a=%d]", p.Cmd, p.Seq, p.Ack)
	case Query:
		return fmt.Sprintf("QUERY %s(%d) [s=%d a=%d]", queryName(p.Value), p.Value, p.Seq, p.Ack)
	}
	return fmt.Sprintf("%v %d [s=%d a=%d]", p.Cmd, p.Value, p.Seq, p.Ack)
}

func queryName(q uint16) string {
	switch q {
	case QueryGame:
		return "GAME"
	case QueryRules:
		return "RULES"
	case QueryHandicap:
		return "HANDICAP"
	case QuerySize:
		return "SIZE"
	case QueryColor:
		return "COLOR"
	}
	return "#"
}

// MaxTalk bounds the talk text a Decoder keeps between TakeTalk calls; the
// rest is counted in TalkDropped and discarded.
const MaxTalk = 256

// DecodeStats counts what a Decoder threw away.
type DecodeStats struct {
	BadChecksum int // complete packets with a wrong checksum
	BadFlag     int // complete packets with bit 3 of byte 2 set
	Aborted     int // packets cut off by a start or talk byte
	Stray       int // body bytes (>= 0x80) outside a packet
	TalkDropped int // talk bytes beyond MaxTalk
}

// Decoder turns a byte stream into packets. It never buffers more than one
// packet and MaxTalk bytes of talk text, whatever the input.
type Decoder struct {
	buf   [4]byte
	last  [4]byte // the bytes of the last packet returned, for the trace
	n     int
	talk  []byte
	Stats DecodeStats
}

// Feed consumes one byte and reports a packet when b completes a valid one.
// A start byte (0x00-0x03) always begins a new packet; a talk byte
// (0x04-0x7F) aborts a packet in progress and is kept as talk text; a packet
// with a bad checksum or bit 3 of byte 2 set is dropped silently, like GNU Go.
func (d *Decoder) Feed(b byte) (Packet, bool) {
	switch {
	case b <= 0x03:
		if d.n > 0 {
			d.Stats.Aborted++
		}
		d.buf[0] = b
		d.n = 1
	case b >= 0x80:
		if d.n == 0 {
			d.Stats.Stray++
			return Packet{}, false
		}
		d.buf[d.n] = b
		d.n++
		if d.n < 4 {
			return Packet{}, false
		}
		d.n = 0
		b0, b1, b2, b3 := d.buf[0], d.buf[1], d.buf[2], d.buf[3]
		if b1&0x7F != (b0+b2+b3)&0x7F {
			d.Stats.BadChecksum++
			return Packet{}, false
		}
		if b2&0x08 != 0 {
			d.Stats.BadFlag++
			return Packet{}, false
		}
		d.last = d.buf
		return Packet{
			Seq:   b0 & 1,
			Ack:   b0 >> 1 & 1,
			Cmd:   Command(b2 >> 4 & 7),
			Value: uint16(b2&7)<<7 | uint16(b3&0x7F),
		}, true
	default:
		if d.n > 0 {
			d.Stats.Aborted++
			d.n = 0
		}
		if len(d.talk) >= MaxTalk {
			d.Stats.TalkDropped++
			return Packet{}, false
		}
		if d.talk == nil {
			d.talk = make([]byte, 0, MaxTalk)
		}
		d.talk = append(d.talk, b)
	}
	return Packet{}, false
}

// Decode feeds every byte of p and returns the packets completed, appended
// to dst.
func (d *Decoder) Decode(dst []Packet, p []byte) []Packet {
	for _, b := range p {
		if pkt, ok := d.Feed(b); ok {
			dst = append(dst, pkt)
		}
	}
	return dst
}

// LastBytes returns the four bytes, as received, of the last packet Feed
// returned: the trace shows them rather than a re-encoding (an OK may
// arrive as 80 80 or 87 FF).
func (d *Decoder) LastBytes() [4]byte { return d.last }

// TakeTalk returns the talk text collected since the last call and clears it.
func (d *Decoder) TakeTalk() string {
	s := string(d.talk)
	d.talk = d.talk[:0]
	return s
}
