"""Writing a claim's report: ``<id>.csv`` (the table under a header of rules, n, seed and version), ``<id>.md``
(the page: quote, table, answer, verdict) and ``<id>.png`` (the chart); and running one script from the shell."""

from __future__ import annotations

import argparse
import math
import os
import textwrap
from collections.abc import Callable
from typing import Any, TypedDict

import pandas as pd

from sim import __version__
from sim.analysis.measure import FULL_N
from sim.analysis.record import Answer, Claim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANALYSIS = os.path.join(ROOT, "analysis")  # the claim scripts
REPORTS = os.path.join(ROOT, "reports")  # what they write, and the index


class IndexRow(TypedDict):
    """One claim's row of the index (reports/README.md)."""

    id: str
    game: str
    page: int
    quote: str
    measured: str
    verdict: str
    table: str
    chart: str
    n: int


def header(claim: Claim, answer: Answer, seed: int) -> str:
    return (
        f"claim {claim.id}; rules {'; '.join(answer.rules) or '-'}; n {answer.n:,} deals per configuration; "
        f"seed {seed}; sim {__version__}"
    )


def write(claim: Claim, answer: Answer, out_dir: str, seed: int) -> IndexRow:
    """Write ``<id>.csv``, ``<id>.md`` and ``<id>.png`` into out_dir; return the index row."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, claim.id)
    head = header(claim, answer, seed)
    with open(base + ".csv", "w") as f:
        f.write(f"# {head}\n")
        answer.table.to_csv(f, index=False)
    if answer.chart is not None:
        _draw(claim, answer, seed, base + ".png")
    lines = [
        f"# {claim.id} — {claim.game}, p. {claim.page}",
        "",
        f"> {claim.quote}",
        "",
        f"**Measured:** {claim.measure}.",
        "",
        f"`{head}`",
        "",
        markdown(answer.table),
        "",
        f"**Answer:** {answer.headline}",
        "",
        f"**Verdict: {answer.verdict}** — {answer.reason}",
    ]
    for note in answer.notes:
        lines += ["", f"Note: {note}"]
    if answer.chart is not None:
        lines += ["", f"![{claim.id}]({claim.id}.png)"]
    with open(base + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    return {
        "id": claim.id,
        "game": claim.game,
        "page": claim.page,
        "quote": claim.quote,
        "measured": answer.headline,
        "verdict": answer.verdict,
        "table": f"{claim.id}.md",
        "chart": f"{claim.id}.png" if answer.chart is not None else "",
        "n": answer.n,
    }


def _draw(claim: Claim, answer: Answer, seed: int, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    assert answer.chart is not None
    fig, ax = plt.subplots(figsize=(7, 4.2))
    answer.chart(ax)
    fig.suptitle(chart_title(claim), fontsize=10)  # the figure's: a chart may draw panels of its own
    fig.text(0.01, 0.01, f"seed {seed}, n {answer.n:,}, sim {__version__}", fontsize=7, color="grey")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def chart_title(claim: Claim) -> str:
    """The chart's title: the claim in words (its title, else its quote shortened), never its id."""
    words = claim.title or textwrap.shorten(claim.quote, 110, placeholder=" ...")
    return textwrap.fill(f"{claim.game}, p. {claim.page}: {words}", 80)


def markdown(table: pd.DataFrame) -> str:
    cols = list(table.columns)
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, row in table.iterrows():
        out.append("| " + " | ".join(_cell(row[c]) for c in cols) + " |")
    return "\n".join(out)


def _cell(x: Any) -> str:
    if isinstance(x, float):
        if math.isnan(x):
            return "-"
        return f"{x:.4f}"
    return str(x)


def main(claim: Claim, answer: Callable[[int, int], Answer]) -> None:
    """Run one claim from the shell: ``python analysis/<id>.py [--n N] [--seed S] [--out DIR]``."""
    p = argparse.ArgumentParser(description=f"{claim.id}: {claim.quote}")
    p.add_argument("--n", type=float, default=FULL_N, help="deals per configuration (cap)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=REPORTS)
    a = p.parse_args()
    row = write(claim, answer(int(a.n), a.seed), a.out, a.seed)
    print(f"{row['id']}: {row['verdict']} — {row['measured']}")
