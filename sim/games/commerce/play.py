"""The kernels the shared harness (sim/games/_harness.py) calls, and the cfg they read.

A run's session: ``begin_session`` seeds the session's deck stream and the random strategy's seat streams;
before every deal ``deal_cards`` draws the deal's stream from the session's and prepares a fresh pack with its
own hand stream (shuffled lazily as cards are dealt); ``play_deal`` plays it - one deal of the modern or old
game, or a whole Pool Commerce game - and ``end_session`` reports the counters left in the pool.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games import _hands as HT
from sim.games.commerce.old import old_hand
from sim.games.commerce.pool import pool_game
from sim.games.commerce.rules import OLD, RULEBOOK, P
from sim.games.commerce.search import modern_hand
from sim.games.commerce.strategies import RANDOM, ROLLOUT, set_level_ranks, set_stand_ranks, set_thresholds
from sim.games.commerce.table import (
    B_BITS,
    B_GIVE,
    B_RANK,
    ENTRY_SHOWN,
    H_BARTER,
    H_READY,
    H_VALUE,
    H_W,
    HAND,
    PACK_W,
    POOL,
    REAL,
    SCRATCH,
    SEAT0,
    SESSION,
    T_DRAWN,
    T_WHOLE,
    E,
    begin_deal,
    copy_pack,
    deal_round,
    end_line,
    seed_deal,
    seed_hand,
    settle_pack,
    unpack,
)


def kernel_config(r: Any) -> tuple:
    """cfg for the kernels: (params int64, pack int8[52] (a 32-card pack padded with zeros), shown int16, v1 values
    float64, hand float32[., H_W], v1_rank int16, book int32, book values float64, entry int64) - the hand and
    strategy tables of sim.games._hands; ``hand`` holds each hand's value, e_ready and e_barter (columns
    table.H_*; ``value`` and the expectations assume ``players - 1`` opponents); ``book`` threshold's choices
    from them and the rank of each hand's value among ``book values`` (book_table); ``v1 values`` the distinct
    values of v1 in ascending order, so that ``values[v1_rank[h]]`` is hand h's v1; ``entry`` a hand's book and
    shown entries in one word (table.ENTRY_SHOWN), for the book's lean trading loop and the modern game's deal:
    profiled (standard), the two tables' look-ups were two cache misses a hand, dealt or traded."""
    _, hand = _tables(r.pack, r.point_rule, r.combinations, r.players - 1)
    shown = _shown(r.pack, r.point_rule, r.combinations)
    values, rank = _v1_rank(r.pack, r.point_rule, r.combinations, r.players - 1)
    pack = np.zeros(PACK_W, dtype=np.int8)  # padded to 52 cards: table.copy_pack copies a constant length
    pack[: r.pack] = HT.pack_cards(r.pack)
    book, book_values = _book(r.pack, r.point_rule, r.combinations, r.players)
    entry = book.astype(np.int64) | shown.astype(np.int64) << ENTRY_SHOWN
    return RULEBOOK.params(r), pack, shown, values, hand, rank, book, book_values, entry


@functools.cache
def _book(pack: int, point_rule: str, combinations: str, players: int) -> tuple[np.ndarray, np.ndarray]:
    return book_table(_tables(pack, point_rule, combinations, players - 1)[1], players)


def book_table(hand: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """cfg's ``book`` table (bits table.B_*) and ``book values``: threshold's choices and the rank of a hand's
    value in 4 bytes, so a turn's look-ups fit in a table of 88 KB rather than ``hand``'s 707 KB (profiled: the
    loads from ``hand``, then from an 8-byte book of 177 KB, were the hottest instructions of a deal, cache
    misses); the values are the distinct ones of ``hand``'s, ascending, widened to float64 as _content's test
    widens them (a stand rank, strategies.set_level_ranks, is found from them). The choices are worked out with
    strategies._best_trade's arithmetic in the same order (float32 entries widened to float64, times the prize,
    less the cost, plus no premium; ties to the first action), so they are exactly the kernel's;
    tests/test_commerce_book_table.py checks every hand."""
    value = hand[:, H_VALUE].astype(np.float64)
    code = np.zeros(hand.shape[0], dtype=np.int64)
    for dealing in (0, 1):
        prize = float(m + 1) if dealing else float(m + 2)
        cost = 0.0 if dealing else 1.0
        for can_barter in (0, 1):
            best = np.full(hand.shape[0], -1e9)
            act = np.ones(hand.shape[0], dtype=np.int64)
            for i in range(3):
                score = hand[:, H_READY + i].astype(np.float64) * prize - cost + 0.0
                act = np.where(score > best, 1 + i, act)
                best = np.where(score > best, score, best)
            for i in range(3 if can_barter else 0):
                score = hand[:, H_BARTER + i].astype(np.float64) * prize
                act = np.where(score > best, 4 + i, act)
                best = np.where(score > best, score, best)
            act = np.where(best <= value * prize, 0, act)
            code |= act << (B_BITS * (2 * dealing + can_barter))
    give = np.zeros(hand.shape[0], dtype=np.int64)
    for i in range(1, 3):
        give = np.where(hand[:, H_READY + i] > hand[np.arange(hand.shape[0]), H_READY + give], i, give)
    code |= give << B_GIVE
    values, rank = np.unique(hand[:, H_VALUE].astype(np.float64), return_inverse=True)
    assert code.max() < 2**B_RANK and values.shape[0] < 2 ** (31 - B_RANK) and not np.isnan(values).any()
    return (code | rank.reshape(-1).astype(np.int64) << B_RANK).astype(np.int32), values


@functools.cache
def _v1_rank(pack: int, point_rule: str, combinations: str, opponents: int) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct values of v1, ascending; int16 dense rank of every hand's v1, equal v1 equal rank): what the
    old game's exchanges compare (nine look-ups a turn, strategies.best_exchange), in 44 KB instead of v1's
    177 KB. Profiled: those look-ups were the old game's cache misses. The order of the ranks is exactly v1's,
    so the same exchanges are chosen; and a threshold player's stand, a test of v1 alone, is a least rank
    (strategies.set_stand_ranks), so no turn reads v1 itself."""
    v1 = _tables(pack, point_rule, combinations, opponents)[0]
    values, rank = np.unique(v1, return_inverse=True)
    assert values.shape[0] < 2**15 and not np.isnan(values).any()
    return values, rank.reshape(-1).astype(np.int16)


@functools.cache
def _shown(pack: int, point_rule: str, combinations: str) -> np.ndarray:
    """int16 strength * 8 + class of every hand (table.klass_of, show): what the show and the deal's
    events read, in one table of 44 KB (profiled: the show's look-ups in the 700 KB ``hand`` table missed the
    cache; the old game touches no other row of it)."""
    strength, klass, _, _ = HT.hand_tables(pack, point_rule, combinations)
    shown = strength.astype(np.int64) * 8 + klass
    out = shown.astype(np.int16)
    assert np.array_equal(out.astype(np.int64), shown) and klass.min() >= 0 and klass.max() < 8
    return out


@functools.cache
def _tables(pack: int, point_rule: str, combinations: str, opponents: int) -> tuple[np.ndarray, np.ndarray]:
    """(v1, hand): a hand's row of ``hand`` is one 32-byte block aligned to 32 bytes, so the look-ups of a turn
    (its value, then the trades' expectations) cost one cache miss, not three (measured: the e_ready and e_barter
    loads were the two hottest instructions of a deal)."""
    v1, value, e_ready, e_barter = HT.strategy_tables(pack, point_rule, combinations, opponents)
    n = value.shape[0]
    raw = np.zeros(n * H_W + 16, dtype=np.float32)
    off = (-raw.ctypes.data % 64) // 4
    hand = raw[off : off + n * H_W].reshape(n, H_W)
    hand[:, H_VALUE] = value
    hand[:, H_READY : H_READY + 3] = e_ready
    hand[:, H_BARTER : H_BARTER + 3] = e_barter
    return v1, hand


@kernel(merged=True)
def begin_session(cfg, ws, seats, seed, session):
    """Seed the session's deck stream (purpose 0) and the random strategy's seat streams (1 + s); empty the pool.

    A stacked deck (a trace) is played without ``deal_cards``: so the pack counts as settled, and the deal's
    stream (which a Pool Commerce game's later hands draw from) is what ``deal_cards`` would draw first.

    Merged by LLVM into the harness's session (``merged``): the call pushed cfg, the whole workspace and seats,
    some 300 words, once a session (profiled, standard: 2% of the time on that call's pushes; a session of the
    bench is four deals).
    """
    prm, pack = cfg[0], cfg[1]
    n = prm[P.players]
    rng.seed_stream(ws.streams[SESSION], seed, session, 0)
    for s in range(n):
        if seats[0][s] == RANDOM or seats[0][s] == ROLLOUT:  # the strategies that draw (from their own streams)
            rng.seed_stream(ws.streams[SEAT0 + s], seed, session, 1 + s)
    set_thresholds(ws.core.f64, ws.search, seats)
    set_level_ranks(cfg[7], ws.core.i64, ws.core.f64, n)
    if prm[P.game] == OLD:
        set_stand_ranks(cfg[3], ws.core.i64, ws.core.f64, n)
    ws.board[POOL] = 0
    copy_pack(ws.deck, pack)  # a stacked deck shorter than the pack is refused by describe_trace
    ws.turn[T_DRAWN] = prm[P.pack]
    for i in range(4):
        ws.streams[SCRATCH, i] = ws.streams[SESSION, i]
    seed_deal(ws.streams, SCRATCH)


@kernel
def deal_cards(cfg, ws, dealer):
    """The deal's stream (seeded from one draw of the session's) and a fresh pack from its first hand stream.

    The pack is shuffled as it is dealt; a trace workspace settles it whole here, so the trace can show it.
    Not inlined at numba's level (measured: that halved the game's speed), but a kernel of a few arrays that
    LLVM merges into the harness's deal loop (``merged``). Profiled: when LLVM kept this call (its inliner weighs
    the body against the arguments), passing the workspace cost five times the shuffle; later, with the three
    arrays, it still kept it, the call pushing 28 words a deal (it and its body a tenth of a standing deal).
    """
    _fresh_pack(cfg[1], ws.deck, ws.streams, ws.turn, cfg[0][P.pack])


@kernel(merged=True)
def _fresh_pack(pack, deck, streams, turn, size):
    seed_deal(streams, SESSION)
    copy_pack(deck, pack)
    seed_hand(streams)
    turn[T_DRAWN] = 0
    if turn[T_WHOLE] != 0:
        settle_pack(deck, turn, streams[HAND], size)


@kernel(inline=True)
def deal_hands(cfg, ws, dealer):
    """Three cards to each player (and the old game's widow), drawn from the pack as play deals them: the
    bench's floor (and only that: play deals inside play_deal). Inlined into the floor's loop, which then
    costs one kernel call a deal, as a deal of the game costs deal_cards' call. Returns a card, so the work
    cannot be skipped."""
    prm = cfg[0]
    deal_round(cfg, ws, prm[P.players], prm[P.game] == OLD)  # as play_deal deals
    return ws.hands[0, 0]


@kernel(inline=True)
def _seat_from_the_left(ws, n, dealer):
    """Everyone is dealt in, from the dealer's left round to the dealer; one hand is dealt. (Counted round
    without a division per seat: four divisions were a visible share of a deal's profile.)"""
    s = dealer
    for j in range(n):
        s += 1
        if s == n:
            s = 0
        ws.seat_of[j] = s
    ws.ev[E.hands] += 1


@kernel(merged=True)
def _old_game(cfg, core, seats, dealer):
    """One hand of the old game (p. 74), or a whole Pool Commerce game (p. 75).

    play_deal calls two kernels, this and modern_hand (which LLVM inlines, search.py), and inlines neither at
    numba's level. Measured (standard variant, one thread): with a third call site in play_deal (pool_game,
    old_hand, modern_hand) the game ran 2.3x slower; with the hands inlined into play_deal by numba it
    compiled 2.7x slower (86 s against 32 s). Both this and old_hand are merged by LLVM instead (``merged``):
    an old deal made the two calls, each pushing cfg, the core and seats (some 150 words); measured (A/B, CPU
    time, 4 rounds), the old variant 1.23x, standard and extended unchanged.
    """
    prm = cfg[0]
    n = prm[P.players]
    if prm[P.pool] != 0:
        pool_game(cfg, core, seats, dealer)
        return
    ws = unpack(core, REAL)
    _seat_from_the_left(ws, n, dealer)
    old_hand(cfg, core, seats, n, np.int64(0))  # hand 0, typed as pool_game's count: one specialisation
    end_line(ws)


@kernel(inline=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal (in Pool Commerce one whole game) with ``dealer`` dealing; returns the next deal's dealer.

    ``ws.board`` (the pool) is carried in and out; ``ws.net``, ``ws.won`` and ``ws.ev`` are this deal's. When
    tracing, actions (hand, seat, kind, card out, card in, other seat, last of hand), payments and hands (see
    table.TR_W) are recorded.

    Inlined into the harness's deal loop, and the hands it calls are given the workspace's core (table.Core):
    profiled, passing the whole workspace to play_deal and again to modern_hand was 30% of a deal.
    """
    prm = cfg[0]
    n = prm[P.players]
    begin_deal(ws)
    if prm[P.game] == OLD:
        _old_game(cfg, ws.core, seats, dealer)
        return (dealer + 1) % n
    _seat_from_the_left(ws, n, dealer)
    shown = modern_hand(cfg, ws.core, seats, n, np.int64(0))
    end_line(ws)
    if prm[P.continuous] != 0 and not shown:
        return dealer  # the deal stays until a Tricon, Sequence or Flush is shown (p. 76)
    if prm[P.continuous] != 0:
        ws.ev[E.deal_passed] += 1
    return dealer + 1 if dealer + 1 < n else dealer + 1 - n


@kernel
def end_session(cfg, ws, row, col):
    """The session's metric: counters left in the pool (the odd counters of split pools)."""
    row[col] = ws.board[POOL]
