"""Golden traces: seeded deals of every variant, played card by card, compared with tests/golden/ (make golden)."""

from __future__ import annotations

import json

import pytest
from make_golden import GOLDEN_GAMES, golden, path


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_traces_match_golden(game):
    with open(path(game)) as f:
        expected = json.load(f)
    got = json.loads(json.dumps(golden(game), sort_keys=True))
    assert got.keys() == expected.keys()
    for variant in expected:
        assert got[variant] == expected[variant], f"{game} {variant}: play changed; review and run make golden"
