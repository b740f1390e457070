"""Writing a claim's report: ``<id>.csv`` (the table under a header of rules, n, seed and version), ``<id>.md``
(the page: quote, table, answer, verdict) and ``<id>.png`` (the chart); and running one script from the shell."""

from __future__ import annotations

import argparse
import math
import os
import textwrap
from typing import Any, TypedDict

import pandas as pd

from sim import __version__
from sim.analysis.measure import FULL_N
from sim.analysis.plays import AnswerFn, across
from sim.analysis.record import Answer, Chart, Claim

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
    plays: str  # the strategies the verdict rests on, e.g. "book, rollout:8"


def header(claim: Claim, answer: Answer, seed: int) -> str:
    return (
        f"claim {claim.id}; rules {'; '.join(answer.rules) or '-'}; plays {plays_text(answer)}; "
        f"n {answer.n:,} deals per configuration; seed {seed}; sim {__version__}"
    )


def plays_text(answer: Answer, deals: bool = True) -> str:
    """``book (n 10,000,000), rollout:8 (n 200,000)``: the strategies behind the answer and their deals."""
    if not answer.plays:
        return "-"
    return ", ".join(f"{p} (n {n:,})" if deals else p for p, n in answer.plays)


def write(claim: Claim, answer: Answer, out_dir: str, seed: int) -> IndexRow:
    """Write ``<id>.csv``, ``<id>.md`` and ``<id>.png`` into out_dir; return the index row."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, claim.id)
    head = header(claim, answer, seed)
    with open(base + ".csv", "w") as f:
        f.write(f"# {head}\n")
        answer.table.to_csv(f, index=False)
    drawn = answer.chart is not None or bool(answer.panels)
    if drawn:
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
        "",
        f"**Plays:** {plays_text(answer)} — every seat plays the named strategy wherever the table names none "
        "(book: the book's advice; rollout:K: the strong player, a search of K sampled deals per decision)",
    ]
    for note in answer.notes:
        lines += ["", f"Note: {note}"]
    if drawn:
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
        "chart": f"{claim.id}.png" if drawn else "",
        "n": answer.n,
        "plays": plays_text(answer, deals=False),
    }


def _draw(claim: Claim, answer: Answer, seed: int, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels: list[tuple[str, Chart | None]] = [*answer.panels] or [("", answer.chart)]
    fig, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels) ** 0.75, 4.4), squeeze=False)
    for ax, (play, chart) in zip(axes[0], panels, strict=True):
        assert chart is not None
        chart(ax)
        if play:  # each play on its own panel and scale: a small effect under one stays visible
            ax.set_title(f"play: {play}", fontsize=9)
    fig.suptitle(chart_title(claim), fontsize=10)  # the figure's: a chart may draw panels of its own
    fig.supxlabel(f"seed {seed}, plays {plays_text(answer)}, sim {__version__}", fontsize=7, color="grey")
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


def main(claim: Claim, answer: AnswerFn) -> None:
    """Run one claim from the shell: ``python analysis/<id>.py [--n N] [--seed S] [--out DIR]``."""
    p = argparse.ArgumentParser(description=f"{claim.id}: {claim.quote}")
    p.add_argument("--n", type=float, default=FULL_N, help="deals per configuration (cap)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=REPORTS)
    a = p.parse_args()
    row = write(claim, across(claim, answer, int(a.n), a.seed), a.out, a.seed)
    print(f"{row['id']}: {row['verdict']} — {row['measured']}")
