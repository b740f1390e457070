"""Helpers for Pope Joan stacked-deck tests: play one deal and read its trace."""

from __future__ import annotations

import numpy as np

from sim.games import popejoan as pj

# p. 84: five players; the elder hand holds these eight cards and the 7 of hearts is turned up. The other hands
# are stacked so that play follows the book's narrative (see test_p84_example_leader_wins_game).
P84_HANDS = {
    0: "6D 6C 9C AD 3D 4D 6H 2S",  # dealer: the six of diamonds the elder hand leads up to
    1: "5D 7D 4H JH JS KS AC QC",  # elder hand, as in the book
    2: "2C 9S 7C 10C JD 5H 3S AS",
    3: "3C QH KH 7S 10S 5C 9H 10D",  # the player of the three of clubs, with Matrimony and the 7 and 10 of spades
    4: "QS 8S 8C JC KD 8H 4S 6S",
}
P84_SPARE = "4C KC 3H 10H 9D AH 2D 5S QD 2H"  # the four and king of clubs are in the spare hand (p. 84)
P84_TURNUP = "7H"


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
