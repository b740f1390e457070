"""Pope Joan (Peel, *Round Games with Cards*, 1891, pp. 80-87; RULES.md "Pope Joan").

The board has eight compartments, dressed before each deal and carried over between deals::

    board int64[8]:  0 Pope (9D)  1 Matrimony (K+Q trumps)  2 Intrigue (Q+J trumps)  3 Ace  4 King  5 Queen
                     6 Knave (of trumps)  7 Game

Five-pool Pope (p. 86) keeps 0-3 and Game only. The pack is 51 cards (8D out); each player gets
``k = 50 // (n+1)`` cards, a face-down spare hand the rest, and the 51st card is turned up for trumps.
Play follows the stops family (sim.games._stops); this module adds the board's payments and the strategies.

The per-thread arrays are the fields of ``Workspace``; the session loop, trace and floor are the shared harness
(sim/games/_harness.py), which calls this module's kernels.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import cards as C
from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games import _stops as S
from sim.games._common import MAX_SEATS, check_pack_deck
from sim.games._contract import TracedDeal
from sim.games._rules import MAX_STAKE, Rule, RuleBook, as_int, names_index

NAME = "popejoan"
TITLE = "Pope Joan"
PAGES = "pp. 80-87"
PLAYERS = (3, 8)
DEAL = "deal"

COMPARTMENTS = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game")
POPE, MATRIMONY, INTRIGUE, ACE, KING, QUEEN, KNAVE, GAME = range(8)
DRESS = np.array([6, 2, 2, 1, 1, 1, 1, 0], dtype=np.int64)  # p. 81; the surplus goes on Game


def _spare(name: str, value) -> str:
    """``hand``, ``remainder`` or a whole number of cards set aside (its range depends on the players: ``_check``)."""
    text = str(value).strip().lower()
    if text in ("hand", "remainder"):
        return text
    try:
        return str(as_int(name, text))
    except ValueError:
        raise ValueError("spare must be 'hand', 'remainder' or a number of cards set aside") from None


def _spare_code(value: str) -> int:
    """The kernel's integer for ``spare`` (the deal itself is the dealmap's): -1 hand, -2 remainder, else N."""
    return -1 if value == "hand" else -2 if value == "remainder" else int(value)


def _check(r) -> None:
    """The checks that involve two rules at once."""
    named = int(DRESS[:GAME].sum()) - (3 if r.pools == 5 else 0)
    if r.dressing <= named:
        raise ValueError(f"dressing must be more than the {named} counters the named compartments take")
    spare_cards(r)  # raises on a spare setting that does not fit the players


RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 80", "number of players, 3 to 8", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule("pools", 8, "p. 81, p. 86", "compartments on the board: 8, or 5 for Five-pool Pope", choices=(8, 5)),
        Rule("dressing", 15, "p. 81, p. 86", "counters that dress the board each deal", lo=1, hi=MAX_STAKE),
        Rule(
            "dresser",
            "all",
            "p. 81",
            "who dresses: all (non-dealers x = ceil(dressing/(n+1)) each, dealer 2x) or dealer (alone)",
            choices=("all", "dealer"),
        ),
        Rule(
            "popular",
            False,
            "p. 85",
            "winner takes Game only; penalties and the dealer's single stake go on empty compartments, then Game",
        ),
        Rule("pope_wins_game", False, "p. 86", "9D turned up wins Game for the dealer too, and the deal ends"),
        Rule(
            "spare",
            "hand",
            "p. 81, p. 86",
            "hand (spare hand dealt with the others), remainder (50 // n each, rest aside) or N cards aside",
            coerce=_spare,
            encode=_spare_code,
        ),
        Rule("dealer_sees_spare", False, "p. 87", "the dealer knows the spare hand's cards and plays on them"),
        Rule(
            "pope_stop_filler",
            False,
            "p. 87",
            "after a stop the holder of 9D may play it in lieu of the missing card and go on",
        ),
        Rule(
            "split_chances",
            False,
            "p. 84",
            "Matrimony or Intrigue played by two players is split between them (odd counter stays)",
        ),
        Rule(
            "pope_turnup_cap",
            0,
            "p. 82",
            "most a player pays the dealer for a 9D turn-up (0 = one per card dealt, no cap)",
            lo=0,
            hi=MAX_STAKE,
        ),
        Rule("ace_high", False, "Parlett", "aces rank above kings in each suit's sequence"),
        Rule("lead_lowest", False, "Parlett", "the leader must lead his lowest card of the suit he chooses"),
    ),
    check=_check,
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
DEALER_DRESSES = RULEBOOK.choice("dresser", "dealer")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "five-pool": {"pools": 5, "dressing": 12},
    "popular": {"popular": True},
    "pope-wins": {"pope_wins_game": True},
    "limited-stops": {"spare": "remainder"},
    "dealer-sees-spare": {"dealer_sees_spare": True},
    "pope-stop-filler": {"pope_stop_filler": True},
    "split-chances": {"split_chances": True},
    "pope-cap-4": {"pope_turnup_cap": 4},
    "pope-cap-6": {"pope_turnup_cap": 6},
    "dealer-dresses": {"dresser": "dealer"},
}

HOLD_POPE = 1
STRATEGIES: dict[str, int] = {"book": S.BOOK, "hold-pope": HOLD_POPE, "lowest": S.LOWEST, "random": S.RANDOM}
DEFAULT_STRATEGY = "book"
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows its stops; leads 9D and the trump ace at once; plays out known "
    "stops or leads up to them; leads a trump honour early when the board makes it worth 4 or more (pp. 83-84)",
    "hold-pope": "as book, but leads 9D and the trump ace only when it has nothing else",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
}

EVENTS: tuple[str, ...] = (
    "turnup_pope",  # 9D turned up
    "turnup_honour",  # A, K, Q or J (of trumps, necessarily) turned up
    "pope_played",
    "matrimony_won",
    "intrigue_won",
    "ace_won",  # the trump ace played (its compartment taken, whatever lay on it)
    "king_won",
    "queen_won",
    "knave_won",
    "stops",  # runs ended by a stop
    "plays",  # cards played
    "board_carried",  # counters left on the board after the deal
    "pope_turnup_paid",  # counters the players paid the dealer for a 9D turn-up
    "pope_filled",  # 9D played in lieu of a stop (pope-stop-filler)
    "pope_unplayed",  # 9D still in a hand when the deal ended
    "matrimony_split",
    "intrigue_split",
    "cards_left",  # cards still in the players' hands when the deal ended (plays + cards_left = cards dealt)
    # counters taken from each compartment (by play, turn-up or going out): mean size when won = taken / won
    *(f"{c}_taken" for c in COMPARTMENTS),
    # a named compartment taken with at least twice one deal's dressing on it: "considerably increased" (p. 83)
    *(f"{c}_doubled" for c in COMPARTMENTS[:GAME]),
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)
E = names_index(EVENTS)
TAKEN = E.pope_taken  # + compartment
DOUBLED = E.pope_doubled  # + compartment (named compartments only)

# payment reasons (trace)
REASONS = (
    "dressing", "turnup_pope", "turnup_honour", "pope", "pope_cards", "ace", "king", "queen", "knave",
    "matrimony", "intrigue", "game", "cards", "penalty",
)  # fmt: skip
R_DRESSING, R_TURNUP_POPE, R_TURNUP_HONOUR, R_POPE, R_POPE_CARDS, R_ACE, R_KING, R_QUEEN, R_KNAVE = range(9)
R_MATRIMONY, R_INTRIGUE, R_GAME, R_CARDS, R_PENALTY = 9, 10, 11, 12, 13

NINE_D = C.parse_card("9D")
EIGHT_D = C.parse_card("8D")
PACK = C.pack_without("8D")

# p. 84: five players; the elder hand holds these eight cards and the 7 of hearts is turned up. The book gives only
# the elder hand: the other hands and the spare are stacked to be consistent with its narrative (the four and
# king of clubs in the spare hand, the queen of spades played, Matrimony with the player of the three of clubs).
EXAMPLE_P84 = {
    "players": 5,
    "dealer": 0,
    "hands": {
        0: "6D 6C 9C AD 3D 4D 6H 2S",  # the dealer: the six of diamonds the elder hand leads up to
        1: "5D 7D 4H JH JS KS AC QC",  # the elder hand, as in the book
        2: "2C 9S 7C 10C JD 5H 3S AS",
        3: "3C QH KH 7S 10S 5C 9H 10D",  # plays the three of clubs, then Matrimony and the 7 and 10 of spades
        4: "QS 8S 8C JC KD 8H 4S 6S",
    },
    "spare": "4C KC 3H 10H 9D AH 2D 5S QD 2H",
    "turnup": "7H",
}

# strategy constant: a trump-honour run worth this many counters on the board is led at once (p. 83)
HONOUR_WORTH = 4


def spare_cards(r) -> tuple[list[int], int, int]:
    """(cards per seat from the elder hand, spare cards dealt in the rounds, spare cards dealt after)."""
    n = r.players
    if r.spare == "hand":
        k = 50 // (n + 1)
        return [k] * n, k, 50 - (n + 1) * k  # surplus to the spare hand (p. 81)
    if r.spare == "remainder":
        k = 50 // n
        return [k] * n, 0, 50 - n * k
    aside = int(r.spare)
    if not 0 <= aside <= 50 - n:
        raise ValueError(f"spare: between 0 and {50 - n} cards can be set aside with {n} players")
    base, extra = divmod(50 - aside, n)
    return [base + (1 if j < extra else 0) for j in range(n)], 0, aside


def dealmap(r) -> np.ndarray:
    per_seat, interleaved, rest = spare_cards(r)
    return S.deal_map(r.players, per_seat, interleaved, rest, turnup=True)


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, dealmap, position tables)."""
    return RULEBOOK.params(r), dealmap(r), S.position_tables(r.ace_high)


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal)."""

    deck: np.ndarray  # int8[52], the cards in the order dealt (51 used)
    holder: np.ndarray  # int8[64], who holds each position (sim.games._stops)
    hand: np.ndarray  # uint64[10], each seat's cards
    masks: np.ndarray  # uint64[2], live and spare cards
    who: np.ndarray  # int64[3], who played the K, Q, J of trumps this deal (-1: nobody yet)
    deck_rng: np.ndarray  # uint64[4], the session's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    board: np.ndarray  # int64[8], the compartments
    net: np.ndarray  # int64[10], this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10], 1 for the seat that won Game
    ev: np.ndarray  # int64[len(EVENTS)], this deal's events
    tracing: np.ndarray  # bool[1]: record actions and payments
    tr_actions: np.ndarray  # int64[k, 4]: seat, card, stop, filler (sim.games._stops TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[2]: actions, payments recorded


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    return Workspace(
        np.empty(52, dtype=np.int8),
        np.empty(64, dtype=np.int8),
        np.zeros(MAX_SEATS, dtype=np.uint64),
        np.zeros(2, dtype=np.uint64),
        np.full(3, -1, dtype=np.int64),
        np.empty(4, dtype=np.uint64),
        np.empty((MAX_SEATS, 4), dtype=np.uint64),
        np.zeros(8, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(len(EVENTS), dtype=np.int64),
        np.zeros(1, dtype=np.bool_),
        np.zeros((trace_rows, 4), dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
    )


@kernel
def begin_session(cfg, ws, seats, seed, session):
    S.seed_streams(ws, seed, session, cfg[0][P.players])
    for comp in range(8):
        ws.board[comp] = 0


@kernel
def deal_cards(cfg, ws):
    S.shuffle_pack(ws.deck, PACK, ws.deck_rng)


@kernel
def deal_hands(cfg, ws, dealer):
    prm, dmap, tabs = cfg
    return S.deal_ws(ws, dmap, tabs, dealer, prm[P.players])


@kernel
def end_session(cfg, ws, row, col):
    left = 0
    for comp in range(8):
        left += ws.board[comp]
    row[col] = left


@kernel
def _has(pools, comp):
    """Whether the board has this compartment (five-pool drops King, Queen and Knave, p. 86)."""
    return pools == 8 or not (comp == KING or comp == QUEEN or comp == KNAVE)


@kernel
def _pay_dressing(ws, seat, amount):
    """A share of the dressing: paid to the board as a whole (traced with no compartment) and laid on Game
    until ``_dress`` moves each named compartment's counters off it."""
    ws.net[seat] -= amount
    ws.board[GAME] += amount
    if ws.tracing[0]:
        L._record_pay(ws, seat, L.BOARD, amount, R_DRESSING, L.NO_COMPARTMENT)


@kernel
def _place_on_board(ws, frm, amount, reason, pools):
    """Popular variation (p. 85): each counter goes on an empty compartment first, then on Game."""
    for _ in range(amount):
        target = GAME
        for comp in range(GAME):
            if _has(pools, comp) and ws.board[comp] == 0:
                target = comp
                break
        L.pay(ws, frm, L.BOARD, 1, reason, target)


@kernel
def _take(ws, comp, seat, reason):
    """``seat`` takes whatever lies on compartment ``comp``, recording its size when won; returns the amount."""
    amount = ws.board[comp]
    L.pay(ws, L.BOARD, seat, amount, reason, comp)
    ws.ev[TAKEN + comp] += amount
    if comp != GAME and amount >= 2 * DRESS[comp]:
        ws.ev[DOUBLED + comp] += 1
    return amount


@kernel
def _dress(prm, ws, dealer):
    """Dress the board (p. 81), or the popular variation's single stake from the dealer (p. 85)."""
    n = prm[P.players]
    pools = prm[P.pools]
    if prm[P.popular]:
        _place_on_board(ws, dealer, 1, R_DRESSING, pools)
        return
    if prm[P.dresser] == DEALER_DRESSES:
        _pay_dressing(ws, dealer, prm[P.dressing])
    else:
        x = (prm[P.dressing] + n) // (n + 1)  # ceil(dressing / (n + 1)): the dealer pays double
        for s in range(n):
            _pay_dressing(ws, s, 2 * x if s == dealer else x)
    for comp in range(GAME):  # the named compartments' shares; the surplus stays on Game
        if _has(pools, comp):
            ws.board[comp] += DRESS[comp]
            ws.board[GAME] -= DRESS[comp]


@kernel
def _turn_up(cfg, ws, dealer, turnup):
    """The turn-up's payments (p. 82); returns the dealer when a 9D turn-up wins him Game too (p. 86), else -1."""
    prm, _, tabs = cfg
    n = prm[P.players]
    if turnup == tabs[0, NINE_D]:
        # the dealer takes Pope and a stake per card dealt from each player (p. 82), capped if agreed
        ws.ev[E.turnup_pope] += 1
        _take(ws, POPE, dealer, R_TURNUP_POPE)
        cap = prm[P.pope_turnup_cap]
        for q in range(n):
            if q != dealer:
                amount = S.count(ws.hand[q])  # nothing is played yet: the cards dealt
                if cap > 0 and amount > cap:
                    amount = cap
                ws.ev[E.pope_turnup_paid] += amount
                L.pay(ws, q, dealer, amount, R_TURNUP_POPE, L.NO_COMPARTMENT)
        return dealer if prm[P.pope_wins_game] else -1  # Pope Joan Wins (p. 86): the deal ends here
    r = tabs[1, turnup] % 13
    comp = -1
    if r == C.ACE:
        comp = ACE
    elif r == C.KING:
        comp = KING
    elif r == C.QUEEN:
        comp = QUEEN
    elif r == C.KNAVE:
        comp = KNAVE
    if comp >= 0:
        ws.ev[E.turnup_honour] += 1
        if _has(prm[P.pools], comp):
            _take(ws, comp, dealer, R_TURNUP_HONOUR)
    return -1


@kernel
def _specials(nine, trumps, tabs):
    """The positions whose play wins something: 9D and the trump ace, king, queen and knave."""
    m = S.bit(nine)
    for r in (C.ACE, C.KNAVE, C.QUEEN, C.KING):
        m |= S.bit(tabs[0, trumps * 13 + r])
    return m


@kernel(inline=True)
def _play(cfg, ws, x, seat, trumps, specials):
    """Seat plays the card at position x: it leaves his hand and he takes what it wins on the board.

    Kept tiny (numba-inlined at its one call site); the rare winning cards go to ``_card_wins``.
    """
    S.play_card(ws, cfg[2], seat, x, 0)
    ws.ev[E.plays] += 1
    if S.has(specials, x):
        _card_wins(cfg, ws, x, seat, trumps)


@kernel
def _card_wins(cfg, ws, x, seat, trumps):
    """What playing 9D or a trump honour takes from the board and the other players (pp. 82-84)."""
    prm, _, tabs = cfg
    n = prm[P.players]
    pools = prm[P.pools]
    if x == tabs[0, NINE_D]:
        ws.ev[E.pope_played] += 1
        _take(ws, POPE, seat, R_POPE)
        for q in range(n):  # a stake from every player for each card remaining in hand (p. 82)
            if q != seat:
                L.pay(ws, q, seat, S.count(ws.hand[q]), R_POPE_CARDS, L.NO_COMPARTMENT)
    if (x >> 4) != trumps:
        return
    r = tabs[1, x] % 13
    if r == C.ACE:
        ws.ev[E.ace_won] += 1
        _take(ws, ACE, seat, R_ACE)
        return
    if r == C.KING:
        ws.who[0] = seat
        if _has(pools, KING):
            ws.ev[E.king_won] += 1
            _take(ws, KING, seat, R_KING)
    elif r == C.QUEEN:
        ws.who[1] = seat
        if _has(pools, QUEEN):
            ws.ev[E.queen_won] += 1
            _take(ws, QUEEN, seat, R_QUEEN)
    elif r == C.KNAVE:
        ws.who[2] = seat
        if _has(pools, KNAVE):
            ws.ev[E.knave_won] += 1
            _take(ws, KNAVE, seat, R_KNAVE)
    else:
        return
    _settle_chances(prm, ws, seat, r)


@kernel
def _settle_chances(prm, ws, seat, r):
    """Matrimony (K+Q) and Intrigue (Q+J) are won when one player has played both cards of the pair; the check
    runs as the pair's second card (rank ``r``) falls, so each is settled at most once a deal (p. 84)."""
    for pair in range(2):
        a = ws.who[0] if pair == 0 else ws.who[1]
        b = ws.who[1] if pair == 0 else ws.who[2]
        comp = MATRIMONY if pair == 0 else INTRIGUE
        reason = R_MATRIMONY if pair == 0 else R_INTRIGUE
        completes = (r == C.QUEEN) or (pair == 0 and r == C.KING) or (pair == 1 and r == C.KNAVE)
        if not completes or a < 0 or b < 0:
            continue
        if a == b:
            ws.ev[E.matrimony_won if pair == 0 else E.intrigue_won] += 1
            _take(ws, comp, seat, reason)
        elif prm[P.split_chances]:
            ws.ev[E.matrimony_split if pair == 0 else E.intrigue_split] += 1
            half = ws.board[comp] // 2  # the odd counter stays on the board
            L.pay(ws, L.BOARD, a, half, reason, comp)
            L.pay(ws, L.BOARD, b, half, reason, comp)
            ws.ev[TAKEN + comp] += 2 * half


@kernel
def _honour_value(h, b, trumps, pools, tabs, board):
    """Counters a hand h takes from the board for trump honours by leading b and playing its own run on."""
    value = 0
    has_k = False
    has_q = False
    has_j = False
    x = b
    while S.has(h, x):
        if (x >> 4) == trumps:
            r = tabs[1, x] % 13
            if r == C.KING:
                has_k = True
                if _has(pools, KING):
                    value += board[KING]
            elif r == C.QUEEN:
                has_q = True
                if _has(pools, QUEEN):
                    value += board[QUEEN]
            elif r == C.KNAVE:
                has_j = True
                if _has(pools, KNAVE):
                    value += board[KNAVE]
        x += 1
    if has_k and has_q:
        value += board[MATRIMONY]
    if has_q and has_j:
        value += board[INTRIGUE]
    return value


@kernel(inline=True)
def _choose_lead(cfg, ws, p, policy, dealer, trumps):
    """The position seat p leads, by his strategy and from what he can know."""
    prm, _, tabs = cfg
    h = ws.hand[p]
    lead_lowest = prm[P.lead_lowest] != 0
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, lead_lowest, ws.seat_rng[p])
    out = S.known_out(ws.masks, prm[P.dealer_sees_spare] != 0 and p == dealer)
    allowed = S.lowest_per_suit(h) if lead_lowest else h
    nine = np.int64(tabs[0, NINE_D])
    trump_ace = np.int64(tabs[0, trumps * 13 + C.ACE])
    avoid = np.uint64(0)
    if policy == HOLD_POPE:
        avoid = S.bit(nine) | S.bit(trump_ace)
    else:
        # "Pope Joan or ace of trumps should be led on the first opportunity" (p. 83)
        if S.has(allowed, nine):
            return nine
        if S.has(allowed, trump_ace):
            return trump_ace
    # weigh the board: a well-stocked trump honour is worth leading early (p. 83). Only runs holding a trump
    # knave, queen or king can take anything, so only their bottoms are valued.
    honours = h & (
        S.bit(tabs[0, trumps * 13 + C.KNAVE])
        | S.bit(tabs[0, trumps * 13 + C.QUEEN])
        | S.bit(tabs[0, trumps * 13 + C.KING])
    )
    best = -1
    best_value = HONOUR_WORTH - 1
    while honours != 0:
        x = np.int64(ctz(honours))
        honours &= honours - np.uint64(1)
        b = x
        while (b & 15) > 0 and S.has(h, b - 1):
            b -= 1
        if S.has(allowed, b) and not S.has(avoid, b):
            v = _honour_value(h, b, trumps, prm[P.pools], tabs, ws.board)
            if v > best_value:
                best_value = v
                best = b
    if best >= 0:
        return best
    return S.book_lead(h, out, lead_lowest, avoid)


@kernel
def _fills_with_pope(ws, q, policy):
    """Whether the holder of 9D plays it in lieu of a stop (p. 87)."""
    if policy == HOLD_POPE:
        return S.count(ws.hand[q]) == 1
    if policy == S.RANDOM:
        return rng.bounded(ws.seat_rng[q], 2) == 1
    return True  # book and lowest: shedding a card and taking the Pope can only help


@kernel
def _play_out(cfg, ws, dealer, seats, trumps):
    """Lead, follow and stop until a player is out (p. 83); returns him.

    One loop plays every card, so the payments of a play sit behind a single call: ``card`` is what is played,
    ``last`` where the run stands in its suit (they differ only when 9D stands in for a missing card).
    """
    prm, _, tabs = cfg
    n = prm[P.players]
    policies = seats[0]
    nine = np.int64(tabs[0, NINE_D])
    specials = _specials(nine, trumps, tabs)
    leader = (dealer + 1) % n  # the elder hand leads (p. 83)
    card = _choose_lead(cfg, ws, leader, policies[leader], dealer, trumps)
    last = card
    player = leader
    filled = False
    while True:
        _play(cfg, ws, card, player, trumps, specials)
        if filled:
            L.mark_last(ws, S.TR_FLAG, 1)
        if ws.hand[player] == 0:
            return player
        h = S.next_holder(ws.holder, last)
        filled = False
        if h >= 0:
            last += 1
            card = last
            player = h
            continue
        ws.ev[E.stops] += 1
        L.mark_last(ws, S.TR_STOP, 1)
        if prm[P.pope_stop_filler] and (last & 15) < 12 and last != nine:
            q = ws.holder[nine]
            if q >= 0 and _fills_with_pope(ws, q, policies[q]):
                # 9D stands in for the missing card last + 1; the run goes on after it (p. 87)
                ws.ev[E.pope_filled] += 1
                player = np.int64(q)
                card = nine
                last += 1
                filled = True
                continue
        leader = player
        card = _choose_lead(cfg, ws, leader, policies[leader], dealer, trumps)
        last = card


@kernel
def _go_out(cfg, ws, winner, turnup):
    """Going out (p. 84): Game, and a stake per card from each other player, the unplayed Pope's holder exempt
    (under the popular variation the stakes go on the board, p. 85)."""
    prm, _, tabs = cfg
    n = prm[P.players]
    nine = tabs[0, NINE_D]
    _take(ws, GAME, winner, R_GAME)
    pope_holder = ws.holder[nine]
    if pope_holder >= 0:
        ws.ev[E.pope_unplayed] += 1
    if not (turnup == nine and prm[P.pope_wins_game]):  # the turn-up already took its stake per card
        for q in range(n):
            if q == winner or q == pope_holder:
                continue
            if prm[P.popular]:
                _place_on_board(ws, q, S.count(ws.hand[q]), R_PENALTY, prm[P.pools])
            else:
                L.pay(ws, q, winner, S.count(ws.hand[q]), R_CARDS, L.NO_COMPARTMENT)
    for q in range(n):
        ws.ev[E.cards_left] += S.count(ws.hand[q])
    carried = 0
    for comp in range(8):
        carried += ws.board[comp]
    ws.ev[E.board_carried] += carried


@kernel
def play_deal(cfg, ws, dealer, seats):
    """Play one deal of Pope Joan on the stacked ``ws.deck`` with ``dealer`` dealing; returns the next dealer.

    ``ws.board`` (the eight compartments) is carried in and out; ``ws.net``, ``ws.won`` and ``ws.ev`` are this
    deal's.
    """
    prm, dmap, tabs = cfg
    n = prm[P.players]
    L.begin_deal(ws, n)
    for k in range(3):
        ws.who[k] = -1
    _dress(prm, ws, dealer)
    turnup = S.deal_ws(ws, dmap, tabs, dealer, n)
    trumps = turnup >> 4
    winner = _turn_up(cfg, ws, dealer, turnup)
    if winner < 0:
        winner = _play_out(cfg, ws, dealer, seats, trumps)
    _go_out(cfg, ws, winner, turnup)
    ws.won[winner] = 1
    return (dealer + 1) % n


# ----------------------------------------------------------------------------------------------------------
# the Python side


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 51 cards of the Pope Joan pack, each once, in the order dealt."""
    return check_pack_deck(text, PACK, TITLE, " (the 8 of diamonds is taken out, p. 80)")


def deck_from_hands(r, dealer: int, hands: dict[int, str], spare: str, turnup: str) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]``, the spare hand ``spare``, and ``turnup`` turned."""
    order = S.stack_deck(dealmap(r), dealer, r.players, {**hands, S.DEAL_SPARE: spare, S.DEAL_TURNUP: turnup})
    return check_deck(C.format(order))


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict: the deal, every play and payment, the nets and events."""
    n = run.players
    order = run.deck[: len(PACK)]
    hands, spare, turnup = S.dealt_hands(order, run.cfg[1], run.dealer, n)
    ws = run.ws
    return {
        "game": NAME,
        "rules": dict(run.rules._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(order),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": hands,
        "spare": spare,
        "turnup": turnup,
        "trumps": C.SUIT_NAMES[C.parse_card(turnup) // 13] if turnup else None,
        "board_before": L.board(run.board_before, COMPARTMENTS),
        "board_after": L.board(ws.board, COMPARTMENTS),
        "actions": S.traced_plays(ws, "filler"),
        "payments": L.payments(ws, REASONS, COMPARTMENTS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
