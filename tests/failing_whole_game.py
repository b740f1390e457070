"""``failing_game`` with each driver deal a whole game, its block and game called by their addresses (``BY_ADDRESS``,
as Cassino's): an error its ``play_deal`` raises must come back through those calls too (sim._native)."""

from __future__ import annotations

from failing_game import (  # noqa: F401 - the harness reads them from this module
    EVENTS,
    Workspace,
    begin_session,
    deal_cards,
    deal_hands,
    end_session,
    new_workspace,
    play_deal,
)

DEAL = "game"
BY_ADDRESS = ("play_block", "play_deal")
