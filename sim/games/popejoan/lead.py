"""Pope Joan's strategies: the lead each plays (pp. 83-84) and whether the holder of 9D plays it in lieu of a
stop (p. 87), from what the player can know."""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _stops as S
from sim.games.popejoan.rules import (
    HOLD_POPE,
    HONOUR_WORTH,
    INTRIGUE,
    KING,
    KNAVE,
    MATRIMONY,
    NINE_D,
    NO_STOPS,
    QUEEN,
    P,
    has_compartment,
)


@kernel
def _honour_value(h, b, trumps, pools, tabs, board):
    """Counters a hand h takes from the board for trump honours by leading b and playing its own run on."""
    value = 0
    has_k = False
    has_q = False
    has_j = False
    x = b
    while S.has(h, x):
        if (x >> 4) == trumps:
            r = tabs[1, x] % 13
            if r == C.KING:
                has_k = True
                if has_compartment(pools, KING):
                    value += board[KING]
            elif r == C.QUEEN:
                has_q = True
                if has_compartment(pools, QUEEN):
                    value += board[QUEEN]
            elif r == C.KNAVE:
                has_j = True
                if has_compartment(pools, KNAVE):
                    value += board[KNAVE]
        x += 1
    if has_k and has_q:
        value += board[MATRIMONY]
    if has_q and has_j:
        value += board[INTRIGUE]
    return value


@kernel(inline=True)
def choose_lead(cfg, ws, p, policy, dealer, trumps):
    """The position seat p leads, by his strategy and from what he can know."""
    prm, _, tabs = cfg
    h = ws.hand[p]
    lead_lowest = prm[P.lead_lowest] != 0
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, lead_lowest, ws.seat_rng[p])
    out = S.known_out(ws.masks, prm[P.dealer_sees_spare] != 0 and p == dealer)
    allowed = S.lowest_per_suit(h) if lead_lowest else h
    nine = np.int64(tabs[0, NINE_D])
    trump_ace = np.int64(tabs[0, trumps * 13 + C.ACE])
    avoid = np.uint64(0)
    if policy == HOLD_POPE:
        avoid = S.bit(nine) | S.bit(trump_ace)
    else:
        # "Pope Joan or ace of trumps should be led on the first opportunity" (p. 83)
        if S.has(allowed, nine):
            return nine
        if S.has(allowed, trump_ace):
            return trump_ace
    # weigh the board: a well-stocked trump honour is worth leading early (p. 83). Only runs holding a trump
    # knave, queen or king can take anything, so only their bottoms are valued.
    honours = h & (
        S.bit(tabs[0, trumps * 13 + C.KNAVE])
        | S.bit(tabs[0, trumps * 13 + C.QUEEN])
        | S.bit(tabs[0, trumps * 13 + C.KING])
    )
    best = -1
    best_value = HONOUR_WORTH - 1
    while honours != 0:
        x = np.int64(ctz(honours))
        honours &= honours - np.uint64(1)
        b = x
        while (b & 15) > 0 and S.has(h, b - 1):
            b -= 1
        if S.has(allowed, b) and not S.has(avoid, b):
            v = _honour_value(h, b, trumps, prm[P.pools], tabs, ws.board)
            if v > best_value:
                best_value = v
                best = b
    if best >= 0:
        return best
    return S.lead_by_rules(h, out, lead_lowest, avoid, policy != NO_STOPS)


@kernel
def fills_with_pope(ws, q, policy):
    """Whether the holder of 9D plays it in lieu of a stop (p. 87)."""
    if policy == HOLD_POPE:
        return S.count(ws.hand[q]) == 1
    if policy == S.RANDOM:
        return rng.bounded(ws.seat_rng[q], 2) == 1
    return True  # book and lowest: shedding a card and taking the Pope can only help
