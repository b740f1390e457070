"""``rollout:K``, the strong reference trader of Speculation: a determinized Monte Carlo search over its trades.

At every offer it could make and every offer it could bid on, it samples K deals of the cards nobody has seen
(its own seat's stream), and plays the deal out on each twice, with ``book`` (shrewd) for every seat from there
on: once without a trade, once with the trade a ``book`` counterpart would make - selling at the price book
bidders bid, or buying at the reserve a book seller asks. It trades only if the trade's summed net over the K
deals is higher; otherwise (a tie included) it names book's reserve or bid.

What it knows is what everyone knows (p. 78: nobody sees his own cards): the cards shown, the trump, the best
trump and its owner, who owns which unexposed card, the pool. So a sampled deal is the unseen cards (the pack
less every card shown, since the shuffle under continuous_pack) dealt at random into the hidden places - the
trump card if not yet turned, every unexposed card of every hand, the spare hand - the rest lying in the stock.

A playout needs no market: two book players never trade (a book reserve is above the value, a book bid below
it), so after the decision the deal ends with every hidden card shown, the highest trump taking the pool (the
knave-five penalties paid on the way included), or the pool carrying if the spare hand or the pool's own trump
card holds it. The net counted is this seat's from the decision to the end of the deal: the price, the
penalties it pays, the pool if it wins; stakes already paid and a pool carried to the next deal count nothing.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games._common import samples
from sim.games.speculation import odds as O
from sim.games.speculation.prices import bid as book_bid
from sim.games.speculation.prices import reserve as book_reserve
from sim.games.speculation.rules import (
    CARD_SALE,
    CHIEF_SALE,
    HAND,
    HIDDEN_SALE,
    POOL,
    SHREWD,
    SPARE_OWNS,
    TURNUP_SALE,
    P,
)
from sim.games.speculation.state import (
    KNAVES_FIVES,
    PACK_MASK,
    SEEN,
    ST_BEST,
    ST_CHIEF,
    ST_SLOT,
    lowest_honour,
)

NO_PARAM = np.nan  # book's prices take no parameter


@kernel
def reserve(cfg, ws, param, kind, seller, value):
    """A rollout seller's reserve: the book bidders' bid if selling at it plays out better, else book's reserve."""
    pool = ws.board[POOL]
    ask = book_reserve(SHREWD, NO_PARAM, kind, value, pool, ws.seat_rng[seller])
    price = book_bid(SHREWD, NO_PARAM, kind, value, pool, ws.seat_rng[seller])
    if price < 1:
        return ask
    buyer = (seller + 1) % cfg[0][P.players]  # book bidders all bid alike: the nearest on the left buys
    keep, trade = search(cfg, ws, param, kind, seller, seller, buyer, price)
    return price if trade > keep else ask


@kernel
def bid(cfg, ws, param, kind, seller, seat, value):
    """A rollout bidder's bid: a book seller's reserve if buying at it plays out better, else book's bid."""
    pool = ws.board[POOL]
    mine = book_bid(SHREWD, NO_PARAM, kind, value, pool, ws.seat_rng[seat])
    price = book_reserve(SHREWD, NO_PARAM, kind, value, pool, ws.seat_rng[seat])
    if price < 1:
        return mine
    keep, trade = search(cfg, ws, param, kind, seat, seller, seat, price)
    return price if trade > keep else mine


@kernel
def search(cfg, ws, param, kind, seat, seller, buyer, price):
    """``seat``'s summed net over K sampled deals without the sale and with it (seller to buyer at price); the
    sums are left in ``ws.score`` for the tests. The same K deals serve both."""
    state = ws.seat_rng[seat]
    u = _gather(cfg, ws)
    k = _places(cfg, ws, kind)
    keep = np.int64(0)
    trade = np.int64(0)
    for _ in range(samples(param)):
        _shuffle(ws.unseen, u, k, state)
        keep += playout(cfg, ws, seat, kind, seller, np.int64(-1), np.int64(0))
        trade += playout(cfg, ws, seat, kind, seller, buyer, price)
    ws.score[0] = keep
    ws.score[1] = trade
    return keep, trade


@kernel
def _gather(cfg, ws):
    """The positions nobody has seen into ``ws.unseen`` (in order of position: nothing of where they lie)."""
    m = cfg[4][PACK_MASK] & ~ws.masks[SEEN]
    u = 0
    while m != O.ZERO:
        ws.unseen[u] = ctz(m)
        u += 1
        m &= m - O.ONE
    return u


@kernel
def _places(cfg, ws, kind):
    """The hidden places: the trump card before it is turned, every unexposed card of a hand, the spare hand."""
    prm = cfg[0]
    k = 1 if kind == TURNUP_SALE else 0
    for r in range(prm[P.players]):
        k += HAND - ws.shown[r]
    return k + HAND * prm[P.spare_hand]


@kernel
def _shuffle(cards, u, k, state):
    """Deal the first k of the u unseen cards at random (a partial Fisher-Yates): every deal equally likely."""
    for i in range(k):
        j = i + rng.bounded(state, u - i)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t


@kernel(inline=True)
def _sold(kind, r, j, seller, first):
    """Whether slot j of row r is what is sold: the card about to be exposed, or the chief's lot or single."""
    if r != seller:
        return False
    if kind == CARD_SALE:
        return j == first
    if kind == HIDDEN_SALE:
        return True if first < 0 else j == first
    return False


@kernel
def playout(cfg, ws, seat, kind, seller, buyer, price):
    """``seat``'s net from the decision to the end of the deal on the sampled deal in ``ws.unseen``: the sale
    (buyer -1: none), then every hidden card shown with no more trade (pp. 78-79)."""
    prm = cfg[0]
    kf = prm[P.knave_five]
    bad = cfg[4][KNAVES_FIVES]
    net = np.int64(0)
    if buyer >= 0:
        net += price if seat == seller else 0
        net -= price if seat == buyer else 0
    best = ws.st[ST_BEST]
    holder = buyer if kind == CHIEF_SALE and buyer >= 0 else ws.st[ST_CHIEF]
    won = ws.board[POOL]
    i = 0
    if kind == TURNUP_SALE:
        best = np.int64(ws.unseen[0])
        holder = buyer if buyer >= 0 else seller
        i = 1
        if kf > 0 and (bad >> np.uint64(best)) & O.ONE != O.ZERO:
            won += kf
            net -= kf if holder == seat else 0
        if best & 15 >= lowest_honour(prm):  # the pool at once (p. 78)
            return net + (won if holder == seat else 0)
    first = ws.shown[seller]
    if kind == HIDDEN_SALE:
        first = ws.st[ST_SLOT]
    for r in range(prm[P.players]):
        for j in range(ws.shown[r], HAND):
            x = np.int64(ws.unseen[i])
            i += 1
            o = ws.owner[j] if kind == HIDDEN_SALE and r == ws.st[ST_CHIEF] else r
            if buyer >= 0 and _sold(kind, r, j, seller, first):
                o = buyer
            if kf > 0 and (bad >> np.uint64(x)) & O.ONE != O.ZERO:
                won += kf
                net -= kf if o == seat else 0
            if x & ~15 == best & ~15 and x > best:
                best = x
                holder = o
    for _ in range(HAND * prm[P.spare_hand]):  # turned up last; a winning trump there carries the pool (p. 79)
        x = np.int64(ws.unseen[i])
        i += 1
        if x & ~15 == best & ~15 and x > best:
            best = x
            holder = SPARE_OWNS
    return net + (won if holder == seat else 0)
