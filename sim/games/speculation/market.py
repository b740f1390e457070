"""The market: one offer, sealed bids, a sale (see the protocol in the package docstring).

The seller names a reserve (or makes no offer); every other player, from the seller's left round, bids once
without seeing the others' bids; the highest bid at or above the reserve buys at its own price, ties going to the
bidder nearest the seller's left. Reserves and bids are whole counters from 1 to the pool: a card can collect no
more than the pool. A sale moves counters from buyer to seller only (p. 79), through the ledger.

Each strategy turns the public value of what is offered (odds.py) into a reserve and a bid.
"""

from __future__ import annotations

import math

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.speculation.rules import (
    A_BID,
    A_CARD2,
    A_CARD3,
    A_PRICE,
    CHIEF_SALE,
    GAMBLER,
    GAMBLER_OVERPAY,
    NAIVE,
    OFFER_ROW,
    R_SALE,
    RANDOM,
    SALE_ROW,
    TURNUP_SALE,
    E,
)
from sim.games.speculation.state import row

EPS = 1e-9  # values are exact ratios computed in floating point; a value a hair off a whole number is that number
RANDOM_CAP = 1 << 30  # random reserves and bids are drawn from 1 .. min(pool, this) (sim.rng.bounded's range)
SOLD = (E.turnup_sales, E.card_sales, E.chief_sales, E.hidden_sales)
PRICE = (E.turnup_sale_price, E.card_sale_price, E.chief_sale_price, E.hidden_sale_price)


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


@kernel
def auction(policies, params, streams, n, kind, seller, value, pool):
    """The seller's reserve (0: no offer) and the best sealed bid and its bidder (-1: none), from the seller's left
    round; ties go to the nearest. Takes only the strategies' arrays, so that the call is cheap."""
    ask = reserve(policies[seller], params[seller], kind, value, pool, streams[seller])
    best = np.int64(0)
    buyer = np.int64(-1)
    if ask == 0:
        return ask, best, buyer
    for i in range(1, n):
        q = (seller + i) % n
        b = bid(policies[q], params[q], kind, value, pool, streams[q])
        if b > best:
            best = b
            buyer = q
    return ask, best, buyer


@kernel(inline=True)
def offer(ws, seats, n, kind, seller, value, card, lot):
    """``seller`` may offer ``card`` (a position; with ``lot`` > 0 the chief's last ``lot`` unexposed cards) of
    public value ``value``. Returns (buyer, price), buyer -1 when nothing is sold."""
    ask, best, buyer = auction(seats[0], seats[1], ws.seat_rng, n, kind, seller, value, ws.board[0])
    if ask == 0:
        return np.int64(-1), np.int64(0)
    ws.ev[E.offers] += 1
    _trace(ws, OFFER_ROW, seller, card, lot, buyer, kind)
    L.mark_last(ws, A_PRICE, ask)
    L.mark_last(ws, A_BID, best)
    if best < ask:
        return np.int64(-1), np.int64(0)
    L.pay(ws, buyer, seller, best, R_SALE, L.NO_COMPARTMENT)
    ws.ev[SOLD[kind]] += 1
    ws.ev[PRICE[kind]] += best
    _trace(ws, SALE_ROW, seller, card, lot, buyer, kind)
    L.mark_last(ws, A_PRICE, best)
    return buyer, best


@kernel(inline=True)
def _trace(ws, kind, seller, card, lot, buyer, what):
    if not ws.tracing[0]:
        return
    if lot > 0:
        first = 3 - lot
        row(ws, kind, seller, ws.hand[seller, first], buyer, what)
        if lot > 1:
            L.mark_last(ws, A_CARD2, ws.hand[seller, first + 1])
        if lot > 2:
            L.mark_last(ws, A_CARD3, ws.hand[seller, first + 2])
    else:
        row(ws, kind, seller, card, buyer, what)
