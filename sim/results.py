"""A run's answer: a tidy table of metrics plus the metadata that says which rules and seed produced it.

``Result.frame`` is long: one row per (seat or role, metric) with columns
``game, variant, rules, players, seat, role, strategy, metric, mean, se, n``. ``Result.to_dict`` is the JSON
schema of DESIGN.md; ``save`` writes JSON, CSV or Parquet (by extension) atomically.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass, field

import pandas as pd

from sim import __version__
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT
from sim.stats import ci95, session_mean_se


def role_name(role: int) -> str:
    if role == 0:
        return "dealer"
    if role == 1:
        return "elder"
    suffix = {2: "nd", 3: "rd"}.get(role, "th")
    return f"{role}{suffix}"


@dataclass
class Result:
    frame: pd.DataFrame
    meta: dict
    sessions: int = 0
    interrupted: bool = False
    extra: dict = field(default_factory=dict)

    # ------------------------------------------------------------------ building

    @classmethod
    def from_sums(cls, spec, sums, elapsed: float, deals_per_s: float, interrupted: bool = False) -> Result:
        module = spec.module
        r = spec.rules
        n = r.players
        dps = spec.deals_per_session
        sessions = max(sums.sessions, 0)
        deals = sessions * dps
        rules_str = spec.rules_string
        common = {"game": spec.game, "variant": spec.variant, "rules": rules_str, "players": n}
        rows = []

        def add(seat, role, strategy, metric, mean, se, count):
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
            for e, name in enumerate(module.EVENTS):
                add(None, None, None, name, mean[COL_EVENTS + e], se[COL_EVENTS + e], deals)
            smean, sse = session_mean_se(sums.s1, sums.s2, sessions, 1.0)
            for j, name in enumerate(module.SESSION_METRICS):
                col = COL_EVENTS + len(module.EVENTS) + j
                add(None, None, None, name, smean[col], sse[col], sessions)
        frame = pd.DataFrame(
            rows,
            columns=["game", "variant", "rules", "players", "seat", "role", "strategy", "metric", "mean", "se", "n"],
        )
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
        }
        return cls(frame, meta, sessions, interrupted)

    # ------------------------------------------------------------------ reading

    def metric(self, metric: str, seat: int | None = None, role: str | None = None) -> tuple[float, float]:
        """(mean, se) of one metric, for a seat, a role, or neither (events)."""
        f = self.frame
        sel = f["metric"] == metric
        sel &= f["seat"].isna() if seat is None else f["seat"] == seat
        sel &= f["role"].isna() if role is None else f["role"] == role
        row = f[sel]
        if len(row) != 1:
            raise KeyError(f"no single row for metric={metric!r} seat={seat!r} role={role!r}")
        return float(row["mean"].iloc[0]), float(row["se"].iloc[0])

    def to_dict(self) -> dict:
        m = self.meta
        f = self.frame

        def block(sel_col: str):
            out = []
            part = f[f[sel_col].notna()]
            for key, group in part.groupby(sel_col, sort=False):
                net = group[group["metric"] == "net"].iloc[0]
                win = group[group["metric"] == "win"].iloc[0]
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
                out.append(item)
            return out

        events = {}
        other = f[f["seat"].isna() & f["role"].isna()]
        for _, row in other.iterrows():
            name = row["metric"]
            if name in m["event_counts"]:
                events[name] = {"count": m["event_counts"][name], "rate": _num(row["mean"]), "se": _num(row["se"])}
        session_metrics = {
            row["metric"]: {"mean": _num(row["mean"]), "se": _num(row["se"])}
            for _, row in other.iterrows()
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
            "seats": block("seat"),
            "roles": block("role"),
            "events": events,
            "session_metrics": session_metrics,
            "elapsed_s": m["elapsed_s"],
            "deals_per_s": m["deals_per_s"],
            "version": m["version"],
            "interrupted": m["interrupted"],
        }

    # ------------------------------------------------------------------ writing

    def save(self, path: str) -> None:
        """Write JSON, CSV or Parquet (chosen by the extension), atomically."""
        ext = os.path.splitext(path)[1].lower()
        if ext not in (".json", ".csv", ".parquet"):
            raise ValueError(f"--out must end in .json, .csv or .parquet (got {path!r})")
        folder = os.path.dirname(os.path.abspath(path)) or "."
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=ext, dir=folder)
        os.close(fd)
        try:
            if ext == ".json":
                with open(tmp, "w") as fh:
                    json.dump(self.to_dict(), fh, indent=2)
                    fh.write("\n")
            elif ext == ".csv":
                self._frame_with_meta().to_csv(tmp, index=False)
            else:
                import pyarrow as pa
                import pyarrow.parquet as pq

                table = pa.Table.from_pandas(self._frame_with_meta(), preserve_index=False)
                meta = {**(table.schema.metadata or {}), b"sim": json.dumps(self.to_dict()).encode()}
                pq.write_table(table.replace_schema_metadata(meta), tmp)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def _frame_with_meta(self) -> pd.DataFrame:
        f = self.frame.copy()
        f["seed"] = self.meta["seed"]
        f["version"] = self.meta["version"]
        return f

    @staticmethod
    def load_dict(path: str) -> dict:
        """The JSON schema dict back from a file written by ``save`` (JSON or Parquet)."""
        if path.endswith(".parquet"):
            import pyarrow.parquet as pq

            return json.loads(pq.read_schema(path).metadata[b"sim"])
        with open(path) as fh:
            return json.load(fh)


def _num(x) -> float | None:
    x = float(x)
    return None if math.isnan(x) else x
