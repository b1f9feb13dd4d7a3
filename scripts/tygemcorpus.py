#!/usr/bin/env python3
"""Writes TYGEM 9-dan games as SGF records for the move model's fit.

The games are those of the public repository yenw/computer-go-dataset
(commit d40334f), folder TYGEM/Kifu: one zip a month of games between
9-dan players of the TYGEM server, each line "ID<TAB>;B[..];W[..]...",
even games at komi 6.5. They are not part of kisen. Unpack the months
first (the snapshot holds some of them; docs/model.md names the ones
used):

  git --git-dir=MIRROR cat-file -p HEAD:TYGEM/Kifu/2016-06.zip > m.zip && unzip m.zip

Usage: scripts/tygemcorpus.py OUT EVERY MONTHFILE...

Writes OUT/tNNNNN.sgf for every EVERY-th game of the files, in order,
that has at least 80 moves, and prints how many games it read and wrote.
"""
import os
import re
import sys

MOVE = re.compile(r';[BW]\[[a-s]{0,2}\]')


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    out, every, months = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not every.isdigit() or int(every) < 1:
        raise SystemExit(f'EVERY is {every!r}: want a whole number, 1 or more (1 writes every game)')
    every = int(every)
    os.makedirs(out, exist_ok=True)
    usable = written = 0
    for month in months:
        with open(month, encoding='utf-8', errors='replace') as f:
            for line in f:
                fields = line.rstrip('\n').split('\t')
                if len(fields) < 2:
                    continue
                moves = fields[1].strip()
                # Only plain moves: no setup stones, comments or other
                # properties that the record would have to carry.
                if len(MOVE.findall(moves)) < 80 or MOVE.sub('', moves):
                    continue
                usable += 1
                if usable % every:
                    continue
                written += 1
                path = os.path.join(out, 't%05d.sgf' % written)
                with open(path, 'w') as g:
                    g.write('(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]' + moves + ')\n')
    print(f'{usable} usable games, {written} written to {out}')


if __name__ == '__main__':
    main()
