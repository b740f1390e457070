"""Readable tables for the terminal: a run's result and a traced deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from sim.stats import ci95

if TYPE_CHECKING:
    from sim.results import Comparison, Result
    from sim.runner import RunSpec


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False, width=110)


def header(d: dict[str, Any]) -> str:
    return (
        f"{d['rules_string']}  variant {d['variant']}  {d['players']} players  "
        f"{d['n']:,} deals ({d['sessions']:,} sessions of {d['rotations']} rotation"
        f"{'s' if d['rotations'] != 1 else ''})  seed {d['seed']}  sim {d['version']}"
    )


def print_result(result: Result) -> None:
    d = result.to_dict()
    con = _console()
    con.print(header(d))
    if d["interrupted"]:
        con.print("[bold]partial result: interrupted before the run was complete[/bold]")
    con.print(
        f"{d['deals_per_s']:,.0f} deals/s, {d['elapsed_s']:.2f} s. Net = counters won (+) or lost (-) "
        "per deal; SE over sessions; CI = 95% interval."
    )
    if d["n"] == 0:
        return
    seats = Table(title="By seat", title_justify="left")
    for col in ("seat", "strategy", "net/deal", "SE", "95% CI", "wins/deal"):
        seats.add_column(col, justify="right" if col not in ("strategy",) else "left")
    for s in d["seats"]:
        lo, hi = s["ci95"]
        seats.add_row(
            str(s["seat"]), s["strategy"], _f(s["mean"]), _f(s["se"]), f"[{_f(lo)}, {_f(hi)}]", _f(s["win_rate"])
        )
    con.print(seats)
    roles = Table(title="By role (relative to the dealer)", title_justify="left")
    for col in ("role", "net/deal", "SE", "95% CI", "wins/deal"):
        roles.add_column(col, justify="right" if col != "role" else "left")
    for r in d["roles"]:
        lo, hi = ci95(r["mean"], r["se"]) if r["se"] is not None else (r["mean"], r["mean"])
        roles.add_row(r["role"], _f(r["mean"]), _f(r["se"]), f"[{_f(lo)}, {_f(hi)}]", _f(r["win_rate"]))
    con.print(roles)
    events = Table(title="Events", title_justify="left")
    for col in ("event", "count", "per deal", "SE"):
        events.add_column(col, justify="right" if col != "event" else "left")
    for name, e in d["events"].items():
        events.add_row(name, f"{e['count']:,}", _f(e["rate"]), _f(e["se"]))
    for name, e in d["session_metrics"].items():
        events.add_row(f"{name} (per session)", "", _f(e["mean"]), _f(e["se"]))
    con.print(events)


def print_comparison(comp: Comparison) -> None:
    d = comp.to_dict()
    con = _console()
    arms = d["arms"]
    con.print(
        f"{d['game']}: {len(arms)} arms on the same {d['n']:,} deals ({d['players']} players, "
        f"{d['sessions']:,} sessions)  seed {d['seed']}  sim {d['version']}"
    )
    for a in arms:
        con.print(f"  {a['label']}: {a['rules_string']}  strategies {', '.join(a['strategies'])}")
    if d["interrupted"]:
        con.print("[bold]partial result: interrupted before the comparison was complete[/bold]")
    con.print(
        "diff = arm minus baseline, counters per deal; SE paired over the same deals; "
        "SE indep. = what independent runs would have had."
    )
    for c in d["comparisons"]:
        t = Table(title=f"{c['arm']} - {c['baseline']}", title_justify="left")
        for col in ("seat/role", "diff", "SE", "95% CI", "SE indep."):
            t.add_column(col, justify="left" if col == "seat/role" else "right")
        for item in c["seats"] + c["roles"]:
            who = f"seat {item['seat']}" if "seat" in item else item["role"]
            lo, hi = item["ci95"]
            t.add_row(who, _f(item["diff"]), _f(item["se"]), f"[{_f(lo)}, {_f(hi)}]", _f(item["se_independent"]))
        con.print(t)


def _f(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.4f}"


def format_trace(t: dict[str, Any], spec: RunSpec) -> str:
    """A play-by-play of a traced deal."""
    lines = []
    title = f"{spec.module.TITLE}: {spec.rules_string}, {len(t['hands'])} players"
    where = f"seed {t['seed']}, deal {t['deal']}" if t.get("deal") is not None else "stacked deck"
    lines.append(f"{title} ({where})")
    lines.append(f"dealer: seat {t['dealer']}; elder hand: seat {t['elder']}")
    for s, hand in enumerate(t["hands"]):
        lines.append(f"  seat {s}: {' '.join(hand)}")
    if t.get("spare"):
        lines.append(f"  spare:  {' '.join(t['spare'])}")
    if t.get("layout"):
        lines.append("layout: " + " ".join(t["layout"]))
    if t.get("widow"):
        lines.append("widow (face up): " + " ".join(t["widow"]))
    if t.get("unit") and t["unit"] != "stakes":
        lines.append(f"counters are {t['unit']}")
    if t.get("turnup"):
        lines.append(f"turn-up: {t['turnup']} ({t.get('trumps')} are trumps)")
    lines.append("board before: " + _board(t["board_before"]))
    pays = list(t["payments"])
    lines.append("play:")
    run: list[str] = []
    for a in t["actions"]:
        run.append(f"{a['play']}({a['seat']})" + ("*" if a.get("filler") else ""))
        if a["stop"]:
            lines.append("  " + " ".join(run) + "  - stop")
            run = []
    if run:
        lines.append("  " + " ".join(run) + "  - out")
    lines.append("payments:")
    for p in pays:
        comp = f" [{p['compartment']}]" if "compartment" in p else ""
        lines.append(f"  {_side(p['from'])} -> {_side(p['to'])}: {p['amount']} ({p['reason']}){comp}")
    if t.get("final_hands"):
        lines.append(
            "hands shown: " + "  ".join(f"seat {s}: {' '.join(h)}" for s, h in enumerate(t["final_hands"]) if h)
        )
    if t.get("widow_after"):
        lines.append("widow at the end: " + " ".join(t["widow_after"]))
    lines.append(f"winner: seat {t['winner']}")
    lines.append("net: " + "  ".join(f"seat {s} {v:+d}" for s, v in enumerate(t["net"])))
    lines.append("board after: " + _board(t["board_after"]))
    return "\n".join(lines)


def _side(x: int | str) -> str:
    return "board" if x == "board" else f"seat {x}"


def _board(b: dict[str, int]) -> str:
    return " ".join(f"{k} {v}" for k, v in b.items())
