#!/usr/bin/env python3
"""Picks 19x19 records of strong programs for the move model's fit.

The records are those of the public repository yenw/computer-go-dataset
(commit d40334f), folder AI/: matches between strong programs (AlphaGo,
FineArt, the world AI championships, the UEC Cup). They are not part of
kisen; fetch the repository and unpack its AI folder first:

  git --git-dir=MIRROR archive HEAD AI | tar x -C SRC

Usage: scripts/strongcorpus.py SRC/AI OUT [EVERY] [LIMIT]

Writes OUT/NNNN.sgf for every record of the folders below that is an even
19x19 game (no handicap, no setup stones), has no variations and at least
80 moves; with EVERY and LIMIT only every EVERY-th of them, LIMIT at most
(docs/model.md fits on every third, 350 games). Prints how many each
folder gave.
"""
import glob
import os
import re
import sys

FOLDERS = [
    'AlphaGo Zero', 'AlphaGo 2.0', 'master', 'AlphaGo',
    '2018 Tencent World AI WEIQI Competition',
    '2019 China Securities Cup World AI WEIQI Open',
    '2020 World GO AI Championship',
    'The 1st World AI Go Open 2017', 'The 2nd World AI Go Open 2018',
    'Berry Genomics Cup 2018 World AI Weiqi Competition',
    'Berry Genomics Cup 2019 World AI Weiqi Competition',
    'The 11th Computer Go UEC Cup', 'FineArt',
]


def usable(text):
    """An even 19x19 game of one line and 80 moves or more."""
    if not re.search(r'SZ\[19\]', text):
        return False
    if re.search(r'\bA[BW]\[', text) or re.search(r'HA\[[1-9]', text):
        return False
    if text.count('(;') > 1:
        return False
    return len(re.findall(r';\s*[BW]\[', text)) >= 80


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 1 << 30
    os.makedirs(out, exist_ok=True)
    found, written, per = 0, 0, {}
    for folder in FOLDERS:
        for path in sorted(glob.glob(os.path.join(src, folder, '**', '*'), recursive=True)):
            if not os.path.isfile(path) or not path.lower().endswith('.sgf'):
                continue
            text = open(path, 'rb').read().decode('utf-8', 'replace')
            if not usable(text):
                continue
            found += 1
            if (found - 1) % every != 0 or written >= limit:
                continue
            written += 1
            per[folder] = per.get(folder, 0) + 1
            with open(os.path.join(out, f'{found:04d}.sgf'), 'w', encoding='utf-8') as f:
                f.write(text)
    for folder, n in per.items():
        print(f'{n:5d} {folder}')
    print(f'{written} of {found} usable records written to {out}')


if __name__ == '__main__':
    main()
