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


def test_a_file_in_place_of_the_folder_is_named_as_such(tmp_path):
    (tmp_path / "cap4.json").write_text("{}")
    res = _run("--out", str(tmp_path / "cap4.json" / "x.json"))
    assert res.exit_code == 2 and "cap4.json is a file, not a folder" in res.output, res.output


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


# -- numbers refused before anything runs ------------------------------------------------------------------------


@pytest.fixture
def nothing_runs(monkeypatch):
    """Any run, comparison, bench or claim started fails the test: a refusal must come before all of them."""
    from sim import bench, claims

    def started(*args, **kw):
        raise AssertionError("a run started")

    for owner, name in [(runner, "run"), (runner, "compare"), (runner, "play_chunk"), (claims, "run_claims"),
                        (bench, "run_bench")]:  # fmt: skip
        monkeypatch.setattr(owner, name, started)


BAD_NUMBERS = [
    (["claims", "--only", "jig_lead", "--n", "1000", "--seed", "-1"], "--seed"),
    (["claims", "--seed", "nan"], "--seed"),
    (["run", "jig", "-n", "100", "--seed", str(2**63)], "--seed"),
    (["trace", "jig", "--seed", "-5"], "--seed"),
    (["bench", "--seconds", "nan"], "--seconds"),
    (["bench", "--seconds", "inf"], "--seconds"),
    (["bench", "--seconds", "-1"], "--seconds"),
    (["bench", "--seconds", "0"], "--seconds"),
    (["bench", "--game", "jig", "--seconds", "1e9"], "--seconds"),
    (["run", "jig", "-n", "100", "--ci-width", "inf"], "--ci-width"),
    (["run", "jig", "-n", "100", "--ci-width", "nan"], "--ci-width"),
    (["run", "jig", "-n", "100", "--ci-width", "0"], "--ci-width"),
    (["compare", "jig", "standard", "pool", "-n", "100", "--ci-width", "-inf"], "--ci-width"),
    (["trace", "jig", "--deal", str(10**30)], "--deal"),
    (["trace", "jig", "--deal", str(2**63 - 1)], "--deal"),
    (["trace", "jig", "--deal", str(runner.MAX_DEALS)], "--deal"),
    (["trace", "jig", "--deal", "-1"], "--deal"),
    (["trace", "jig", "--deal", "nan"], "--deal"),
]


@pytest.mark.parametrize("args, option", BAD_NUMBERS, ids=[" ".join(a) for a, _ in BAD_NUMBERS])
def test_meaningless_numbers_are_refused_in_one_line_before_anything_runs(nothing_runs, args, option):
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error:") and option in res.output
    assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output


def test_the_last_deal_a_run_can_play_is_accepted_by_the_check():
    from sim.cli_options import Number

    deal = Number(0, runner.MAX_DEALS - 1)
    assert deal.convert(str(runner.MAX_DEALS - 1), None, None) == runner.MAX_DEALS - 1
    assert deal.convert("0", None, None) == 0


# -- each choice made once ---------------------------------------------------------------------------------------


TWICE = [
    (["run", "jig", "-n", "100", "--rule", "pool_ante=1", "--rule", "pool_ante=2"], "pool_ante is given twice"),
    (["run", "jig", "-n", "100", "--rule", "pool_ante=1", "--rule", "pool-ante=1"], "pool_ante is given twice"),
    (["rules", "jig", "--rule", "pool_ante=1", "--rule", "pool_ante=3"], "pool_ante is given twice"),
    (["compare", "jig", "standard", "pool_ante=1+pool_ante=2", "-n", "100"], "pool_ante is given twice"),
    (["run", "jig", "-n", "100", "--rule", "players=5", "--players", "4"], "give the number of players once"),
    (["run", "jig", "-n", "100", "--rule", "players=5", "--players", "3-5"], "give the number of players once"),
    (["rules", "jig", "--rule", "players=5", "--players", "5"], "give the number of players once"),
    (["compare", "jig", "standard", "players=5", "--players", "4", "-n", "100"], "give the number of players once"),
    (["trace", "jig", "--seat-strategy", "0=book", "--seat-strategy", "0=random"], "given twice"),
]


@pytest.mark.parametrize("args, words", TWICE, ids=[" ".join(a) for a, _ in TWICE])
def test_a_rule_or_seat_given_twice_is_refused(nothing_runs, args, words):
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error:") and words in res.output


def test_each_rule_once_is_still_accepted():
    res = CliRunner().invoke(cli, ["rules", "jig", "--rule", "pool_ante=2", "--rule", "players=5"])
    assert res.exit_code == 0, res.output
    assert "pool_ante=2" in res.output and "5" in res.output


# -- sim claims --out --------------------------------------------------------------------------------------------


def _claims_out(tmp_path, kind):
    if kind == "a file":
        (tmp_path / "f").write_text("x")
        return tmp_path / "f"
    if kind == "under a file":
        (tmp_path / "f").write_text("x")
        return tmp_path / "f" / "reports"
    if kind == "a long name":
        return tmp_path / ("r" * 300)
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    return folder / "reports" if kind == "under a read-only folder" else folder


@pytest.mark.parametrize("kind", ["a file", "under a file", "a long name", "a read-only folder",
                                  "under a read-only folder"])  # fmt: skip
def test_claims_out_is_checked_before_any_claim_runs(nothing_runs, tmp_path, kind):
    if "read-only" in kind and os.geteuid() == 0:
        pytest.skip("root can write anywhere")
    out = _claims_out(tmp_path, kind)
    res = CliRunner().invoke(cli, ["claims", "--only", "jig_lead", "--n", "1000", "--out", str(out)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error: --out") and len(res.output.strip().splitlines()) == 1


def test_claims_out_may_be_a_new_folder(tmp_path):
    from sim.claims import check_out

    check_out(str(tmp_path / "new" / "reports"))  # made when the reports are written
    check_out(str(tmp_path))


# -- output that cannot be written -------------------------------------------------------------------------------


def _sim(*args, **kw):
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    return subprocess.run([sys.executable, "-m", "sim", *args], env=env, capture_output=False, text=True, **kw)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["list"], ["rules", "jig"], ["run", "jig", "-n", "1000", "--no-progress"],
                                  ["run", "jig", "-n", "1000", "--format", "json"]])  # fmt: skip
def test_a_full_device_on_stdout_is_an_error_not_a_traceback_or_success(tmp_path, args):
    import subprocess

    with open("/dev/full", "w") as full:
        res = _sim(*args, stdout=full, stderr=subprocess.PIPE)
    assert res.returncode == 1, res.stderr
    assert "Error: could not write to standard output: No space left on device" in res.stderr.splitlines()
    assert "Traceback" not in res.stderr and "Exception ignored" not in res.stderr


# -- Ctrl-C while the kernels compile ----------------------------------------------------------------------------


def test_an_interrupt_numba_turns_into_another_error_still_exits_130(monkeypatch, tmp_path):
    """Ctrl-C inside one of LLVM's callbacks is swallowed there, and numba then fails with 'no compiled object
    yet': the command must still end as an interrupt (one line, 130), with no output file."""
    import signal

    def compile_swallowing_the_interrupt(*args, **kw):
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            pass  # what a ctypes callback does with it
        raise RuntimeError("no compiled object yet for <Library 'play_sessions'>")

    monkeypatch.setattr(runner, "run", compile_swallowing_the_interrupt)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(cli, ["run", "jig", "-n", "1000", "--no-progress", "--out", str(out)])
    assert res.exit_code == 130, res.output
    assert res.output.strip().splitlines()[-1].startswith("Interrupted")
    assert "Traceback" not in res.output and "RuntimeError" not in res.output
    assert not out.exists()


def test_an_interrupt_before_the_first_chunk_writes_nothing(monkeypatch, tmp_path):
    def stopped(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "chunk_sums", stopped)
    out = tmp_path / "r.json"
    for args in (["run", "jig", "-n", "1000", "--out", str(out)], ["compare", "jig", "standard", "pool", "-n", "1000",
                                                                    "--out", str(out)]):  # fmt: skip
        res = CliRunner().invoke(cli, args)
        assert res.exit_code == 130, res.output
        assert res.output.strip() == "Interrupted before any deal was played: nothing written."
        assert not out.exists()


def test_an_interrupt_inside_numbas_cache_writer_or_llvm_is_delivered_after_it():
    """Inside those (told by the module on the stack) Ctrl-C is put off: the code there finishes, and the
    interrupt arrives once the program is back in plain Python."""
    import signal
    import time

    from sim.cli_options import _Interrupts

    inside = {"__name__": "llvmlite.binding.executionengine", "signal": signal, "time": time}
    exec(
        "def notify():\n"
        "    signal.raise_signal(signal.SIGINT)\n"
        "    t = time.perf_counter()\n"
        "    while time.perf_counter() - t < 0.2:\n"
        "        pass\n"
        "    return 'finished'\n",
        inside,
    )
    with _Interrupts() as ctrl_c:
        assert inside["notify"]() == "finished"
        assert ctrl_c.seen
        with pytest.raises(KeyboardInterrupt):
            time.sleep(5)


@pytest.mark.parametrize("wait_s", [0.5, 2.5])
def test_ctrl_c_during_a_cold_compile_exits_130_and_leaves_nothing_half_written(tmp_path, wait_s):
    """A fresh numba cache, SIGINT while the kernels compile: exit 130, one line, no traceback, no --out file,
    no half-written file in the cache (numba writes each under a temporary name first)."""
    import signal
    import subprocess
    import sys
    import time

    cache = tmp_path / "numba"
    out = tmp_path / "r.json"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache),
           "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}  # fmt: skip
    cmd = [sys.executable, "-m", "sim", "run", "jig", "-n", "1e5", "--no-progress", "--out", str(out)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stderr.readline()
    assert first.startswith("Compiling"), first
    time.sleep(wait_s)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert stderr.strip().splitlines()[-1].startswith("Interrupted"), stderr
    assert stdout == "" and not out.exists()
    assert not [p for p in cache.rglob("*") if ".tmp." in p.name or p.name.startswith(".tmp-")]
