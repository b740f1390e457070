"""Reserves and bids of the strategies that price a card by its public value (market.py runs the auction).

Each strategy turns the public value of what is offered (odds.py) into a reserve and a bid; ``rollout`` (rollout.py)
also reads these to know what a ``book`` (shrewd) counterpart would ask or bid.
"""

from __future__ import annotations

import math

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games.speculation.rules import CHIEF_SALE, GAMBLER, GAMBLER_OVERPAY, NAIVE, RANDOM, TURNUP_SALE

EPS = 1e-9  # values are exact ratios computed in floating point; a value a hair off a whole number is that number
RANDOM_CAP = 1 << 30  # random reserves and bids are drawn from 1 .. min(pool, this) (sim.rng.bounded's range)


@kernel(inline=True)
def _gambles(policy, kind):
    """The gambler's weakness: a trump - the trump card, a chief's trump."""
    return policy == GAMBLER and (kind == TURNUP_SALE or kind == CHIEF_SALE)


@kernel(inline=True)
def _worth(policy, param, kind, value):
    """What the offered thing is worth to this player: its value, or the gambler's price for a trump."""
    if _gambles(policy, kind):
        g = GAMBLER_OVERPAY if math.isnan(param) else param
        return value * (1.0 + g)
    return value


@kernel(inline=True)
def _draw(pool, state):
    """Random's reserve or bid: none with chance 1/2, else 1 .. pool."""
    if pool < 1 or rng.bounded(state, 2) == 0:
        return np.int64(0)
    return 1 + rng.bounded(state, min(pool, RANDOM_CAP))


@kernel(inline=True)
def reserve(policy, param, kind, value, pool, state):
    """The least price this seller takes (0: he makes no offer). Sells only above what it is worth to him."""
    if policy == NAIVE:
        return np.int64(0)
    if policy == RANDOM:
        return _draw(pool, state)
    ask = max(np.int64(1), np.int64(math.floor(_worth(policy, param, kind, value) + EPS)) + 1)
    return ask if ask <= pool else np.int64(0)


@kernel(inline=True)
def quiet_reserve(policy, value, pool):
    """``reserve`` of a shrewd or naive seller (the only strategies of a QUIET market, market.py): no draws."""
    if policy == NAIVE:
        return np.int64(0)
    ask = max(np.int64(1), np.int64(math.floor(value + EPS)) + 1)
    return ask if ask <= pool else np.int64(0)


@kernel(inline=True)
def bid(policy, param, kind, value, pool, state):
    """This bidder's sealed bid (0: none). Below the value; the gambler pays a trump's inflated worth."""
    if policy == NAIVE:
        return np.int64(0)
    if policy == RANDOM:
        return _draw(pool, state)
    b = np.int64(math.ceil(_worth(policy, param, kind, value) - EPS))
    if not _gambles(policy, kind):  # the gambler bids all a trump is worth to him, rounded up: over the odds
        b -= 1
    b = min(b, pool)
    return b if b >= 1 else np.int64(0)
