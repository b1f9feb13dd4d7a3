#!/usr/bin/env python3
"""GNU Go's top moves as targets for scripts/mmfit -targets.

Reads the positions of a scripts/searchtargets file (RECORD INDEX COLOUR ...,
INDEX moves played before the position) and asks GNU Go 3.8 (level 10, GTP)
for its top moves there (`top_moves_black` / `top_moves_white`, up to ten,
each with its value in points). Writes one line a position in the same form,
the values turned into weights 1000*exp((v - best)/T): GNU Go's first move
gets 1000, a move T points worse 368. mmfit takes the weights as a search's
visits.

usage: scripts/gnugotargets.py [-T 5] [-shard I -shards N] IN OUT

OUT is appended to as each position is read, and a rerun skips the positions
OUT already holds, so a stopped run goes on where it stopped. Shards split IN
by line number, for one GNU Go process a core.
"""
import argparse
import math
import os
import subprocess
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-T", type=float, default=5.0, help="points of value for a factor e less weight")
    ap.add_argument("-shard", type=int, default=0)
    ap.add_argument("-shards", type=int, default=1)
    ap.add_argument("-gnugo", default="/usr/games/gnugo")
    ap.add_argument("inp", metavar="IN")
    ap.add_argument("out", metavar="OUT")
    a = ap.parse_args()
    if a.T <= 0 or not 0 <= a.shard < a.shards:
        sys.exit("gnugotargets: want -T above 0 and 0 <= -shard < -shards")

    done = set()
    if os.path.exists(a.out):
        with open(a.out) as f:
            for line in f:
                fs = line.split()
                if len(fs) >= 2:
                    done.add((fs[0], fs[1]))

    gg = subprocess.Popen([a.gnugo, "--mode", "gtp", "--level", "10"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(cmd):
        gg.stdin.write(cmd + "\n")
        gg.stdin.flush()
        lines = []
        while True:
            line = gg.stdout.readline()
            if line == "":
                sys.exit("gnugotargets: GNU Go stopped answering (after %r)" % cmd)
            if line.strip() == "" and lines:
                return " ".join(lines)
            if line.strip():
                lines.append(line.strip())

    n = 0
    with open(a.inp) as inp, open(a.out, "a") as out:
        for k, line in enumerate(inp):
            fs = line.split()
            if k % a.shards != a.shard or len(fs) < 3 or (fs[0], fs[1]) in done:
                continue
            record, index, colour = fs[0], int(fs[1]), fs[2]
            # loadsgf's move number is the move about to be played.
            if not ask("loadsgf %s %d" % (record, index + 1)).startswith("= "):
                print("gnugotargets: %s: GNU Go cannot load it; skipped" % record, file=sys.stderr)
                continue
            reply = ask("top_moves_" + colour)
            if not reply.startswith("="):
                continue
            words = reply[1:].split()
            moves = []
            for i in range(0, len(words) - 1, 2):
                mv, value = words[i].upper(), float(words[i + 1])
                if mv != "PASS" and value > 0:
                    moves.append((LETTERS.index(mv[0]), int(mv[1:]) - 1, value))
            if not moves:
                continue
            best = max(v for _, _, v in moves)
            parts = []
            for col, row, v in moves:
                w = round(1000 * math.exp((v - best) / a.T))
                if w > 0:
                    parts.append("%d,%d:%d" % (col, row, w))
            out.write("%s %d %s %s\n" % (record, index, colour, " ".join(parts)))
            out.flush()
            n += 1
    ask("quit")
    print("gnugotargets: %d positions written to %s" % (n, a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
