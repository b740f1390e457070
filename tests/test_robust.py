"""Nothing lost, nothing silently wrong: exact sums, trusted checkpoints, outputs checked before a run."""

from __future__ import annotations

import json
import math
import os
import stat
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from sim import checkpoint, runner
from sim.cli import cli
from sim.stats import Sums, session_mean_se


def _exact_se(values: list[int], per: int) -> float:
    k = len(values)
    mean = Fraction(sum(values), k)
    var = sum((Fraction(v) - mean) ** 2 for v in values) / (k - 1)
    return math.sqrt(var / k) / per


def test_sums_of_huge_session_totals_are_exact_and_the_se_is_not_clamped():
    """Totals near 2**62: their squares overflow int64, yet the SE equals the exact one."""
    rng = np.random.default_rng(1)
    rows = (rng.integers(-(2**40), 2**40, size=(50, 3)) + np.array([2**62 - 2**41, 0, -(2**61)])).astype(np.int64)
    sums = Sums(3)
    sums.add(rows[:20])
    sums.add(rows[20:])
    mean, se = session_mean_se(sums.s1, sums.s2, 50, 4)
    for j in range(3):
        col = [int(x) for x in rows[:, j]]
        assert mean[j] == pytest.approx(sum(col) / 50 / 4, rel=1e-15)
        assert se[j] == pytest.approx(_exact_se(col, 4), rel=1e-9)
        assert se[j] > 0


def test_corrupt_sums_are_an_error_not_a_zero_se():
    with pytest.raises(ArithmeticError):
        session_mean_se([10, 0], [1, 0], 4, 1)


def test_big_stakes_give_the_true_standard_error():
    """pool_ante at its bound: the run's SE matches the SE computed exactly from the sessions' rows."""
    spec = runner.make_spec("jig", "pool", n=400, seed=2, rules=["pool_ante=1000000"], strategy="random")
    res = runner.run(spec)
    rows = runner.play_chunk(spec, 0, spec.sessions)
    nets = [int(x) for x in rows[:, 0]]
    mean, se = res.metric("net", seat=0)
    assert se == pytest.approx(_exact_se(nets, spec.deals_per_session), rel=1e-9)
    assert se > 1e4


@pytest.mark.parametrize(
    "args, words",
    [
        (["-n", "1e30"], "-n must be at most"),
        (["-n", "1000", "--rotations", "4611686018427387904"], "--rotations must be 1 to"),
        (["-n", "1e9", "--chunk", "100000000"], "--chunk must be 1 to"),
    ],
)
def test_huge_counts_are_refused_before_anything_runs(args, words):
    res = CliRunner().invoke(cli, ["run", "jig", *args])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error:") and words in res.output


# -- outputs and checkpoints ------------------------------------------------------------------------------------


def _run(*args):
    return CliRunner().invoke(cli, ["run", "jig", "-n", "2000", "--seed", "7", "--no-progress", *args])


@pytest.mark.parametrize("bad", ["{dir}", "{dir}/missing/x.json", "{dir}/.json", "{dir}/" + "x" * 300 + ".json"])
def test_a_bad_out_is_refused_before_the_run(tmp_path, bad):
    res = _run("--out", bad.format(dir=tmp_path))
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error: --out")


def test_a_read_only_folder_is_refused_for_out_and_checkpoint(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root can write anywhere")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    assert _run("--out", str(folder / "x.json")).exit_code == 2
    assert _run("--checkpoint", str(folder / "c.json")).exit_code == 2


@pytest.mark.parametrize("where", ["{dir}", "{dir}/missing/c.json"])
def test_a_bad_checkpoint_location_is_refused_before_the_run(tmp_path, where):
    res = _run("--checkpoint", where.format(dir=tmp_path))
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error: --checkpoint")


def test_outputs_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        assert _run("--out", str(tmp_path / "r.json"), "--checkpoint", str(tmp_path / "c.json")).exit_code == 0
    finally:
        os.umask(old)
    for name in ("r.json", "c.json"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o644


def _damage(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


DAMAGE = {
    "a sum changed": lambda d: d["s1"].__setitem__(0, d["s1"][0] + 100000),
    "sessions changed": lambda d: d.__setitem__("sessions", d["sessions"] - 1),
    "sums as floats": lambda d: d.__setitem__("s1", [float(x) for x in d["s1"]]),
    "sessions 1e30": lambda d: d.__setitem__("sessions", 10**30),
    "a sum missing": lambda d: d["s2"].pop(),
    "sessions null": lambda d: d.__setitem__("sessions", None),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_checkpoint_is_refused_and_kept(tmp_path, how):
    ckpt = tmp_path / "c.json"
    assert _run("--checkpoint", str(ckpt)).exit_code == 0
    _damage(ckpt, DAMAGE[how])
    before = ckpt.read_bytes()
    res = _run("--checkpoint", str(ckpt), "--resume")
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error: checkpoint") and str(ckpt) in res.output
    assert ckpt.read_bytes() == before


@pytest.mark.parametrize("content", [b"[]", b"null", b'"text"', b"", b'{"key": ', b"\x00\xff\x13binary"])
def test_a_checkpoint_that_is_not_one_is_refused(tmp_path, content):
    ckpt = tmp_path / "c.json"
    ckpt.write_bytes(content)
    res = _run("--checkpoint", str(ckpt), "--resume")
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error: checkpoint") and str(ckpt) in res.output


def test_resuming_with_another_n_is_refused(tmp_path):
    ckpt = tmp_path / "c.json"
    assert _run("--checkpoint", str(ckpt)).exit_code == 0
    res = CliRunner().invoke(
        cli, ["run", "jig", "-n", "500", "--seed", "7", "--no-progress", "--checkpoint", str(ckpt), "--resume"]
    )
    assert res.exit_code == 2 and "different run" in res.output


def test_a_good_checkpoint_resumes_to_the_same_numbers(tmp_path):
    spec = runner.make_spec("jig", "pool", n=3000, seed=4)
    whole = runner.run(spec, chunk_sessions=64)
    ckpt = str(tmp_path / "c.json")
    part = runner.chunk_sums([spec], 0, 64)[0]
    checkpoint.save(ckpt, spec.key(), part)
    resumed = runner.run(spec, chunk_sessions=64, checkpoint=ckpt, resume=True)
    assert resumed.frame.equals(whole.frame)
