"""The Python API: ``sim.run``, ``sim.compare`` and ``sim.fairness`` and their result objects."""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest
from click.testing import CliRunner

import sim
from sim import runner
from sim.cli import cli


def test_import_sim_is_light():
    """``import sim`` loads none of the heavy libraries; ``sim.run`` brings the API in on first use."""
    code = (
        "import sys, sim; heavy = [m for m in ('numpy', 'numba', 'pandas', 'matplotlib') if m in sys.modules]; "
        "print(heavy); sim.run; print('pandas' in sys.modules or 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["[]", "True"]


def test_unknown_attributes_still_fail_and_submodules_still_import():
    with pytest.raises(AttributeError):
        sim.no_such_thing  # noqa: B018
    from sim import runner as r

    assert r.make_spec is runner.make_spec
    assert {"run", "compare", "fairness"} <= set(dir(sim))


def test_run_gives_the_numbers_of_the_command_line():
    r = sim.run("jig", "pool", n=900, players=4, rules={"pool_payer": "dealer"}, seed=6)
    res = CliRunner().invoke(
        cli, ["run", "jig", "--variant", "pool", "--rule", "pool_payer=dealer", "-n", "900", "--seed", "6"]
        + ["--format", "json", "--no-progress"]
    )  # fmt: skip
    assert r.to_dict()["roles"] == json.loads(res.stdout)["roles"]
    assert r.rules["pool_payer"] == "dealer" and r.rules["pool_ante"] == 1
    assert r.seed == 6 and r.version == sim.__version__ and r.players == [4]
    assert r.meta["rules_string"] == "jig(pool_ante=1,pool_payer=dealer)"


def test_to_frame_is_tidy():
    r = sim.run("jig", n=600, players=[3, 4], seed=2)
    f = r.to_frame()
    assert isinstance(f, pd.DataFrame)
    assert {"game", "players", "seat", "role", "metric", "mean", "se", "n", "seed", "version"} <= set(f.columns)
    assert str(f["seat"].dtype) == "Int64"
    keys = f[["players", "seat", "role", "metric"]].astype(str)
    assert not keys.duplicated().any()  # one row per estimate
    edges = f[(f["metric"] == "edge") & f["role"].notna()]
    assert sorted(edges.groupby("players").size().items()) == [(3, 3), (4, 4)]
    assert r[3].meta["players"] == 3
    with pytest.raises(KeyError):
        r[7]


@pytest.mark.parametrize(
    ("players", "counts"),
    [(4, [4]), ("3-5", [3, 4, 5]), ("3,5", [3, 5]), (range(3, 5), [3, 4]), ([5, 3], [3, 5]), (None, [None])],
)
def test_players_take_a_count_a_range_or_a_list(players, counts):
    assert list(sim.api.parse_players(players, 3, 8)) == counts


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": "2-4"}, "3 to 8"),
        ({"players": True}, "players"),
        ({"rules": {"pool_ante": -1}}, "pool_ante"),
        ({"strategies": ["book", "lowest"]}, "one name per seat"),
        ({"strategies": {0: "sharp"}}, "unknown strategy"),
        ({"n": 0}, "-n"),
        ({"variant": "nope"}, "unknown variant"),
    ],
)
def test_bad_input_is_a_sentence_before_anything_runs(kwargs, words):
    args = {"n": 10**12, **kwargs}
    variant = args.pop("variant", "standard")
    with pytest.raises(ValueError, match=words):
        sim.run("jig", variant, **args)


def test_strategies_by_list_or_by_seat():
    by_list = sim.run("jig", n=300, players=3, strategies=["lowest", "book", "random"], seed=1)
    by_seat = sim.run("jig", n=300, players=3, strategies={0: "lowest", 2: "random"}, seed=1)
    assert by_list.to_dict()["seats"] == by_seat.to_dict()["seats"]
    assert [s["strategy"] for s in by_list.to_dict()["seats"]] == ["lowest", "book", "random"]


def test_compare_pairs_the_arms_on_the_same_deals():
    c = sim.compare("jig", ["standard", "pool", "all=lowest"], n=600, players="3-4", seed=3)
    f = c.to_frame()
    assert set(f["arm"]) == {"pool", "all=lowest"} and set(f["players"]) == {3, 4}
    assert [a["label"] for a in c.arms] == ["standard", "pool", "all=lowest"]
    one = sim.compare("jig", ["standard", "pool"], n=600, players=4, seed=3)
    row = one.comparisons[0].diff("pool", "net", role="dealer")
    sweep_row = f[(f["players"] == 4) & (f["arm"] == "pool") & (f["role"] == "dealer") & (f["metric"] == "net")]
    assert row == (float(sweep_row["diff"].iloc[0]), float(sweep_row["se"].iloc[0]))


def test_fairness_reads_the_same_deals_as_run():
    fr = sim.fairness("jig", "pool", n=600, players=[3, 4], seed=8)
    ran = sim.run("jig", "pool", n=600, players=[3, 4], seed=8)
    assert fr.to_frame().equals(ran.fairness().to_frame())
    f = fr.to_frame()
    assert list(f.columns[:6]) == ["game", "variant", "rules", "players", "role", "edge"]
    assert set(f["verdict"]) <= {"fair", "gains", "loses", "unclear"}
    assert fr.summary.splitlines()[0].startswith("Jig (pool) with 3 players: ")
    assert len(fr.summary.splitlines()) == 2


@pytest.mark.parametrize("ext", ["json", "csv", "parquet"])
def test_sweeps_save_by_extension(tmp_path, ext):
    r = sim.run("jig", n=300, players="3-4", seed=1)
    path = tmp_path / f"sweep.{ext}"
    r.save(str(path))
    if ext == "json":
        d = json.loads(path.read_text())
        assert d["players"] == [3, 4] and len(d["results"]) == 2
    else:
        back = pd.read_csv(path) if ext == "csv" else pd.read_parquet(path)
        assert len(back) == len(r.to_frame()) and set(back["players"]) == {3, 4}
    fr = r.fairness()
    fr.save(str(tmp_path / f"fair.{ext}"))
    assert (tmp_path / f"fair.{ext}").stat().st_size > 0


def test_sim_run_imports_neither_pandas_nor_matplotlib():
    """``sim run`` prints its tables and fairness line without pandas or matplotlib: their imports alone (about
    0.3 s) would be most of a short run's start-up. They load only to write CSV/Parquet, compare, or chart."""
    code = (
        "import sys; from sim.cli import main; sys.argv = ['sim', 'run', 'jig', '-n', '200']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('HEAVY', [m for m in ('pandas', 'matplotlib', 'pyarrow') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "HEAVY []" in out
