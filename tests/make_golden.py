"""Regenerate the golden traces (``make golden``): a few seeded deals of every variant of every stops game.

Run after a deliberate change of play; the diff of tests/golden/ is then the change to review.
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from sim import games, runner  # noqa: E402

GOLDEN_GAMES = list(games.GAMES)
DEALS = (0, 1, 5)
# strategies that search on another (the stops games' rollout player) are not seated either: a golden pins the
# rules and the fixed strategies; the search has its own tests (tests/test_rollout.py)
SEARCHES = ("rollout",)


def seated(m) -> list[str]:  # type: ignore[no-untyped-def]
    """The strategies seated round the table: the game's, less those it names as one rule left out of another
    (``RULE_LEFT_OUT``, e.g. Jig's book-no-jig): they play that strategy's code and are checked by their own
    tests, so adding one does not reseat the golden deals."""
    left_out = getattr(m, "RULE_LEFT_OUT", {})
    return [s for s in m.STRATEGIES if s not in left_out and s not in SEARCHES]


def golden(game: str) -> dict:
    m = games.load(game)
    out = {}
    for variant in m.VARIANTS:
        r = runner.make_rules(m, variant, None, [])
        n = r.players
        pol = np.array([m.STRATEGIES[s] for s in (seated(m) * n)[:n]], dtype=np.int64)
        out[variant] = [games.trace(m, r, pol, np.full(n, np.nan), 2026, deal=d) for d in DEALS]
    return out


def path(game: str) -> str:
    return os.path.join(HERE, "golden", f"{game}.json")


if __name__ == "__main__":
    for g in GOLDEN_GAMES:
        with open(path(g), "w") as f:
            json.dump(golden(g), f, indent=1, sort_keys=True)
            f.write("\n")
        print("wrote", path(g))
