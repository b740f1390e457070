"""The command line's shared parts: bad input as one ``Error:`` line, and the options several commands take.

Options are declared once here and reach a command as a few records (``Table``, ``Seating``, ``Engine``,
``Output``), so a command takes a handful of arguments. Nothing here imports numba.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

import click

from sim import games as _games
from sim import runner

if TYPE_CHECKING:
    from sim.api import CompareResult, FairnessResult, RunResult
    from sim.tune import Tuning

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class UserError(Exception):
    """Bad input: reported as one ``Error:`` line, exit status 2."""


def _fail(message: str) -> NoReturn:
    raise UserError(message)


def _module(game: str) -> ModuleType:
    try:
        return _games.load(game)
    except ValueError as e:
        _fail(str(e))


class SimGroup(click.Group):
    """click, but every bad input is one ``Error:`` line with exit status 2 (no usage dump, no traceback)."""

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except UserError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(2)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help() if e.ctx else str(e))
            sys.exit(0)
        except click.UsageError as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            sys.exit(2)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(130)
        except click.ClickException as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)
        if standalone_mode:
            sys.exit(rv if isinstance(rv, int) else 0)
        return rv


# ------------------------------------------------------------------ the options, each declared once


def _bundle(record: type, *options: Decorator) -> Decorator:
    """Options that reach the command as one ``record`` (a dataclass), passed by its name in lower case.

    A command given only some of the record's options gets the record's defaults for the others.
    """
    name = record.__name__.lower()
    fields = [f.name for f in dataclasses.fields(record)]

    def apply(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def call(*args: Any, **kw: Any) -> Any:
            given = {k: kw.pop(k) for k in fields if k in kw}
            return command(*args, **kw, **{name: record(**given)})

        decorated: Callable[..., Any] = call
        for option in reversed(options):
            decorated = option(decorated)
        return decorated

    return apply


GAME = click.argument("game")
VARIANT = click.option("--variant", default="standard", show_default=True, help="a named variation from the book")
RULE = click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="override one rule (repeatable)")
PLAYERS = click.option("--players", type=int, default=None, help="number of players (default: the game's)")
PLAYER_SWEEP = click.option(
    "--players",
    "sweep",
    default=None,
    metavar="N|A-B",
    help="number of players (default: the game's), or a range or list such as 3-8 or 3,5,7 to sweep",
)
SEED = click.option("--seed", type=int, default=1, show_default=True, help="the same seed gives the same numbers")
SEAT_STRATEGY = click.option(
    "--seat-strategy",
    "seat_strategies",
    multiple=True,
    metavar="SEAT=NAME",
    help="strategy for one seat, e.g. 0=hold-pope (repeatable)",
)
ROTATIONS = click.option(
    "--rotations",
    type=int,
    default=1,
    show_default=True,
    help="whole rotations of the deal per session (boards carry over within a session)",
)
THREADS = click.option("--threads", type=int, default=None, help="threads to use (default: all cores)")
CHUNK = click.option(
    "--chunk",
    type=int,
    default=runner.DEFAULT_CHUNK_SESSIONS,
    show_default=True,
    help="sessions per chunk (does not change the numbers)",
)
PROGRESS = click.option("--progress/--no-progress", default=None, help="progress bar (default: on a terminal)")
DASK = click.option(
    "--dask",
    default=None,
    metavar="ADDRESS",
    help="play the chunks on a Dask cluster: a scheduler's address (tcp://host:8786) or local:K for K local "
    "worker processes; the numbers are the same as on threads",
)
METRIC = click.option(
    "--metric", default="net", show_default=True, help="what --ci-width watches: net, win or an event"
)


def strategy_option(help: str) -> Decorator:
    return click.option("--strategy", default="book", show_default=True, help=help)


def count_option(help: str) -> Decorator:
    return click.option("-n", "n", default="1e6", show_default=True, help=help)


def ci_width_option(help: str) -> Decorator:
    return click.option("--ci-width", type=float, default=None, metavar="W", help=help)


CHART = click.option("--chart", default=None, metavar="FILE", help="also draw the chart to FILE (.png or .svg)")


def format_option(*choices: str) -> Decorator:
    return click.option("--format", "fmt", type=click.Choice(choices), default=choices[0], show_default=True)


def out_option(help: str) -> Decorator:
    return click.option("--out", default=None, help=help)


@dataclass(frozen=True)
class Table:
    """The game's rules: a variant of the book and single rules changed."""

    variant: str = "standard"
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Seating:
    """Who plays: the number of players, the seed of the deals, the strategies, the length of a session."""

    players: int | None = None
    seed: int = 1
    strategy: str = "book"
    seat_strategies: tuple[str, ...] = ()
    rotations: int = 1
    sweep: str | None = None  # --players as a range (run, compare, fairness)

    def counts(self, module: ModuleType) -> list[Seating]:
        """This seating once per player count of ``--players`` (a range or list sweeps)."""
        from sim.api import parse_players

        lo, hi = module.PLAYERS
        try:
            counts = parse_players(self.sweep, lo, hi, module.TITLE)
        except ValueError as e:
            _fail(str(e))
        return [dataclasses.replace(self, players=c, sweep=None) for c in counts]


@dataclass(frozen=True)
class Engine:
    """How a run is played: threads, chunks, the progress bar, and when to stop early."""

    threads: int | None = None
    chunk: int = runner.DEFAULT_CHUNK_SESSIONS
    progress: bool | None = None
    ci_width: float | None = None
    metric: str = "net"
    dask: str | None = None

    def check(self, spec: runner.RunSpec) -> bool:
        """Refuse bad settings; return whether to show the progress bar."""
        if self.chunk < 1:
            _fail("--chunk must be at least 1")
        if self.threads is not None and self.threads < 1:
            _fail("--threads must be at least 1")
        if self.ci_width is not None and not self.ci_width > 0:
            _fail(f"--ci-width must be a positive number of counters (got {self.ci_width})")
        try:
            runner.ci_columns(spec.module, spec.rules.players, self.metric)
        except ValueError as e:
            _fail(str(e))
        return sys.stderr.isatty() if self.progress is None else self.progress

    def settings(self, show: bool) -> dict[str, Any]:
        """runner.run / runner.compare's keyword arguments."""
        return {
            "chunk_sessions": self.chunk,
            "progress": show,
            "threads": self.threads,
            "ci_width": self.ci_width,
            "ci_metric": self.metric,
            "dask": self.dask,
        }


@dataclass(frozen=True)
class Output:
    """Where the answer goes: the terminal's format, a file, and a chart."""

    fmt: str = "table"
    out: str | None = None
    chart: str | None = None

    def check(self) -> None:
        """A bad --out or --chart is refused before the run, so the result is never lost at the end."""
        from sim.charts import check_path
        from sim.results import check_out

        try:
            if self.out is not None:
                check_out(self.out)
            if self.chart is not None:
                check_path(self.chart)
        except ValueError as e:
            _fail(str(e))

    def emit(self, answer: RunResult | CompareResult | FairnessResult | Tuning) -> None:
        if self.out:
            answer.save(self.out)
        if self.chart:
            answer.chart(self.chart)
        if self.fmt == "json":
            click.echo(json.dumps(answer.to_dict(), indent=2))
        else:
            from sim import tables

            tables.print_answer(answer)
        if self.chart and self.fmt != "json":
            click.echo(f"Chart written to {self.chart}", err=True)


with_table = _bundle(Table, VARIANT, RULE)
with_seating = _bundle(Seating, PLAYERS, SEED, strategy_option("strategy for every seat"), SEAT_STRATEGY, ROTATIONS)
with_players = _bundle(Seating, PLAYERS)


def with_engine(ci_width_help: str) -> Decorator:
    return _bundle(Engine, THREADS, CHUNK, PROGRESS, ci_width_option(ci_width_help), METRIC, DASK)


def with_output(out_help: str) -> Decorator:
    return _bundle(Output, format_option("table", "json"), out_option(out_help), CHART)


with_sweep = _bundle(Seating, PLAYER_SWEEP, SEED, strategy_option("strategy for every seat"), SEAT_STRATEGY, ROTATIONS)
