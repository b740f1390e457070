"""What every claim script shares: the claim's record, verdicts, and writing its table, chart and page.

A script defines ``CLAIM`` and ``run(n, seed) -> Answer`` and ends with ``main(CLAIM, run)``. It runs the
simulator through ``sim.runner`` only (never numba), so the numbers come from the same code as ``sim run``.
``sim claims`` imports every script, runs it and writes ``reports/README.md``, the index.
"""

from __future__ import annotations

import argparse
import math
import os
from dataclasses import dataclass, field

import pandas as pd

from sim import __version__, runner
from sim.stats import Z95

Z99 = 2.5758293035489004
FULL_N = 10_000_000  # deals per configuration for the committed reports (capped; see HEADLINE_WIDTH)
HEADLINE_WIDTH = 0.01  # stop early once every watched 95% half-width is below this (stakes per deal)


@dataclass
class Claim:
    id: str
    game: str
    page: int
    quote: str
    measure: str


@dataclass
class Answer:
    """A claim's measured answer: the table, the headline number, the verdict and why."""

    table: pd.DataFrame
    headline: str  # e.g. "+0.52 ± 0.03 counters per deal (99% CI)"
    verdict: str  # supported | refuted | inconclusive | measured | not yet
    reason: str
    rules: list[str] = field(default_factory=list)  # rules strings of the runs behind the table
    n: int = 0  # deals per configuration actually played (largest)
    chart: object = None  # a function(ax) drawing the chart, or None
    notes: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ running


def ci_width_for(n: int) -> float | None:
    """Full-size runs stop once precise enough; small (smoke) runs play exactly n."""
    return HEADLINE_WIDTH if n >= 1_000_000 else None


def compare(
    game: str,
    arms: list[str],
    n: int,
    seed: int,
    players: int | None = None,
    strategy: str = "book",
    precise: str = "diff",
):
    """Paired comparison of arms (see ``sim compare``) on the same deals.

    ``precise`` says what a full-size run deals until it is precise: "diff" (the paired differences), "all" (the
    arms' own means too, when the headline is one of them) or "n" (always the full n, for rare events).
    """
    specs = [
        runner.make_spec(game, n=n, seed=seed, players=players, **{"strategy": strategy, **runner.parse_arm(game, a)})
        for a in arms
    ]
    width = None if precise == "n" else ci_width_for(n)
    return runner.compare(specs, arms, ci_width=width, ci_arms=precise == "all")


def run(game: str, variant: str, n: int, seed: int, players: int | None = None, **kw):
    spec = runner.make_spec(game, variant, n=n, seed=seed, players=players, **kw)
    return runner.run(spec, ci_width=ci_width_for(n))


# ------------------------------------------------------------------ verdicts


def ci99(mean: float, se: float) -> tuple[float, float]:
    return mean - Z99 * se, mean + Z99 * se


def verdict_positive(mean: float, se: float) -> str:
    """ "An advantage": the 99% CI excludes 0 on the claimed side (refuted if it excludes 0 on the other)."""
    lo, hi = ci99(mean, se)
    if lo > 0:
        return "supported"
    if hi < 0:
        return "refuted"
    return "inconclusive"


def verdict_within(mean: float, se: float, band: float = 0.05) -> str:
    """ "Fair / the same chances": the 99% CI lies inside ±band (refuted when it lies wholly outside)."""
    lo, hi = ci99(mean, se)
    if -band < lo and hi < band:
        return "supported"
    if lo > band or hi < -band:
        return "refuted"
    return "inconclusive"


def verdict_below(rate: float, se: float, limit: float = 0.05) -> str:
    """ "Rare / little / so few": the 99% CI lies below the limit (refuted when wholly above)."""
    lo, hi = ci99(rate, se)
    if hi < limit:
        return "supported"
    if lo > limit:
        return "refuted"
    return "inconclusive"


def combine(verdicts: list[str]) -> str:
    """One verdict from several rows: all supported -> supported; any refuted -> refuted; else inconclusive."""
    if verdicts and all(v == "supported" for v in verdicts):
        return "supported"
    if any(v == "refuted" for v in verdicts):
        return "refuted"
    return "inconclusive"


def pm(mean: float, se: float, digits: int = 3) -> str:
    """``+0.523 ± 0.031`` with the 99% half-width."""
    return f"{mean:+.{digits}f} ± {Z99 * se:.{digits}f}"


# ------------------------------------------------------------------ writing


def write(claim: Claim, answer: Answer, out_dir: str, seed: int) -> dict:
    """Write ``<id>.csv``, ``<id>.md`` and ``<id>.png`` into out_dir; return the index row."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, claim.id)
    header = (
        f"claim {claim.id}; rules {'; '.join(answer.rules) or '-'}; n {answer.n:,} deals per configuration; "
        f"seed {seed}; sim {__version__}"
    )
    with open(base + ".csv", "w") as f:
        f.write(f"# {header}\n")
        answer.table.to_csv(f, index=False)
    has_chart = answer.chart is not None
    if has_chart:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.2))
        answer.chart(ax)
        ax.set_title(f"{claim.game}, p. {claim.page}: {claim.id}", fontsize=10)
        fig.text(0.01, 0.01, f"seed {seed}, n {answer.n:,}, sim {__version__}", fontsize=7, color="grey")
        fig.tight_layout()
        fig.savefig(base + ".png", dpi=110)
        plt.close(fig)
    lines = [
        f"# {claim.id} — {claim.game}, p. {claim.page}",
        "",
        f"> {claim.quote}",
        "",
        f"**Measured:** {claim.measure}.",
        "",
        f"`{header}`",
        "",
        _markdown(answer.table),
        "",
        f"**Answer:** {answer.headline}",
        "",
        f"**Verdict: {answer.verdict}** — {answer.reason}",
    ]
    for note in answer.notes:
        lines += ["", f"Note: {note}"]
    if has_chart:
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
        "chart": f"{claim.id}.png" if has_chart else "",
        "n": answer.n,
    }


def _markdown(table: pd.DataFrame) -> str:
    cols = list(table.columns)
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, row in table.iterrows():
        out.append("| " + " | ".join(_cell(row[c]) for c in cols) + " |")
    return "\n".join(out)


def _cell(x) -> str:
    if isinstance(x, float):
        if math.isnan(x):
            return "-"
        return f"{x:.4f}"
    return str(x)


def errorbar(ax, x, y, se, label: str, **kw) -> None:
    """Points with 95% error bars."""
    ax.errorbar(x, y, yerr=[Z95 * s for s in se], fmt="o-", capsize=3, label=label, **kw)


def main(claim: Claim, run_fn) -> None:
    """Run one claim from the command line: ``python analysis/<id>.py [--n N] [--seed S] [--out DIR]``."""
    p = argparse.ArgumentParser(description=f"{claim.id}: {claim.quote}")
    p.add_argument("--n", type=float, default=FULL_N, help="deals per configuration (cap)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "reports")
    )
    a = p.parse_args()
    row = write(claim, run_fn(int(a.n), a.seed), a.out, a.seed)
    print(f"{row['id']}: {row['verdict']} — {row['measured']}")
