#!/usr/bin/env python3
"""An oracle's verdict on the engine's moves: a stronger engine's searches
price the moves kisen chooses on a fixed set of positions.

  oracle.py positions STEP FIRST FILE.sgf... > SET.tsv
      From move FIRST on, every STEP-th position of each record (not the
      last two): the oracle's win rate for the side to move and its move.
  oracle.py outcomes STEP FIRST DIR...
      The same positions of the records in each DIR (a scripts/gtpmatch.sh
      folder), valued by the game's result instead of an oracle: 1 when
      the side to move won by GNU Go's count in DIR/result.txt, else 0.
      A folder without result.txt (scripts/gnugo-selfplay.sh's) is valued
      by each record's RE; records whose RE names no winner are left out.
      No engine is needed (scripts/purevalue reads such a set).
  oracle.py values SET.tsv CHOSEN.tsv...
      For each position, the oracle searches the position after its own
      move and after each run's move (scripts/evalset), from the other
      side, once: the values are kept in SET.cache.tsv. Prints each run's
      mean regret (the oracle's value of its own move minus that of the
      run's move) and, for each later run, the paired difference from the
      first with its standard error.

The oracle is a GTP engine that speaks lz-genmove_analyze, started in
ORACLE_DIR (required: the folder of a Pachi build, where it finds its
pattern files) with ORACLE_CMD, by default Pachi 12 without its neural
network, at 100,000 playouts for positions and 50,000 for values:
  ORACLE_CMD="./pachi --nodcnn -r japanese -t =%d threads=2 -d 0"
(%d is the playout count). docs/strength.md has the figures.
"""
import glob
import importlib.util
import math
import os
import re
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('second_opinion', os.path.join(_here, 'second-opinion.py'))
so = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(so)

DIR = os.environ.get('ORACLE_DIR', '')
CMD = os.environ.get('ORACLE_CMD', './pachi --nodcnn -r japanese -t =%d threads=2 -d 0')


def search(eng, colour):
    """The oracle's move and win rate for colour (0-1), taken back after."""
    final = so.analyze(eng, colour)
    if not final:
        return None, None
    best = max(final, key=lambda m: final[m][0])
    return best, final[best][1] / 10000


def setup(eng, size, komi, moves):
    """Sets up the position after moves (Black first)."""
    for c in (f'boardsize {size}', f'komi {komi}', 'clear_board'):
        eng.ask(c)
    for i, v in enumerate(moves):
        eng.ask(f'play {"bw"[i % 2]} {v}')


def need_dir():
    if not DIR or not os.path.isdir(DIR):
        raise SystemExit('oracle: set ORACLE_DIR to the folder of the oracle engine (a Pachi build), '
                         f'got {DIR!r}')


def walk(path, step, first):
    """Each move of the record at path, in order, as (key, size, komi, the moves before it,
    its colour, its vertex, sampled); sampled from move FIRST on, every STEP-th, not the last
    two. The moves must alternate, Black first."""
    size, komi, rec = so.read_record(path)
    name = '/'.join(path.split('/')[-2:]).removesuffix('.sgf')
    moves = []
    for i, (c, p) in enumerate(rec):
        want = 'B' if i % 2 == 0 else 'W'
        if c != want:
            raise SystemExit(f'oracle: {path}: move {i + 1} is not {want}: the set wants alternating moves')
        v = so.vertex(p, size)
        yield f'{name}:{i}', size, komi, moves, c, v, i >= first and (i - first) % step == 0 and i < len(rec) - 2
        moves.append(v)


def positions(step, first, files):
    need_dir()
    eng = so.Engine(CMD % 100000, DIR)
    for path in files:
        for key, size, komi, moves, c, v, sampled in walk(path, step, first):
            if not moves:
                setup(eng, size, komi, [])
            if sampled:
                best, rate = search(eng, c)
                if best is not None:
                    print(f'{key}\t{size}\t{komi}\t{",".join(moves)}\t{c}\t{rate:.4f}\t{best}', flush=True)
            eng.ask(f'play {c.lower()} {v}')
    eng.ask('quit')


def outcomes(step, first, dirs):
    for d in dirs:
        winner = {}
        if os.path.exists(os.path.join(d, 'result.txt')):
            with open(os.path.join(d, 'result.txt')) as f:
                for line in f:
                    # game 41: kisen B, record's count B+R, GNU Go B+R, kisen wins
                    m = re.match(r'game (\d+): kisen [BW], .*GNU Go ([BW])\+', line)
                    if m:
                        winner[int(m.group(1))] = m.group(2)
        else:
            # Self-play records: no match folder, the record's own result.
            for path in glob.glob(os.path.join(d, 'game-*.sgf')):
                with open(path) as f:
                    m = re.search(r'RE\[([BW])\+', f.read())
                m2 = re.search(r'game-(\d+)\.sgf$', path)
                if m and m2:
                    winner[int(m2.group(1))] = m.group(1)
            if not winner:
                raise SystemExit(f'oracle: {d}: no result.txt and no record with a winner in RE: '
                                 'outcomes wants scripts/gtpmatch.sh or scripts/gnugo-selfplay.sh folders')
        for g in sorted(winner):
            path = os.path.join(d, f'game-{g:03d}.sgf')
            if not os.path.exists(path):
                continue
            for key, size, komi, moves, c, v, sampled in walk(path, step, first):
                if sampled:
                    print(f'{key}\t{size}\t{komi}\t{",".join(moves)}\t{c}\t{int(winner[g] == c)}\t-')


def values(set_path, runs):
    cache_path = set_path.removesuffix('.tsv') + '.cache.tsv'
    cache = {}
    if os.path.exists(cache_path):
        for line in open(cache_path):
            key, move, rate = line.rstrip('\n').split('\t')
            cache[(key, move)] = float(rate)
    pos = {}
    for line in open(set_path):
        t = line.rstrip('\n').split('\t')
        pos[t[0]] = (int(t[1]), float(t[2]), t[3].split(',') if t[3] else [], t[4], t[6])
    chosen = []
    for r in runs:
        c = {}
        for line in open(r):
            key, move, _ = line.rstrip('\n').split('\t')
            if key not in pos:
                raise SystemExit(f'oracle: {r}: position {key} is not in {set_path}')
            c[key] = move
        chosen.append(c)
    want = sorted({(k, m) for c in chosen for k, m in c.items()} | {(k, pos[k][4]) for c in chosen for k in c})
    missing = [w for w in want if w not in cache]
    if missing:
        need_dir()
        print(f'oracle: searching {len(missing)} moves', file=sys.stderr)
        eng = so.Engine(CMD % 50000, DIR)
        with open(cache_path, 'a') as out:
            last = None
            for key, move in missing:  # sorted: one position's moves come together
                size, komi, moves, colour, _ = pos[key]
                if move == 'resign':
                    rate = 0.0
                else:
                    if key != last:
                        setup(eng, size, komi, moves)
                        last = key
                    eng.ask(f'play {colour.lower()} {move}')
                    _, r = search(eng, 'W' if colour == 'B' else 'B')
                    eng.ask('undo')
                    if r is None:
                        continue
                    rate = 1 - r
                cache[(key, move)] = rate
                out.write(f'{key}\t{move}\t{rate:.4f}\n')
                out.flush()
        eng.ask('quit')
    regrets = []
    for r, c in zip(runs, chosen):
        reg = {k: cache[(k, pos[k][4])] - cache[(k, m)] for k, m in c.items()
               if (k, m) in cache and (k, pos[k][4]) in cache}
        regrets.append(reg)
        big = sum(1 for x in reg.values() if x >= 0.1)
        mean = sum(reg.values()) / len(reg) if reg else float('nan')
        print(f'{r}: {len(reg)} positions, mean regret {mean:.4f}, 0.10 or more in {big}')
    for r, reg, c in zip(runs[1:], regrets[1:], chosen[1:]):
        d = [reg[k] - regrets[0][k] for k in reg if k in regrets[0]]
        if len(d) < 2:
            print(f'{r} minus {runs[0]}: fewer than two positions in common')
            continue
        m = sum(d) / len(d)
        se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
        differ = sum(1 for k in c if k in chosen[0] and c[k] != chosen[0][k])
        print(f'{r} minus {runs[0]}: {m:+.4f} (standard error {se:.4f}) over {len(d)}, moves differ in {differ}')


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == 'positions':
        positions(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
    elif len(sys.argv) >= 5 and sys.argv[1] == 'outcomes':
        outcomes(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'values':
        values(sys.argv[2], sys.argv[3:])
    else:
        raise SystemExit(__doc__)


if __name__ == '__main__':
    main()
