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

``ws.deck`` holds the 48-card pack in the order shuffled, then the layout's four cards (ace, king, queen, knave):
a deal is a function of those 52 entries. The other per-thread arrays are the fields of ``Workspace``; the
session loop, trace and floor are the shared harness (sim/games/_harness.py), which calls this module's kernels.
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
from sim.games._rules import MAX_STAKE, Rule, RuleBook, names_index

NAME = "newmarket"
TITLE = "Newmarket"
PAGES = "pp. 89-90"
PLAYERS = (3, 8)
DEAL = "deal"

LAYOUT_RANKS = (C.ACE, C.KING, C.QUEEN, C.KNAVE)  # board order
BOOK_LAYOUT = "AS KC QH JD"  # p. 89: "knave of diamonds, queen of hearts, king of clubs, and ace of spades"
LAYOUT_STREAM = 1 + MAX_SEATS  # rng purpose of the random layout (past every seat's strategy stream)

RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 89", "number of players, 3 to 8", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule(
            "layout",
            "book",
            "p. 89",
            "book (JD QH KC AS, p. 89) or random (an A, K, Q, J of four different suits drawn each deal)",
            choices=("book", "random"),
        ),
        Rule(
            "identical_card",
            False,
            "modern",
            "the layout is from a second pack and the identical card wins its stakes (not a stop); "
            "all 48 cards are dealt",
        ),
        Rule("lead_lowest", False, "modern", "the leader must lead his lowest card of the suit he chooses"),
        Rule(
            "kitty",
            0,
            "modern",
            "counters each player pays into a kitty each deal, taken by the first out (0 = none, as Peel)",
            lo=0,
            hi=MAX_STAKE,
        ),
        Rule(
            "dealer_extra",
            1,
            "p. 89",
            'counters the dealer puts on the layout besides everyone\'s one ("The dealer pays one extra"); 0 = none',
            lo=0,
            hi=MAX_STAKE,
        ),
    ),
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
RANDOM_LAYOUT = RULEBOOK.choice("layout", "random")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "random-layout": {"layout": "random"},
    "modern": {"layout": "random", "identical_card": True, "lead_lowest": True, "kitty": 1},
}

STRATEGIES: dict[str, int] = {"book": S.BOOK, "lowest": S.LOWEST, "random": S.RANDOM, "rollout": S.ROLLOUT}
DEFAULT_STRATEGY = "book"
PLAYS = ("book", "rollout:8")  # claims are measured under the book's advice and the strong player (docs/rollout.md)
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"rollout": (1.0, float(S.MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played and sees the layout, so knows its stops (the cards below the layout are "
    "stops); plays them out or leads up to them (Pope Joan, pp. 83-84)",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
    "rollout": S.ROLLOUT_HELP,
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
E = names_index(EVENTS)

POOLS = ("ace", "king", "queen", "knave", "kitty")
KITTY = 4
REASONS = ("stake", "kitty_stake", "layout", "kitty", "cards")
R_STAKE, R_KITTY_STAKE, R_LAYOUT, R_KITTY, R_CARDS = range(5)

PACK = C.pack_without("7C", "7D", "7H", "7S")
LAID = len(PACK)  # ws.deck[LAID:LAID + 4]: the layout's cards, ace, king, queen, knave
BOOK_CARDS = C.parse(BOOK_LAYOUT)
RANKS = np.array(LAYOUT_RANKS, dtype=np.int8)


def dealt_cards(r) -> int:
    return len(PACK) if r.identical_card else len(PACK) - 4


def dealmap(r) -> np.ndarray:
    """The 44 cards (48 with identical_card) dealt from the elder hand; the first (cards mod n) get one more."""
    n = r.players
    base, extra = divmod(dealt_cards(r), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): no kitty, nothing taken from it."""
    return frozenset({"kitty_taken"} if r.kitty == 0 else ())


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, deal table (sim.games._stops.deal_table), position tables)."""
    return RULEBOOK.params(r), S.deal_table(dealmap(r), r.players), S.position_tables(False)


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal). The deal's state arrays are views of
    row REAL of ``roll`` (sim.games._stops.Scratch), so ``view`` gives a workspace over a rollout's row."""

    deck: np.ndarray  # int8[52], the shuffled 48-card pack, then the layout's cards (ace, king, queen, knave)
    dealt: np.ndarray  # int8[52], the cards dealt, in order
    lay: np.ndarray  # int64[8], the layout's positions (ace, king, queen, knave), then the positions that win them
    holder: np.ndarray  # int8[64], who holds each position (sim.games._stops)
    hand: np.ndarray  # uint64[10], each seat's cards
    masks: np.ndarray  # uint64[3], live and spare cards
    deck_rng: np.ndarray  # uint64[4], the session's deck stream
    lay_rng: np.ndarray  # uint64[4], the session's random-layout stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    board: np.ndarray  # int64[5], the stakes on the layout and the kitty
    net: np.ndarray  # int64[10], this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10], 1 for the seat that went out
    ev: np.ndarray  # int64[len(EVENTS)], this deal's events
    tracing: np.ndarray  # bool[1]: record actions and payments
    tr_actions: np.ndarray  # int64[k, 4]: seat, card, stop, won a layout card (sim.games._stops TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[2]: actions, payments recorded
    turn: np.ndarray  # int64[TURN], where play stands (sim.games._stops T_*)
    roll: S.Scratch  # the state in rows REAL, WORLD, SIM (``lay`` is its ``extra``), and the rollout's arrays


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    r = S.new_scratch(5, len(EVENTS), 8)
    return Workspace(
        np.empty(52, dtype=np.int8),
        np.empty(52, dtype=np.int8),
        r.extra[S.REAL],
        r.holder[S.REAL],
        r.hand[S.REAL],
        r.masks[S.REAL],
        np.empty(4, dtype=np.uint64),
        np.empty(4, dtype=np.uint64),
        np.empty((MAX_SEATS, 4), dtype=np.uint64),
        r.board[S.REAL],
        r.net[S.REAL],
        r.won[S.REAL],
        r.ev[S.REAL],
        r.tracing[S.REAL],
        np.zeros((trace_rows, 4), dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        r.turn[S.REAL],
        r,
    )


@kernel
def view(ws, row):
    """The workspace over row ``row`` of the scratch (never traced)."""
    r = ws.roll
    return Workspace(
        ws.deck, ws.dealt, r.extra[row], r.holder[row], r.hand[row], r.masks[row], ws.deck_rng, ws.lay_rng,
        ws.seat_rng, r.board[row], r.net[row], r.won[row], r.ev[row], r.tracing[row], ws.tr_actions, ws.tr_pays,
        ws.tr_count, r.turn[row], r,
    )  # fmt: skip


@kernel(inline=True)
def _lay_cards(prm, ws):
    """The deal's layout into ``ws.deck[LAID:]``: the book's, or an ace, king, queen, knave of four different
    suits drawn uniformly from the layout stream."""
    if prm[P.layout] == RANDOM_LAYOUT:
        for k in range(4):
            ws.deck[LAID + k] = k
        for i in range(3, 0, -1):
            j = rng.bounded(ws.lay_rng, i + 1)
            t = ws.deck[LAID + i]
            ws.deck[LAID + i] = ws.deck[LAID + j]
            ws.deck[LAID + j] = t
        for k in range(4):
            ws.deck[LAID + k] = ws.deck[LAID + k] * 13 + RANKS[k]
    else:
        for k in range(4):
            ws.deck[LAID + k] = BOOK_CARDS[k]


@kernel
def begin_session(cfg, ws, seats, seed, session):
    prm = cfg[0]
    S.seed_streams(ws, seed, session, prm[P.players], seats[0])
    for k in range(5):
        ws.board[k] = 0
    # A stacked deck of the 48 cards alone (a trace) is laid out as this session's first deal would be; the
    # layout stream then starts again, so the run's deals draw exactly as before.
    rng.seed_stream(ws.lay_rng, seed, session, LAYOUT_STREAM)
    _lay_cards(prm, ws)
    rng.seed_stream(ws.lay_rng, seed, session, LAYOUT_STREAM)


@kernel(inline=True)
def deal_cards(cfg, ws, dealer):
    S.shuffle_pack(ws.deck, PACK, ws.deck_rng)
    _lay_cards(cfg[0], ws)


@kernel(inline=True)
def _lay_out(prm, ws):
    """Fill ``ws.lay`` with the layout's positions (ace, king, queen, knave) and the cards that win them; return
    the positions lifted out of the pack (none under identical_card, where all of it is dealt)."""
    ident = prm[P.identical_card] != 0
    lay = ws.lay
    laid = np.uint64(0)
    for k in range(4):
        c = np.int64(ws.deck[LAID + k])
        x = (c // 13) * 16 + c % 13
        lay[k] = x
        if not ident:
            laid |= S.bit(x)
        if ident:
            lay[4 + k] = x
        elif k == 0:
            lay[4 + k] = (c // 13) * 16 + C.KING  # the ace counts as highest: its king wins it (p. 89)
        else:
            lay[4 + k] = x - 1
    return laid


@kernel(inline=True)
def _deal(cfg, ws, dealer, laid):
    """Deal the shuffled pack but the cards at positions ``laid`` (sim.games._stops.deal, in one pass over the
    pack: ``ws.dealt`` receives the cards dealt, in order, for the trace).

    No branch on the laid cards (four at random places in the pack, each a mispredicted branch): every card is
    written, a laid one to the hands as nothing and to ``ws.dealt`` where the next card overwrites it; its
    ``holder`` entry is the caller's to set (begin_play lays it out)."""
    prm, table, tabs = cfg
    n = prm[P.players]
    codes = table[dealer]  # each card's seat (sim.games._stops.deal_table)
    last = codes.shape[0] - 1
    for x in range(64):
        ws.holder[x] = S.REMOVED
    for s in range(n):
        ws.hand[s] = np.uint64(0)
    live = np.uint64(0)
    j = 0
    for i in range(LAID):
        c = ws.deck[i]
        x = np.uint64(tabs[0, np.uint64(c)])  # unsigned indices: no wrap-around code (sim.games._stops.deal)
        b = S.bit(x) & ~laid
        ws.dealt[j] = c
        seat = codes[min(j, last)]  # j passes the last only on laid cards at the end
        j += np.int64(b != 0)
        ws.holder[x] = seat
        ws.hand[np.uint64(seat)] |= b
        live |= b
    ws.masks[S.LIVE] = live
    ws.masks[S.SPARE_MASK] = np.uint64(0)
    ws.masks[S.SEEN_SPARE] = np.uint64(0)


@kernel(inline=True)
def deal_hands(cfg, ws, dealer):
    _deal(cfg, ws, dealer, _lay_out(cfg[0], ws))
    return np.int64(ws.hand[0] & np.uint64(1))


@kernel
def end_session(cfg, ws, row, col):
    left = 0
    for k in range(5):
        left += ws.board[k]
    row[col] = left


@kernel
def _card_wins(ws, x, seat):
    """The card just below a layout card (or the identical card) takes that card's stakes (p. 89)."""
    L.mark_last(ws, S.TR_FLAG, 1)
    for k in range(4):
        if ws.lay[4 + k] == x:
            ws.ev[E.layout_won_ace + k] += 1
            ws.ev[E.stakes_taken] += L.take(ws, k, seat, R_LAYOUT)


@kernel(inline=True)
def _play(cfg, ws, x, seat, wins):
    S.play_card(ws, cfg[2], seat, x, 0)
    if S.has(wins, x):
        _card_wins(ws, x, seat)


@kernel(inline=True)
def _choose_lead(ws, p, policy, lead_lowest):
    h = ws.hand[p]
    if policy == S.LOWEST:
        return S.lowest(h)  # the lowest card of some suit: allowed under lead_lowest too
    if policy == S.RANDOM:
        return S.random_lead(h, lead_lowest, ws.seat_rng[p])
    return S.book_lead(h, S.known_out(ws.masks, False), lead_lowest, np.uint64(0))


@kernel(inline=True)
def _stake(prm, ws, dealer):
    """Each player puts a counter on a layout card, the dealer ``dealer_extra`` more (one, p. 89): each on the
    emptiest card, ties in ace, king, queen, knave order, so all four are covered. Then the kitty, if played."""
    n = prm[P.players]
    if ws.tracing[0]:
        _stake_each(ws, dealer, n, prm[P.dealer_extra])
    else:
        # where each counter goes depends only on the layout, not on who puts it there: the stakes are paid in
        # one sum each and spread over four locals (one counter at a time through the ledger, the board's
        # loads and stores chained through memory, took 5% of a deal)
        for s in range(n):
            ws.net[s] -= 1
        ws.net[dealer] -= prm[P.dealer_extra]
        _spread(ws.board, n + prm[P.dealer_extra])
    if prm[P.kitty] > 0:
        for s in range(n):
            L.pay(ws, s, L.BOARD, prm[P.kitty], R_KITTY_STAKE, KITTY)


@kernel
def _stake_each(ws, dealer, n, extra):
    """The stakes one counter at a time, as the trace records them: from the elder hand round to the dealer,
    then the dealer's extra."""
    for i in range(n + extra):
        s = dealer + 1 + i if i < n else dealer
        if s >= n:
            s -= n
        best = 0
        for k in range(1, 4):
            if ws.board[k] < ws.board[best]:
                best = k
        L.pay(ws, s, L.BOARD, 1, R_STAKE, best)


@kernel
def _spread(board, counters):
    """``counters`` counters onto the four layout cards, each on the emptiest (ties: ace, king, queen, knave)."""
    a, k, q, j = board[0], board[1], board[2], board[3]
    for _ in range(counters):
        if a <= k and a <= q and a <= j:
            a += 1
        elif k <= q and k <= j:
            k += 1
        elif q <= j:
            q += 1
        else:
            j += 1
    board[0], board[1], board[2], board[3] = a, k, q, j


@kernel(inline=True)
def _wins(ws):
    """The cards that win the layout's stakes, as a mask."""
    wins = np.uint64(0)
    for k in range(4):
        wins |= S.bit(ws.lay[4 + k])
    return wins


@kernel(inline=True)
def _run(cfg, ws, seats):
    """Lead, follow and stop from where ``ws.turn`` stands until a player is out (returns him), or until a
    rollout seat is to lead (returns -1; its lead goes in ``ws.turn[T_CHOICE]`` and ``_run`` goes on from there)."""
    prm = cfg[0]
    policies = seats[0]
    lead_lowest = prm[P.lead_lowest] != 0
    wins = _wins(ws)
    t = ws.turn
    leader = t[S.T_LEADER]
    while True:
        last = t[S.T_CHOICE]
        if last >= 0:
            t[S.T_CHOICE] = -1
        elif policies[leader] == S.ROLLOUT:
            t[S.T_LEADER] = leader
            return np.int64(-1)
        else:
            last = _choose_lead(ws, leader, policies[leader], lead_lowest)
        player = leader
        _play(cfg, ws, last, player, wins)
        if ws.hand[player] == 0:
            return player
        while True:
            h = S.next_holder(ws.holder, last)
            if h < 0:
                break
            last += 1
            player = h
            _play(cfg, ws, last, player, wins)
            if ws.hand[player] == 0:
                return player
        ws.ev[E.stops] += 1
        L.mark_last(ws, S.TR_STOP, 1)
        leader = player


@kernel(inline=True)
def _go_out(cfg, ws, winner):
    """Going out (p. 90): a stake per card from each other player; the kitty, if any."""
    ws.won[winner] = 1
    ws.ev[E.plays] -= S.count(ws.masks[S.LIVE])  # every card played left the live cards (begin_play)
    ws.ev[E.kitty_taken] += L.take(ws, KITTY, winner, R_KITTY)
    ws.ev[E.cards_paid] += S.pay_for_cards(ws, winner, cfg[0][P.players], -1, 1, R_CARDS)
    ws.ev[E.stakes_carried] += ws.board[0] + ws.board[1] + ws.board[2] + ws.board[3]


@kernel
def _resume(cfg, ws, seats):
    """Play on after a rollout seat's decision (``_run``, not inlined: decisions are rare)."""
    return _run(cfg, ws, seats)


@kernel
def decide(cfg, ws, seats):
    """The lead of ``rollout:K`` (sim.games._stops): every card it may lead, each played out on K deals of the
    other hands consistent with what it knows (every card not played nor laid out is in some hand), book for
    everyone after."""
    prm = cfg[0]
    r = ws.roll
    p = ws.turn[S.T_LEADER]
    h = ws.hand[p]
    lead_lowest = prm[P.lead_lowest] != 0
    cands = S.lowest_per_suit(h) if lead_lowest else h
    world = view(ws, S.WORLD)
    sim = view(ws, S.SIM)
    book = (r.book, seats[1])
    S.begin_decision(r, p, h)
    for _ in range(S.samples(seats[1][p])):
        S.copy_state(r, S.REAL, S.WORLD)
        S.sample_hands(world, prm[P.players], r.known, ws.seat_rng[p], r.cards)
        m = cands
        while m != 0:
            x = np.int64(ctz(m))
            m &= m - np.uint64(1)
            S.copy_state(r, S.WORLD, S.SIM)
            sim.turn[S.T_CHOICE] = x
            _go_out(cfg, sim, _resume(cfg, sim, book))
            r.score[x] += sim.net[p]
    return S.best_choice(r.score, cands, _choose_lead(ws, p, S.BOOK, lead_lowest))


@kernel(inline=True)
def begin_play(cfg, ws, dealer):
    """The deal up to its first lead: the stakes, the layout, the cards, the elder hand to lead."""
    prm, _, tabs = cfg
    n = prm[P.players]
    L.begin_deal(ws, n)
    _stake(prm, ws, dealer)
    _deal(cfg, ws, dealer, _lay_out(prm, ws))
    ws.ev[E.plays] += S.count(ws.masks[S.LIVE])  # minus the live cards at the end (_go_out): no count per play
    if prm[P.identical_card] == 0:
        for k in range(4):
            ws.holder[ws.lay[k]] = S.LAYOUT
    # "play proceeds as in [Spin]": the elder hand leads (p. 88)
    S.begin_turns(ws.turn, S.next_seat(dealer, n), dealer)


@kernel(inline=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal of Newmarket on ``ws.deck`` (the shuffled pack and the layout) with ``dealer`` dealing;
    returns the next dealer. ``ws.board`` (the layout's stakes, the kitty) is carried in and out; ``ws.net``,
    ``ws.won`` and ``ws.ev`` are this deal's."""
    begin_play(cfg, ws, dealer)
    winner = _run(cfg, ws, seats)  # inlined: a call passes every array of the workspace
    while winner < 0:  # a rollout seat's decision
        ws.turn[S.T_CHOICE] = decide(cfg, ws, seats)
        winner = _resume(cfg, ws, seats)
    _go_out(cfg, ws, winner)
    return S.next_seat(dealer, cfg[0][P.players])


# ----------------------------------------------------------------------------------------------------------
# the Python side


def _layout_of(missing: list[int]) -> list[int] | None:
    """The four cards left out of a 44-card deck as a layout (ace, king, queen, knave), or None."""
    by_rank = {C.rank_of(c): c for c in missing}
    if len(missing) != 4 or sorted(by_rank) != sorted(LAYOUT_RANKS):
        return None
    if len({C.suit_of(c) for c in missing}) != 4:
        return None
    return [by_rank[r] for r in LAYOUT_RANKS]


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text, as the kernels take it: the 48-card pack (no 7s) in order, laid out by the
    rules; or the 44 cards dealt, in order, the four left out being the layout (an A, K, Q, J of four different
    suits): then the deck is those 44, the layout's cards after them (dealt last under identical_card), and the
    layout."""
    deck = C.parse(text)
    codes = deck.tolist()
    if len(codes) == len(PACK) - 4 and len(set(codes)) == len(codes) and set(codes) <= set(PACK.tolist()):
        missing = sorted(set(PACK.tolist()) - set(codes))
        lay = _layout_of(missing)
        if lay is None:
            raise ValueError(
                f"--deck: with 44 cards the four left out ({C.format(missing)}) must be the layout: an ace, "
                "king, queen and knave of four different suits (p. 89)"
            )
        return np.array(codes + lay + lay, dtype=np.int8)
    return check_pack_deck(text, PACK, TITLE + " (48 cards, the 7s out, p. 89; or the 44 dealt)", "")


def deck_from_hands(r, dealer: int, hands: dict[int, str], layout: str = BOOK_LAYOUT) -> np.ndarray:
    """Stack a deck dealing ``hands[seat]`` (text) with ``layout`` (A K Q J) laid out: the 44 cards dealt
    (48 under identical_card, the layout's cards among them), then as ``check_deck`` gives it."""
    deck = S.stack_deck(dealmap(r), dealer, r.players, hands)
    lay = C.parse(layout).tolist()
    if not r.identical_card:
        if sorted(set(PACK.tolist()) - set(deck)) != sorted(lay):
            raise ValueError(f"the hands must hold every card but the 7s and the layout {layout}")
        deck = deck + lay
    return np.array(deck + lay, dtype=np.int8)


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict. ``deck`` is the shuffled 48-card pack (the same under every variant),
    and ``dealt`` the cards dealt in order: give that as ``--deck`` to replay the deal under any layout rule."""
    n = run.players
    ws = run.ws
    table = run.cfg[1]
    dealt = ws.dealt[: table.shape[1]].tolist()
    hands, _, _ = S.dealt_hands(dealt, table, run.dealer, n)
    return {
        "game": NAME,
        "rules": dict(run.rules._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(run.deck[:LAID]),
        "dealt": L.cards(dealt),
        "layout": L.cards(run.deck[LAID : LAID + 4]),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": hands,
        "spare": [],
        "turnup": None,
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "actions": S.traced_plays(ws, "layout"),
        "payments": L.payments(ws, REASONS, POOLS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
