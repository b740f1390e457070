"""Snip-Snap-Snorum (Peel, *Round Games with Cards*, 1891, pp. 90-95): the matching game, played to the last
player in. The rules as played here are in docs/snipsnap.md.

Each player starts with five counters. Each deal gives five cards, one at a time from the dealer's left, to
every player still in; from the elder hand each in turn plays one card. A player holding a card of the rank just
played by the player on his right must play it: the first pairing is Snip (the paired player pays 1 to the pool),
the second Snap (the snipper pays 2), the third Snorum (the snapper pays 3); any other card between breaks the
chain. A player who owes more than he has pays what he has and is out. The deal passes left; the last player
with counters takes the pool.

One driver "deal" is one whole game (``DEAL = "game"``): ``play_deal`` deals and plays hand after hand inside
it, shuffling a fresh pack from the game's own stream for each deal (``_play``: the decks of a game, and how a
stacked-deck trace gives them). Roles (dealer, elder hand ...) in a run's per-role results are relative to the
game's first dealer, who moves one seat left each game (or, with first_out_deals, is the first out of the last).
Per-deal places are in the events ``paid_role<k>`` / ``in_role<k>``.

    board int64[1]: 0 the pool (empty at the start and end of every game)

The package: ``_book`` (rules, variants, strategies, events), ``_choose`` (what a player plays), ``_play`` (the
workspace, session, decks, payments), ``_turns`` (a turn, and a deal played on to its end), ``_rollout`` (the
searching player, ``rollout:K``), ``_game`` (the deals and the game), ``_trace`` (stacked decks, traces).
"""

from __future__ import annotations

from sim.games.snipsnap._book import (
    DEAL,
    DEFAULT_STRATEGY,
    EVENTS,
    NAME,
    PAGES,
    PLAYERS,
    RULEBOOK,
    SESSION_METRICS,
    STRATEGIES,
    STRATEGY_HELP,
    STRATEGY_PARAMS,
    TITLE,
    VARIANTS,
    Rules,
    dealing,
)
from sim.games.snipsnap._game import play_deal
from sim.games.snipsnap._play import begin_session, deal_cards, deal_hands, end_session, new_workspace
from sim.games.snipsnap._trace import check_deck, describe_trace, pack_of, stack

PLAYS: tuple[str, ...] = ("book", "rollout:8")  # the plays every claim's headline is measured under

# the parallel loop calls play_block by its address: the first compile takes 84 s instead of 114 s, at the same
# speed within this game's swings of some 5% from process to process (sim/games/_harness.py, play_blocks)
BY_ADDRESS = ("play_block",)

__all__ = [
    "BY_ADDRESS",
    "DEAL",
    "DEFAULT_STRATEGY",
    "EVENTS",
    "NAME",
    "PAGES",
    "PLAYERS",
    "PLAYS",
    "RULEBOOK",
    "SESSION_METRICS",
    "STRATEGIES",
    "STRATEGY_HELP",
    "STRATEGY_PARAMS",
    "TITLE",
    "VARIANTS",
    "Rules",
    "begin_session",
    "check_deck",
    "dealing",
    "deal_cards",
    "deal_hands",
    "deals_per_session",
    "describe_trace",
    "end_session",
    "kernel_config",
    "new_workspace",
    "pack_of",
    "play_deal",
    "stack",
]


def deals_per_session(r, rotations: int) -> int:
    """Games per session: every seat deals the first hand of a game ``rotations`` times."""
    return r.players * rotations


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, the pack's card codes int8[52 or 32])."""
    return RULEBOOK.params(r), pack_of(r)
