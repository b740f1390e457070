"""Cassino (Peel, *Round Games with Cards*, 1891, pp. 97-100; the fishing game of the book).

Four cards to each player and four face up to the table, then four more each per round until the pack is used
up. A played card takes every table card of its rank and every set of table cards adding up to its value
(ace 1; knaves, queens and kings only pair); a player who can capture must, else he trails a card to the table.
Clearing the table is a sweep; the last to capture takes what is left. Each deal is counted (Cassinos, aces,
spades, cards, sweeps) and scored to a game to ``target`` points: two sides score the difference, independent
players their own (or under the book's deductions).

One driver deal is one game (``DEAL``); the event ``deals`` counts a game's deals. The package's files:
``rules`` (rules, strategies, events), ``capture`` (what a card takes), ``play`` (a deal's turns and the
strategies), ``score`` (the count and the scoring), ``workspace`` (the per-thread arrays), ``rollout`` (the strong
reference player, ``rollout:K``), ``game`` (the harness's kernels), ``describe`` (stacked decks and
traces), ``build`` (building and calling under the rule ``builds``, not in Peel: Cassell, 1881).
"""

from __future__ import annotations

from sim.games.cassino.describe import check_deck, deal_plays, dealt, describe_trace, read_play, stack
from sim.games.cassino.game import (
    Workspace,
    begin_session,
    deal_cards,
    deal_hands,
    end_session,
    new_workspace,
    play_deal,
)
from sim.games.cassino.rules import (
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
    P,
    Rules,
    deal_word,
    dealing,
    impossible_events,
    pack,
    unit,
)

# the strategies under which every claim about Cassino is measured: the book's advice, and the strong player
PLAYS: tuple[str, ...] = ("book", "rollout:8")

# the harness calls play_block and play_deal by their addresses: LLVM never inlines play_deal's 116 KB of machine
# code into the session, so the calls cost the same, and the first compile takes 96 s instead of 278 s
# (sim/games/_harness.py: play_blocks, play_session)
BY_ADDRESS = ("play_block", "play_deal")

__all__ = [
    "BY_ADDRESS", "DEAL", "DEFAULT_STRATEGY", "EVENTS", "NAME", "PAGES", "PLAYERS", "RULEBOOK",
    "SESSION_METRICS", "STRATEGIES",
    "STRATEGY_HELP", "STRATEGY_PARAMS", "TITLE", "VARIANTS", "P", "PLAYS", "Rules", "Workspace", "begin_session",
    "check_deck", "deal_cards", "deal_plays", "deal_hands", "deals_per_session", "dealt", "describe_trace",
    "deal_word", "dealing", "end_session", "impossible_events", "kernel_config", "new_workspace", "pack", "play_deal",
    "read_play", "stack", "unit",
]  # fmt: skip


def deals_per_session(r, rotations: int) -> int:
    """Games per session: one per seat per rotation."""
    return r.players * rotations


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, the pack's card codes)."""
    return RULEBOOK.params(r), pack(r)
