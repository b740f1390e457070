"""The payment ledger and the trace record every game shares.

Every counter that moves goes through ``pay``: between two seats, or a seat and a compartment of the board
(pool). So ``ws.net`` (per seat) plus ``ws.board`` change by exactly zero in every deal, and a traced deal lists
every payment. The workspace ``ws`` is the game's NamedTuple; these kernels use its fields ``net``, ``board``,
``tracing``, ``tr_pays`` (int64[k, 5]: from, to, amount, reason, compartment), ``tr_actions`` (int64[k, w], the
game's own columns) and ``tr_count`` (int64[>= 2]: actions recorded, payments recorded).
"""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim._jit import kernel

BOARD = -1  # the board's (pool's) side of a payment
NO_COMPARTMENT = -1


@kernel(inline=True)
def pay(ws, frm, to, amount, reason, pool):
    """Move ``amount`` counters from ``frm`` to ``to`` (seats, or BOARD meaning ``ws.board[pool]``).

    Inlined: a deal makes a dozen payments or more, and a call carrying the arrays costs more than the move.
    """
    if amount == 0:
        return
    if frm == BOARD:
        ws.board[pool] -= amount
    else:
        ws.net[frm] -= amount
    if to == BOARD:
        ws.board[pool] += amount
    else:
        ws.net[to] += amount
    if ws.tracing[0]:
        # int64 casts: the games pass these as int8 (a card's seat), int32 or int64, and a call typed by
        # each mix of widths would compile a copy of _record_pay of its own. (They were first written against
        # literal constants, a copy per reason code, 49 in all; sim._jit now makes those plain by itself.)
        _record_pay(ws, np.int64(frm), np.int64(to), np.int64(amount), np.int64(reason), np.int64(pool))


@kernel
def _record_pay(ws, frm, to, amount, reason, pool):
    k = ws.tr_count[1]
    if k < ws.tr_pays.shape[0]:
        ws.tr_pays[k, 0] = frm
        ws.tr_pays[k, 1] = to
        ws.tr_pays[k, 2] = amount
        ws.tr_pays[k, 3] = reason
        ws.tr_pays[k, 4] = pool
        ws.tr_count[1] += 1


@kernel(inline=True)
def take(ws, pool, seat, reason):
    """``seat`` takes whatever lies on ``ws.board[pool]``; returns the amount."""
    amount = ws.board[pool]
    pay(ws, BOARD, seat, amount, reason, pool)
    return amount


@kernel(inline=True)
def collect(ws, seat, amount, n, reason):
    """Every other player pays ``seat`` ``amount``."""
    for q in range(n):
        if q != seat:
            pay(ws, q, seat, amount, reason, NO_COMPARTMENT)


@kernel(inline=True)
def next_action(ws):
    """The trace row for the next action (its columns are the game's), or -1 when not tracing or full."""
    k = ws.tr_count[0]
    if not ws.tracing[0] or k >= ws.tr_actions.shape[0]:
        return -1
    ws.tr_count[0] += 1
    return k


@kernel(inline=True)
def mark_last(ws, column, value):
    """Set ``column`` of the last traced action (a stop, a flag ...)."""
    if ws.tracing[0] and ws.tr_count[0] > 0:
        ws.tr_actions[ws.tr_count[0] - 1, column] = value


@kernel(inline=True)
def begin_deal(ws, n):
    """Zero a deal's nets and winners (the harness adds them to the session after the deal). The events are the
    session's: a deal adds to them (sim/games/_harness.py)."""
    for s in range(n):
        ws.net[s] = 0
        ws.won[s] = 0


# -- Python side --------------------------------------------------------------------------------------------------


def payments(ws, reasons: tuple[str, ...], pools: tuple[str, ...]) -> list[dict]:
    """The traced payments as dicts {from, to, amount, reason} (+ compartment when the board is a side)."""
    out = []
    for p in ws.tr_pays[: int(ws.tr_count[1])]:
        item = {
            "from": "board" if p[0] == BOARD else int(p[0]),
            "to": "board" if p[1] == BOARD else int(p[1]),
            "amount": int(p[2]),
            "reason": reasons[p[3]],
        }
        if (p[0] == BOARD or p[1] == BOARD) and p[4] >= 0:
            item["compartment"] = pools[p[4]]
        out.append(item)
    return out


def board(values: np.ndarray, pools: tuple[str, ...]) -> dict[str, int]:
    return {name: int(v) for name, v in zip(pools, values)}


def cards(codes: list[int]) -> list[str]:
    return [C.format_card(c) for c in codes]
