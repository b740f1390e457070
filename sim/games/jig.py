"""Jig (Peel, *Round Games with Cards*, 1891, pp. 95-97; docs/jig.md).

Snip-Snap-Snorum played as a stops game: the whole pack is dealt; the leader plays any card ("Snip") and the
holders of the next cards of the suit follow ("Snap", "Snorum", "Hicockalorum") until the fifth card, "Jig", or
a stop (a card whose successor is played, or a king). Whoever played the card that ended the run leads next.
The first player out takes a stake per card left from each other player, and the pool if one was formed.

So from a lead of rank r the run ends at rank r + 4 at the latest (the book's table of Jigs, p. 96), and
earlier at a stop; the king ends every run that reaches it. Every card is dealt, so a player who remembers
the cards played knows exactly where any run he leads will end; the book's advice is to lead so that the
card ending the run is his own ("bring the Jig into their own hand again", p. 96).

    board int64[1]: 0 pool (only when pool_ante > 0; the first out takes it every deal)

The per-thread arrays are the fields of ``Workspace``; the session loop, trace and floor are the shared harness
(sim/games/_harness.py), which calls this module's kernels.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import cards as C
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games import _stops as S
from sim.games._common import MAX_SEATS, check_pack_deck
from sim.games._contract import TracedDeal
from sim.games._rules import MAX_STAKE, Rule, RuleBook, names_index

NAME = "jig"
TITLE = "Jig"
PAGES = "pp. 95-97"
PLAYERS = (3, 8)
DEAL = "deal"

JIG = 5  # Snip, Snap, Snorum, Hicockalorum, Jig (p. 95)


RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 95", "number of players, 3 to 8", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule(
            "pool_ante",
            0,
            "p. 96",
            "counters paid into a pool each deal, taken by the first out (0 = no pool)",
            lo=0,
            hi=MAX_STAKE,
        ),  # fmt: skip
        Rule(
            "pool_payer",
            "all",
            "p. 96",
            "who pays pool_ante: all (each player) or dealer (the dealer alone)",
            choices=("all", "dealer"),
        ),  # fmt: skip
    ),
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
DEALER_ANTES = RULEBOOK.choice("pool_payer", "dealer")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "pool": {"pool_ante": 1},
    "dealer-pool": {"pool_ante": 1, "pool_payer": "dealer"},
}

NO_JIG = 4  # the book's memory and shedding without seeking its own Jig (isolates that rule, p. 96)
STRATEGIES: dict[str, int] = {
    "book": S.BOOK,
    "lowest": S.LOWEST,
    "random": S.RANDOM,
    "book-no-jig": NO_JIG,
    "rollout": S.ROLLOUT,
}
RULE_LEFT_OUT: dict[str, str] = {"book-no-jig": "book"}  # strategies that are another with one rule left out
DEFAULT_STRATEGY = "book"
PLAYS = ("book", "rollout:8")  # claims are measured under the book's advice and the strong player (docs/rollout.md)
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"rollout": (1.0, float(S.MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows where every run ends; leads a card whose Jig (the card four "
    "above, or the stop before it) it holds itself, shedding most (p. 96); else the lead that sheds most",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
    "book-no-jig": "as book (remembers the cards played, leads what sheds most) but does not seek its own Jig",
    "rollout": S.ROLLOUT_HELP,
}

EVENTS: tuple[str, ...] = (
    "jigs",  # runs ended by their fifth card
    "stops",  # runs ended by a stop before the fifth card
    "plays",  # cards played
    "leads",  # runs led
    "jig_kept",  # runs ended (Jig or stop) by the player who led them: the lead comes back (p. 96)
    "cards_paid",  # counters paid to the winner for cards left in hand
    "pool_taken",  # counters the winner took from the pool
)
SESSION_METRICS: tuple[str, ...] = ()
E = names_index(EVENTS)

POOLS = ("pool",)
POOL = 0
REASONS = ("ante", "pool", "cards")
R_ANTE, R_POOL, R_CARDS = range(3)

PACK = C.full_pack()


def dealmap(r) -> np.ndarray:
    """Every card dealt, one at a time from the elder hand; the first 52 mod n players get one more."""
    n = r.players
    base, extra = divmod(len(PACK), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): no pool, nothing taken from it."""
    return frozenset({"pool_taken"} if r.pool_ante == 0 else ())


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, deal table (sim.games._stops.deal_table), position tables)."""
    return RULEBOOK.params(r), S.deal_table(dealmap(r), r.players, len(PACK)), S.position_tables(False)


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


@kernel
def jig_lead(h, live, seek):
    """The book's lead (p. 96) for hand h when the cards in ``live`` are all still in hands (``seek`` False: the
    same without seeking its own Jig, only the lead that sheds most).

    A lead b ends its run at e = b + 4, or earlier at the last card before a played one (or the king). Leads
    whose e the player holds bring the lead back to him; among them the one shedding most of his cards (ties:
    the lowest). Without one, the lead that sheds most of his cards (ties: the lowest).
    The leads that come back are found for the whole hand at once: b with b..b+j live, b+j+1 not (a stop at
    b+j, j < 4) or b..b+4 live (the Jig at b+4), and b+j in h.
    """
    one = np.uint64(1)
    l1 = live >> one
    s1 = live & l1
    l2 = live >> np.uint64(2)
    s2 = s1 & l2
    l3 = live >> np.uint64(3)
    s3 = s2 & l3
    l4 = live >> np.uint64(4)
    s4 = s3 & l4
    back = (h & ~l1) | (s1 & ~l2 & (h >> one)) | (s2 & ~l3 & (h >> np.uint64(2)))
    back |= (s3 & ~l4 & (h >> np.uint64(3))) | (s4 & (h >> np.uint64(4)))
    back &= h
    cand = back if seek and back != 0 else h
    # the best as one integer, (shed << 6) | (63 - key) with key = place * 4 + suit (ties: the lowest place, then
    # clubs first), through max(): the compares of shed and key had mispredicted (perf: this loop was some 45% of
    # a Jig deal)
    best = 0
    while cand != 0:
        b = np.int64(ctz(cand))
        cand &= cand - one
        e = S.run_end(live, b, JIG)
        shed = np.int64(popcount(h & S.span_mask(b, e)))
        best = max(best, (shed << 6) | (63 - (b & 15) * 4 - (b >> 4)))
    if best == 0:  # no card (never so for a hand with a card)
        return np.int64(-1)
    key = 63 - (best & 63)
    return (key & 3) * 16 + (key >> 2)


@kernel(inline=True)
def _choose_lead(policy, h, masks, state):
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, False, state)
    return jig_lead(h, masks[S.LIVE], policy != NO_JIG)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal). The deal's state arrays are views of
    row REAL of ``roll`` (sim.games._stops.Scratch), so ``view`` gives a workspace over a rollout's row."""

    deck: np.ndarray  # int8[52], the cards in the order dealt
    holder: np.ndarray  # int8[64], who holds each position (sim.games._stops)
    hand: np.ndarray  # uint64[10], each seat's cards
    masks: np.ndarray  # uint64[3], live and spare cards
    deck_rng: np.ndarray  # uint64[4], the session's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    board: np.ndarray  # int64[1], the pool
    net: np.ndarray  # int64[10], this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10], 1 for the seat that went out
    ev: np.ndarray  # int64[len(EVENTS)], this deal's events
    tracing: np.ndarray  # bool[1]: record actions and payments
    tr_actions: np.ndarray  # int64[k, 4]: seat, card, stop, jig (sim.games._stops TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[2]: actions, payments recorded
    turn: np.ndarray  # int64[TURN], where play stands (sim.games._stops T_*)
    roll: S.Scratch  # the state in rows REAL, WORLD, SIM, and the rollout's arrays


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    r = S.new_scratch(1, len(EVENTS), 1)
    return Workspace(
        np.empty(52, dtype=np.int8),
        r.holder[S.REAL],
        r.hand[S.REAL],
        r.masks[S.REAL],
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
        ws.deck, r.holder[row], r.hand[row], r.masks[row], ws.deck_rng, ws.seat_rng, r.board[row], r.net[row],
        r.won[row], r.ev[row], r.tracing[row], ws.tr_actions, ws.tr_pays, ws.tr_count, r.turn[row], r,
    )  # fmt: skip


@kernel
def begin_session(cfg, ws, seats, seed, session):
    S.seed_streams(ws, seed, session, cfg[0][P.players], seats[0])
    ws.board[POOL] = 0


@kernel(inline=True)
def deal_cards(cfg, ws, dealer):
    prm, table, tabs = cfg
    S.shuffle_deal(ws, PACK, table, tabs, dealer, prm[P.players])


@kernel(inline=True)
def deal_hands(cfg, ws, dealer):
    prm, table, tabs = cfg
    S.deal_ws(ws, table, tabs, dealer, prm[P.players])
    return np.int64(ws.hand[0] & np.uint64(1))


@kernel
def end_session(cfg, ws, row, col):
    pass


@kernel(inline=True)
def _play(ws, tabs, seat, x):
    S.play_card(ws, tabs, seat, x, 0)


@kernel(inline=True)
def _run_at_once(cfg, ws, x):
    """Play the run led at x with mask arithmetic: its last card, or -1 (nothing played) when a player goes out in
    it, which is then played card by card.

    Every live card is in a hand, so the run is the live cards from x on, five at most (``run_end``). Card by
    card, whether the next card is held was a branch that went either way (a run is 3.2 cards, 12.9 runs a
    deal, standard): its misprediction at each run's end, and a play per card, are what this saves. ``holder``
    is left as it was (sim.games._stops.shed).
    """
    n = cfg[0][P.players]
    top = S.run_end(ws.masks[S.LIVE], x, JIG)
    run = S.span_mask(x, top)
    if S.goes_out_in(ws.hand, n, run):
        return np.int64(-1)
    S.shed(ws.hand, ws.masks, n, run)
    return top


@kernel(inline=True)
def _run(cfg, ws, seats):
    """Lead and follow from where ``ws.turn`` stands until a player is out (returns him), or until a rollout
    seat is to lead (returns -1; its lead goes in ``ws.turn[T_CHOICE]`` and ``_run`` goes on from there)."""
    tabs = cfg[2]
    t = ws.turn
    leader = t[S.T_LEADER]
    while True:
        last = t[S.T_CHOICE]
        if last >= 0:
            t[S.T_CHOICE] = -1
        else:
            policy = seats[0][leader]
            if policy == S.ROLLOUT:
                t[S.T_LEADER] = leader
                return np.int64(-1)
            last = _choose_lead(policy, ws.hand[leader], ws.masks, ws.seat_rng[leader])
        player = leader
        ws.ev[E.leads] += 1
        top = -1
        if not ws.tracing[0]:  # a trace records every card: it is played card by card
            top = _run_at_once(cfg, ws, last)
        if top >= 0:
            k = top - last + 1
            player = np.int64(ws.holder[np.uint64(top)])
        else:
            _play(ws, tabs, player, last)
            if ws.hand[player] == 0:
                return player
            k = 1
            while k < JIG:
                h = S.live_holder(ws.holder, ws.masks, last + 1)
                if h < 0:
                    break
                last += 1
                player = h
                _play(ws, tabs, player, last)
                k += 1
                if ws.hand[player] == 0:
                    return player
        # the run is over: Jig (its fifth card) or a stop; the player of that card leads (pp. 95-96)
        if k == JIG:
            ws.ev[E.jigs] += 1
            L.mark_last(ws, S.TR_FLAG, 1)
        else:
            ws.ev[E.stops] += 1
        L.mark_last(ws, S.TR_STOP, 1)
        if player == leader:
            ws.ev[E.jig_kept] += 1
        leader = player


@kernel(inline=True)
def _go_out(cfg, ws, winner):
    """Going out: a counter for every card left from each player, and the pool (p. 96)."""
    ws.won[winner] = 1
    ws.ev[E.plays] -= S.count(ws.masks[S.LIVE])  # every card played left the live cards (begin_play)
    ws.ev[E.pool_taken] += L.take(ws, POOL, winner, R_POOL)
    ws.ev[E.cards_paid] += S.pay_for_cards(ws, winner, cfg[0][P.players], -1, 1, R_CARDS)


@kernel
def _resume(cfg, ws, seats):
    """Play on after a rollout seat's decision (``_run``, not inlined: decisions are rare)."""
    return _run(cfg, ws, seats)


@kernel
def decide(cfg, ws, seats):
    """The lead of ``rollout:K`` (sim.games._stops): every card of his hand, each played out on K deals of the
    other hands consistent with what he knows (every unplayed card is in some hand), book for everyone after."""
    n = cfg[0][P.players]
    r = ws.roll
    p = ws.turn[S.T_LEADER]
    h = ws.hand[p]
    world = view(ws, S.WORLD)
    sim = view(ws, S.SIM)
    book = (r.book, seats[1])
    S.begin_decision(r, p, h)
    for _ in range(S.samples(seats[1][p])):
        S.copy_state(r, S.REAL, S.WORLD)
        S.sample_hands(world, n, r.known, ws.seat_rng[p], r.cards)
        m = h
        while m != 0:
            x = np.int64(ctz(m))
            m &= m - np.uint64(1)
            S.copy_state(r, S.WORLD, S.SIM)
            sim.turn[S.T_CHOICE] = x
            _go_out(cfg, sim, _resume(cfg, sim, book))
            r.score[x] += sim.net[p]
    return S.best_choice(r.score, h, jig_lead(h, ws.masks[S.LIVE], True))


@kernel(inline=True)
def begin_play(cfg, ws, dealer):
    """The deal up to its first lead: the pool, the cards, the elder hand to play first (p. 95)."""
    prm, table, tabs = cfg
    n = prm[P.players]
    L.begin_deal(ws, n)
    ante = prm[P.pool_ante]
    if ante > 0:  # "by each player contributing to it equally, by calling upon the dealer to pay in" (p. 96)
        for s in range(n):
            if s == dealer or prm[P.pool_payer] != DEALER_ANTES:
                L.pay(ws, s, L.BOARD, ante, R_ANTE, POOL)
    S.deal_ws(ws, table, tabs, dealer, n)
    ws.ev[E.plays] += S.count(ws.masks[S.LIVE])  # minus the live cards at the end (_go_out): no count per play
    S.begin_turns(ws.turn, S.next_seat(dealer, n), dealer)


@kernel(inline=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal of Jig on the stacked ``ws.deck`` with ``dealer`` dealing; returns the next dealer.

    ``ws.board`` (the pool) is carried in and out; ``ws.net``, ``ws.won`` and ``ws.ev`` are this deal's.
    """
    begin_play(cfg, ws, dealer)
    winner = _run(cfg, ws, seats)  # inlined: a call passes every array of the workspace
    while winner < 0:  # a rollout seat's decision
        ws.turn[S.T_CHOICE] = decide(cfg, ws, seats)
        winner = _resume(cfg, ws, seats)
    _go_out(cfg, ws, winner)
    return S.next_seat(dealer, cfg[0][P.players])


# ----------------------------------------------------------------------------------------------------------
# the Python side


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 52 cards, each once, in the order dealt."""
    return check_pack_deck(text, PACK, TITLE)


def deck_from_hands(r, dealer: int, hands: dict[int, str]) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (text)."""
    return check_deck(C.format(S.stack_deck(dealmap(r), dealer, r.players, hands)))


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict: the deal, every play and payment, the nets and events."""
    n = run.players
    order = run.deck[: len(PACK)]
    hands, _, _ = S.dealt_hands(order, run.cfg[1], run.dealer, n)
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
        "spare": [],
        "turnup": None,
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "actions": S.traced_plays(ws, "jig"),
        "payments": L.payments(ws, REASONS, POOLS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
