"""Pope Joan (Peel, *Round Games with Cards*, 1891, pp. 80-87; docs/popejoan.md).

The board has eight compartments, dressed before each deal and carried over between deals::

    board int64[8]:  0 Pope (9D)  1 Matrimony (K+Q trumps)  2 Intrigue (Q+J trumps)  3 Ace  4 King  5 Queen
                     6 Knave (of trumps)  7 Game

Five-pool Pope (p. 86) keeps 0-3 and Game only. The pack is 51 cards (8D out); each player gets
``k = 50 // (n+1)`` cards, a face-down spare hand the rest, and the 51st card is turned up for trumps.
Play follows the stops family (sim.games._stops); this module adds the board's payments and the strategies.

Per-deal workspace (allocated once per thread block, see ``play_sessions``): holder/pos int8[52],
hands int8[10, 52], hand_len int64[10], dealt int64[10], seq int8[3, 52] (succ, pred, order), who int64[3]
(who played the K, Q, J of trumps this deal), net int64[10], ev int64[len(EVENTS)].
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from sim import cards as C
from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _stops as S
from sim.games._common import (
    COL_EVENTS,
    MAX_SEATS,
    as_bool,
    as_int,
    check_pack_deck,
    row_width,
)
from sim.games._record import record_deal

NAME = "popejoan"
TITLE = "Pope Joan"
PAGES = "pp. 80-87"
PLAYERS = (3, 8)


class Rules(NamedTuple):
    players: int = 4  # any number (p. 80); the toolkit plays 3 to 8
    pools: int = 8  # eight compartments (p. 81); 5 = Five-pool Pope (p. 86)
    dressing: int = 15  # "fifteen (or more) counters" (p. 81); twelve for five-pool (p. 86)
    dresser: str = "all"  # all: dealer pays double the others (p. 81); dealer: the dealer alone dresses (p. 81)
    popular: bool = False  # winner takes Game only, penalties go to the board, dealer pays one (p. 85)
    pope_wins_game: bool = False  # a 9D turn-up also wins Game for the dealer (p. 86)
    spare: str = "hand"  # hand: a spare hand dealt with the others (p. 81); remainder or a number N (p. 86)
    dealer_sees_spare: bool = False  # the dealer looks at the spare hand (p. 87)
    pope_stop_filler: bool = False  # 9D may be played in lieu of the card missing after a stop (p. 87)
    split_chances: bool = False  # Matrimony/Intrigue played by two hands: they split the stake (p. 84)
    pope_turnup_cap: int = 0  # limit per player on the 9D turn-up payment, 0 = none (p. 82: four or six)
    ace_high: bool = False  # aces rank above kings (Parlett; the book runs ace to king, p. 80)
    lead_lowest: bool = False  # the leader must lead his lowest card of the suit he chooses (Parlett)

    def validated(self) -> Rules:
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        r = self._replace(
            players=as_int("players", self.players),
            pools=as_int("pools", self.pools),
            dressing=as_int("dressing", self.dressing),
            dresser=str(self.dresser),
            popular=as_bool("popular", self.popular),
            pope_wins_game=as_bool("pope_wins_game", self.pope_wins_game),
            spare=str(self.spare),
            dealer_sees_spare=as_bool("dealer_sees_spare", self.dealer_sees_spare),
            pope_stop_filler=as_bool("pope_stop_filler", self.pope_stop_filler),
            split_chances=as_bool("split_chances", self.split_chances),
            pope_turnup_cap=as_int("pope_turnup_cap", self.pope_turnup_cap),
            ace_high=as_bool("ace_high", self.ace_high),
            lead_lowest=as_bool("lead_lowest", self.lead_lowest),
        )
        lo, hi = PLAYERS
        if not lo <= r.players <= hi:
            raise ValueError(f"Pope Joan needs {lo} to {hi} players (got {r.players})")
        if r.pools not in (5, 8):
            raise ValueError("pools must be 8 (the full board) or 5 (Five-pool Pope, p. 86)")
        named = 6 + 2 + 2 + 1 + (3 if r.pools == 8 else 0)
        if r.dressing <= named:
            raise ValueError(f"dressing must be more than the {named} counters the named compartments take")
        if r.dresser not in ("all", "dealer"):
            raise ValueError("dresser must be 'all' (everyone pays, dealer double) or 'dealer'")
        if r.pope_turnup_cap < 0:
            raise ValueError("pope_turnup_cap must be 0 (no cap) or a positive number of counters")
        spare_cards(r)  # raises on a bad spare setting
        return r


RULE_PAGES: dict[str, str] = {
    "players": "p. 80",
    "pools": "p. 81, p. 85",
    "dressing": "p. 81, p. 85",
    "dresser": "p. 81",
    "popular": "p. 85",
    "pope_wins_game": "p. 85",
    "spare": "p. 81, pp. 85-86",
    "dealer_sees_spare": "p. 86",
    "pope_stop_filler": "p. 86",
    "split_chances": "p. 83",
    "pope_turnup_cap": "p. 82",
    "ace_high": "Parlett",
    "lead_lowest": "Parlett",
}

RULE_HELP: dict[str, str] = {
    "players": "number of players, 3 to 8",
    "pools": "compartments on the board: 8, or 5 for Five-pool Pope",
    "dressing": "counters that dress the board each deal",
    "dresser": "who dresses: all (non-dealers x = ceil(dressing/(n+1)) each, dealer 2x) or dealer (alone)",
    "popular": "winner takes Game only; penalties and the dealer's single stake go on empty compartments, then Game",
    "pope_wins_game": "9D turned up wins Game for the dealer too, and the deal ends",
    "spare": "hand (spare hand dealt with the others), remainder (50 // n each, rest aside) or N cards aside",
    "dealer_sees_spare": "the dealer knows the spare hand's cards and plays on them",
    "pope_stop_filler": "after a stop the holder of 9D may play it in lieu of the missing card and go on",
    "split_chances": "Matrimony or Intrigue played by two players is split between them (odd counter stays)",
    "pope_turnup_cap": "most a player pays the dealer for a 9D turn-up (0 = one per card dealt, no cap)",
    "ace_high": "aces rank above kings in each suit's sequence",
    "lead_lowest": "the leader must lead his lowest card of the suit he chooses",
}

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
    *(f"{c}_taken" for c in ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game")),
    # a named compartment taken with at least twice one deal's dressing on it: "considerably increased" (p. 83)
    *(f"{c}_doubled" for c in ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave")),
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)
ROW = row_width(len(EVENTS), len(SESSION_METRICS))

E_TURNUP_POPE, E_TURNUP_HONOUR, E_POPE_PLAYED, E_MATRIMONY, E_INTRIGUE = 0, 1, 2, 3, 4
E_ACE, E_KING, E_QUEEN, E_KNAVE, E_STOPS, E_PLAYS, E_BOARD_CARRIED = 5, 6, 7, 8, 9, 10, 11
E_POPE_TURNUP_PAID, E_POPE_FILLED, E_POPE_UNPLAYED = 12, 13, 14
E_MATRIMONY_SPLIT, E_INTRIGUE_SPLIT, E_CARDS_LEFT = 15, 16, 17
E_TAKEN = 18  # + compartment
E_DOUBLED = E_TAKEN + 8  # + compartment (named compartments only)

COMPARTMENTS = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game")
POPE, MATRIMONY, INTRIGUE, ACE, KING, QUEEN, KNAVE, GAME = range(8)
DRESS = np.array([6, 2, 2, 1, 1, 1, 1, 0], dtype=np.int64)  # p. 81; the surplus goes on Game

# payment reasons (trace)
REASONS = (
    "dressing", "turnup_pope", "turnup_honour", "pope", "pope_cards", "ace", "king", "queen", "knave",
    "matrimony", "intrigue", "game", "cards", "penalty",
)  # fmt: skip
R_DRESSING, R_TURNUP_POPE, R_TURNUP_HONOUR, R_POPE, R_POPE_CARDS, R_ACE, R_KING, R_QUEEN, R_KNAVE = range(9)
R_MATRIMONY, R_INTRIGUE, R_GAME, R_CARDS, R_PENALTY = 9, 10, 11, 12, 13
BOARD = -1  # the board's side of a payment

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

# kernel parameter vector (int64), built by params()
P_PLAYERS, P_POOLS, P_DRESSING, P_DEALER_DRESSES, P_POPULAR, P_POPE_WINS = 0, 1, 2, 3, 4, 5
P_DEALER_SEES, P_FILLER, P_SPLIT, P_CAP, P_ACE_HIGH, P_LEAD_LOWEST = 6, 7, 8, 9, 10, 11
N_PARAMS = 12


def spare_cards(r: Rules) -> tuple[list[int], int, int]:
    """(cards per seat from the elder hand, spare cards dealt in the rounds, spare cards dealt after)."""
    n = r.players
    if r.spare == "hand":
        k = 50 // (n + 1)
        return [k] * n, k, 50 - (n + 1) * k  # surplus to the spare hand (p. 81)
    if r.spare == "remainder":
        k = 50 // n
        return [k] * n, 0, 50 - n * k
    try:
        aside = int(r.spare)
    except ValueError:
        raise ValueError("spare must be 'hand', 'remainder' or a number of cards set aside") from None
    if not 0 <= aside <= 50 - n:
        raise ValueError(f"spare: between 0 and {50 - n} cards can be set aside with {n} players")
    base, extra = divmod(50 - aside, n)
    return [base + (1 if j < extra else 0) for j in range(n)], 0, aside


def dealmap(r: Rules) -> np.ndarray:
    per_seat, interleaved, rest = spare_cards(r)
    return S.deal_map(r.players, per_seat, interleaved, rest, turnup=True)


def params(r: Rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = r.players
    p[P_POOLS] = r.pools
    p[P_DRESSING] = r.dressing
    p[P_DEALER_DRESSES] = r.dresser == "dealer"
    p[P_POPULAR] = r.popular
    p[P_POPE_WINS] = r.pope_wins_game
    p[P_DEALER_SEES] = r.dealer_sees_spare
    p[P_FILLER] = r.pope_stop_filler
    p[P_SPLIT] = r.split_chances
    p[P_CAP] = r.pope_turnup_cap
    p[P_ACE_HIGH] = r.ace_high
    p[P_LEAD_LOWEST] = r.lead_lowest
    return p


def deals_per_session(r: Rules, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r: Rules) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): five-pool has no King, Queen or
    Knave compartment (p. 86); only pope_stop_filler fills a stop with the Pope; only split_chances splits."""
    out = set()
    if r.pools == 5:
        out |= {f"{c}_{what}" for c in ("king", "queen", "knave") for what in ("won", "taken", "doubled")}
    if not r.pope_stop_filler:
        out.add("pope_filled")
    if not r.split_chances:
        out |= {"matrimony_split", "intrigue_split"}
    return frozenset(out)


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


@kernel
def _has(pools, comp):
    """Whether the board has this compartment (five-pool drops King, Queen and Knave, p. 86)."""
    return pools == 8 or not (comp == KING or comp == QUEEN or comp == KNAVE)


@kernel
def _pay(frm, to, amount, reason, comp, net, board, trace_on, tr_pays, tr_count):
    """Move ``amount`` counters; a side equal to BOARD means compartment ``comp`` of the board.

    ``comp`` = -1 is the board as a whole (the dressing): the caller spreads those counters itself.
    """
    if amount == 0:
        return
    if frm == BOARD:
        if comp >= 0:
            board[comp] -= amount
    else:
        net[frm] -= amount
    if to == BOARD:
        if comp >= 0:
            board[comp] += amount
    else:
        net[to] += amount
    if trace_on and tr_count[1] < tr_pays.shape[0]:
        k = tr_count[1]
        tr_pays[k, 0] = frm
        tr_pays[k, 1] = to
        tr_pays[k, 2] = amount
        tr_pays[k, 3] = reason
        tr_pays[k, 4] = comp
        tr_count[1] += 1


@kernel
def _place_on_board(frm, amount, reason, pools, net, board, trace_on, tr_pays, tr_count):
    """Popular variation (p. 85): each counter goes on an empty compartment first, then on Game."""
    for _ in range(amount):
        target = GAME
        for comp in range(GAME):
            if _has(pools, comp) and board[comp] == 0:
                target = comp
                break
        _pay(frm, BOARD, 1, reason, target, net, board, trace_on, tr_pays, tr_count)


@kernel
def _take(comp, seat, reason, net, board, ev, trace_on, tr_pays, tr_count):
    """``seat`` takes whatever lies on compartment ``comp``, recording its size when won; returns the amount."""
    amount = board[comp]
    _pay(BOARD, seat, amount, reason, comp, net, board, trace_on, tr_pays, tr_count)
    ev[E_TAKEN + comp] += amount
    if comp != GAME and amount >= 2 * DRESS[comp]:
        ev[E_DOUBLED + comp] += 1
    return amount


@kernel
def _specials(nine, trumps, tabs):
    """The positions whose play wins something: 9D and the trump ace, king, queen and knave."""
    m = S.bit(nine)
    for r in (C.ACE, C.KNAVE, C.QUEEN, C.KING):
        m |= S.bit(tabs[0, trumps * 13 + r])
    return m


@kernel(inline=True)
def _play_card(
    x,
    seat,
    nine,
    trumps,
    specials,
    prm,
    tabs,
    holder,
    hand,
    masks,
    who,
    net,
    board,
    ev,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
):
    """Seat plays the card at position x: it leaves his hand and he takes what it wins on the board.

    Kept tiny (numba-inlined at each call site); the rare winning cards go to ``_card_wins``. A call with this
    many array arguments costs more than the play itself when not inlined.
    """
    S.play(holder, hand, masks, seat, x)
    ev[E_PLAYS] += 1
    if trace_on:
        S.record_play(x, seat, 0, tabs, trace_on, tr_actions, tr_count)
    if S.has(specials, x):
        _card_wins(x, seat, nine, trumps, prm, tabs, hand, who, net, board, ev, trace_on, tr_pays, tr_count)


@kernel
def _card_wins(x, seat, nine, trumps, prm, tabs, hand, who, net, board, ev, trace_on, tr_pays, tr_count):
    """What playing 9D or a trump honour takes from the board and the other players (pp. 82-84)."""
    n = prm[P_PLAYERS]
    pools = prm[P_POOLS]
    if x == nine:
        ev[E_POPE_PLAYED] += 1
        _take(POPE, seat, R_POPE, net, board, ev, trace_on, tr_pays, tr_count)
        for q in range(n):  # a stake from every player for each card remaining in hand (p. 82)
            if q != seat:
                _pay(q, seat, S.count(hand[q]), R_POPE_CARDS, 0, net, board, trace_on, tr_pays, tr_count)
    if (x >> 4) != trumps:
        return
    r = tabs[1, x] % 13
    if r == C.ACE:
        ev[E_ACE] += 1
        _take(ACE, seat, R_ACE, net, board, ev, trace_on, tr_pays, tr_count)
        return
    if r == C.KING:
        who[0] = seat
        if _has(pools, KING):
            ev[E_KING] += 1
            _take(KING, seat, R_KING, net, board, ev, trace_on, tr_pays, tr_count)
    elif r == C.QUEEN:
        who[1] = seat
        if _has(pools, QUEEN):
            ev[E_QUEEN] += 1
            _take(QUEEN, seat, R_QUEEN, net, board, ev, trace_on, tr_pays, tr_count)
    elif r == C.KNAVE:
        who[2] = seat
        if _has(pools, KNAVE):
            ev[E_KNAVE] += 1
            _take(KNAVE, seat, R_KNAVE, net, board, ev, trace_on, tr_pays, tr_count)
    else:
        return
    # Matrimony (K+Q) and Intrigue (Q+J) are won when one player has played both cards of the pair; the
    # check runs as the pair's second card falls, so each is settled at most once a deal.
    for pair in range(2):
        a = who[0] if pair == 0 else who[1]
        b = who[1] if pair == 0 else who[2]
        comp = MATRIMONY if pair == 0 else INTRIGUE
        reason = R_MATRIMONY if pair == 0 else R_INTRIGUE
        completes = (r == C.QUEEN) or (pair == 0 and r == C.KING) or (pair == 1 and r == C.KNAVE)
        if not completes or a < 0 or b < 0:
            continue
        if a == b:
            ev[E_MATRIMONY if pair == 0 else E_INTRIGUE] += 1
            _take(comp, seat, reason, net, board, ev, trace_on, tr_pays, tr_count)
        elif prm[P_SPLIT]:
            ev[E_MATRIMONY_SPLIT if pair == 0 else E_INTRIGUE_SPLIT] += 1
            half = board[comp] // 2  # the odd counter stays on the board
            _pay(BOARD, a, half, reason, comp, net, board, trace_on, tr_pays, tr_count)
            _pay(BOARD, b, half, reason, comp, net, board, trace_on, tr_pays, tr_count)
            ev[E_TAKEN + comp] += 2 * half


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
def _choose_lead(p, policy, dealer, nine, trumps, prm, tabs, hand, masks, board, state):
    """The position seat p leads, by his strategy and from what he can know."""
    h = hand[p]
    lead_lowest = prm[P_LEAD_LOWEST] != 0
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, lead_lowest, state)
    out = S.known_out(masks, prm[P_DEALER_SEES] != 0 and p == dealer)
    allowed = S.lowest_per_suit(h) if lead_lowest else h
    trump_ace = np.int64(tabs[0, trumps * 13 + C.ACE])
    avoid = np.uint64(0)
    if policy == HOLD_POPE:
        avoid = S.bit(nine) | S.bit(trump_ace)
    else:
        # "Pope Joan or ace of trumps should be led on the first opportunity" (p. 83)
        if S.has(allowed, nine):
            return np.int64(nine)
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
            v = _honour_value(h, b, trumps, prm[P_POOLS], tabs, board)
            if v > best_value:
                best_value = v
                best = b
    if best >= 0:
        return best
    return S.book_lead(h, out, lead_lowest, avoid)


@kernel
def _fills_with_pope(q, policy, hand, state):
    """Whether the holder of 9D plays it in lieu of a stop (p. 87)."""
    if policy == HOLD_POPE:
        return S.count(hand[q]) == 1
    if policy == S.RANDOM:
        return rng.bounded(state, 2) == 1
    return True  # book and lowest: shedding a card and taking the Pope can only help


@kernel
def play_deal(
    prm,
    dmap,
    tabs,
    deck,
    dealer,
    policies,
    seat_rng,
    board,
    net,
    ev,
    holder,
    hand,
    masks,
    dealt,
    who,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
):
    """Play one deal of Pope Joan on a stacked ``deck`` (int8 card codes, order dealt) with ``dealer`` dealing.

    ``board`` (int64[8]) is carried in and out; ``net`` (int64[>=n]) and ``ev`` (int64[len(EVENTS)]) are
    zeroed here and filled. Strategy randomness comes from ``seat_rng`` (uint64[n, 4]). When ``trace_on``,
    actions (seat, card, stop, filler) and payments (from, to, amount, reason, compartment) are appended to
    ``tr_actions`` / ``tr_pays`` and counted in ``tr_count`` (int64[2]). Returns the seat that won Game.
    """
    n = prm[P_PLAYERS]
    pools = prm[P_POOLS]
    for s in range(n):
        net[s] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    who[0] = -1
    who[1] = -1
    who[2] = -1

    # dress the board (p. 81), or the popular variation's single stake (p. 85)
    if prm[P_POPULAR]:
        _place_on_board(dealer, 1, R_DRESSING, pools, net, board, trace_on, tr_pays, tr_count)
    else:
        total = prm[P_DRESSING]
        if prm[P_DEALER_DRESSES]:
            _pay(dealer, BOARD, total, R_DRESSING, -1, net, board, trace_on, tr_pays, tr_count)
        else:
            x = (prm[P_DRESSING] + n) // (n + 1)  # ceil(dressing / (n + 1)): the dealer pays double
            total = x * (n + 1)
            for s in range(n):
                share = 2 * x if s == dealer else x
                _pay(s, BOARD, share, R_DRESSING, -1, net, board, trace_on, tr_pays, tr_count)
        named = 0
        for comp in range(GAME):
            if _has(pools, comp):
                board[comp] += DRESS[comp]
                named += DRESS[comp]
        board[GAME] += total - named

    turnup = S.deal(deck, dmap, tabs, dealer, n, holder, hand, masks)
    for s in range(n):
        dealt[s] = S.count(hand[s])
    trumps = turnup >> 4
    nine = np.int64(tabs[0, NINE_D])
    specials = _specials(nine, trumps, tabs)

    winner = -1
    if turnup == nine:
        # the dealer takes Pope and a stake per card dealt from each player (p. 82), capped if agreed
        ev[E_TURNUP_POPE] += 1
        _take(POPE, dealer, R_TURNUP_POPE, net, board, ev, trace_on, tr_pays, tr_count)
        for q in range(n):
            if q != dealer:
                amount = dealt[q]
                if prm[P_CAP] > 0 and amount > prm[P_CAP]:
                    amount = prm[P_CAP]
                ev[E_POPE_TURNUP_PAID] += amount
                _pay(q, dealer, amount, R_TURNUP_POPE, 0, net, board, trace_on, tr_pays, tr_count)
        if prm[P_POPE_WINS]:
            winner = dealer  # Pope Joan Wins (p. 86): the deal ends here
    else:
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
            ev[E_TURNUP_HONOUR] += 1
            if _has(pools, comp):
                _take(comp, dealer, R_TURNUP_HONOUR, net, board, ev, trace_on, tr_pays, tr_count)

    # One loop plays every card, so the payments of a play sit behind a single call: ``card`` is what is played,
    # ``last`` where the run stands in its suit (they differ only when 9D stands in for a missing card).
    if winner < 0:
        leader = (dealer + 1) % n  # the elder hand leads (p. 83)
        card = _choose_lead(
            leader, policies[leader], dealer, nine, trumps, prm, tabs, hand, masks, board, seat_rng[leader]
        )
        last = card
        player = leader
        filled = False
        while True:
            _play_card(
                card, player, nine, trumps, specials, prm, tabs, holder, hand, masks, who, net, board, ev,
                trace_on, tr_actions, tr_pays, tr_count,
            )  # fmt: skip
            if filled:
                S.mark_last(S.TR_FLAG, 1, trace_on, tr_actions, tr_count)
            if hand[player] == 0:
                winner = player
                break
            h = S.next_holder(holder, last)
            filled = False
            if h >= 0:
                last += 1
                card = last
                player = h
                continue
            ev[E_STOPS] += 1
            S.mark_last(S.TR_STOP, 1, trace_on, tr_actions, tr_count)
            if prm[P_FILLER] and (last & 15) < 12 and last != nine:
                q = holder[nine]
                if q >= 0 and _fills_with_pope(q, policies[q], hand, seat_rng[q]):
                    # 9D stands in for the missing card last + 1; the run goes on after it (p. 87)
                    ev[E_POPE_FILLED] += 1
                    player = np.int64(q)
                    card = nine
                    last += 1
                    filled = True
                    continue
            leader = player
            card = _choose_lead(
                leader, policies[leader], dealer, nine, trumps, prm, tabs, hand, masks, board, seat_rng[leader]
            )
            last = card

    # going out (p. 84): Game, and a stake per card from each other player, the unplayed Pope's holder exempt
    _take(GAME, winner, R_GAME, net, board, ev, trace_on, tr_pays, tr_count)
    pope_holder = holder[nine]
    if pope_holder >= 0:
        ev[E_POPE_UNPLAYED] += 1
    if not (turnup == nine and prm[P_POPE_WINS]):
        for q in range(n):
            if q == winner or q == pope_holder:
                continue
            if prm[P_POPULAR]:
                _place_on_board(q, S.count(hand[q]), R_PENALTY, pools, net, board, trace_on, tr_pays, tr_count)
            else:
                _pay(q, winner, S.count(hand[q]), R_CARDS, 0, net, board, trace_on, tr_pays, tr_count)
    for q in range(n):
        ev[E_CARDS_LEFT] += S.count(hand[q])
    carried = 0
    for comp in range(8):
        carried += board[comp]
    ev[E_BOARD_CARRIED] += carried
    return winner


@njit(cache=True)
def _workspace():
    """Per-thread arrays for play_deal (allocated once per block of sessions, never per deal)."""
    holder = np.empty(64, dtype=np.int8)
    hand = np.zeros(MAX_SEATS, dtype=np.uint64)
    masks = np.zeros(2, dtype=np.uint64)
    dealt = np.zeros(MAX_SEATS, dtype=np.int64)
    who = np.empty(3, dtype=np.int64)
    deck = np.empty(52, dtype=np.int8)
    deck_rng = np.empty(4, dtype=np.uint64)
    seat_rng = np.empty((MAX_SEATS, 4), dtype=np.uint64)
    return holder, hand, masks, dealt, who, deck, deck_rng, seat_rng


@njit(parallel=True, cache=True)
def play_sessions(prm, dmap, tabs, policies, policy_params, seed, first_session, deals_per_session, rows):
    """Play sessions ``first_session .. first_session + rows.shape[0]`` and write one row each.

    ``rows`` is int64[sessions, ROW] (layout in sim.games._common); ``policies`` int64[n] per seat and
    ``policy_params`` float64[n] (a strategy's parameter, NaN when none; Pope Joan's take none). A session
    is ``deals_per_session`` deals (whole rotations of the deal from seat 0), the board starting empty and
    carried between its deals. Each session's numbers depend only on (seed, session index), so any split of
    the work into chunks, blocks or threads gives the same rows.
    """
    n_sessions = rows.shape[0]
    n_blocks = min(n_sessions, 64)
    for blk in prange(n_blocks):
        holder, hand, masks, dealt, who, deck, deck_rng, seat_rng = _workspace()
        board = np.zeros(8, dtype=np.int64)
        net = np.zeros(MAX_SEATS, dtype=np.int64)
        ev = np.zeros(len(EVENTS), dtype=np.int64)
        tr_actions = np.zeros((1, 4), dtype=np.int64)
        tr_pays = np.zeros((1, 5), dtype=np.int64)
        tr_count = np.zeros(2, dtype=np.int64)
        lo = (blk * n_sessions) // n_blocks
        hi = ((blk + 1) * n_sessions) // n_blocks
        for i in range(lo, hi):
            _play_session(
                prm,
                dmap,
                tabs,
                policies,
                seed,
                first_session + i,
                deals_per_session,
                rows[i],
                holder,
                hand,
                masks,
                dealt,
                who,
                deck,
                deck_rng,
                seat_rng,
                board,
                net,
                ev,
                tr_actions,
                tr_pays,
                tr_count,
            )


@kernel
def _play_session(
    prm,
    dmap,
    tabs,
    policies,
    seed,
    session,
    deals_per_session,
    row,
    holder,
    hand,
    masks,
    dealt,
    who,
    deck,
    deck_rng,
    seat_rng,
    board,
    net,
    ev,
    tr_actions,
    tr_pays,
    tr_count,
):
    n = prm[P_PLAYERS]
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    for comp in range(8):
        board[comp] = 0
    for j in range(row.shape[0]):
        row[j] = 0
    for d in range(deals_per_session):
        dealer = d % n
        S.shuffle_pack(deck, PACK, deck_rng)
        w = play_deal(
            prm,
            dmap,
            tabs,
            deck,
            dealer,
            policies,
            seat_rng,
            board,
            net,
            ev,
            holder,
            hand,
            masks,
            dealt,
            who,
            False,
            tr_actions,
            tr_pays,
            tr_count,
        )
        record_deal(row, net, ev, n, dealer, w)
    left = 0
    for comp in range(8):
        left += board[comp]
    row[COL_EVENTS + len(EVENTS)] = left


@njit(cache=True)
def shuffle_only(prm, dmap, tabs, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: shuffle the Pope Joan pack and deal it ``n_deals`` times, no play."""
    holder, hand, masks, dealt, who, deck, deck_rng, seat_rng = _workspace()
    n = prm[P_PLAYERS]
    acc = 0
    rng.seed_stream(deck_rng, seed, first_session, 0)
    for d in range(n_deals):
        S.shuffle_pack(deck, PACK, deck_rng)
        acc += S.deal(deck, dmap, tabs, d % n, n, holder, hand, masks)
    out[0] = acc


@njit(cache=True)
def trace_deal(
    prm,
    dmap,
    tabs,
    policies,
    seed,
    session,
    deal_in_session,
    deck_in,
    dealer_in,
    deck_out,
    board_before,
    board,
    net,
    ev,
    tr_actions,
    tr_pays,
    tr_count,
):
    """Replay one deal exactly as ``play_sessions`` plays it, recording every action and payment.

    With an empty ``deck_in``, deals 0 .. deal_in_session-1 of ``session`` are played silently first (so the
    board and the strategies' random streams are as they were in the run) and deal ``deal_in_session`` is
    traced. With a stacked ``deck_in`` that deck is played with ``dealer_in`` dealing on the given ``board``.
    Returns the winner; ``deck_out`` receives the deck played.
    """
    n = prm[P_PLAYERS]
    holder, hand, masks, dealt, who, deck, deck_rng, seat_rng = _workspace()
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    dealer = dealer_in
    if deck_in.shape[0] == 0:
        for d in range(deal_in_session):
            S.shuffle_pack(deck, PACK, deck_rng)
            play_deal(
                prm,
                dmap,
                tabs,
                deck,
                d % n,
                policies,
                seat_rng,
                board,
                net,
                ev,
                holder,
                hand,
                masks,
                dealt,
                who,
                False,
                tr_actions,
                tr_pays,
                tr_count,
            )
        S.shuffle_pack(deck, PACK, deck_rng)
        dealer = deal_in_session % n
    else:
        for j in range(deck_in.shape[0]):
            deck[j] = deck_in[j]
    for j in range(PACK.shape[0]):
        deck_out[j] = deck[j]
    for comp in range(8):
        board_before[comp] = board[comp]
    tr_count[0] = 0
    tr_count[1] = 0
    return play_deal(
        prm,
        dmap,
        tabs,
        deck,
        dealer,
        policies,
        seat_rng,
        board,
        net,
        ev,
        holder,
        hand,
        masks,
        dealt,
        who,
        True,
        tr_actions,
        tr_pays,
        tr_count,
    )


# ----------------------------------------------------------------------------------------------------------
# the Python side: what the driver and the CLI call


def kernel_args(r: Rules) -> tuple:
    """The arguments ``play_sessions`` takes before the policies: (params, dealmap, position tables)."""
    return params(r), dealmap(r), S.position_tables(r.ace_high)


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 51 cards of the Pope Joan pack, each once, in the order dealt."""
    return check_pack_deck(text, PACK, TITLE, " (the 8 of diamonds is taken out, p. 80)")


def deck_from_hands(r: Rules, dealer: int, hands: dict[int, str], spare: str, turnup: str) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]``, the spare hand ``spare``, and ``turnup`` turned."""
    order = S.stack_deck(dealmap(r), dealer, r.players, {**hands, S.DEAL_SPARE: spare, S.DEAL_TURNUP: turnup})
    return check_deck(C.format(order))


def trace(
    r: Rules,
    policies: np.ndarray,
    policy_params: np.ndarray,
    seed: int,
    deal: int = 0,
    deck: np.ndarray | None = None,
    dealer: int = 0,
    rotations: int = 1,
    board: np.ndarray | None = None,
) -> dict:
    """One deal played out card by card with every payment, as a JSON-ready dict.

    Without ``deck``: deal number ``deal`` of a run with this seed (counted from 0), exactly as the run played
    it. With ``deck``: that stacked deck, ``dealer`` dealing, on ``board`` (empty by default).
    """
    prm, dm, tabs = kernel_args(r)
    n = r.players
    dps = deals_per_session(r, rotations)
    session, k = divmod(int(deal), dps)
    deck_in = np.zeros(0, dtype=np.int8) if deck is None else np.asarray(deck, dtype=np.int8)
    if deck is not None:
        session, k = 0, 0
    deck_out = np.zeros(52, dtype=np.int8)
    board_before = np.zeros(8, dtype=np.int64)
    live = np.zeros(8, dtype=np.int64) if board is None else np.array(board, dtype=np.int64)
    net = np.zeros(MAX_SEATS, dtype=np.int64)
    ev = np.zeros(len(EVENTS), dtype=np.int64)
    tr_actions = np.zeros((256, 4), dtype=np.int64)
    tr_pays = np.zeros((1024, 5), dtype=np.int64)
    tr_count = np.zeros(2, dtype=np.int64)
    winner = trace_deal(
        prm,
        dm,
        tabs,
        np.asarray(policies, dtype=np.int64),
        np.uint64(seed),
        session,
        k,
        deck_in,
        int(dealer),
        deck_out,
        board_before,
        live,
        net,
        ev,
        tr_actions,
        tr_pays,
        tr_count,
    )
    dealer_seat = k % n if deck is None else int(dealer)
    order = deck_out[: len(PACK)].tolist()
    hands, spare, turnup = S.dealt_hands(order, dm, dealer_seat, n)
    actions = S.trace_actions(tr_actions, tr_count[0], "filler")
    payments = S.trace_payments(tr_pays, tr_count[1], REASONS, COMPARTMENTS)
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": int(seed),
        "deal": None if deck is not None else int(deal),
        "deck": [C.format_card(c) for c in order],
        "dealer": dealer_seat,
        "elder": (dealer_seat + 1) % n,
        "hands": hands,
        "spare": spare,
        "turnup": turnup,
        "trumps": C.SUIT_NAMES[C.parse_card(turnup) // 13] if turnup else None,
        "board_before": {name: int(v) for name, v in zip(COMPARTMENTS, board_before)},
        "board_after": {name: int(v) for name, v in zip(COMPARTMENTS, live)},
        "actions": actions,
        "payments": payments,
        "winner": int(winner),
        "net": [int(x) for x in net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ev)},
    }
