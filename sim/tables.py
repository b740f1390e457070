"""Readable tables for the terminal: a run's result and a traced deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from sim.results import units
from sim.stats import ci95

if TYPE_CHECKING:
    from sim.results import Comparison, Result
    from sim.runner import RunSpec
    from sim.tune import Tuning


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False, width=110)


def header(d: dict[str, Any]) -> str:
    _, per = units(d)
    return (
        f"{d['rules_string']}  variant {d['variant']}  {d['players']} players  "
        f"{d['n']:,} {per}s ({d['sessions']:,} sessions of {d['rotations']} rotation"
        f"{'s' if d['rotations'] != 1 else ''})  seed {d['seed']}  sim {d['version']}"
    )


def print_result(result: Result) -> None:
    d = result.to_dict()
    unit, per = units(d)
    con = _console()
    con.print(header(d))
    if d["interrupted"]:
        con.print("[bold]partial result: interrupted before the run was complete[/bold]")
    # a rate of 0 with deals in the result: every one came from a finished checkpoint, none was played now
    speed = (
        f"{d['deals_per_s']:,.0f} {per}s/s" if d["deals_per_s"] or not d["n"] else f"none left to play ({per}s resumed)"
    )
    con.print(
        f"{speed}, {d['elapsed_s']:.2f} s. Net = {unit} won (+) or lost (-) per {per}; SE over sessions; CI = 95% "
        "interval."
    )
    if d["n"] == 0:
        return
    seats = Table(title="By seat", title_justify="left")
    for col in ("seat", "strategy", f"net/{per}", "SE", "95% CI", f"wins/{per}"):
        seats.add_column(col, justify="right" if col not in ("strategy",) else "left")
    for s in d["seats"]:
        lo, hi = s["ci95"]
        seats.add_row(
            str(s["seat"]), s["strategy"], _f(s["mean"]), _f(s["se"]), f"[{_f(lo)}, {_f(hi)}]", _f(s["win_rate"])
        )
    con.print(seats)
    roles = Table(title="By role (relative to the dealer)", title_justify="left")
    for col in ("role", f"net/{per}", "SE", "95% CI", f"wins/{per}"):
        roles.add_column(col, justify="right" if col != "role" else "left")
    for r in d["roles"]:
        lo, hi = ci95(r["mean"], r["se"]) if r["se"] is not None else (r["mean"], r["mean"])
        roles.add_row(r["role"], _f(r["mean"]), _f(r["se"]), f"[{_f(lo)}, {_f(hi)}]", _f(r["win_rate"]))
    con.print(roles)
    events = Table(title="Events", title_justify="left")
    for col in ("event", "count", f"per {per}", "SE"):
        events.add_column(col, justify="right" if col != "event" else "left")
    ruled_out = set(d.get("impossible_events", []))
    hidden = []
    for name, e in d["events"].items():
        if name in ruled_out and e["count"] == 0:  # never hide a count that happened
            hidden.append(name)
            continue
        events.add_row(name, f"{e['count']:,}", _f(e["rate"]), _f(e["se"]))
    for name, e in d["session_metrics"].items():
        events.add_row(f"{name} (per session)", "", _f(e["mean"]), _f(e["se"]))
    con.print(events)
    if hidden:
        con.print(f"Not shown, as these rules rule them out: {', '.join(hidden)}.")
    from sim import fair

    con.print(fair.fairness(result).summary)


def print_comparison(comp: Comparison) -> None:
    d = comp.to_dict()
    con = _console()
    arms = d["arms"]
    unit, per = units(d)  # every arm's (runner refuses arms that count otherwise)
    con.print(
        f"{d['game']}: {len(arms)} arms on the same {d['n']:,} {per}s ({d['players']} players, "
        f"{d['sessions']:,} sessions)  seed {d['seed']}  sim {d['version']}"
    )
    for a in arms:
        con.print(f"  {a['label']}: {a['rules_string']}  strategies {', '.join(a['strategies'])}")
    if d["interrupted"]:
        con.print("[bold]partial result: interrupted before the comparison was complete[/bold]")
    con.print(
        f"diff = arm minus baseline, {unit} per {per}; SE paired over the same {per}s; "
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


def print_tuning(t: Tuning) -> None:
    from sim.tune import fmt_value

    con = _console()
    m = t.meta
    unit, per = units(m)
    con.print(
        f"{m['rules_string']}  variant {m['variant']}  {m['players']} players  seed {m['seed']}  sim {m['version']}\n"
        f"seat {t.seat} plays {t.search.strategy}:{t.search.param}, every other seat {m['field']}; "
        f"{m['n']:,} {per}s per value, the same {per}s for every value"
    )
    if t.interrupted:
        con.print("[bold]partial result: interrupted[/bold]")
    con.print(f"Net = {unit} won (+) or lost (-) per {per} by seat {t.seat}; SE over sessions.")
    table = Table(title=f"net per {per} of seat {t.seat} by {t.search.param} ({unit})", title_justify="left")
    for col in (t.search.param, f"net/{per}", "SE", "minus best", "paired SE", "within 95%"):
        table.add_column(col, justify="right")
    for r in t.rows():
        mark = "best" if r["best"] else ("yes" if r["within"] else "")
        table.add_row(fmt_value(r["value"]), _f(r["net"]), _f(r["se"]), _f(r["diff_best"]), _f(r["se_paired"]), mark)
    con.print(table)
    b = t.best()
    lo, hi = b["ci95"]
    near = b["range"]
    con.print(
        f"best {t.search.strategy}:{t.search.param} = {fmt_value(b['value'])}: net {_f(b['net'])} {unit} per {per}, "
        f"95% CI [{_f(lo)}, {_f(hi)}]\nwithin the paired 95% interval of the best: {len(near)} of "
        f"{len(t.search.values)} values, {fmt_value(min(near))} to {fmt_value(max(near))}"
    )


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
        call = a.get("call")  # Snip-Snap-Snorum: the play's call (Snip, Snap, Snorum, or a careless miss)
        run.append(
            f"{a['play']}({a['seat']})" + ("*" if a.get("filler") else "") + (f" {call.title()}" if call else "")
        )
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


# ------------------------------------------------------------------ the answers of run, compare and fairness


def print_answer(answer: Any) -> None:
    """A run, comparison or fairness check (``sim.api``'s result objects), or a tuning (``sim.tune``), as tables on
    the terminal."""
    from sim.api import CompareResult, FairnessResult, RunResult
    from sim.tune import Tuning

    if isinstance(answer, Tuning):
        print_tuning(answer)
    elif isinstance(answer, FairnessResult):
        print_fairness(answer)
    elif isinstance(answer, CompareResult):
        for comp in answer.comparisons:
            print_comparison(comp)
    elif isinstance(answer, RunResult):
        if len(answer.results) == 1:
            print_result(answer.results[0])
        else:
            print_sweep(answer)


def print_sweep(answer: Any) -> None:
    """A run over several numbers of players: each role's net per deal by the number of players, then the
    host's line for each."""
    results = answer.results
    con = _console()
    first = results[0].to_dict()
    unit, per = units(first)
    con.print(
        f"{first['rules_string']}  variant {first['variant']}  players {', '.join(map(str, answer.players))}  "
        f"seed {first['seed']}  sim {first['version']}"
    )
    con.print(f"Net = {unit} won (+) or lost (-) per {per} by each role, ± the 95% half-width (SE over sessions).")
    t = Table(title="By role and number of players", title_justify="left")
    t.add_column("role", justify="left")
    dicts = [r.to_dict() for r in results]
    for d in dicts:
        t.add_column(f"{d['players']} players\n{d['n']:,} {per}s", justify="right")
    roles: list[str] = []
    for d in dicts:
        roles += [r["role"] for r in d["roles"] if r["role"] not in roles]
    for role in roles:
        cells = []
        for d in dicts:
            item = next((r for r in d["roles"] if r["role"] == role), None)
            cells.append("" if item is None else _pm(item["mean"], item["ci95"]))
        t.add_row(role, *cells)
    con.print(t)
    from sim import fair

    for r in results:
        con.print(fair.fairness(r).summary)


def _pm(mean: float | None, ci: list[float | None]) -> str:
    if mean is None or ci[0] is None or ci[1] is None:
        return _f(mean)
    return f"{mean:+.3f} ± {(ci[1] - ci[0]) / 2:.3f}"


def print_fairness(answer: Any) -> None:
    """Each role's edge over the others with its 99% interval and verdict, per number of players, and the
    host's line."""
    from sim import fair

    con = _console()
    checks = answer.checks
    first = checks[0]
    con.print(f"{first.title}: {first.rules_string}  seed {first.seed}  sim {first.version}")
    con.print(
        f"Edge = a role's net minus the mean net of the other roles, {first.unit} per {first.deal}, on the same "
        f"deals; 99% interval from each session's difference. Fair = the interval inside ±{first.tolerance:g} "
        f"{first.unit} per {first.deal}"
        + ("" if first.tolerance == fair.TOLERANCE_STAKES else f" ({fair.TOLERANCE_STAKES:g} stakes)")
        + "."
    )
    for check in checks:
        t = Table(title=f"{check.players} players, {check.n:,} {check.deal}s", title_justify="left")
        for col in ("role", "edge", "99% CI", "verdict"):
            t.add_column(col, justify="left" if col in ("role", "verdict") else "right")
        for r in check.roles:
            words = r.verdict if r.verdict in ("fair", "unclear") else f"{r.verdict} {abs(r.edge):.3f}"
            t.add_row(r.role, _f(r.edge), f"[{_f(r.lo)}, {_f(r.hi)}]", words)
        con.print(t)
        con.print(check.summary)
