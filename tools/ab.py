"""A/B two source trees of sim by CPU time, alternating fresh processes (a developer's tool, not used by tests).

usage: python tools/ab.py TREE_A TREE_B GAME VARIANT [ROUNDS] [SECONDS]

e.g. ``git worktree add --detach ../base HEAD``, change the working tree, then
``.venv/bin/python tools/ab.py ../base . cassino builds 3 2``. Each round runs one fresh process per tree (A then B,
then B then A); each plays the game's sessions on one thread for about SECONDS of CPU time (best of three calls),
and measures the honest floor (sim/floor.py of that tree) in the same process. Printed per round: each tree's
deals/s and ratio to the floor, B/A of the deal rates, and whether the two trees give byte-identical result rows
for the same 256 sessions (a change meant to keep play must say "same rows"); last, the median B/A. CPU time, not
wall time, so other work on the machine disturbs it less; still take 3+ rounds on a shared machine.
"""
import json
import os
import statistics
import subprocess
import sys

CHILD = r'''
import sys, time, json, numpy as np
from sim import runner, bench  # sim before numba: sim keys numba's cache folder by this tree's sources
import numba
numba.set_num_threads(1)
from sim.games import _contract
game, variant, secs, floor_tree = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
spec = runner.make_spec(game, variant, n=1)
m = spec.module
dps = spec.deals_per_session
k = _contract.harness(game)
cfg = m.kernel_config(spec.rules)
seats = _contract.seats(runner.policy_codes(spec), runner.policy_params(spec))
def play(nsess, first=0):
    rows = np.ones((nsess, _contract.row(m)), dtype=np.int64)  # written before the clock starts: the pages'
    t = time.process_time()  # first touch is not the game's time (as sim bench reuses its rows)
    k.play_sessions(cfg, seats, np.uint64(1), first, dps, rows)
    return time.process_time() - t, rows
play(4)
n = 256
while True:
    dt, rows = play(n)
    if dt > secs / 3: break
    n *= 2
best = dt
for r in range(2):
    dt, rows2 = play(n)
    best = min(best, dt)
d = _contract.dealing(m, spec.rules)
per_game = bench.deals_per_game(m, d, rows, dps)
rate = n * dps * per_game / best
from sim import floor as fl  # this tree's floor
cards = np.zeros(d.pack, dtype=np.int64); hands = np.zeros(spec.rules.players, dtype=np.uint64)
fl.shuffle_and_deal(1, 8, d.pack, d.drawn, spec.rules.players, cards, hands)
fb = 1e9; kk = 1 << 18
for r in range(3):
    t = time.process_time()
    fl.shuffle_and_deal(1, kk, d.pack, d.drawn, spec.rules.players, cards, hands)
    fb = min(fb, time.process_time() - t)
_, fixed = play(256)  # the same 256 sessions in every process, for the rows check
import hashlib
print(json.dumps({"rate": rate, "floor": kk / fb, "checksum": hashlib.sha1(fixed.tobytes()).hexdigest()}))
'''

def one(tree, game, variant, secs, floor_tree):
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", CHILD, game, variant, str(secs), floor_tree], env=env, cwd=tree,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])

a, b, game, variant = sys.argv[1:5]
rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
secs = float(sys.argv[6]) if len(sys.argv) > 6 else 3.0
ratios = []
for r in range(rounds):
    order = [(a, "A"), (b, "B")] if r % 2 == 0 else [(b, "B"), (a, "A")]
    res = {}
    for tree, name in order:
        res[name] = one(tree, game, variant, secs, a)
    ra, rb = res["A"], res["B"]
    same = "same rows" if ra["checksum"] == rb["checksum"] else "ROWS DIFFER"
    ratios.append(rb["rate"] / ra["rate"])
    print(f"round {r}: A {ra['rate']:,.0f}/s ({ra['rate']/ra['floor']:.3f} of floor)  B {rb['rate']:,.0f}/s "
          f"({rb['rate']/rb['floor']:.3f})  B/A {ratios[-1]:.3f}  {same}", flush=True)
print(f"median B/A {statistics.median(ratios):.3f} over {rounds} rounds")
