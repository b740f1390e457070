"""``sim bench``: deals per second of every game x variant on one thread, beside shuffling and dealing alone.

Shuffling and dealing the pack (``shuffle_only`` of each game module, the same code the game deals with) is
the floor no game can beat, so each row reports the ratio of the game's rate to that floor, measured back to
back in the same run: a ratio is comparable across machines and
load, a raw rate is not. Never used in tests (timings are noisy on shared machines).
"""

from __future__ import annotations

import time

import numpy as np

from sim import games as _games
from sim import runner


def _rate(fn, seconds: float) -> float:
    """Calls/s of fn(k) doing k deals: warm up, then grow k until one call lasts ``seconds`` / 3; best of 3."""
    fn(8)
    k = 1024
    while True:
        t = time.perf_counter()
        fn(k)
        dt = time.perf_counter() - t
        if dt >= seconds / 3 or k >= 1 << 26:
            break
        k *= 2
    best = dt
    for _ in range(2):
        t = time.perf_counter()
        fn(k)
        best = min(best, time.perf_counter() - t)
    return k / best


def measure(game: str, variant: str, seconds: float = 1.0, strategy: str = "book", players: int | None = None):
    """(game deals/s, shuffle-and-deal-only deals/s) on one thread, measured back to back."""
    m = _games.load(game)
    spec = runner.make_spec(game, variant, n=1, players=players, strategy=strategy)
    dps = spec.deals_per_session
    args = m.kernel_args(spec.rules) if hasattr(m, "kernel_args") else ()
    pol = runner.policy_codes(spec)
    ppar = runner.policy_params(spec)
    seed = np.uint64(spec.seed)

    out = np.zeros(1, dtype=np.int64)
    if hasattr(m, "RULEBOOK"):
        from sim.games import _contract

        kernels = _contract.harness(game)
        cfg = m.kernel_config(spec.rules)
        seats = _contract.seats(pol, ppar)

        def play(k):
            rows = np.zeros((max(1, k // dps), _contract.row(m)), dtype=np.int64)
            kernels.play_sessions(cfg, seats, seed, 0, dps, rows)

        def shuffle(k):
            kernels.shuffle_only(cfg, seats, seed, 0, k, out)

    else:

        def play(k):
            sessions = max(1, k // dps)
            rows = np.zeros((sessions, m.ROW), dtype=np.int64)
            m.play_sessions(*args, pol, ppar, seed, 0, dps, rows)

        def shuffle(k):
            m.shuffle_only(*args, seed, 0, k, out)

    game_rate = _rate(play, seconds)
    floor = _rate(shuffle, seconds)
    return game_rate, floor


def run_bench(seconds: float = 1.0, only: str | None = None) -> list[dict]:
    import numba
    from rich.console import Console
    from rich.table import Table

    numba.set_num_threads(1)
    rows = []
    table = Table(title="Deals per second on one thread (book strategy, default players)", title_justify="left")
    for col in ("game", "variant", "deals/s", "shuffle+deal/s", "ratio"):
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    con = Console(highlight=False)
    for game in _games.GAMES:
        if only and game != only:
            continue
        m = _games.load(game)
        for variant in m.VARIANTS:
            rate, floor = measure(game, variant, seconds)
            rows.append(
                {"game": game, "variant": variant, "deals_per_s": rate, "shuffle_per_s": floor, "ratio": rate / floor}
            )
            table.add_row(game, variant, f"{rate:,.0f}", f"{floor:,.0f}", f"{rate / floor:.3f}")
    con.print(table)
    return rows
