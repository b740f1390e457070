"""A run's answer: a tidy table of metrics plus the metadata that says which rules and seed produced it.

``Result.frame`` is long: one row per (seat or role, metric) with columns
``game, variant, rules, players, seat, role, strategy, metric, mean, se, n``. Metrics: ``net`` and ``win`` per seat
and role, ``edge`` per role (its net minus the mean of the other roles' nets, from each session's difference), then
the game's events and session metrics. ``Result.to_dict`` is the JSON
schema of docs/results.md; ``save`` writes JSON, CSV or Parquet (by extension) atomically.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from sim import __version__, fair
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT, MAX_SEATS
from sim.runner import row_width
from sim.stats import ci95, session_mean_se

if TYPE_CHECKING:
    import pandas as pd

    from sim.runner import RunSpec, Sums


def role_name(role: int) -> str:
    if role == 0:
        return "dealer"
    if role == 1:
        return "elder"
    suffix = {2: "nd", 3: "rd"}.get(role, "th")
    return f"{role}{suffix}"


def units(meta: dict[str, Any]) -> tuple[str, str]:
    """What one counter of a net is worth and what one deal of the run is, in words, from a run's (or a
    comparison's or tuning's) metadata: ("counters", "deal") in Pope Joan, ("sixths of a stake", "game") in Pool
    Commerce, ("points", "game") in Cassino. Its ``unit`` and ``per`` where written (every run, comparison and
    tuning of this version); else, for a file written before, the game's contract under its ``rules``
    (``fair.unit_word``, ``fair.deal_word``). Every table, chart and file says its nets in these words."""
    if meta.get("unit") and meta.get("per"):
        return str(meta["unit"]), str(meta["per"])
    from sim import games

    module = games.load(meta["game"])
    rules = module.Rules(**meta["rules"]).validated()
    return fair.unit_word(module, rules), fair.deal_word(module, rules)


RESULT_COLUMNS = ["game", "variant", "rules", "players", "seat", "role", "strategy", "metric", "mean", "se", "n"]


@dataclass
class Result:
    """``records`` are the frame's rows as dicts: reading them needs no pandas, whose import alone takes longer
    than a short run (``frame`` is built from them on first use)."""

    records: list[dict[str, Any]]
    meta: dict
    sessions: int = 0
    interrupted: bool = False
    extra: dict = field(default_factory=dict)

    # ------------------------------------------------------------------ building

    @classmethod
    def from_sums(
        cls, spec: RunSpec, sums: Sums, elapsed: float, deals_per_s: float, interrupted: bool = False
    ) -> Result:
        module = spec.module
        r = spec.rules
        n = r.players
        dps = spec.deals_per_session
        sessions = max(sums.sessions, 0)
        deals = sessions * dps
        rules_str = spec.rules_string
        common = {"game": spec.game, "variant": spec.variant, "rules": rules_str, "players": n}
        rows: list[dict[str, Any]] = []

        def add(
            seat: int | None, role: str | None, strategy: str | None, metric: str, mean: Any, se: Any, count: int
        ) -> None:
            rows.append(
                {
                    **common,
                    "seat": seat,
                    "role": role,
                    "strategy": strategy,
                    "metric": metric,
                    "mean": float(mean),
                    "se": float(se),
                    "n": int(count),
                }
            )

        if sessions > 0:
            mean, se = session_mean_se(sums.s1, sums.s2, sessions, dps)
            for s in range(n):
                add(s, None, spec.strategies[s], "net", mean[COL_NET_SEAT + s], se[COL_NET_SEAT + s], deals)
                add(s, None, spec.strategies[s], "win", mean[COL_WIN_SEAT + s], se[COL_WIN_SEAT + s], deals)
            for k in range(n):
                add(None, role_name(k), None, "net", mean[COL_NET_ROLE + k], se[COL_NET_ROLE + k], deals)
                add(None, role_name(k), None, "win", mean[COL_WIN_ROLE + k], se[COL_WIN_ROLE + k], deals)
            if n > 1:
                emean, ese = session_mean_se(sums.s1, sums.s2, sessions, dps * (n - 1))
                for k in range(n):
                    col = row_width(module) + k
                    add(None, role_name(k), None, "edge", emean[col], ese[col], deals)
                for s in range(n):
                    col = row_width(module) + MAX_SEATS + s
                    add(s, None, spec.strategies[s], "edge", emean[col], ese[col], deals)
            for e, name in enumerate(module.EVENTS):
                add(None, None, None, name, mean[COL_EVENTS + e], se[COL_EVENTS + e], deals)
            smean, sse = session_mean_se(sums.s1, sums.s2, sessions, 1.0)
            for j, name in enumerate(module.SESSION_METRICS):
                col = COL_EVENTS + len(module.EVENTS) + j
                add(None, None, None, name, smean[col], sse[col], sessions)
        meta = {
            "game": spec.game,
            "variant": spec.variant,
            "rules_string": rules_str,
            "rules": dict(r._asdict()),
            "players": n,
            "n": deals,
            "n_requested": spec.n_requested,
            "sessions": sessions,
            "rotations": spec.rotations,
            "deals_per_session": dps,
            "seed": spec.seed,
            "strategies": list(spec.strategies),
            "elapsed_s": round(float(elapsed), 3),
            "deals_per_s": round(float(deals_per_s), 1),
            "version": __version__,
            "interrupted": interrupted,
            "event_counts": {name: int(sums.s1[COL_EVENTS + e]) for e, name in enumerate(module.EVENTS)},
            "impossible_events": impossible_events(module, r),
            "unit": fair.unit_word(module, r),  # what one counter of a net is worth: "counters", "sixths of a stake"
            "per": fair.deal_word(module, r),  # what one of the ``n`` deals is: "deal", or "game" (a whole game)
        }
        return cls(rows, meta, sessions, interrupted)

    @cached_property
    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self.records, columns=RESULT_COLUMNS)

    # ------------------------------------------------------------------ reading

    def metric(self, metric: str, seat: int | None = None, role: str | None = None) -> tuple[float, float]:
        """(mean, se) of one metric, for a seat, a role, or neither (events)."""
        found = [
            r
            for r in self.records
            if r["metric"] == metric
            and (r["seat"] is None if seat is None else r["seat"] == seat)
            and (r["role"] is None if role is None else r["role"] == role)
        ]
        if len(found) != 1:
            raise KeyError(f"no single row for metric={metric!r} seat={seat!r} role={role!r}")
        return float(found[0]["mean"]), float(found[0]["se"])

    def to_dict(self) -> dict:
        m = self.meta
        unit, per = units(m)

        def block(sel_col: str) -> list[dict[str, Any]]:
            groups: dict[Any, list[dict[str, Any]]] = {}  # by key, in order of first appearance
            for r in self.records:
                if r[sel_col] is not None:
                    groups.setdefault(r[sel_col], []).append(r)
            out = []
            for key, group in groups.items():
                net = next(r for r in group if r["metric"] == "net")
                win = next(r for r in group if r["metric"] == "win")
                item = {sel_col: int(key) if sel_col == "seat" else key}
                if sel_col == "seat":
                    item["strategy"] = net["strategy"]
                item.update(
                    {
                        "mean": _num(net["mean"]),
                        "se": _num(net["se"]),
                        "ci95": [_num(x) for x in ci95(net["mean"], net["se"])],
                        "win_rate": _num(win["mean"]),
                        "win_se": _num(win["se"]),
                    }
                )
                edge = [r for r in group if r["metric"] == "edge"]
                if edge:
                    item["edge"] = _num(edge[0]["mean"])
                    item["edge_se"] = _num(edge[0]["se"])
                out.append(item)
            return out

        events = {}
        other = [r for r in self.records if r["seat"] is None and r["role"] is None]
        for row in other:
            name = row["metric"]
            if name in m["event_counts"]:
                events[name] = {"count": m["event_counts"][name], "rate": _num(row["mean"]), "se": _num(row["se"])}
        session_metrics = {
            row["metric"]: {"mean": _num(row["mean"]), "se": _num(row["se"])}
            for row in other
            if row["metric"] not in m["event_counts"]
        }
        return {
            "game": m["game"],
            "variant": m["variant"],
            "rules": m["rules"],
            "rules_string": m["rules_string"],
            "players": m["players"],
            "n": m["n"],
            "sessions": m["sessions"],
            "rotations": m["rotations"],
            "seed": m["seed"],
            "unit": unit,
            "per": per,
            "seats": block("seat"),
            "roles": block("role"),
            "events": events,
            "impossible_events": list(m.get("impossible_events", [])),
            "session_metrics": session_metrics,
            "elapsed_s": m["elapsed_s"],
            "deals_per_s": m["deals_per_s"],
            "version": m["version"],
            "interrupted": m["interrupted"],
            "ci_width": m.get("ci_width"),
            "computed_with": m.get("computed_with"),
        }

    # ------------------------------------------------------------------ writing

    def save(self, path: str) -> None:
        """Write JSON, CSV or Parquet (chosen by the extension), atomically."""

        def write(tmp: str, ext: str) -> None:
            if ext == ".json":
                _dump_json(tmp, self.to_dict())
            elif ext == ".csv":
                self._frame_with_meta().to_csv(tmp, index=False)
            else:
                import pyarrow as pa
                import pyarrow.parquet as pq

                table = pa.Table.from_pandas(self._frame_with_meta(), preserve_index=False)
                meta = {**(table.schema.metadata or {}), b"sim": json.dumps(self.to_dict()).encode()}
                pq.write_table(table.replace_schema_metadata(meta), tmp)

        write_atomically(path, write)

    def _frame_with_meta(self) -> pd.DataFrame:
        f = self.frame.copy()
        f["seed"] = self.meta["seed"]
        f["rotations"] = self.meta["rotations"]
        f["interrupted"] = self.meta["interrupted"]
        f["version"] = self.meta["version"]
        f["unit"], f["per"] = units(self.meta)
        return f

    @staticmethod
    def load_dict(path: str) -> dict:
        """The JSON schema dict back from a file written by ``save`` (JSON or Parquet)."""
        if path.endswith(".parquet"):
            import pyarrow.parquet as pq

            return json.loads(pq.read_schema(path).metadata[b"sim"])
        with open(path) as fh:
            return json.load(fh)


def impossible_events(module: ModuleType, rules: Any) -> list[str]:
    """The game's events that its rules rule out (the module's ``impossible_events``), in EVENTS order."""
    if not hasattr(module, "impossible_events"):
        return []
    out = module.impossible_events(rules)
    return [e for e in module.EVENTS if e in out]


def _num(x: Any) -> float | None:
    x = float(x)
    return None if math.isnan(x) else x


@dataclass
class Comparison:
    """Arms played on the same deals, each against the first: paired differences with their SEs.

    ``frame`` columns: ``arm, baseline, seat, role, metric, diff, se, se_independent, n``. ``se`` is the paired
    standard error (from each session's difference); ``se_independent`` is what two independent runs of the same
    size would have had, so the gain from common random numbers is visible.
    """

    frame: pd.DataFrame
    meta: dict
    results: list[Result]
    interrupted: bool = False

    @classmethod
    def build(
        cls,
        specs: list[RunSpec],
        labels: list[str],
        results: list[Result],
        diffs: list[Sums],
        elapsed: float,
        interrupted: bool,
    ) -> Comparison:
        base = specs[0]
        module = base.module
        n = base.rules.players
        dps = base.deals_per_session
        rows: list[dict] = []
        for k, acc in enumerate(diffs, start=1):
            if acc.sessions:
                rows += _arm_rows(labels[k], labels[0], acc, results[k], results[0], module, n, dps)
        import pandas as pd

        frame = pd.DataFrame(
            rows, columns=["arm", "baseline", "seat", "role", "metric", "diff", "se", "se_independent", "n"]
        )
        unit, per = units(results[0].meta)
        meta = {
            "game": base.game,
            "players": n,
            "seed": base.seed,
            "unit": unit,  # the baseline's words; each arm's own are in ``arms`` (they differ only if its rules do)
            "per": per,
            "n": results[0].meta["n"],
            "sessions": results[0].sessions,
            "rotations": base.rotations,
            "arms": [
                {
                    "label": lab,
                    "variant": sp.variant,
                    "rules_string": sp.rules_string,
                    "strategies": list(sp.strategies),
                    "unit": fair.unit_word(sp.module, sp.rules),
                    "per": fair.deal_word(sp.module, sp.rules),
                }
                for lab, sp in zip(labels, specs)
            ],
            "elapsed_s": round(float(elapsed), 3),
            "version": __version__,
            "interrupted": interrupted,
        }
        return cls(frame, meta, results, interrupted)

    def diff(self, arm: str, metric: str, seat: int | None = None, role: str | None = None) -> tuple[float, float]:
        """(paired difference, its SE) of one metric for an arm against the baseline."""
        f = self.frame
        sel = (f["arm"] == arm) & (f["metric"] == metric)
        sel &= f["seat"].isna() if seat is None else f["seat"] == seat
        sel &= f["role"].isna() if role is None else f["role"] == role
        row = f[sel]
        if len(row) != 1:
            raise KeyError(f"no single row for arm={arm!r} metric={metric!r} seat={seat!r} role={role!r}")
        return float(row["diff"].iloc[0]), float(row["se"].iloc[0])

    def to_dict(self) -> dict:
        out = dict(self.meta)
        arms = []
        for label in [a["label"] for a in self.meta["arms"][1:]]:
            part = self.frame[self.frame["arm"] == label]

            def item(row: pd.Series, key: str) -> dict[str, Any]:
                return {
                    key: row[key] if key == "role" else int(row[key]),
                    "diff": _num(row["diff"]),
                    "se": _num(row["se"]),
                    "ci95": [_num(x) for x in ci95(row["diff"], row["se"])],
                    "se_independent": _num(row["se_independent"]),
                }

            net = part[part["metric"] == "net"]
            arms.append(
                {
                    "arm": label,
                    "baseline": self.meta["arms"][0]["label"],
                    "seats": [item(r, "seat") for _, r in net[net["seat"].notna()].iterrows()],
                    "roles": [item(r, "role") for _, r in net[net["role"].notna()].iterrows()],
                    "events": {
                        r["metric"]: {
                            "diff": _num(r["diff"]),
                            "se": _num(r["se"]),
                            "se_independent": _num(r["se_independent"]),
                        }
                        for _, r in part[part["seat"].isna() & part["role"].isna()].iterrows()
                    },
                }
            )
        out["comparisons"] = arms
        out["results"] = [r.to_dict() for r in self.results]
        return out

    def save(self, path: str) -> None:
        """Write JSON (the full comparison), CSV or Parquet (the differences table), atomically."""

        def write(tmp: str, ext: str) -> None:
            if ext == ".json":
                _dump_json(tmp, self.to_dict())
                return
            f = self.frame.copy()
            f["game"] = self.meta["game"]
            f["seed"] = self.meta["seed"]
            f["version"] = self.meta["version"]
            f["unit"], f["per"] = units(self.meta)
            if ext == ".csv":
                f.to_csv(tmp, index=False)
            else:
                f.to_parquet(tmp, index=False)

        write_atomically(path, write)


def _arm_rows(
    label: str, baseline: str, acc: Sums, mine: Result, theirs: Result, module: ModuleType, n: int, dps: int
) -> list[dict]:
    """The paired-difference rows of one arm against the baseline, from the sums of session differences."""
    sessions = acc.sessions
    mean, se = session_mean_se(acc.s1, acc.s2, sessions, dps)
    smean, sse = session_mean_se(acc.s1, acc.s2, sessions, 1.0)
    rows: list[dict[str, Any]] = []

    def add(
        seat: int | None,
        role: str | None,
        metric: str,
        col: int,
        per_session: bool = False,
        stats: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> None:
        m, e = (smean[col], sse[col]) if per_session else (mean[col], se[col])
        if stats is not None:
            m, e = stats[0][col], stats[1][col]
        a = mine.metric(metric, seat=seat, role=role)
        b = theirs.metric(metric, seat=seat, role=role)
        rows.append(
            {
                "arm": label,
                "baseline": baseline,
                "seat": seat,
                "role": role,
                "metric": metric,
                "diff": float(m),
                "se": float(e),
                "se_independent": float(math.sqrt(a[1] ** 2 + b[1] ** 2)),
                "n": int(sessions * (1 if per_session else dps)),
            }
        )

    for s in range(n):
        add(s, None, "net", COL_NET_SEAT + s)
        add(s, None, "win", COL_WIN_SEAT + s)
    for r in range(n):
        add(None, role_name(r), "net", COL_NET_ROLE + r)
        add(None, role_name(r), "win", COL_WIN_ROLE + r)
    if n > 1:
        emean, ese = session_mean_se(acc.s1, acc.s2, sessions, dps * (n - 1))
        for r in range(n):
            add(None, role_name(r), "edge", row_width(module) + r, stats=(emean, ese))
        for s in range(n):
            add(s, None, "edge", row_width(module) + MAX_SEATS + s, stats=(emean, ese))
    for e, name in enumerate(module.EVENTS):
        add(None, None, name, COL_EVENTS + e)
    for j, name in enumerate(module.SESSION_METRICS):
        add(None, None, name, COL_EVENTS + len(module.EVENTS) + j, per_session=True)
    return rows


def _dump_json(path: str, data: dict) -> None:
    with open(path, "w") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")


OUT_EXTENSIONS = (".json", ".csv", ".parquet")


def check_out(path: str) -> None:
    """Refuse, before a run starts, an ``--out`` that could not be written: the result is never lost at the end."""
    from sim.files import check_writable

    ext = os.path.splitext(path)[1].lower()
    if ext not in OUT_EXTENSIONS or os.path.basename(path).lower() in OUT_EXTENSIONS:
        raise ValueError(f"--out must end in .json, .csv or .parquet (a file name) (got {path!r})")
    check_writable(path, "--out")


def write_atomically(path: str, write: Callable[[str, str], None]) -> None:
    """Call ``write(tmp, ext)`` on a temp file beside ``path``, then move it into place (nothing half-written)."""
    from sim import files

    check_out(path)
    ext = os.path.splitext(path)[1].lower()
    files.write_atomically(path, lambda tmp: write(tmp, ext))
