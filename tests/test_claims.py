"""Every claim script runs at a small n and writes a well-formed table, page and chart; the index lists all."""

from __future__ import annotations

import os

import pandas as pd
import pytest

from sim import claims as C

SCRIPTS = [cid for cid in C.known_ids() if os.path.exists(C.script_path(cid))]


@pytest.mark.parametrize("cid", SCRIPTS)
def test_claim_script_writes_its_report(cid, tmp_path):
    rows = C.run_claims(n=1500, only=[cid], out=str(tmp_path), seed=3, echo=lambda *_: None)
    row = next(r for r in rows if r["id"] == cid)
    assert row["verdict"] in ("supported", "refuted", "inconclusive", "measured")
    with open(tmp_path / f"{cid}.csv") as f:
        header = f.readline()
    assert header.startswith(f"# claim {cid}; rules ") and "seed 3" in header and "sim " in header
    table = pd.read_csv(tmp_path / f"{cid}.csv", comment="#")
    assert len(table) > 0
    page = (tmp_path / f"{cid}.md").read_text()
    assert f"**Verdict: {row['verdict']}**" in page and "**Answer:**" in page
    if row["chart"]:
        assert (tmp_path / row["chart"]).read_bytes()[:4] == b"\x89PNG"
    index = (tmp_path / "README.md").read_text()
    assert all(f"| {other} |" in index for other in C.known_ids())


def test_claims_without_a_script_say_not_yet(tmp_path):
    C.run_claims(n=10, only=["pj_example"], out=str(tmp_path), echo=lambda *_: None)
    index = (tmp_path / "README.md").read_text()
    missing = [cid for cid in C.known_ids() if cid not in SCRIPTS]
    for cid in missing:
        line = next(x for x in index.splitlines() if x.startswith(f"| {cid} |"))
        assert "not yet" in line
