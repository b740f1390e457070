"""``sim tune``: the range parses, the best value is found on cases whose answer is known, and bad input is
refused with one ``Error:`` line before anything is compiled."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from sim import runner
from sim.cli import cli
from sim.tune import Search, Tuning, make_arms, parse_search


def test_parses_ranges_and_lists():
    assert parse_search("rollout:K=1..32", 6, log=True) == Search("rollout", "K", (1.0, 2.0, 4.0, 8.0, 16.0, 32.0))
    assert parse_search("rollout:K=1..4", 4).values == (1.0, 2.0, 3.0, 4.0)
    assert parse_search("rollout:K=1..40", 4).values == (1.0, 14.0, 27.0, 40.0)
    assert parse_search("careless:p=0..1", 3).values == (0.0, 0.5, 1.0)  # too few whole numbers: reals
    got = parse_search("threshold:p=0.3..0.9", 7)
    assert got.strategy == "threshold" and got.param == "p"
    assert got.values == pytest.approx((0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9))
    assert parse_search("careless:p=1,0,0.5") == Search("careless", "p", (0.0, 0.5, 1.0))
    assert parse_search("rollout=2..3", 2) == Search("rollout", "param", (2.0, 3.0))
    assert Search("rollout", "K", (8.0,)).arm(8.0) == "rollout:8"
    # a count is searched over whole numbers only, each once: K=1.5 would play as 2 under the label 1.5
    assert parse_search("rollout:K=1..3", 5).values == (1.0, 2.0, 3.0)
    assert parse_search("rollout:K=1..4", 3, log=True).values == (1.0, 2.0, 4.0)


def test_a_count_that_is_not_whole_is_refused():
    with pytest.raises(ValueError, match="whole number"):
        runner.make_spec("jig", n=1, strategy="rollout:1.5")
    with pytest.raises(ValueError, match="whole number"):
        make_arms(runner.make_spec("jig", n=10), 0, Search("rollout", "K", (1.0, 2.5)))
    assert runner.make_spec("jig", n=1, strategy="rollout:2.0").strategies[0] == "rollout:2.0"


@pytest.mark.parametrize(
    "text,points,log",
    [("rollout", 9, False), ("rollout:K=4..1", 9, False), ("rollout:K=1..", 9, False), ("rollout:K=1..4", 1, False),
     ("careless:p=0..1", 99, False), ("careless:p=0..1", 5, True), ("rollout:K=1..nan", 3, False)],
)  # fmt: skip
def test_refuses_what_is_not_a_range(text, points, log):
    with pytest.raises(ValueError):
        parse_search(text, points, log)


def _tuning(x: np.ndarray) -> Tuning:
    """A Tuning of per-session nets ``x`` (values x sessions), one deal per session."""
    t = Tuning(Search("s", "p", tuple(float(v) for v in range(x.shape[0]))), 0, {"deals_per_session": 1})
    t.sessions = x.shape[1]
    t.s1 = x.sum(axis=1)
    t.s2 = x @ x.T
    return t


def test_best_and_paired_errors_on_a_known_case():
    """Value 2 is best, by 0.3 over value 1 and 2.3 over value 0; value 3 trails it by 0.0001 with a paired SE of
    0.00016, so it cannot be told from it. The noise all values share cancels in the paired errors."""
    rs = np.random.default_rng(1)
    common = rs.normal(0, 5, 4000)
    wobble = np.tile([0.01, -0.01], 2000)
    x = np.stack([common - 2.0, common + rs.normal(0, 0.01, 4000), common + 0.3, common + 0.3 + wobble - 1e-4])
    t = _tuning(x)
    rows = t.rows()
    assert [r["best"] for r in rows] == [False, False, True, False]
    assert rows[0]["diff_best"] == pytest.approx(-2.3) and rows[0]["se_paired"] == pytest.approx(0, abs=1e-6)
    assert not rows[0]["within"] and not rows[1]["within"] and rows[3]["within"]
    assert rows[2]["se"] == pytest.approx(np.std(x[2], ddof=1) / np.sqrt(4000))
    assert t.best()["value"] == 2.0 and t.best()["range"] == [2.0, 3.0]


@pytest.mark.xdist_group("snipsnap")  # its kernels: compiled by the worker that compiles that game's (conftest.py)
def test_finds_that_never_missing_a_pair_is_best(tmp_path):
    """Snip-Snap-Snorum with careless misses: a careless player who fails to pair a card pays double, so the best
    chance of missing is none; on the same games every higher chance costs."""
    chart = tmp_path / "p.png"
    out = tmp_path / "p.json"
    args = ["tune", "snipsnap", "--seat", "0", "--strategy", "careless:p=0..1", "--points", "3", "--field",
            "careless:0", "--rule", "careless_misses=true", "-n", "300", "--chart", str(chart),
            "--out", str(out)]  # fmt: skip
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert "best careless:p = 0:" in res.output
    d = json.loads(out.read_text())
    assert d["best"]["value"] == 0.0 and d["best"]["range"] == [0.0]
    assert [r["value"] for r in d["values"]] == [0.0, 0.5, 1.0]
    assert chart.stat().st_size > 1000


def test_every_value_plays_the_same_deals():
    base = runner.make_spec("jig", n=10, seed=4, strategy="lowest")
    specs = make_arms(base, 2, Search("rollout", "K", (1.0, 4.0)))
    assert [s.strategies for s in specs] == [
        ("lowest", "lowest", "rollout:1", "lowest"),
        ("lowest", "lowest", "rollout:4", "lowest"),
    ]
    assert len({(s.seed, s.n_deals, s.rules) for s in specs}) == 1


@pytest.mark.parametrize(
    "args,words",
    [
        (["--seat", "0", "--strategy", "rollout:K=1..x"], "NAME:PARAM=LO..HI"),
        (["--seat", "0", "--strategy", "book:K=1..4"], "takes no parameter"),
        (["--seat", "0", "--strategy", "nosuch:K=1..4"], "unknown strategy"),
        (["--seat", "4", "--strategy", "rollout:K=1..4"], "--seat"),
        (["--seat", "0", "--strategy", "rollout:K=0..4"], "between"),
        (["--seat", "0", "--strategy", "rollout:K=1..4", "--points", "1"], "--points"),
        (["--seat", "0", "--strategy", "rollout:K=1..4", "--field", "nosuch"], "unknown strategy"),
        (["--seat", "0", "--strategy", "rollout:K=1..4", "--chart", "k.txt"], "--chart"),
        (["--seat", "0", "--strategy", "rollout:K=1..4", "-n", "0"], "-n"),
        (["--strategy", "rollout:K=1..4"], "--seat"),
    ],
)
def test_bad_input_is_one_error_line(args, words):
    res = CliRunner().invoke(cli, ["tune", "jig", *args])
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and words in lines[0], res.output


def test_range_outside_the_strategy_is_refused_by_the_runner_check():
    with pytest.raises(ValueError, match="between"):
        make_arms(runner.make_spec("snipsnap", n=10), 0, Search("careless", "p", (0.5, 2.0)))
    assert runner.make_spec("jig", n=1, seat_strategies=["0=rollout:3"]).strategies[0] == "rollout:3"
