"""Shared fixtures, and the grouping of tests by game for the two test workers.

Kernels compile once per test process and are cached on disk between runs. On a fresh machine most of the
suite's time is numba compiling: with tests dealt to the two workers one by one, both workers compiled every
game's kernels at the same time. Each test that names a game (in its file name or its parameters, or runs a
claim about it) is put in that game's xdist group, and ``make test`` runs ``--dist loadgroup``: one worker
compiles a game and the other finds it in the disk cache.
"""

from __future__ import annotations

import functools
import importlib
import re

import numpy as np
import pytest

from sim.games import GAMES

_GAME_IN_ID = re.compile(r"(?<![a-z])(" + "|".join(sorted(GAMES, key=len, reverse=True)) + r")(?![a-z])")


def game_of(nodeid: str) -> str | None:
    """The first game named in a test's id (``tests/test_cassino_builds.py::...`` -> ``cassino``), or None."""
    found = _GAME_IN_ID.search(nodeid.replace("test_", " "))
    return found.group(1) if found else None


@functools.cache
def _claim_games() -> dict[str, str]:
    """Each claim script's game (its CLAIM names the game by title): a claim's test runs that game's kernels."""
    from sim.claims import records

    titles = {importlib.import_module(path).TITLE: name for name, path in GAMES.items()}
    return {m.CLAIM.id: titles[m.CLAIM.game] for m in records()}


def _game(item) -> str | None:
    claim = getattr(item, "callspec", None) and item.callspec.params.get("cid")
    return _claim_games().get(claim) if isinstance(claim, str) else game_of(item.nodeid)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark each test with its game's group. First of the hooks: xdist's own, on each worker, reads the marks into
    the test ids (``...@cassino``) that its scheduler groups by; a mark added after it is ignored without a word
    (measured: the Cassino tests were dealt to both workers, and both compiled its rollout, some 3 min of CPU)."""
    for item in items:
        game = _game(item)
        if game is not None and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(game))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """Stop a ``--dist loadgroup`` run whose groups were lost, rather than let it compile games twice unnoticed.

    The ids a worker collected carry their group (``...@cassino``) when grouping works. pytest 9.2 keeps test ids
    in a structured field that xdist 3.8 does not write the group to (pytest-xdist issue 1386), so every group
    is silently dealt out test by test; pyproject.toml pins pytest below 9.2 until xdist follows."""
    if node.config.getoption("dist") != "loadgroup":
        return
    import xdist

    lost = [i for i in ids if "@" not in i and game_of(i) is not None]
    if lost:
        pytest.exit(
            f"--dist loadgroup lost its groups ({len(lost)} tests, e.g. {lost[0]}), so both workers would compile "
            f"the same games: pytest {pytest.__version__} with pytest-xdist {xdist.__version__} does not pass them "
            "on; install the versions pyproject.toml asks for (pip install -e '.[dev]')",
            returncode=4,
        )


@pytest.fixture
def nan_params():
    def make(n: int) -> np.ndarray:
        return np.full(n, np.nan)

    return make
