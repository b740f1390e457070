"""The market: one offer, sealed bids, a sale (see the protocol in the package docstring).

The seller names a reserve (or makes no offer); every other player, from the seller's left round, bids once
without seeing the others' bids; the highest bid at or above the reserve buys at its own price, ties going to the
bidder nearest the seller's left. Reserves and bids are whole counters from 1 to the pool: a card can collect no
more than the pool. A sale moves counters from buyer to seller only (p. 79), through the ledger.

Each strategy turns the public value of what is offered (odds.py) into a reserve and a bid (prices.py); a
``rollout`` seat searches its reserve or bid by playing the deal out (rollout.py).
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.speculation import rollout as R
from sim.games.speculation.prices import bid, quiet_reserve, reserve
from sim.games.speculation.rules import (
    A_BID,
    A_CARD2,
    A_CARD3,
    A_PRICE,
    NAIVE,
    OFFER_ROW,
    R_SALE,
    ROLLOUT,
    SALE_ROW,
    SHREWD,
    E,
    P,
)
from sim.games.speculation.state import ST_MARKET, row

SOLD = (E.turnup_sales, E.card_sales, E.chief_sales, E.hidden_sales)
PRICE = (E.turnup_sale_price, E.card_sale_price, E.chief_sale_price, E.hidden_sale_price)


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


@kernel
def searched_auction(cfg, ws, seats, kind, seller, value):
    """``auction`` at a table with a rollout seat, whose reserve or bid is searched over the deal (rollout.py)."""
    policies, params = seats
    n = cfg[0][P.players]
    pool = ws.board[0]
    if policies[seller] == ROLLOUT:
        ask = R.reserve(cfg, ws, params[seller], kind, seller, value)
    else:
        ask = reserve(policies[seller], params[seller], kind, value, pool, ws.seat_rng[seller])
    best = np.int64(0)
    buyer = np.int64(-1)
    if ask == 0:
        return ask, best, buyer
    for i in range(1, n):
        q = (seller + i) % n
        if policies[q] == ROLLOUT:
            b = R.bid(cfg, ws, params[q], kind, seller, q, value)
        else:
            b = bid(policies[q], params[q], kind, value, pool, ws.seat_rng[q])
        if b > best:
            best = b
            buyer = q
    return ask, best, buyer


# The session's market, fixed by its seats (begin_session): QUIET when every seat is shrewd (book) or naive, so
# no offer can sell - a shrewd reserve is above the value and a shrewd bid below it, a naive seat neither offers
# nor bids - and no price draws from a stream; AUCTION the plain sealed bids; SEARCH with a rollout seat.
QUIET, AUCTION, SEARCH = 0, 1, 2


@kernel
def market(policies, n):
    """The market of a table with these seats (QUIET, AUCTION or SEARCH), reckoned once a session."""
    quiet = True
    for s in range(n):
        if policies[s] == ROLLOUT:
            return SEARCH
        if policies[s] != SHREWD and policies[s] != NAIVE:
            quiet = False
    return QUIET if quiet else AUCTION


@kernel(inline=True)
def offer(cfg, ws, seats, kind, seller, value, card, lot):
    """``seller`` may offer ``card`` (a position; with ``lot`` > 0 the chief's last ``lot`` unexposed cards) of
    public value ``value``. Returns (buyer, price), buyer -1 when nothing is sold.

    In a QUIET market nothing can sell, so only the reserve is named (for the offers counted); the bids are
    sought only when the trace shows them."""
    n = cfg[0][P.players]
    mkt = ws.st[ST_MARKET]
    if mkt == QUIET and not ws.tracing[0]:
        ask = quiet_reserve(seats[0][seller], value, ws.board[0])
        if ask != 0:
            ws.ev[E.offers] += 1
        return np.int64(-1), np.int64(0)
    if mkt == SEARCH:
        ask, best, buyer = searched_auction(cfg, ws, seats, kind, seller, value)
    else:
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
