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

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games._common import next_seat
from sim.games.cassino import play as G
from sim.games.cassino import rollout as R
from sim.games.cassino import score as S
from sim.games.cassino.rules import BANK, MAX_GAME_DEALS, ROLLOUT, E, P
from sim.games.cassino.workspace import (  # noqa: F401 (the workspace and the trace's columns, named here)
    D_COUNT,
    D_DEALER,
    D_DECK,
    D_PARTIES,
    D_SIZE,
    D_TOTAL,
    D_WIDTH,
    PLAYS_PER_DEAL,
    Workspace,
    new_workspace,
)


@kernel(inline=True)
def play_hand(cfg, ws, dealer, seats):
    """Deal and play one deal of the game, stopping for each rollout seat's decision; the piles, sweeps and events
    are left in ``ws`` for the count."""
    G.begin_play(cfg, ws, dealer)
    if not lean(cfg[0], ws, seats):
        done = G.resume(cfg, ws, seats)  # (once a deal and once a rollout decision: no copy of run inlined)
        while done < 0:
            ws.turn[G.T_CHOICE] = R.decide(cfg, ws, seats)
            done = G.resume(cfg, ws, seats)
    elif cfg[0][P.builds] != 0:
        G.run_built(cfg, ws, seats)  # one call a deal: the lean loops of the game with and without builds
    else:
        G.run_plain(cfg, ws, seats)
    G.take_remainder(ws, cfg[0], dealer)
    ws.dealt[0] = -1  # the rounds dealt in the shuffle are played: the next deck is dealt by its own shuffle


@kernel(inline=True)
def lean(prm, ws, seats):
    """A deal without rollout seats or tracing (``G.run_plain`` or ``G.run_built`` plays it)."""
    if ws.tracing[0]:
        return False
    for s in range(prm[P.players]):
        if seats[0][s] == ROLLOUT:
            return False
    return True


@kernel
def begin_session(cfg, ws, seats, seed, session):
    prm, pack = cfg
    ws.ids[0] = np.uint64(seed)
    ws.ids[1] = np.uint64(session)
    ws.game[0] = 0
    for s in range(prm[P.players]):
        rng.seed_stream(ws.seat_rng[s], seed, session, 1 + s)
    G.seed_game(ws)  # a stacked deck (trace) continues with game 0's stream
    ws.dealt[0] = -1  # no deck dealt in a shuffle: a deck stacked now is dealt from ws.deck
    ws.board[BANK] = 0
    m = np.uint64(0)
    for j in range(pack.shape[0]):
        m |= G.bit(pack[j])
    ws.masks[G.PACK_MASK] = m


@kernel
def deal_cards(cfg, ws, dealer):
    """The next game's first deck, from that game's own stream."""
    G.seed_game(ws)
    ws.game[0] += 1
    G.shuffle(ws, cfg[1], dealer)


@kernel
def deal_hands(cfg, ws, dealer):
    """The first round of a deal (the bench's floor): four cards each and four to the table."""
    G.begin_play(cfg, ws, dealer)
    ws.dealt[0] = -1
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
            G.shuffle(ws, pack, dealer)
        ws.state[G.DEAL] = deals
        play_hand(cfg, ws, dealer, seats)
        S.score_deal(ws, prm, dealer)
        _trace_deal(ws, dealer, pack.shape[0], k)
        deals += 1
        dealer = next_seat(dealer, n)  # the deal passes to the left
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
    s = first
    for _ in range(n):
        if S.party_of(s, how) == q:
            return s
        s = next_seat(s, n)
    return q


@kernel(inline=True)
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
