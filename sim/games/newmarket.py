"""Newmarket as Peel plays it (*Round Games with Cards*, 1891, pp. 89-90; docs/newmarket.md).

The four 7s are out of the pack, so the 6s are stops. An ace, king, queen and knave of four different suits
are taken out and laid face up (the book's example: JD QH KC AS); the other 44 cards are dealt as equally as
possible. Each player puts a counter on a layout card, all four covered, the dealer one more. Whoever plays
the card just below a layout card takes its stakes - the K of the ace's suit wins the ace ("the ace is
considered both as lowest and highest") - and that card is a stop, its successor being on the layout. Stakes
not won stay on their layout card for the next deal. The first out takes a stake per card from each other
player; there is no pool (unless the modern ``kitty`` is played)::

    board int64[5]:  0 ace  1 king  2 queen  3 knave  (the stakes on the layout, by rank)   4 kitty

Common random numbers: stream 0 shuffles the whole 48-card pack every deal, whatever the rules; the layout
cards are then lifted out of that order and the rest dealt. A random layout's suits come from a stream of
their own (purpose ``LAYOUT_STREAM``), so the shuffles stay the same under every variant.

Per-thread workspace (see ``_workspace``): holder int8[64], hand uint64[10], masks uint64[2], deck int8[52]
(the shuffled pack), dealt int8[52] (the cards dealt, in order), lay int64[8] (layout positions by rank, then
the positions that win them), suits int64[4], deck_rng / lay_rng uint64[4], seat_rng uint64[10, 4].
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from sim import cards as C
from sim import rng
from sim._jit import kernel
from sim.games import _stops as S
from sim.games._common import (
    COL_EVENTS,
    MAX_SEATS,
    row_width,
)
from sim.games._record import record_deal

NAME = "newmarket"
TITLE = "Newmarket"
PAGES = "pp. 89-90"
PLAYERS = (3, 8)

LAYOUT_RANKS = (C.ACE, C.KING, C.QUEEN, C.KNAVE)  # board order
BOOK_LAYOUT = "AS KC QH JD"  # p. 89: "knave of diamonds, queen of hearts, king of clubs, and ace of spades"
LAYOUT_STREAM = 1 + MAX_SEATS  # rng purpose of the random layout (past every seat's strategy stream)


class Rules(NamedTuple):
    players: int = 4  # a round game (p. 89); the toolkit plays 3 to 8 (three stakes and the dealer's cover four)
    layout: str = "book"  # book: JD QH KC AS every deal (p. 89); random: the four suits drawn each deal
    identical_card: bool = False  # modern: the layout comes from a second pack and the identical card wins
    lead_lowest: bool = False  # modern: the leader must lead his lowest card of the suit he chooses
    kitty: int = 0  # modern: counters each player pays into a kitty the first out takes; 0 = none (p. 90)

    def validated(self) -> Rules:
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        r = self._replace(
            players=S.as_int("players", self.players),
            layout=S.as_choice("layout", self.layout, ("book", "random")),
            identical_card=S.as_bool("identical_card", self.identical_card),
            lead_lowest=S.as_bool("lead_lowest", self.lead_lowest),
            kitty=S.as_count("kitty", self.kitty),
        )
        lo, hi = PLAYERS
        if not lo <= r.players <= hi:
            raise ValueError(f"{TITLE} needs {lo} to {hi} players (got {r.players})")
        return r


RULE_PAGES: dict[str, str] = {
    "players": "p. 89",
    "layout": "p. 89",
    "identical_card": "modern",
    "lead_lowest": "modern",
    "kitty": "modern",
}
RULE_HELP: dict[str, str] = {
    "players": "number of players, 3 to 8",
    "layout": "book (JD QH KC AS, p. 89) or random (an A, K, Q, J of four different suits drawn each deal)",
    "identical_card": "the layout is from a second pack and the identical card wins its stakes (not a stop); "
    "all 48 cards are dealt",
    "lead_lowest": "the leader must lead his lowest card of the suit he chooses",
    "kitty": "counters each player pays into a kitty each deal, taken by the first out (0 = none, as Peel)",
}

VARIANTS: dict[str, dict] = {
    "standard": {},
    "random-layout": {"layout": "random"},
    "modern": {"layout": "random", "identical_card": True, "lead_lowest": True, "kitty": 1},
}

STRATEGIES: dict[str, int] = {"book": S.BOOK, "lowest": S.LOWEST, "random": S.RANDOM}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played and sees the layout, so knows its stops (the cards below the layout are "
    "stops); plays them out or leads up to them (Pope Joan, pp. 83-84)",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
}

EVENTS: tuple[str, ...] = (
    "layout_won_ace",  # the ace's stakes taken (by the K of its suit; the ace itself under identical_card)
    "layout_won_king",
    "layout_won_queen",
    "layout_won_knave",
    "stakes_taken",  # counters taken from the layout
    "stakes_carried",  # counters left on the layout after the deal
    "stops",  # runs ended by a stop
    "plays",  # cards played
    "cards_paid",  # counters paid to the winner for cards left in hand
    "kitty_taken",  # counters the winner took from the kitty
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)
ROW = row_width(len(EVENTS), len(SESSION_METRICS))
E_WON = 0  # E_WON + k for layout card k (ace, king, queen, knave)
E_TAKEN, E_CARRIED, E_STOPS, E_PLAYS, E_CARDS_PAID, E_KITTY_TAKEN = 4, 5, 6, 7, 8, 9

POOLS = ("ace", "king", "queen", "knave", "kitty")
KITTY = 4
REASONS = ("stake", "kitty_stake", "layout", "kitty", "cards")
R_STAKE, R_KITTY_STAKE, R_LAYOUT, R_KITTY, R_CARDS = range(5)

PACK = C.pack_without("7C", "7D", "7H", "7S")

P_PLAYERS, P_RANDOM_LAYOUT, P_IDENTICAL, P_LEAD_LOWEST, P_KITTY = range(5)
P_SUITS = 5  # 5..8: the book layout's suits for the ace, king, queen, knave
N_PARAMS = 9


def dealt_cards(r: Rules) -> int:
    return len(PACK) if r.identical_card else len(PACK) - 4


def dealmap(r: Rules) -> np.ndarray:
    """The 44 cards (48 with identical_card) dealt from the elder hand; the first (cards mod n) get one more."""
    n = r.players
    base, extra = divmod(dealt_cards(r), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def params(r: Rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = r.players
    p[P_RANDOM_LAYOUT] = r.layout == "random"
    p[P_IDENTICAL] = r.identical_card
    p[P_LEAD_LOWEST] = r.lead_lowest
    p[P_KITTY] = r.kitty
    for k, c in enumerate(C.parse(BOOK_LAYOUT).tolist()):
        p[P_SUITS + k] = C.suit_of(c)
    return p


def deals_per_session(r: Rules, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r: Rules) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): no kitty, nothing taken from it."""
    return frozenset({"kitty_taken"} if r.kitty == 0 else ())


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


@kernel
def _draw_suits(suits, lay_rng):
    """A random layout: a uniformly random suit for each of the ace, king, queen, knave, all different."""
    for k in range(4):
        suits[k] = k
    for i in range(3, 0, -1):
        j = rng.bounded(lay_rng, i + 1)
        t = suits[i]
        suits[i] = suits[j]
        suits[j] = t


@kernel
def _lay_out(prm, deck, suits, dealt, lay):
    """Lift the layout out of the shuffled pack ``deck`` (all of it is dealt under identical_card) into
    ``dealt``; fill ``lay`` with the layout's positions (ace, king, queen, knave) and the cards that win them.
    Returns the winning cards as a mask."""
    ident = prm[P_IDENTICAL] != 0
    for k in range(4):
        rank = C.ACE if k == 0 else (C.KING if k == 1 else (C.QUEEN if k == 2 else C.KNAVE))
        x = suits[k] * 16 + rank
        lay[k] = x
        if ident:
            lay[4 + k] = x
        elif k == 0:
            lay[4 + k] = suits[k] * 16 + C.KING  # the ace counts as highest: its king wins it (p. 89)
        else:
            lay[4 + k] = x - 1
    j = 0
    for i in range(PACK.shape[0]):
        c = np.int64(deck[i])
        if not ident:
            s = c // 13
            r = c % 13
            x = s * 16 + r
            if x == lay[0] or x == lay[1] or x == lay[2] or x == lay[3]:
                continue
        dealt[j] = deck[i]
        j += 1
    wins = np.uint64(0)
    for k in range(4):
        wins |= S.bit(lay[4 + k])
    return wins


@kernel
def _card_wins(x, seat, lay, net, board, ev, trace_on, tr_actions, tr_pays, tr_count):
    """The card just below a layout card (or the identical card) takes that card's stakes (p. 89)."""
    if trace_on:
        S.mark_last(S.TR_FLAG, 1, trace_on, tr_actions, tr_count)
    for k in range(4):
        if lay[4 + k] == x:
            ev[E_WON + k] += 1
            ev[E_TAKEN] += S.take(k, seat, R_LAYOUT, net, board, trace_on, tr_pays, tr_count)


@kernel(inline=True)
def _play_card(x, seat, wins, lay, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions, tr_pays, tr_count):
    S.play(holder, hand, masks, seat, x)
    ev[E_PLAYS] += 1
    if trace_on:
        S.record_play(x, seat, 0, tabs, trace_on, tr_actions, tr_count)
    if S.has(wins, x):
        _card_wins(x, seat, lay, net, board, ev, trace_on, tr_actions, tr_pays, tr_count)


@kernel(inline=True)
def _choose_lead(policy, h, masks, lead_lowest, state):
    if policy == S.LOWEST:
        return S.lowest(h)  # the lowest card of some suit: allowed under lead_lowest too
    if policy == S.RANDOM:
        return S.random_lead(h, lead_lowest, state)
    return S.book_lead(h, S.known_out(masks, False), lead_lowest, np.uint64(0))


@kernel
def _stake(prm, dealer, board, net, trace_on, tr_pays, tr_count):
    """Each player puts a counter on a layout card, the dealer one more (p. 89): each on the emptiest card,
    ties in ace, king, queen, knave order, so all four are covered. Then the kitty, if played."""
    n = prm[P_PLAYERS]
    for i in range(n + 1):
        s = (dealer + 1 + i) % n if i < n else dealer  # from the elder hand round to the dealer; his extra
        best = 0
        for k in range(1, 4):
            if board[k] < board[best]:
                best = k
        S.pay(s, S.BOARD, 1, R_STAKE, best, net, board, trace_on, tr_pays, tr_count)
    if prm[P_KITTY] > 0:
        for s in range(n):
            S.pay(s, S.BOARD, prm[P_KITTY], R_KITTY_STAKE, KITTY, net, board, trace_on, tr_pays, tr_count)


@kernel
def play_deal(
    prm, dmap, tabs, deck, suits, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, dealt, lay,
    trace_on, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    """Play one deal of Newmarket: ``deck`` is the shuffled 48-card pack (int8 card codes), ``suits``
    (int64[4]) the layout's suits for the ace, king, queen, knave; ``dealer`` deals.

    ``board`` (int64[5]) is carried in and out; ``net`` (int64[>=n]) and ``ev`` are zeroed and filled;
    ``dealt`` receives the cards dealt, ``lay`` the layout (see ``_lay_out``). When ``trace_on``, actions and
    payments go to ``tr_actions`` / ``tr_pays``, counted in ``tr_count``. Returns the seat that went out.
    """
    n = prm[P_PLAYERS]
    for s in range(n):
        net[s] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    _stake(prm, dealer, board, net, trace_on, tr_pays, tr_count)
    wins = _lay_out(prm, deck, suits, dealt, lay)
    S.deal(dealt, dmap, tabs, dealer, n, holder, hand, masks)
    if prm[P_IDENTICAL] == 0:
        for k in range(4):
            holder[lay[k]] = S.LAYOUT
    lead_lowest = prm[P_LEAD_LOWEST] != 0

    leader = (dealer + 1) % n  # "play proceeds as in [Spin]": the elder hand leads (p. 88)
    winner = -1
    while winner < 0:
        last = _choose_lead(policies[leader], hand[leader], masks, lead_lowest, seat_rng[leader])
        player = leader
        _play_card(last, player, wins, lay, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions,
                   tr_pays, tr_count)  # fmt: skip
        if hand[player] == 0:
            winner = player
            break
        while True:
            h = S.next_holder(holder, last)
            if h < 0:
                break
            last += 1
            player = h
            _play_card(last, player, wins, lay, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions,
                       tr_pays, tr_count)  # fmt: skip
            if hand[player] == 0:
                winner = player
                break
        if winner >= 0:
            break
        ev[E_STOPS] += 1
        if trace_on:
            S.mark_last(S.TR_STOP, 1, trace_on, tr_actions, tr_count)
        leader = player

    # going out (p. 90): a stake per card from each other player; the kitty, if any
    ev[E_KITTY_TAKEN] += S.take(KITTY, winner, R_KITTY, net, board, trace_on, tr_pays, tr_count)
    ev[E_CARDS_PAID] += S.pay_cards(winner, n, hand, -1, 1, R_CARDS, net, board, trace_on, tr_pays, tr_count)
    ev[E_CARRIED] += board[0] + board[1] + board[2] + board[3]
    return winner


@njit(cache=True)
def _workspace():
    """Per-thread arrays for play_deal (allocated once per block of sessions, never per deal)."""
    holder = np.empty(64, dtype=np.int8)
    hand = np.zeros(MAX_SEATS, dtype=np.uint64)
    masks = np.zeros(2, dtype=np.uint64)
    deck = np.empty(52, dtype=np.int8)
    dealt = np.empty(52, dtype=np.int8)
    lay = np.zeros(8, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    deck_rng = np.empty(4, dtype=np.uint64)
    lay_rng = np.empty(4, dtype=np.uint64)
    seat_rng = np.empty((MAX_SEATS, 4), dtype=np.uint64)
    return holder, hand, masks, deck, dealt, lay, suits, deck_rng, lay_rng, seat_rng


@kernel
def _next_deal(prm, deck, suits, deck_rng, lay_rng):
    """The next deal's shuffled pack and layout suits."""
    S.shuffle_pack(deck, PACK, deck_rng)
    if prm[P_RANDOM_LAYOUT]:
        _draw_suits(suits, lay_rng)
    else:
        for k in range(4):
            suits[k] = prm[P_SUITS + k]


@njit(parallel=True, cache=True)
def play_sessions(prm, dmap, tabs, policies, policy_params, seed, first_session, deals_per_session, rows):
    """Play sessions ``first_session .. first_session + rows.shape[0]`` and write one row each.

    ``rows`` is int64[sessions, ROW] (layout in sim.games._common); ``policies`` int64[n] per seat and
    ``policy_params`` float64[n] (unused: Newmarket's strategies take no parameter). The layout's stakes carry
    between a session's deals. Each session's numbers depend only on (seed, session index).
    """
    n_sessions = rows.shape[0]
    n_blocks = min(n_sessions, 64)
    for blk in prange(n_blocks):
        holder, hand, masks, deck, dealt, lay, suits, deck_rng, lay_rng, seat_rng = _workspace()
        board = np.zeros(5, dtype=np.int64)
        net = np.zeros(MAX_SEATS, dtype=np.int64)
        ev = np.zeros(len(EVENTS), dtype=np.int64)
        tr_actions = np.zeros((1, 4), dtype=np.int64)
        tr_pays = np.zeros((1, 5), dtype=np.int64)
        tr_count = np.zeros(2, dtype=np.int64)
        lo = (blk * n_sessions) // n_blocks
        hi = ((blk + 1) * n_sessions) // n_blocks
        for i in range(lo, hi):
            _play_session(
                prm, dmap, tabs, policies, seed, first_session + i, deals_per_session, rows[i], holder, hand, masks,
                deck, dealt, lay, suits, deck_rng, lay_rng, seat_rng, board, net, ev, tr_actions, tr_pays, tr_count,
            )  # fmt: skip


@kernel
def _play_session(
    prm, dmap, tabs, policies, seed, session, deals_per_session, row, holder, hand, masks, deck, dealt, lay, suits,
    deck_rng, lay_rng, seat_rng, board, net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    n = prm[P_PLAYERS]
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    rng.seed_stream(lay_rng, seed, session, LAYOUT_STREAM)
    for k in range(5):
        board[k] = 0
    for j in range(row.shape[0]):
        row[j] = 0
    for d in range(deals_per_session):
        dealer = d % n
        _next_deal(prm, deck, suits, deck_rng, lay_rng)
        w = play_deal(
            prm, dmap, tabs, deck, suits, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, dealt,
            lay, False, tr_actions, tr_pays, tr_count,
        )  # fmt: skip
        record_deal(row, net, ev, n, dealer, w)
    row[COL_EVENTS + len(EVENTS)] = board[0] + board[1] + board[2] + board[3] + board[KITTY]


@njit(cache=True)
def shuffle_only(prm, dmap, tabs, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: shuffle the pack, lay out and deal ``n_deals`` times, no play."""
    holder, hand, masks, deck, dealt, lay, suits, deck_rng, lay_rng, seat_rng = _workspace()
    n = prm[P_PLAYERS]
    acc = 0
    rng.seed_stream(deck_rng, seed, first_session, 0)
    rng.seed_stream(lay_rng, seed, first_session, LAYOUT_STREAM)
    for d in range(n_deals):
        _next_deal(prm, deck, suits, deck_rng, lay_rng)
        _lay_out(prm, deck, suits, dealt, lay)
        acc += S.deal(dealt, dmap, tabs, d % n, n, holder, hand, masks)
        acc += np.int64(hand[0] & np.uint64(1))
    out[0] = acc


@njit(cache=True)
def trace_deal(
    prm, dmap, tabs, policies, seed, session, deal_in_session, deck_in, suits_in, dealer_in, deck_out, dealt_out,
    lay_out, board_before, board, net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    """Replay one deal exactly as ``play_sessions`` plays it, recording every action and payment.

    With an empty ``deck_in``, deals 0 .. deal_in_session-1 of ``session`` are played silently first and deal
    ``deal_in_session`` is traced. With a stacked ``deck_in`` (the 48-card pack in order) that deck is played
    with ``dealer_in`` dealing on the given ``board``, the layout suits ``suits_in`` (or the rules' layout when
    ``suits_in[0]`` < 0). Returns the winner; ``deck_out`` receives the shuffled pack, ``dealt_out`` the cards
    dealt, ``lay_out`` the layout positions (ace, king, queen, knave).
    """
    n = prm[P_PLAYERS]
    holder, hand, masks, deck, dealt, lay, suits, deck_rng, lay_rng, seat_rng = _workspace()
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    rng.seed_stream(lay_rng, seed, session, LAYOUT_STREAM)
    dealer = dealer_in
    if deck_in.shape[0] == 0:
        for d in range(deal_in_session):
            _next_deal(prm, deck, suits, deck_rng, lay_rng)
            play_deal(
                prm, dmap, tabs, deck, suits, d % n, policies, seat_rng, board, net, ev, holder, hand, masks, dealt,
                lay, False, tr_actions, tr_pays, tr_count,
            )  # fmt: skip
        _next_deal(prm, deck, suits, deck_rng, lay_rng)
        dealer = deal_in_session % n
    else:
        _next_deal(prm, deck, suits, deck_rng, lay_rng)
        for j in range(deck_in.shape[0]):
            deck[j] = deck_in[j]
        if suits_in[0] >= 0:
            for k in range(4):
                suits[k] = suits_in[k]
    for j in range(PACK.shape[0]):
        deck_out[j] = deck[j]
    for k in range(5):
        board_before[k] = board[k]
    tr_count[0] = 0
    tr_count[1] = 0
    w = play_deal(
        prm, dmap, tabs, deck, suits, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, dealt, lay,
        True, tr_actions, tr_pays, tr_count,
    )  # fmt: skip
    for j in range(dmap.shape[0]):
        dealt_out[j] = dealt[j]
    for k in range(4):
        lay_out[k] = lay[k]
    return w


# ----------------------------------------------------------------------------------------------------------
# the Python side: what the driver and the CLI call


def kernel_args(r: Rules) -> tuple:
    """The arguments ``play_sessions`` takes before the policies: (params, dealmap, position tables)."""
    return params(r), dealmap(r), S.position_tables(False)


def _layout_of(missing: list[int]) -> list[int] | None:
    """The four cards left out of a 44-card deck as a layout (ace, king, queen, knave), or None."""
    by_rank = {C.rank_of(c): c for c in missing}
    if len(missing) != 4 or sorted(by_rank) != sorted(LAYOUT_RANKS):
        return None
    if len({C.suit_of(c) for c in missing}) != 4:
        return None
    return [by_rank[r] for r in LAYOUT_RANKS]


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 48-card pack (no 7s) in order, the layout lifted out by the rules; or the
    44 cards dealt, in order, the four left out being the layout (an A, K, Q, J of four different suits)."""
    deck = C.parse(text)
    if len(deck) == len(PACK) - 4:
        missing = sorted(set(PACK.tolist()) - set(deck.tolist()))
        if len(set(deck.tolist())) == len(deck) and set(deck.tolist()) <= set(PACK.tolist()):
            if _layout_of(missing) is None:
                raise ValueError(
                    f"--deck: with 44 cards the four left out ({C.format(missing)}) must be the layout: an ace, "
                    "king, queen and knave of four different suits (p. 89)"
                )
            return deck
    return S.check_pack_deck(text, PACK, TITLE + " (48 cards, the 7s out, p. 89; or the 44 dealt)", "")


def deck_from_hands(r: Rules, dealer: int, hands: dict[int, str], layout: str = BOOK_LAYOUT) -> np.ndarray:
    """Stack a deck dealing ``hands[seat]`` (text) with ``layout`` (A K Q J) laid out: the 44 cards dealt
    (48 under identical_card, the layout's cards among them)."""
    deck = S.stack_deck(dealmap(r), dealer, r.players, hands)
    if not r.identical_card:
        lay = C.parse(layout).tolist()
        if sorted(set(PACK.tolist()) - set(deck)) != sorted(lay):
            raise ValueError(f"the hands must hold every card but the 7s and the layout {layout}")
    return np.array(deck, dtype=np.int8)


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
    it. With ``deck``: that stacked deck (see ``check_deck``), ``dealer`` dealing, on ``board`` (empty by
    default). A 44-card deck brings its own layout (the four cards missing); under identical_card those four
    are dealt last. ``deck`` in the result is the shuffled 48-card pack (the same under every variant), and
    ``dealt`` the cards dealt in order: give that as ``--deck`` to replay the deal under any layout rule.
    """
    prm, dm, tabs = kernel_args(r)
    n = r.players
    session, k = divmod(int(deal), deals_per_session(r, rotations))
    suits_in = np.full(4, -1, dtype=np.int64)
    if deck is None:
        deck_in = np.zeros(0, dtype=np.int8)
    else:
        session, k = 0, 0
        codes = [int(c) for c in np.asarray(deck).tolist()]
        if len(codes) == len(PACK) - 4:
            lay = _layout_of(sorted(set(PACK.tolist()) - set(codes)))
            if lay is None:
                raise ValueError("a 44-card deck must leave out an ace, king, queen and knave of different suits")
            suits_in[:] = [C.suit_of(c) for c in lay]
            codes = codes + lay  # lifted out again (dealt last under identical_card)
        deck_in = np.array(codes, dtype=np.int8)
    deck_out = np.zeros(52, dtype=np.int8)
    dealt_out = np.zeros(52, dtype=np.int8)
    lay_out = np.zeros(4, dtype=np.int64)
    board_before = np.zeros(5, dtype=np.int64)
    live = np.zeros(5, dtype=np.int64) if board is None else np.array(board, dtype=np.int64)
    net = np.zeros(MAX_SEATS, dtype=np.int64)
    ev = np.zeros(len(EVENTS), dtype=np.int64)
    tr_actions = np.zeros((256, 4), dtype=np.int64)
    tr_pays = np.zeros((256, 5), dtype=np.int64)
    tr_count = np.zeros(2, dtype=np.int64)
    winner = trace_deal(
        prm, dm, tabs, np.asarray(policies, dtype=np.int64), np.uint64(seed), session, k, deck_in, suits_in,
        int(dealer), deck_out, dealt_out, lay_out, board_before, live, net, ev, tr_actions, tr_pays, tr_count,
    )  # fmt: skip
    dealer_seat = k % n if deck is None else int(dealer)
    dealt = dealt_out[: len(dm)].tolist()
    hands, _, _ = S.dealt_hands(dealt, dm, dealer_seat, n)
    layout = [C.format_card(int(tabs[1, x])) for x in lay_out]
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": int(seed),
        "deal": None if deck is not None else int(deal),
        "deck": [C.format_card(c) for c in deck_out[: len(PACK)].tolist()],
        "dealt": [C.format_card(c) for c in dealt],
        "layout": layout,
        "dealer": dealer_seat,
        "elder": (dealer_seat + 1) % n,
        "hands": hands,
        "spare": [],
        "turnup": None,
        "board_before": {name: int(v) for name, v in zip(POOLS, board_before)},
        "board_after": {name: int(v) for name, v in zip(POOLS, live)},
        "actions": S.trace_actions(tr_actions, int(tr_count[0]), "layout"),
        "payments": S.trace_payments(tr_pays, int(tr_count[1]), REASONS, POOLS),
        "winner": int(winner),
        "net": [int(x) for x in net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ev)},
    }
