"""Commerce's strategies. Each reads only its own hand, the widow (face up) and the public state.

``seats`` is the harness's (strategy codes int64[n], parameters float64[n]); a seat's threshold is in
``ws.thr`` (begin_session fills it) and its random stream in ``ws.seat_rng``. The tables come from cfg
(sim.games._hands.strategy_tables): ``v1`` the chance of beating one random hand, ``value`` that to the power of
the opponents, ``e_ready`` / ``e_barter`` the expected ``value`` after a ready-money trade or a barter of a slot.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games.commerce.table import SEQUENCE, hid, hid_with

THRESHOLD, GREEDY, STAND, RANDOM = 0, 1, 2, 3
STRATEGIES: dict[str, int] = {
    "threshold": THRESHOLD,
    "greedy": GREEDY,
    "stand": STAND,
    "random": RANDOM,
    "book": THRESHOLD,  # the name the CLI and the bench use by default: the threshold strategy at its default
}
DEFAULT_STRATEGY = "threshold"
DEFAULT_THRESHOLD = 0.6
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"threshold": (0.0, 1.0), "book": (0.0, 1.0)}
STRATEGY_HELP: dict[str, str] = {
    "threshold": "threshold:P (default 0.6). Knows its own hand (and the face-up widow). Stands when its chance of "
    "holding the best hand, estimated as v^(opponents) with v the exact chance of beating one random hand of the "
    "cards it does not hold, reaches P. Otherwise makes the trade with the best expected value (chance of best x "
    "the pool and dealer's stake, less a ready-money stake): ready money or barter, and which card, from "
    "precomputed tables; stands if no trade is expected to gain. Gives its least useful card when bartered with. "
    "Old game: the best exchange with the widow if it improves the hand, else passes. Buys the horse.",
    "greedy": "Knows what threshold knows. Always trades (or exchanges) to the best expected hand and stands only "
    "on a Tricon or Sequence; answers a barter by standing only with one. Old game: passes when no exchange helps.",
    "stand": "Stands at once, and stands when bartered with; never exchanges. Buys the horse.",
    "random": "A uniformly random legal action from its own random stream (stand, 3 ready-money and 3 barter trades; "
    "old game: stand, pass, 9 exchanges); after a trade stands with chance 1/2; buys the horse with chance 1/2.",
    "book": "the threshold strategy (the default name of every game's sensible player)",
}


@kernel
def set_thresholds(ws, seats):
    """Each seat's threshold: its strategy parameter, or the default where it has none (NaN)."""
    params = seats[1]
    for s in range(ws.thr.shape[0]):
        ws.thr[s] = DEFAULT_THRESHOLD
    for s in range(params.shape[0]):
        if not np.isnan(params[s]):
            ws.thr[s] = params[s]


@kernel(inline=True)
def modern_turn(cfg, ws, seats, j, m, can_barter):
    """Position j on his turn (modern game): 0 stand, 1 + i ready money for slot i, 4 + i barter slot i."""
    klass, value, e_ready, e_barter = cfg[3], cfg[5], cfg[6], cfg[7]
    s = ws.seat_of[j]
    pol = seats[0][s]
    thr = ws.thr[s]
    if pol == STAND:
        return 0
    if pol == RANDOM:
        return rng.bounded(ws.seat_rng[s], 7 if can_barter else 4)
    h = hid(ws, j)
    v = value[h]
    if pol == THRESHOLD and v >= thr:
        return 0
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return 0
    # the best hand collects the pool (m + 1 stakes) and, unless it is the dealer's, a stake from the dealer
    dealer = j == m - 1
    prize = np.float64(m + 1) if dealer else np.float64(m + 2)
    cost = 0.0 if dealer else 1.0
    best = -1e9
    act = 1
    for i in range(3):
        score = e_ready[h, i] * prize - cost
        if score > best:
            best = score
            act = 1 + i
    if can_barter:
        for i in range(3):
            score = e_barter[h, i] * prize
            if score > best:
                best = score
                act = 4 + i
    if pol == THRESHOLD and best <= v * prize:
        return 0  # no trade is expected to gain
    return act


@kernel(inline=True)
def barter_answer(cfg, ws, seats, q):
    """The barter partner at position q: -1 to stand instead (p. 73), else the slot of the card he gives."""
    klass, value, e_ready = cfg[3], cfg[5], cfg[6]
    s = ws.seat_of[q]
    pol = seats[0][s]
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(ws.seat_rng[s], 4) - 1
    h = hid(ws, q)
    if pol == THRESHOLD and value[h] >= ws.thr[s]:
        return -1
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return -1
    best = 0
    for i in range(1, 3):
        if e_ready[h, i] > e_ready[h, best]:
            best = i
    return best


@kernel(inline=True)
def stands_after(cfg, ws, seats, j):
    """Whether the player at position j stands after his trade (p. 73)."""
    klass, value = cfg[3], cfg[5]
    s = ws.seat_of[j]
    pol = seats[0][s]
    if pol == RANDOM:
        return rng.bounded(ws.seat_rng[s], 2) == 1
    if pol == STAND:
        return True
    h = hid(ws, j)
    if pol == THRESHOLD:
        return value[h] >= ws.thr[s]
    return klass[h] >= SEQUENCE


@kernel(inline=True)
def best_exchange(cfg, ws, j):
    """(v1 of the best hand one exchange with the widow makes, its code 3 * slot + widow card)."""
    v1 = cfg[4]
    best = -1.0
    code = 0
    for i in range(3):
        for w in range(3):
            x = v1[hid_with(ws.hands, j, i, ws.widow[w])]
            if x > best:
                best = x
                code = 3 * i + w
    return best, code


@kernel(inline=True)
def old_turn(cfg, ws, seats, j, m):
    """Old game turn (p. 74): 0 stand, 1 pass, 2 + 3 * slot + widow card to exchange."""
    klass, v1 = cfg[3], cfg[4]
    s = ws.seat_of[j]
    pol = seats[0][s]
    if pol == STAND:
        return 0
    if pol == RANDOM:
        return rng.bounded(ws.seat_rng[s], 11)
    h = hid(ws, j)
    if pol == THRESHOLD and v1[h] ** (m - 1) >= ws.thr[s]:
        return 0
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return 0
    best, code = best_exchange(cfg, ws, j)
    if best > v1[h]:
        return 2 + code
    return 1


@kernel(inline=True)
def old_last(cfg, ws, seats, j):
    """The one more exchange after two stands (p. 74): -1 to keep, else 3 * slot + widow card."""
    s = ws.seat_of[j]
    pol = seats[0][s]
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(ws.seat_rng[s], 10) - 1
    best, code = best_exchange(cfg, ws, j)
    if best > cfg[4][hid(ws, j)]:
        return code
    return -1


@kernel
def buys_horse(ws, seats, s):
    """Whether seat s, the first out, buys the horse (p. 75)."""
    if seats[0][s] == RANDOM:
        return rng.bounded(ws.seat_rng[s], 2) == 1
    return True
