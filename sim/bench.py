"""``sim bench``: deals per second of every game x variant, against the fastest known shuffle-and-deal.

The floor (sim/floor.py) is the fastest known way to shuffle and deal the same pack; no game can beat it, so
each row reports the game's rate divided by it, and also by the game's own shuffle-and-deal, and the speed-up
from one thread to two. The game, its own shuffle and the floor are timed in turn, one call each a round, so a
ratio compares kernels that ran under the same conditions: a ratio is comparable across machines and load, a raw
rate is not, and the range of the rounds' ratios is printed beside it. Never used in tests (timings are noisy
on shared machines).
"""

from __future__ import annotations

import time

import numpy as np

from sim import games as _games
from sim import runner
from sim.games import _contract
from sim.games._common import COL_EVENTS

MAX_SECONDS = 3600.0  # per row; the same bound as sim bench --seconds


ROUNDS = 5  # interleaved rounds of a row's kernels (see ``_rates``)


def _calls(fn, seconds: float) -> int:
    """How many deals make one call of fn(k) last about ``seconds``: warm up, then double k until it does."""
    fn(8)
    k = 1024
    while True:
        t = time.perf_counter()
        fn(k)
        if time.perf_counter() - t >= seconds or k >= 1 << 26:
            return k
        k *= 2


def _rates(fns, seconds: float) -> tuple[list[float], list[list[float]]]:
    """Calls/s of each fn(k) doing k deals, measured in ``ROUNDS`` interleaved rounds (one call of each in turn,
    ``seconds`` in all for each fn): (each fn's best rate, each round's rates).

    On a shared virtual machine the speed of the whole machine drifts by 20-30% over seconds (measured: the same
    tree's ratio to the floor read 0.12 to 0.18 in five runs when the game and the floor were timed one after
    the other, a second apart). Timed in turn, a game and its floor share each round's conditions, so their
    ratio is taken within rounds: the best round of each, and the spread of the rounds' ratios says how far
    to trust it.
    """
    ks = [_calls(fn, seconds / ROUNDS) for fn in fns]
    rounds: list[list[float]] = []
    for _ in range(ROUNDS):
        rates = []
        for fn, k in zip(fns, ks):
            t = time.perf_counter()
            fn(k)
            rates.append(k / (time.perf_counter() - t))
        rounds.append(rates)
    return [max(r[i] for r in rounds) for i in range(len(fns))], rounds


def _rate(fn, seconds: float) -> float:
    """Calls/s of fn(k) doing k deals: the best of ``ROUNDS`` calls (``_rates`` of one kernel)."""
    return _rates([fn], seconds)[0][0]


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


def floor_kernel(dealing: _contract.Dealing, players: int):
    """fn(k): k deals of the fastest known way (sim.floor) to shuffle and deal what one of the game's deals does."""
    from sim.floor import shuffle_and_deal

    cards = np.zeros(dealing.pack, dtype=np.int64)
    hands = np.zeros(players, dtype=np.uint64)
    return lambda k: shuffle_and_deal(1, k, dealing.pack, dealing.drawn, players, cards, hands)


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
    floor_fn = floor_kernel(dealing, spec.rules.players)
    (rate, own, floor), rounds = _rates([play, shuffle, floor_fn], seconds)
    per_game = deals_per_game(spec.module, dealing, played[0], spec.deals_per_session)
    by_round = [r[0] * per_game / r[2] for r in rounds]  # the game against the floor timed beside it
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
        "ratio_low": min(by_round),  # the rounds' ratios: how far the machine let the ratio move
        "ratio_high": max(by_round),
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
    heads = ("game", "variant", "deals/s 1 thread", "deals a game", "cards", "floor/s", "ratio to floor", "rounds",
             "own shuffle/s", "ratio to own", "2 threads / 1")  # fmt: skip
    for col in heads:
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    con = Console(highlight=False, width=160)
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
                f"{row['ratio_low']:.3f}-{row['ratio_high']:.3f}",
                f"{row['own_shuffle_per_s']:,.0f}", f"{row['ratio_own']:.3f}", f"{row['two_threads']:.2f}",
            )  # fmt: skip
    con.print(table)
    con.print(
        "deals/s: the game's own deals (where a run's deal is a whole game, its games/s times 'deals a game'). "
        "floor: the fastest known shuffle-and-deal of the same 'cards' from the pack (sim/floor.py: xoroshiro128+ "
        "in registers, seeded per deal, each card dealt as its position settles, two positions drawn from each "
        "32-bit half); own shuffle: the game's own deck code, dealt, no play. The game, its own shuffle and the "
        f"floor are timed in turn, {ROUNDS} rounds: each rate is its best round; 'rounds' is the range of the "
        "rounds' own ratios to the floor (wide when the machine's speed moved during the row)."
    )
    return rows
