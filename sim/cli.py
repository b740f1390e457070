"""The ``sim`` command. It validates everything before a kernel is compiled and never imports numba itself.

Bad input exits 2 with one ``Error:`` line; Ctrl-C during a run prints the partial result and exits 130. Options
that several commands take are declared once below and reach a command as a few records (``Table``, ``Seating``,
``Engine``, ``Output``), so a command takes a handful of arguments.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NoReturn

import click

from sim import __version__, runner
from sim import games as _games
from sim.results import Comparison, Result

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

EXAMPLES_RUN = """
\b
Examples:
  sim run popejoan --variant five-pool -n 1e7
  sim run popejoan --players 6 --seat-strategy 0=hold-pope -n 2e6
  sim run popejoan --rule pope_turnup_cap=4 --format json --out cap4.json
  sim run popejoan -n 1e8 --checkpoint pj.ckpt.json   (Ctrl-C, then add --resume)
"""

EXAMPLES_TRACE = """
\b
Examples:
  sim trace popejoan --seed 7 --deal 3
  sim trace popejoan --players 5 --deck "5D 7D ..." --format json
"""

EXAMPLES_COMPARE = """
\b
Each ARM is a variant, RULE=VALUE, SEAT=STRATEGY or all=STRATEGY, joined by '+'; the first is the baseline.
Examples:
  sim compare popejoan standard dealer-sees-spare -n 1e6
  sim compare popejoan standard 0=hold-pope --players 5
  sim compare popejoan standard pope_turnup_cap=4 pope_turnup_cap=6 --format json
  sim compare popejoan all=lowest all=book --ci-width 0.01 -n 1e8
"""

HELP = """Monte Carlo analysis of the round games in Peel's Round Games with Cards (1891).

Games: {games}.

\b
Start with:
  sim list                      the games, their variants and strategies
  sim rules popejoan            every rule, its value and the book's page
  sim run popejoan -n 1e6       play a million deals and tabulate who wins what
  sim trace popejoan --deal 0   watch one deal card by card
"""


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
METRIC = click.option(
    "--metric", default="net", show_default=True, help="what --ci-width watches: net, win or an event"
)


def strategy_option(help: str) -> Decorator:
    return click.option("--strategy", default="book", show_default=True, help=help)


def count_option(help: str) -> Decorator:
    return click.option("-n", "n", default="1e6", show_default=True, help=help)


def ci_width_option(help: str) -> Decorator:
    return click.option("--ci-width", type=float, default=None, metavar="W", help=help)


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


@dataclass(frozen=True)
class Engine:
    """How a run is played: threads, chunks, the progress bar, and when to stop early."""

    threads: int | None = None
    chunk: int = runner.DEFAULT_CHUNK_SESSIONS
    progress: bool | None = None
    ci_width: float | None = None
    metric: str = "net"

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
        }


@dataclass(frozen=True)
class Output:
    """Where the answer goes: the terminal's format, and a file."""

    fmt: str = "table"
    out: str | None = None

    def check(self) -> None:
        if self.out is not None and not self.out.lower().endswith((".json", ".csv", ".parquet")):
            _fail(f"--out must end in .json, .csv or .parquet (got {self.out!r})")

    def emit(self, answer: Result | Comparison) -> None:
        if self.out:
            answer.save(self.out)
        if self.fmt == "json":
            click.echo(json.dumps(answer.to_dict(), indent=2))
            return
        from sim.tables import print_comparison, print_result

        if isinstance(answer, Comparison):
            print_comparison(answer)
        else:
            print_result(answer)


with_table = _bundle(Table, VARIANT, RULE)
with_seating = _bundle(Seating, PLAYERS, SEED, strategy_option("strategy for every seat"), SEAT_STRATEGY, ROTATIONS)
with_players = _bundle(Seating, PLAYERS)


def with_engine(ci_width_help: str) -> Decorator:
    return _bundle(Engine, THREADS, CHUNK, PROGRESS, ci_width_option(ci_width_help), METRIC)


def with_output(out_help: str) -> Decorator:
    return _bundle(Output, format_option("table", "json"), out_option(out_help))


# ------------------------------------------------------------------ the commands


@click.group(
    cls=SimGroup,
    help=HELP.format(games=", ".join(_games.GAMES)),
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
)
@click.version_option(__version__, prog_name="sim")
def cli() -> None:
    pass


@cli.command("list")
def list_cmd() -> None:
    """The games, with their variants and strategies."""
    for name in _games.GAMES:
        m = _games.load(name)
        lo, hi = m.PLAYERS
        click.echo(f"{name}  ({m.TITLE}, {m.PAGES}; {lo}-{hi} players)")
        click.echo(f"  variants:   {', '.join(m.VARIANTS)}")
        click.echo(f"  strategies: {', '.join(m.STRATEGIES)}")


@cli.command()
@GAME
@with_table
@with_players
def rules(game: str, table: Table, seating: Seating) -> None:
    """Every rule of GAME with its value under --variant, and where the book says so."""
    m = _module(game)
    try:
        r = runner.make_rules(m, table.variant, seating.players, list(table.rules))
    except (ValueError, TypeError) as e:
        _fail(str(e))
    defaults = m.Rules()
    click.echo(f"{m.TITLE} ({m.PAGES}) - variant {table.variant}: {runner.rules_string(game, r)}")
    width = max(len(k) for k in r._fields)
    pages = m.RULEBOOK.pages if hasattr(m, "RULEBOOK") else m.RULE_PAGES
    helps = m.RULEBOOK.help if hasattr(m, "RULEBOOK") else m.RULE_HELP
    for key, value in r._asdict().items():
        mark = "*" if value != getattr(defaults, key) else " "
        click.echo(f" {mark} {key:<{width}}  {runner._fmt(value):<10} {pages.get(key, ''):<14} {helps.get(key, '')}")
    click.echo("   (* differs from the book's default)")
    click.echo(f"variants: {', '.join(m.VARIANTS)}")
    click.echo("strategies:")
    for name, text in m.STRATEGY_HELP.items():
        click.echo(f"  {name:<10} {text}")


def _spec_or_fail(game: str, n: str | int, table: Table, seating: Seating) -> runner.RunSpec:
    try:
        return runner.make_spec(
            game=game,
            variant=table.variant,
            n=n,
            players=seating.players,
            seed=seating.seed,
            strategy=seating.strategy,
            seat_strategies=seating.seat_strategies,
            rules=table.rules,
            rotations=seating.rotations,
        )
    except (ValueError, TypeError) as e:
        _fail(str(e))


@cli.command(epilog=EXAMPLES_RUN)
@GAME
@with_table
@count_option("deals to play (1e7, 10_000_000 ...)")
@with_seating
@with_output("also write the result to FILE (.json, .csv or .parquet)")
@with_engine("stop once every 95% CI half-width of --metric is below W (-n is then the cap)")
@click.option("--checkpoint", default=None, metavar="FILE", help="save the sums to FILE after every chunk")
@click.option("--resume", is_flag=True, help="continue from --checkpoint FILE if it exists")
def run(
    game: str,
    table: Table,
    n: str,
    seating: Seating,
    output: Output,
    engine: Engine,
    checkpoint: str | None,
    resume: bool,
) -> None:
    """Play GAME for -n deals and report each seat's and role's net counters per deal, wins and events."""
    spec = _spec_or_fail(game, n, table, seating)
    output.check()
    if resume and not checkpoint:
        _fail("--resume needs --checkpoint FILE")
    show = engine.check(spec)
    _note_compiling(spec, show)
    try:
        result = runner.run(spec, checkpoint=checkpoint, resume=resume, **engine.settings(show))
    except runner.Interrupted as stop:
        click.echo(
            "Interrupted: partial result below"
            + (f"; resume with --resume --checkpoint {checkpoint}" if checkpoint else ""),
            err=True,
        )
        output.emit(stop.result)
        sys.exit(130)
    except ValueError as e:
        _fail(str(e))
    output.emit(result)


@cli.command(epilog=EXAMPLES_COMPARE)
@GAME
@click.argument("arms", nargs=-1, required=True)
@count_option("deals per arm (the same deals for every arm)")
@_bundle(Seating, PLAYERS, SEED, strategy_option("strategy for every seat unless an arm says"), ROTATIONS)
@with_output("also write the comparison to FILE (.json, .csv or .parquet)")
@with_engine("stop once every paired difference's 95% CI half-width of --metric is below W")
def compare(game: str, arms: tuple[str, ...], n: str, seating: Seating, output: Output, engine: Engine) -> None:
    """Play ARMS of GAME on the same deals and report each arm's paired difference from the first."""
    _module(game)
    if len(arms) < 2:
        _fail("compare needs two or more arms, e.g. sim compare popejoan standard five-pool")
    specs = []
    for arm in arms:
        try:
            kw = runner.parse_arm(game, arm)
        except ValueError as e:
            _fail(str(e))
        table = Table(kw["variant"], tuple(kw["rules"]))
        seats = dataclasses.replace(
            seating, strategy=kw.get("strategy", seating.strategy), seat_strategies=tuple(kw["seat_strategies"])
        )
        specs.append(_spec_or_fail(game, n, table, seats))
    output.check()
    show = engine.check(specs[0])
    _note_compiling(specs[0], show)
    try:
        comp = runner.compare(specs, list(arms), **engine.settings(show))
    except runner.Interrupted as stop:
        click.echo("Interrupted: partial comparison below", err=True)
        output.emit(stop.result)
        sys.exit(130)
    except ValueError as e:
        _fail(str(e))
    output.emit(comp)


def _note_compiling(spec: runner.RunSpec, show: bool) -> None:
    """Say so on stderr before a pause to compile: when numba's disk cache holds no index for the game's session
    kernel (a dispatcher's signatures and cache hits are empty before its first call, cached or not, so they
    cannot tell). ``show`` is kept for the callers; the note is printed whether or not a progress bar is."""
    m = spec.module
    if hasattr(m, "RULEBOOK"):
        from sim.games._contract import harness

        play = harness(m.NAME).play_sessions
    else:
        play = m.play_sessions
    if play.signatures or _on_disk(play):
        return
    click.echo(
        f"Compiling the {spec.module.TITLE} kernels (a minute or more the first time; cached after)...", err=True
    )


def _on_disk(dispatcher: Any) -> bool:
    """Whether numba's disk cache has an index for this kernel (False when that cannot be told)."""
    import os

    try:
        return os.path.exists(dispatcher._cache._cache_file._index_path)
    except AttributeError:
        return False


@cli.command(epilog=EXAMPLES_TRACE)
@GAME
@with_table
@with_seating
@click.option("--deal", type=int, default=None, help="deal number of a run with this seed (from 0)")
@click.option("--deck", default=None, help="a stacked deck: every card of the pack in the order dealt")
@click.option("--dealer", type=int, default=0, show_default=True, help="the dealer's seat, with --deck")
@format_option("text", "json")
def trace(game: str, table: Table, seating: Seating, deal: int | None, deck: str | None, dealer: int, fmt: str) -> None:
    """One deal of GAME played out card by card, with every payment."""
    spec = _spec_or_fail(game, 1, table, seating)
    m = spec.module
    if deal is not None and deck is not None:
        _fail("give --deal or --deck, not both")
    if deal is not None and deal < 0:
        _fail(f"--deal must be 0 or more (got {deal})")
    if not 0 <= dealer < spec.rules.players:
        _fail(f"--dealer must be a seat from 0 to {spec.rules.players - 1} (got {dealer})")
    stacked = None
    if deck is not None:
        try:
            stacked = m.check_deck(deck)
        except ValueError as e:
            _fail(str(e))
    try:
        t = _games.trace(
            m,
            spec.rules,
            runner.policy_codes(spec),
            runner.policy_params(spec),
            spec.seed,
            deal=deal or 0,
            deck=stacked,
            dealer=dealer,
            rotations=spec.rotations,
        )
    except ValueError as e:
        _fail(str(e))
    if fmt == "json":
        click.echo(json.dumps(t, indent=2))
    else:
        from sim.tables import format_trace

        click.echo(format_trace(t, spec))


@cli.command()
@click.option("--n", "n", default=None, help="deals per configuration (default: full size, 1e7 capped by CI width)")
@click.option("--only", multiple=True, metavar="ID", help="run only this claim (repeatable)")
@out_option("folder for the reports (default: reports/)")
@SEED
def claims(n: str | None, only: tuple[str, ...], out: str | None, seed: int) -> None:
    """Answer the book's claims: run analysis/<id>.py for each and write the reports and their index.

    \b
    Examples:
      sim claims --only pj_lead_pope --n 1e5 --out /tmp/r
      sim claims                      (full size: what make reports runs)
    """
    from sim import claims as C

    count = None
    if n is not None:
        try:
            count = runner.parse_count(n, "--n")
        except ValueError as e:
            _fail(str(e))
    known = C.known_ids()
    unknown = [c for c in only if c not in known]
    if unknown:
        _fail(f"unknown claim {unknown[0]!r}; claims: {', '.join(known)}")
    C.run_claims(count, list(only) or None, out or C.REPORTS, seed, echo=click.echo)


@cli.command()
@click.option("--seconds", type=float, default=1.0, show_default=True, help="time to spend on each row")
@click.option("--game", "only", default=None, help="bench one game only")
def bench(seconds: float, only: str | None) -> None:
    """Deals per second of each game x variant on one thread, against shuffling alone (the floor)."""
    if only is not None:
        _module(only)
    from sim.bench import run_bench

    run_bench(seconds=seconds, only=only)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=argv, prog_name="sim")


if __name__ == "__main__":  # pragma: no cover
    main()
