"""The bench's honest floor (sim/floor.py) and what each game declares it deals (``_contract.dealing``).

No timings are asserted (the machines are shared and noisy): these check that the floor does the work it claims,
so that a ratio to it means what the bench says it means.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim import bench, games
from sim.floor import shuffle_and_deal, two_below
from sim.games import _contract


def _deal(pack: int, drawn: int, players: int, seed: int) -> np.ndarray:
    cards = np.zeros(pack, dtype=np.int64)
    hands = np.zeros(players, dtype=np.uint64)
    shuffle_and_deal(seed, 1, pack, drawn, players, cards, hands)
    return hands


@pytest.mark.parametrize(("pack", "drawn", "players"), [(52, 52, 4), (51, 51, 5), (52, 12, 4), (32, 13, 4)])
def test_the_floor_deals_exactly_the_cards_drawn_each_once(pack, drawn, players):
    hands = _deal(pack, drawn, players, seed=3)
    masks = [int(h) for h in hands]
    assert sum(bin(m).count("1") for m in masks) == drawn
    union = 0
    for m in masks:
        assert union & m == 0  # no card dealt twice
        union |= m
    assert union < (1 << pack)
    sizes = sorted(bin(m).count("1") for m in masks)
    assert sizes[-1] - sizes[0] <= 1  # dealt round, one at a time


def test_a_partial_draw_is_uniform_over_the_pack():
    """Drawing 12 of 52 picks every card equally often (chi-square over 4,000 deals, a fixed seed)."""
    counts = np.zeros(52)
    for seed in range(4000):
        union = 0
        for h in _deal(52, 12, 4, seed):
            union |= int(h)
        counts += [(union >> c) & 1 for c in range(52)]
    expected = 4000 * 12 / 52
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 90  # 51 degrees of freedom: the 99.9th percentile is about 88


def test_a_whole_deal_puts_every_card_in_every_hand_equally_often():
    """Each card lands in each of the four hands a quarter of the time (chi-square over 52 x 4 cells, 4,000 deals
    of one seed): the positions drawn two at a time from one 32-bit half are as uniform as one at a time."""
    cards = np.zeros(52, dtype=np.int64)
    hands = np.zeros(4, dtype=np.uint64)
    counts = np.zeros((52, 4))
    for seed in range(4000):
        shuffle_and_deal(seed, 1, 52, 52, 4, cards, hands)
        for p, h in enumerate(hands):
            counts[:, p] += [(int(h) >> c) & 1 for c in range(52)]
    expected = 4000 / 4
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 220  # 156 degrees of freedom: the 99.9th percentile is about 215


@pytest.mark.parametrize(("b1", "b2"), [(5, 4), (7, 6), (52, 51)])
def test_two_positions_from_one_half_are_uniform_and_independent(b1, b2):
    """The batched draw gives every pair (first, second) equally often (chi-square over b1 x b2 cells)."""
    n = 400 * b1 * b2
    out = np.zeros((n, 2), dtype=np.int64)
    two_below(b1, b2, n, out)
    assert out[:, 0].min() == 0 and out[:, 0].max() == b1 - 1 and out[:, 1].min() == 0 and out[:, 1].max() == b2 - 1
    counts = np.bincount(out[:, 0] * b2 + out[:, 1], minlength=b1 * b2)
    chi2 = float(((counts - 400) ** 2 / 400).sum())
    dof = b1 * b2 - 1
    assert chi2 < dof + 5 * np.sqrt(2 * dof)  # five standard deviations of the chi-square above its mean


@pytest.mark.parametrize("game", games.GAMES)
def test_every_game_declares_a_dealing_the_floor_can_do(game):
    m = games.load(game)
    for variant, fields in m.VARIANTS.items():
        r = m.Rules(**fields).validated()
        d = _contract.dealing(m, r)
        assert 0 < d.drawn <= d.pack <= 64, (game, variant, d)
        assert d.deals_event is None or d.deals_event in m.EVENTS, (game, variant, d)


def test_partial_deals_are_declared_where_the_game_deals_part_of_the_pack():
    r = games.load("commerce").Rules(players=5).validated()
    assert _contract.dealing(games.load("commerce"), r) == _contract.Dealing(52, 15, None)
    spec = games.load("speculation")
    assert _contract.dealing(spec, spec.Rules(players=4).validated()).drawn == 13  # three each and the trump


def test_deals_per_game_reads_the_games_deal_count():
    m = games.load("cassino")
    d = _contract.dealing(m, m.Rules().validated())
    rows = np.zeros((2, _contract.row(m)), dtype=np.int64)
    col = bench.COL_EVENTS + m.EVENTS.index("deals")
    rows[:, col] = (6, 8)  # two sessions of 2 games: 14 deals in 4 games
    assert bench.deals_per_game(m, d, rows, 2) == 3.5
    jig = games.load("jig")
    assert bench.deals_per_game(jig, _contract.dealing(jig, jig.Rules().validated()), rows, 2) == 1.0


@pytest.mark.slow
def test_bench_row():
    row = bench.measure("commerce", "standard", seconds=0.3)
    assert row["deals_per_s"] > 0 and row["floor_per_s"] > row["deals_per_s"] and row["cards_drawn"] == 12
    assert row["ratio_low"] <= row["ratio"] <= row["ratio_high"]


def test_rates_time_the_kernels_in_turn_and_keep_each_ones_best_round(monkeypatch):
    """A game and its floor are timed one call each in turn, round after round (so a drift in the machine's speed
    reaches both), each rate its best round. The clock is faked: call c of the run lasts c + 1 ticks of 1 s for
    the first kernel and twice that for the second, so every rate is known."""
    calls: list[str] = []
    clock = [0.0]
    cost = {"game": 1.0, "floor": 2.0}

    def kernel(name):
        def fn(k):
            calls.append(name)
            clock[0] += cost[name] * len(calls) * k / 1024

        return fn

    monkeypatch.setattr(bench.time, "perf_counter", lambda: clock[0])
    best, rounds = bench._rates([kernel("game"), kernel("floor")], seconds=1.0)
    timed = calls[-2 * bench.ROUNDS :]
    assert timed == ["game", "floor"] * bench.ROUNDS  # in turn, after each one's calibration
    assert calls[:4] == ["game", "game", "floor", "floor"]  # warm-up call, then k = 1024 already lasts 0.2 s
    assert len(rounds) == bench.ROUNDS and all(len(r) == 2 for r in rounds)
    first = len(calls) - 2 * bench.ROUNDS + 1  # the 1-based number of the first timed call
    assert rounds[0] == [1024 / (1.0 * first), 1024 / (2.0 * (first + 1))]
    assert best == [max(r[0] for r in rounds), max(r[1] for r in rounds)]
    assert best[0] == rounds[0][0]  # calls grow slower: the first round is each one's best


def test_bench_ratio_lies_within_its_rounds(monkeypatch):
    """The row's ratio (best game / best floor) lies within the range of the rounds' own ratios, whatever the
    timings: best game / best floor is at most the ratio of the game's best round and at least the floor's."""
    rounds = [[5.0, 1.0, 10.0], [9.0, 1.0, 9.0], [6.0, 1.0, 12.0]]
    monkeypatch.setattr(bench, "_rates", lambda fns, s: ([max(r[i] for r in rounds) for i in range(3)], rounds))
    monkeypatch.setattr(bench, "_rate", lambda fn, s: 1.0)
    unplayed = lambda k: None  # noqa: E731 - nothing is compiled or played: the timings are the fake's
    monkeypatch.setattr(bench, "_kernels", lambda game, spec: (unplayed, unplayed, [np.zeros((1, 1))]))
    row = bench.measure("jig", "standard", seconds=0.01)
    assert row["ratio"] == pytest.approx(9.0 / 12.0)
    assert (row["ratio_low"], row["ratio_high"]) == (pytest.approx(0.5), pytest.approx(1.0))
    assert row["ratio_low"] <= row["ratio"] <= row["ratio_high"]
