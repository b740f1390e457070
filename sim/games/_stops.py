"""The stops family's shared mechanics (Pope Joan, Spin, Newmarket, Jig; the rules in docs/popejoan.md).

Each suit runs in sequence (ace low … king, or ace high under a flag). The leader plays any card; whoever holds
the next card of the suit must play it, and so on until a *stop*: a card whose successor no player holds (out of
the pack, set aside, turned up, already played, or past the king). Whoever played the stop leads next.

Inside the kernels a card is a *position* ``suit * 16 + place``, where place is the card's rank in its suit's
sequence (0 = lowest; the ace is place 0, or place 12 when aces are high). Places 13-15 of each suit are padding
that never holds a card, so the next card in sequence is always ``position + 1`` and a king's successor is a
padding position that nobody holds: the king is a stop with no special case. Sets of cards are uint64 masks over
positions, so a player's runs, known stops and leads are a few bit operations (sim._bits).

State layout, shared by every stops game (all preallocated in a per-thread workspace)::

    holder  int8[64]     who has each position: seat 0..n-1, or REMOVED / SPARE / TURNUP / PLAYED / LAYOUT
                         (a run played at once, ``shed``, leaves its cards' entries as they were: a game that
                         plays runs so reads ``holder`` through LIVE, ``live_holder``)
    hand    uint64[16]   each seat's cards as a mask (entries past the seats: ``deal``'s own, HAND_SLOTS)
    masks   uint64[3]    LIVE: every card still in a hand or the spare hand; SPARE: the spare hand; SEEN_SPARE:
                         spare cards everyone can place (nobody followed the card below them)
    tabs    int8[2, 64]  row 0: position of card code c (c < 52); row 1: card code at a position, -1 = padding
    dealmap int8[cards]  recipient of the i-th card dealt: 0..n-1 = seats counted from the elder hand,
                         DEAL_SPARE, DEAL_TURNUP or DEAL_LAYOUT (the kernels deal by ``deal_table``: each
                         dealer's row of holder codes)

What a player can know: his own hand, and that every card outside LIVE is out of play (removed, turned up,
played, laid out). He cannot tell the spare hand from the other hands - unless a rule lets him see it.
A game kernel composes these: it deals, then loops lead -> follow -> stop, applying its own payments per card.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import rng
from sim._bits import clz, ctz, popcount
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games._common import (  # noqa: F401 - S.samples, S.next_seat
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    MAX_SEATS,
    next_seat,
    samples,
)

# holder codes (seats are 0..n-1)
REMOVED = -1  # not in this game's pack, or padding
SPARE = -2  # dealt face down to the spare hand, seen by nobody (or by the dealer, under a flag)
TURNUP = -3  # turned up, seen by all
PLAYED = -4  # played to the table, seen by all
LAYOUT = -5  # laid out on the table (Newmarket), seen by all

LIVE = 0
SPARE_MASK = 1
SEEN_SPARE = 2
MASKS = 3

# dealmap codes past the seats
DEAL_SPARE = 100
DEAL_TURNUP = 101
DEAL_LAYOUT = 102

# common policy codes; a game may add its own between these
BOOK = 0
LOWEST = 2
RANDOM = 3
ROLLOUT = 9  # the strong reference player (rollout:K, below); past every game's own codes

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SUIT_BITS = np.uint64(0x1FFF)
_ACES = np.uint64(0x0001000100010001)  # place 0 of each suit


def position_tables(ace_high: bool) -> np.ndarray:
    """int8[2, 64]: row 0 maps card code -> position, row 1 position -> card code (-1 for padding)."""
    tabs = np.full((2, 64), -1, dtype=np.int8)
    for c in range(52):
        suit, rank = divmod(c, 13)
        place = (rank + 12) % 13 if ace_high else rank
        tabs[0, c] = suit * 16 + place
        tabs[1, suit * 16 + place] = c
    return tabs


def deal_map(
    n_players: int, player_cards: list[int], spare_interleaved: int, spare_rest: int, turnup: bool
) -> np.ndarray:
    """The order cards are dealt, as an int8 array of recipients (see module docstring).

    Cards go one at a time from the elder hand round to the dealer; when ``spare_interleaved`` > 0 the spare hand
    takes its place in each round after the dealer (dealt "with the others", p. 81) for that many rounds.
    Players who get one card more than others are those nearest the elder hand ("as equally as possible", p. 81).
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
def bit(x):
    """The mask of position x."""
    return _ONE << np.uint64(x)


@kernel
def has(mask, x):
    return (mask >> np.uint64(x)) & _ONE != _ZERO


@kernel
def count(mask):
    return np.int64(popcount(mask))


def deal_table(dm: np.ndarray, n: int, whole_pack: int = 0) -> np.ndarray:
    """int8[n, cards]: row d gives, for each card dealt with seat d dealing, the ``holder`` code it goes to (a seat,
    SPARE, TURNUP or LAYOUT), so that ``deal`` neither turns the table round nor branches on the recipient.

    ``whole_pack``: the size of the pack, when the game deals by ``shuffle_deal``, which reads a row entry for
    every card of the pack (no test per card: it cost 5% of a Spin deal); a dealmap of any other length is
    refused here rather than read past its end there."""
    if whole_pack and dm.shape[0] != whole_pack:
        raise ValueError(f"the deal gives out {dm.shape[0]} cards of a {whole_pack}-card pack: all must be dealt")
    out = np.empty((n, dm.shape[0]), dtype=np.int8)
    codes = {DEAL_SPARE: SPARE, DEAL_TURNUP: TURNUP, DEAL_LAYOUT: LAYOUT}
    for d in range(n):
        for i, to in enumerate(dm.tolist()):
            out[d, i] = (d + 1 + to) % n if to < n else codes[to]
    return out


# ``hand`` has HAND_SLOTS entries: the seats first, then slots where ``deal`` gathers the cards dealt to no seat,
# at its holder code's low four bits (a card's slot is ``code & 15``, no branch)
HAND_SLOTS = 16
_SLOT_SPARE = SPARE & 15
_SLOT_TURNUP = TURNUP & 15
_SLOT_LAYOUT = LAYOUT & 15
_SLOT_MASK = np.uint64(15)


@kernel(inline=True)
def deal(deck, table, tabs, dealer, n, holder, hand, masks):
    """Deal ``deck`` (card codes, order dealt) by row ``dealer`` of ``table`` (``deal_table``).

    Returns the turn-up's position, or -1 when nothing is turned up. Each card is a store of its holder code and
    an or into the hand slot that code names: no branch per card. (Turning the dealmap round the table and
    branching on seat, spare and turn-up was some 26 instructions a card, 11% of a Pope Joan deal.)
    """
    _deal_row(deck, table[dealer], tabs, n, holder, hand)
    return _dealt(hand, masks, n)


@kernel(inline=True)
def _deal_row(deck, codes, tabs, n, holder, hand):
    """The hands cleared and ``deck`` dealt into them by ``codes`` (a row of ``deal_table``), card by card."""
    _clear_hands(holder, hand, n)
    for i in range(codes.shape[0]):
        _deal_card((codes, tabs, holder, hand), deck, np.uint64(i))


@kernel(inline=True)
def _clear_hands(holder, hand, n):
    """Before a deal: nobody holds any card, every hand slot empty."""
    for x in range(64):
        holder[x] = REMOVED
    for s in range(n):
        hand[s] = _ZERO
    hand[_SLOT_SPARE] = _ZERO
    hand[_SLOT_TURNUP] = _ZERO
    hand[_SLOT_LAYOUT] = _ZERO


@kernel(merged=True)
def _deal_card(ctx, deck, i):
    """The i-th card of ``deck`` to its recipient by ``codes`` (a row of ``deal_table``); ``ctx`` = (codes, tabs,
    holder, hand). Unsigned indices: a signed one compiles to a wrap-around for negative values, three
    instructions per access on every card dealt (numba's indexing). ``shuffle_deal`` hands it to the shuffle as a
    value; merged by LLVM into the shuffle's loop (measured on Spin the same as the loop written out by hand)."""
    codes, tabs, holder, hand = ctx
    x = np.uint64(tabs[0, np.uint64(deck[i])])
    code = codes[i]
    holder[x] = code
    hand[np.uint64(code) & _SLOT_MASK] |= bit(x)


@kernel(inline=True)
def _dealt(hand, masks, n):
    """After a deal: the live cards and the spare hand's from the hands; returns the turn-up's position or -1."""
    spare = hand[_SLOT_SPARE]
    live = spare
    for s in range(n):
        live |= hand[s]
    turned = hand[_SLOT_TURNUP]
    masks[LIVE] = live
    masks[SPARE_MASK] = spare
    masks[SEEN_SPARE] = _ZERO
    return np.int64(ctz(turned)) if turned != _ZERO else np.int64(-1)


@kernel
def play(holder, hand, masks, seat, x):
    """Seat plays the card at position x: out of his hand and out of play."""
    b = bit(x)
    hand[np.uint64(seat)] &= ~b  # unsigned indices: no wrap-around code for negative ones (see deal)
    masks[LIVE] &= ~b
    holder[np.uint64(x)] = PLAYED


@kernel(inline=True)
def goes_out_in(hand, n, run):
    """Whether some player holds no card outside ``run``: he goes out in it, so it is played card by card (the
    first to play his last card wins, which the mask arithmetic of a run played at once cannot tell)."""
    for s in range(n):
        if hand[s] & ~run == _ZERO:
            return True
    return False


@kernel(inline=True)
def shed(hand, masks, n, cards):
    """A run played at once: the ``cards`` leave every hand and the live cards. Their ``holder`` entries are left
    as they were (a game that plays runs at once reads ``holder`` only through the live cards: ``live_holder``)."""
    for s in range(n):
        hand[s] &= ~cards
    masks[LIVE] &= ~cards


@kernel(inline=True)
def live_holder(holder, masks, x):
    """The seat holding the card at x, or -1 when it is in no hand (spare, played, out of the pack): ``holder``
    read through the live cards, as runs played at once (``shed``) leave their cards' entries as they were."""
    h = holder[np.uint64(x)]  # unsigned: no wrap-around code (see deal)
    return np.int64(h) if h >= 0 and has(masks[LIVE], x) else np.int64(-1)


@kernel
def next_holder(holder, x):
    """The seat that must follow the card at x, or -1 when x is a stop."""
    h = holder[np.uint64(x + 1)]  # unsigned: no wrap-around code (see deal)
    return np.int64(h) if h >= 0 else np.int64(-1)


@kernel
def known_out(masks, sees_spare):
    """The mask of cards a player knows nobody can play (so the card before each is a stop)."""
    out = ~masks[LIVE]
    if sees_spare:
        out |= masks[SPARE_MASK]
    return out


@kernel
def run_length(h, x):
    """Length of the run of consecutive cards of mask h starting at x (x in h)."""
    return np.int64(ctz(~(h >> np.uint64(x))))


@kernel
def lowest_per_suit(h):
    """The lowest card of each suit in mask h (the only cards the lead-lowest rule allows to lead)."""
    out = _ZERO
    for s in range(4):
        part = (h >> np.uint64(16 * s)) & _SUIT_BITS
        if part != _ZERO:
            out |= (part & (~part + _ONE)) << np.uint64(16 * s)
    return out


@kernel
def lowest(h):
    """The lowest card of mask h by place in sequence, clubs before diamonds before hearts before spades."""
    best = -1
    best_place = 99
    for s in range(4):
        part = (h >> np.uint64(16 * s)) & _SUIT_BITS
        if part != _ZERO:
            place = np.int64(ctz(part))
            if place < best_place:
                best_place = place
                best = 16 * s + place
    return best


@kernel
def nth(h, k):
    """Position of the k-th (from 0) set bit of h."""
    for _ in range(k):
        h &= h - _ONE
    return np.int64(ctz(h))


@kernel
def random_lead(h, lead_lowest, state):
    """A uniformly random card of mask h (of the lowest card per suit under the lead-lowest rule)."""
    cand = lowest_per_suit(h) if lead_lowest else h
    return nth(cand, rng.bounded(state, count(cand)))


@kernel
def span_mask(lo, hi):
    """Positions lo..hi inclusive."""
    return ((_ONE << np.uint64(hi + 1)) - _ONE) & ~((_ONE << np.uint64(lo)) - _ONE)


@kernel
def lead_up(h, out, b):
    """Leading b (a card of h; no card of h is in ``out``) up to the player's lowest known stop above it in the
    suit.

    A known stop is a card of his whose successor is out of play. Returns (unknown cards between b and that
    stop, cards of his shed on the way including the stop), or (-1, 0) when he holds no known stop above b or a
    card known to be out lies in between (the run cannot reach it). With 0 or 1 unknown cards the lead is sure:
    whoever holds the gap card must play it and he must follow; if nobody holds it, the card below it was the
    stop and he leads again (p. 84: "he cannot do wrong in leading the knave").

    Bit arithmetic: the first card known out above b (the suit's padding at the latest) ends every run from b,
    so the lead reaches a stop of his exactly when the card just below it is his, and that card is the stop.
    """
    reach = np.int64(ctz(out >> np.uint64(b)))  # cards b .. b + reach - 1 are not known out
    hb = h >> np.uint64(b)
    if (hb >> np.uint64(reach - 1)) & _ONE == _ZERO:
        return np.int64(-1), np.int64(0)
    clear = np.int64(popcount(hb & ((_ONE << np.uint64(reach)) - _ONE)))
    return reach - clear, clear


_TOP = np.uint64(1 << 63)


@kernel(inline=True)
def _lead_up_to_stops(h, out, cand, stops):
    """Rule 1 of ``lead_by_rules``: the best lead among ``cand`` up to one of his known ``stops`` across at most
    two unknown cards, as (key << 6) | position with key = clear * 8 + 7 - unknown cards (``lead_up``), or a
    value below 64 when there is none.

    Weighed stop by stop, not candidate by candidate (he holds fewer known stops than runs). Every card from a
    candidate b up to the first card known out above it may still be played, so the lead from b reaches the
    stop t at the top of that stretch when t is his. Within one stretch the lowest candidate with at most two
    unknown cards up to t wins: one card lower sheds at least one more of his (8 in the key) for at most two
    more unknown cards; and the candidates with at most two lie above the stretch's third-highest unknown card.
    Across stretches the higher key wins, then the higher card, as ``max`` of the packed values.

    When every bottom of his runs is a candidate (no card avoided, not lead-lowest: most leads), a stop's weighing
    depends only on which cards of its stretch are his, so it is looked up (``stretch_value``): some ten
    instructions a stop in place of ``stop_key``'s fifty, whose steps each wait on the one before. So too when the
    candidates are his lowest card of each suit (the lead-lowest rule, ``lowest_stretch_value``)."""
    if cand == h & ~(h << _ONE):
        return _best_stop(stretch_value, (h, out), stops)
    if cand == lowest_per_suit(h):  # the lead-lowest rule, nothing avoided
        return _best_stop(lowest_stretch_value, (h, out), stops)
    return _best_stop(_stop_key_of, (h, out, ~out & ~h, cand), stops)


@kernel(inline=True)
def _best_stop(weigh, hand, stops):
    """The best of ``weigh(hand, t)`` over his known ``stops`` t (0 with none): ``_lead_up_to_stops``' loop, for
    each way of weighing a stop (``weigh`` an inline kernel, ``hand`` the arguments it needs before t)."""
    best = 0
    while stops != _ZERO:
        t = np.int64(ctz(stops))
        stops &= stops - _ONE
        best = max(best, weigh(hand, t))
    return best


def _stretches() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every 13-bit stretch (``stretch_values``' index), its count of cards of his, and its highest card's place
    (0 for none), worked out a bit at a time over all of them at once (at import: a loop per stretch took 6 ms)."""
    pattern = np.arange(1 << 13)
    ones = np.zeros(1 << 13, dtype=np.int64)
    top = np.zeros(1 << 13, dtype=np.int64)
    for k in range(13):
        bit = (pattern >> k) & 1
        ones += bit
        top = np.where(bit == 1, k, top)
    return pattern, ones, top


_STRETCHES = _stretches()


def stretch_values(lowest_only: bool = False) -> np.ndarray:
    """uint16[1 << 13]: ``stop_key`` for a stretch whose candidates are the bottoms of his runs (``lowest_only``:
    its lowest card of his only, as under the lead-lowest rule), by the stretch's cards from its lowest up (bit i:
    the i-th card is his, else unknown; the highest set bit is the stop, his).

    A lead from a candidate b reaches the stop across the unknown cards between; the lowest candidate with at most
    two wins, its key ``clear * 8 + 7 - gap`` (his cards and unknown cards from b to the stop). With none, the
    stop's own place, a value below 64 (as ``stop_key`` gives). Built from that reading, not from ``stop_key``:
    the tests compare the two on every stretch."""
    pattern, ones, top = _STRETCHES
    value = top.copy()
    for b in range(12, -1, -1):  # from the highest candidate down, so the lowest that reaches the stop is kept
        lower = pattern & ((1 << b) - 1) if lowest_only else (pattern >> (b - 1)) & 1 if b else 0 * pattern
        candidate = ((pattern >> b) & 1 == 1) & (lower == 0)
        clear = ones[pattern >> b]
        gap = top - b + 1 - clear
        value = np.where(candidate & (gap <= 2), ((clear * 8 + 7 - gap) << 6) | b, value)
    return value.astype(np.uint16)


STRETCH_VALUE = stretch_values()
LOWEST_STRETCH_VALUE = stretch_values(lowest_only=True)


@kernel(inline=True)
def _stretch(h, out, t):
    """The stretch up to his known stop t: (its lowest card, its cards of his shifted down to bit 0). It runs from
    the lowest card above the highest card known out below t (at least the suit's place 0, as the padding below
    it is out) up to t, and every card in it is his or unknown."""
    floor = 64 - np.int64(clz(out & ((_ONE << np.uint64(t)) - _ONE)))
    return floor, (h & ((_ONE << np.uint64(t + 1)) - _ONE)) >> np.uint64(floor)


@kernel(inline=True)
def stretch_value(hand, t):
    """``stop_key`` for his known stop t when the candidates are every bottom of his runs, looked up; ``hand`` is
    (h, out)."""
    h, out = hand
    floor, cards = _stretch(h, out, t)
    return np.int64(STRETCH_VALUE[cards]) + floor


@kernel(inline=True)
def lowest_stretch_value(hand, t):
    """``stop_key`` for his known stop t when the candidates are his lowest card of each suit (the lead-lowest
    rule), looked up: the stretch's lowest card of his is one only when he holds no card of the suit below it,
    else nothing in the stretch may be led (t itself: a value below 64). ``hand`` is (h, out)."""
    h, out = hand
    floor, cards = _stretch(h, out, t)
    suit = np.uint64(t & ~15)
    below = (h >> suit) & ((_ONE << (np.uint64(floor) - suit)) - _ONE)
    return np.int64(LOWEST_STRETCH_VALUE[cards]) + floor if below == _ZERO else np.int64(t)


@kernel(inline=True)
def _stop_key_of(hand, t):
    """``stop_key`` as ``_best_stop`` calls it: ``hand`` is (h, out, unknown, cand)."""
    h, out, unknown, cand = hand
    return stop_key(h, out, unknown, cand, t)


@kernel(inline=True)
def stop_key(h, out, unknown, cand, t):
    """The best lead among ``cand`` up to his known stop t (``_lead_up_to_stops``; ``unknown`` = ~out & ~h), as
    (key << 6) | position, below 64 when none reaches it. No branch: tools/lead_lanes.py runs it for many hands
    at once. t is at most 62 (a card, or a padding place standing in for none), so no shift reaches 64."""
    floor = 64 - np.int64(clz(out & ((_ONE << np.uint64(t)) - _ONE)))  # the stretch's lowest card
    u = unknown & span_mask(floor, t)
    # above the third-highest unknown card (used only when there are three or more: no branch on it)
    u1 = u ^ (_TOP >> clz(u | _ONE))
    u2 = u1 ^ (_TOP >> clz(u1 | _ONE))
    floor = 64 - np.int64(clz(u2)) if popcount(u) > np.uint64(2) else floor
    ok = cand & span_mask(floor, t)
    b = np.int64(ctz(ok | bit(t)))  # (t when there is no candidate: its key is then below 64)
    run = span_mask(b, t)
    clear = np.int64(popcount(h & run))
    gap = np.int64(popcount(u & run))
    return (((clear * 8 + 7 - gap) * np.int64(ok != _ZERO)) << 6) | b


@kernel(inline=True)
def book_lead(h, out, lead_lowest, avoid):
    """The book's general lead (pp. 83-84): ``lead_by_rules`` with every rule."""
    return lead_by_rules(h, out, lead_lowest, avoid, True)


@kernel(merged=True)
def lead_by_rules(h, out, lead_lowest, avoid, stops_first):
    """The book's general lead (pp. 83-84) for a hand h, knowing the cards ``out`` of play.

    1. "Known stops should be played out at the first opportunity, or led up to as early as possible" (p. 83):
       a lead up to one of his known stops across at most two unknown cards, shedding most of his cards on the
       way (the seven of spades led up to the ten rather than the ten alone, p. 84); ties: fewer unknown cards,
       then the higher card (the p. 84 example leads the knave of spades before the five of diamonds). With
       0 or 1 unknown cards such a lead is sure to keep the lead; with 2 it nearly always does.
    2. Otherwise a card nothing can be played up to (the card below it is out, or it is the lowest of its suit):
       "unless he leads that himself there is no possibility of his being able to play it" (p. 84).
    3. Otherwise the bottom of his longest run (ties: the lowest card).
    Cards in ``avoid`` (e.g. a Pope held back) are led only when nothing else can be. Otherwise only bottoms of
    runs are considered: leading a run from its bottom sheds at least as much. ``stops_first`` False leaves
    rule 1 out (a strategy that differs from the book's in that rule only).
    """
    allowed = lowest_per_suit(h) if lead_lowest else h
    bottoms = allowed & ~(h << _ONE)
    cand = bottoms & ~avoid
    if cand == _ZERO:  # e.g. 9D heads his only run: lead from inside it rather than the avoided card
        cand = allowed & ~avoid
    if cand == _ZERO:
        cand = bottoms
    if cand != _ZERO and cand & (cand - _ONE) == _ZERO:
        # one candidate is every rule's answer: no pass needed (a hand of one run or one card per suit under
        # lead_lowest, common late in a deal)
        return np.int64(ctz(cand))
    # Three passes, each only as far as needed: a known stop is usually at hand (kings always are). No pass
    # branches per card, where a compare that mispredicts costs more than the card's whole arithmetic: rule 1
    # weighs stop by stop, rules 2 and 3 every candidate's run at once (_longest_runs).
    stops = h & (out >> _ONE)  # his known stops
    if stops_first and stops != _ZERO:
        best = _lead_up_to_stops(h, out, cand, stops)
        if best >= 64:
            return best & 63
    # 2: the longest run from a card the card below which is out, or the lowest of its suit; ties the higher
    m = cand & ((out << _ONE) | _ACES)
    if m != _ZERO:
        return np.int64(63 - clz(_longest_runs(h, m)))
    # 3: the longest run; ties the lowest place, then suit (clubs first)
    if cand == _ZERO:  # no card (never so for a hand with a card)
        return np.int64(-1)
    return longest_run_lead(h, cand)


@kernel(inline=True)
def longest_run_lead(h, cand):
    """Rule 3 of ``lead_by_rules``: the bottom of the longest run of h from a card of ``cand``; ties the lowest
    place, then suit (clubs first)."""
    best = _longest_runs(h, cand)
    places = best | (best >> np.uint64(16)) | (best >> np.uint64(32)) | (best >> np.uint64(48))
    place = np.int64(ctz(places & _SUIT_BITS))
    suit = np.int64(ctz((best >> np.uint64(place)) & _ACES)) >> 4
    return suit * 16 + place


@kernel(inline=True)
def _longest_runs(h, m):
    """The cards of m (not empty, within h) from which h runs longest: a binary search of the length, in steps
    of 8, 4, 2 and 1 from 1 (so up to 16, past a suit's 13), on masks of every card's run, not by a run length
    per card. A card from which h runs length + s is one from which it runs length, with a run of s from the card
    length above (runs stop at the three empty places above each king, so none crosses a suit). Four fixed steps
    and no loop, where the loop over the cards of m ended on a branch that went either way (rules 2 and 3 of
    ``lead_by_rules``)."""
    r2 = h & (h >> _ONE)  # the cards from which h runs 2 or more
    r4 = r2 & (r2 >> np.uint64(2))
    r8 = r4 & (r4 >> np.uint64(4))
    best, length = _runs_longer(m, np.uint64(1), r8, np.uint64(8))  # from each card of m, h runs 1 or more
    best, length = _runs_longer(best, length, r4, np.uint64(4))
    best, length = _runs_longer(best, length, r2, np.uint64(2))
    best, length = _runs_longer(best, length, h, np.uint64(1))
    return best


@kernel(inline=True)
def _runs_longer(best, length, runs, step):
    """One step of ``_longest_runs``: of the cards ``best``, from which h runs ``length`` or more, those from which
    it runs ``length + step`` (``runs``: the cards from which h runs ``step`` or more), if any: (cards, length)."""
    longer = best & (runs >> length)
    if longer != _ZERO:
        return longer, length + step
    return best, length


# ----------------------------------------------------------------------------------------------------------
# run ends, the trace record, the session's random streams and the pack's shuffle

# columns of a traced action: int64[k, 4] = seat, card code, stop (1 when the card ended the run), flag
# (a game's own mark: Spin played with a card, a Jig, ...); payments are the ledger's (sim.games._ledger)
TR_SEAT, TR_CARD, TR_STOP, TR_FLAG = 0, 1, 2, 3


@kernel
def run_end(live, x, cap):
    """The last card of the run led at x when every card in ``live`` is in some hand and a run ends after
    ``cap`` cards (Jig: 5) or on a stop: x + min(cap, length of the live run from x) - 1."""
    length = run_length(live, x)
    if length > cap:
        length = cap
    return x + length - 1


@kernel(inline=True)
def shuffle_pack(deck, pack, deck_rng):
    """The next deck of the session: ``pack`` (int8 card codes) shuffled into ``deck``."""
    for j in range(pack.shape[0]):
        deck[j] = pack[j]
    rng.shuffle(deck_rng, deck, pack.shape[0])


# ----------------------------------------------------------------------------------------------------------
# the strong reference player, ``rollout:K`` (docs/rollout.md): what every stops game shares of it.
# A game's play loop runs from the turn record ``ws.turn`` until the deal ends or a rollout seat must decide;
# the same loop plays the deal (scratch row REAL: the workspace's state arrays are views of it) and each playout
# (row SIM) on a sampled deal of the unseen cards (row WORLD); ``view(ws, row)`` in each game gives a workspace
# of the same type over a row.

ROLLOUT_HELP = (
    "the strong reference player, rollout:K (K = 8 if not given): at each decision plays every choice out to the "
    "end of the deal on K deals of the unseen cards consistent with what it knows, book for everyone after, and "
    "takes the best average net (ties: book's choice)"
)
REAL, WORLD, SIM = 0, 1, 2
ROWS = 3

# the turn record, int64[TURN]
T_PHASE = 0  # PH_LEAD, or a game's yes/no decision (>= 1)
T_LEADER = 1  # who leads (PH_LEAD) or led the run in play
T_PLAYER = 2  # who played the run's last card (a yes/no decision is his)
T_LAST = 3  # position of the run's last card
T_CHOICE = 4  # a decision already taken (a position to lead, 1 yes / 0 no), -1 when none
T_DEALER = 5
T_AUX = 6  # the game's own (Pope Joan: the trump suit)
T_TURNUP = 7  # the turn-up's position, -1 none
T_DEALT = 8  # the dealer whose deal of the deck is in the hands (shuffle_deal, for deal_ws), -1 none
TURN = 9
PH_LEAD = 0


class Scratch(NamedTuple):
    """The state arrays of a stops game in ROWS rows, and the rollout's own arrays."""

    holder: np.ndarray  # int8[ROWS, 64]
    hand: np.ndarray  # uint64[ROWS, HAND_SLOTS]
    masks: np.ndarray  # uint64[ROWS, MASKS]
    board: np.ndarray  # int64[ROWS, compartments]
    net: np.ndarray  # int64[ROWS, MAX_SEATS]
    won: np.ndarray  # int64[ROWS, MAX_SEATS]
    ev: np.ndarray  # int64[ROWS, events]
    tracing: np.ndarray  # bool[ROWS, 1]: only row REAL is ever traced
    turn: np.ndarray  # int64[ROWS, TURN]
    extra: np.ndarray  # int64[ROWS, k]: the game's own state (its workspace names slices of it)
    known: np.ndarray  # uint64[MAX_SEATS + 1]: cards the decider can place, by seat; the spare hand's last
    cards: np.ndarray  # int64[64]: the cards he cannot place, shuffled
    score: np.ndarray  # int64[64]: each candidate's net summed over the samples
    book: np.ndarray  # int64[MAX_SEATS]: the playouts' strategies, book for every seat


@njit(cache=True)
def new_scratch(compartments, events, extra):
    return Scratch(
        np.full((ROWS, 64), REMOVED, dtype=np.int8),
        np.zeros((ROWS, HAND_SLOTS), dtype=np.uint64),
        np.zeros((ROWS, MASKS), dtype=np.uint64),
        np.zeros((ROWS, compartments), dtype=np.int64),
        np.zeros((ROWS, MAX_SEATS), dtype=np.int64),
        np.zeros((ROWS, MAX_SEATS), dtype=np.int64),
        np.zeros((ROWS, events), dtype=np.int64),
        np.zeros((ROWS, 1), dtype=np.bool_),
        np.full((ROWS, TURN), -1, dtype=np.int64),
        np.full((ROWS, extra), -1, dtype=np.int64),
        np.zeros(MAX_SEATS + 1, dtype=np.uint64),
        np.zeros(64, dtype=np.int64),
        np.zeros(64, dtype=np.int64),
        np.full(MAX_SEATS, BOOK, dtype=np.int64),
    )


@kernel
def begin_turns(turn, leader, dealer):
    """The turn record at the start of play: ``leader`` to lead."""
    for i in range(TURN):
        turn[i] = -1
    turn[T_PHASE] = PH_LEAD
    turn[T_LEADER] = leader
    turn[T_PLAYER] = leader
    turn[T_DEALER] = dealer


@kernel
def _copy_row(a, frm, to):
    for j in range(a.shape[1]):
        a[to, j] = a[frm, j]


@kernel
def copy_state(r, frm, to):
    """Row ``to`` of the scratch becomes the state of row ``frm``, with this deal's nets, wins and events at 0
    (so a playout's nets are what it wins from the decision on)."""
    _copy_row(r.holder, frm, to)
    _copy_row(r.hand, frm, to)
    _copy_row(r.masks, frm, to)
    _copy_row(r.board, frm, to)
    _copy_row(r.turn, frm, to)
    _copy_row(r.extra, frm, to)
    r.net[to, :] = 0
    r.won[to, :] = 0
    r.ev[to, :] = 0


@kernel
def begin_decision(r, p, h):
    """What the decider ``p`` can place before any game adds to it (his own hand), and the scores at 0."""
    for s in range(r.known.shape[0]):
        r.known[s] = _ZERO
    r.known[p] = h
    for x in range(64):
        r.score[x] = 0


@kernel
def sample_hands(ws, n, known, state, cards):
    """Deal again, in the workspace ``ws`` (a row of the scratch), every live card the decider cannot place.

    Each hand keeps its size (which everyone can count) and the cards ``known`` to be in it; the spare hand
    (``known[MAX_SEATS]``) likewise. The other cards are shuffled with ``state`` (the decider's own stream) and
    dealt out in seat order: every consistent deal is equally likely.
    """
    placed = known[MAX_SEATS]
    for s in range(n):
        placed |= known[s]
    free = ws.masks[LIVE] & ~placed
    m = 0
    while free != _ZERO:
        cards[m] = np.int64(ctz(free))
        free &= free - _ONE
        m += 1
    rng.shuffle(state, cards, m)
    j = 0
    for s in range(n):
        h = known[s]
        need = count(ws.hand[s]) - count(h)
        for _ in range(need):
            x = cards[j]
            j += 1
            h |= bit(x)
            ws.holder[x] = s
        ws.hand[s] = h
    spare = known[MAX_SEATS]
    while j < m:
        x = cards[j]
        j += 1
        spare |= bit(x)
        ws.holder[x] = SPARE
    ws.masks[SPARE_MASK] = spare


@kernel
def best_choice(score, cands, pref):
    """The candidate (a bit of ``cands``) with the highest score; ``pref`` (the book's choice) on a tie, else the
    lowest."""
    best = pref
    best_score = score[pref]
    m = cands
    while m != _ZERO:
        x = np.int64(ctz(m))
        m &= m - _ONE
        if score[x] > best_score:
            best_score = score[x]
            best = x
    return best


# -- Python side ------------------------------------------------------------------------------------------


def stack_deck(dm: np.ndarray, dealer: int, n: int, hands: dict) -> list[int]:
    """Card codes in the order dealt so that seat s receives ``hands[s]`` (text); keys past the seats are
    dealmap codes (DEAL_SPARE ...). Raises ValueError when the cards do not fit the deal."""
    from sim import cards as C

    queues = {k: C.parse(v).tolist() if isinstance(v, str) else list(v) for k, v in hands.items()}
    deck = []
    for to in dm.tolist():
        key = (dealer + 1 + to) % n if to < n else to
        if not queues.get(key):
            raise ValueError(f"not enough cards given for {'seat ' + str(key) if to < n else 'code ' + str(key)}")
        deck.append(queues[key].pop(0))
    left = [c for q in queues.values() for c in q]
    if left:
        raise ValueError(f"cards left over: {C.format(left)}")
    return deck


def dealt_hands(
    order: list[int], table: np.ndarray, dealer: int, n: int
) -> tuple[list[list[str]], list[str], str | None]:
    """(each seat's hand, the spare hand, the turn-up) as card text, from the deck order and the deal table
    (``deal_table``)."""
    from sim import cards as C

    hands: list[list[str]] = [[] for _ in range(n)]
    spare: list[str] = []
    turnup = None
    for c, code in zip(order, table[dealer].tolist()):
        if code >= 0:
            hands[code].append(C.format_card(c))
        elif code == SPARE:
            spare.append(C.format_card(c))
        elif code == TURNUP:
            turnup = C.format_card(c)
    return hands, spare, turnup


# -- on the game contract's workspace (sim.games._contract): fields deck, holder, hand, masks, deck_rng,
# seat_rng, and the ledger's (sim.games._ledger) ---------------------------------------------------------------


@kernel
def seed_streams(ws, seed, session, n, policies):
    """Stream 0 shuffles the deck; stream 1 + s is seat s's strategy randomness (sim.rng), seeded only for a
    seat whose strategy may draw from it: book and lowest never do, in any stops game (a session is a rotation
    of four to eight deals, so seeding every seat cost 3% of a Newmarket deal for streams nobody read)."""
    rng.seed_stream(ws.deck_rng, seed, session, 0)
    ws.turn[T_DEALT] = -1  # no deck dealt yet (shuffle_deal)
    for s in range(n):
        if policies[s] != BOOK and policies[s] != LOWEST:
            rng.seed_stream(ws.seat_rng[s], seed, session, 1 + s)


@kernel(inline=True)
def shuffle_deal(ws, pack, table, tabs, dealer, n):
    """``deal_cards`` of a stops game: ``pack`` shuffled into ``ws.deck`` (as ``shuffle_pack``), each card dealt by
    ``dealer``'s row of ``table`` as its place in the deck settles, in the shuffle's own loop; ``deal_ws`` then
    finishes that deal rather than dealing again. The same deck and hands as a shuffle and then a deal; the
    card is in a register when it settles, where a deal after the shuffle loads it again from the deck and loops
    over the pack a second time (measured on Spin: 1.05-1.06 of the deal's speed)."""
    for j in range(pack.shape[0]):
        ws.deck[j] = pack[j]
    _clear_hands(ws.holder, ws.hand, n)
    rng.shuffle_settling(ws.deck_rng, ws.deck, pack.shape[0], _deal_card, (table[dealer], tabs, ws.holder, ws.hand))
    ws.turn[T_DEALT] = dealer


@kernel(inline=True)
def deal_ws(ws, table, tabs, dealer, n):
    """Deal ``ws.deck`` into the hands by ``table`` (``deal_table``; see ``deal``), unless ``shuffle_deal`` has
    dealt it already for this dealer; returns the turn-up's position or -1. A deck stacked after that (a
    trace's) is dealt here: its session began afresh (``seed_streams`` forgets any deal)."""
    if ws.turn[T_DEALT] != dealer:
        _deal_row(ws.deck, table[dealer], tabs, n, ws.holder, ws.hand)
    ws.turn[T_DEALT] = -1
    return _dealt(ws.hand, ws.masks, n)


@kernel(inline=True)
def play_card(ws, tabs, seat, x, flag):
    """Seat plays the card at position x; traced as (seat, card, stop=0, flag)."""
    play(ws.holder, ws.hand, ws.masks, seat, x)
    k = L.next_action(ws)
    if k >= 0:
        ws.tr_actions[k, TR_SEAT] = seat
        ws.tr_actions[k, TR_CARD] = tabs[1, x]
        ws.tr_actions[k, TR_STOP] = 0
        ws.tr_actions[k, TR_FLAG] = flag


@kernel
def pay_for_cards(ws, winner, n, odd_seat, odd_rate, reason):
    """Going out: each other player pays the winner a stake per card left in his hand; ``odd_seat`` (or -1)
    pays ``odd_rate`` per card instead. Returns the counters paid."""
    total = 0
    for q in range(n):
        if q == winner:
            continue
        amount = count(ws.hand[q])
        if q == odd_seat:
            amount *= odd_rate
        total += amount
        L.pay(ws, q, winner, amount, reason, L.NO_COMPARTMENT)
    return total


def traced_plays(ws, flag_name: str) -> list[dict]:
    """The traced plays as dicts {seat, play, stop} (+ {flag_name: True} where the flag is set)."""
    from sim import cards as C

    out = []
    for a in ws.tr_actions[: int(ws.tr_count[0])]:
        item = {"seat": int(a[TR_SEAT]), "play": C.format_card(a[TR_CARD]), "stop": bool(a[TR_STOP])}
        if a[TR_FLAG]:
            item[flag_name] = True
        out.append(item)
    return out
