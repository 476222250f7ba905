#!/usr/bin/env python3
"""CI's smoke run of botpit-loadgen against the real server: a short level
of every scenario (chat: 48 clients in rooms of 4 for 3 s), asserting that
every client was set up, nothing failed, nobody was disconnected and that
messages were delivered and measured. Not a timed test: no latency is
asserted (the figures are printed for the log).

  loadgen_smoke.py SERVER_BINARY LOADGEN_BINARY
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

SERVER, LOADGEN = sys.argv[1], sys.argv[2]

# scenario, clients, extra flags, what must hold beyond "no errors"
RUNS = [
    ('chat', 48, [], lambda r: r['delivered_per_s'] > 0 and r['samples'] > 0),
    ('idle', 20, ['--period-ms', '500'], lambda r: r['samples'] > 0),
    ('churn', 20, ['--period-ms', '1000'], lambda r: r['samples'] > 0),
    ('reconnect', 20, [], lambda r: r['resumed'] == 20 and r['seats_lost'] == 0 and r['resume_s'] >= 0),
    ('play', 10, [], lambda r: r['delivered_per_s'] > 0),
]


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def wait_up(port, proc):
    for _ in range(100):
        if proc.poll() is not None:
            sys.exit(f'the server exited at start ({proc.returncode})')
        try:
            urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit('the server did not come up')


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen([SERVER, '--port', str(port), '--bind', '127.0.0.1',
                                   '--db', os.path.join(tmp, 'db'), '--log-level', 'error',
                                   '--no-quotas', '--max-per-ip', '1000'])
        try:
            wait_up(port, server)
            for scenario, clients, extra, holds in RUNS:
                out = subprocess.run([LOADGEN, '--port', str(port), '--scenario', scenario,
                                      '--clients', str(clients), '--warmup', '1', '--seconds', '3',
                                      '--server-pid', str(server.pid), *extra],
                                     capture_output=True, text=True, timeout=120)
                print(out.stdout, end='')
                print(out.stderr, end='', file=sys.stderr)
                if out.returncode != 0:
                    failures.append(f'{scenario}: botpit-loadgen exited {out.returncode}')
                    continue
                rows = [json.loads(l) for l in out.stdout.splitlines() if l.startswith('{')]
                if len(rows) != 1:
                    failures.append(f'{scenario}: {len(rows)} JSON lines, not 1')
                    continue
                r = rows[0]
                problems = []
                if r['ready'] != clients:
                    problems.append(f"{r['ready']} of {clients} set up")
                if r['errors'] or r['disconnects']:
                    problems.append(f"{r['errors']} errors ({r['first_error']}), {r['disconnects']} disconnects")
                if r['server_cpu_pct'] is None:
                    problems.append('no server figures from /proc')
                if not holds(r):
                    problems.append(f'its own check failed: {r}')
                if problems:
                    failures.append(f'{scenario}: ' + '; '.join(problems))
        finally:
            server.terminate()
            server.wait(timeout=10)
    for f in failures:
        print('FAIL', f, file=sys.stderr)
    sys.exit(1 if failures else 0)


main()
