"""Pope Joan's strategies: the lead each plays (pp. 83-84) and whether the holder of 9D plays it in lieu of a
stop (p. 86), from what the player can know."""

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
def _honour_lead(h, honours, allowed, avoid, trump_kqj, pools, board):
    """The bottom of the run of h worth most on the board for trump honours, if worth HONOUR_WORTH or more
    (p. 83), else -1: leading a run plays all of it, taking the King, Queen, Knave compartments of the trump
    honours in it, Matrimony for K and Q, Intrigue for Q and J. ``honours`` are the trump K, Q, J in h (not 0),
    ``trump_kqj`` their positions. Ties: the lowest run."""
    kx, qx, jx = trump_kqj
    best = -1
    best_value = HONOUR_WORTH - 1
    while honours != 0:
        b = np.int64(ctz(honours))
        while (b & 15) > 0 and S.has(h, b - 1):  # the bottom of the run holding this honour
            b -= 1
        run = ((np.uint64(1) << np.uint64(S.run_length(h, b))) - np.uint64(1)) << np.uint64(b)
        honours &= ~run  # the run's other honours give the same lead
        if S.has(allowed, b) and not S.has(avoid, b):
            has_k = S.has(run, kx)
            has_q = S.has(run, qx)
            has_j = S.has(run, jx)
            value = 0
            if has_k and has_compartment(pools, KING):
                value += board[KING]
            if has_q and has_compartment(pools, QUEEN):
                value += board[QUEEN]
            if has_j and has_compartment(pools, KNAVE):
                value += board[KNAVE]
            if has_k and has_q:
                value += board[MATRIMONY]
            if has_q and has_j:
                value += board[INTRIGUE]
            if value > best_value:
                best_value = value
                best = b
    return best


@kernel
def _honours_bound(h, kx, qx, jx, board):
    """At most what leading runs of h can take for trump honours: each honour's compartment, Matrimony when he
    holds K and Q, Intrigue when Q and J, in one run or not. Below HONOUR_WORTH no run is worth weighing
    (_honour_lead), as in most leads: a branch on this nearly always goes one way, where the branch on holding
    a trump honour at all went either way about half the time (and called _honour_lead)."""
    k = S.has(h, kx)
    q = S.has(h, qx)
    j = S.has(h, jx)
    return (
        k * board[KING] + q * board[QUEEN] + j * board[KNAVE] + (k & q) * board[MATRIMONY] + (q & j) * board[INTRIGUE]
    )


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
    kx = np.int64(tabs[0, trumps * 13 + C.KING])
    qx = np.int64(tabs[0, trumps * 13 + C.QUEEN])
    jx = np.int64(tabs[0, trumps * 13 + C.KNAVE])
    if _honours_bound(h, kx, qx, jx, ws.board) >= HONOUR_WORTH:
        honours = h & (S.bit(jx) | S.bit(qx) | S.bit(kx))
        best = _honour_lead(h, honours, allowed, avoid, (kx, qx, jx), prm[P.pools], ws.board)
        if best >= 0:
            return best
    return S.lead_by_rules(h, out, lead_lowest, avoid, policy != NO_STOPS)


@kernel
def fills_with_pope(ws, q, policy):
    """Whether the holder of 9D plays it in lieu of a stop (p. 86)."""
    if policy == HOLD_POPE:
        return S.count(ws.hand[q]) == 1
    if policy == S.RANDOM:
        return rng.bounded(ws.seat_rng[q], 2) == 1
    return True  # book and lowest: shedding a card and taking the Pope can only help
