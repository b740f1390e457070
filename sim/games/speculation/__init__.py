"""Speculation (Peel, *Round Games with Cards*, 1891, pp. 77-79): a game of chance whose only skill is trading.

The play (docs/speculation.md has the rules in full)
    The dealer pays 2 into the pool, the others 1. Three cards each, dealt face down and **seen by nobody, their
    holders included**; the next card is the trump card, the dealer's. An ace, king, queen or knave turned up
    takes the pool at once and the deal passes, the hands kept and the next card of the pack turned (p. 78).
    Otherwise, from the left of the trump card's owner, each player in turn exposes the top card of his pile. A
    trump higher than any shown makes its owner the **chief**, who exposes nothing more; the others go on round
    and round. When every card but the chief's is exposed his are shown, and the highest trump takes the pool.

The market (the protocol this module plays; the book says who may sell what, not how a price is found)
    Who may offer, and when:
      1. the trump card, unseen, by the dealer before he turns it (not under pool_turnup) - p. 78;
      2. at every step of play, first the chief his trump (once a step: "at any time", p. 79), then the player
         whose turn it is the card he is about to expose (p. 79). A card so sold is turned up in its place and
         goes to the buyer only if it proves a higher trump; otherwise the seller keeps it, worthless;
      3. at the end, the chief his unexposed cards: all together, and if they are not sold, one at a time (p. 78).
    How the others bid: the seller names a reserve (or makes no offer); every other player bids once, sealed,
    from the seller's left round; the highest bid at or above the reserve buys at its own price (first price);
    a tie goes to the bidder nearest the seller's left.
    How much: whole counters from 1 to the pool (no card can collect more than the pool). The price passes from
    buyer to seller and nowhere else, so counters are conserved in every deal.
    After a change of hands the player on the new holder's left goes next (p. 78-79).

What a player can know
    Everyone sees the same things: the trump, the best trump shown, every card shown (since the shuffle, under
    continuous_pack), how many cards each hand still hides, the pool. A card's value is the exact chance, over
    the unseen cards, that it wins (or that the chief's trump stands) times the pool (odds.py); ``shrewd`` sells
    only above it and bids only below it, so two shrewd players never trade.

Layout: ``rules`` (rules, variants, strategies, events), ``odds`` (the exact chances), ``prices`` (each
strategy's reserve and bid), ``market`` (offers and bids), ``rollout`` (the searching trader, ``rollout:K``),
``state`` (the workspace), ``play`` (the deal's kernels), ``trace`` (the Python side). The board is
``int64[1]``: the pool, carried from deal to deal when nobody takes it.
"""

from __future__ import annotations

from sim.games.speculation.play import (  # noqa: F401  (the contract's kernels)
    begin_session,
    deal_cards,
    deal_hands,
    end_session,
    play_deal,
)
from sim.games.speculation.rules import (  # noqa: F401  (the contract's names)
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
    dealing,
    impossible_events,
)
from sim.games.speculation.state import Workspace, new_workspace  # noqa: F401
from sim.games.speculation.trace import (  # noqa: F401
    check_deck,
    deals_per_session,
    describe_trace,
    kernel_config,
    stack_deck,
)

# The plays every claim's headline is measured under: book alone. Nobody sees his own cards, so every seat knows
# the same; book prices each card at its exact chance and no trade with it gains on average, so no player beats
# it (rollout:8 loses 0.94 counters a deal to it, rollout:64 0.13: docs/rollout.md). It is its own best reply.
PLAYS: tuple[str, ...] = ("book",)

# the parallel loop calls play_block by its address: the first compile takes 74 s instead of 106 s, at the same
# speed (sim/games/_harness.py, play_blocks)
BY_ADDRESS = ("play_block",)
