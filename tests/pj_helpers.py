"""Pope Joan's stacked deals: the book's p. 84 example, and deals of chosen hands, spare hand and turn-up
(the shared helpers are in tests/stacked.py)."""

from __future__ import annotations

import stacked

from sim.games import _stops as S
from sim.games import popejoan as pj

P84_HANDS = pj.EXAMPLE_P84["hands"]  # p. 84, stacked consistent with the narrative (see sim.games.popejoan)
P84_SPARE = pj.EXAMPLE_P84["spare"]
P84_TURNUP = pj.EXAMPLE_P84["turnup"]


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
    """One deal with these hands, spare hand and turn-up, played card by card (``strategy``: one or per seat)."""
    r = rules.validated()
    deck = pj.deck_from_hands(r, dealer, hands, spare, turnup)
    return stacked.play(pj, r, deck, strategy, dealer=dealer, board=board, seed=seed)


def stack(rules: pj.Rules, hands: dict[int, str], spare: str = "", turnup: str = "2H", dealer: int = 0) -> dict:
    """Complete partly given hands: the cards not named fill the remaining places in pack order.

    Seats are filled from the elder hand round to the dealer, then the spare hand. Returns the full
    ``hands``/``spare``/``turnup`` to pass to ``play``.
    """
    r = rules.validated()
    n = r.players
    order = [(dealer + 1 + j) % n for j in range(n)] + [S.DEAL_SPARE, S.DEAL_TURNUP]
    full = stacked.fill(pj, r, dealer, {**hands, S.DEAL_SPARE: spare, S.DEAL_TURNUP: turnup}, order)
    return {"hands": {s: full[s] for s in range(n)}, "spare": full[S.DEAL_SPARE], "turnup": turnup, "dealer": dealer}
