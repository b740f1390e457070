"""``sim claims``: run the analysis scripts (one per claim of CLAIMS.md) and write the index, reports/README.md.

Every claim of the book the toolkit is asked to answer is listed here, so that the index has a row for each: a
claim whose script is not written yet, or whose game is not yet simulated, shows ``not yet`` and what is missing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time

from sim import __version__

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANALYSIS = os.path.join(ROOT, "analysis")
REPORTS = os.path.join(ROOT, "reports")

# (id, game, page, the book says) — from ../shared/CLAIMS.md
CLAIMS: list[tuple[str, str, int, str]] = [
    ("cm_deal_advantage", "Commerce", 72, "The deal is an advantage"),
    ("cm_dealer_penalty", "Commerce", 76, "the dealer only has the same chances as the others, and such a penalty "
                                          "seems unjust"),
    ("cm_limited", "Commerce", 76, "limiting the combinations has little to recommend it"),
    ("cm_pool_tedious", "Commerce", 75, "Pool Commerce is very tedious for those who are first out"),
    ("cm_horse", "Commerce", 75, "buying a horse for 1/3 or 1/2 of a stake"),
    ("cm_extended", "Commerce", 77, "Extended Commerce makes the game wearisome"),
    ("cm_continuous", "Commerce", 77, "Continuous Dealing"),
    ("cm_old_vs_modern", "Commerce", 74, "the old game does not present such chances … nor does it afford so much "
                                         "scope"),
    ("pj_lead_pope", "Pope Joan", 83, "Pope Joan or ace of trumps should be led on the first opportunity"),
    ("pj_pope_cap", "Pope Joan", 82, "with few players the Pope payment is best limited to either four or six"),
    ("pj_rotation", "Pope Joan", 81, "when the dealer dresses, stop just before the original dealer's turn comes "
                                     "round again"),
    ("pj_five_pool", "Pope Joan", 86, "five-pool: twelve coins or counters are sufficient"),
    ("pj_pope_wins", "Pope Joan", 86, "Pope Joan Wins brings little or no recompense"),
    ("pj_spare_hand", "Pope Joan", 86, "dealing a spare hand is the best way … the number of stops bears an "
                                       "equitable proportion"),
    ("pj_dealer_sees", "Pope Joan", 87, "looking at the spare hand gives so much advantage to the dealer"),
    ("pj_stops_first", "Pope Joan", 83, "known stops should be played out at the first opportunity, or led up to"),
    ("pj_carryover", "Pope Joan", 83, "compartments may be considerably increased before it is secured"),
    ("pj_example", "Pope Joan", 83, "the worked example hand (5 players, 7♥ turned up)"),
    ("spin_unplayed", "Spin", 89, "an unplayed Spin pays double"),
    ("spin_dealer_game", "Spin", 88, "making the dealer pay to Game is a tax upon him disproportionate"),
    ("nm_dealer_extra", "Newmarket", 89, "The dealer pays one extra"),
    ("jig_lead", "Jig", 96, "lead such cards as will bring the Jig into their own hand"),
]  # fmt: skip


def script_path(claim_id: str) -> str:
    return os.path.join(ANALYSIS, f"{claim_id}.py")


def load(claim_id: str):
    """Import ``analysis/<id>.py`` (with analysis/ on the path for its shared helper)."""
    if ANALYSIS not in sys.path:
        sys.path.insert(0, ANALYSIS)
    spec = importlib.util.spec_from_file_location(f"claim_{claim_id}", script_path(claim_id))
    if spec is None or spec.loader is None:
        raise ImportError(claim_id)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def known_ids() -> list[str]:
    return [c[0] for c in CLAIMS]


def run_claims(
    n: int | None = None, only: list[str] | None = None, out: str = REPORTS, seed: int = 1, echo=print
) -> list[dict]:
    """Run the scripts (all, or ``only``) and rewrite the index; return the index rows."""
    if ANALYSIS not in sys.path:
        sys.path.insert(0, ANALYSIS)
    import _common  # type: ignore[import-not-found]

    rows = []
    for cid, game, page, quote in CLAIMS:
        if only and cid not in only:
            rows.append(_existing_row(out, cid, game, page, quote))
            continue
        if not os.path.exists(script_path(cid)):
            rows.append(_not_yet(cid, game, page, quote, f"no analysis script yet: {game} is not yet simulated"))
            continue
        t0 = time.perf_counter()
        module = load(cid)
        answer = module.answer(int(n) if n is not None else _common.FULL_N, seed)
        row = _common.write(module.CLAIM, answer, out, seed)
        row["quote"] = quote
        rows.append(row)
        echo(f"{cid}: {row['verdict']} — {row['measured']} ({time.perf_counter() - t0:.0f} s)")
    write_index(rows, out, seed)
    return rows


def _not_yet(cid, game, page, quote, why) -> dict:
    return {
        "id": cid,
        "game": game,
        "page": page,
        "quote": quote,
        "measured": why,
        "verdict": "not yet",
        "table": "",
        "chart": "",
        "n": 0,
    }


def _existing_row(out: str, cid, game, page, quote) -> dict:
    """The row of a claim not rerun this time, read back from its page (or not yet)."""
    md = os.path.join(out, f"{cid}.md")
    if not os.path.exists(md):
        why = (
            "not run yet"
            if os.path.exists(script_path(cid))
            else f"no analysis script yet: {game} is not yet simulated"
        )
        return _not_yet(cid, game, page, quote, why)
    text = open(md).read()
    measured = _after(text, "**Answer:** ")
    verdict = _after(text, "**Verdict: ").split("**")[0]
    chart = f"{cid}.png" if os.path.exists(os.path.join(out, f"{cid}.png")) else ""
    return {
        "id": cid,
        "game": game,
        "page": page,
        "quote": quote,
        "measured": measured,
        "verdict": verdict,
        "table": f"{cid}.md",
        "chart": chart,
        "n": 0,
    }


def _after(text: str, marker: str) -> str:
    i = text.find(marker)
    return text[i + len(marker) :].split("\n")[0].strip() if i >= 0 else ""


def write_index(rows: list[dict], out: str, seed: int) -> None:
    os.makedirs(out, exist_ok=True)
    lines = [
        "# The book's claims, answered",
        "",
        "Written by `sim claims` (`make reports`); never edited by hand. Each row links the claim's table and chart;",
        f"every table's header carries its rules, n, seed and version. Seed {seed}, sim {__version__}. Verdicts use",
        "99% confidence intervals against the thresholds of CLAIMS.md ('an advantage': CI excludes 0; 'fair':",
        "inside ±0.05 counters per deal; 'rare/little': below 5%; judgements of taste: `measured`).",
        "",
        "| id | game | page | the book says | measured | verdict | table | chart |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        table = f"[table]({r['table']})" if r["table"] else ""
        chart = f"[chart]({r['chart']})" if r["chart"] else ""
        quote = r["quote"].replace("|", "/")
        measured = str(r["measured"]).replace("|", "/")
        lines.append(
            f"| {r['id']} | {r['game']} | {r['page']} | {quote} | {measured} | {r['verdict']} | {table} | {chart} |"
        )
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
