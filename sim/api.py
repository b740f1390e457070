"""The Python API, for notebooks and scripts: ``sim.run``, ``sim.compare`` and ``sim.fairness``.

Each checks all its input before anything is compiled (``ValueError`` with a sentence), plays through the same
runner as the command line (the same seed gives the same numbers as ``sim run``), and returns a result object:

- ``.to_frame()``: a tidy pandas DataFrame, one row per estimate, with the metadata as columns;
- ``.plot(ax=None)``: the chart on a matplotlib Axes (a new figure when none is given), returned;
- ``.chart(path)``: the full chart with its title and footnote, written as PNG or SVG;
- ``.save(path)``: JSON, CSV or Parquet by the extension;
- ``.rules``, ``.seed``, ``.version``, ``.players``, ``.meta``: what produced the numbers.

``players`` may be one count, a range such as ``"3-8"`` or ``range(3, 9)``, or a list: a sweep plays each count on its
own deals (the same seed) and the charts draw each role against the number of players.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sim import __version__, runner

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from sim.fair import Fairness
    from sim.results import Comparison, Result

PlayersArg = int | str | Iterable[int] | None
StrategiesArg = str | Sequence[str] | Mapping[int, str] | None


def parse_players(players: PlayersArg, low: int, high: int, title: str = "this game") -> tuple[int | None, ...]:
    """Player counts from ``4``, ``"3-8"``, ``"3,5,8"``, ``range(3, 9)`` or ``[3, 5]``; ``(None,)`` means the
    game's default. ValueError (naming the game's range) for anything else."""
    if players is None:
        return (None,)
    if isinstance(players, bool):
        raise ValueError(f"players must be a number from {low} to {high} (got {players!r})")
    if isinstance(players, int):
        counts: list[int] = [players]
    elif isinstance(players, str):
        counts = []
        for part in players.replace(" ", "").split(","):
            m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
            if not m:
                raise ValueError(
                    f"--players takes a count, a range or a list such as 4, 3-8 or 3,5,7 (got {players!r})"
                )
            a, b = int(m.group(1)), int(m.group(2) or m.group(1))
            if b < a:
                raise ValueError(f"--players: the range {part} runs backwards")
            counts += range(a, b + 1)
    else:
        counts = [int(p) for p in players]
    if not counts:
        raise ValueError("players: give at least one count")
    bad = [c for c in counts if not low <= c <= high]
    if bad:
        raise ValueError(f"{title} needs {low} to {high} players (got {bad[0]})")
    return tuple(sorted(set(counts)))


def _rules_list(rules: Mapping[str, Any] | None) -> list[str]:
    """``{"pope_turnup_cap": 4, "popular": True}`` as the ``KEY=VALUE`` strings the runner takes."""
    return [f"{k}={runner._fmt(v)}" for k, v in (rules or {}).items()]


def _seats(strategies: StrategiesArg, players: int | None, default_players: int) -> tuple[str, list[str]]:
    """(strategy for every seat, SEAT=NAME overrides) from a name, a list per seat or a {seat: name} mapping."""
    if strategies is None:
        return "book", []
    if isinstance(strategies, str):
        return strategies, []
    if isinstance(strategies, Mapping):
        return "book", [f"{seat}={name}" for seat, name in strategies.items()]
    names = list(strategies)
    n = players or default_players
    if len(names) != n:
        raise ValueError(f"strategies: a list needs one name per seat ({n} players, got {len(names)} names)")
    return "book", [f"{seat}={name}" for seat, name in enumerate(names)]


def run_specs(
    game: str,
    variant: str = "standard",
    *,
    n: int | str = 1_000_000,
    players: PlayersArg = None,
    rules: Mapping[str, Any] | None = None,
    strategies: StrategiesArg = None,
    seed: int = 1,
    rotations: int = 1,
) -> list[runner.RunSpec]:
    """The checked run specs of a run or sweep (one per player count); ValueError on bad input."""
    from sim import games

    module = games.load(game)
    lo, hi = module.PLAYERS
    specs = []
    for count in parse_players(players, lo, hi, module.TITLE):
        strategy, seat_strategies = _seats(strategies, count, module.Rules().players)
        specs.append(
            runner.make_spec(
                game=game,
                variant=variant,
                n=n,
                players=count,
                seed=seed,
                strategy=strategy,
                seat_strategies=seat_strategies,
                rules=_rules_list(rules),
                rotations=rotations,
            )
        )
    return specs


def arm_specs(
    game: str,
    arms: Sequence[str],
    *,
    n: int | str = 1_000_000,
    players: PlayersArg = None,
    strategy: str | None = None,
    seed: int = 1,
    rotations: int = 1,
) -> list[list[runner.RunSpec]]:
    """For each player count, the checked specs of every arm (``sim compare``'s ARM syntax)."""
    from sim import games

    module = games.load(game)
    if len(arms) < 2:
        raise ValueError("compare needs two or more arms, e.g. ['standard', 'five-pool']")
    lo, hi = module.PLAYERS
    base = strategy or "book"
    out = []
    for count in parse_players(players, lo, hi, module.TITLE):
        specs = []
        for arm in arms:
            kw = runner.parse_arm(game, arm)
            specs.append(
                runner.make_spec(
                    game=game,
                    variant=kw["variant"],
                    n=n,
                    players=count,
                    seed=seed,
                    strategy=kw.get("strategy", base),
                    seat_strategies=kw["seat_strategies"],
                    rules=kw["rules"],
                    rotations=rotations,
                )
            )
        out.append(specs)
    return out


# ------------------------------------------------------------------ result objects


class _Answer:
    """What the three result objects share: metadata, saving and charting. Each holds one part per player count
    (a ``Result`` or a ``Comparison``): one part is written and saved as itself, several as a sweep."""

    _KEY = "results"  # the parts' name in a sweep's dict

    def _parts(self) -> list[Any]:
        raise NotImplementedError

    def _first(self) -> Result:
        raise NotImplementedError

    def _draw(self, ax: Axes) -> str:
        """Draw the chart's body on ``ax``; its title."""
        raise NotImplementedError

    @property
    def meta(self) -> dict[str, Any]:
        m = self._first().meta
        return {
            "game": m["game"],
            "variant": m["variant"],
            "rules": dict(m["rules"]),
            "rules_string": m["rules_string"],
            "players": self.players,
            "seed": m["seed"],
            "version": m["version"],
            "computed_with": m.get("computed_with"),
        }

    @property
    def players(self) -> list[int]:
        return [int(p.meta["players"]) for p in self._parts()]

    @property
    def rules(self) -> dict[str, Any]:
        """The rules of the (first) run: every field of the game's Rules."""
        return dict(self._first().meta["rules"])

    @property
    def seed(self) -> int:
        return int(self._first().meta["seed"])

    @property
    def version(self) -> str:
        return str(self._first().meta["version"])

    def to_frame(self) -> pd.DataFrame:
        raise NotImplementedError

    def figure(self) -> Any:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """One part: its own dict (the JSON of the command line); a sweep: ``{"game", "players", _KEY}``."""
        parts = self._parts()
        if len(parts) == 1:
            return dict(parts[0].to_dict())
        return {"game": self.meta["game"], "players": self.players, self._KEY: [p.to_dict() for p in parts]}

    def save(self, path: str) -> None:
        """JSON (``to_dict``), CSV or Parquet (``to_frame``), by the extension, atomically."""
        parts = self._parts()
        if len(parts) == 1:
            parts[0].save(path)
        else:
            self._save_frame(path, self.to_dict())

    def plot(self, ax: Axes | None = None) -> Axes:
        """The chart's body on ``ax`` (new axes if None), titled."""
        from sim import charts

        ax = charts.new_axes(ax)
        ax.set_title(self._draw(ax), loc="left", fontsize=10)
        return ax

    def chart(self, path: str) -> None:
        """The full chart (title, intervals, footnote) written to ``path`` (.png or .svg)."""
        from sim import charts

        charts.check_path(path)
        charts.save(self.figure(), path)

    def _save_frame(self, path: str, data: dict[str, Any]) -> None:
        from sim.results import _dump_json, write_atomically

        def write(tmp: str, ext: str) -> None:
            if ext == ".json":
                _dump_json(tmp, data)
            elif ext == ".csv":
                self.to_frame().to_csv(tmp, index=False)
            else:
                self.to_frame().to_parquet(tmp, index=False)

        write_atomically(path, write)


def _stamp(frame: pd.DataFrame, result: Result) -> pd.DataFrame:
    from sim.results import units

    f = frame.copy()
    f["seat"] = f["seat"].astype("Int64")  # a whole number, or <NA> on the rows of roles and events
    for key in ("seed", "rotations", "interrupted", "version"):  # the order of one player count's file
        f[key] = result.meta[key]
    f["unit"], f["per"] = units(result.meta)  # as a single player count's file says them
    return f


@dataclass
class RunResult(_Answer):
    """A run (``sim.run``): one ``Result`` per player count, in ``results``."""

    results: list[Result]

    def _parts(self) -> list[Any]:
        return list(self.results)

    def _first(self) -> Result:
        return self.results[0]

    def __getitem__(self, players: int) -> Result:
        """The result for one player count."""
        for r in self.results:
            if r.meta["players"] == players:
                return r
        raise KeyError(f"no run with {players} players (ran {self.players})")

    def to_frame(self) -> pd.DataFrame:
        """One row per (player count, seat or role, metric): net, win and edge per seat/role, then the events."""
        import pandas as pd

        return pd.concat([_stamp(r.frame, r) for r in self.results], ignore_index=True)

    def fairness(self) -> FairnessResult:
        """The fairness check of these very deals (no new run)."""
        return FairnessResult(self.results)

    @property
    def summary(self) -> str:
        """The host's line for each player count."""
        return self.fairness().summary

    def _draw(self, ax: Axes) -> str:
        """Each role's net per deal (95% intervals), or against the number of players for a sweep."""
        from sim import charts

        if len(self.results) > 1:
            charts.draw_run_sweep(ax, self.results)
        else:
            charts.draw_run(ax, self.results[0], "role")
        return charts.run_title(self.results)

    def figure(self) -> Any:
        from sim import charts

        return charts.run_figure(self.results)


@dataclass
class CompareResult(_Answer):
    """A comparison (``sim.compare``): one ``Comparison`` per player count, in ``comparisons``."""

    comparisons: list[Comparison]
    _KEY = "comparisons"

    def _parts(self) -> list[Any]:
        return list(self.comparisons)

    def _first(self) -> Result:
        return self.comparisons[0].results[0]

    @property
    def arms(self) -> list[dict[str, Any]]:
        """Each arm's label, variant, rules and strategies; the first is the baseline."""
        return list(self.comparisons[0].meta["arms"])

    @property
    def meta(self) -> dict[str, Any]:
        return {**super().meta, "arms": self.arms}

    def to_frame(self) -> pd.DataFrame:
        """One row per (player count, arm, seat or role, metric): the paired difference from the baseline, its SE
        and the SE independent runs would have had."""
        import pandas as pd

        parts = []
        for c in self.comparisons:
            f = c.frame.copy()
            f["seat"] = f["seat"].astype("Int64")
            f.insert(0, "players", c.meta["players"])
            f.insert(0, "game", c.meta["game"])
            f["seed"] = c.meta["seed"]
            f["version"] = c.meta["version"]
            parts.append(f)
        return pd.concat(parts, ignore_index=True)

    def _draw(self, ax: Axes) -> str:
        """Each arm's paired difference per role (95%), or, for a sweep, the second arm's against the players."""
        from sim import charts

        if len(self.comparisons) > 1:
            charts.draw_comparison_sweep(ax, self.comparisons, self.arms[1]["label"])
        else:
            charts.draw_comparison(ax, self.comparisons[0], "role")
        return charts.compare_title(self.comparisons)

    def figure(self) -> Any:
        from sim import charts

        return charts.compare_figure(self.comparisons)


@dataclass
class FairnessResult(_Answer):
    """A fairness check (``sim.fairness``): each role's edge over the others per player count, with verdicts."""

    results: list[Result]

    def _parts(self) -> list[Any]:
        return list(self.results)

    def _first(self) -> Result:
        return self.results[0]

    @property
    def checks(self) -> list[Fairness]:
        from sim import fair

        return [fair.fairness(r) for r in self.results]

    @property
    def summary(self) -> str:
        """The host's line, one per player count."""
        return "\n".join(f.summary for f in self.checks)

    def to_frame(self) -> pd.DataFrame:
        """One row per (player count, role): edge per deal over the mean of the others, SE, 99% interval, verdict."""
        import pandas as pd

        rows = []
        for f in self.checks:
            for r in f.roles:
                rows.append(
                    {
                        "game": f.game,
                        "variant": f.variant,
                        "rules": f.rules_string,
                        "players": f.players,
                        "role": r.role,
                        "edge": r.edge,
                        "se": r.se,
                        "ci99_low": r.lo,
                        "ci99_high": r.hi,
                        "verdict": r.verdict,
                        "tolerance": f.tolerance,
                        "unit": f.unit,
                        "n": f.n,
                        "seed": f.seed,
                        "version": f.version,
                    }
                )
        return pd.DataFrame(rows)

    def to_dict(self) -> dict[str, Any]:
        from sim import fair

        first = self.checks[0]
        return {
            "game": first.game,
            "title": first.title,
            "variant": first.variant,
            "rules_string": first.rules_string,
            "seed": first.seed,
            "version": first.version,
            "level": fair.LEVEL,
            "tolerance_stakes": fair.TOLERANCE_STAKES,
            "players": self.players,
            "checks": [f.to_dict() for f in self.checks],
        }

    def _draw(self, ax: Axes) -> str:
        """Each role's edge (99% intervals, the fair band shaded), or against the number of players for a sweep."""
        from sim import charts

        checks = self.checks
        if len(checks) > 1:
            charts.draw_fairness_sweep(ax, checks)
        else:
            charts.draw_fairness(ax, checks[0])
        return charts.fairness_title(checks)

    def figure(self) -> Any:
        from sim import charts

        return charts.fairness_figure(self.checks)

    def save(self, path: str) -> None:
        self._save_frame(path, self.to_dict())


# ------------------------------------------------------------------ the functions


def _engine(threads: int | None, dask: str | None, progress: bool) -> dict[str, Any]:
    return {"threads": threads, "dask": dask, "progress": progress}


def run(
    game: str,
    variant: str = "standard",
    *,
    n: int | str = 1_000_000,
    players: PlayersArg = None,
    rules: Mapping[str, Any] | None = None,
    strategies: StrategiesArg = None,
    seed: int = 1,
    rotations: int = 1,
    threads: int | None = None,
    dask: str | None = None,
    progress: bool = False,
) -> RunResult:
    """Play ``game`` under ``variant`` and ``rules`` for ``n`` deals (per player count).

    ``strategies``: one name for every seat, a list with one per seat, or ``{seat: name}`` (others play the
    game's default). Example: ``sim.run("popejoan", "five-pool", n=1e5, players="3-6").plot()``.
    """
    specs = run_specs(
        game, variant, n=n, players=players, rules=rules, strategies=strategies, seed=seed, rotations=rotations
    )
    return RunResult([runner.run(s, **_engine(threads, dask, progress)) for s in specs])


def compare(
    game: str,
    arms: Sequence[str],
    *,
    n: int | str = 1_000_000,
    players: PlayersArg = None,
    strategy: str | None = None,
    seed: int = 1,
    rotations: int = 1,
    threads: int | None = None,
    dask: str | None = None,
    progress: bool = False,
) -> CompareResult:
    """Play ``arms`` of ``game`` on the same deals; each arm's paired difference from the first.

    An arm is written as on the command line: a variant, ``RULE=VALUE``, ``SEAT=STRATEGY`` or ``all=STRATEGY``,
    joined by ``+``: ``sim.compare("popejoan", ["standard", "five-pool", "0=hold-pope"], n=1e5)``.
    """
    plans = arm_specs(game, arms, n=n, players=players, strategy=strategy, seed=seed, rotations=rotations)
    return CompareResult([runner.compare(specs, list(arms), **_engine(threads, dask, progress)) for specs in plans])


def fairness(
    game: str,
    variant: str = "standard",
    *,
    n: int | str = 1_000_000,
    players: PlayersArg = None,
    rules: Mapping[str, Any] | None = None,
    strategies: StrategiesArg = None,
    seed: int = 1,
    rotations: int = 1,
    threads: int | None = None,
    dask: str | None = None,
    progress: bool = False,
) -> FairnessResult:
    """Is ``game`` under these rules fair to every seat? Each role's net per deal against the mean of the others,
    its 99% interval and a verdict, per player count: ``sim.fairness("popejoan", "five-pool", players="3-8")``.

    The same deals and numbers as ``sim.run`` with the same arguments.
    """
    ran = run(
        game,
        variant,
        n=n,
        players=players,
        rules=rules,
        strategies=strategies,
        seed=seed,
        rotations=rotations,
        threads=threads,
        dask=dask,
        progress=progress,
    )
    return FairnessResult(ran.results)


__all__ = [
    "CompareResult",
    "FairnessResult",
    "RunResult",
    "compare",
    "fairness",
    "parse_players",
    "run",
    "__version__",
]
