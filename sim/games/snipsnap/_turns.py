"""A player's turn, and the rest of a deal played out: shared by the game (_game) and rollout's playouts
(_rollout), so that a playout is the deal as the game plays it.

``book_rest_five`` / ``book_rest_whole`` play a deal on from a card just played to its end, every seat by its
strategy: they never stop for a rollout seat's decision, so they serve the playouts (book at every seat); the
game's own loops (_game) are the same loops with rollout's decision before a rollout seat's free card.
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel
from sim.games.snipsnap._book import K_EMPTY, K_PASS, MISS, P
from sim.games.snipsnap._choose import lowest, misses, of_rank, rank
from sim.games.snipsnap._play import (
    ST_CHAIN,
    ST_OVER,
    ST_PREV,
    ST_PREV_SEAT,
    ST_WINNER,
    _free,
    _missed,
    _next_holder,
    _next_in,
    _note,
    _pair,
    _play_card,
)


@kernel(inline=True)
def turn(cfg, ws, seats, player):
    """One turn of the standard game: pair the card just played if he can (p. 93), else play a card of his choice.
    Returns the call (0 a free card, 1-3 Snip/Snap/Snorum, MISS a careless failure to pair)."""
    st = ws.st
    h = ws.hand[player]
    prev = st[ST_PREV]
    same = h & of_rank(rank(prev)) if prev >= 0 else np.uint64(0)
    if same == 0:
        if prev >= 0:  # he did not pair it, so everyone knows he holds none of its rank (p. 91)
            ws.void[player] |= np.int64(1) << rank(prev)
        _free(cfg, ws, seats, player)
        return 0
    call = st[ST_CHAIN] + 1
    if misses(seats[0][player], seats[1][player], cfg[0][P.careless_misses], h, same, ws.seat_rng[player]):
        payer = st[ST_PREV_SEAT]
        _play_card(ws, player, lowest(h & ~same), MISS)
        _missed(cfg, ws, payer, player, call)
        return MISS
    _pair(cfg, ws, player, same, call)
    return call


@kernel(inline=True)
def cleared(cfg, ws, seat):
    """first_out: the first player rid of his cards wins the deal, and the game (p. 94)."""
    if cfg[0][P.first_out] == 0 or ws.hand[seat] != 0:
        return False
    ws.st[ST_WINNER] = seat
    ws.st[ST_OVER] = 1
    _note(ws, K_EMPTY, seat, -1, 0, 0)
    return True


@kernel(inline=True)
def pairings(cfg, ws, seats, n):
    """After a card is played in the whole-pack game: the next player with cards pairs it if he can, the next
    pairs his, and so on (Snip, Snap, Snorum, p. 94). Returns the player who played the last card (he plays on)."""
    st = ws.st
    while st[ST_OVER] == 0:
        last = st[ST_PREV_SEAT]
        q = _next_holder(ws, last, n)
        if q < 0:
            return last
        same = ws.hand[q] & of_rank(rank(st[ST_PREV]))
        if same == 0:  # he did not pair it: he holds none of its rank, as everyone sees
            ws.void[q] |= np.int64(1) << rank(st[ST_PREV])
            return last
        call = st[ST_CHAIN] + 1
        if misses(seats[0][q], seats[1][q], cfg[0][P.careless_misses], ws.hand[q], same, ws.seat_rng[q]):
            _note(ws, K_PASS, q, np.int64(lowest(same)), MISS, 0)
            _missed(cfg, ws, last, q, call)
            return last
        _pair(cfg, ws, q, same, call)
        if cleared(cfg, ws, q):
            return q
    return st[ST_PREV_SEAT]


@kernel(inline=True)
def is_free(ws, player):
    """Whether the player may play any card: nothing to pair, or he holds none of its rank (p. 91)."""
    prev = ws.st[ST_PREV]
    return prev < 0 or ws.hand[player] & of_rank(rank(prev)) == 0


@kernel
def book_rest_five(cfg, ws, seats, player):
    """The standard deal on from ``player``'s card: each in turn plays one card until the first empty hand."""
    n = cfg[0][P.players]
    while ws.st[ST_OVER] == 0:
        player = _next_in(ws, player, n)
        if ws.hand[player] == 0:
            break
        turn(cfg, ws, seats, player)


@kernel
def book_rest_whole(cfg, ws, seats, active):
    """The whole-pack deal on from ``active``'s free card: the pairings, then whoever plays on (pp. 93-94)."""
    n = cfg[0][P.players]
    if cleared(cfg, ws, active):
        return
    active = pairings(cfg, ws, seats, n)
    while ws.st[ST_OVER] == 0:
        if ws.inn[active] == 0 or ws.hand[active] == 0:
            active = _next_holder(ws, active, n)
            if active < 0:
                break
        _free(cfg, ws, seats, active)
        if cleared(cfg, ws, active):
            break
        active = pairings(cfg, ws, seats, n)
