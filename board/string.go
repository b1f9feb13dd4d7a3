package board

import "strings"

// String draws the board as text, row 19 at the top, with GTP column
// letters; X is Black, O is White.
func (b *Board) String() string {
	var sb strings.Builder
	letters := "   "
	for c := 0; c < b.size; c++ {
		letters += " " + string(gtpLetters[c])
	}
	sb.WriteString(letters + "\n")
	for r := b.size - 1; r >= 0; r-- {
		sb.WriteString(pad2(r + 1))
		sb.WriteByte(' ')
		for c := 0; c < b.size; c++ {
			sb.WriteByte(' ')
			switch b.color[At(b.size, c, r)] {
			case Black:
				sb.WriteByte('X')
			case White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func pad2(n int) string {
	if n < 10 {
		return " " + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
