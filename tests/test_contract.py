"""The game contract (sim/games/_contract.py): every registered game fulfils it, its rules are declared once and
refuse bad values in a sentence, and its kernels are found in numba's disk cache by a second process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from sim import games, runner
from sim.cli import cli
from sim.games import _contract

GAMES = list(games.GAMES)
ON_CONTRACT = GAMES


@pytest.mark.parametrize("game", ON_CONTRACT)
def test_every_game_fulfils_the_contract(game):
    assert _contract.check(games.load(game)) == []


def test_the_check_refuses_a_call_by_address_the_harness_does_not_make(monkeypatch):
    m = games.load("cassino")
    monkeypatch.setattr(m, "BY_ADDRESS", ("play_block", "play_hand"))
    assert _contract.check(m) == ["BY_ADDRESS names calls the harness does not make: ['play_hand']"]


def test_the_registry_is_the_folder():
    here = os.path.dirname(games.__file__)
    found = {n.split(".")[0] for n in os.listdir(here) if not n.startswith("_") and (n.endswith(".py") or "." not in n)}
    found.discard("__pycache__")
    assert set(GAMES) == found


@pytest.mark.parametrize("game", ON_CONTRACT)
def test_each_rule_declared_once_with_page_and_help(game):
    m = games.load(game)
    book = m.RULEBOOK
    assert list(book.pages) == list(m.Rules._fields) == list(book.help)
    assert all(book.pages[k] and book.help[k] for k in m.Rules._fields)
    r = m.Rules().validated()
    assert len(book.params(r)) == len(m.Rules._fields)
    assert book.layout.players == 0


def _int_rules(game):
    m = games.load(game)
    return [rule.name for rule in m.RULEBOOK.rules if rule.kind == "int" and rule.name != "players"]


INT_RULES = [(g, name) for g in ON_CONTRACT for name in _int_rules(g)]


@pytest.mark.parametrize("game,rule", INT_RULES)
@pytest.mark.parametrize("value", ["inf", "nan", "1e30", "9223372036854775808", "2.5", "true"])
def test_whole_number_rules_refuse_what_is_not_one(game, rule, value):
    res = CliRunner().invoke(cli, ["run", game, "-n", "10", "--rule", f"{rule}={value}"])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error:") and rule in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("game", ON_CONTRACT)
def test_a_second_process_finds_the_kernels_cached(game):
    """A play_deal reached through the generated harness must not defeat numba's disk cache."""
    code = (
        "import sys; from sim import runner; from sim.games._contract import harness; "
        f"spec = runner.make_spec({game!r}, n=1); runner.play_chunk(spec, 0, 2); "
        f"h = harness({game!r}); "
        "print(*(sum(k.stats.cache_hits.values()) for k in (h.play_blocks, h.play_block, h.G.play_deal)))"
    )
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loop, block, deal = map(int, out.stdout.strip().splitlines()[-1].split())
    by_address = getattr(games.load(game), "BY_ADDRESS", ())  # compiled on their own, each loaded from the cache
    assert loop >= 1 and ("play_block" not in by_address or block >= 1), out.stderr
    assert "play_deal" not in by_address or deal >= 1, out.stderr


@pytest.mark.parametrize("game", ON_CONTRACT)
def test_rules_string_names_what_differs(game):
    m = games.load(game)
    variant = list(m.VARIANTS)[-1]
    r = runner.make_rules(m, variant, None, [])
    text = runner.rules_string(game, r)
    for key in m.VARIANTS[variant]:
        assert key in text
