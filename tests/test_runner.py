"""The driver: counts, checkpoints, resuming and interruption, result files."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from sim import runner
from sim.results import Result


@pytest.mark.parametrize(
    "text,value",
    [("1e7", 10_000_000), ("10_000_000", 10_000_000), ("10000000", 10_000_000), ("1.5e3", 1500), (" 42 ", 42), (7, 7)],
)
def test_counts_accepted(text, value):
    assert runner.parse_count(text) == value


@pytest.mark.parametrize("text", ["0", "-5", "2.5", "abc", "1e-3", "", "inf", "nan", "1e", "0x10", True])
def test_counts_refused(text):
    with pytest.raises(ValueError, match="-n"):
        runner.parse_count(text)


def test_sessions_are_whole_rotations():
    spec = runner.make_spec("popejoan", n=10, players=4, rotations=2)
    assert spec.deals_per_session == 8 and spec.sessions == 2 and spec.n_deals == 16


def _spec(**kw):
    return runner.make_spec("popejoan", "five-pool", n=30_000, seed=5, **kw)


def test_interrupted_then_resumed_equals_unbroken(tmp_path, monkeypatch):
    unbroken = runner.run(_spec(), chunk_sessions=1000)
    ckpt = str(tmp_path / "run.ckpt.json")
    real = runner.play_chunk
    calls = {"n": 0}

    def flaky(spec, first, count):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(spec, first, count)

    monkeypatch.setattr(runner, "play_chunk", flaky)
    with pytest.raises(runner.Interrupted) as stop:
        runner.run(_spec(), chunk_sessions=1000, checkpoint=ckpt)
    partial = stop.value.result
    assert partial.interrupted and partial.sessions == 3000
    assert json.load(open(ckpt))["sessions"] == 3000
    monkeypatch.setattr(runner, "play_chunk", real)
    resumed = runner.run(_spec(), chunk_sessions=1000, checkpoint=ckpt, resume=True)
    assert resumed.frame.equals(unbroken.frame)
    assert resumed.meta["event_counts"] == unbroken.meta["event_counts"]


def test_an_existing_checkpoint_is_not_overwritten_without_resume(tmp_path):
    ckpt = tmp_path / "c.ckpt.json"
    runner.run(_spec(), chunk_sessions=5000, checkpoint=str(ckpt))
    saved = ckpt.read_bytes()
    with pytest.raises(ValueError, match="already exists: add --resume"):
        runner.run(_spec(), chunk_sessions=5000, checkpoint=str(ckpt))
    assert ckpt.read_bytes() == saved


def test_checkpoint_of_another_run_is_refused(tmp_path):
    ckpt = str(tmp_path / "c.json")
    runner.run(_spec(), chunk_sessions=5000, checkpoint=ckpt)
    other = runner.make_spec("popejoan", "standard", n=30_000, seed=5)
    with pytest.raises(ValueError, match="different run"):
        runner.run(other, checkpoint=ckpt, resume=True)


@pytest.mark.parametrize("ext", ["json", "csv", "parquet"])
def test_result_files_carry_rules_and_seed(tmp_path, ext):
    res = runner.run(runner.make_spec("popejoan", "pope-cap-4", n=2000, seed=17))
    path = str(tmp_path / f"r.{ext}")
    res.save(path)
    if ext == "csv":
        import pandas as pd

        f = pd.read_csv(path)
        assert set(f["rules"]) == {"popejoan(pope_turnup_cap=4)"} and set(f["seed"]) == {17}
        assert {"game", "variant", "players", "seat", "role", "strategy", "metric", "mean", "se", "n"} <= set(f.columns)
    else:
        d = Result.load_dict(path)
        assert d["rules_string"] == "popejoan(pope_turnup_cap=4)" and d["seed"] == 17
        assert d["rules"]["pope_turnup_cap"] == 4 and d["n"] == 2000
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".tmp-")]


def _cache_dir_of_a_child(env: dict, code: str = "import sim, os; print(os.environ['NUMBA_CACHE_DIR'])") -> str:
    """What a fresh Python process with ``env`` running ``code`` prints: where numba's cache goes."""
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def _env_without_cache_dirs() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}


def test_numba_cache_falls_back_when_home_is_not_writable(tmp_path):
    env = _env_without_cache_dirs()
    env.update(HOME="/proc/nonexistent-home", TMPDIR=str(tmp_path))
    assert _cache_dir_of_a_child(env).startswith(str(tmp_path))


def test_a_numba_cache_the_user_chose_is_keyed_by_the_sources(tmp_path):
    """NUMBA_CACHE_DIR set by hand: the kernels go in a folder of it keyed by the package's sources, so an edited
    helper merged into an unedited caller cannot leave the caller's old machine code in use."""
    import sim

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "mine")}
    assert _cache_dir_of_a_child(env) == str(tmp_path / "mine" / "sim-numba" / sim.source_digest())


def test_a_child_of_a_process_that_imported_sim_caches_in_the_same_folder(tmp_path):
    """A child inherits the keyed folder in NUMBA_CACHE_DIR and must use it as it is: nested under it, a test's or
    a local worker's process compiled every kernel again in a folder of its own."""
    import sim

    env = {**_env_without_cache_dirs(), "XDG_CACHE_HOME": str(tmp_path)}
    keyed = str(tmp_path / "sim-numba" / sim.source_digest())
    assert _cache_dir_of_a_child({**env, "NUMBA_CACHE_DIR": keyed}) == keyed
    other = str(tmp_path / "sim-numba" / "0123456789abcdef")  # a child of another version of the sources
    assert _cache_dir_of_a_child({**env, "NUMBA_CACHE_DIR": other}) == keyed


def test_numba_imported_before_sim_still_caches_by_the_sources(tmp_path):
    """numba reads NUMBA_CACHE_DIR when imported: imported before sim, it is told again, or it would cache beside
    each source file and check only that file (the A/B tool's child processes did so)."""
    import sim

    env = {**_env_without_cache_dirs(), "XDG_CACHE_HOME": str(tmp_path)}
    code = "import numba, sim; from numba.core import config; print(config.CACHE_DIR)"
    assert _cache_dir_of_a_child(env, code) == str(tmp_path / "sim-numba" / sim.source_digest())


def _arms(*texts, n=20_000, seed=2):
    return [runner.make_spec("popejoan", n=n, seed=seed, **runner.parse_arm("popejoan", t)) for t in texts]


def test_compare_identical_arms_differ_by_exactly_zero():
    comp = runner.compare(_arms("standard", "standard"), ["a", "b"])
    assert (comp.frame["diff"] == 0).all() and (comp.frame["se"] == 0).all()


def test_compare_is_paired_and_thread_independent():
    import numba

    before = numba.get_num_threads()
    try:
        one = runner.compare(
            _arms("standard", "dealer-sees-spare", "0=hold-pope"), ["s", "d", "h"], threads=1, chunk_sessions=1111
        )
        two = runner.compare(_arms("standard", "dealer-sees-spare", "0=hold-pope"), ["s", "d", "h"], threads=2)
    finally:
        numba.set_num_threads(before)
    assert one.frame.equals(two.frame)
    gain, se = one.diff("d", "net", role="dealer")
    assert gain - 3 * se > 0  # p. 87: seeing the spare hand "gives so much advantage to the dealer"
    row = one.frame[(one.frame["arm"] == "d") & (one.frame["role"] == "dealer") & (one.frame["metric"] == "net")]
    assert float(row["se"].iloc[0]) < float(row["se_independent"].iloc[0])
    # the arms' own results are those of plain runs with the same seed
    plain = runner.run(_arms("dealer-sees-spare")[0])
    assert one.results[1].frame.equals(plain.frame)


def test_compare_refuses_arms_of_different_sizes():
    with pytest.raises(ValueError, match="same number of players"):
        runner.compare(_arms("standard", "players=5"), ["4", "5"])


def test_ci_width_stops_at_the_same_point_on_any_thread_count_and_chunk():
    import numba

    spec = runner.make_spec("popejoan", "five-pool", n=5_000_000, seed=4)
    before = numba.get_num_threads()
    try:
        a = runner.run(spec, ci_width=0.08, chunk_sessions=2000, threads=1)
        b = runner.run(spec, ci_width=0.08, chunk_sessions=2000, threads=2)
        c = runner.run(spec, ci_width=0.08, chunk_sessions=7001, threads=2)  # (no divisor of the check's step)
    finally:
        numba.set_num_threads(before)
    assert a.frame.equals(b.frame) and a.meta["n"] == b.meta["n"] < 5_000_000
    assert c.frame.equals(a.frame) and c.meta["n"] == a.meta["n"]
    net = a.frame[a.frame["metric"] == "net"]
    assert (1.959963984540054 * net["se"] < 0.08).all()
    assert a.meta["n"] % (runner.CI_STEP * 4) == 0  # checked only at whole steps


def test_a_chunk_never_crosses_a_check_of_the_precision():
    assert runner.chunk_plan(0, 10, 4, None) == [(0, 4), (4, 4), (8, 2)]
    assert runner.chunk_plan(0, 10, 4, 3) == [(0, 3), (3, 3), (6, 3), (9, 1)]
    assert runner.chunk_plan(5, 20, 100, 8) == [(5, 3), (8, 8), (16, 4)]  # resumed off a step: to the next one


def test_parse_arm():
    assert runner.parse_arm("popejoan", "five-pool+pope_turnup_cap=4+0=hold-pope+all=lowest") == {
        "variant": "five-pool",
        "rules": ["pope_turnup_cap=4"],
        "seat_strategies": ["0=hold-pope"],
        "strategy": "lowest",
    }
    with pytest.raises(ValueError, match="unknown variant"):
        runner.parse_arm("popejoan", "six-pool")


def test_ci_arms_also_waits_for_each_arms_own_precision(monkeypatch):
    monkeypatch.setattr(runner, "CI_STEP", 500)  # a finer check than a run's, so that the two stops differ
    specs = _arms("standard", "pope-cap-4", n=2_000_000, seed=6)
    diff_only = runner.compare(specs, ["s", "c"], ci_width=0.2, chunk_sessions=500)
    both = runner.compare(specs, ["s", "c"], ci_width=0.2, chunk_sessions=500, ci_arms=True)
    assert diff_only.meta["n"] < both.meta["n"] < 2_000_000
    net = both.results[0].frame[both.results[0].frame["metric"] == "net"]
    assert (1.959963984540054 * net["se"] < 0.2).all()
