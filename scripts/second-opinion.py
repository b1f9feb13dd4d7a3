#!/usr/bin/env python3
"""A second opinion on kisen's moves in a game record.

For every move of COLOUR (B or W) in FILE.sgf, a GTP engine that speaks
lz-genmove_analyze (Pachi 12; Leela Zero and KataGo do too) searches the
position before the move and prints its win rate for that side, its own
choice, and its win rate for the move played when it searched that move.
A fall in the engine's win rate from one of our moves to the next marks the
move (or the reply) that lost the game; docs/strength.md reads the Pachi
games this way.

Usage: scripts/second-opinion.py FILE.sgf COLOUR "ENGINE COMMAND" [DIR]
  DIR: the folder to start the engine in (Pachi loads its pattern files
  from there). The engine's effort is its own command's business, e.g.
  "./pachi --nodcnn -r japanese -t =50000 threads=2 -d 0".
Prints: move number, colour, move played, engine's choice, engine's win
rate for the side to move (%), engine's win rate of the move played
(% and visits, "-" if it did not search it).
"""
import re
import subprocess
import sys

LETTERS = 'ABCDEFGHJKLMNOPQRST'


def read_record(path):
    text = open(path, encoding='utf-8', errors='replace').read()
    size = re.search(r'SZ\[(\d+)\]', text)
    komi = re.search(r'KM\[([-0-9.]+)\]', text)
    moves = re.findall(r';\s*([BW])\[([a-t]{0,2})\]', text)
    return int(size.group(1)) if size else 19, float(komi.group(1)) if komi else 6.5, moves


def vertex(sgf_point, size):
    if sgf_point in ('', 'tt'):
        return 'pass'
    col, row = ord(sgf_point[0]) - ord('a'), ord(sgf_point[1]) - ord('a')
    return f'{LETTERS[col]}{size - row}'


class Engine:
    def __init__(self, command, cwd):
        self.proc = subprocess.Popen(command, shell=True, cwd=cwd, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)

    def ask(self, command):
        """Sends one command and returns its reply (lines up to the blank one)."""
        self.proc.stdin.write(command + '\n')
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == '':
                raise SystemExit(f'second-opinion: the engine quit after "{command}"')
            if line.strip() == '':
                if lines:
                    break
                continue
            lines.append(line.rstrip('\n'))
        reply = '\n'.join(lines)
        if reply.startswith('?'):
            raise SystemExit(f'second-opinion: the engine refused "{command}": {reply}')
        return reply


def analyze(eng, colour):
    """The engine's search for colour (B or W), taken back afterwards:
    {move: (visits, win rate in hundredths of a per cent)}."""
    reply = eng.ask(f'lz-genmove_analyze {colour.lower()} 100000')
    infos = re.findall(r'info move (\S+) visits (\d+) winrate (\d+)', reply)
    # A resigning engine plays nothing, so there is nothing to undo.
    if 'play resign' not in reply:
        eng.ask('undo')
    # The last report of each move is its final one.
    return {m: (int(v), int(w)) for m, v, w in infos}


def main():
    if len(sys.argv) < 4 or sys.argv[2] not in ('B', 'W'):
        raise SystemExit(__doc__)
    path, colour, command = sys.argv[1:4]
    cwd = sys.argv[4] if len(sys.argv) > 4 else None
    size, komi, moves = read_record(path)
    eng = Engine(command, cwd)
    for c in (f'boardsize {size}', f'komi {komi}', 'clear_board'):
        eng.ask(c)
    for i, (c, p) in enumerate(moves):
        played = vertex(p, size)
        if c == colour:
            final = analyze(eng, c)
            choice = max(final, key=lambda m: final[m][0]) if final else '?'
            rate = final[choice][1] / 100 if final else float('nan')
            ours = final.get(played)
            ours_text = f'{ours[1] / 100:.1f} ({ours[0]})' if ours else '-'
            print(f'{i + 1:3d} {c} played {played:4s} engine {choice:6s} {rate:5.1f}  played {ours_text}',
                  flush=True)
        eng.ask(f'play {c.lower()} {played}')
    eng.ask('quit')


if __name__ == '__main__':
    main()
