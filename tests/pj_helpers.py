"""Helpers for Pope Joan stacked-deck tests: play one deal and read its trace."""

from __future__ import annotations

import numpy as np

from sim.games import popejoan as pj

P84_HANDS = pj.EXAMPLE_P84["hands"]  # p. 84, stacked consistent with the narrative (see sim.games.popejoan)
P84_SPARE = pj.EXAMPLE_P84["spare"]
P84_TURNUP = pj.EXAMPLE_P84["turnup"]


def policies(n: int, name: str = "book") -> np.ndarray:
    return np.full(n, pj.STRATEGIES[name], dtype=np.int64)


def play(
    rules: pj.Rules,
    hands: dict[int, str],
    spare: str,
    turnup: str,
    dealer: int = 0,
    strategy="book",
    board=None,
    seed: int = 1,
) -> dict:
    r = rules.validated()
    deck = pj.deck_from_hands(r, dealer, hands, spare, turnup)
    pol = policies(r.players, strategy) if isinstance(strategy, str) else np.asarray(strategy, dtype=np.int64)
    return pj.trace(r, pol, np.full(r.players, np.nan), seed, deck=deck, dealer=dealer, board=board)


def plays(t: dict) -> list[tuple[int, str]]:
    return [(a["seat"], a["play"]) for a in t["actions"]]


def paid(t: dict, reason: str, to=None) -> int:
    return sum(p["amount"] for p in t["payments"] if p["reason"] == reason and (to is None or p["to"] == to))


def board_change(t: dict) -> int:
    return sum(t["board_after"].values()) - sum(t["board_before"].values())


def stack(rules: pj.Rules, hands: dict[int, str], spare: str = "", turnup: str = "2H", dealer: int = 0) -> dict:
    """Complete partly given hands: the cards not named fill the remaining places in pack order.

    Seats are filled from the elder hand round to the dealer, then the spare hand. Returns the full
    ``hands``/``spare``/``turnup`` to pass to ``play``.
    """
    from sim import cards as C

    r = rules.validated()
    per_seat, interleaved, rest = pj.spare_cards(r)
    n = r.players
    named = {s: C.parse(t).tolist() for s, t in hands.items()}
    named_spare = C.parse(spare).tolist()
    used = set(c for cs in named.values() for c in cs) | set(named_spare) | {C.parse_card(turnup)}
    pool = [c for c in pj.PACK.tolist() if c not in used]
    full = {}
    for j in range(n):
        seat = (dealer + 1 + j) % n
        cards = named.get(seat, [])
        need = per_seat[j] - len(cards)
        assert need >= 0, f"seat {seat} given too many cards"
        full[seat] = C.format(cards + pool[:need])
        pool = pool[need:]
    need = interleaved + rest - len(named_spare)
    assert need == len(pool), "cards do not add up"
    return {"hands": full, "spare": C.format(named_spare + pool), "turnup": turnup, "dealer": dealer}
