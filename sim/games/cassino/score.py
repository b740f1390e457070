"""Counting a deal (p. 99) and scoring it to the game (pp. 97, 99, 100).

A *party* is who scores together: with two players each player, with four in partnership each side (seats 0 and 2
against 1 and 3, partners opposite), otherwise each player. Per party the count is: Great Cassino 2, Little
Cassino 1, each ace 1, the most spades 1, the most cards 3 (a tie for the most scores nothing), each sweep 1.

What the count adds to the game depends on the scoring:

    SIDES    two parties: the greater deducts the lesser and scores the difference (p. 97, p. 99)
    OWN      independent players each score their own count (p. 97)
    LOWEST   the lowest count is deducted from every player's, so the lowest scores nothing (p. 97)
    COMBINE  three players: the two lowest counts together are deducted from the highest, who scores what is
             left; nobody scores when they amount to or exceed it (p. 100)

    party  int64[N_FIELDS, 4]  this deal's count per party (rows F_*)
"""

from __future__ import annotations

import numpy as np

from sim._bits import popcount
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.cassino.rules import (
    ACES,
    BANK,
    EV_ACES,
    EV_CARDS,
    EV_GREAT,
    EV_LITTLE,
    EV_RAW,
    EV_SCORED,
    EV_SPADES,
    GREAT_BIT,
    LITTLE_BIT,
    R_POINTS,
    SPADES,
    E,
    P,
)

SIDES, OWN, LOWEST, COMBINE = range(4)
F_CARDS, F_SPADES, F_GREAT, F_LITTLE, F_ACES, F_SWEEPS, F_MOST_SPADES, F_MOST_CARDS, F_RAW, F_SCORED = range(10)
N_FIELDS = 10
FIELDS: tuple[str, ...] = ("cards", "spades", "great_cassino", "little_cassino", "aces", "sweeps")
FIELDS += ("most_spades", "most_cards", "count", "scored")

_ZERO = np.uint64(0)


@kernel(inline=True)
def scoring(prm):
    """The scoring in force (see the module's table)."""
    n = prm[P.players]
    if n == 2 or (n == 4 and prm[P.partnership] != 0):
        return SIDES
    if prm[P.two_lowest_combine] != 0:
        return COMBINE
    if prm[P.lowest_scores_nothing] != 0:
        return LOWEST
    return OWN


@kernel(inline=True)
def parties(n, how):
    return 2 if how == SIDES else n


@kernel(inline=True)
def party_of(s, how):
    return s % 2 if how == SIDES else s


@kernel(inline=True)
def relative(q, dealer, n, how):
    """The party's place from the dealer's: 0 the dealer's (side), 1 the elder hand's (side), 2, 3 the next.
    Worked out without a division ((q - dealer) % n): q and dealer are both below n."""
    if how == SIDES:
        return (q ^ dealer) & 1
    rel = q - dealer
    return rel + n if rel < 0 else rel


@kernel(inline=True)
def count(ws, n, how):
    """Fill ``ws.party`` rows F_CARDS .. F_RAW from the seats' piles and sweeps; returns the number of parties."""
    k = parties(n, how)
    for f in range(N_FIELDS):
        for q in range(4):
            ws.party[f, q] = 0
    for s in range(n):
        q = party_of(s, how)
        pile = ws.pile[s]
        ws.party[F_CARDS, q] += popcount(pile)
        ws.party[F_SPADES, q] += popcount(pile & SPADES)
        ws.party[F_GREAT, q] += 1 if pile & GREAT_BIT else 0
        ws.party[F_LITTLE, q] += 1 if pile & LITTLE_BIT else 0
        ws.party[F_ACES, q] += popcount(pile & ACES)
        ws.party[F_SWEEPS, q] += ws.sweeps[s]
    most(ws.party, F_SPADES, F_MOST_SPADES, k)
    most(ws.party, F_CARDS, F_MOST_CARDS, k)
    raw_counts(ws.party, k)
    return k


@kernel(inline=True)
def raw_counts(party, k):
    """Row F_RAW of each party from its count (``count``'s last step)."""
    for q in range(k):
        row = party[:, q]
        row[F_RAW] = 2 * row[F_GREAT] + row[F_LITTLE] + row[F_ACES] + row[F_MOST_SPADES] + 3 * row[F_MOST_CARDS]
        row[F_RAW] += row[F_SWEEPS]


@kernel(inline=True)
def most(party, field, flag, k):
    """Mark the party with strictly the most of ``field`` (row ``flag``, zero before); a tie for the most marks
    nobody. The most is found first and its holders counted after, as a max and a sum, rather than by compares
    that go either way by the deal (see ``score_deal``)."""
    if k == 2:  # two sides: one compare (kept: the form below measured slower for two parties)
        a, b = party[field, 0], party[field, 1]
        if a != b:
            party[flag, 0 if a > b else 1] = 1
        return
    top = party[field, 0]
    for q in range(1, k):
        top = max(top, party[field, q])
    holders = 0
    who = 0
    for q in range(k):
        at = party[field, q] == top
        holders += np.int64(at)
        who = q if at else who
    party[flag, who] = np.int64(holders == 1)  # (0 where nobody is marked: the row was zero)


@kernel(inline=True)
def settle(raw, scored, k, how):
    """What each party scores to the game from the counts ``raw[:k]`` (into ``scored``); returns the balance
    the scoring works from: the difference, the least count, or the highest less the two others (COMBINE)."""
    if how == SIDES:
        d = raw[0] - raw[1]
        scored[0] = d if d > 0 else 0
        scored[1] = -d if d < 0 else 0
        return d if d > 0 else -d
    if how == COMBINE:
        top = 0
        total = 0
        for q in range(k):
            total += raw[q]
            if raw[q] > raw[top]:
                top = q
        balance = 2 * raw[top] - total
        for q in range(k):
            scored[q] = 0
        if balance > 0:
            scored[top] = balance
        return balance
    low = raw[0]  # the least count, as a min (see ``score_deal``)
    for q in range(1, k):
        low = min(low, raw[q])
    for q in range(k):
        scored[q] = raw[q] - low if how == LOWEST else raw[q]
    return low


@kernel(inline=True)
def score_deal(ws, prm, dealer):
    """Count the deal, score it to the game (``ws.total`` per party), pay the points from the bank to every seat
    of the scoring party, and record the deal's events.

    Its tests on the counts (who has the most, the least, who scored) are written as maxes, mins, sums and ors
    rather than compares that branch: they go either way by the deal, and four independent players made each a
    likely mispredict. Two sides keep their compares (one a test), which measured faster for them. Measured
    together with the divisions taken out (``next_seat`` for the next dealer, ``relative``), A/B against the
    version before, 5 rounds each, same rows: `independent` 1.026, `lowest-nothing` 1.023, `standard` 1.002,
    `builds` 0.981."""
    n = prm[P.players]
    how = scoring(prm)
    k = count(ws, n, how)
    balance = settle(ws.party[F_RAW], ws.party[F_SCORED], k, how)
    anybody = False
    for q in range(k):
        row = ws.party[:, q]
        rel = relative(q, dealer, n, how)
        ws.ev[EV_GREAT + rel] += row[F_GREAT]
        ws.ev[EV_LITTLE + rel] += row[F_LITTLE]
        ws.ev[EV_ACES + rel] += row[F_ACES]
        ws.ev[EV_SPADES + rel] += row[F_MOST_SPADES]
        ws.ev[EV_CARDS + rel] += row[F_MOST_CARDS]
        ws.ev[EV_RAW + rel] += row[F_RAW]
        ws.ev[EV_SCORED + rel] += row[F_SCORED]
        ws.total[q] += row[F_SCORED]
        anybody |= row[F_SCORED] > 0
    for s in range(n):
        amount = ws.party[F_SCORED, party_of(s, how)]
        if how == SIDES:  # (one side scores nothing: L.pay's test for it measured faster here)
            L.pay(ws, L.BOARD, s, amount, R_POINTS, BANK)
        else:
            pay_points(ws, s, amount)
    if not anybody:
        ws.ev[E.nobody_scores] += 1
    if how == COMBINE and balance < 0:
        ws.ev[E.negative_scores] += 1
    if _no_most(ws.party, F_MOST_SPADES, k):
        ws.ev[E.spades_ties] += 1
    if _no_most(ws.party, F_MOST_CARDS, k):
        ws.ev[E.cards_ties] += 1
    if n == 3:
        three_ways(ws, ws.party[F_RAW])


@kernel(inline=True)
def pay_points(ws, s, amount):
    """Seat s is paid ``amount`` points from the bank: ``L.pay``, whose test for nothing to pay (a seat of a party
    that scored nothing) goes either way by the deal, made only when tracing; paying 0 changes nothing."""
    if ws.tracing[0]:
        L.pay(ws, L.BOARD, s, amount, R_POINTS, BANK)
    else:
        ws.board[BANK] -= amount
        ws.net[s] += amount


@kernel(inline=True)
def _no_most(party, flag, k):
    """Nobody has strictly the most (row ``flag`` all 0), an or over the parties rather than a branch on each."""
    marked = 0
    for q in range(k):
        marked |= party[flag, q]
    return marked == 0


@kernel(inline=True)
def three_ways(ws, raw):
    """Three players: would this deal's counts leave nobody scoring under each of the book's scorings?"""
    lo = min(raw[0], raw[1], raw[2])
    hi = max(raw[0], raw[1], raw[2])
    balance = 2 * hi - (raw[0] + raw[1] + raw[2])
    if hi == 0:
        ws.ev[E.nobody_own] += 1
    if lo == hi:
        ws.ev[E.nobody_lowest] += 1
    if balance <= 0:
        ws.ev[E.nobody_combine] += 1
    if balance < 0:
        ws.ev[E.negative_combine] += 1


@kernel(inline=True)
def game_winner(total, k, target):
    """The party that has won: the highest score once it reaches ``target``; -1 while nobody has, or while the
    highest is tied (the game goes on to another deal)."""
    top = 0
    tied = False
    for q in range(1, k):
        if total[q] > total[top]:
            top = q
            tied = False
        elif total[q] == total[top]:
            tied = True
    if total[top] < target or tied:
        return -1
    return top
