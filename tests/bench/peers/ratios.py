#!/usr/bin/env python3
"""Summarises a `scripts/bench --compare colyseus` run: per level, each
server's median over the rounds (p99, memory, CPU, deliveries) and the
ratios Colyseus / Botpit; then the most clients each held with p99 under
25, 50 and 100 ms (every client set up, no errors), in every round and in
its best round, and their ratio.

  ratios.py RUN.jsonl
"""
import json
import statistics
import sys
from collections import defaultdict

rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{')]
by = defaultdict(list)  # (server, clients) -> rows
for r in rows:
    by[(r['server'], r['clients'])].append(r)
levels = sorted({c for _, c in by})


def med(server, clients, field):
    xs = [r[field] for r in by.get((server, clients), []) if r.get(field) is not None]
    return statistics.median(xs) if xs else None


def ratio(a, b):
    return f'{a / b:.2f}x' if a is not None and b not in (None, 0) else '-'


def fmt(v, unit=''):
    return '-' if v is None else f'{v:.1f}{unit}'


print('clients | p99 ms botpit / colyseus | ratio | RSS MB botpit / colyseus | ratio | CPU % botpit / colyseus | ratio | deliveries/s botpit / colyseus')
for n in levels:
    b = {f: med('botpit', n, f) for f in ('p99_ms', 'server_rss_mb', 'server_cpu_pct', 'delivered_per_s')}
    c = {f: med('colyseus', n, f) for f in ('p99_ms', 'server_rss_mb', 'server_cpu_pct', 'delivered_per_s')}
    print(f"{n:>7} | {fmt(b['p99_ms']):>8} / {fmt(c['p99_ms']):<8} | {ratio(c['p99_ms'], b['p99_ms']):>6} | "
          f"{fmt(b['server_rss_mb']):>7} / {fmt(c['server_rss_mb']):<7} | {ratio(c['server_rss_mb'], b['server_rss_mb']):>6} | "
          f"{fmt(b['server_cpu_pct']):>6} / {fmt(c['server_cpu_pct']):<6} | {ratio(c['server_cpu_pct'], b['server_cpu_pct']):>6} | "
          f"{fmt(b['delivered_per_s'])} / {fmt(c['delivered_per_s'])}")


def held(server, limit, rounds):
    """The most clients at a level where the rounds (every one, or any one)
    were clean and under the limit."""
    best = 0
    for n in levels:
        runs = by.get((server, n), [])
        ok = [r['p99_ms'] <= limit and r['ready'] == n and r['errors'] == 0 for r in runs]
        if runs and rounds(ok):
            best = n
    return best


# On a shared machine one round can be starved (see the "srv wait" column):
# "every round" is what held for sure, "its best round" what the server can
# do when left to run.
print()
for name, rounds in (('in every round', all), ('in its best round', any)):
    for limit in (25, 50, 100):
        b, c = held('botpit', limit, rounds), held('colyseus', limit, rounds)
        print(f'clients held at p99 <= {limit} ms {name}: botpit {b}, colyseus {c}, '
              f'ratio {ratio(b, c) if c else "-"}'
              + ('' if b < levels[-1] else ' (botpit held the largest level tried)'))
