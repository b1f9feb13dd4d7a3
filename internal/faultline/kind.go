package faultline

import (
	"fmt"
	"strings"
)

// Kind is one sort of fault the line can inflict on a packet.
type Kind uint8

// The faults, in the order of the --faults list.
const (
	Corrupt Kind = iota // one bit of the packet flipped
	Drop                // one to four of its bytes lost
	Dup                 // the packet delivered twice, back to back
	Noise               // talk bytes (0x04-0x7F) before the packet
	Stall               // this direction held for 1.2-3 resend timeouts
	Cross               // an OK lost and the reply held until the resend passes
	Unplug              // the cable out, both ways, for 1.5-4.5 resend timeouts
	numKinds
)

var kindNames = [numKinds]string{"corrupt", "drop", "dup", "noise", "stall", "cross", "unplug"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// AllKinds is every fault, the soak's default.
func AllKinds() []Kind {
	ks := make([]Kind, numKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// ParseKinds reads a comma-separated list such as "corrupt,stall"; "all"
// is every fault and "none" (or "") no fault at all.
func ParseKinds(s string) ([]Kind, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	switch s {
	case "all":
		return AllKinds(), nil
	case "", "none":
		return nil, nil
	}
	var ks []Kind
	seen := map[Kind]bool{}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		k, ok := kindByName(f)
		if !ok {
			return nil, fmt.Errorf("fault %q: want all, none, or a list of %s", f, strings.Join(kindNames[:], ", "))
		}
		if !seen[k] {
			seen[k] = true
			ks = append(ks, k)
		}
	}
	return ks, nil
}

func kindByName(s string) (Kind, bool) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), true
		}
	}
	return 0, false
}

// FormatKinds is the inverse of ParseKinds.
func FormatKinds(ks []Kind) string {
	if len(ks) == 0 {
		return "none"
	}
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.String()
	}
	return strings.Join(names, ",")
}
