"""The ``sim`` command. It validates everything before a kernel is compiled and never imports numba itself.

Bad input exits 2 with one ``Error:`` line; Ctrl-C during a run prints the partial result and exits 130.
"""

from __future__ import annotations

import json
import sys

import click

from sim import __version__, runner
from sim import games as _games

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


class UserError(Exception):
    """Bad input: reported as one ``Error:`` line, exit status 2."""


def _fail(message: str):
    raise UserError(message)


def _module(game: str):
    try:
        return _games.load(game)
    except ValueError as e:
        _fail(str(e))


class SimGroup(click.Group):
    """click, but every bad input is one ``Error:`` line with exit status 2 (no usage dump, no traceback)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
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


@click.group(cls=SimGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(__version__, prog_name="sim")
def cli():
    """Monte Carlo analysis of the round games in Peel's Round Games with Cards (1891).

    \b
    Start with:
      sim list                      the games, their variants and strategies
      sim rules popejoan            every rule, its value and the book's page
      sim run popejoan -n 1e6       play a million deals and tabulate who wins what
      sim trace popejoan --deal 0   watch one deal card by card
    """


@cli.command("list")
def list_cmd():
    """The games, with their variants and strategies."""
    for name in _games.GAMES:
        m = _games.load(name)
        lo, hi = m.PLAYERS
        click.echo(f"{name}  ({m.TITLE}, {m.PAGES}; {lo}-{hi} players)")
        click.echo(f"  variants:   {', '.join(m.VARIANTS)}")
        click.echo(f"  strategies: {', '.join(m.STRATEGIES)}")


@cli.command()
@click.argument("game")
@click.option("--variant", default="standard", show_default=True, help="a named variation from the book")
@click.option("--players", type=int, default=None, help="number of players")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="override one rule (repeatable)")
def rules(game, variant, players, rules):
    """Every rule of GAME with its value under --variant, and where the book says so."""
    m = _module(game)
    r = _rules_or_fail(m, variant, players, rules)
    defaults = m.Rules()
    click.echo(f"{m.TITLE} ({m.PAGES}) - variant {variant}: {runner.rules_string(game, r)}")
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


def _rules_or_fail(m, variant, players, rules):
    try:
        return runner.make_rules(m, variant, players, list(rules))
    except (ValueError, TypeError) as e:
        _fail(str(e))


def _spec_or_fail(**kw):
    try:
        return runner.make_spec(**kw)
    except (ValueError, TypeError) as e:
        _fail(str(e))


@cli.command(epilog=EXAMPLES_RUN)
@click.argument("game")
@click.option("--variant", default="standard", show_default=True, help="a named variation from the book")
@click.option("-n", "n", default="1e6", show_default=True, help="deals to play (1e7, 10_000_000 ...)")
@click.option("--players", type=int, default=None, help="number of players (default: the game's)")
@click.option("--seed", type=int, default=1, show_default=True, help="the same seed gives the same numbers")
@click.option("--strategy", default="book", show_default=True, help="strategy for every seat")
@click.option(
    "--seat-strategy",
    "seat_strategies",
    multiple=True,
    metavar="SEAT=NAME",
    help="strategy for one seat, e.g. 0=hold-pope (repeatable)",
)
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="override one rule (repeatable)")
@click.option(
    "--rotations",
    type=int,
    default=1,
    show_default=True,
    help="whole rotations of the deal per session (boards carry over within a session)",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--out", default=None, help="also write the result to FILE (.json, .csv or .parquet)")
@click.option("--threads", type=int, default=None, help="threads to use (default: all cores)")
@click.option("--checkpoint", default=None, metavar="FILE", help="save the sums to FILE after every chunk")
@click.option("--resume", is_flag=True, help="continue from --checkpoint FILE if it exists")
@click.option(
    "--chunk",
    type=int,
    default=runner.DEFAULT_CHUNK_SESSIONS,
    show_default=True,
    help="sessions per chunk (does not change the numbers)",
)
@click.option("--progress/--no-progress", default=None, help="progress bar (default: on a terminal)")
@click.option(
    "--ci-width",
    type=float,
    default=None,
    metavar="W",
    help="stop once every 95%% CI half-width of --metric is below W (-n is then the cap)",
)
@click.option("--metric", default="net", show_default=True, help="what --ci-width watches: net, win or an event")
def run(
    game,
    variant,
    n,
    players,
    seed,
    strategy,
    seat_strategies,
    rules,
    rotations,
    fmt,
    out,
    threads,
    checkpoint,
    resume,
    chunk,
    progress,
    ci_width,
    metric,
):
    """Play GAME for -n deals and report each seat's and role's net counters per deal, wins and events."""
    spec = _spec_or_fail(
        game=game,
        variant=variant,
        n=n,
        players=players,
        seed=seed,
        strategy=strategy,
        seat_strategies=seat_strategies,
        rules=rules,
        rotations=rotations,
    )
    _check_out(out)
    if resume and not checkpoint:
        _fail("--resume needs --checkpoint FILE")
    if chunk < 1:
        _fail("--chunk must be at least 1")
    _check_common(chunk, threads, ci_width, spec, metric)
    show = sys.stderr.isatty() if progress is None else progress
    _note_compiling(spec, show)
    try:
        result = runner.run(
            spec,
            chunk_sessions=chunk,
            progress=show,
            checkpoint=checkpoint,
            resume=resume,
            threads=threads,
            ci_width=ci_width,
            ci_metric=metric,
        )
    except runner.Interrupted as stop:
        click.echo(
            "Interrupted: partial result below"
            + (f"; resume with --resume --checkpoint {checkpoint}" if checkpoint else ""),
            err=True,
        )
        _emit(stop.result, fmt, out)
        sys.exit(130)
    except ValueError as e:
        _fail(str(e))
    _emit(result, fmt, out)


def _check_out(out: str | None) -> None:
    if out is not None and not out.lower().endswith((".json", ".csv", ".parquet")):
        _fail(f"--out must end in .json, .csv or .parquet (got {out!r})")


def _check_common(chunk, threads, ci_width, spec, metric) -> None:
    if chunk < 1:
        _fail("--chunk must be at least 1")
    if threads is not None and threads < 1:
        _fail("--threads must be at least 1")
    if ci_width is not None and not ci_width > 0:
        _fail(f"--ci-width must be a positive number of counters (got {ci_width})")
    try:
        runner.ci_columns(spec.module, spec.rules.players, metric)
    except ValueError as e:
        _fail(str(e))


EXAMPLES_COMPARE = """
\b
Each ARM is a variant, RULE=VALUE, SEAT=STRATEGY or all=STRATEGY, joined by '+'; the first is the baseline.
Examples:
  sim compare popejoan standard dealer-sees-spare -n 1e6
  sim compare popejoan standard 0=hold-pope --players 5
  sim compare popejoan standard pope_turnup_cap=4 pope_turnup_cap=6 --format json
  sim compare popejoan all=lowest all=book --ci-width 0.01 -n 1e8
"""


@cli.command(epilog=EXAMPLES_COMPARE)
@click.argument("game")
@click.argument("arms", nargs=-1, required=True)
@click.option("-n", "n", default="1e6", show_default=True, help="deals per arm (the same deals for every arm)")
@click.option("--players", type=int, default=None)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--strategy", default="book", show_default=True, help="strategy for every seat unless an arm says")
@click.option("--rotations", type=int, default=1, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--out", default=None, help="also write the comparison to FILE (.json, .csv or .parquet)")
@click.option("--threads", type=int, default=None)
@click.option("--chunk", type=int, default=runner.DEFAULT_CHUNK_SESSIONS, show_default=True)
@click.option("--progress/--no-progress", default=None)
@click.option(
    "--ci-width",
    type=float,
    default=None,
    metavar="W",
    help="stop once every paired difference's 95%% CI half-width of --metric is below W",
)
@click.option("--metric", default="net", show_default=True)
def compare(game, arms, n, players, seed, strategy, rotations, fmt, out, threads, chunk, progress, ci_width, metric):
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
        kw.setdefault("strategy", strategy)
        specs.append(_spec_or_fail(game=game, n=n, players=players, seed=seed, rotations=rotations, **kw))
    _check_out(out)
    _check_common(chunk, threads, ci_width, specs[0], metric)
    show = sys.stderr.isatty() if progress is None else progress
    _note_compiling(specs[0], show)
    try:
        comp = runner.compare(
            specs, list(arms), chunk_sessions=chunk, progress=show, threads=threads, ci_width=ci_width, ci_metric=metric
        )
    except runner.Interrupted as stop:
        click.echo("Interrupted: partial comparison below", err=True)
        _emit_comparison(stop.result, fmt, out)
        sys.exit(130)
    except ValueError as e:
        _fail(str(e))
    _emit_comparison(comp, fmt, out)


def _emit_comparison(comp, fmt: str, out: str | None) -> None:
    if out:
        comp.save(out)
    if fmt == "json":
        click.echo(json.dumps(comp.to_dict(), indent=2))
    else:
        from sim.tables import print_comparison

        print_comparison(comp)


def _note_compiling(spec, show: bool) -> None:
    m = spec.module
    if hasattr(m, "RULEBOOK"):
        from sim.games._contract import harness

        play = harness(m.NAME).play_sessions
    else:
        play = m.play_sessions
    if show and not play.signatures and not play.stats.cache_hits:
        click.echo(f"Compiling the {spec.module.TITLE} kernel (cached after the first run)...", err=True)


def _emit(result, fmt: str, out: str | None) -> None:
    if out:
        result.save(out)
    if fmt == "json":
        click.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from sim.tables import print_result

        print_result(result)


@cli.command(epilog=EXAMPLES_TRACE)
@click.argument("game")
@click.option("--variant", default="standard", show_default=True)
@click.option("--players", type=int, default=None)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--deal", type=int, default=None, help="deal number of a run with this seed (from 0)")
@click.option("--deck", default=None, help="a stacked deck: every card of the pack in the order dealt")
@click.option("--dealer", type=int, default=0, show_default=True, help="the dealer's seat, with --deck")
@click.option("--strategy", default="book", show_default=True)
@click.option("--seat-strategy", "seat_strategies", multiple=True, metavar="SEAT=NAME")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE")
@click.option("--rotations", type=int, default=1, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def trace(game, variant, players, seed, deal, deck, dealer, strategy, seat_strategies, rules, rotations, fmt):
    """One deal of GAME played out card by card, with every payment."""
    spec = _spec_or_fail(
        game=game,
        variant=variant,
        n=1,
        players=players,
        seed=seed,
        strategy=strategy,
        seat_strategies=seat_strategies,
        rules=rules,
        rotations=rotations,
    )
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
            seed,
            deal=deal or 0,
            deck=stacked,
            dealer=dealer,
            rotations=rotations,
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
@click.option("--out", default=None, help="folder for the reports (default: reports/)")
@click.option("--seed", type=int, default=1, show_default=True)
def claims(n, only, out, seed):
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
    unknown = [c for c in only if c not in C.known_ids()]
    if unknown:
        _fail(f"unknown claim {unknown[0]!r}; claims: {', '.join(C.known_ids())}")
    C.run_claims(count, list(only) or None, out or C.REPORTS, seed, echo=click.echo)


@cli.command()
@click.option("--seconds", type=float, default=1.0, show_default=True, help="time to spend on each row")
@click.option("--game", "only", default=None, help="bench one game only")
def bench(seconds, only):
    """Deals per second of each game x variant on one thread, against shuffling alone (the floor)."""
    if only is not None:
        _module(only)
    from sim.bench import run_bench

    run_bench(seconds=seconds, only=only)


def main(argv=None) -> None:
    """Console-script entry point."""
    cli.main(args=argv, prog_name="sim")


if __name__ == "__main__":  # pragma: no cover
    main()
