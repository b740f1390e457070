"""Property tests over every registered game (found from the registry, never a hand list).

For random valid rules, strategies, player counts and seeds, a few sessions keep every counter (the nets and the
board balance, per seat and per role, and each deal has one winner) and a traced deal accounts for every card;
random invalid rule values are refused by the command line with one ``Error:`` line and exit status 2.
Few examples each and no deadline: the kernels are the ones the rest of the suite compiles.
"""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sim import games, runner
from sim.cli import cli
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT

GAMES = list(games.GAMES)
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


# -- what may be drawn -------------------------------------------------------------------------------------------


def _rule_value(rule, module) -> st.SearchStrategy:
    """A valid value of one rule: its bounds and small values for numbers, any choice, any flag; a custom rule
    takes its default or a value one of the book's variants gives it."""
    if rule.kind == "bool":
        return st.booleans()
    if rule.kind == "choice":
        return st.sampled_from(rule.choices)
    if rule.kind == "int":
        small = st.integers(rule.lo, min(rule.hi, rule.lo + 6))
        return st.one_of(small, st.sampled_from([rule.lo, rule.hi]), st.integers(rule.lo, rule.hi))
    seen = [rule.default] + [v[rule.name] for v in module.VARIANTS.values() if rule.name in v]
    return st.sampled_from(seen)


def _strategy_name(module) -> st.SearchStrategy:
    """A strategy as ``--strategy`` takes it; a strategy with a parameter gets one in its range (few rollouts:
    they play every candidate out)."""
    takes = getattr(module, "STRATEGY_PARAMS", {})

    def with_param(name: str) -> st.SearchStrategy:
        if name not in takes:
            return st.just(name)
        lo, hi = takes[name]
        if hi - lo > 1:  # a count, such as rollout:K
            return st.integers(int(lo), int(lo) + 1).map(lambda k: f"{name}:{k}")
        return st.floats(lo, hi).map(lambda p: f"{name}:{p:.3f}")

    return st.sampled_from(list(module.STRATEGIES)).flatmap(with_param)


@st.composite
def valid_spec(draw, game: str) -> runner.RunSpec:
    """A run of ``game`` with random valid rules, seats and seed; rule sets the game refuses as a whole (a check
    that involves two rules, such as players against the pack) are drawn again."""
    m = games.load(game)
    lo, hi = m.PLAYERS
    fields = {"players": draw(st.integers(lo, hi))}
    for rule in m.RULEBOOK.rules[1:]:
        fields[rule.name] = draw(_rule_value(rule, m))
    try:
        rules = m.Rules(**fields).validated()
    except ValueError:
        assume(False)
    seats = [f"{s}={draw(_strategy_name(m))}" for s in range(rules.players)]
    overrides = [f"{k}={runner._fmt(v)}" for k, v in rules._asdict().items() if k != "players"]
    seed, rotations = draw(st.integers(0, 2**63 - 1)), draw(st.integers(1, 2))
    try:
        return runner.make_spec(
            game, n=1, players=rules.players, seed=seed, strategy=m.DEFAULT_STRATEGY, seat_strategies=seats,
            rules=overrides, rotations=rotations,
        )  # fmt: skip
    except ValueError:  # a strategy these rules rule out
        assume(False)
        raise


# -- counters and cards ------------------------------------------------------------------------------------------


def _left_on_board(m, rows):
    if "board_left" in m.SESSION_METRICS:
        return rows[:, COL_EVENTS + len(m.EVENTS) + m.SESSION_METRICS.index("board_left")]
    return 0


# Found by this test: with careless_misses, a miss could put the last two players out at once (the snipped
# player paid his last counter, then the one who missed paid double); no one was left in and the pool was paid to
# no seat. Fixed: the game ends with the last counter, the misser the last player in (p. 92).
@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_random_rules_and_seats_keep_every_counter(game, data):
    spec = data.draw(valid_spec(game))
    m = spec.module
    n = spec.rules.players
    first = data.draw(st.integers(0, 10**6))
    rows = runner.play_chunk(spec, first, 3)
    nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + n].sum(axis=1)
    assert np.all(nets + _left_on_board(m, rows) == 0), spec.rules
    assert np.array_equal(rows[:, COL_NET_ROLE : COL_NET_ROLE + n].sum(axis=1), nets)
    dps = spec.deals_per_session
    assert np.all(rows[:, COL_WIN_SEAT : COL_WIN_SEAT + n].sum(axis=1) == dps)
    assert np.all(rows[:, COL_WIN_ROLE : COL_WIN_ROLE + n].sum(axis=1) == dps)


def _cards(x) -> list[str]:
    """Every card named in a trace's field (a list of cards, a list of hands, a dict of hands)."""
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        x = list(x.values())
    return [c for part in (x or []) for c in _cards(part)]


def _counters(board) -> int:
    if isinstance(board, dict):
        return sum(_counters(v) for v in board.values())
    if isinstance(board, list | tuple):
        return sum(_counters(v) for v in board)
    return int(board)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_a_traced_deal_balances_and_accounts_for_every_card(game, data):
    spec = data.draw(valid_spec(game))
    m = spec.module
    deal = data.draw(st.integers(0, 10**9))
    t = games.trace(
        m, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), spec.seed,
        deal=deal, rotations=spec.rotations,
    )  # fmt: skip
    assert sum(t["net"]) + _counters(t["board_after"]) - _counters(t["board_before"]) == 0
    deck = t["deck"]
    assert len(set(deck)) == len(deck), "a card dealt twice"
    held = _cards(t["hands"])
    assert len(set(held)) == len(held), "a card in two hands"
    assert set(held) <= set(deck), "a card held that was not dealt"
    pack = getattr(spec.rules, "pack", None)
    if pack is None or pack == 52:
        assert len(m.check_deck(" ".join(deck))) >= len(deck)  # the whole pack, each card once
    else:
        assert len(deck) == pack


# -- invalid rule values -----------------------------------------------------------------------------------------


def _invalid_value(rule) -> st.SearchStrategy:
    """A value the rule refuses: out of range, not a whole number, not a number, not a choice."""
    junk = st.sampled_from(["nan", "inf", "-inf", "", "abc", "1e400", str(2**64)])
    if rule.kind == "int":
        outside = st.one_of(
            st.integers(max_value=rule.lo - 1) if rule.lo is not None else st.nothing(),
            st.integers(min_value=rule.hi + 1) if rule.hi is not None else st.nothing(),
        )
        fraction = st.floats(rule.lo, rule.hi, allow_nan=False).filter(lambda f: not f.is_integer())
        return st.one_of(outside.map(str), fraction.map(repr), junk)
    if rule.kind == "bool":
        return st.one_of(junk, st.sampled_from(["2", "-1", "maybe", "truth", "0.5"]))
    if rule.kind == "choice":
        bad = st.text(alphabet="abcxyz0123456789-", min_size=1, max_size=8)
        return st.one_of(junk, bad.filter(lambda s: s.strip().lower() not in {str(c) for c in rule.choices}))
    return st.sampled_from(["nan", "inf", "abc", "", "-1"])


@st.composite
def invalid_rule(draw, game: str) -> str:
    m = games.load(game)
    rule = draw(st.sampled_from(m.RULEBOOK.rules))
    value = draw(_invalid_value(rule))
    try:
        rule.parse(value)
    except ValueError:
        return f"{rule.name}={value}"
    assume(False)  # a custom rule that takes it
    return ""


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_invalid_rule_values_exit_2_from_the_command_line(game, data):
    item = data.draw(invalid_rule(game))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runner, "run", lambda *a, **k: pytest.fail("a run started"))
        res = CliRunner().invoke(cli, ["run", game, "-n", "100", "--rule", item])
    assert res.exit_code == 2, (item, res.output)
    assert res.output.startswith("Error:") and len(res.output.strip().splitlines()) == 1
    assert "Traceback" not in res.output


def test_snipsnap_a_careless_miss_never_leaves_no_one_in():
    """The case the property found, pinned: session 31 of seed 8191 with one careless seat, where a snipped
    player's last counter and the misser's double penalty put both of the last two out in one turn."""
    spec = runner.make_spec(
        "snipsnap", n=1, players=5, seed=8191, seat_strategies=["4=careless:0.5"],
        rules=["careless_misses=true", "counters=1"],
    )  # fmt: skip
    rows = runner.play_chunk(spec, 31, 1)
    assert rows[0, COL_NET_SEAT : COL_NET_SEAT + 5].sum() == 0
    assert rows[0, COL_WIN_SEAT : COL_WIN_SEAT + 5].sum() == spec.deals_per_session
