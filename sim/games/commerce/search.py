"""The modern game's hand, and ``rollout:K``'s search (docs/rollout.md).

A hand is played by ``modern.trading`` from the turn record ``ws.turn``; when a rollout seat is to act, trading
returns, ``decide`` chooses, and trading goes on. ``decide`` plays each choice open to the seat (stand, buy
from the stock, barter, each trade with the card the tables pick) out to the show on K deals of the cards it
cannot see, with threshold for every seat after it, in row SIM of the workspace's state arrays
(``table.unpack``), and takes the best summed net; ties go to threshold's choice.

What the decider keeps fixed in a sampled deal: his own hand, the public state (who has stood, the turn, the
stock's top, the pool). Every other card - the other hands and the stock - is dealt afresh at random: he draws
no inference from the trades he has seen, and forgets where the cards he threw under the stock or gave in barter
lie (he could know some of them; he uses less than he could, never more).
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games._common import samples
from sim.games.commerce.modern import begin_hand, book_play, book_trading, finish_hand, neighbour, trading
from sim.games.commerce.rules import P
from sim.games.commerce.strategies import modern_turn
from sim.games.commerce.table import (
    C_NO_PARAM,
    H_BARTER,
    H_READY,
    MAX_SEATS,
    REAL,
    S_BOOK,
    S_CANDS,
    S_CARDS,
    S_SCORE,
    SEARCH,
    SEAT0,
    SIM,
    T_CHOICE,
    T_DRAWN,
    T_STOOD,
    T_TOP,
    T_TURN,
    TURN,
    put,
    unpack,
)

N_CHOICES = 7  # stand, ready money with slot 0..2, barter slot 0..2


@kernel
def sample_world(cfg, core, j, m):
    """Row SIM becomes the deal as it stands, with every card position j cannot see dealt afresh from the
    replayed stream ``ws.streams[SEARCH]``: three to each other hand, the rest to the stock from its top. (Row
    SIM is never traced; its pack is settled, so no stream draws.)"""
    prm, pack = cfg[0], cfg[1]
    ws = unpack(core, REAL)
    sim = unpack(core, SIM)
    cards = ws.search[S_CARDS : S_CARDS + 52]
    size = prm[P.pack]
    for p in range(m):
        sim.state[p] = ws.state[p]
        for c in range(4):
            sim.hands[p, c] = ws.hands[j, c] if p == j else 0
    for i in range(TURN):
        sim.turn[i] = ws.turn[i]
    sim.board[0] = ws.board[0]
    for s in range(sim.net.shape[0]):
        sim.net[s] = 0
        sim.won[s] = 0
    for e in range(sim.ev.shape[0]):
        sim.ev[e] = 0
    k = 0
    for x in range(size):
        c = np.int64(pack[x])
        if c != ws.hands[j, 0] and c != ws.hands[j, 1] and c != ws.hands[j, 2]:
            cards[k] = c
            k += 1
    rng.shuffle(ws.streams[SEARCH], cards, k)
    i = 0
    for p in range(m):
        if p == j:
            continue
        for c in range(3):
            sim.hands[p, c] = cards[i]
            i += 1
        put(sim.hands, p, 0, sim.hands[p, 0])  # sort and index
    base = 3 * m
    length = size - base
    top = ws.turn[T_TOP]
    for c in range(length):
        sim.deck[base + (top + c) % length] = cards[i]
        i += 1
    sim.turn[T_DRAWN] = size


@kernel
def playout(cfg, core, book, m, choice):
    """Play the sampled deal (row SIM) on from the decision, ``choice`` taken, book for everyone."""
    sim = unpack(core, SIM)
    sim.turn[T_CHOICE] = choice
    trading(cfg, sim, book, m, np.int64(0))
    finish_hand(cfg, sim, m, False)


@kernel(inline=True)
def _best_slot(hand, h, col):
    """The slot whose replacement the table at columns col .. col + 2 expects to help most."""
    best = 0
    for i in range(1, 3):
        if hand[h, col + i] > hand[h, col + best]:
            best = i
    return best


@kernel
def decide(cfg, core, seats, m):
    """The choice of the rollout seat whose turn it is: 0 stand, 1 + i ready money for slot i, 4 + i barter.

    The choices searched are standing, buying from the stock and bartering, each with the card the tables
    expect to be the best to give up: with more (every card) the best-looking of many noisy values is too often
    a lucky one (measured)."""
    ws = unpack(core, REAL)
    sim = unpack(core, SIM)
    score = ws.search[S_SCORE : S_SCORE + 8]
    stream = ws.streams[SEARCH]
    hand = cfg[4]
    j = ws.turn[T_TURN] % m
    s = ws.seat_of[j]
    h = ws.hands[j, 3]
    circuit = ws.turn[T_TURN] // m + 1
    book = (ws.search[S_BOOK : S_BOOK + MAX_SEATS], core.f64[REAL, C_NO_PARAM : C_NO_PARAM + MAX_SEATS])
    can_barter = neighbour(cfg, ws, j, m, ws.turn[T_STOOD]) >= 0
    cands = ws.search[S_CANDS : S_CANDS + 3]
    cands[0] = 0
    cands[1] = 1 + _best_slot(hand, h, H_READY)
    cands[2] = 4 + _best_slot(hand, h, H_BARTER)
    k = 3 if can_barter else 2
    for c in range(N_CHOICES):
        score[c] = 0
    for _ in range(samples(seats[1][s])):
        for i in range(k):
            for x in range(4):  # every choice on the same deal: replay the seat's stream
                stream[x] = ws.streams[SEAT0 + s, x]
            sample_world(cfg, core, j, m)
            playout(cfg, core, book, m, cands[i])
            score[cands[i]] += sim.net[s]
        for x in range(4):
            ws.streams[SEAT0 + s, x] = stream[x]
    pref = modern_turn(cfg, ws, book, j, m, can_barter, circuit)
    best = pref
    for i in range(k):
        if score[cands[i]] > score[best]:
            best = cands[i]
    return best


# Merged into its caller by LLVM, play_deal's place in the harness's deal loop: the call pushed cfg, the core
# and seats, some 150 words, every deal (profiled: half of play_block's own time, a tenth of a standard deal).
# Not inlined at numba's level: that took the Commerce test files' cold compile from 100 s of CPU to 237 s.
@kernel(merged=True)
def modern_hand(cfg, core, seats, m, hand_no):
    """One deal of trade and barter among positions 0 .. m-1 (pp. 72-73), rollout seats deciding by search.

    Returns True when a Tricon, Sequence or Flush was shown (looked for only under ``continuous``). Takes the
    workspace's core (table.Core), not the workspace: the views are a few pointer sums (table.unpack).
    """
    ws = unpack(core, REAL)
    begin_hand(cfg, ws, m)
    kept = book_play(cfg, ws, seats, m)
    if kept:
        book_trading(cfg, ws, m)  # keeps the hands' shown entries in ws.sr for the show (table.show_kept)
    else:
        while trading(cfg, ws, seats, m, hand_no):
            ws.turn[T_CHOICE] = decide(cfg, core, seats, m)
    return finish_hand(cfg, ws, m, kept)
