"""The best response of one seat's strategy parameter against a field (``sim tune``).

Every parameter value is an arm played on the same deals (the same seed: common random numbers), one seat
playing ``NAME:value`` and every other seat the field's strategy. For each session the tuned seat's net is kept
per arm, summed and cross-multiplied, so the paired standard error of the difference between *any* two values
is exact, not only against a baseline. The best value is the one with the highest net per deal; the values whose
paired difference from it lies within its 95% interval are reported with it (picking the largest of several noisy
means favours the lucky one: those values are the honest answer).
"""

from __future__ import annotations

import dataclasses
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim import __version__, runner
from sim.fair import deal_word, unit_word
from sim.games._common import COL_NET_SEAT, WHOLE_PARAMS
from sim.stats import Z95

MAX_POINTS = 64
TOO_FEW = "sim tune needs at least two sessions of deals: raise -n"
_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_SEARCH = re.compile(rf"^([A-Za-z][\w-]*)(?::(\w+))?=({_NUMBER})\.\.({_NUMBER})$")
_LIST = re.compile(rf"^([A-Za-z][\w-]*)(?::(\w+))?=({_NUMBER}(?:,{_NUMBER})+)$")


@dataclass(frozen=True)
class Search:
    """What ``--strategy`` asks for: the strategy, its parameter's name (a label) and the values to play."""

    strategy: str
    param: str
    values: tuple[float, ...]

    def arm(self, value: float) -> str:
        """The strategy as a seat plays it: ``rollout:8``."""
        return f"{self.strategy}:{fmt_value(value)}"


def fmt_value(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def parse_search(text: str, points: int = 9, log: bool = False) -> Search:
    """``rollout:K=1..32`` (``points`` values from LO to HI, evenly or, with ``log``, geometrically spaced;
    whole numbers for a parameter that counts (``WHOLE_PARAMS``: rollout's K), or when LO and HI are written as
    whole numbers with at least ``points`` whole numbers from one to the other; a value met twice is played
    once) or ``careless:p=0,0.1,0.5`` (those values).
    ValueError with a sentence on anything else."""
    t = text.strip()
    m = _SEARCH.match(t)
    listed = _LIST.match(t) if m is None else None
    if m is None and listed is None:
        raise ValueError(
            f"--strategy takes NAME:PARAM=LO..HI such as rollout:K=1..32, or NAME:PARAM=V1,V2,... (got {text!r})"
        )
    if listed is not None:
        values = sorted({float(v) for v in listed.group(3).split(",")})
        return Search(listed.group(1), listed.group(2) or "param", tuple(values))
    assert m is not None
    name, param, lo_text, hi_text = m.group(1), m.group(2) or "param", m.group(3), m.group(4)
    lo, hi = float(lo_text), float(hi_text)
    if not (math.isfinite(lo) and math.isfinite(hi)) or not lo < hi:
        raise ValueError(f"--strategy: the range must go from a lower to a higher number (got {lo_text}..{hi_text})")
    if not 2 <= points <= MAX_POINTS:
        raise ValueError(f"--points must be from 2 to {MAX_POINTS} (got {points})")
    if log and lo <= 0:
        raise ValueError(f"--log needs a range above 0 (got {lo_text}..{hi_text})")
    grid = np.geomspace(lo, hi, points) if log else np.linspace(lo, hi, points)
    whole = re.fullmatch(r"[+-]?\d+", lo_text) is not None and re.fullmatch(r"[+-]?\d+", hi_text) is not None
    # whole numbers for a count (rollout:K=1..3 with 5 points plays K = 1, 2, 3, not 1.5 as 2 labelled 1.5), and for
    # a range written in whole numbers with room for them (threshold:t=1..32; careless:p=0..1 is a range of reals)
    if name in WHOLE_PARAMS or (whole and hi - lo >= points - 1):
        values = sorted({float(round(v)) for v in grid})
    else:
        values = [float(f"{v:.6g}") for v in grid]
    return Search(name, param, tuple(values))


def make_arms(base: runner.RunSpec, seat: int, search: Search) -> list[runner.RunSpec]:
    """One RunSpec per value: ``base`` (the field's strategy at every seat) with seat ``seat`` playing the searched
    strategy at that value. ValueError with a sentence on bad input (checked before anything is compiled)."""
    module = base.module
    takes = getattr(module, "STRATEGY_PARAMS", {})
    if search.strategy not in module.STRATEGIES:
        raise ValueError(f"unknown strategy {search.strategy!r}; choose from {', '.join(module.STRATEGIES)}")
    if search.strategy not in takes:
        tunable = ", ".join(takes) or "none"
        raise ValueError(f"strategy {search.strategy!r} of {base.game} takes no parameter (tunable: {tunable})")
    players = base.rules.players
    if base.sessions < 2:
        raise ValueError(TOO_FEW)
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be a seat from 0 to {players - 1} (got {seat})")
    field_strategy = base.strategies[0]  # the base spec seats the field everywhere
    return [
        dataclasses.replace(
            base, strategies=runner.make_strategies(module, players, field_strategy, [f"{seat}={search.arm(v)}"])
        )
        for v in search.values
    ]


@dataclass
class Tuning:
    """Net per deal of the tuned seat at each value, and each value's paired difference from the best."""

    search: Search
    seat: int
    meta: dict
    sessions: int = 0
    s1: np.ndarray = field(default_factory=lambda: np.zeros(0))
    s2: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    interrupted: bool = False

    @property
    def dps(self) -> int:
        return int(self.meta["deals_per_session"])

    def rows(self) -> list[dict[str, Any]]:
        """Per value: net per deal, its SE, the difference from the best and its paired SE, and whether it lies
        within the best's 95% interval."""
        n, dps = self.sessions, self.dps
        mean = self.s1 / n
        cov = (self.s2 - n * np.outer(mean, mean)) / max(n - 1, 1)
        b = int(np.argmax(mean))
        out = []
        for i, v in enumerate(self.search.values):
            var_d = max(cov[i, i] + cov[b, b] - 2 * cov[i, b], 0.0)
            diff, se_d = (mean[i] - mean[b]) / dps, math.sqrt(var_d / n) / dps
            out.append(
                {
                    "value": v,
                    "net": float(mean[i] / dps),
                    "se": float(math.sqrt(max(cov[i, i], 0.0) / n) / dps),
                    "diff_best": float(diff),
                    "se_paired": float(se_d),
                    "best": i == b,
                    "within": bool(i == b or -diff <= Z95 * se_d),
                }
            )
        return out

    def best(self) -> dict[str, Any]:
        rows = self.rows()
        top = next(r for r in rows if r["best"])
        near = [r["value"] for r in rows if r["within"]]
        return {**top, "ci95": [top["net"] - Z95 * top["se"], top["net"] + Z95 * top["se"]], "range": near}

    def to_dict(self) -> dict[str, Any]:
        return {**self.meta, "sessions": self.sessions, "interrupted": self.interrupted, "values": self.rows(),
                "best": self.best()}  # fmt: skip

    def chart(self, path: str) -> None:
        """Draw ``figure`` to ``path`` (.png or .svg)."""
        from sim import charts

        charts.save(figure(self), path)

    def save(self, path: str) -> None:
        """JSON (everything) or CSV (the table by value), written atomically."""
        import json

        import pandas as pd

        from sim.results import write_atomically

        def write(tmp: str, ext: str) -> None:
            if ext == ".json":
                with open(tmp, "w") as fh:
                    json.dump(self.to_dict(), fh, indent=2)
                    fh.write("\n")
            elif ext == ".csv":
                pd.DataFrame(self.rows()).to_csv(tmp, index=False)
            else:
                pd.DataFrame(self.rows()).to_parquet(tmp, index=False)

        write_atomically(path, write)


def tune(
    specs: list[runner.RunSpec],
    search: Search,
    seat: int,
    *,
    chunk_sessions: int = runner.DEFAULT_CHUNK_SESSIONS,
    threads: int | None = None,
) -> Tuning:
    """Play every arm on the same sessions, chunk by chunk, keeping the tuned seat's per-session nets' sums and
    cross-products. Ctrl-C stops at the chunk in play and returns what was played (``interrupted``)."""
    spec = specs[0]
    if threads is not None:
        import numba

        numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    k = len(specs)
    out = Tuning(search, seat, _meta(specs, search, seat), 0, np.zeros(k), np.zeros((k, k)))
    start = time.perf_counter()
    try:
        while out.sessions < spec.sessions:
            count = min(chunk_sessions, spec.sessions - out.sessions)
            x = np.stack([runner.play_chunk(sp, out.sessions, count)[:, COL_NET_SEAT + seat] for sp in specs])
            x = x.astype(np.float64)
            out.s1 += x.sum(axis=1)
            out.s2 += x @ x.T
            out.sessions += count
    except KeyboardInterrupt:
        out.interrupted = True
    out.meta["n"] = out.sessions * spec.deals_per_session
    out.meta["elapsed_s"] = round(time.perf_counter() - start, 3)
    if out.sessions < 2:
        if out.interrupted:  # Ctrl-C before two sessions were played (while compiling): nothing to report
            raise KeyboardInterrupt
        raise ValueError(TOO_FEW)
    return out


def _meta(specs: list[runner.RunSpec], search: Search, seat: int) -> dict[str, Any]:
    spec = specs[0]
    field_strategies = [s for i, s in enumerate(spec.strategies) if i != seat]
    return {
        "game": spec.game,
        "variant": spec.variant,
        "rules_string": spec.rules_string,
        "players": spec.rules.players,
        "seat": seat,
        "strategy": search.strategy,
        "param": search.param,
        "field": field_strategies[0] if len(set(field_strategies)) == 1 else ",".join(field_strategies),
        "seed": spec.seed,
        "deals_per_session": spec.deals_per_session,
        "unit": unit_word(spec.module, spec.rules),  # what a counter of the net is: "counters", "sixths of a stake"
        "per": deal_word(spec.module, spec.rules),  # what one of the n deals is: "deal", or "game" (a whole game)
        "version": __version__,
    }


def figure(t: Tuning) -> Any:
    """Net per deal against the parameter (95% intervals), the best marked; the paired difference from the best
    below it; the conditions in a footnote."""
    from sim import charts

    rows = t.rows()
    m = t.meta
    x = np.array([r["value"] for r in rows])
    fig, axes = charts.grid(2, 1, 6.5)
    top, low = axes
    top.errorbar(x, [r["net"] for r in rows], yerr=[Z95 * r["se"] for r in rows], fmt="o-", capsize=3)
    b = next(r for r in rows if r["best"])
    top.plot([b["value"]], [b["net"]], "r*", markersize=14, label=f"best {t.search.param} = {fmt_value(b['value'])}")
    top.set_ylabel(f"net ({m['unit']}) per {m['per']}, seat {t.seat}")
    top.set_title(f"Seat {t.seat} playing {t.search.strategy}:{t.search.param} against {m['field']} (95% intervals)")
    top.legend()
    low.errorbar(x, [r["diff_best"] for r in rows], yerr=[Z95 * r["se_paired"] for r in rows], fmt="s",
                 color="tab:green", capsize=3)  # fmt: skip
    low.axhline(0, color="grey", lw=0.8)
    low.set_ylabel("minus the best (paired)")
    low.set_xlabel(f"{t.search.strategy}:{t.search.param}")
    for ax in (top, low):
        if x.min() > 0 and x.max() / x.min() >= 16:
            ax.set_xscale("log")
            ax.minorticks_off()
        ax.set_xticks(x, [fmt_value(v) for v in x])
        ax.grid(alpha=0.3)
    charts.footnote(fig, [
        f"{m['rules_string']}, {m['players']} players; {m['n']:,} {m['per']}s per value, the same {m['per']}s for "
        f"every value; seed {m['seed']}; sim {m['version']}",
    ])  # fmt: skip
    return fig
