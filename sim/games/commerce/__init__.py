"""Commerce (Peel, *Round Games with Cards*, 1891, pp. 70-77; docs/commerce.md).

Three cards each; the best combination (Tricon > Sequence > Flush > Pair > Point, p. 71; sim.games._hands) wins.

* The modern game, trade and barter (pp. 72-73; ``game = "modern"``; modern.py): everyone stakes one counter,
  the dealer two; a player stands or trades (ready money with the stock, or barter with his neighbour); the first
  stand ends trading, the best hand takes the pool and a stake from the dealer, a beaten stander pays.
* The old game, the widow (p. 74; ``game = "old"``; old.py): exchanges with three face-up cards, two stands end
  it, the winner has a stake from every other player.
* Pool Commerce (p. 75; ``pool``; pool.py): the old game for lives, played to the end.

Money is counted in stakes, except in Pool Commerce where it is counted in **sixths of a stake** (``unit(rules)``
names the unit). One run "deal" is one deal, except in Pool Commerce where it is one whole pool game
(``deal_word(rules)``; the contract's single ``DEAL`` string says "deal"). A deal's *win* is counted once, for the
best hand; of exactly tied best hands (which share the pool, or are each paid) the one nearest the dealer's left
has it.

The package, by concern: rules.py (the rules declared once, variants), table.py (workspace, hands, the lazily
shuffled pack, the show, trace records, EVENTS), strategies.py, modern.py, old.py, pool.py, play.py (the kernels
the shared harness calls, kernel_config) and trace.py (describe_trace, stacked decks). This module re-exports
the names of the game contract (sim.games._contract.Game).

    board int64[1]: 0 the pool (in the modern game a split's odd counters carry in it to the next deal)
"""

from __future__ import annotations

from sim.games._common import MAX_SEATS
from sim.games.commerce.play import (
    begin_session,
    deal_cards,
    deal_hands,
    end_session,
    kernel_config,
    play_deal,
)
from sim.games.commerce.rules import (
    DEAL,
    NAME,
    PAGES,
    PLAYERS,
    RULEBOOK,
    SIXTHS,
    TITLE,
    VARIANTS,
    P,
    Rules,
    deal_word,
    dealing,
    deals_per_session,
    sixths,
    unit,
)
from sim.games.commerce.strategies import (
    DEFAULT_STRATEGY,
    DEFAULT_THRESHOLD,
    STRATEGIES,
    STRATEGY_HELP,
    STRATEGY_PARAMS,
)
from sim.games.commerce.table import EVENTS, SESSION_METRICS, E, Workspace, impossible_events, new_workspace
from sim.games.commerce.trace import check_deck, deck_from_hands, describe_trace

# the strategies every claim's headline about Commerce is measured under (sim.analysis): the book's sensible
# player and the strong reference player; at K = 8 the search is too noisy to beat book in Commerce, at 64 it
# does (docs/rollout.md)
PLAYS: tuple[str, ...] = ("book", "rollout:64")

# the parallel loop calls play_block by its address: the first compile takes 118 s instead of 133 s, at the same
# speed (sim/games/_harness.py, play_blocks)
BY_ADDRESS = ("play_block",)

__all__ = [
    "BY_ADDRESS",
    "DEAL",
    "DEFAULT_STRATEGY",
    "DEFAULT_THRESHOLD",
    "EVENTS",
    "MAX_SEATS",
    "NAME",
    "PAGES",
    "PLAYERS",
    "RULEBOOK",
    "SESSION_METRICS",
    "SIXTHS",
    "STRATEGIES",
    "STRATEGY_HELP",
    "STRATEGY_PARAMS",
    "TITLE",
    "VARIANTS",
    "E",
    "P",
    "PLAYS",
    "Rules",
    "Workspace",
    "begin_session",
    "check_deck",
    "deal_cards",
    "deal_hands",
    "deal_word",
    "dealing",
    "deals_per_session",
    "deck_from_hands",
    "describe_trace",
    "end_session",
    "impossible_events",
    "kernel_config",
    "new_workspace",
    "play_deal",
    "sixths",
    "unit",
]
