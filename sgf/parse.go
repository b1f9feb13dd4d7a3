package sgf

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The raw tree: what the file says, with byte offsets for error messages.
type rawValue struct {
	off  int // offset of the first byte after '['
	text string
}

type rawProp struct {
	id   string
	off  int
	vals []rawValue
}

type rawNode struct {
	off   int
	props []rawProp
}

type tree struct {
	off      int
	nodes    []rawNode
	children []*tree
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func synErr(off int, format string, a ...any) *SyntaxError {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, a...)}
}

// parseCollection reads every game tree of the collection without
// recursion, so hostile nesting cannot exhaust the stack, and within the
// limits of limits.go, so a hostile file cannot exhaust the memory.
func parseCollection(data []byte) ([]*tree, error) {
	if len(data) > MaxFileSize {
		return nil, synErr(MaxFileSize, "the file is %d bytes; kisen reads records up to %d MB", len(data), MaxFileSize>>20)
	}
	var roots, stack []*tree
	nodes, values := 0, 0
	i := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		i = 3 // UTF-8 byte-order mark
	}
	for i < len(data) {
		c := data[i]
		switch {
		case isSpace(c):
			i++
		case c == '(':
			t := &tree{off: i}
			if len(stack) == 0 {
				roots = append(roots, t)
			} else {
				top := stack[len(stack)-1]
				if len(top.nodes) == 0 {
					return nil, synErr(i, "'(' where a node ';' was expected: a game tree starts with a node")
				}
				top.children = append(top.children, t)
			}
			if len(stack) >= MaxDepth {
				return nil, synErr(i, "variations nested more than %d deep: not a game record kisen reads", MaxDepth)
			}
			stack = append(stack, t)
			i++
		case c == ')':
			if len(stack) == 0 {
				return nil, synErr(i, "')' without a matching '('")
			}
			if len(stack[len(stack)-1].nodes) == 0 {
				return nil, synErr(i, "empty game tree: '(' must be followed by a node ';'")
			}
			stack = stack[:len(stack)-1]
			i++
		case c == ';':
			if len(stack) == 0 {
				return nil, synErr(i, "node ';' outside a game tree: a record starts with '(;'")
			}
			top := stack[len(stack)-1]
			if len(top.children) > 0 {
				return nil, synErr(i, "node ';' after a variation: nodes must come before sub-trees")
			}
			if nodes++; nodes > MaxNodes {
				return nil, synErr(i, "more than %d nodes: not a game record kisen reads", MaxNodes)
			}
			n, next, err := parseNode(data, i, &values)
			if err != nil {
				return nil, err
			}
			top.nodes = append(top.nodes, n)
			i = next
		default:
			if len(stack) == 0 {
				if len(roots) == 0 {
					return nil, synErr(i, "unexpected %q: an SGF record starts with '(;'", rune(c))
				}
				return nil, synErr(i, "unexpected %q after the last game tree", rune(c))
			}
			return nil, synErr(i, "unexpected %q: expected a property, ';', '(' or ')'", rune(c))
		}
	}
	if len(stack) > 0 {
		return nil, synErr(len(data), "unexpected end of file: %d game tree(s) not closed with ')'", len(stack))
	}
	if len(roots) == 0 {
		return nil, synErr(len(data), "no game tree: an SGF record starts with '(;'")
	}
	return roots, nil
}

// parseNode reads the properties after the ';' at data[start]; values
// counts the property values read so far in the file.
func parseNode(data []byte, start int, values *int) (rawNode, int, error) {
	n := rawNode{off: start}
	i := start + 1
	seen := map[string]bool{}
	for {
		for i < len(data) && isSpace(data[i]) {
			i++
		}
		if i >= len(data) || !isLetter(data[i]) {
			return n, i, nil
		}
		p := rawProp{off: i}
		var id []byte
		for i < len(data) && isLetter(data[i]) {
			if data[i] >= 'A' && data[i] <= 'Z' {
				id = append(id, data[i]) // FF[1-3] allowed lower-case letters; they are ignored
			}
			i++
		}
		if len(id) == 0 {
			return n, i, synErr(p.off, "property name %q has no upper-case letter", string(data[p.off:i]))
		}
		p.id = string(id)
		if seen[p.id] {
			return n, i, synErr(p.off, "property %s appears twice in one node", p.id)
		}
		seen[p.id] = true
		for {
			for i < len(data) && isSpace(data[i]) {
				i++
			}
			if i >= len(data) || data[i] != '[' {
				break
			}
			v := rawValue{off: i + 1}
			j := i + 1
			for ; j < len(data) && data[j] != ']'; j++ {
				if data[j] == '\\' {
					j++
				}
			}
			if j >= len(data) {
				return n, j, synErr(i, "value of %s is not closed with ']'", p.id)
			}
			if *values++; *values > MaxValues {
				return n, i, synErr(i, "more than %d property values: not a game record kisen reads", MaxValues)
			}
			v.text = string(data[i+1 : j])
			p.vals = append(p.vals, v)
			i = j + 1
		}
		if len(p.vals) == 0 {
			return n, i, synErr(p.off, "property %s has no value: expected '['", p.id)
		}
		n.props = append(n.props, p)
	}
}

func isLetter(c byte) bool { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') }

// decodeText turns a raw value into its text: escapes removed, soft line
// breaks ('\' + newline) removed, white space other than newlines turned
// into spaces; for SimpleText newlines become spaces too. latin1 converts
// a non-UTF-8 value from ISO-8859-1 (the FF[4] default charset).
func decodeText(raw string, simple, latin1 bool) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) {
			i++
			c = raw[i]
			if c == '\n' || c == '\r' {
				if i+1 < len(raw) && (raw[i+1] == '\n' || raw[i+1] == '\r') && raw[i+1] != c {
					i++
				}
				continue
			}
			b.WriteByte(c)
			continue
		}
		switch c {
		case '\\':
			// a lone trailing backslash cannot occur in a closed value; drop it
		case '\n', '\r':
			if !simple {
				b.WriteByte(c)
				continue
			}
			if i+1 < len(raw) && (raw[i+1] == '\n' || raw[i+1] == '\r') && raw[i+1] != c {
				i++
			}
			b.WriteByte(' ')
		case '\t', '\v', '\f':
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	s := b.String()
	if latin1 && !utf8.ValidString(s) {
		r := make([]rune, len(s))
		for i := 0; i < len(s); i++ {
			r[i] = rune(s[i])
		}
		s = string(r)
	}
	return s
}

// splitCompose splits a raw value at its first unescaped ':'.
func splitCompose(raw string) (string, string, bool) {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\\':
			i++
		case ':':
			return raw[:i], raw[i+1:], true
		}
	}
	return raw, "", false
}

func parseReal(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	for _, c := range []byte(s) {
		if !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-') {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

func parseNumber(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil
}
