"""``sim bench``: deals per second of every game x variant, against the fastest known shuffle-and-deal.

The floor (sim/floor.py) is the fastest known way to shuffle and deal the same pack; no game can beat it, so
each row reports the game's rate divided by it, and also by the game's own shuffle-and-deal, and the speed-up
from one thread to two, all measured back to back in the same run: a ratio is comparable across machines and
load, a raw rate is not. Never used in tests (timings are noisy on shared machines).
"""

from __future__ import annotations

import time

import numpy as np

from sim import games as _games
from sim import runner
from sim.games import _contract
from sim.games._common import COL_EVENTS

MAX_SECONDS = 3600.0  # per row; the same bound as sim bench --seconds


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


def _kernels(game: str, spec) -> tuple:
    """(play k deals, shuffle-and-deal k decks with the game's own code) for one spec."""
    m = spec.module
    dps = spec.deals_per_session
    seed = np.uint64(spec.seed)
    pol = runner.policy_codes(spec)
    ppar = runner.policy_params(spec)
    out = np.zeros(1, dtype=np.int64)
    kernels = _contract.harness(game)
    cfg = m.kernel_config(spec.rules)
    seats = _contract.seats(pol, ppar)

    played: list[np.ndarray] = []  # the last call's rows, from which deals_per_game reads the game's deal count

    def play(k: int) -> None:
        # the rows of the last call are reused (play_sessions fills every row): a fresh array each call put the
        # kernel's first touch of its pages (5% of Pope Joan's time, perf) in the game's time
        shape = (max(1, k // dps), _contract.row(m))
        rows = played[0] if played and played[0].shape == shape else np.empty(shape, dtype=np.int64)
        kernels.play_sessions(cfg, seats, seed, 0, dps, rows)
        played[:] = [rows]

    def shuffle(k: int) -> None:
        kernels.shuffle_only(cfg, seats, seed, 0, k, out)

    return play, shuffle, played


def honest_floor(dealing: _contract.Dealing, players: int, seconds: float) -> float:
    """Deals/s of the fastest known way (sim.floor) to shuffle and deal what one of the game's deals does."""
    from sim.floor import shuffle_and_deal

    cards = np.zeros(dealing.pack, dtype=np.int64)
    hands = np.zeros(players, dtype=np.uint64)
    return _rate(lambda k: shuffle_and_deal(1, k, dealing.pack, dealing.drawn, players, cards, hands), seconds)


def deals_per_game(module, dealing: _contract.Dealing, rows: np.ndarray, dps: int) -> float:
    """The game's deals in one driver deal: 1, or where a driver deal is a whole game the mean of its event."""
    if dealing.deals_event is None:
        return 1.0
    col = COL_EVENTS + module.EVENTS.index(dealing.deals_event)
    return float(rows[:, col].sum()) / (rows.shape[0] * dps)


def measure(game: str, variant: str, seconds: float = 1.0, strategy: str = "book", players: int | None = None):
    """One bench row: the game's deals/s on one thread and on two, its own shuffle's, and the honest floor's."""
    import numba

    spec = runner.make_spec(game, variant, n=1, players=players, strategy=strategy)
    play, shuffle, played = _kernels(game, spec)
    dealing = _contract.dealing(spec.module, spec.rules)
    numba.set_num_threads(1)
    rate = _rate(play, seconds)
    per_game = deals_per_game(spec.module, dealing, played[0], spec.deals_per_session)
    own = _rate(shuffle, seconds)
    floor = honest_floor(dealing, spec.rules.players, seconds)
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    two = _rate(play, seconds)
    numba.set_num_threads(1)
    return {
        "game": game,
        "variant": variant,
        "deals_per_s": rate * per_game,  # the game's deals, not its driver deals (whole games)
        "deals_per_game": per_game,
        "cards_drawn": dealing.drawn,
        "own_shuffle_per_s": own,
        "floor_per_s": floor,
        "ratio": rate * per_game / floor,
        "ratio_own": rate * per_game / own,
        "two_threads": two / rate,
    }


def run_bench(seconds: float = 1.0, only: str | None = None) -> list[dict]:
    if not (isinstance(seconds, (int, float)) and 0 < seconds <= MAX_SECONDS):  # False for NaN
        raise ValueError(f"seconds must be above 0 and at most {MAX_SECONDS:g} (got {seconds!r})")
    from rich.console import Console
    from rich.table import Table

    rows = []
    table = Table(
        title="Deals per second (book strategy, default players); ratios measured in this run", title_justify="left"
    )
    heads = ("game", "variant", "deals/s 1 thread", "deals a game", "cards", "floor/s", "ratio to floor",
             "own shuffle/s", "ratio to own", "2 threads / 1")  # fmt: skip
    for col in heads:
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    con = Console(highlight=False, width=140)
    for game in _games.GAMES:
        if only and game != only:
            continue
        for variant in _games.load(game).VARIANTS:
            row = measure(game, variant, seconds)
            rows.append(row)
            table.add_row(
                game, variant, f"{row['deals_per_s']:,.0f}",
                "" if row["deals_per_game"] == 1 else f"{row['deals_per_game']:.2f}", f"{row['cards_drawn']}",
                f"{row['floor_per_s']:,.0f}", f"{row['ratio']:.3f}",
                f"{row['own_shuffle_per_s']:,.0f}", f"{row['ratio_own']:.3f}", f"{row['two_threads']:.2f}",
            )  # fmt: skip
    con.print(table)
    con.print(
        "deals/s: the game's own deals (where a run's deal is a whole game, its games/s times 'deals a game'). "
        "floor: the fastest known shuffle-and-deal of the same 'cards' from the pack (sim/floor.py: xoroshiro128+ "
        "in registers, seeded per deal, each card dealt as its position settles, two positions drawn from each "
        "32-bit half); own shuffle: the game's own deck code, dealt, no play."
    )
    return rows
