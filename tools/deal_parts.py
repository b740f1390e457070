"""Time a stops game's shuffle and deal in pieces, alone (a developer's measurement, not used by tests).

usage: python tools/deal_parts.py [GAME] [ROUNDS]      (GAME: popejoan, spin or jig; default popejoan)

One thread, 2**18 decks a round, the best of ROUNDS rounds (default 7), in ns a deck, each piece compiled here:
- ``shuffle, then deal``: ``shuffle_pack`` and then ``_deal_row`` (what Pope Joan does);
- ``fused``: ``shuffle_settling`` with ``_deal_card``, each card dealt as its place settles (``shuffle_deal``);
- ``fused, no rejection``: the same loop without Lemire's rejection test, so biased: for timing only, to show what
  the test and the loop's slow path cost;
- ``shuffle`` and ``deal``: each alone.
docs/speed.md has the readings: the fused loop alone is no faster than the shuffle and then the deal, and gains in
a game only where the deal's second pass over the pack costs more there.
"""

import importlib
import sys
import time

import numpy as np
from numba import njit

from sim import rng
from sim.games import _stops as S
from sim.rng import _MASK32, _U, _step, _swap

DECKS = 1 << 18


@njit(inline="always")
def _no_rejection(state, cards, length, ctx):
    """``shuffle_settling``'s common case only: two positions from each output, no rejection test (biased)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    i = length - 1
    while i >= 2:
        word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
        _swap(cards, _U(i), ((word >> _U(32)) * _U(i + 1)) >> _U(32))
        S._deal_card(ctx, cards, _U(i))
        _swap(cards, _U(i - 1), ((word & _MASK32) * _U(i)) >> _U(32))
        S._deal_card(ctx, cards, _U(i - 1))
        i -= 2
    if i == 1:
        word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
        _swap(cards, _U(1), ((word >> _U(32)) * _U(2)) >> _U(32))
        S._deal_card(ctx, cards, _U(1))
    S._deal_card(ctx, cards, _U(0))
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


@njit(inline="always")
def _separate(deck, pack, state, row, tabs, n, holder, hand):
    S.shuffle_pack(deck, pack, state)
    S._deal_row(deck, row, tabs, n, holder, hand)


@njit(inline="always")
def _fused(deck, pack, state, row, tabs, n, holder, hand):
    for j in range(pack.shape[0]):
        deck[j] = pack[j]
    S._clear_hands(holder, hand, n)
    rng.shuffle_settling(state, deck, pack.shape[0], S._deal_card, (row, tabs, holder, hand))


@njit(inline="always")
def _fused_biased(deck, pack, state, row, tabs, n, holder, hand):
    for j in range(pack.shape[0]):
        deck[j] = pack[j]
    S._clear_hands(holder, hand, n)
    _no_rejection(state, deck, pack.shape[0], (row, tabs, holder, hand))


@njit(inline="always")
def _shuffle(deck, pack, state, row, tabs, n, holder, hand):
    S.shuffle_pack(deck, pack, state)


@njit(inline="always")
def _deal(deck, pack, state, row, tabs, n, holder, hand):
    S._deal_row(deck, row, tabs, n, holder, hand)


def _decks(one_deck):
    """A compiled loop of its own (so that no piece shares another's code) dealing k decks by ``one_deck``."""

    @njit
    def decks(k, deck, pack, state, table, tabs, n, holder, hand):
        acc = np.uint64(0)
        for d in range(k):
            one_deck(deck, pack, state, table[d % n], tabs, n, holder, hand)
            acc += hand[0] + np.uint64(deck[0])
        return acc

    return decks


PIECES = {"shuffle, then deal": _separate, "fused": _fused, "fused, no rejection": _fused_biased,
          "shuffle": _shuffle, "deal": _deal}  # fmt: skip


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "popejoan"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    G = importlib.import_module(f"sim.games.{game}")
    prm, table, tabs = G.kernel_config(G.Rules().validated())
    pack = np.asarray(G.PACK)
    state = np.zeros(4, dtype=np.uint64)
    rng.seed_stream(state, 1, 2, 3)
    args = (np.zeros(64, dtype=np.int8), pack, state, table, tabs, prm[0], np.zeros(64, dtype=np.int8),
            np.zeros(S.HAND_SLOTS, dtype=np.uint64))  # fmt: skip
    S.shuffle_pack(args[0], pack, state)
    loops = {name: _decks(f) for name, f in PIECES.items()}
    best = {name: float("inf") for name in loops}
    for f in loops.values():
        f(10, *args)
    for _ in range(rounds):
        for name, f in loops.items():
            t = time.perf_counter()
            f(DECKS, *args)
            best[name] = min(best[name], (time.perf_counter() - t) / DECKS * 1e9)
    print(f"{game}, {len(pack)} cards, {prm[0]} players: " + ", ".join(f"{k} {v:.1f} ns" for k, v in best.items()))


if __name__ == "__main__":
    main()
