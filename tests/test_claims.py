"""The claim scripts are the claim table: every script runs at a small n and writes a well-formed table, page and
chart; the index lists every script found, with the page and the book's words from its record, and nothing else."""

from __future__ import annotations

import textwrap

import pandas as pd
import pytest
from click.testing import CliRunner

from sim import claims as C
from sim.analysis import Claim, verdict_below, verdict_positive, verdict_within
from sim.analysis.verdicts import VERDICTS
from sim.cli import cli

SCRIPTS = C.known_ids()


@pytest.mark.parametrize("cid", SCRIPTS)
def test_claim_script_writes_its_report(cid, tmp_path):
    rows = C.run_claims(n=1500, only=[cid], out=str(tmp_path), seed=3, echo=lambda *_: None)
    row = next(r for r in rows if r["id"] == cid)
    assert row["verdict"] in VERDICTS
    with open(tmp_path / f"{cid}.csv") as f:
        header = f.readline()
    assert header.startswith(f"# claim {cid}; rules ") and "seed 3" in header and "sim " in header
    assert "rules -;" not in header  # the runs behind the table are named
    table = pd.read_csv(tmp_path / f"{cid}.csv", comment="#")
    assert len(table) > 0
    page = (tmp_path / f"{cid}.md").read_text()
    assert f"**Verdict: {row['verdict']}**" in page and "**Answer:**" in page
    if row["chart"]:
        assert (tmp_path / row["chart"]).read_bytes()[:4] == b"\x89PNG"
    index = (tmp_path / "README.md").read_text()
    assert all(f"| {other} |" in index for other in SCRIPTS)


def test_every_script_keeps_the_record():
    """One record per script: named after its file, a page of the chapters, the book's words, what is measured."""
    modules = C.records()
    assert [m.CLAIM.id for m in modules] == SCRIPTS and len(SCRIPTS) == len(set(SCRIPTS)) > 0
    for m in modules:
        claim = m.CLAIM
        assert isinstance(claim, Claim) and 70 <= claim.page <= 100
        assert claim.quote.strip() and claim.measure.strip() and claim.game.strip()
    assert [m.CLAIM.page for m in modules] == sorted(m.CLAIM.page for m in modules)  # the book's order


FAKE = """
import pandas as pd
from sim.analysis import Answer, Claim, main

CLAIM = Claim("{id}", "Pope Joan", {page}, "{quote}", "nothing: a test of the index")


def answer(n, seed, play=None):
    return Answer(pd.DataFrame({{"n": [n], "seed": [seed]}}), "{id} measured", "measured", "a test", ["popejoan()"], n)


if __name__ == "__main__":
    main(CLAIM, answer)
"""


def _script(folder, cid, page=84, quote="the words of the book", id_in_record=None):
    text = FAKE.format(id=id_in_record or cid, page=page, quote=quote)
    (folder / f"{cid}.py").write_text(textwrap.dedent(text))


def test_a_new_script_is_in_the_index_with_nothing_else_edited(tmp_path):
    scripts, out = tmp_path / "analysis", tmp_path / "reports"
    scripts.mkdir()
    _script(scripts, "zz_late", page=99, quote="a claim near the end")
    _script(scripts, "aa_early", page=71, quote="a claim | near the start")
    (scripts / "_helper.py").write_text("raise RuntimeError('not a claim')\n")
    rows = C.run_claims(n=5, only=["zz_late"], out=str(out), seed=2, echo=lambda *_: None, folder=str(scripts))
    assert [r["id"] for r in rows] == ["aa_early", "zz_late"]  # by page; files starting with _ are not claims
    index = (out / "README.md").read_text().splitlines()
    early = next(x for x in index if x.startswith("| aa_early |"))
    late = next(x for x in index if x.startswith("| zz_late |"))
    assert "| 71 | a claim / near the start | not run yet | not yet |" in early
    assert (
        "| 99 | a claim near the end | **book:** zz_late measured — **rollout:8:** zz_late measured | measured |"
        in late
    )
    assert "| book, rollout:8 |" in late  # the plays the verdict rests on (Pope Joan's)
    # a rerun of the other keeps the answer the first one wrote
    C.run_claims(n=5, only=["aa_early"], out=str(out), seed=2, echo=lambda *_: None, folder=str(scripts))
    index = (out / "README.md").read_text()
    assert "zz_late measured | measured | book, rollout:8 | [table](zz_late.md) |" in index


@pytest.mark.parametrize("damage", [b"\x89PNG\r\n\x1a\n", b"# aa_early\n\n**Answer:** half a pa"])
def test_a_damaged_page_of_another_claim_is_refused_before_any_claim_runs(tmp_path, damage):
    """Not text, or cut short: the index would show a garbled or blank row for that claim's answer."""
    scripts, out = tmp_path / "analysis", tmp_path / "reports"
    scripts.mkdir()
    _script(scripts, "zz_late", page=99)
    _script(scripts, "aa_early", page=71)
    C.run_claims(n=5, only=["aa_early"], out=str(out), seed=2, echo=lambda *_: None, folder=str(scripts))
    (out / "aa_early.md").write_bytes(damage)
    ran = []
    with pytest.raises(ValueError, match=r"aa_early\.md is damaged .*sim claims --only aa_early"):
        C.run_claims(n=5, only=["zz_late"], out=str(out), seed=2, echo=ran.append, folder=str(scripts))
    assert ran == [] and not (out / "zz_late.md").exists()


def test_a_record_not_named_after_its_file_is_refused(tmp_path):
    _script(tmp_path, "pj_one", id_in_record="pj_other")
    with pytest.raises(C.ClaimError, match="must be the file's name"):
        C.records(str(tmp_path))


def test_sim_claims_names_the_claims_it_knows():
    out = CliRunner().invoke(cli, ["claims", "--only", "no_such_claim"])
    assert out.exit_code == 2 and out.output.startswith("Error: unknown claim 'no_such_claim'")
    assert all(cid in out.output for cid in SCRIPTS)


@pytest.mark.parametrize(
    "verdict,mean,se,expected",
    [
        (verdict_positive, 0.10, 0.01, "supported"),
        (verdict_positive, -0.10, 0.01, "refuted"),
        (verdict_positive, 0.01, 0.01, "inconclusive"),
        (verdict_within, 0.0, 0.01, "supported"),
        (verdict_within, 0.2, 0.01, "refuted"),
        (verdict_within, 0.04, 0.01, "inconclusive"),
        (verdict_below, 0.02, 0.001, "supported"),
        (verdict_below, 0.08, 0.001, "refuted"),
        (verdict_below, 0.049, 0.01, "inconclusive"),
    ],
)
def test_verdicts_read_the_99_percent_interval(verdict, mean, se, expected):
    assert verdict(mean, se) == expected
