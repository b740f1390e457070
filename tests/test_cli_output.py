"""--out and --chart that fail after the run: the answer is printed first, every file is tried, each failure is one
Error line naming the path given (never the temp file), and the exit status is 1.

A folder that refuses new files although os.access says it may be written (/sys as root) is stood in for by
``refusing``: tempfile.mkstemp raises PermissionError there, as it does in /sys, and works everywhere else.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile

import pytest
from click.testing import CliRunner

from sim import files
from sim.cli import cli

JIG = ["-n", "200", "--no-progress"]


@pytest.fixture
def refusing(tmp_path, monkeypatch):
    """A folder that passes the checks before the run but where no file can be created."""
    folder = tmp_path / "refusing"
    folder.mkdir()
    real = tempfile.mkstemp

    def mkstemp(suffix=None, prefix=None, dir=None, text=False):
        if dir is not None and os.path.abspath(dir) == str(folder):
            name = os.path.join(str(folder), f"{prefix or 'tmp'}abc123{suffix or ''}")
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
        return real(suffix=suffix, prefix=prefix, dir=dir, text=text)

    monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)
    return folder


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def errors(res) -> list[str]:
    return [x for x in res.stderr.splitlines() if x.startswith("Error:")]


@pytest.mark.parametrize(
    "command",
    [["run", "jig"], ["fairness", "jig"], ["compare", "jig", "standard", "pool"]],
    ids=["run", "fairness", "compare"],
)
def test_out_that_fails_after_the_run_still_prints_the_table(refusing, command):
    out = refusing / "x.json"
    res = invoke(*command, *JIG, "--out", str(out))
    assert res.exit_code == 1, res.output
    assert "Jig" in res.stdout or "jig" in res.stdout, res.stdout
    assert errors(res) == [f"Error: could not write {out}: Permission denied"], res.stderr
    assert ".tmp-" not in res.output and "Traceback" not in res.output
    assert not out.exists()


def test_json_is_printed_whole_when_out_fails(refusing):
    out = refusing / "x.csv"
    res = invoke("run", "jig", *JIG, "--format", "json", "--out", str(out))
    assert res.exit_code == 1, res.output
    d = json.loads(res.stdout)
    assert d["game"] == "jig" and d["n"] == 200
    assert errors(res) == [f"Error: could not write {out}: Permission denied"], res.stderr


def test_chart_is_written_when_out_fails(refusing, tmp_path):
    out, chart = refusing / "x.json", tmp_path / "x.png"
    res = invoke("run", "jig", *JIG, "--out", str(out), "--chart", str(chart))
    assert res.exit_code == 1, res.output
    assert chart.read_bytes()[:4] == b"\x89PNG"
    assert f"Chart written to {chart}" in res.stderr
    assert errors(res) == [f"Error: could not write {out}: Permission denied"], res.stderr
    assert "seat" in res.stdout


def test_out_is_written_and_table_printed_when_chart_fails(refusing, tmp_path):
    out, chart = tmp_path / "x.json", refusing / "x.png"
    res = invoke("run", "jig", *JIG, "--out", str(out), "--chart", str(chart))
    assert res.exit_code == 1, res.output
    assert json.loads(out.read_text())["game"] == "jig"
    assert "seat" in res.stdout
    assert errors(res) == [f"Error: could not write {chart}: Permission denied"], res.stderr
    assert "Chart written" not in res.stderr and ".tmp-" not in res.output


def test_both_files_failing_are_both_named(refusing):
    out, chart = refusing / "x.parquet", refusing / "x.svg"
    res = invoke("run", "jig", *JIG, "--out", str(out), "--chart", str(chart))
    assert res.exit_code == 1, res.output
    assert errors(res) == [
        f"Error: could not write {out}: Permission denied",
        f"Error: could not write {chart}: Permission denied",
    ], res.stderr
    assert "seat" in res.stdout


def test_files_that_can_be_written_exit_0(tmp_path):
    out, chart = tmp_path / "x.json", tmp_path / "x.svg"
    res = invoke("run", "jig", *JIG, "--out", str(out), "--chart", str(chart))
    assert res.exit_code == 0, res.output
    assert out.exists() and chart.exists() and not errors(res)
    assert f"Chart written to {chart}" in res.stderr


def test_write_atomically_names_the_target_not_the_temp_file(tmp_path, monkeypatch):
    """The temp file's name is replaced by the path asked for whichever step fails: creating it, or moving it."""
    target = str(tmp_path / "r.json")

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied", src, None, dst)

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(PermissionError) as caught:
        files.write_text_atomically(target, "{}")
    assert caught.value.filename == target and caught.value.errno == errno.EACCES
    assert os.listdir(tmp_path) == []  # the temp file is cleaned up


def test_write_atomically_names_the_target_when_the_temp_file_cannot_be_made(refusing):
    target = str(refusing / "r.json")
    with pytest.raises(PermissionError) as caught:
        files.write_text_atomically(target, "{}")
    assert caught.value.filename == target and "Permission denied" in str(caught.value)


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_a_closed_stdout_still_leaves_the_files_written(tmp_path, fmt):
    """Printing first must not cost the files: with the reader gone (``sim ... | head`` ended), --out and --chart
    are still written, and the exit is the usual quiet 1 of a closed pipe. (The table is printed by rich, which
    ends the process itself on a closed pipe; the JSON by click, whose OSError goes to _output_failed.)"""
    out, chart = tmp_path / "x.json", tmp_path / "x.png"
    env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    cmd = [sys.executable, "-m", "sim", "run", "jig", *JIG, "--format", fmt, "--out", str(out), "--chart", str(chart)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # long before the table: the interpreter and numba take a second to start
    stderr = proc.stderr.read()
    assert proc.wait(timeout=300) == 1, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert json.loads(out.read_text())["game"] == "jig"
    assert chart.read_bytes()[:4] == b"\x89PNG"
