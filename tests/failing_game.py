"""A game that is only a harness's load: each deal counts itself, and every deal of one session raises.

For the test that an error raised in a game's kernel reaches the caller of ``play_sessions`` (numba drops one
raised inside a parallel loop: sim/games/_harness.py). ``cfg`` is (int64[players, failing session],).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim._jit import kernel

EVENTS = ("deals",)
DEAL = "deal"


class Workspace(NamedTuple):
    deck: np.ndarray
    board: np.ndarray  # [0]: the session being played
    net: np.ndarray
    won: np.ndarray
    ev: np.ndarray
    tracing: np.ndarray
    tr_count: np.ndarray


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    n = cfg[0][0]
    z = np.zeros
    return Workspace(z(1, np.int8), z(1, np.int64), z(n, np.int64), z(n, np.int64), z(1, np.int64), z(1, np.bool_),
                     z(2, np.int64))  # fmt: skip


@kernel
def begin_session(cfg, ws, seats, seed, session):
    ws.board[0] = session


@kernel
def deal_cards(cfg, ws, dealer):
    ws.deck[0] = 0


@kernel
def deal_hands(cfg, ws, dealer):
    return 0


@kernel
def play_deal(cfg, ws, dealer, seats):
    if ws.board[0] == cfg[0][1]:
        raise ValueError("the failing session's deal")
    ws.ev[0] += 1  # a deal adds to the session's events (sim/games/_harness.py)
    return (dealer + 1) % cfg[0][0]


@kernel
def end_session(cfg, ws, row, col):
    row[col] = ws.board[0]
