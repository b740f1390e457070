"""The book lead for many hands at once, vectorised across them (a developer's measurement, not used by tests).

usage: python tools/lead_lanes.py [LANES] [MAX_CARDS] [MAX_OUT]

Asks how much a stops deal could gain if its leads were chosen in batches, many deals in flight, as SIMD code
chooses them: ``lanes_lead`` is ``sim.games._stops.lead_by_rules`` (no card avoided, not lead-lowest, rule 1 on) put
together from its own pieces (``stop_key``, ``_longest_runs``, ``longest_run_lead``), whose few branches LLVM turns
into selects, so that LLVM's loop vectoriser runs it across LANES hands (with AVX-512's 64-bit lane counts and
shifts where the machine has them; LANES 8 is unrolled whole before the vectoriser sees it and stays scalar). Rule 1
weighs one known stop of every hand a step, until no hand has one left. The hands are random: each holds 1 to
MAX_CARDS - 1 cards of the 52 and knows 0 to MAX_OUT - 1 others out (the padding always out). Defaults 12 and 12
give about one known stop a lead, as Pope Joan's leads have (0.8 to 1.1); the script prints the distribution, checks
every lead against the scalar one, and times both on one thread (best of five rounds).
"""

import sys
import time

import numpy as np
from numba import njit

from sim._bits import clz, ctz
from sim.games import _stops as S

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_NONE = np.uint64(1 << 62)  # a padding place: the stop weighed for a hand with none left (its key is dropped)


@njit(inline="always")
def lanes_lead(hand, out, stops, best, lead, lanes):
    """The book lead of every hand of ``hand`` knowing ``out``, into ``lead`` (``stops``, ``best``: scratch);
    ``lanes`` is a constant where it is called (``lanes_player``), so the vectoriser knows the trip count."""
    more = _ZERO
    for j in range(lanes):
        stops[j] = hand[j] & (out[j] >> _ONE)
        best[j] = 0
        more |= stops[j]
    while more != _ZERO:  # rule 1: one known stop of each hand a step (``_lead_up_to_stops``' loop)
        more = _ZERO
        for j in range(lanes):
            h = hand[j]
            st = stops[j]
            weighs = st != _ZERO
            t = np.int64(ctz(st | _NONE))
            st &= st - _ONE
            stops[j] = st
            more |= st
            key = S.stop_key(h, out[j], ~out[j] & ~h, h & ~(h << _ONE), t)
            best[j] = max(best[j], key if weighs else 0)
    for j in range(lanes):  # rules 2 and 3 for every hand, and the pick
        h = hand[j]
        cand = h & ~(h << _ONE)
        m = cand & ((out[j] << _ONE) | S._ACES)
        pick = np.int64(63 - clz(S._longest_runs(h, m))) if m != _ZERO else S.longest_run_lead(h, cand)
        pick = (best[j] & 63) if best[j] >= 64 else pick
        lead[j] = np.int64(ctz(cand)) if cand & (cand - _ONE) == _ZERO else pick


def lanes_player(lanes: int):
    """A kernel playing every lead of ``hands`` (rows of hand, out) by ``lanes_lead``, ``lanes`` hands a call
    (a constant of the kernel: numba freezes a closure's integer)."""

    @njit
    def play_lanes(hands, leads):
        hand = np.empty(lanes, np.uint64)
        out = np.empty(lanes, np.uint64)
        stops = np.empty(lanes, np.uint64)
        best = np.empty(lanes, np.int64)
        lead = np.empty(lanes, np.int64)
        for i in range(0, hands.shape[0] // lanes * lanes, lanes):
            for j in range(lanes):
                hand[j] = hands[i + j, 0]
                out[j] = hands[i + j, 1]
            lanes_lead(hand, out, stops, best, lead, lanes)
            for j in range(lanes):
                leads[i + j] = lead[j]

    return play_lanes


@njit
def play_scalar(hands, leads):
    """Every lead of ``hands`` by the kernels' own ``lead_by_rules``."""
    for i in range(hands.shape[0]):
        leads[i] = S.lead_by_rules(hands[i, 0], hands[i, 1], False, _ZERO, True)


def random_hands(n: int, max_cards: int, max_out: int, seed: int = 1) -> np.ndarray:
    """n rows of (hand, known out) as position masks (see ``sim.games._stops``)."""
    rng = np.random.default_rng(seed)
    padding = ~0x1FFF1FFF1FFF1FFF & 0xFFFFFFFFFFFFFFFF
    rows = np.zeros((n, 2), np.uint64)
    for i in range(n):
        cards = rng.permutation(52)
        k, o = rng.integers(1, max_cards), rng.integers(0, max_out)
        masks = [sum(1 << (int(c) // 13 * 16 + int(c) % 13) for c in part) for part in (cards[:k], cards[k : k + o])]
        rows[i] = masks[0], masks[1] | padding
    return rows


def main() -> None:
    given = [int(a) for a in sys.argv[1:4]]
    lanes, max_cards, max_out = given + [16, 12, 12][len(given) :]
    hands = random_hands(400_000, max_cards, max_out)
    n = hands.shape[0] // lanes * lanes
    stops = [bin(int(h) & (int(o) >> 1)).count("1") for h, o in hands[:20_000]]
    print(f"known stops a lead: mean {np.mean(stops):.2f}, share with 0-3: {np.bincount(stops)[:4] / len(stops)}")
    scalar, batched = np.zeros(n, np.int64), np.zeros(n, np.int64)
    play_scalar(hands[:n], scalar)
    play_lanes = lanes_player(lanes)
    play_lanes(hands[:n], batched)
    print(f"{n} leads, {int((scalar != batched).sum())} differ")
    times: dict[str, list[float]] = {"scalar": [], "lanes": []}
    for _ in range(5):
        for name, run in (("scalar", lambda: play_scalar(hands[:n], scalar)),
                          ("lanes", lambda: play_lanes(hands[:n], batched))):  # fmt: skip
            t = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - t) / n * 1e9)
    a, b = min(times["scalar"]), min(times["lanes"])
    print(f"scalar {a:.2f} ns a lead, {lanes} lanes {b:.2f} ns a lead: {a / b:.2f}x")


if __name__ == "__main__":
    main()
