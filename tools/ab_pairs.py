"""A/B two source trees of sim by interleaved pairs of short timed calls (a developer's tool, not used by tests).

usage: python tools/ab_pairs.py TREE_A TREE_B GAME VARIANT [PAIRS] [SECONDS] [STRATEGY]

Where ``tools/ab.py`` starts fresh processes for each round (a few rounds of seconds each), this keeps one
long-lived process per tree and alternates short calls between them (A then B, then B then A), each about
SECONDS of CPU time, PAIRS pairs in all (default 40 of 0.3 s), every seat playing STRATEGY (default book, as
in ``sim run``). Each pair's B/A is taken from two calls a fraction of a second apart, so on a shared
machine whose speed drifts over seconds the pairs' spread is narrower than ``ab.py``'s rounds: printed are the
median B/A, its interquartile range and full range, and each tree's median and best rate. Both trees first play
the same 4,096 sessions and say whether their rows are byte-identical ("same rows"), as a change meant to keep
play must. CPU time, one thread.

Its two processes live for the whole A/B, and two processes of the same code can differ by a few percent for
their whole life (where their code and data fall), which no number of pairs averages out: three changes that
each read 1.035-1.07 here read 0.990 together in ``tools/ab.py``'s fresh processes (docs/speed.md). Confirm a
gain below some 5% with ``tools/ab.py``.
"""

import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import sys, time, json, hashlib, numpy as np
from sim import runner  # sim before numba: sim keys numba's cache folder by this tree's sources
import numba
numba.set_num_threads(1)
from sim.games import _contract
game, variant = sys.argv[1], sys.argv[2]
spec = runner.make_spec(game, variant, n=1, **({"strategy": sys.argv[3]} if len(sys.argv) > 3 else {}))
m = spec.module
dps = spec.deals_per_session
k = _contract.harness(game)
cfg = m.kernel_config(spec.rules)
seats = _contract.seats(runner.policy_codes(spec), runner.policy_params(spec))
def play(nsess):
    rows = np.ones((nsess, _contract.row(m)), dtype=np.int64)  # touched before the clock starts
    t = time.process_time()
    k.play_sessions(cfg, seats, np.uint64(1), 0, dps, rows)
    return time.process_time() - t, rows
play(4)
_, fixed = play(4096)
print(json.dumps({"checksum": hashlib.sha1(fixed.tobytes()).hexdigest(), "dps": dps}), flush=True)
for line in sys.stdin:
    n = int(line)
    dt, _ = play(n)
    print(json.dumps({"rate": n * dps / dt}), flush=True)
"""


def start(tree: str, args: list[str]) -> subprocess.Popen:
    """The long-lived process of one tree; ``args``: game, variant and (optionally) the strategy."""
    env = dict(os.environ, PYTHONPATH=tree)
    return subprocess.Popen([sys.executable, "-c", CHILD, *args], env=env, cwd=tree, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)  # fmt: skip


def call(proc: subprocess.Popen, sessions: int) -> float:
    """Deals/s of one call of ``sessions`` sessions in that tree's process."""
    proc.stdin.write(f"{sessions}\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())["rate"]


def main() -> None:
    a, b, game, variant = sys.argv[1:5]
    pairs = int(sys.argv[5]) if len(sys.argv) > 5 else 40
    secs = float(sys.argv[6]) if len(sys.argv) > 6 else 0.3
    args = [game, variant] + sys.argv[7:8]
    procs = {"A": start(a, args), "B": start(b, args)}
    first = {name: json.loads(p.stdout.readline()) for name, p in procs.items()}
    print("same rows" if first["A"]["checksum"] == first["B"]["checksum"] else "ROWS DIFFER", flush=True)
    dps = first["A"]["dps"]
    sessions = 256
    while sessions * dps / call(procs["A"], sessions) < secs:
        sessions *= 2
    ratios, rates = [], {"A": [], "B": []}
    for i in range(pairs):
        order = ("A", "B") if i % 2 == 0 else ("B", "A")
        got = {name: call(procs[name], sessions) for name in order}
        for name, rate in got.items():
            rates[name].append(rate)
        ratios.append(got["B"] / got["A"])
    for p in procs.values():
        p.stdin.close()
        p.wait()
    q = statistics.quantiles(ratios, n=4)
    for name in "AB":
        print(f"{name}: median {statistics.median(rates[name]):,.0f} deals/s, best {max(rates[name]):,.0f}")
    print(f"B/A over {pairs} pairs: median {statistics.median(ratios):.3f}, IQR {q[0]:.3f}-{q[2]:.3f}, "
          f"range {min(ratios):.3f}-{max(ratios):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
