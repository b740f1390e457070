"""The games. Each module has the same shape: Rules, VARIANTS, STRATEGIES, EVENTS, play_deal, play_sessions.

``GAMES`` maps the name a user types to the module path; modules are imported on demand so that the CLI can
validate input before anything is compiled.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {
    "popejoan": "sim.games.popejoan",
    "spin": "sim.games.spin",
    "newmarket": "sim.games.newmarket",
    "jig": "sim.games.jig",
    "commerce": "sim.games.commerce",
}


def load(name: str) -> ModuleType:
    """The game module for ``name``; raises ValueError naming the games there are."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[name])
