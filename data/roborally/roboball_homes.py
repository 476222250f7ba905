#!/usr/bin/env python3
"""Chooses the RoboBall squares of each course (run by hand, not by the build).

Usage: roboball_homes.py COURSES_JSON [--write DATA_DIR]

COURSES_JSON is the generated course file (build/server/games/roborally/courses.json).
For each course: the ball starts on the centre square (width//2, height//2), or the
nearest plain square to it; each team's home is a plain square (no pit, belt, gear,
pusher, repair site, flag, dock or wall-mounted laser) at the same walking-free
(Manhattan) distance D from the ball, reachable from it, for 2..8 teams, chosen to
be as far apart from each other as possible. D is the largest ring (up to 7) that
holds 8 such squares. With --write the result goes into each course file as
"roboball" (FORMAT.md); roborally_gen validates it at build time.
"""
import itertools
import json
import os
import sys


def plain_cells(c):
    special = {}
    for k in c['cells']:
        bad = k['kind'] != 'floor' or 'pusher' in k or 'flag' in k or 'dock' in k
        special[(k['x'], k['y'])] = bad
    for las in c['lasers']:
        special[(las['x'], las['y'])] = True
    return lambda x, y: 0 <= x < c['width'] and 0 <= y < c['height'] and not special.get((x, y), False)


def reachable(c, start):
    walls = {(k['x'], k['y']): k.get('walls', '') for k in c['cells']}
    pits = {(k['x'], k['y']) for k in c['cells'] if k['kind'] == 'pit'}
    step = {'N': (0, -1), 'E': (1, 0), 'S': (0, 1), 'W': (-1, 0)}
    opp = {'N': 'S', 'E': 'W', 'S': 'N', 'W': 'E'}
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for d, (dx, dy) in step.items():
            n = (x + dx, y + dy)
            if not (0 <= n[0] < c['width'] and 0 <= n[1] < c['height']) or n in seen or n in pits:
                continue
            if d in walls.get((x, y), '') or opp[d] in walls.get(n, ''):
                continue
            seen.add(n)
            todo.append(n)
    return seen


def spread(cells, n):
    """n cells of the list, as far apart (smallest pairwise Manhattan distance) as possible."""
    best, best_key = None, None
    for combo in itertools.combinations(cells, n):
        dmin = min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in itertools.combinations(combo, 2))
        total = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in itertools.combinations(combo, 2))
        key = (dmin, total)
        if best_key is None or key > best_key:
            best, best_key = combo, key
    return [list(c) for c in best]


def choose(c):
    ok = plain_cells(c)
    cx, cy = c['width'] // 2, c['height'] // 2
    ball = min(((x, y) for x in range(c['width']) for y in range(c['height']) if ok(x, y)),
               key=lambda p: (abs(p[0] - cx) + abs(p[1] - cy), p[1], p[0]))
    reach = reachable(c, ball)
    for dist in range(7, 2, -1):
        ring = [(x, y) for y in range(c['height']) for x in range(c['width'])
                if abs(x - ball[0]) + abs(y - ball[1]) == dist and ok(x, y) and (x, y) in reach]
        if len(ring) >= 8:
            break
    # a sample of the ring keeps the search small; every 8-set is still checked on it
    ring = ring if len(ring) <= 16 else ring[::max(1, len(ring) // 16)][:16]
    homes = {str(n): spread(ring, n) for n in range(2, 9)}
    return {'ball': list(ball), 'distance': dist, 'homes': homes}


def main():
    data = json.load(open(sys.argv[1]))
    out = {c['id']: choose(c) for c in data['courses']}
    if len(sys.argv) > 3 and sys.argv[2] == '--write':
        for cid, rb in out.items():
            path = os.path.join(sys.argv[3], 'courses', cid + '.json')
            text = open(path).read().rstrip()
            assert text.endswith('}') and '"roboball"' not in text, path
            homes = ',\n'.join('      "%s": %s' % (n, json.dumps(h)) for n, h in rb['homes'].items())
            block = (',\n  "roboball": {\n    "ball": %s,\n    "homes": {\n%s\n    }\n  }\n}\n'
                     % (json.dumps(rb['ball']), homes))
            with open(path, 'w') as f:
                f.write(text[:-1].rstrip() + block)
    print(json.dumps(out))


main()
