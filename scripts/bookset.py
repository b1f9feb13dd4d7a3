#!/usr/bin/env python3
"""The 9x9 opening book's positions and lines (engine/book9.txt).

  bookset.py positions PLIES MIN DIR... > SET.tsv
      The positions of the first PLIES moves of the records in each DIR
      (scripts/gtpmatch.sh or `kisen match` folders: kisen is Black in odd
      games) with kisen to move, counted up to the eight symmetries of the
      board, that occur MIN times or more: an oracle set (scripts/evalset),
      most frequent first, whose key says how often the position occurred.
  bookset.py expand BOOK PLIES MINWEIGHT > SET.tsv
      The positions of the first PLIES moves with kisen to move that the
      book BOOK (engine/book9.txt) does not answer, reached by the book's
      replies (tengen first as Black) and the opponent's likely ones: at
      each of the opponent's turns an oracle (ORACLE_DIR, as in
      scripts/oracle.py, at 50,000 playouts) searches three times, and each
      move with a twentieth or more of the root visits (its symmetric images
      counted together) is followed, weighted by its share.
      A line is followed while its weight (the product of the shares) is
      MINWEIGHT or more; the key tree:I:W has W, the weight in thousandths.
  bookset.py lines SET.tsv CHOSEN.tsv [SET.tsv CHOSEN.tsv...] > engine/book9.txt
      The book's text: each position's moves and the move scripts/evalset
      chose there (-book=false, so that the book does not answer itself).

The records' positions are those kisen's opponents lead it into; a
position the book does not hold is searched as before.
"""
import collections
import glob
import importlib.util
import os
import re
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('second_opinion', os.path.join(_here, 'second-opinion.py'))
so = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(so)
Engine = so.Engine

DIR_ORACLE = os.environ.get('ORACLE_DIR', '')
ORACLE_CMD = os.environ.get('ORACLE_CMD', './pachi --nodcnn -r japanese -t =%d threads=2 -d 0')

LETTERS = 'ABCDEFGHJ'


def vertex(sgf):
    """GTP vertex of an SGF point on 9x9 ("ee" is E5)."""
    return f'{LETTERS[ord(sgf[0]) - 97]}{9 - (ord(sgf[1]) - 97)}'


def transform(sym, col, row):
    """The image of (col, row) on 9x9 under the symmetry sym, 0 to 7: the
    axes swapped when sym&4, then the column mirrored when sym&1 and the
    row when sym&2 (engine/pattern.go's offset.turned)."""
    if sym & 4:
        col, row = row, col
    if sym & 1:
        col = 8 - col
    if sym & 2:
        row = 8 - row
    return col, row


def canonical(moves):
    """The least of the eight images of the position after moves (SGF
    points, Black first): Black's points and White's, each sorted."""
    return frame([vertex(v) for v in moves])[0]


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


def frame(moves):
    """The canonical key of the position after moves (GTP vertices) and a
    symmetry that maps the position onto it."""
    pts = [(LETTERS.index(v[0]), 9 - int(v[1:])) for v in moves]
    keys = [(tuple(sorted(transform(k, *p) for p in pts[0::2])),
             tuple(sorted(transform(k, *p) for p in pts[1::2]))) for k in range(8)]
    key = min(keys)
    return key, keys.index(key)


def read_book(path):
    """The book's lines as {canonical key: the reply's canonical image}."""
    book = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            moves, reply = line.split()
            key, sym = frame(moves.split(','))
            book[key] = transform(sym, LETTERS.index(reply[0]), 9 - int(reply[1:]))
    return book


def book_reply(book, moves):
    """The book's reply to the position after moves, or None."""
    if not moves:
        return 'E5'  # tengen: book.go's own rule
    key, sym = frame(moves)
    if key not in book:
        return None
    for col in range(9):
        for row in range(9):
            if transform(sym, col, row) == book[key]:
                return f'{LETTERS[col]}{9 - row}'
    return None


def expand(book_path, plies, least):
    if not DIR_ORACLE:
        raise SystemExit('bookset: expand needs ORACLE_DIR, the folder of a Pachi build')
    book = read_book(book_path)
    eng = Engine(ORACLE_CMD % 50000, DIR_ORACLE)
    out = {}  # canonical key -> [moves, weight]

    def walk(moves, kisen, weight):
        if len(moves) >= plies:
            return
        mover = 'B' if len(moves) % 2 == 0 else 'W'
        if mover == kisen:
            reply = book_reply(book, moves)
            if reply is None:
                key, _ = frame(moves)
                out.setdefault(key, [moves, 0.0])[1] += weight
                return
            walk(moves + [reply], kisen, weight)
            return
        # One search's visits name one or two moves: the oracle's choice
        # varies between searches (threads), so its shares are summed
        # over three, and over the moves that give the same position up
        # to the board's symmetries.
        shares = {}  # a reply's canonical child position -> [a reply, visits]
        total = 0
        for _ in range(3):
            for c in ('boardsize 9', 'komi 6.5', 'clear_board'):
                eng.ask(c)
            for i, v in enumerate(moves):
                eng.ask(f'play {"bw"[i % 2]} {v}')
            final = so.analyze(eng, mover)
            for m, (v, _) in final.items():
                total += v
                if m.lower() in ('pass', 'resign'):
                    continue
                key, _ = frame(moves + [m])
                shares.setdefault(key, [m, 0])[1] += v
        print(f'bookset: {",".join(moves) or "empty board"}: {len(shares)} replies searched', file=sys.stderr)
        likely = [(m, v / total) for m, v in shares.values() if total and v >= total / 20]
        norm = sum(share for _, share in likely)
        for m, share in sorted(likely, key=lambda ms: -ms[1]):
            if weight * share / norm >= least:
                walk(moves + [m], kisen, weight * share / norm)

    walk([], 'B', 1.0)
    walk([], 'W', 1.0)
    eng.ask('quit')
    ranked = sorted(out.values(), key=lambda mw: -mw[1])
    for i, (moves, weight) in enumerate(ranked):
        colour = 'B' if len(moves) % 2 == 0 else 'W'
        print(f'tree:{i}:{round(weight * 1000)}\t9\t6.5\t{",".join(moves)}\t{colour}\t0.5\t-')


def lines(pairs):
    print('# kisen\'s 9x9 opening book (engine/book.go): the moves from the empty board,')
    print('# then the reply. Symmetric images of a line need no line of their own.')
    names = ', '.join(f'{os.path.basename(s)} and {os.path.basename(c)}' for s, c in pairs)
    print(f'# Made by scripts/bookset.py from {names}')
    print('# (docs/strength.md, "An opening book for 9x9").')
    for set_path, chosen_path in pairs:
        pos = {}
        with open(set_path) as f:
            for line in f:
                t = line.rstrip('\n').split('\t')
                pos[t[0]] = t[3]
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
    elif len(sys.argv) == 5 and sys.argv[1] == 'expand':
        expand(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
    elif len(sys.argv) >= 4 and len(sys.argv) % 2 == 0 and sys.argv[1] == 'lines':
        lines(list(zip(sys.argv[2::2], sys.argv[3::2])))
    else:
        raise SystemExit(__doc__)


if __name__ == '__main__':
    main()
