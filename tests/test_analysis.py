"""The claim toolkit's guards: a verdict is refused a quantity that cannot come out otherwise, and the role gaps'
standard errors are those of each session's own difference, checked against the session rows themselves."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from sim import runner
from sim.analysis import Claim, Study, gain, gap, role_gap, seat_gap, verdict_below, verdict_positive, verdict_within
from sim.analysis.plays import DEPENDS, SEARCH_N, across, agree, size
from sim.analysis.report import chart_title
from sim.analysis.verdicts import NotMeasured
from sim.games._common import COL_NET_ROLE, COL_NET_SEAT


@pytest.mark.parametrize("verdict", [verdict_positive, verdict_within, verdict_below])
def test_a_verdict_on_a_constant_is_refused(verdict):
    """P(9D turned up) = 1/51 with no spread, or a difference fixed by the rules, is no test of a claim."""
    for mean, se in [(1 / 51, 0.0), (0.8, -1.0), (float("nan"), 0.1), (0.2, float("inf"))]:
        with pytest.raises(NotMeasured):
            verdict(mean, se)
    assert verdict(0.01, 0.001) in {"supported", "refuted", "inconclusive"}


@pytest.fixture(scope="module")
def pool_runs():
    specs = [runner.make_spec("jig", v, n=1800, players=4, seed=11, session_deals=6) for v in ("pool", "dealer-pool")]
    return specs, runner.compare(specs, ["pool", "dealer-pool"])


def _session_roles(spec):
    rows = runner.play_chunk(spec, 0, spec.sessions)
    return rows[:, COL_NET_ROLE : COL_NET_ROLE + spec.rules.players].astype(float), rows


def _dealer_edge(roles):
    return roles[:, 0] - roles[:, 1:].mean(axis=1)


def test_role_gap_se_is_the_spread_of_each_sessions_difference(pool_runs):
    specs, comp = pool_runs
    roles, _ = _session_roles(specs[0])
    dps = specs[0].deals_per_session
    d = _dealer_edge(roles) / dps
    mean, se = role_gap(comp.results[0])
    assert mean == pytest.approx(d.mean(), abs=1e-12)
    assert se == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)), rel=1e-9)


def test_the_paired_change_in_the_dealers_edge_is_each_sessions_difference(pool_runs):
    """What spin_dealer_game and nm_dealer_extra judge: a variant's change to dealer-minus-others, same deals."""
    specs, comp = pool_runs
    dps = specs[0].deals_per_session
    base, _ = _session_roles(specs[0])
    arm, _ = _session_roles(specs[1])
    d = (_dealer_edge(arm) - _dealer_edge(base)) / dps
    mean, se = comp.diff("dealer-pool", "edge", role="dealer")
    assert mean == pytest.approx(d.mean(), abs=1e-12)
    assert se == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)), rel=1e-9)
    g, gse = gain(comp, "pool", role="dealer")
    net = (base[:, 0] - arm[:, 0]) / dps
    assert g == pytest.approx(net.mean(), abs=1e-12) and gse == pytest.approx(net.std(ddof=1) / math.sqrt(len(d)))


def test_seat_gap_se_is_the_spread_of_each_sessions_difference(pool_runs):
    """A seat against the others: the SE from each session's own difference, not as if the seats were independent
    (they are not: what one seat wins the others lose)."""
    specs, comp = pool_runs
    _, rows = _session_roles(specs[0])
    n, dps = specs[0].rules.players, specs[0].deals_per_session
    seats = rows[:, COL_NET_SEAT : COL_NET_SEAT + n].astype(float)
    d = (seats[:, 0] - seats[:, 1:].mean(axis=1)) / dps
    mean, se = seat_gap(comp.results[0])
    assert mean == pytest.approx(d.mean(), abs=1e-12)
    assert se == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)), rel=1e-9)
    res = comp.results[0]
    naive = gap(res.metric("net", seat=0), [res.metric("net", seat=s) for s in range(1, n)])[1]
    assert se > naive  # the seats' negative correlation: the independent SE would flatter


def test_study_every_plays_all_deals():
    study = Study(600, 3)
    res = study.run("jig", "standard", 4, every=True)
    assert res.meta["n"] >= 600 and study.played == res.meta["n"]


def test_chart_title_is_the_claim_in_words_not_its_id():
    claim = Claim("xx_id", "Jig", 96, "the book's words " * 20, "something", "Lead for your own Jig")
    assert "xx_id" not in chart_title(claim) and "Lead for your own Jig" in chart_title(claim)
    untitled = Claim("xx_id", "Jig", 96, "the book's words " * 20, "something")
    assert "xx_id" not in chart_title(untitled) and chart_title(untitled).endswith("...")
    assert np.all([len(line) <= 80 for line in chart_title(untitled).splitlines()])


def test_plays_agree_only_when_every_play_gives_the_same_verdict():
    assert agree(["supported", "supported"]) == "supported"
    assert agree(["refuted"]) == "refuted"
    assert agree(["supported", "refuted"]) == DEPENDS
    assert agree(["supported", "inconclusive"]) == "inconclusive"  # one play could not decide: no more is known
    assert agree(["refuted", "inconclusive", "supported"]) == DEPENDS
    with pytest.raises(ValueError):
        agree([])


def test_a_claim_is_answered_under_each_of_its_games_plays():
    """Each play's answer comes from runs seated with that play; the table carries a play column, and the verdict
    says the plays disagree when they do."""
    claim = Claim("x", "Jig", 96, "words", "what", plays=("book", "lowest"))

    def answer(n, seed, play):
        study = Study(n, seed, play)
        res = study.run("jig", "standard", 4)
        table = pd.DataFrame({"players": [4], "net": [res.metric("net", seat=0)[0]]})
        return study.answer(table, f"{play} headline", "supported" if play == "book" else "refuted", "why")

    got = across(claim, answer, 500, 3)
    assert list(got.table["play"]) == ["book", "lowest"]
    assert got.verdict == DEPENDS and "supported under book" in got.reason and "refuted under lowest" in got.reason
    assert [p for p, _ in got.plays] == ["book", "lowest"]
    assert got.table["net"].iloc[0] != got.table["net"].iloc[1]  # the play changed the runs


def test_a_search_play_is_capped_and_every_game_declares_valid_plays():
    assert size("rollout:8", 10**7) == SEARCH_N and size("book", 10**7) == 10**7
    assert size("rollout:8", 10**7, search_n=40_000) == 40_000 and size("book", 10**7, search_n=40_000) == 10**7
    assert size("rollout:8", 1000, search_n=40_000) == 1000  # never more than the run's own n
    from sim import games
    from sim.games import _contract

    for name in games.GAMES:
        module = games.load(name)
        assert _contract._check_plays(module) == []
        assert _contract.plays(module)[0] in (module.DEFAULT_STRATEGY, "book")
