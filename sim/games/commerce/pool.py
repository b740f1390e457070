"""Pool Commerce (p. 75): the old game for lives, played to the end, money counted in sixths of a stake.

The harness plays the same number of deals in every session, but a pool game lasts as long as the lives do. So
in Pool Commerce one *deal* of the run is one whole pool game: every player buys in (one stake = 6 sixths into the
pool, ``lives`` counters each), hands are dealt - the deal passing left among the players still in - until one
player is left, and he takes what is left of the pool. A session is ``players * rotations`` games, the first
dealer of game g being seat g % players; roles are relative to the first dealer of the game, and a "win" is being
the last player left. Every game is finished, so no money is left in limbo and counters are conserved game by
game. The events ``hands``, ``first_out_wait``, ``sat_out`` and the ``game_len_*`` / ``first_out_wait_*``
histograms describe the games' lengths.
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.commerce.old import old_hand
from sim.games.commerce.rules import NO_HORSE, SIXTHS, TIE_ELDEST, P
from sim.games.commerce.strategies import buys_horse
from sim.games.commerce.table import (
    E_LEN,
    E_WAIT,
    K_HORSE,
    K_LOSES,
    K_OUT,
    POOL,
    POOL_HAND_CAP,
    REAL,
    E,
    R,
    act,
    end_line,
    new_deck,
    unpack,
)


@kernel(inline=True)
def _prizes(cfg, ws, m, best, first):
    """The winner takes the arranged sum from the pool (p. 75); each tied winner likewise while it lasts (under
    ``tie = eldest`` only the tied hand nearest the dealer's left, ``first``)."""
    prm = cfg[0]
    eldest = prm[P.tie] == TIE_ELDEST
    for j in range(m):
        if ws.sr[j] == best and (not eldest or j == first):
            amount = min(prm[P.pool_prize], ws.board[POOL])
            L.pay(ws, L.BOARD, ws.seat_of[j], amount, R.prize, POOL)


@kernel(inline=True)
def _losers(cfg, ws, seats, m, hand_no, first_out):
    """The worst hand puts a counter in the pool; tied worst hands each do, unless every hand ties (under
    ``tie = eldest`` the tied worst hand furthest from the dealer's left alone does). A player whose last counter
    goes is out; the first out may buy a horse, one counter, into the pool (p. 75). Returns the first out."""
    prm = cfg[0]
    sr = ws.sr
    eldest = prm[P.tie] == TIE_ELDEST
    worst = sr[0]
    last = 0
    nw = 0
    for j in range(m):
        if sr[j] < worst:
            worst = sr[j]
            nw = 0
        if sr[j] == worst:
            last = j
            nw += 1
    if nw == m and not eldest:
        nw = 0
    for j in range(m):
        if nw == 0 or sr[j] != worst or (eldest and j != last):
            continue
        s = ws.seat_of[j]
        ws.lives[s] -= 1
        act(ws, hand_no, s, K_LOSES, -1, -1, -1)
        if ws.lives[s] > 0:
            continue
        if first_out < 0:
            first_out = s
            if prm[P.horse_price] != NO_HORSE and buys_horse(ws.streams, seats, s):
                L.pay(ws, s, L.BOARD, prm[P.horse_price], R.horse, POOL)
                ws.lives[s] = 1
                ws.ev[E.horses] += 1
                act(ws, hand_no, s, K_HORSE, -1, -1, -1)
                continue
        act(ws, hand_no, s, K_OUT, -1, -1, -1)
    return first_out


@kernel(inline=True)
def _seat_the_hand(ws, n, dealer):
    """The players still in, from the dealer's left round to the dealer, into ws.seat_of; returns how many.
    Counts the player-hands sat out."""
    m = np.int64(0)
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if ws.lives[s] > 0:
            ws.seat_of[m] = s
            m += 1
    ws.ev[E.sat_out] += n - m
    return m


@kernel(inline=True)
def _last_in(ws, n, first_dealer):
    """The last player with counters takes what is left in the pool (p. 75); after the safety cap, the player
    with most counters nearest the first dealer's left does."""
    last_in = -1
    for k in range(1, n + 1):
        s = (first_dealer + k) % n
        if ws.lives[s] > 0 and (last_in < 0 or ws.lives[s] > ws.lives[last_in]):
            last_in = s
    if last_in >= 0:
        ws.won[last_in] = 1
        L.pay(ws, L.BOARD, last_in, ws.board[POOL], R.last_in, POOL)


@kernel(inline=True)
def _length_events(cfg, ws, played, first_out, wait):
    """The game's length in hands, and how long the first player out sat out (the histograms of EVENTS)."""
    prm = cfg[0]
    ws.ev[E.hands] += played
    ws.ev[E.first_out_wait] += wait
    excess = played - prm[P.lives] * (prm[P.players] - 1)
    if excess < 0:
        ws.ev[E_LEN] += 1
    else:
        ws.ev[E_LEN + 1 + min(excess, 3)] += 1
    if first_out >= 0:
        ws.ev[E_WAIT + min(wait, 10)] += 1
        # paired with the same games under horse_price=none, this is what buying the horse is worth to him
        ws.ev[E.first_out_net] += ws.net[first_out]


@kernel
def pool_game(cfg, core, seats, first_dealer):
    """A whole game of Pool Commerce (p. 75), money in sixths of a stake. The first hand is dealt from the deck
    deal_cards prepared (or a stacked deck); each later hand from a fresh pack of the deal's stream."""
    ws = unpack(core, REAL)
    prm, pack = cfg[0], cfg[1]
    n = prm[P.players]
    for s in range(n):
        ws.lives[s] = prm[P.lives]
        L.pay(ws, s, L.BOARD, SIXTHS, R.buy_in, POOL)
    dealer = first_dealer
    first_out = -1
    wait = 0
    played = np.int64(0)  # not a literal: one compiled specialisation of old_hand
    while True:
        in_game = 0
        for s in range(n):
            if ws.lives[s] > 0:
                in_game += 1
        if in_game <= 1:
            break
        if played >= POOL_HAND_CAP:
            ws.ev[E.pool_capped] += 1
            break
        if first_out >= 0 and ws.lives[first_out] == 0:
            wait += 1
        m = _seat_the_hand(ws, n, dealer)
        if played > 0:
            new_deck(ws, pack)
        best, first = old_hand(cfg, core, seats, m, played)
        played += 1
        _prizes(cfg, ws, m, best, first)
        first_out = _losers(cfg, ws, seats, m, played - 1, first_out)
        if ws.tracing[0] and ws.tr_count[2] > 0:
            for s in range(n):
                ws.tr_hands[ws.tr_count[2] - 1, s, 7] = ws.lives[s]
            end_line(ws)
        k = 1
        while ws.lives[(dealer + k) % n] == 0 and k < n:  # the deal passes left among those still in
            k += 1
        dealer = (dealer + k) % n
    _last_in(ws, n, first_dealer)
    _length_events(cfg, ws, played, first_out, wait)
