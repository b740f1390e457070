"""Jig (Peel, *Round Games with Cards*, 1891, pp. 95-97; RULES.md "Jig").

Snip-Snap-Snorum played as a stops game: the whole pack is dealt; the leader plays any card ("Snip") and the
holders of the next cards of the suit follow ("Snap", "Snorum", "Hicockalorum") until the fifth card, "Jig", or
a stop (a card whose successor is played, or a king). Whoever played the card that ended the run leads next.
The first player out takes a stake per card left from each other player, and the pool if one was formed.

So from a lead of rank r the run ends at rank r + 4 at the latest (the book's table of Jigs, p. 96), and
earlier at a stop; the king ends every run that reaches it. Every card is dealt, so a player who remembers
the cards played knows exactly where any run he leads will end; the book's advice is to lead so that the
card ending the run is his own ("bring the Jig into their own hand again", p. 96).

    board int64[1]: 0 pool (only when pool_ante > 0; the first out takes it every deal)

Per-thread workspace (see ``_workspace``): holder int8[64], hand uint64[10], masks uint64[2], deck int8[52],
deck_rng uint64[4], seat_rng uint64[10, 4]; net int64[10], ev int64[len(EVENTS)], board int64[1].
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from sim import cards as C
from sim import rng
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games import _stops as S
from sim.games._common import (
    MAX_SEATS,
    row_width,
)
from sim.games._record import record_deal

NAME = "jig"
TITLE = "Jig"
PAGES = "pp. 95-97"
PLAYERS = (3, 8)

JIG = 5  # Snip, Snap, Snorum, Hicockalorum, Jig (p. 95)


class Rules(NamedTuple):
    players: int = 4  # a round game for any number (p. 95); the toolkit plays 3 to 8
    pool_ante: int = 0  # counters paid into a pool the first out takes; 0 = no pool (p. 96)
    pool_payer: str = "all"  # all: each player pays pool_ante (p. 96); dealer: the dealer alone pays in (p. 96)

    def validated(self) -> Rules:
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        r = self._replace(
            players=S.as_int("players", self.players),
            pool_ante=S.as_count("pool_ante", self.pool_ante),
            pool_payer=S.as_choice("pool_payer", self.pool_payer, ("all", "dealer")),
        )
        lo, hi = PLAYERS
        if not lo <= r.players <= hi:
            raise ValueError(f"{TITLE} needs {lo} to {hi} players (got {r.players})")
        return r


RULE_PAGES: dict[str, str] = {"players": "p. 95", "pool_ante": "p. 96", "pool_payer": "p. 96"}
RULE_HELP: dict[str, str] = {
    "players": "number of players, 3 to 8",
    "pool_ante": "counters paid into a pool each deal, taken by the first out (0 = no pool)",
    "pool_payer": "who pays pool_ante: all (each player) or dealer (the dealer alone)",
}

VARIANTS: dict[str, dict] = {
    "standard": {},
    "pool": {"pool_ante": 1},
    "dealer-pool": {"pool_ante": 1, "pool_payer": "dealer"},
}

STRATEGIES: dict[str, int] = {"book": S.BOOK, "lowest": S.LOWEST, "random": S.RANDOM}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows where every run ends; leads a card whose Jig (the card four "
    "above, or the stop before it) it holds itself, shedding most (p. 96); else the lead that sheds most",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
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
ROW = row_width(len(EVENTS), len(SESSION_METRICS))
E_JIGS, E_STOPS, E_PLAYS, E_LEADS, E_KEPT, E_CARDS_PAID, E_POOL_TAKEN = range(7)

POOLS = ("pool",)
POOL = 0
REASONS = ("ante", "pool", "cards")
R_ANTE, R_POOL, R_CARDS = range(3)

PACK = C.full_pack()

P_PLAYERS, P_ANTE, P_DEALER_ANTES = 0, 1, 2
N_PARAMS = 3


def dealmap(r: Rules) -> np.ndarray:
    """Every card dealt, one at a time from the elder hand; the first 52 mod n players get one more."""
    n = r.players
    base, extra = divmod(len(PACK), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def params(r: Rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = r.players
    p[P_ANTE] = r.pool_ante
    p[P_DEALER_ANTES] = r.pool_payer == "dealer"
    return p


def deals_per_session(r: Rules, rotations: int) -> int:
    return r.players * rotations


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


@kernel
def jig_lead(h, live):
    """The book's lead (p. 96) for hand h when the cards in ``live`` are all still in hands.

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
    cand = back if back != 0 else h
    best = -1
    best_shed = 0
    best_key = 1 << 30
    while cand != 0:
        b = np.int64(ctz(cand))
        cand &= cand - one
        e = S.run_end(live, b, JIG)
        shed = np.int64(popcount(h & S.span_mask(b, e)))
        key = (b & 15) * 4 + (b >> 4)
        if shed > best_shed or (shed == best_shed and key < best_key):
            best_shed = shed
            best_key = key
            best = b
    return best


@kernel(inline=True)
def _choose_lead(policy, h, masks, state):
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, False, state)
    return jig_lead(h, masks[S.LIVE])


@kernel(inline=True)
def _play_card(x, seat, tabs, holder, hand, masks, ev, trace_on, tr_actions, tr_count):
    S.play(holder, hand, masks, seat, x)
    ev[E_PLAYS] += 1
    if trace_on:
        S.record_play(x, seat, 0, tabs, trace_on, tr_actions, tr_count)


@kernel
def play_deal(
    prm, dmap, tabs, deck, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, trace_on, tr_actions,
    tr_pays, tr_count,
):  # fmt: skip
    """Play one deal of Jig on a stacked ``deck`` (int8 card codes, order dealt) with ``dealer`` dealing.

    ``board`` (int64[1], the pool) is carried in and out; ``net`` (int64[>=n]) and ``ev`` are zeroed and
    filled. When ``trace_on``, actions (seat, card, stop, jig) and payments (from, to, amount, reason, pool) are
    appended to ``tr_actions`` / ``tr_pays`` and counted in ``tr_count``. Returns the seat that went out.
    """
    n = prm[P_PLAYERS]
    for s in range(n):
        net[s] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    ante = prm[P_ANTE]
    if ante > 0:  # "by each player contributing to it equally, by calling upon the dealer to pay in" (p. 96)
        for s in range(n):
            if s == dealer or not prm[P_DEALER_ANTES]:
                S.pay(s, S.BOARD, ante, R_ANTE, POOL, net, board, trace_on, tr_pays, tr_count)
    S.deal(deck, dmap, tabs, dealer, n, holder, hand, masks)

    leader = (dealer + 1) % n  # the elder hand plays first (p. 95)
    winner = -1
    while winner < 0:
        last = _choose_lead(policies[leader], hand[leader], masks, seat_rng[leader])
        player = leader
        ev[E_LEADS] += 1
        _play_card(last, player, tabs, holder, hand, masks, ev, trace_on, tr_actions, tr_count)
        if hand[player] == 0:
            winner = player
            break
        k = 1
        while k < JIG:
            h = S.next_holder(holder, last)
            if h < 0:
                break
            last += 1
            player = h
            _play_card(last, player, tabs, holder, hand, masks, ev, trace_on, tr_actions, tr_count)
            k += 1
            if hand[player] == 0:
                winner = player
                break
        if winner >= 0:
            break
        # the run is over: Jig (its fifth card) or a stop; the player of that card leads (pp. 95-96)
        if k == JIG:
            ev[E_JIGS] += 1
            if trace_on:
                S.mark_last(S.TR_FLAG, 1, trace_on, tr_actions, tr_count)
        else:
            ev[E_STOPS] += 1
        if trace_on:
            S.mark_last(S.TR_STOP, 1, trace_on, tr_actions, tr_count)
        if player == leader:
            ev[E_KEPT] += 1
        leader = player

    # "Out": a counter for every card left from each player, and the pool (p. 96)
    ev[E_POOL_TAKEN] += S.take(POOL, winner, R_POOL, net, board, trace_on, tr_pays, tr_count)
    ev[E_CARDS_PAID] += S.pay_cards(winner, n, hand, -1, 1, R_CARDS, net, board, trace_on, tr_pays, tr_count)
    return winner


@njit(cache=True)
def _workspace():
    """Per-thread arrays for play_deal (allocated once per block of sessions, never per deal)."""
    holder = np.empty(64, dtype=np.int8)
    hand = np.zeros(MAX_SEATS, dtype=np.uint64)
    masks = np.zeros(2, dtype=np.uint64)
    deck = np.empty(52, dtype=np.int8)
    deck_rng = np.empty(4, dtype=np.uint64)
    seat_rng = np.empty((MAX_SEATS, 4), dtype=np.uint64)
    return holder, hand, masks, deck, deck_rng, seat_rng


@njit(parallel=True, cache=True)
def play_sessions(prm, dmap, tabs, policies, policy_params, seed, first_session, deals_per_session, rows):
    """Play sessions ``first_session .. first_session + rows.shape[0]`` and write one row each.

    ``rows`` is int64[sessions, ROW] (layout in sim.games._common); ``policies`` int64[n] per seat and
    ``policy_params`` float64[n] (unused: Jig's strategies take no parameter). Each session's numbers depend
    only on (seed, session index), so any split of the work into chunks, blocks or threads gives the same rows.
    """
    n_sessions = rows.shape[0]
    n_blocks = min(n_sessions, 64)
    for blk in prange(n_blocks):
        holder, hand, masks, deck, deck_rng, seat_rng = _workspace()
        board = np.zeros(1, dtype=np.int64)
        net = np.zeros(MAX_SEATS, dtype=np.int64)
        ev = np.zeros(len(EVENTS), dtype=np.int64)
        tr_actions = np.zeros((1, 4), dtype=np.int64)
        tr_pays = np.zeros((1, 5), dtype=np.int64)
        tr_count = np.zeros(2, dtype=np.int64)
        lo = (blk * n_sessions) // n_blocks
        hi = ((blk + 1) * n_sessions) // n_blocks
        for i in range(lo, hi):
            _play_session(
                prm, dmap, tabs, policies, seed, first_session + i, deals_per_session, rows[i], holder, hand,
                masks, deck, deck_rng, seat_rng, board, net, ev, tr_actions, tr_pays, tr_count,
            )  # fmt: skip


@kernel
def _play_session(
    prm, dmap, tabs, policies, seed, session, deals_per_session, row, holder, hand, masks, deck, deck_rng,
    seat_rng, board, net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    n = prm[P_PLAYERS]
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    board[POOL] = 0
    for j in range(row.shape[0]):
        row[j] = 0
    for d in range(deals_per_session):
        dealer = d % n
        S.shuffle_pack(deck, PACK, deck_rng)
        w = play_deal(
            prm, dmap, tabs, deck, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, False,
            tr_actions, tr_pays, tr_count,
        )  # fmt: skip
        record_deal(row, net, ev, n, dealer, w)


@njit(cache=True)
def shuffle_only(prm, dmap, tabs, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: shuffle the pack and deal it ``n_deals`` times, no play."""
    holder, hand, masks, deck, deck_rng, seat_rng = _workspace()
    n = prm[P_PLAYERS]
    acc = 0
    rng.seed_stream(deck_rng, seed, first_session, 0)
    for d in range(n_deals):
        S.shuffle_pack(deck, PACK, deck_rng)
        acc += S.deal(deck, dmap, tabs, d % n, n, holder, hand, masks)
        acc += np.int64(hand[0] & np.uint64(1))
    out[0] = acc


@njit(cache=True)
def trace_deal(
    prm, dmap, tabs, policies, seed, session, deal_in_session, deck_in, dealer_in, deck_out, board_before, board,
    net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    """Replay one deal exactly as ``play_sessions`` plays it, recording every action and payment.

    With an empty ``deck_in``, deals 0 .. deal_in_session-1 of ``session`` are played silently first and deal
    ``deal_in_session`` is traced; with a stacked ``deck_in`` that deck is played with ``dealer_in`` dealing on
    the given ``board``. Returns the winner; ``deck_out`` receives the deck played.
    """
    n = prm[P_PLAYERS]
    holder, hand, masks, deck, deck_rng, seat_rng = _workspace()
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    dealer = dealer_in
    if deck_in.shape[0] == 0:
        for d in range(deal_in_session):
            S.shuffle_pack(deck, PACK, deck_rng)
            play_deal(
                prm, dmap, tabs, deck, d % n, policies, seat_rng, board, net, ev, holder, hand, masks, False,
                tr_actions, tr_pays, tr_count,
            )  # fmt: skip
        S.shuffle_pack(deck, PACK, deck_rng)
        dealer = deal_in_session % n
    else:
        for j in range(deck_in.shape[0]):
            deck[j] = deck_in[j]
    for j in range(PACK.shape[0]):
        deck_out[j] = deck[j]
    board_before[POOL] = board[POOL]
    tr_count[0] = 0
    tr_count[1] = 0
    return play_deal(
        prm, dmap, tabs, deck, dealer, policies, seat_rng, board, net, ev, holder, hand, masks, True, tr_actions,
        tr_pays, tr_count,
    )  # fmt: skip


# ----------------------------------------------------------------------------------------------------------
# the Python side: what the driver and the CLI call


def kernel_args(r: Rules) -> tuple:
    """The arguments ``play_sessions`` takes before the policies: (params, dealmap, position tables)."""
    return params(r), dealmap(r), S.position_tables(False)


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 52 cards, each once, in the order dealt."""
    return S.check_pack_deck(text, PACK, TITLE)


def deck_from_hands(r: Rules, dealer: int, hands: dict[int, str]) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (text)."""
    return check_deck(C.format(S.stack_deck(dealmap(r), dealer, r.players, hands)))


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
    it. With ``deck``: that stacked deck, ``dealer`` dealing, on ``board`` (an empty pool by default).
    """
    prm, dm, tabs = kernel_args(r)
    n = r.players
    session, k = divmod(int(deal), deals_per_session(r, rotations))
    deck_in = np.zeros(0, dtype=np.int8) if deck is None else np.asarray(deck, dtype=np.int8)
    if deck is not None:
        session, k = 0, 0
    deck_out = np.zeros(52, dtype=np.int8)
    board_before = np.zeros(1, dtype=np.int64)
    live = np.zeros(1, dtype=np.int64) if board is None else np.array(board, dtype=np.int64)
    net = np.zeros(MAX_SEATS, dtype=np.int64)
    ev = np.zeros(len(EVENTS), dtype=np.int64)
    tr_actions = np.zeros((256, 4), dtype=np.int64)
    tr_pays = np.zeros((256, 5), dtype=np.int64)
    tr_count = np.zeros(2, dtype=np.int64)
    winner = trace_deal(
        prm, dm, tabs, np.asarray(policies, dtype=np.int64), np.uint64(seed), session, k, deck_in, int(dealer),
        deck_out, board_before, live, net, ev, tr_actions, tr_pays, tr_count,
    )  # fmt: skip
    dealer_seat = k % n if deck is None else int(dealer)
    order = deck_out[: len(PACK)].tolist()
    hands, _, _ = S.dealt_hands(order, dm, dealer_seat, n)
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": int(seed),
        "deal": None if deck is not None else int(deal),
        "deck": [C.format_card(c) for c in order],
        "dealer": dealer_seat,
        "elder": (dealer_seat + 1) % n,
        "hands": hands,
        "spare": [],
        "turnup": None,
        "board_before": {name: int(v) for name, v in zip(POOLS, board_before)},
        "board_after": {name: int(v) for name, v in zip(POOLS, live)},
        "actions": S.trace_actions(tr_actions, int(tr_count[0]), "jig"),
        "payments": S.trace_payments(tr_pays, int(tr_count[1]), REASONS, POOLS),
        "winner": int(winner),
        "net": [int(x) for x in net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ev)},
    }
