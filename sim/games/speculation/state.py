"""The per-thread workspace of Speculation and the trace rows its kernels write.

    deck     int8[52]      the session's next shuffle (stream 0), taken up when a fresh pack is needed
    pack     int8[52]      the pack in use, card codes in the order dealt
    hand     int8[11, 3]   positions (suit * 16 + strength) of each seat's cards in the order he exposes them
                           (the top of his pile first: the card dealt him last); row 10 is the spare hand
    shown    int64[11]     cards of each row exposed so far
    owner    int64[3]      who owns each of the chief's unexposed cards at the end (they may be sold, p. 78)
    st       int64[11]     the deal's state (and the session's market): see the ST_* indices below
    masks    uint64[3]     SEEN: positions shown since the pack was shuffled; DEALT: positions in the hands;
                           FRESH: the unseen positions ``fresh`` was reckoned for
    deck_rng uint64[4], seat_rng uint64[10, 4]: the streams (sim.rng); board int64[1]: the pool
    pack_rng uint64[2, 4]  the streams that shuffle ``deck`` (row DECK) and ``pack`` (row PACK) lazily
    drawn    int64[3]      cards of ``deck`` (DECK) and ``pack`` (PACK) settled by the lazy shuffle; WHOLE: 1 in a
                           trace workspace, which settles every deck whole (play.deal_cards)
    unseen   int8[64]      rollout's scratch: the positions nobody has seen, shuffled into a sampled deal
    score    int64[2]      rollout's last decision: summed net over its samples without / with the trade
    fresh    float64[3]    the chance that the trump card turned from a fresh pack wins, and the hidden places
                           and lowest honour it was reckoned for (play._turnup_chance)
    net, won int64[10], ev int64[len(EVENTS)]: this deal's; tracing, tr_actions, tr_pays, tr_count: the trace

The deal's state lives in ``st`` (not in locals) so that the helpers and the trace read one record.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim._jit import kernel
from sim.games import _ledger as L
from sim.games._common import MAX_SEATS
from sim.games.speculation.rules import (
    A_BEST,
    A_BID,
    A_CARD,
    A_CARD2,
    A_CARD3,
    A_CHIEF,
    A_KIND,
    A_OTHER,
    A_PRICE,
    A_SEAT,
    A_WHAT,
    ACE,
    EVENTS,
    HONOURS_A,
    HONOURS_AKQJ,
    KNAVE,
    TR_WIDTH,
    P,
)

SPARE_ROW = MAX_SEATS
ST_POS, ST_PENDING, ST_CHIEF, ST_BEST, ST_HIDDEN, ST_NEXT, ST_TURNUP, ST_TRUMP_SHOWN, ST_LAST_CHIEF = range(9)
ST_SLOT = 9  # which of the chief's unexposed cards is offered singly at the end (p. 78)
ST_MARKET = 10  # the session's market (market.py): QUIET, AUCTION or SEARCH, fixed by the seats
ST_SIZE = 11
SEEN, DEALT, FRESH = 0, 1, 2
DECK, PACK, WHOLE = 0, 1, 2  # rows of pack_rng and drawn
PACK_MASK, KNAVES_FIVES = 0, 1  # cfg[4]: positions in the pack; knaves and fives


class Workspace(NamedTuple):
    deck: np.ndarray
    pack: np.ndarray
    hand: np.ndarray
    shown: np.ndarray
    owner: np.ndarray
    st: np.ndarray
    masks: np.ndarray
    deck_rng: np.ndarray
    seat_rng: np.ndarray
    board: np.ndarray
    net: np.ndarray
    won: np.ndarray
    ev: np.ndarray
    tracing: np.ndarray
    tr_actions: np.ndarray
    tr_pays: np.ndarray
    tr_count: np.ndarray
    unseen: np.ndarray
    score: np.ndarray
    fresh: np.ndarray
    pack_rng: np.ndarray
    drawn: np.ndarray


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    deck = np.arange(52).astype(np.int8)  # a whole pack until the first shuffle (a stacked deck may be shorter)
    return Workspace(
        deck,
        deck.copy(),
        np.zeros((MAX_SEATS + 1, 3), dtype=np.int8),
        np.zeros(MAX_SEATS + 1, dtype=np.int64),
        np.zeros(3, dtype=np.int64),
        np.zeros(ST_SIZE, dtype=np.int64),
        np.zeros(3, dtype=np.uint64),
        np.empty(4, dtype=np.uint64),
        np.empty((MAX_SEATS, 4), dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(len(EVENTS), dtype=np.int64),
        np.zeros(1, dtype=np.bool_),
        np.full((trace_rows, TR_WIDTH), -1, dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(64, dtype=np.int8),
        np.zeros(2, dtype=np.int64),
        np.array([np.nan, -1.0, -1.0]),
        np.zeros((2, 4), dtype=np.uint64),
        np.array([deck.shape[0], deck.shape[0], 1 if trace_rows > 1 else 0], dtype=np.int64),
    )


@kernel(inline=True)
def lowest_honour(prm):
    """The lowest strength of a turn-up that takes the pool at once (p. 78); past the ace under honours none."""
    h = prm[P.honours]
    if h == HONOURS_AKQJ:
        return KNAVE
    if h == HONOURS_A:
        return ACE
    return ACE + 1


@kernel(inline=True)
def row(ws, kind, seat, card, other, what):
    """A trace row (when tracing): what happened, who, which card, the other party; the chief and best after."""
    k = L.next_action(ws)
    if k >= 0:
        ws.tr_actions[k, A_KIND] = kind
        ws.tr_actions[k, A_SEAT] = seat
        ws.tr_actions[k, A_CARD] = card
        ws.tr_actions[k, A_CARD2] = -1
        ws.tr_actions[k, A_CARD3] = -1
        ws.tr_actions[k, A_OTHER] = other
        ws.tr_actions[k, A_PRICE] = 0
        ws.tr_actions[k, A_BID] = 0
        ws.tr_actions[k, A_CHIEF] = ws.st[ST_CHIEF]
        ws.tr_actions[k, A_BEST] = ws.st[ST_BEST]
        ws.tr_actions[k, A_WHAT] = what
