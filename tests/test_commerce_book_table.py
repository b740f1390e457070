"""Commerce's ``book`` table (sim/games/commerce/play.py, book_table): threshold's choices worked out once per
hand must be exactly those the kernel's arithmetic gives (strategies._best_trade, modern_turn, barter_answer),
for every hand of the pack, in every case (dealing or not, a neighbour to barter with or not); and a stand read
as a least rank of the book's values (strategies.set_level_ranks) exactly the test of the value itself."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games import _hands as HT
from sim.games import commerce as G
from sim.games.commerce import strategies as S
from sim.games.commerce.table import (
    B_ACT,
    B_BITS,
    B_GIVE,
    B_RANK,
    C_LEVEL_RANK,
    C_THR,
    F64_W,
    H_BARTER,
    H_READY,
    H_VALUE,
    I64_W,
    LEVELS,
    MAX_SEATS,
)


def _turn(row: np.ndarray, m: int, dealing: bool, can_barter: bool) -> int:
    """modern_turn's trade for a player not content to stand, as the kernel reckons it: 0 when none gains."""
    prize = float(m + 1) if dealing else float(m + 2)
    cost = 0.0 if dealing else 1.0
    best, act = -1e9, 1
    for i in range(3):
        score = float(row[H_READY + i]) * prize - cost + 0.0
        if score > best:
            best, act = score, 1 + i
    if can_barter:
        for i in range(3):
            score = float(row[H_BARTER + i]) * prize
            if score > best:
                best, act = score, 4 + i
    return 0 if best <= float(row[H_VALUE]) * prize else act


def _give(row: np.ndarray) -> int:
    best = 0
    for i in range(1, 3):
        if row[H_READY + i] > row[H_READY + best]:
            best = i
    return best


@pytest.mark.parametrize(
    "rules",
    [{}, {"players": 10, "combinations": "no-pair"}, {"point_rule": "hoyle", "pack": 32, "players": 5}],
)  # fmt: skip
def test_book_table_is_the_kernels_arithmetic_for_every_hand(rules):
    r = G.Rules(**rules).validated()
    cfg = G.kernel_config(r)
    hand, book, values = cfg[4], cfg[6], cfg[7]
    valid = HT.hand_tables(r.pack, r.point_rule, r.combinations)[2]
    assert np.all(np.diff(values) > 0)
    assert np.array_equal(values[book >> B_RANK], hand[:, H_VALUE].astype(np.float64))
    m = r.players
    trades = 0
    for h in np.flatnonzero(valid):
        code = int(book[h]) & (2**B_RANK - 1)
        for dealing in (False, True):
            for can_barter in (False, True):
                act = (code >> (B_BITS * (2 * dealing + can_barter))) & B_ACT
                assert act == _turn(hand[h], m, dealing, can_barter), (h, dealing, can_barter)
                trades += act != 0
        assert (code >> B_GIVE) & 3 == _give(hand[h])
    assert trades > 0  # the table is not all "stand"


@pytest.mark.parametrize("thr", [0.6, 0.0, 0.3, 0.95, 1.0, 0.0123])
def test_level_ranks_stand_on_exactly_the_hands_the_value_test_stands_on(thr):
    r = G.Rules(players=4).validated()
    cfg = G.kernel_config(r)
    book, values = cfg[6], cfg[7]
    value = cfg[4][:, H_VALUE].astype(np.float64)
    i64 = np.zeros((2, I64_W), dtype=np.int64)
    f64 = np.full((2, F64_W), np.nan)
    f64[:, C_THR : C_THR + MAX_SEATS] = S.DEFAULT_THRESHOLD
    f64[0, C_THR + 1] = thr
    S.set_level_ranks(values, i64, f64, 4)
    for row, s, t in ((0, 1, thr), (0, 0, S.DEFAULT_THRESHOLD), (1, 1, S.DEFAULT_THRESHOLD)):
        for circuit in range(1, LEVELS + 3):
            level = 0.0 if circuit >= S.LAST_RESORT else t * S._PATIENCE_POW[circuit - 1]  # _level
            least = i64[row, C_LEVEL_RANK + LEVELS * s + min(circuit, S.LAST_RESORT) - 1]
            assert np.array_equal((book >> B_RANK) >= least, value >= level), (row, s, circuit)


@pytest.mark.parametrize(
    "rules",
    [{}, {"players": 10, "combinations": "no-pair"}, {"point_rule": "hoyle", "pack": 32, "players": 5}],
)  # fmt: skip
def test_entry_is_the_book_and_shown_entries_of_every_hand(rules):
    """cfg's ``entry`` (the book's lean trading loop and the modern deal read it) holds, for every hand, exactly
    its ``book`` entry and its ``shown`` entry, as table.book_of and shown_of read them back."""
    from sim.games.commerce.table import book_of, shown_of

    cfg = G.kernel_config(G.Rules(**rules).validated())
    shown, book, entry = cfg[2], cfg[6], cfg[8]
    assert entry.dtype == np.int64 and entry.shape == book.shape == shown.shape
    assert np.array_equal(book_of.py_func(entry), book.astype(np.int64))
    assert np.array_equal(shown_of.py_func(entry), shown.astype(np.int64))
    assert shown.min() < 0 or rules.get("pack", 52) == 52  # a short pack's impossible hands: -1 strength
