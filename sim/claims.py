"""``sim claims``: run the claim scripts of ``analysis/`` and write the index, reports/README.md.

The scripts are the claim table: every ``analysis/<id>.py`` (a name not starting with ``_``) is one claim, and its
``CLAIM`` record (id, game, page, the book's words, what is measured) is the only place those are written. The
index lists every script found, in the book's page order, so adding a claim is adding its script.
"""

from __future__ import annotations

import importlib.util
import os
import re
import time
from collections.abc import Callable
from types import ModuleType

from sim import __version__
from sim.analysis.measure import FULL_N
from sim.analysis.plays import across
from sim.analysis.record import Claim
from sim.analysis.report import ANALYSIS, REPORTS, IndexRow, write

__all__ = [
    "ANALYSIS", "REPORTS", "ClaimError", "check_out", "known_ids", "load", "records", "run_claims", "write_index",
]  # fmt: skip

MAX_NAME = 255  # bytes in one file name on the usual file systems


class ClaimError(ValueError):
    """A claim script that does not keep the contract (no CLAIM record, or one not named after its file)."""


def script_path(claim_id: str, folder: str = ANALYSIS) -> str:
    return os.path.join(folder, f"{claim_id}.py")


def script_ids(folder: str = ANALYSIS) -> list[str]:
    """The claim scripts in ``folder``, by file name."""
    if not os.path.isdir(folder):
        return []
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and not f.startswith("_"))


def load(claim_id: str, folder: str = ANALYSIS) -> ModuleType:
    """Import ``<folder>/<id>.py`` and check its record: a ``CLAIM`` named after the file and an ``answer``."""
    path = script_path(claim_id, folder)
    spec = importlib.util.spec_from_file_location(f"claim_{claim_id}", path)
    if spec is None or spec.loader is None:
        raise ClaimError(f"no claim script {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    claim = getattr(module, "CLAIM", None)
    if not isinstance(claim, Claim):
        raise ClaimError(f"{path} defines no CLAIM = Claim(...)")
    if claim.id != claim_id:
        raise ClaimError(f"{path}: CLAIM's id is {claim.id!r}; it must be the file's name, {claim_id!r}")
    if not callable(getattr(module, "answer", None)):
        raise ClaimError(f"{path} defines no answer(n, seed)")
    return module


def records(folder: str = ANALYSIS) -> list[ModuleType]:
    """Every claim script of ``folder``, loaded, in the index's order: by the book's page, then id."""
    modules = [load(cid, folder) for cid in script_ids(folder)]
    return sorted(modules, key=lambda m: (m.CLAIM.page, m.CLAIM.id))


def known_ids(folder: str = ANALYSIS) -> list[str]:
    """The claim ids, in the index's order."""
    return [m.CLAIM.id for m in records(folder)]


def check_out(folder: str) -> None:
    """ValueError (naming ``--out``) unless the reports can be written into ``folder``: it is a folder, or can be
    made in the nearest folder above it that exists, and that folder is writable. Checked before any claim runs,
    so a long run never ends on a place it cannot write."""
    if not folder or not folder.strip():
        raise ValueError("--out needs a folder name")
    path = os.path.abspath(folder)
    if any(len(part.encode()) > MAX_NAME for part in path.split(os.sep)):
        raise ValueError(f"--out {folder}: a name in it is longer than {MAX_NAME} bytes")
    if os.path.exists(path) and not os.path.isdir(path):
        raise ValueError(f"--out {folder} is a file, not a folder")
    nearest = path
    while not os.path.exists(nearest):
        nearest = os.path.dirname(nearest)
    if not os.path.isdir(nearest):
        raise ValueError(f"--out {folder}: {nearest} is a file, not a folder")
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise ValueError(f"--out {folder}: cannot write in {nearest} (permission denied)")
    index = os.path.join(path, "README.md")
    if os.path.exists(index) and not os.access(index, os.W_OK):
        raise ValueError(f"--out {folder}: its index {index} is read-only")


def run_claims(
    n: int | None = None,
    only: list[str] | None = None,
    out: str = REPORTS,
    seed: int = 1,
    echo: Callable[[str], object] = print,
    folder: str = ANALYSIS,
) -> list[IndexRow]:
    """Run the scripts (all, or ``only``), write their reports and rewrite the index; return the index rows.

    A claim not run this time keeps the answer its page in ``out`` already has (or shows 'not run yet'). Those
    pages are read before any claim runs: a damaged one is a ValueError naming it, before hours of play.
    """
    modules = records(folder)
    kept = {m.CLAIM.id: _existing_row(out, m.CLAIM) for m in modules if only and m.CLAIM.id not in only}
    rows = []
    for module in modules:
        claim: Claim = module.CLAIM
        if claim.id in kept:
            rows.append(kept[claim.id])
            continue
        t0 = time.perf_counter()
        answer = across(claim, module.answer, int(n) if n is not None else FULL_N, seed)
        row = write(claim, answer, out, seed)
        rows.append(row)
        echo(f"{claim.id}: {row['verdict']} — {row['measured']} ({time.perf_counter() - t0:.0f} s)")
    write_index(rows, out, seed)
    return rows


def _existing_row(out: str, claim: Claim) -> IndexRow:
    """The row of a claim not rerun this time: its record, and the answer read back from its page."""
    row: IndexRow = {
        "id": claim.id,
        "game": claim.game,
        "page": claim.page,
        "quote": claim.quote,
        "measured": "not run yet",
        "verdict": "not yet",
        "table": "",
        "chart": "",
        "n": 0,
        "plays": "",
    }
    md = os.path.join(out, f"{claim.id}.md")
    if os.path.exists(md):
        text = _page(md, claim.id)
        row["measured"] = _after(text, "**Answer:** ")
        row["verdict"] = _after(text, "**Verdict: ").split("**")[0]
        row["plays"] = re.sub(r" \(n [\d,]+\)", "", _after(text, "**Plays:** ").split(" — ")[0])
        row["table"] = f"{claim.id}.md"
        row["chart"] = f"{claim.id}.png" if os.path.exists(os.path.join(out, f"{claim.id}.png")) else ""
    return row


PAGE_MARKERS = ("**Answer:** ", "**Verdict: ", "**Plays:** ")  # the lines of a claim's page the index reads


def _page(md: str, claim_id: str) -> str:
    """The text of a claim's page, or ValueError naming it when it is not a page sim wrote (not text, or without
    the lines the index reads): a blank or garbled row would stand in the index for an answer."""
    redo = f"write it again with sim claims --only {claim_id}, or remove it"
    try:
        with open(md, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise ValueError(f"{md} is damaged (not UTF-8 text): {redo}") from None
    except OSError as e:
        raise ValueError(f"{md} cannot be read ({e.strerror}): {redo}") from None
    missing = [m.strip("* :") for m in PAGE_MARKERS if m not in text]
    if missing:
        raise ValueError(f"{md} is damaged (no {', '.join(missing)} line): {redo}")
    return text


def _after(text: str, marker: str) -> str:
    i = text.find(marker)
    return text[i + len(marker) :].split("\n")[0].strip() if i >= 0 else ""


def write_index(rows: list[IndexRow], out: str, seed: int) -> None:
    os.makedirs(out, exist_ok=True)
    lines = [
        "# The book's claims, answered",
        "",
        "Written by `sim claims` (`make reports`) from the claim scripts in `analysis/`; never edited by hand. Each",
        "row links the claim's table and chart; every table's header carries its rules, n, seed and version.",
        f"Seed {seed}, sim {__version__}. Verdicts use 99% confidence intervals: 'an advantage' when the interval",
        "excludes 0; 'fair' when it lies inside ±0.05 counters per deal; 'rare/little' when it lies below 5%;",
        "judgements of taste are `measured`. Every claim is measured under each play named (book: the book's advice;",
        "rollout:K: the strong player); the verdict is `supported` or `refuted` only where the plays agree, else",
        "`depends on play`.",
        "",
        "| id | game | page | the book says | measured | verdict | plays | table | chart |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        table = f"[table]({r['table']})" if r["table"] else ""
        chart = f"[chart]({r['chart']})" if r["chart"] else ""
        quote = r["quote"].replace("|", "/")
        measured = str(r["measured"]).replace("|", "/")
        lines.append(
            f"| {r['id']} | {r['game']} | {r['page']} | {quote} | {measured} | {r['verdict']} | {r['plays']} | {table} "
            f"| {chart} |"
        )
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
