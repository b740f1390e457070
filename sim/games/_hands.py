"""Three-card hands of Commerce (p. 71): their ranking, and the tables Commerce's strategies play from.

A hand is three distinct cards. Inside the kernels it is kept sorted (a < b < c, card codes of sim.cards) and
named by its *colex index* ``a + b(b-1)/2 + c(c-1)(c-2)/6``, 0 .. 22,099 for the 52-card pack, so comparing two
hands is two table lookups. Hands of the 32-card pack are a subset of the same index; the other entries of a
32-card table are unused (``valid`` False).

Ranking, highest first (p. 71; docs/commerce.md):

    TRICON   three of a rank; ties by rank, aces highest, then kings ... twos
    SEQUENCE three in suit and in order; A-2-3 lowest, Q-K-A highest, K-A-2 no sequence; equal runs tie
    FLUSH    three of a suit; ties by point (below)
    PAIR     ties by the pair's rank (ace high), then the odd card's
    POINT    pip total (ace 11, courts 10); ties by the first differing card, A > K > Q > J > 10 > ... > 2

``point_rule = "hoyle"`` counts instead the best suited total: the pips of the cards of the hand's best suit
(two or three suited cards, or the best single card when all suits differ), ties as above. Under the limited
game (pp. 75-76) an unrecognised combination is scored as Point: ``combinations = "no-pair"`` (Tricon,
Sequence, Flush, Point) or ``"no-pair-no-flush"`` (Tricon, Sequence, Point).

Tables (``hand_tables``): ``strength`` int32 (dense rank, equal hands equal, -1 for hands outside the pack) and
``klass`` int8 (the class the hand scores as). Strategy tables (``strategy_tables``) are described there.
"""

from __future__ import annotations

import functools
from itertools import combinations as _combinations

import numpy as np
from numba import njit

from sim import cards as C

POINT, PAIR, FLUSH, SEQUENCE, TRICON = 0, 1, 2, 3, 4
CLASS_NAMES = ("point", "pair", "flush", "sequence", "tricon")
N_HANDS = 22100  # C(52, 3)
POINT_RULES = ("peel", "hoyle")
COMBINATIONS = ("all", "no-pair", "no-pair-no-flush")


def colex(cards) -> int:
    """The colex index of a three-card hand (any order)."""
    a, b, c = sorted(int(x) for x in cards)
    if not (0 <= a < b < c < 52):
        raise ValueError("a hand is three different cards")
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


def pack_cards(pack: int) -> np.ndarray:
    """The pack in code order: 52 cards, or the 32-card pack (7 to ace of each suit, p. 70)."""
    return C.full_pack() if pack == 52 else C.short_pack()


def _pip(rank: int) -> int:
    """Pips for the point (p. 70): ace eleven, courts ten."""
    return 11 if rank == C.ACE else (10 if rank >= 9 else rank + 1)


def _high(rank: int) -> int:
    """Order of ranks for ties, ace highest: 2 -> 1 ... K -> 12, A -> 13."""
    return 13 if rank == C.ACE else rank


def hand_key(cards, point_rule: str = "peel", combinations: str = "all") -> tuple[int, ...]:
    """(class, ...) - a tuple that sorts hands in the book's order; equal tuples are exact ties."""
    cs = [int(c) for c in cards]
    ranks = [c % 13 for c in cs]
    suits = [c // 13 for c in cs]
    high = sorted((_high(r) for r in ranks), reverse=True)
    total = sum(_pip(r) for r in ranks)
    if point_rule == "hoyle":
        point = max(sum(_pip(r) for r, s in zip(ranks, suits) if s == suit) for suit in set(suits))
    else:
        point = total
    flush = len(set(suits)) == 1
    distinct = sorted(set(ranks))
    if len(distinct) == 1:
        return (TRICON, _high(ranks[0]), 0, 0, 0)
    if flush and len(distinct) == 3:
        lo = distinct[0]
        if distinct == [lo, lo + 1, lo + 2]:
            return (SEQUENCE, lo, 0, 0, 0)  # A-2-3 = 0 ... J-Q-K = 10
        if distinct == [C.ACE, C.QUEEN, C.KING]:
            return (SEQUENCE, 11, 0, 0, 0)  # Q-K-A, the best
    if flush and combinations != "no-pair-no-flush":
        return (FLUSH, total, *high)  # a flush's point is its three cards whatever the point rule
    if len(distinct) == 2 and combinations == "all":
        pair = max(set(ranks), key=ranks.count)
        odd = min(set(ranks), key=ranks.count)
        return (PAIR, _high(pair), _high(odd), 0, 0)
    return (POINT, point, *high)


@functools.cache
def hand_tables(pack: int = 52, point_rule: str = "peel", combinations: str = "all"):
    """(strength int32[22100], klass int8[22100], valid bool[22100], cards int64[22100, 3]) for these rules."""
    keys: dict[int, tuple] = {}
    cards = np.zeros((N_HANDS, 3), dtype=np.int64)
    for a, b, c in _combinations(range(52), 3):
        cards[colex((a, b, c))] = (a, b, c)
    for hand in _combinations(pack_cards(pack).tolist(), 3):
        keys[colex(hand)] = hand_key(hand, point_rule, combinations)
    order = {k: i for i, k in enumerate(sorted(set(keys.values())))}
    strength = np.full(N_HANDS, -1, dtype=np.int32)
    klass = np.zeros(N_HANDS, dtype=np.int8)
    valid = np.zeros(N_HANDS, dtype=np.bool_)
    for h, k in keys.items():
        strength[h] = order[k]
        klass[h] = k[0]
        valid[h] = True
    return strength, klass, valid, cards


def strength_of(text: str, pack: int = 52, point_rule: str = "peel", combinations: str = "all") -> int:
    """The strength (dense rank) of a hand written as text, e.g. ``strength_of("AS KS QS")``."""
    return int(hand_tables(pack, point_rule, combinations)[0][colex(C.parse(text))])


def class_of(text: str, pack: int = 52, point_rule: str = "peel", combinations: str = "all") -> str:
    return CLASS_NAMES[int(hand_tables(pack, point_rule, combinations)[1][colex(C.parse(text))])]


# ------------------------------------------------------------------------------------------------------------
# strategy tables


@njit(cache=True)
def _id3(x, y, z):
    a = np.int64(x)
    b = np.int64(y)
    c = np.int64(z)
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


@njit(cache=True)
def _build(strength, valid, cards, pack, opponents):
    """Every strategy table at once; see ``strategy_tables``."""
    nh = strength.shape[0]
    top = 0
    for h in range(nh):
        if valid[h] and strength[h] > top:
            top = strength[h]
    cnt = np.zeros(top + 2, dtype=np.int64)
    for h in range(nh):
        if valid[h]:
            cnt[strength[h]] += 1
    below = np.zeros(top + 2, dtype=np.int64)
    for s in range(1, top + 2):
        below[s] = below[s - 1] + cnt[s - 1]
    per_card = np.full((52, 1275), -1, dtype=np.int64)  # C(51, 2) hands hold a card
    n_card = np.zeros(52, dtype=np.int64)
    for h in range(nh):
        if valid[h]:
            for k in range(3):
                x = cards[h, k]
                per_card[x, n_card[x]] = h
                n_card[x] += 1
    p = pack.shape[0]
    others = (p - 3) * (p - 4) * (p - 5) // 6
    # v1: the chance a hand beats one random hand of the other cards (ties count half), exactly: the hands
    # sharing a card with h are taken out of the whole-pack counts by inclusion-exclusion on h's cards.
    v1 = np.zeros(nh, dtype=np.float64)
    for h in range(nh):
        if not valid[h]:
            continue
        s = strength[h]
        a = cards[h, 0]
        b = cards[h, 1]
        worse = below[s]
        tie = cnt[s]
        for k in range(3):
            x = cards[h, k]
            for t in range(n_card[x]):
                g = per_card[x, t]
                g0 = cards[g, 0]
                g1 = cards[g, 1]
                g2 = cards[g, 2]
                if k >= 1 and (g0 == a or g1 == a or g2 == a):
                    continue
                if k == 2 and (g0 == b or g1 == b or g2 == b):
                    continue
                sg = strength[g]
                if sg < s:
                    worse -= 1
                elif sg == s:
                    tie -= 1
        v1[h] = (worse + 0.5 * tie) / others
    value = np.zeros(nh, dtype=np.float64)
    for h in range(nh):
        value[h] = v1[h] ** opponents
    # e_ready[h, i]: mean value after slot i is replaced by a card drawn at random from the 49 (29) unseen
    in_hand = np.zeros(52, dtype=np.bool_)
    e_ready = np.zeros((nh, 3), dtype=np.float64)
    for h in range(nh):
        if not valid[h]:
            continue
        for k in range(3):
            in_hand[cards[h, k]] = True
        for i in range(3):
            u = cards[h, (i + 1) % 3]
            w = cards[h, (i + 2) % 3]
            acc = 0.0
            m = 0
            for j in range(p):
                x = pack[j]
                if in_hand[x]:
                    continue
                acc += value[_id3(u, w, x)]
                m += 1
            e_ready[h, i] = acc / m
        for k in range(3):
            in_hand[cards[h, k]] = False
    # the card a barter partner gives: by the same rule, the slot whose random replacement is worth most.
    # Over every hand of the pack, count the rank of the card given; a barterer expects a card of rank r with
    # probability proportional to give[r] (suits are symmetric).
    give = np.zeros(13, dtype=np.float64)
    for h in range(nh):
        if not valid[h]:
            continue
        best = 0
        for i in range(1, 3):
            if e_ready[h, i] > e_ready[h, best]:
                best = i
        give[cards[h, best] % 13] += 1.0
    e_barter = np.zeros((nh, 3), dtype=np.float64)
    for h in range(nh):
        if not valid[h]:
            continue
        for k in range(3):
            in_hand[cards[h, k]] = True
        for i in range(3):
            u = cards[h, (i + 1) % 3]
            w = cards[h, (i + 2) % 3]
            acc = 0.0
            wsum = 0.0
            for j in range(p):
                x = pack[j]
                if in_hand[x]:
                    continue
                wt = give[x % 13]
                acc += wt * value[_id3(u, w, x)]
                wsum += wt
            e_barter[h, i] = acc / wsum if wsum > 0 else 0.0
        for k in range(3):
            in_hand[cards[h, k]] = False
    return v1, value, e_ready, e_barter, give


@functools.cache
def strategy_tables(pack: int = 52, point_rule: str = "peel", combinations: str = "all", opponents: int = 3):
    """(v1 float64[22100], value float32[22100], e_ready float32[22100, 3], e_barter float32[22100, 3]).

    * ``v1[h]``: the chance that hand h beats one hand of three drawn at random from the cards h does not hold
      (exact, ties counted as half).
    * ``value[h] = v1[h] ** opponents``: the estimated chance of holding the best hand at the table. This treats
      the opponents' hands as independent random hands from the whole pack less h, and ignores what the player
      has seen (cards he traded away, the widow): an approximation, honest about what a player can work out.
    * ``e_ready[h, i]``: the mean of ``value`` after slot i of the sorted hand is replaced by a card drawn at
      random from the cards h does not hold (what a ready-money trade gives, the stock being unseen).
    * ``e_barter[h, i]``: the same when the card comes by barter: the partner gives his least useful card, so
      the card received is weighted by how often a card of its rank is the one given away, over every hand of
      the pack under this same rule (approximation: the partner's hand is taken as a random hand).
    """
    strength, _, valid, cards = hand_tables(pack, point_rule, combinations)
    v1, value, e_ready, e_barter, _ = _build(strength, valid, cards, pack_cards(pack).astype(np.int64), opponents)
    return v1, value.astype(np.float32), e_ready.astype(np.float32), e_barter.astype(np.float32)
