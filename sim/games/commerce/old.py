"""The old game, the widow (p. 74): three cards lie face up; on his turn a player stands, passes (for good) or
exchanges one card with them. Two stands: the others who have not passed exchange once more, then the hands are
shown. No pool: the winner has a stake from every other player. Pool Commerce (pool.py) plays its hands with
``old_hand`` and settles them itself.
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.commerce.rules import DP_NONE, TIE_ELDEST, P
from sim.games.commerce.strategies import old_last, old_turn
from sim.games.commerce.table import (
    ACTIVE,
    K_EXCHANGE,
    K_KEEP,
    K_LAST_EXCHANGE,
    K_PASS,
    K_STAND,
    PASSED,
    REAL,
    STOOD,
    E,
    R,
    act,
    deal_round,
    dealer_penalty,
    next_position,
    put,
    rec_dealt,
    rec_shown,
    show,
    unpack,
)


@kernel(inline=True)
def _exchange(ws, j, code, kind, hand_no):
    """Position j exchanges slot code // 3 of his hand with widow card code % 3."""
    i = code // 3
    w = code % 3
    out_card = ws.hands[j, i]
    in_card = ws.widow[w]
    ws.widow[w] = out_card
    put(ws.hands, j, i, in_card)
    ws.ev[E.exchanges] += 1
    act(ws, hand_no, ws.seat_of[j], kind, out_card, in_card, -1)


@kernel(inline=True)
def _widow_turns(cfg, ws, seats, m, hand_no):
    """Turns from the elder hand until two have stood or no one is left active (p. 74), or max_circuits rounds.

    Returns (the position that stood second or -1, turns taken, capped).
    """
    stands = 0
    active = m
    t = 0
    limit = cfg[0][P.max_circuits] * m
    j = m - 1  # the position to act (next_position: no division a turn)
    while active > 0:
        if t >= limit:
            return -1, t, True
        j = next_position(j, m)
        t += 1
        if ws.state[j] != ACTIVE:
            continue
        s = ws.seat_of[j]
        a = old_turn(cfg, ws, seats, j, m)
        if a == 0:
            ws.state[j] = STOOD
            stands += 1
            active -= 1
            ws.ev[E.stands] += 1
            act(ws, hand_no, s, K_STAND, -1, -1, -1)
            if stands == 2:
                return j, t, False
        elif a == 1:
            ws.state[j] = PASSED
            active -= 1
            ws.ev[E.passes] += 1
            act(ws, hand_no, s, K_PASS, -1, -1, -1)
        else:
            _exchange(ws, j, a - 2, K_EXCHANGE, hand_no)
    return -1, t, False


@kernel(inline=True)
def _last_exchanges(cfg, ws, seats, m, second, hand_no):
    """Two have stood: one more exchange, in turn, for each who has neither stood nor passed (p. 74)."""
    j = second
    for _ in range(1, m):
        j = next_position(j, m)
        if ws.state[j] != ACTIVE:
            continue
        a = old_last(cfg, ws, seats, j)
        if a < 0:
            act(ws, hand_no, ws.seat_of[j], K_KEEP, -1, -1, -1)
        else:
            _exchange(ws, j, a, K_LAST_EXCHANGE, hand_no)


@kernel(inline=True)
def _settle(cfg, ws, m, best, first):
    """No pool: each winner receives a stake from every other player (p. 74); and the dealer's penalty (p. 76)."""
    prm = cfg[0]
    sr = ws.sr
    eldest = prm[P.tie] == TIE_ELDEST
    ws.won[ws.seat_of[first]] = 1  # counted once a deal, as in the modern game
    for j in range(m):
        if sr[j] != best or (eldest and j != first):
            continue
        for q in range(m):
            if sr[q] != best or (eldest and q != first):
                L.pay(ws, ws.seat_of[q], ws.seat_of[j], 1, R.winner, L.NO_COMPARTMENT)
    if prm[P.dealer_penalty] != DP_NONE:
        dealer_penalty(cfg, ws, m)


@kernel(merged=True)
def old_hand(cfg, core, seats, m, hand_no):
    """One hand of the old game among positions 0 .. m-1, shown down; settled here unless it is a Pool Commerce
    hand. Returns (best strength, first best position) for the Pool Commerce settlement. Takes the workspace's
    core (table.Core), not the workspace: a call passes each array it is given. Merged by LLVM into its two
    callers (play._old_game, pool.pool_game), so the old game's deal pushes no arguments (play._old_game)."""
    ws = unpack(core, REAL)
    deal_round(cfg, ws, m, True)
    if ws.tracing[0]:
        rec_dealt(cfg, ws, m, ws.seat_of[m - 1])
    second, t, capped = _widow_turns(cfg, ws, seats, m, hand_no)
    circuits = (t + m - 1) // m
    ws.ev[E.circuits] += circuits
    if capped:
        ws.ev[E.capped] += 1
    if second >= 0:
        _last_exchanges(cfg, ws, seats, m, second, hand_no)
    best, first = show(cfg, ws, m)
    if cfg[0][P.pool] == 0:
        _settle(cfg, ws, m, best, first)
    if ws.tracing[0]:
        rec_shown(cfg, ws, m, capped, np.int64(-1), circuits)
    return best, first
