"""The command line's shared parts: bad input as one ``Error:`` line, and the options several commands take.

Options are declared once here and reach a command as a few records (``Table``, ``Seating``, ``Engine``,
``Output``), so a command takes a handful of arguments. Nothing here imports numba.
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import json
import math
import os
import signal
import sys
import threading
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
    """click, but every bad input is one ``Error:`` line with exit status 2 (no usage dump, no traceback).

    Ctrl-C exits 130 with one line wherever it lands (``_Interrupts``), and output that cannot be written (a full
    disk, a closed pipe) is one ``Error:`` line with exit status 1, never a traceback or a claim of success.
    """

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            with _Interrupts() as ctrl_c:
                try:
                    rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
                    sys.stdout.flush()
                except OSError as e:
                    if not (e.filename or e.errno in _WRITE_FAILED):
                        raise
                    _output_failed(e)
                except Exception:
                    if not ctrl_c.seen:
                        raise
                    # Ctrl-C while numba compiles can surface as another error (see _Interrupts)
                    raise click.exceptions.Abort() from None
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
            click.echo("Interrupted (Ctrl-C).", err=True)
            sys.exit(130)
        except click.ClickException as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)
        if standalone_mode:
            sys.exit(rv if isinstance(rv, int) else 0)
        return rv


_WRITE_FAILED = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EFBIG}


def _output_failed(e: OSError) -> NoReturn:
    """Standard output (or a file) could not be written: one line and exit 1, never a claim of success."""
    _silence_stdout()
    if e.errno == errno.EPIPE:  # the reader went away (``sim ... | head``): nothing to say
        sys.exit(1)
    where = f" {e.filename}" if e.filename else " to standard output"
    click.echo(f"Error: could not write{where}: {e.strerror or e}", err=True)
    sys.exit(1)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush of what is still buffered cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's buffer)
        pass


def _in_compiler_critical_section(frame: Any) -> bool:
    """Whether Python code of numba's cache writer or llvmlite (its callbacks from LLVM) is on the stack.

    A KeyboardInterrupt raised there is swallowed by a ctypes callback (numba then fails later with 'no compiled
    object yet') or skips the clean-up of a cache file being written; elsewhere it unwinds numba cleanly.
    """
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.startswith("llvmlite") or module == "numba.core.caching":
            return True
        if frame.f_code.co_name in ("_object_compiled_hook", "_object_getbuffer_hook"):
            return True
        frame = frame.f_back
    return False


class _Interrupts:
    """Ctrl-C as a KeyboardInterrupt, but never inside numba's cache writes or LLVM's callbacks: there it is
    put off and delivered again a moment later, when the code is back in plain Python (checked again then).

    ``seen`` tells the caller that Ctrl-C was pressed, so an error that follows it is reported as the interrupt.
    Only in the main thread (signal handlers cannot be set elsewhere); the old handler is restored on exit.
    """

    RETRY_S = 0.05

    def __init__(self) -> None:
        self.seen = False
        self.installed = False
        self.old: Any = None
        self.again: threading.Timer | None = None

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, self._handle)
            self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.again is not None:
            self.again.cancel()
        if self.installed:  # None: a handler set outside Python; Python's own is the nearest to it
            signal.signal(signal.SIGINT, signal.default_int_handler if self.old is None else self.old)

    def _handle(self, signum: int, frame: Any) -> None:
        self.seen = True
        if _in_compiler_critical_section(frame):
            self.again = threading.Timer(self.RETRY_S, os.kill, (os.getpid(), signal.SIGINT))
            self.again.daemon = True
            self.again.start()
            return
        raise KeyboardInterrupt


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


class Number(click.ParamType):
    """A finite number from ``lo`` to ``hi`` (whole with ``whole``; above ``lo`` with ``above``): NaN, infinity,
    a fraction where a count is meant and anything out of range are refused in one line before anything runs."""

    def __init__(self, lo: float, hi: float, whole: bool = True, above: bool = False, what: str = "") -> None:
        self.lo, self.hi, self.whole, self.above = lo, hi, whole, above
        self.name = "integer" if whole else "number"
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            text = str(value)
        else:
            text = str(value).strip().replace("_", "")
        try:
            number: float = int(text) if self.whole else float(text)
        except ValueError:
            number = math.nan
        low_ok = number > self.lo if self.above else number >= self.lo
        if not (math.isfinite(number) and low_ok and number <= self.hi):
            option = param.opts[0] if param is not None and param.opts else "the value"
            _fail(f"{option} must be {self.describe()} (got {text})")
        return number

    def describe(self) -> str:
        kind = "a whole number" if self.whole else "a number"
        if self.above:
            return self.what or f"{kind} above {self.lo:g} and at most {self.hi:g}"
        return self.what or f"{kind} from {self.lo:g} to {self.hi:g}"


MAX_SEED = 2**63 - 1
MAX_BENCH_SECONDS = 3600.0  # a bench row measures for this long at most; longer says nothing more
SEED_TYPE = Number(0, MAX_SEED, what=f"a whole number from 0 to 2**63-1 ({MAX_SEED})")

GAME = click.argument("game")
VARIANT = click.option("--variant", default="standard", show_default=True, help="a named variation from the book")
RULE = click.option(
    "--rule", "rules", multiple=True, metavar="KEY=VALUE",
    help="override one rule (repeatable, each rule once; the number of players by --players or here, not both)",
)  # fmt: skip
PLAYERS = click.option("--players", type=int, default=None, help="number of players (default: the game's)")
PLAYER_SWEEP = click.option(
    "--players",
    "sweep",
    default=None,
    metavar="N|A-B",
    help="number of players (default: the game's), or a range or list such as 3-8 or 3,5,7 to sweep",
)
SEED = click.option("--seed", type=SEED_TYPE, default=1, show_default=True, help="the same seed gives the same numbers")
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
METRIC = click.option("--metric", default=None, help="what --ci-width watches: net, win or an event (default: net)")


def strategy_option(help: str) -> Decorator:
    return click.option("--strategy", default="book", show_default=True, help=help)


def count_option(help: str) -> Decorator:
    return click.option("-n", "n", default="1e6", show_default=True, help=help)


def ci_width_option(help: str) -> Decorator:
    return click.option(
        "--ci-width", type=Number(0, math.inf, whole=False, above=True, what="a positive number of counters"),
        default=None, metavar="W", help=help,
    )  # fmt: skip


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


def check_given_once(table: Table, seating: Seating) -> None:
    """Each rule and each seat's strategy given once, and the number of players in one place.

    A repeated ``--rule`` or ``--seat-strategy`` is refused rather than letting the last one win: a rule typed
    twice is a mistake in one of the two, and which one was meant cannot be told.
    """
    rules: dict[str, str] = {}
    for item in table.rules:
        if "=" not in item:
            continue  # runner.make_rules names the mistake
        key = item.split("=", 1)[0].strip().replace("-", "_")
        if key in rules:
            _fail(f"rule {key} is given twice ({rules[key]} and {item.strip()}); give each rule once")
        rules[key] = item.strip()
    if "players" in rules and seating.players is not None:
        _fail(f"--players {seating.players} and the rule {rules['players']}: give the number of players once")
    seats: dict[str, str] = {}
    for item in seating.seat_strategies:
        seat = item.split("=", 1)[0].strip()
        if "=" in item and seat in seats:
            _fail(f"seat {seat}'s strategy is given twice ({seats[seat]} and {item.strip()}); give it once")
        seats[seat] = item.strip()


@dataclass(frozen=True)
class Engine:
    """How a run is played: threads, chunks, the progress bar, and when to stop early."""

    threads: int | None = None
    chunk: int = runner.DEFAULT_CHUNK_SESSIONS
    progress: bool | None = None
    ci_width: float | None = None
    metric: str | None = None  # (None: net; given, it needs ci_width)
    dask: str | None = None

    def check(self, spec: runner.RunSpec) -> bool:
        """Refuse bad settings; return whether to show the progress bar."""
        if self.chunk < 1:
            _fail("--chunk must be at least 1")
        cores = os.cpu_count() or 1
        if self.threads is not None and not 1 <= self.threads <= cores:
            _fail(f"--threads must be 1 to {cores}, this machine's cores (got {self.threads})")
        if self.ci_width is not None and not self.ci_width > 0:
            _fail(f"--ci-width must be a positive number of counters (got {self.ci_width})")
        if self.metric is not None and self.ci_width is None:
            _fail(f"--metric is what --ci-width watches: give --ci-width W with it (got --metric {self.metric})")
        try:
            runner.ci_columns(spec.module, spec.rules.players, self.metric or "net")
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
            "ci_metric": self.metric or "net",
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
        """The answer on standard output first, then each file asked for: nothing is lost to a file that cannot be
        written (the numbers are on the screen), and a file that fails does not stop the next.

        A file that fails is one ``Error:`` line naming the path given, and the exit status is 1 once every file
        has been tried. Standard output that cannot be written (a closed pipe, a full disk) still leaves the files
        written, and is then reported as before: an OSError for ``_output_failed``, or the SystemExit(1) with which
        rich's Console ends the process on a closed pipe.
        """
        stdout_failed: OSError | SystemExit | None = None
        try:
            if self.fmt == "json":
                click.echo(json.dumps(answer.to_dict(), indent=2))
            else:
                from sim import tables

                tables.print_answer(answer)
            sys.stdout.flush()
        except OSError as e:
            stdout_failed = e
        except SystemExit as e:  # rich's answer to a closed pipe: stdout pointed at /dev/null, exit 1
            stdout_failed = e
        files_failed = False
        for path, write, is_chart in ((self.out, answer.save, False), (self.chart, answer.chart, True)):
            if not path:
                continue
            try:
                write(path)
            except (OSError, ValueError) as e:  # ValueError: the path checked before the run no longer fits
                files_failed = True
                reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
                click.echo(f"Error: could not write {path}: {reason}", err=True)
                continue
            if is_chart and self.fmt != "json":
                click.echo(f"Chart written to {path}", err=True)
        if stdout_failed is not None:
            raise stdout_failed
        if files_failed:
            sys.exit(1)


with_table = _bundle(Table, VARIANT, RULE)
with_seating = _bundle(Seating, PLAYERS, SEED, strategy_option("strategy for every seat"), SEAT_STRATEGY, ROTATIONS)
with_players = _bundle(Seating, PLAYERS)


def with_engine(ci_width_help: str) -> Decorator:
    return _bundle(Engine, THREADS, CHUNK, PROGRESS, ci_width_option(ci_width_help), METRIC, DASK)


def with_output(out_help: str) -> Decorator:
    return _bundle(Output, format_option("table", "json"), out_option(out_help), CHART)


with_sweep = _bundle(Seating, PLAYER_SWEEP, SEED, strategy_option("strategy for every seat"), SEAT_STRATEGY, ROTATIONS)
