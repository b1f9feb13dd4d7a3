#!/usr/bin/env python3
"""An opening screen: the first moves of games against a GTP engine, priced
by GNU Go's territory estimate.

A 19x19 game at a few thousand playouts a side takes five minutes; its
first thirty moves take well under one. This plays only those moves
between kisen and an opponent (kisen Black in odd-numbered games), then
asks GNU Go 3.8 (level 10) for estimate_score, and prints it for kisen:
a screen for changes that act in the opening, such as the priors, before
whole games decide (docs/strength.md, "Corners and the model's weight on
19x19"). The estimate includes the komi.

Usage: scripts/openingscreen.py "KISEN COMMAND" "OPPONENT COMMAND" GAMES FIRST MOVES OUT.tsv
  e.g. scripts/openingscreen.py "kisen gtp --playouts 3000 --threads 1" \\
         "/work/scratch/pachi-gtp1.sh 3000" 40 1 30 screen.tsv
Each game appends a line to OUT.tsv and prints it: game number, kisen's
colour, moves played, GNU Go's estimate for kisen (+: kisen ahead), the
moves. The summary at the end gives the mean, its standard error and the
mean by kisen's colour over every line in OUT.tsv. Environment: SIZE
(default 19), KOMI (default 6.5), GNUGO (default /usr/games/gnugo).
"""
import math
import os
import shlex
import subprocess
import sys


class GTP:
    """A GTP engine on pipes; a command's answer without its '= '."""

    def __init__(self, cmd):
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def __call__(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()
        answer = []
        while True:
            text = self.p.stdout.readline()
            if text == '':
                sys.exit('%s: exited on "%s"' % (self.cmd, line))
            text = text.rstrip('\n')
            if text == '' and answer:
                break
            if text != '':
                answer.append(text)
        reply = '\n'.join(answer)
        if reply.startswith('?'):
            sys.exit('%s: "%s" failed: %s' % (self.cmd, line, reply))
        return reply[1:].strip()

    def close(self):
        self('quit')
        self.p.wait()


def play_opening(kisen_cmd, opp_cmd, kisen_black, moves, size, komi):
    """The first moves of one game (fewer if a side resigns)."""
    kisen, opp = GTP(kisen_cmd), GTP(opp_cmd)
    for e in (kisen, opp):
        e('boardsize %d' % size)
        e('clear_board')
        e('komi %s' % komi)
    played, colour = [], 'b'
    for _ in range(moves):
        mover, other = (kisen, opp) if (colour == 'b') == kisen_black else (opp, kisen)
        move = mover('genmove ' + colour)
        if move.lower() == 'resign':
            break
        other('play %s %s' % (colour, move))
        played.append((colour, move))
        colour = 'w' if colour == 'b' else 'b'
    kisen.close()
    opp.close()
    return played


def estimate(gnugo, played, size, komi):
    """GNU Go's estimate_score for Black (+) after the moves."""
    g = GTP(gnugo + ' --mode gtp --level 10')
    g('boardsize %d' % size)
    g('clear_board')
    g('komi %s' % komi)
    for colour, move in played:
        g('play %s %s' % (colour, move))
    est = g('estimate_score').split()[0]
    g.close()
    value = float(est[2:]) if len(est) > 2 else 0.0
    return value if est.startswith('B') else -value


def summary(path):
    values, by_colour = [], {'B': [], 'W': []}
    for line in open(path):
        f = line.rstrip('\n').split('\t')
        values.append(float(f[3]))
        by_colour[f[1]].append(float(f[3]))
    n = len(values)
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    parts = ['%d games, kisen %+.1f (s.e. %.1f)' % (n, mean, se)]
    for c in 'BW':
        if by_colour[c]:
            parts.append('as %s %+.1f over %d' % (
                'Black' if c == 'B' else 'White',
                sum(by_colour[c]) / len(by_colour[c]), len(by_colour[c])))
    return '; '.join(parts)


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    kisen_cmd, opp_cmd = sys.argv[1], sys.argv[2]
    games, first, moves, out = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
    size = int(os.environ.get('SIZE', '19'))
    komi = os.environ.get('KOMI', '6.5')
    gnugo = os.environ.get('GNUGO', '/usr/games/gnugo')
    with open(out, 'a') as f:
        for game in range(first, first + games):
            kisen_black = game % 2 == 1
            played = play_opening(kisen_cmd, opp_cmd, kisen_black, moves, size, komi)
            value = estimate(gnugo, played, size, komi)
            if not kisen_black:
                value = -value
            line = '%d\t%s\t%d\t%.1f\t%s' % (game, 'B' if kisen_black else 'W', len(played),
                                             value, ' '.join(m for _, m in played))
            print(line, flush=True)
            f.write(line + '\n')
            f.flush()
    print(summary(out))


if __name__ == '__main__':
    main()
