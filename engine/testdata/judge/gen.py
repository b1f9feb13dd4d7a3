#!/usr/bin/env python3
"""Make the judgement corpus: GNU Go self-play games that end by two passes,
each scored by `gnugo --score aftermath --japanese-rules`.

usage: gen.py SIZE FIRST_SEED COUNT [LEVEL]
writes gnugo-SIZE-SEED.sgf and appends "file result" to oracle-SIZE.txt."""
import subprocess, sys, os

GNUGO = "/usr/games/gnugo"

def gtp(p, cmd):
    p.stdin.write(cmd + "\n"); p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline()
        if line == "":
            raise RuntimeError("gnugo closed")
        if line == "\n" and out:
            break
        out.append(line)
    s = "".join(out)
    if not s.startswith("="):
        raise RuntimeError(cmd + ": " + s)
    return s[1:].strip()

def game(size, seed, level):
    p = subprocess.Popen([GNUGO, "--mode", "gtp", "--seed", str(seed), "--level", str(level)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    gtp(p, "boardsize %d" % size); gtp(p, "clear_board"); gtp(p, "komi 6.5")
    passes, color, n = 0, "black", 0
    moves = []
    while passes < 2 and n < 600:
        mv = gtp(p, "genmove " + color)
        if mv.lower() == "resign":
            p.kill(); return None
        passes = passes + 1 if mv.lower() == "pass" else 0
        moves.append(";%s[%s]" % (color[0].upper(), sgfpoint(size, mv)))
        color = "white" if color == "black" else "black"; n += 1
    gtp(p, "quit"); p.wait()
    if passes < 2:
        return None
    return ("(;GM[1]FF[4]CA[UTF-8]AP[gnugo-selfplay]SZ[%d]KM[6.5]RU[Japanese]PB[GNU Go]PW[GNU Go]GC[seed %d level %d]\n"
            % (size, seed, level)) + "\n".join(moves) + ")"

def sgfpoint(size, v):
    if v.lower() == "pass":
        return ""
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    col = letters.index(v[0].upper()); row = int(v[1:]) - 1
    return "abcdefghijklmnopqrstuvwxyz"[col] + "abcdefghijklmnopqrstuvwxyz"[size - 1 - row]

def main():
    size, first, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    level = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    here = os.path.dirname(os.path.abspath(__file__))
    for seed in range(first, first + count):
        sgf = game(size, seed, level)
        if sgf is None:
            continue
        name = "gnugo-%d-%d.sgf" % (size, seed)
        path = os.path.join(here, name)
        with open(path, "w") as f:
            f.write(sgf + "\n")
        out = subprocess.run([GNUGO, "--score", "aftermath", "--japanese-rules", "--komi", "6.5", "-l", path],
                             capture_output=True, text=True).stdout
        res = "?"
        for line in out.splitlines():
            # "White wins by 3.5 points" / "Black wins by ..." / "Jigo"
            w = line.split()
            if "wins" in w and "by" in w:
                side = "B" if w[0] == "Black" else "W"
                res = "%s+%s" % (side, w[w.index("by") + 1])
            elif "jigo" in line.lower() or "tie" in line.lower():
                res = "0"
        with open(os.path.join(here, "oracle-%d.txt" % size), "a") as f:
            f.write("%s %s\n" % (name, res))
        print(name, res, flush=True)

main()
