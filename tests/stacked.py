"""Stacked decks and traced deals for the games' tests: deal chosen cards to chosen seats, play the deal through
the shared trace (``sim.games.trace``), and read the trace.

Each helper takes the game module first; a test file binds its game once (``stack = partial(stacked.stack, G)``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import ModuleType

import numba
import numpy as np

from sim import cards as C
from sim import games, runner
from sim.games import _stops as S


def fill(G: ModuleType, r, dealer: int, given: dict, order: Sequence | None = None, skip: str = "") -> dict:
    """Complete partly given hands: the other cards of ``G.PACK`` (those not given nor in ``skip``) fill the
    places left in pack order, recipient by recipient in ``order``.

    Keys of ``given`` are seats, or the dealmap's codes past the seats (``S.DEAL_SPARE``, ``S.DEAL_TURNUP``);
    ``order`` defaults to the seats 0, 1, ... and then those codes. Returns every recipient's cards as text.
    """
    n = r.players
    sizes = Counter((dealer + 1 + to) % n if to < n else to for to in G.dealmap(r).tolist())
    named = {k: C.parse(v).tolist() for k, v in given.items()}
    used = [c for cards in named.values() for c in cards] + C.parse(skip).tolist()
    assert len(set(used)) == len(used), "a card is given twice"
    rest = [c for c in G.PACK.tolist() if c not in set(used)]
    out = {}
    for key in sorted(sizes) if order is None else order:
        cards = named.get(key, [])
        need = sizes[key] - len(cards)
        assert need >= 0, f"{key} is given too many cards"
        out[key] = C.format(cards + rest[:need])
        rest = rest[need:]
    assert not rest, "the cards do not add up to the deal"
    return out


def stack(G: ModuleType, r, dealer: int, given: dict, order: Sequence | None = None, skip: str = "") -> np.ndarray:
    """A deck dealing ``given`` to those seats, ``dealer`` dealing (see ``fill``), as ``G.check_deck`` makes it."""
    hands = fill(G, r, dealer, given, order, skip)
    return G.check_deck(C.format(S.stack_deck(G.dealmap(r), dealer, r.players, hands)))


def policies(G: ModuleType, n: int, policy) -> np.ndarray:
    """Strategy codes for ``n`` seats: one strategy (name or code) for all, or one per seat."""
    each = [policy] * n if isinstance(policy, str | int | np.integer) else list(policy)
    return np.array([G.STRATEGIES[p] if isinstance(p, str) else p for p in each], dtype=np.int64)


def play(G: ModuleType, r, deck, policy="lowest", dealer: int = 0, board=None, seed: int = 1) -> dict:
    """One stacked deal played card by card, as ``sim trace --deck`` plays it."""
    pol = policies(G, r.players, policy)
    return games.trace(G, r, pol, np.full(r.players, np.nan), seed, deck=deck, dealer=dealer, board=board)


def run_deal(spec, seed: int, deal: int, rotations: int = 1) -> dict:
    """Deal ``deal`` (from 0) of a run of ``spec`` with ``seed``, traced exactly as the run played it."""
    codes, params = runner.policy_codes(spec), runner.policy_params(spec)
    return games.trace(spec.module, spec.rules, codes, params, seed, deal=deal, rotations=rotations)


# -- reading a trace ----------------------------------------------------------------------------------------------


def runs(t: dict) -> list[list[dict]]:
    """The plays grouped into runs, each ended by its stop (the last may be cut short by a player going out)."""
    out, cur = [], []
    for a in t["actions"]:
        cur.append(a)
        if a["stop"]:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def plays(t: dict) -> list[tuple[int, str]]:
    return [(a["seat"], a["play"]) for a in t["actions"]]


def paid(t: dict, reason: str, to=None, compartment: bool = False) -> list[tuple]:
    """The payments for ``reason`` (to ``to`` only, if given) as (from, to, amount[, compartment])."""
    keys = ("from", "to", "amount", "compartment") if compartment else ("from", "to", "amount")
    return [
        tuple(p.get(k) for k in keys) for p in t["payments"] if p["reason"] == reason and (to is None or p["to"] == to)
    ]


def total_paid(t: dict, reason: str, to=None) -> int:
    """Counters paid for ``reason`` (to ``to`` only, if given)."""
    return sum(amount for _, _, amount in paid(t, reason, to))


def board_change(t: dict) -> int:
    return sum(t["board_after"].values()) - sum(t["board_before"].values())


def same_on_one_and_two_threads(spec, chunks=(7, 16)):
    """Run ``spec`` on one thread in chunks of ``chunks[0]`` sessions and on two in chunks of ``chunks[1]``; assert
    the two results are the same numbers (the frame and every event count); return the first."""
    before = numba.get_num_threads()
    try:
        one = runner.run(spec, chunk_sessions=chunks[0], threads=1)
        two = runner.run(spec, chunk_sessions=chunks[1], threads=2)
    finally:
        numba.set_num_threads(before)
    assert one.frame.equals(two.frame)
    assert one.meta["event_counts"] == two.meta["event_counts"]
    return one
