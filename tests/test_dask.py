"""Dask: the same numbers as threads on a LocalCluster and on a real scheduler over TCP, a lost worker survived,
an unreachable scheduler refused in a sentence."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from sim import games, runner

pytest.importorskip("distributed")

GAMES = list(games.GAMES)


def _numbers(result) -> dict:
    d = result.to_dict()
    return {k: d[k] for k in ("seats", "roles", "events", "n")}


@pytest.fixture(scope="module")
def local2():
    """One LocalCluster of two worker processes for the module's tests (starting one costs seconds)."""
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = Client(cluster)
    yield cluster.scheduler_address
    client.close()
    cluster.close()


@pytest.mark.parametrize("game", GAMES)
def test_dask_gives_the_threaded_numbers(game, local2):
    spec = runner.make_spec(game, list(games.load(game).VARIANTS)[-1], n=3000, seed=5, strategy="random")
    threaded = runner.run(spec, chunk_sessions=97)
    distributed = runner.run(spec, chunk_sessions=61, dask=local2)
    assert _numbers(threaded) == _numbers(distributed)
    assert distributed.meta["computed_with"]["executor"] == "dask"
    assert distributed.meta["computed_with"]["workers"] == 2


def test_compare_and_ci_width_stop_at_the_same_chunk(local2, monkeypatch):
    monkeypatch.setattr(runner, "CI_STEP", 500)  # checked in this process, which plans the chunks: a small run stops
    specs = [runner.make_spec("jig", v, n=40_000, seed=3) for v in ("standard", "pool")]
    a = runner.compare(specs, chunk_sessions=50, ci_width=0.5)
    b = runner.compare(specs, chunk_sessions=50, ci_width=0.5, dask=local2)
    assert a.meta["n"] == b.meta["n"] < 40_000
    assert a.frame.equals(b.frame)


def test_local_k_starts_its_own_cluster():
    spec = runner.make_spec("jig", n=800, seed=2)
    res = runner.run(spec, chunk_sessions=40, dask="local:1")
    assert _numbers(res) == _numbers(runner.run(spec))
    assert res.meta["computed_with"]["workers"] == 1


def test_an_unreachable_scheduler_fails_cleanly_and_fast():
    spec = runner.make_spec("jig", n=100)
    t = time.perf_counter()
    with pytest.raises(ValueError, match="cannot reach a Dask scheduler"):
        runner.run(spec, dask="tcp://127.0.0.1:9")
    assert time.perf_counter() - t < 30


def _start(cmd: list[str], **kw) -> subprocess.Popen:
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, **kw)


def _wait_for(path: str, seconds: float = 60) -> dict:
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path):
            try:
                with open(path) as f:
                    return json.load(f)
            except json.JSONDecodeError:
                pass
        time.sleep(0.2)
    raise TimeoutError(path)


def test_a_real_scheduler_over_tcp_and_a_worker_killed_mid_run(tmp_path):
    """`dask scheduler` and two `dask worker` processes, as a user would start them; one worker is killed while
    the run goes on, and the numbers are still the threaded run's."""
    bindir = os.path.dirname(sys.executable)
    sched_file = str(tmp_path / "scheduler.json")
    procs = [_start([os.path.join(bindir, "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", sched_file])]  # fmt: skip
    try:
        address = _wait_for(sched_file)["address"]
        for _ in range(2):
            procs.append(_start([os.path.join(bindir, "dask"), "worker", address, "--nthreads", "1",
                                 "--no-dashboard", "--nworkers", "1"]))  # fmt: skip
        from distributed import Client

        with Client(address, timeout=30) as c:
            c.wait_for_workers(2, timeout=60)
        spec = runner.make_spec("jig", "pool", n=60_000, seed=9, strategy="random")
        expected = _numbers(runner.run(spec, chunk_sessions=100))

        killed = []

        def kill_one_worker(done_sessions: int) -> None:
            if not killed and done_sessions >= 1000:
                os.killpg(procs[1].pid, signal.SIGKILL)
                killed.append(done_sessions)

        got = runner.run(spec, chunk_sessions=100, dask=address, on_chunk=kill_one_worker)
        assert killed, "the run finished before a worker could be killed"
        assert _numbers(got) == expected
    finally:
        for p in procs:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_the_cli_runs_on_dask_and_says_so():
    from click.testing import CliRunner

    from sim.cli import cli

    res = CliRunner().invoke(cli, ["run", "jig", "-n", "800", "--dask", "local:1", "--format", "json", "--no-progress"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["computed_with"]["executor"] == "dask" and d["n"] == 800
    bad = CliRunner().invoke(cli, ["run", "jig", "-n", "800", "--dask", "local:zero"])
    assert bad.exit_code == 2 and "local:K" in bad.output


def test_ctrl_c_checkpoint_and_resume_under_dask(local2, tmp_path):
    """Ctrl-C part-way (simulated after the third chunk) keeps a checkpoint; resuming on Dask gives the numbers of
    an unbroken threaded run."""
    spec = runner.make_spec("jig", "pool", n=4000, seed=6)
    whole = runner.run(spec, chunk_sessions=50)
    ckpt = str(tmp_path / "c.json")
    seen = []

    def stop_after_three(done: int) -> None:
        seen.append(done)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(runner.Interrupted) as stop:
        runner.run(spec, chunk_sessions=50, dask=local2, checkpoint=ckpt, on_chunk=stop_after_three)
    assert stop.value.result.meta["interrupted"] and stop.value.result.sessions == 150
    resumed = runner.run(spec, chunk_sessions=50, dask=local2, checkpoint=ckpt, resume=True)
    assert _numbers(resumed) == _numbers(whole)
