"""The kernels the session harness calls (sim/games/_harness.py): one driver deal is one game to the target.

A game is a run of deals, the deal passing to the left after each, until a party's score reaches ``target``
(the highest wins; a tie for the highest plays another deal). The harness shuffles the game's first deck
(``deal_cards``); its later decks come from the same game's stream, so game k of a session sees the same decks
under every rule and strategy for as long as it lasts (common random numbers, game by game).

``net`` per seat is the points the seat's party scored in the game, paid from the bank (``board[BANK]``, which
goes negative by as much; partners are each paid their side's points). ``won`` marks one seat per game: the
winning party's seat nearest the game's first dealer (for a side, the first dealer or his left-hand neighbour),
so win rates by role read as the first dealer's side against the other.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import rng
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games._common import MAX_SEATS
from sim.games.cassino import play as G
from sim.games.cassino import score as S
from sim.games.cassino.capture import MAX_LOW, SCRATCH
from sim.games.cassino.rules import BANK, EVENTS, MAX_GAME_DEALS, E, P

# a traced deal's row: dealer, pack size, the deck, then the count per party (score.FIELDS x 4), the scores after
D_DEALER, D_SIZE, D_DECK = 0, 1, 2
D_COUNT = D_DECK + 52
D_TOTAL = D_COUNT + S.N_FIELDS * 4
D_PARTIES = D_TOTAL + 4
D_WIDTH = D_PARTIES + 1
PLAYS_PER_DEAL = 53  # 52 plays and the remainder


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal)."""

    deck: np.ndarray  # int8[52], this deal's cards in the order dealt (the first pack-size entries)
    ids: np.ndarray  # uint64[2], the session's seed and index (to seed each game's deck stream)
    game: np.ndarray  # int64[1], games begun in this session
    deck_rng: np.ndarray  # uint64[4], this game's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    hand: np.ndarray  # uint64[4]
    pile: np.ndarray  # uint64[4], cards each seat captured this deal
    masks: np.ndarray  # uint64[3], table, seen, pack
    sweeps: np.ndarray  # int64[4], per seat this deal
    state: np.ndarray  # int64[3], last capturer, deal of the game, round of the deal
    party: np.ndarray  # int64[N_FIELDS, 4], this deal's count per party
    total: np.ndarray  # int64[4], the game's score per party
    opt_card: np.ndarray  # int64[4], the cards of the hand in turn
    opt_take: np.ndarray  # uint64[4], what each would capture
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


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    deals = max(1, trace_rows // PLAYS_PER_DEAL + 1) if trace_rows > 1 else 1
    return Workspace(
        np.zeros(52, dtype=np.int8),
        np.zeros(2, dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
        np.zeros(4, dtype=np.uint64),
        np.zeros((MAX_SEATS, 4), dtype=np.uint64),
        np.zeros(4, dtype=np.uint64),
        np.zeros(4, dtype=np.uint64),
        np.zeros(3, dtype=np.uint64),
        np.zeros(4, dtype=np.int64),
        np.zeros(3, dtype=np.int64),
        np.zeros((S.N_FIELDS, 4), dtype=np.int64),
        np.zeros(4, dtype=np.int64),
        np.zeros(4, dtype=np.int64),
        np.zeros(4, dtype=np.uint64),
        np.zeros(SCRATCH, dtype=np.int8),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(MAX_LOW, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(len(EVENTS), dtype=np.int64),
        np.zeros(1, dtype=np.bool_),
        np.zeros((trace_rows, G.TR_WIDTH), dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros((deals, D_WIDTH), dtype=np.int64),
        np.zeros(3, dtype=np.int64),
    )


@kernel
def begin_session(cfg, ws, seats, seed, session):
    prm, pack = cfg
    ws.ids[0] = np.uint64(seed)
    ws.ids[1] = np.uint64(session)
    ws.game[0] = 0
    for s in range(prm[P.players]):
        rng.seed_stream(ws.seat_rng[s], seed, session, 1 + s)
    G.seed_game(ws)  # a stacked deck (trace) continues with game 0's stream
    ws.board[BANK] = 0
    m = np.uint64(0)
    for j in range(pack.shape[0]):
        m |= G.bit(pack[j])
    ws.masks[G.PACK_MASK] = m


@kernel
def deal_cards(cfg, ws):
    """The next game's first deck, from that game's own stream."""
    G.seed_game(ws)
    ws.game[0] += 1
    G.shuffle(ws, cfg[1])


@kernel
def deal_hands(cfg, ws, dealer):
    """The first round of a deal (the bench's floor): four cards each and four to the table."""
    prm, pack = cfg
    G.begin_hand(ws, prm[P.players])
    G.deal_round(ws, 0, pack.shape[0], dealer, prm[P.players], True)
    return np.int64(ws.masks[G.TABLE] & np.uint64(1))


@kernel
def end_session(cfg, ws, row, col):
    row[col] = ws.board[BANK]


@kernel
def play_deal(cfg, ws, dealer, seats):
    """Play one game from ``dealer``'s deal on ``ws.deck``; returns the dealer of the next game.

    ``ws.net`` (points per seat), ``ws.won`` and ``ws.ev`` are this game's; ``ws.board`` (the bank) carries on.
    """
    prm, pack = cfg
    n = prm[P.players]
    how = S.scoring(prm)
    k = S.parties(n, how)
    L.begin_deal(ws, n)
    for q in range(4):
        ws.total[q] = 0
    first = dealer
    deals = 0
    winner = -1
    while winner < 0:
        if deals > 0:
            G.shuffle(ws, pack)
        ws.state[G.DEAL] = deals
        G.play_hand(cfg, ws, dealer, seats)
        S.score_deal(ws, prm, dealer)
        _trace_deal(ws, dealer, pack.shape[0], k)
        deals += 1
        dealer = (dealer + 1) % n  # the deal passes to the left
        winner = S.game_winner(ws.total, k, prm[P.target])
        if winner < 0 and deals >= MAX_GAME_DEALS:
            ws.ev[E.games_cut] += 1
            winner = _leader(ws.total, k)
    ws.ev[E.deals] += deals
    ws.won[_credited(winner, first, n, how)] = 1
    return dealer


@kernel
def _leader(total, k):
    top = 0
    for q in range(1, k):
        if total[q] > total[top]:
            top = q
    return top


@kernel
def _credited(q, first, n, how):
    """The seat whose ``won`` marks party q's game: its seat nearest the game's first dealer, in turn from him."""
    for j in range(n):
        s = (first + j) % n
        if S.party_of(s, how) == q:
            return s
    return q


@kernel
def _trace_deal(ws, dealer, size, k):
    d = ws.tr_count[2]
    if not ws.tracing[0] or d >= ws.tr_deals.shape[0]:
        return
    row = ws.tr_deals[d]
    row[D_DEALER] = dealer
    row[D_SIZE] = size
    for j in range(52):
        row[D_DECK + j] = ws.deck[j] if j < size else -1
    for f in range(S.N_FIELDS):
        for q in range(4):
            row[D_COUNT + f * 4 + q] = ws.party[f, q]
    for q in range(4):
        row[D_TOTAL + q] = ws.total[q]
    row[D_PARTIES] = k
    ws.tr_count[2] = d + 1
