"""The stops family's shared mechanics (Pope Joan, Spin, Newmarket, Jig): RULES.md "Stops family".

Each suit runs in sequence (ace low … king, or ace high under a flag). The leader plays any card; whoever holds
the next card of the suit must play it, and so on until a *stop*: a card whose successor no player holds (out of
the pack, set aside, turned up, already played, or past the king). Whoever played the stop leads next.

State layout, shared by every stops game (all arrays preallocated in a per-thread workspace)::

    holder   int8[52]      who has each card: seat 0..n-1, or REMOVED / SPARE / TURNUP / PLAYED / LAYOUT
    hands    int8[10, 52]  hands[s, :hand_len[s]] are seat s's cards, in no particular order
    hand_len int64[10]
    pos      int8[52]      pos[c] = index of card c inside its holder's hands row (valid while held)
    succ     int8[52]      the next card of c's suit in sequence, or -1 past the top
    pred     int8[52]      the card before c in sequence, or -1 below the bottom
    order    int8[52]      c's place in its suit's sequence (0 = lowest); used for "lowest card" choices
    dealmap  int8[cards]   recipient of the i-th card dealt: 0..n-1 = seats counted from the elder hand,
                           DEAL_SPARE, DEAL_TURNUP or DEAL_LAYOUT

A game kernel composes these: it deals, then loops lead -> follow -> stop, applying its own payments per card.
"""

from __future__ import annotations

import numpy as np
from sim import rng
from sim._jit import kernel

# holder codes (seats are 0..n-1)
REMOVED = -1  # not in this game's pack
SPARE = -2  # dealt face down to the spare hand, seen by nobody (or by the dealer, under a flag)
TURNUP = -3  # turned up, seen by all
PLAYED = -4  # played to the table, seen by all
LAYOUT = -5  # laid out on the table (Newmarket), seen by all

# dealmap codes past the seats (a dealmap is built in Python, these are added to n)
DEAL_SPARE = 100
DEAL_TURNUP = 101
DEAL_LAYOUT = 102

# common policy codes; a game may add its own above these
BOOK = 0
LOWEST = 2
RANDOM = 3


def deal_map(n_players: int, player_cards: list[int], spare_interleaved: int, spare_rest: int,
             turnup: bool) -> np.ndarray:
    """The order cards are dealt, as an int8 array of recipients (see module docstring).

    Cards go one at a time from the elder hand round to the dealer; when ``spare_interleaved`` > 0 the spare hand
    takes its place in each round after the dealer (as dealt "with the others", p. 81) for that many rounds.
    Players who get one card more than others are those nearest the elder hand (RULES.md conventions).
    Then ``spare_rest`` cards go to the spare hand, and the last card is turned up if ``turnup``.
    """
    out: list[int] = []
    left = list(player_cards)
    spare_left = spare_interleaved
    while any(left) or spare_left:
        for j in range(n_players):
            if left[j]:
                out.append(j)
                left[j] -= 1
        if spare_left:
            out.append(DEAL_SPARE)
            spare_left -= 1
    out.extend([DEAL_SPARE] * spare_rest)
    if turnup:
        out.append(DEAL_TURNUP)
    return np.array(out, dtype=np.int8)


@kernel
def build_sequence(succ, pred, order, ace_high):
    """Fill succ/pred/order (int8[52]) for suits running ace..king, or 2..king, ace when ``ace_high``."""
    for s in range(4):
        for r in range(13):
            c = s * 13 + r
            place = (r + 12) % 13 if ace_high else r  # ace high: 2 is place 0, ace is place 12
            order[c] = place
        for r in range(13):
            c = s * 13 + r
            place = order[c]
            succ[c] = -1
            pred[c] = -1
            for r2 in range(13):
                c2 = s * 13 + r2
                if order[c2] == place + 1:
                    succ[c] = c2
                if order[c2] == place - 1:
                    pred[c] = c2


@kernel
def deal(deck, dealmap, pack_mask_out, dealer, n, holder, hands, hand_len, pos, dealt):
    """Deal ``deck`` by ``dealmap`` with ``dealer`` dealing. Cards in ``pack_mask_out`` (bool[52]) are REMOVED.

    ``dealt`` (int64[10]) receives the number of cards each seat was dealt. Returns the turn-up card or -1.
    """
    for c in range(52):
        holder[c] = REMOVED if pack_mask_out[c] else PLAYED  # every card in the pack is re-assigned below
    for s in range(n):
        hand_len[s] = 0
    turnup = -1
    for i in range(dealmap.shape[0]):
        c = deck[i]
        to = dealmap[i]
        if to < n:
            seat = (dealer + 1 + to) % n
            holder[c] = seat
            pos[c] = hand_len[seat]
            hands[seat, hand_len[seat]] = c
            hand_len[seat] += 1
        elif to == DEAL_SPARE:
            holder[c] = SPARE
        elif to == DEAL_TURNUP:
            holder[c] = TURNUP
            turnup = c
        else:
            holder[c] = LAYOUT
    for s in range(n):
        dealt[s] = hand_len[s]
    return turnup


@kernel(inline=True)
def remove_from_hand(holder, hands, hand_len, pos, c, to):
    """Take card c out of its holder's hand (swap with the last card) and mark it ``to`` (e.g. PLAYED)."""
    s = holder[c]
    i = pos[c]
    last = hands[s, hand_len[s] - 1]
    hands[s, i] = last
    pos[last] = i
    hand_len[s] -= 1
    holder[c] = to


@kernel(inline=True)
def known_out(holder, c, sees_spare):
    """True when the viewer knows card c cannot be played by anyone (so the card before it is a stop).

    Everyone sees removed, turned-up and played cards (and layout cards); only a viewer granted the spare hand
    (``sees_spare``) knows which cards lie in it.
    """
    if c < 0:
        return True
    h = holder[c]
    if h == REMOVED or h == TURNUP or h == PLAYED or h == LAYOUT:
        return True
    return sees_spare and h == SPARE


@kernel(inline=True)
def next_holder(holder, succ, c):
    """The seat that must follow card c, or -1 when c is a stop."""
    nxt = succ[c]
    if nxt < 0:
        return -1
    h = holder[nxt]
    return h if h >= 0 else -1


@kernel(inline=True)
def own_run_end(holder, succ, c, p):
    """Follow p's own cards in sequence from c: returns (last card of p's run, its length)."""
    end = c
    length = 1
    nxt = succ[end]
    while nxt >= 0 and holder[nxt] == p:
        end = nxt
        length += 1
        nxt = succ[end]
    return end, length


@kernel
def sure_lead_clears(holder, succ, c, p, sees_spare):
    """How many cards p is sure to shed while keeping the lead by leading c, or 0 if the lead may be lost.

    Sure when p's own run from c ends on a known stop; or when it ends one unknown card short of another run of
    p's that ends on a known stop ("leads up to" it, p. 83): whoever holds the gap card must play it and p must
    follow, and if nobody holds it p's first run was the stop and he leads again.
    """
    end, length = own_run_end(holder, succ, c, p)
    gap = succ[end]
    if known_out(holder, gap, sees_spare):
        return length
    after = succ[gap]
    if after >= 0 and holder[after] == p:
        end2, length2 = own_run_end(holder, succ, after, p)
        if known_out(holder, succ[end2], sees_spare):
            return length + length2
    return 0


@kernel(inline=True)
def is_lowest_of_suit(hands, hand_len, order, p, c):
    """True when c is p's lowest card of its suit (for the lead-lowest rule)."""
    s = c // 13
    for i in range(hand_len[p]):
        c2 = hands[p, i]
        if c2 // 13 == s and order[c2] < order[c]:
            return False
    return True


@kernel
def lowest_card(hands, hand_len, order, p):
    """p's lowest card in sequence order, clubs before diamonds before hearts before spades on ties."""
    best = -1
    best_key = 1 << 30
    for i in range(hand_len[p]):
        c = hands[p, i]
        key = order[c] * 4 + c // 13
        if key < best_key:
            best_key = key
            best = c
    return best


@kernel
def random_card(hands, hand_len, order, p, lead_lowest, state):
    """A uniformly random card of p's hand (of his lowest cards per suit under the lead-lowest rule)."""
    if not lead_lowest:
        return np.int64(hands[p, rng.bounded(state, hand_len[p])])
    count = 0
    for i in range(hand_len[p]):
        if is_lowest_of_suit(hands, hand_len, order, p, hands[p, i]):
            count += 1
    k = rng.bounded(state, count)
    for i in range(hand_len[p]):
        c = hands[p, i]
        if is_lowest_of_suit(hands, hand_len, order, p, c):
            if k == 0:
                return np.int64(c)
            k -= 1
    return np.int64(-1)  # unreachable


@kernel
def book_lead(holder, hands, hand_len, succ, pred, order, p, sees_spare, lead_lowest, avoid1, avoid2):
    """The book's general lead (p. 83-84), from what p can know: his hand and the cards seen.

    1. Play out known stops or lead up to them: the sure lead that sheds most cards (ties: the higher card).
    2. Otherwise a card that nothing can be played up to (its predecessor is out, or it is an ace) -
       "unless he leads that himself there is no possibility of his being able to play it" (p. 84).
    3. Otherwise the card starting his longest run in hand (ties: the lowest card).
    Cards ``avoid1``/``avoid2`` (e.g. a Pope held back) are led only when nothing else is left (-1 = none).
    """
    best = -1
    best_clear = 0
    orphan = -1
    orphan_len = 0
    longest = -1
    longest_len = 0
    longest_key = 1 << 30
    n_cards = hand_len[p]
    for i in range(n_cards):
        c = hands[p, i]
        if (c == avoid1 or c == avoid2) and n_cards > 1:
            continue
        if lead_lowest and not is_lowest_of_suit(hands, hand_len, order, p, c):
            continue
        clears = sure_lead_clears(holder, succ, c, p, sees_spare)
        if clears > best_clear or (clears == best_clear and clears > 0 and c > best):
            best_clear = clears
            best = c
        end, length = own_run_end(holder, succ, c, p)
        if pred[c] < 0 or known_out(holder, pred[c], sees_spare):
            if length > orphan_len or (length == orphan_len and c > orphan):
                orphan_len = length
                orphan = c
        key = order[c] * 4 + c // 13
        if length > longest_len or (length == longest_len and key < longest_key):
            longest_len = length
            longest_key = key
            longest = c
    if best >= 0:
        return best
    if orphan >= 0:
        return orphan
    if longest >= 0:
        return longest
    # only held-back cards remain: lead one of them (still obeying the lead-lowest rule)
    for i in range(n_cards):
        c = hands[p, i]
        if not lead_lowest or is_lowest_of_suit(hands, hand_len, order, p, c):
            return np.int64(c)
    return np.int64(hands[p, 0])
