"""The games: every module (or package) in this folder whose name does not start with ``_`` is one game.

Each fulfils the contract in ``sim.games._contract`` (a test checks every one). ``GAMES`` maps the name a user
types to the module path; it is found by listing this folder, so adding a game edits nothing here. Modules are
imported on demand so that the CLI can validate input before anything is compiled.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

GAMES: dict[str, str] = {
    info.name: f"{__name__}.{info.name}"
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name)
    if not info.name.startswith("_")
}


def load(name: str) -> ModuleType:
    """The game module for ``name``; raises ValueError naming the games there are."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[name])


def by_title(title: str) -> ModuleType:
    """The game module whose ``TITLE`` is ``title`` (as the book names the game: "Pope Joan")."""
    for name in GAMES:
        module = load(name)
        if module.TITLE == title:
            return module
    raise ValueError(f"no game is titled {title!r}")


def trace(module: ModuleType, rules, policies, policy_params, seed: int, **where) -> dict:
    """One deal of ``module`` played out with every action and payment (see ``sim.games._contract.trace``)."""
    from sim.games import _contract

    return _contract.trace(module, rules, policies, policy_params, seed, **where)
