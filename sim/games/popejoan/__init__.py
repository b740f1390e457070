"""Pope Joan (Peel, *Round Games with Cards*, 1891, pp. 80-87; RULES.md "Pope Joan").

The board has eight compartments, dressed before each deal and carried over between deals::

    board int64[8]:  0 Pope (9D)  1 Matrimony (K+Q trumps)  2 Intrigue (Q+J trumps)  3 Ace  4 King  5 Queen
                     6 Knave (of trumps)  7 Game

Five-pool Pope (p. 86) keeps 0-3 and Game only. The pack is 51 cards (8D out); each player gets
``k = 50 // (n+1)`` cards, a face-down spare hand the rest, and the 51st card is turned up for trumps.
Play follows the stops family (sim.games._stops); this package adds the board's payments and the strategies.

The package: ``rules`` (each rule once, variants, strategies, events), ``lead`` (the strategies' kernels),
``play`` (the workspace and the play of a deal, which the shared harness, sim/games/_harness.py, calls) and
here the Python side (stacked decks, the trace as a dict).
"""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.games import _ledger as L
from sim.games import _stops as S
from sim.games._common import check_pack_deck
from sim.games._contract import TracedDeal
from sim.games.popejoan.play import (
    Workspace,
    begin_session,
    deal_cards,
    deal_hands,
    end_session,
    new_workspace,
    play_deal,
)
from sim.games.popejoan.rules import (
    COMPARTMENTS,
    DEAL,
    DEFAULT_STRATEGY,
    DRESS,
    EIGHT_D,
    EVENTS,
    EXAMPLE_P84,
    HOLD_POPE,
    NAME,
    NINE_D,
    PACK,
    PAGES,
    PLAYERS,
    PLAYS,
    REASONS,
    RULE_LEFT_OUT,
    RULEBOOK,
    SESSION_METRICS,
    STRATEGIES,
    STRATEGY_HELP,
    STRATEGY_PARAMS,
    TITLE,
    VARIANTS,
    E,
    P,
    Rules,
    dealmap,
    deals_per_session,
    impossible_events,
    kernel_config,
    spare_cards,
)

__all__ = [
    "COMPARTMENTS", "DEAL", "DEFAULT_STRATEGY", "DRESS", "EIGHT_D", "EVENTS", "EXAMPLE_P84", "HOLD_POPE", "NAME",
    "NINE_D", "PACK", "PAGES", "PLAYERS", "PLAYS", "REASONS", "RULE_LEFT_OUT", "RULEBOOK",
    "SESSION_METRICS", "STRATEGIES", "STRATEGY_HELP",
    "STRATEGY_PARAMS", "TITLE", "VARIANTS", "E", "P", "Rules", "Workspace", "begin_session", "check_deck",
    "deal_cards", "deal_hands", "dealmap", "deals_per_session", "deck_from_hands", "describe_trace", "end_session",
    "impossible_events", "kernel_config", "new_workspace", "play_deal", "spare_cards",
]  # fmt: skip


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 51 cards of the Pope Joan pack, each once, in the order dealt."""
    return check_pack_deck(text, PACK, TITLE, " (the 8 of diamonds is taken out, p. 80)")


def deck_from_hands(r, dealer: int, hands: dict[int, str], spare: str, turnup: str) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]``, the spare hand ``spare``, and ``turnup`` turned."""
    order = S.stack_deck(
        dealmap(r),
        dealer,
        r.players,
        {**hands, S.DEAL_SPARE: spare, S.DEAL_TURNUP: turnup},
    )
    return check_deck(C.format(order))


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict: the deal, every play and payment, the nets and events."""
    n = run.players
    order = run.deck[: len(PACK)]
    hands, spare, turnup = S.dealt_hands(order, run.cfg[1], run.dealer, n)
    ws = run.ws
    return {
        "game": NAME,
        "rules": dict(run.rules._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(order),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": hands,
        "spare": spare,
        "turnup": turnup,
        "trumps": C.SUIT_NAMES[C.parse_card(turnup) // 13] if turnup else None,
        "board_before": L.board(run.board_before, COMPARTMENTS),
        "board_after": L.board(ws.board, COMPARTMENTS),
        "actions": S.traced_plays(ws, "filler"),
        "payments": L.payments(ws, REASONS, COMPARTMENTS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
