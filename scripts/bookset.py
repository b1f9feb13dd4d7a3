#!/usr/bin/env python3
"""The 9x9 opening book's positions and lines (engine/book9.txt).

  bookset.py positions PLIES MIN DIR... > SET.tsv
      The positions of the first PLIES moves of the records in each DIR
      (scripts/gtpmatch.sh or `kisen match` folders: kisen is Black in odd
      games) with kisen to move, counted up to the eight symmetries of the
      board, that occur MIN times or more: an oracle set (scripts/evalset),
      most frequent first, whose key says how often the position occurred.
  bookset.py lines SET.tsv CHOSEN.tsv > engine/book9.txt
      The book's text: each position's moves and the move scripts/evalset
      chose there (-book=false, so that the book does not answer itself).

The records' positions are those kisen's opponents lead it into; a
position the book does not hold is searched as before.
"""
import collections
import glob
import os
import re
import sys

LETTERS = 'ABCDEFGHJ'


def vertex(sgf):
    """GTP vertex of an SGF point on 9x9 ("ee" is E5)."""
    return f'{LETTERS[ord(sgf[0]) - 97]}{9 - (ord(sgf[1]) - 97)}'


def images(col, row):
    """The eight symmetric images of (col, row) on 9x9."""
    m = 8
    out = []
    for sym in range(8):
        x, y = col, row
        if sym & 4:
            x, y = y, x
        if sym & 1:
            x = m - x
        if sym & 2:
            y = m - y
        out.append((x, y))
    return out


def canonical(moves):
    """The least of the eight images of the position after moves (SGF
    points, Black first): Black's points and White's, each sorted."""
    pts = [images(ord(v[0]) - 97, ord(v[1]) - 97) for v in moves]
    return min((tuple(sorted(p[k] for p in pts[0::2])), tuple(sorted(p[k] for p in pts[1::2])))
               for k in range(8))


def positions(plies, least, dirs):
    count = collections.Counter()
    first = {}
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, 'game-*.sgf'))):
            g = int(re.search(r'game-(\d+)', path).group(1))
            kisen_black = g % 2 == 1
            with open(path) as f:
                moves = re.findall(r';[BW]\[([a-z]*)\]', f.read())
            for n in range(plies):
                if n >= len(moves) or '' in moves[:n]:
                    break
                if (n % 2 == 0) != kisen_black:
                    continue
                key = canonical(moves[:n])
                count[key] += 1
                first.setdefault(key, moves[:n])
    for i, (key, n) in enumerate(count.most_common()):
        if n < least:
            break
        if not first[key]:
            continue  # the empty board: tengen, book.go's own rule
        moves = [vertex(v) for v in first[key]]
        colour = 'B' if len(moves) % 2 == 0 else 'W'
        print(f'book:{i}:{n}\t9\t6.5\t{",".join(moves)}\t{colour}\t0.5\t-')


def lines(set_path, chosen_path):
    pos = {}
    with open(set_path) as f:
        for line in f:
            t = line.rstrip('\n').split('\t')
            pos[t[0]] = t[3]
    print('# kisen\'s 9x9 opening book (engine/book.go): the moves from the empty board,')
    print('# then the reply. Symmetric images of a line need no line of their own.')
    print(f'# Made by scripts/bookset.py from {os.path.basename(set_path)} and {os.path.basename(chosen_path)}')
    print('# (docs/strength.md, "An opening book for 9x9").')
    with open(chosen_path) as f:
        for line in f:
            key, move, _ = line.rstrip('\n').split('\t')
            if key not in pos:
                raise SystemExit(f'bookset: {chosen_path}: position {key} is not in {set_path}')
            if move in ('resign', 'pass'):
                continue
            print(f'{pos[key]} {move}')


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == 'positions':
        positions(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
    elif len(sys.argv) == 4 and sys.argv[1] == 'lines':
        lines(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == '__main__':
    main()
