"""The per-thread arrays of Cassino: the deal's state in rows of a scratch, so a rollout can play on copies.

The state of a deal (deck, hands, piles, table masks, sweeps, state, turn record, events) lives in the rows of
``Roll``: row REAL is the deal being played (the workspace's fields are views of it); rows WORLD and SIM are a
sampled deal of the unseen cards and a playout on it (sim.games.cassino.rollout). ``view(ws, row)`` gives a
workspace of the same type over another row. Everything is made once per block of sessions, never per deal.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim._jit import kernel
from sim.games._common import MAX_SEATS
from sim.games.cassino import play as G
from sim.games.cassino import score as S
from sim.games.cassino.build import VALUES
from sim.games.cassino.capture import MAX_LOW, SCRATCH
from sim.games.cassino.rules import BOOK, EVENTS, P

REAL, WORLD, SIM = 0, 1, 2
ROWS = 3
MAX_OPT = 16  # a turn's plays: at most 4 cards, and with builds at most 3 values for each (sim.games.cassino.build)

# a traced deal's row: dealer, pack size, the deck, then the count per party (score.FIELDS x 4), the scores after
D_DEALER, D_SIZE, D_DECK = 0, 1, 2
D_COUNT = D_DECK + 52
D_TOTAL = D_COUNT + S.N_FIELDS * 4
D_PARTIES = D_TOTAL + 4
D_WIDTH = D_PARTIES + 1
PLAYS_PER_DEAL = 53  # 52 plays and the remainder


class Roll(NamedTuple):
    """The deal's state in ROWS rows, and the rollout's own arrays."""

    deck: np.ndarray  # int8[ROWS, 52]: the stock is deck[turn[T_POS]:size]
    hand: np.ndarray  # uint64[ROWS, 4]
    pile: np.ndarray  # uint64[ROWS, 4]
    masks: np.ndarray  # uint64[ROWS, 4]
    builds: np.ndarray  # uint64[ROWS, VALUES]: the cards of the builds of each value
    owners: np.ndarray  # int64[ROWS, VALUES]: who built them (bit s for seat s)
    sweeps: np.ndarray  # int64[ROWS, 4]
    state: np.ndarray  # int64[ROWS, 3]
    turn: np.ndarray  # int64[ROWS, TURN]
    ev: np.ndarray  # int64[ROWS, len(EVENTS)]
    tracing: np.ndarray  # bool[ROWS, 1]: only row REAL is ever traced
    cards: np.ndarray  # int64[52]: the unseen cards, shuffled
    cand: np.ndarray  # int64[MAX_OPT]: the decider's candidate plays (a card, or card + 64 * value for a build)
    score: np.ndarray  # int64[MAX_OPT]: each candidate's value summed over the samples
    book: np.ndarray  # int64[MAX_SEATS]: the playouts' strategies, book for every seat
    dealt: np.ndarray  # int64[ROWS, 1]: the dealer whose deal of the deck lies in ``rounds`` (-1 none; only REAL's)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal)."""

    deck: np.ndarray  # int8[52], this deal's cards in the order dealt (the first pack-size entries)
    ids: np.ndarray  # uint64[2], the session's seed and index (to seed each game's deck stream)
    game: np.ndarray  # int64[1], games begun in this session
    deck_rng: np.ndarray  # uint64[4], this game's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    hand: np.ndarray  # uint64[4]
    pile: np.ndarray  # uint64[4], cards each seat captured this deal
    masks: np.ndarray  # uint64[4], table, seen, pack, built (the table's cards lying in builds)
    builds: np.ndarray  # uint64[VALUES], the cards of the builds of each value (sim.games.cassino.build)
    owners: np.ndarray  # int64[VALUES], who built them (bit s for seat s)
    sweeps: np.ndarray  # int64[4], per seat this deal
    state: np.ndarray  # int64[3], last capturer, deal of the game, round of the deal
    party: np.ndarray  # int64[N_FIELDS, 4], this deal's count per party
    total: np.ndarray  # int64[4], the game's score per party
    opt_card: np.ndarray  # int64[MAX_OPT], the plays of the hand in turn: the card played
    opt_take: np.ndarray  # uint64[MAX_OPT], what it would capture (a build: the table cards it is laid on)
    opt_value: np.ndarray  # int64[MAX_OPT], 0, or the value of the build it makes
    group: np.ndarray  # uint64[VALUES], the loose table cards best adding up to each total (build scratch)
    gkey: np.ndarray  # int64[VALUES], their keys
    sums: np.ndarray  # capture scratch (sim.games.cassino.capture)
    groups: np.ndarray
    weights: np.ndarray
    best: np.ndarray
    choice: np.ndarray
    codes: np.ndarray
    board: np.ndarray  # int64[1], the bank the points are paid from
    net: np.ndarray  # int64[10], points per seat this game
    won: np.ndarray  # int64[10], 1 for the seat credited with the game
    ev: np.ndarray  # int64[len(EVENTS)]
    tracing: np.ndarray  # bool[1]
    tr_actions: np.ndarray  # int64[k, TR_WIDTH], every play (sim.games.cassino.play TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_deals: np.ndarray  # int64[d, D_WIDTH], every deal: dealer, deck, count, scores
    tr_count: np.ndarray  # int64[3], actions, payments, deals recorded
    turn: np.ndarray  # int64[TURN], where play stands (sim.games.cassino.play T_*)
    rounds: np.ndarray  # uint64[ROUND_SLOTS], the deck dealt in the shuffle by round and hand (play.shuffle)
    slots: np.ndarray  # int8[4, 52], each dealer's round and hand for every deck position (play.deal_slots, once)
    dealt: np.ndarray  # int64[1], the dealer whose deal lies in ``rounds``, -1 none (a playout's row: always -1)
    roll: Roll  # the state in rows REAL, WORLD, SIM, and the rollout's arrays


@njit(cache=True)
def new_roll():
    return Roll(
        np.zeros((ROWS, 52), dtype=np.int8),
        np.zeros((ROWS, 4), dtype=np.uint64),
        np.zeros((ROWS, 4), dtype=np.uint64),
        np.zeros((ROWS, 4), dtype=np.uint64),
        np.zeros((ROWS, VALUES), dtype=np.uint64),
        np.zeros((ROWS, VALUES), dtype=np.int64),
        np.zeros((ROWS, 4), dtype=np.int64),
        np.zeros((ROWS, 3), dtype=np.int64),
        np.full((ROWS, G.TURN), -1, dtype=np.int64),
        np.zeros((ROWS, len(EVENTS)), dtype=np.int64),
        np.zeros((ROWS, 1), dtype=np.bool_),
        np.zeros(52, dtype=np.int64),
        np.zeros(MAX_OPT, dtype=np.int64),
        np.zeros(MAX_OPT, dtype=np.int64),
        np.full(MAX_SEATS, BOOK, dtype=np.int64),
        np.full((ROWS, 1), -1, dtype=np.int64),
    )


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    deals = max(1, trace_rows // PLAYS_PER_DEAL + 1) if trace_rows > 1 else 1
    r = new_roll()
    slots = np.zeros((4, 52), dtype=np.int8)
    G.deal_slots(slots, cfg[0][P.players], cfg[1].shape[0])
    return Workspace(
        r.deck[REAL],
        np.zeros(2, dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
        np.zeros(4, dtype=np.uint64),
        np.zeros((MAX_SEATS, 4), dtype=np.uint64),
        r.hand[REAL],
        r.pile[REAL],
        r.masks[REAL],
        r.builds[REAL],
        r.owners[REAL],
        r.sweeps[REAL],
        r.state[REAL],
        np.zeros((S.N_FIELDS, 4), dtype=np.int64),
        np.zeros(4, dtype=np.int64),
        np.zeros(MAX_OPT, dtype=np.int64),
        np.zeros(MAX_OPT, dtype=np.uint64),
        np.zeros(MAX_OPT, dtype=np.int64),
        np.zeros(VALUES, dtype=np.uint64),
        np.zeros(VALUES, dtype=np.int64),
        np.zeros(SCRATCH, dtype=np.int8),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(MAX_LOW, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        r.ev[REAL],
        r.tracing[REAL],
        np.zeros((trace_rows, G.TR_WIDTH), dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros((deals, D_WIDTH), dtype=np.int64),
        np.zeros(3, dtype=np.int64),
        r.turn[REAL],
        np.zeros(G.ROUND_SLOTS, dtype=np.uint64),
        slots,
        r.dealt[REAL],
        r,
    )


@kernel
def view(ws, row):
    """The workspace over row ``row`` of the scratch (never traced; the game's scores, nets and bank are the
    real ones, which a playout does not touch)."""
    r = ws.roll
    return Workspace(
        r.deck[row], ws.ids, ws.game, ws.deck_rng, ws.seat_rng, r.hand[row], r.pile[row], r.masks[row],
        r.builds[row], r.owners[row], r.sweeps[row], r.state[row], ws.party, ws.total, ws.opt_card, ws.opt_take,
        ws.opt_value, ws.group, ws.gkey, ws.sums, ws.groups,
        ws.weights, ws.best, ws.choice, ws.codes, ws.board, ws.net, ws.won, r.ev[row], r.tracing[row],
        ws.tr_actions, ws.tr_pays, ws.tr_deals, ws.tr_count, r.turn[row], ws.rounds, ws.slots, r.dealt[row], r,
    )  # fmt: skip


@kernel
def _copy_row(a, frm, to):
    for j in range(a.shape[1]):
        a[to, j] = a[frm, j]


@kernel
def copy_state(r, frm, to):
    """Row ``to`` becomes the state of row ``frm``, its events at 0."""
    _copy_row(r.deck, frm, to)
    _copy_row(r.hand, frm, to)
    _copy_row(r.pile, frm, to)
    _copy_row(r.masks, frm, to)
    _copy_row(r.builds, frm, to)
    _copy_row(r.owners, frm, to)
    _copy_row(r.sweeps, frm, to)
    _copy_row(r.state, frm, to)
    _copy_row(r.turn, frm, to)
    r.ev[to, :] = 0
