"""The strong reference player, ``rollout:K`` (docs/rollout.md): a determinized Monte Carlo search on ``book``.

At each play of its own with more than one play it may make (every card that captures, or, when none does, every
card to trail; and under the rule ``builds`` every build it may make), it samples K deals of the cards it has not
seen, consistent with what it knows: its own hand, the table (builds included), every card that has lain face up
(the four dealt to the table, every card played; so every card captured), and how many cards each other hand and
the stock hold. The unseen cards are shuffled with its own seat stream and dealt again to the other hands (each
keeps its size) and the stock (the order of the cards still to be dealt). Every candidate play is played out on
each sampled deal to the end of the deal with ``book`` for every seat, the remainder taken as the rules say, and
the deal is counted and scored as the game scores it. A candidate's value is what the decider's party scores less
the others' average, times the number of other parties (two sides: the difference of their scores, which is what
the deal adds to the game between them). The summed values over the K samples decide; ties go to book's play.
The game's target is not looked at: each deal is played for its points.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games._common import samples
from sim.games.cassino import play as G
from sim.games.cassino import score as S
from sim.games.cassino.capture import sums_below
from sim.games.cassino.rules import BOOK, P
from sim.games.cassino.workspace import REAL, SIM, WORLD, copy_state, view

_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@kernel
def candidates(ws, p, cand, builds):
    """The plays p may make (into ``cand`` as play codes: a card, or a build's; returns how many) and the index of
    book's among them."""
    table = ws.masks[G.TABLE]
    loose = table & ~ws.masks[G.BUILT]
    cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
    k1, k, ncap = G.listing(ws, p, cap, loose, sums_below(loose), builds)
    unseen = ws.masks[G.PACK_MASK] & ~ws.masks[G.SEEN] & ~ws.hand[p]
    opts = (ws.opt_card, ws.opt_take, ws.opt_value, ws.builds)
    pref = G.choose(BOOK, opts, k1, k, ncap, unseen, ws.seat_rng[p])
    for i in range(k):
        cand[i] = G.code(ws, i)
    return k, pref


@kernel
def sample_unseen(ws, n, p, size, state, cards):
    """Deal again, in the workspace ``ws`` (a row of the scratch), every card p has not seen: each other hand
    keeps its size, the rest make up the stock. The unseen cards are listed in card order and shuffled with p's
    stream, so the sample depends only on what p knows."""
    free = ws.masks[G.PACK_MASK] & ~ws.masks[G.SEEN] & ~ws.hand[p]
    m = 0
    while free != _ZERO:
        cards[m] = np.int64(ctz(free))
        free &= free - _ONE
        m += 1
    rng.shuffle(state, cards, m)
    j = 0
    for s in range(n):
        if s != p:
            need = popcount(ws.hand[s])
            h = _ZERO
            for _ in range(need):
                h |= G.bit(cards[j])
                j += 1
            ws.hand[s] = h
    for i in range(ws.turn[G.T_POS], size):
        ws.deck[i] = cards[j]
        j += 1
    if j != m:
        raise ValueError("cassino rollout: the unseen cards do not fill the other hands and the stock")


@kernel
def deal_value(ws, prm, p):
    """The deal as the game scores it, for p's party: its score less the others' average, times their number."""
    n = prm[P.players]
    how = S.scoring(prm)
    k = S.count(ws, n, how)
    S.settle(ws.party[S.F_RAW], ws.party[S.F_SCORED], k, how)
    total = 0
    for q in range(k):
        total += ws.party[S.F_SCORED, q]
    return k * ws.party[S.F_SCORED, S.party_of(p, how)] - total


@kernel
def decide(cfg, ws, seats):
    """The card of the rollout seat whose turn it is (``ws.turn[T_PLAYER]``): see the module's docstring."""
    prm, pack = cfg
    n = prm[P.players]
    r = ws.roll
    p = ws.turn[G.T_PLAYER]
    for i in range(r.score.shape[0]):
        r.score[i] = 0
    m, pref = candidates(ws, p, r.cand, prm[P.builds] != 0)
    if m == 1:
        return r.cand[0]
    world = view(ws, WORLD)
    sim = view(ws, SIM)
    book = (r.book, seats[1])
    dealer = ws.turn[G.T_DEALER]
    for _ in range(samples(seats[1][p])):
        copy_state(r, REAL, WORLD)
        sample_unseen(world, n, p, pack.shape[0], ws.seat_rng[p], r.cards)
        for i in range(m):
            copy_state(r, WORLD, SIM)
            sim.turn[G.T_CHOICE] = r.cand[i]
            G.resume(cfg, sim, book)
            G.take_remainder(sim, prm, dealer)
            r.score[i] += deal_value(sim, prm, p)
    best = pref
    for i in range(m):
        if r.score[i] > r.score[best]:
            best = i
    return r.cand[best]
