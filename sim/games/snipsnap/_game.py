"""A deal of five cards, a deal of the whole pack, and the game that deals them to the last player in.

The contract's ``play_deal`` plays one whole game (``DEAL = "game"``): the pool and everything else of the game
begin and end inside it, so counters are conserved game by game.
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.snipsnap import _rollout as R
from sim.games.snipsnap._book import (
    HAND,
    IN_ROLE,
    K_DEAL,
    K_TURNUP,
    K_WIN,
    MAX_DEALS,
    PAID_ROLE,
    POOL,
    R_POOL,
    E,
    P,
)
from sim.games.snipsnap._choose import bit
from sim.games.snipsnap._play import (
    ST_BAD,
    ST_CHAIN,
    ST_DEAL,
    ST_DEALER,
    ST_FIRST_OUT,
    ST_IN,
    ST_LAST,
    ST_LEAD,
    ST_M,
    ST_OUT_DEAL,
    ST_OUT_TURN,
    ST_OVER,
    ST_PREV,
    ST_PREV_SEAT,
    ST_SHUFFLES,
    ST_STOCK,
    ST_TURNS,
    ST_WINNER,
    TURNUP_SEAT,
    _deal_out,
    _free,
    _in_mask,
    _new_pack,
    _next_holder,
    _next_in,
    _next_of,
    _note,
)
from sim.games.snipsnap._turns import cleared, pairings, turn


@kernel
def _begin_hands(ws, dealer, n):
    """A new deal: empty hands, this deal's places left of the dealer, nothing yet to pair."""
    st = ws.st
    st[ST_DEALER] = dealer
    for s in range(n):
        ws.hand[s] = 0
        ws.role[s] = -1
        ws.dpaid[s] = 0
        ws.spell[s] = 0
        ws.void[s] = 0
    m = st[ST_IN]
    st[ST_M] = m
    s = dealer
    ws.role[s] = 0
    for k in range(1, m):
        s = _next_in(ws, s, n)
        ws.role[s] = k
    st[ST_PREV] = -1
    st[ST_PREV_SEAT] = -1
    st[ST_CHAIN] = 0
    st[ST_LEAD] = -1
    st[ST_LAST] = -1
    _note(ws, K_DEAL, dealer, -1, 0, m)


@kernel
def _end_hands(ws, n):
    """Penalties of the deal by place: the elder hand's against each other player's (is the lead a disadvantage,
    p. 93)."""
    m = ws.st[ST_M]
    elder_paid = 0
    others = 0
    for s in range(n):
        k = ws.role[s]
        if k < 0:
            continue
        ws.ev[PAID_ROLE + k] += ws.dpaid[s]
        if k == 1:
            elder_paid = ws.dpaid[s]
        else:
            others += ws.dpaid[s]
    for k in range(m):
        ws.ev[IN_ROLE + k] += 1
    ws.ev[E.lead_excess] += (m - 1) * elder_paid - others
    ws.ev[E.pair_deals] += m - 1


@kernel(merged=True)
def five_card_deal(cfg, ws, seats, dealer):
    """The standard deal (pp. 91-92): five cards each, one at a time from the dealer's left, to every player in;
    from the elder hand each in turn plays one card until the hands are played out.

    Merged into play_deal by LLVM (``kernel(merged=True)``), as is ``whole_pack_deal``: a call of its own pushed the
    whole workspace, some 330 words, at every deal (perf: a sixth of a standard game's time, with its spills)."""
    prm = cfg[0]
    n = prm[P.players]
    st = ws.st
    turnup = prm[P.turnup_snip] != 0
    need = HAND * st[ST_IN] + (1 if turnup else 0)
    if prm[P.reshuffle] != 0 or st[ST_STOCK] < need:
        _new_pack(cfg, ws)
        if st[ST_BAD] != 0:
            return
    _begin_hands(ws, dealer, n)
    # the seats in, as a mask stepped round without a loop, recomputed when a player goes out (ST_IN falls)
    inm = _in_mask(ws, n)
    m = st[ST_IN]
    st[ST_STOCK] = _deal_out(ws, inm, dealer, m, st[ST_STOCK], HAND * m)
    if turnup:  # the top card of the undealt pack, "played" by the dealer for the elder to pair (p. 94)
        st[ST_STOCK] -= 1
        c = np.int64(ws.stock[st[ST_STOCK]])
        ws.seen[0] |= bit(c)
        _note(ws, K_TURNUP, dealer, c, 0, 0)
        st[ST_PREV] = c
        st[ST_PREV_SEAT] = TURNUP_SEAT
    player = _next_of(inm, dealer)
    R.decide(cfg, ws, seats, player)
    if turn(cfg, ws, seats, player) == 0:
        ws.ev[E.free_leads] += 1
        st[ST_LEAD] = st[ST_PREV]
    while st[ST_OVER] == 0:  # as book_rest_five (_turns), with rollout's decisions
        if st[ST_IN] != m:
            inm = _in_mask(ws, n)
            m = st[ST_IN]
        player = _next_of(inm, player)
        if ws.hand[player] == 0:  # everyone plays one card a turn: the first empty hand ends the deal
            break
        R.decide(cfg, ws, seats, player)
        turn(cfg, ws, seats, player)


@kernel(merged=True)
def whole_pack_deal(cfg, ws, seats, dealer):
    """The whole-pack variation (pp. 93-94): the pack dealt round; a player plays card after card until the next
    player can pair one; the pairer plays on; the deal goes round until all have played their cards."""
    n = cfg[0][P.players]
    st = ws.st
    _new_pack(cfg, ws)
    if st[ST_BAD] != 0:
        return
    _begin_hands(ws, dealer, n)
    inm = _in_mask(ws, n)  # as in five_card_deal: no player goes out while the pack is dealt
    st[ST_STOCK] = _deal_out(ws, inm, dealer, st[ST_IN], st[ST_STOCK], st[ST_STOCK])
    active = _next_of(inm, dealer)
    first = True
    while st[ST_OVER] == 0:  # as book_rest_whole (_turns), with rollout's decisions
        if ws.inn[active] == 0 or ws.hand[active] == 0:  # he is out, or has played all his cards: play passes
            active = _next_holder(ws, active, n)
            if active < 0:
                break
        R.decide(cfg, ws, seats, active)
        c = _free(cfg, ws, seats, active)
        if first:
            ws.ev[E.free_leads] += 1
            st[ST_LEAD] = c
            first = False
        if cleared(cfg, ws, active):
            break
        active = pairings(cfg, ws, seats, n)


@kernel
def _begin_game(cfg, ws, n):
    prm = cfg[0]
    st = ws.st
    for s in range(n):
        ws.lives[s] = prm[P.counters]
        ws.inn[s] = 1
        ws.hand[s] = 0
    st[ST_STOCK] = 0
    st[ST_SHUFFLES] = 0
    st[ST_BAD] = 0
    st[ST_IN] = n
    st[ST_FIRST_OUT] = -1
    st[ST_DEAL] = 0
    st[ST_TURNS] = 0
    st[ST_OUT_DEAL] = -1
    st[ST_OUT_TURN] = 0
    st[ST_OVER] = 0
    st[ST_WINNER] = -1
    ws.seen[0] = 0


@kernel
def _winner(cfg, ws, dealer, n):
    """The last player in (p. 92); first_out: the first rid of his cards; a game stopped at MAX_DEALS: the most
    counters, ties to the nearest the first dealer's left."""
    st = ws.st
    if cfg[0][P.first_out] != 0 and st[ST_WINNER] >= 0:
        return st[ST_WINNER]
    if st[ST_IN] == 1:
        for s in range(n):
            if ws.inn[s] != 0:
                return s
    ws.ev[E.games_capped] += 1
    best = -1
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if ws.inn[s] != 0 and (best < 0 or ws.lives[s] > ws.lives[best]):
            best = s
    return best


@kernel
def play_deal(cfg, ws, dealer, seats):
    """Play one whole game with ``dealer`` dealing first, from the decks in ``ws.deck`` (then the game's stream);
    returns the first dealer of the next game. ``ws.net``, ``ws.won`` and ``ws.ev`` are this game's."""
    prm = cfg[0]
    n = prm[P.players]
    st = ws.st
    L.begin_deal(ws, n)
    _begin_game(cfg, ws, n)
    d = dealer
    while st[ST_OVER] == 0 and st[ST_DEAL] < MAX_DEALS:
        if prm[P.whole_pack] != 0:
            whole_pack_deal(cfg, ws, seats, d)
        else:
            five_card_deal(cfg, ws, seats, d)
        if st[ST_BAD] != 0:
            return (dealer + 1) % n
        _end_hands(ws, n)
        ws.ev[E.deals] += 1
        st[ST_DEAL] += 1
        if prm[P.first_out] != 0:
            break
        d = _next_in(ws, d, n)  # the deal passes left (past any player now out)
    w = _winner(cfg, ws, dealer, n)
    ws.won[w] = 1
    _note(ws, K_WIN, w, -1, 0, ws.board[POOL])
    ws.ev[E.pool_taken] += L.take(ws, POOL, w, R_POOL)
    if st[ST_FIRST_OUT] >= 0:
        ws.ev[E.first_out_wait] += st[ST_DEAL] - 1 - st[ST_OUT_DEAL]
        ws.ev[E.first_out_wait_turns] += st[ST_TURNS] - st[ST_OUT_TURN]
    if prm[P.first_out] != 0:
        if ws.spell[w] == 1:
            ws.ev[E.cleared_in_one_spell] += 1
        return (dealer + 1) % n
    if prm[P.first_out_deals] != 0 and st[ST_FIRST_OUT] >= 0:
        return st[ST_FIRST_OUT]  # "the first out in the previous game becomes the new dealer" (p. 93)
    return (dealer + 1) % n
