"""The ``sim`` command. It validates everything before a kernel is compiled and never imports numba itself.

Bad input exits 2 with one ``Error:`` line; Ctrl-C during a run prints the partial result and exits 130. Options
that several commands take are declared once in ``sim.cli_options`` and reach a command as a few records
(``Table``, ``Seating``, ``Engine``, ``Output``), so a command takes a handful of arguments.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from sim import __version__, runner
from sim import games as _games
from sim.cli_options import (
    CHUNK,
    DASK,
    GAME,
    MAX_BENCH_SECONDS,
    PLAYER_SWEEP,
    PLAYERS,
    PROGRESS,
    ROTATIONS,
    SEED,
    THREADS,
    Engine,
    Number,
    Output,
    Seating,
    SimGroup,
    Table,
    _bundle,
    _fail,
    _module,
    check_given_once,
    count_option,
    format_option,
    out_option,
    strategy_option,
    with_engine,
    with_output,
    with_players,
    with_seating,
    with_sweep,
    with_table,
)

EXAMPLES_RUN = """
\b
Examples:
  sim run popejoan --variant five-pool -n 1e7
  sim run popejoan --players 6 --seat-strategy 0=hold-pope -n 2e6
  sim run popejoan --rule pope_turnup_cap=4 --format json --out cap4.json
  sim run popejoan -n 1e8 --checkpoint pj.ckpt.json   (Ctrl-C, then add --resume)
  sim run popejoan --variant five-pool --players 3-8 -n 1e5 --chart roles.png
"""

EXAMPLES_TRACE = """
\b
Examples:
  sim trace popejoan --seed 7 --deal 3
  sim trace popejoan --players 5 --deck "5D 7D ..." --format json
      (--deck: every card of the pack in dealing order, e.g. the "deck" of a trace in --format json)
"""

EXAMPLES_COMPARE = """
\b
Each ARM is a variant, RULE=VALUE, SEAT=STRATEGY or all=STRATEGY, joined by '+'; the first is the baseline.
Examples:
  sim compare popejoan standard dealer-sees-spare -n 1e6
  sim compare popejoan standard 0=hold-pope --players 5
  sim compare popejoan standard pope_turnup_cap=4 pope_turnup_cap=6 --format json
  sim compare popejoan all=lowest all=book --ci-width 0.01 -n 1e8
  sim compare popejoan standard five-pool --players 3-8 -n 1e5 --chart five-pool.svg
"""

EXAMPLES_FAIRNESS = """
\b
Examples:
  sim fairness popejoan --variant five-pool
  sim fairness popejoan --rule pope_turnup_cap=4 --players 3-8 -n 1e5 --chart fair.png
  sim fairness jig --variant pool --format json
"""

EXAMPLES_TUNE = """
\b
Every value plays the same deals (one seed), so each is compared with the best on paired differences.
Examples:
  sim tune jig --seat 0 --strategy rollout:K=1..32 --log --points 6 -n 2e4 --chart k.png
  sim tune commerce --seat 1 --strategy threshold:p=0.3..0.9 --points 7 -n 1e5
  sim tune snipsnap --seat 0 --strategy careless:p=0,0.5,1 --field careless:0 --rule careless_misses=true
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


# ------------------------------------------------------------------ the commands


@click.group(
    cls=SimGroup,
    help=HELP.format(games=", ".join(_games.GAMES)),
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
)
@click.version_option(__version__, prog_name="sim")
def cli() -> None:
    pass


CHECKED = f", checked every {runner.CI_STEP:,} sessions whatever the --chunk"  # (the --ci-width help)


@cli.command("list")
def list_cmd() -> None:
    """The games, with their variants and strategies.

    \b
    Example:
      sim list
    """
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
    """Every rule of GAME with its value under --variant, and where the book says so.

    \b
    Examples:
      sim rules popejoan
      sim rules popejoan --variant five-pool --rule pope_turnup_cap=4 --players 6
    """
    m = _module(game)
    check_given_once(table, seating)
    try:
        r = runner.make_rules(m, table.variant, seating.players, list(table.rules))
    except (ValueError, TypeError) as e:
        _fail(str(e))
    defaults = m.Rules()
    click.echo(f"{m.TITLE} ({m.PAGES}) - variant {table.variant}: {runner.rules_string(game, r)}")
    width = max(len(k) for k in r._fields)
    pages = m.RULEBOOK.pages
    helps = m.RULEBOOK.help
    for key, value in r._asdict().items():
        mark = "*" if value != getattr(defaults, key) else " "
        click.echo(f" {mark} {key:<{width}}  {runner._fmt(value):<10} {pages.get(key, ''):<14} {helps.get(key, '')}")
    click.echo("   (* differs from the book's default)")
    click.echo(f"variants: {', '.join(m.VARIANTS)}")
    click.echo("strategies:")
    for name, text in m.STRATEGY_HELP.items():
        click.echo(f"  {name:<10} {text}")


def _spec_or_fail(game: str, n: str | int, table: Table, seating: Seating) -> runner.RunSpec:
    check_given_once(table, seating)
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
@count_option("deals to play (1e7, 10_000_000 ...), per player count")
@with_sweep
@with_output("also write the result to FILE (.json, .csv or .parquet)")
@with_engine(f"stop once every 95% CI half-width of --metric is below W{CHECKED} (-n is then the cap)")
@click.option("--checkpoint", default=None, metavar="FILE", help="save the sums to FILE after every chunk")
@click.option(
    "--resume", is_flag=True, help="continue from --checkpoint FILE (without it, an existing FILE is refused)"
)
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
    """Play GAME for -n deals and report each seat's and role's net counters per deal, wins and events.

    With --players 3-8, play each number of players in turn and chart each role against it.
    """
    specs = [_spec_or_fail(game, n, table, s) for s in seating.counts(_module(game))]
    output.check()
    if resume and not checkpoint:
        _fail("--resume needs --checkpoint FILE")
    if checkpoint and len(specs) > 1:
        _fail("--checkpoint is for one number of players at a time")
    if checkpoint and output.out and os.path.realpath(checkpoint) == os.path.realpath(output.out):
        _fail(f"--checkpoint and --out are the same file ({checkpoint}); give them different names")
    show = engine.check(specs[0])
    _note_compiling(specs[0], show)
    results, stopped = _play_each(
        specs, lambda spec: runner.run(spec, checkpoint=checkpoint, resume=resume, **engine.settings(show))
    )
    if stopped:
        click.echo(
            "Interrupted: partial result below"
            + (f"; resume with --resume --checkpoint {checkpoint}" if checkpoint else ""),
            err=True,
        )
    from sim.api import RunResult

    output.emit(RunResult(results))
    if stopped:
        sys.exit(130)


def _play_each(items: list[Any], play: Callable[[Any], Any]) -> tuple[list[Any], bool]:
    """Play each item (a player count) in turn: (answers, interrupted). Ctrl-C keeps what was played.

    An item stopped before its first chunk was played (Ctrl-C while the kernels compile) is left out; when
    nothing at all was played, nothing is printed or written and the exit status is 130."""
    done = []
    for item in items:
        try:
            done.append(play(item))
        except runner.Interrupted as stop:
            if stop.result.meta["sessions"] > 0:
                done.append(stop.result)
            if not done:
                click.echo("Interrupted before any deal was played: nothing written.", err=True)
                sys.exit(130)
            return done, True
        except ValueError as e:
            _fail(str(e))
    return done, False


@cli.command(epilog=EXAMPLES_COMPARE)
@GAME
@click.argument("arms", nargs=-1, required=True)
@count_option("deals per arm (the same deals for every arm), per player count")
@_bundle(Seating, PLAYER_SWEEP, SEED, strategy_option("strategy for every seat unless an arm says"), ROTATIONS)
@with_output("also write the comparison to FILE (.json, .csv or .parquet)")
@with_engine(f"stop once every paired difference's 95% CI half-width of --metric is below W{CHECKED}")
def compare(game: str, arms: tuple[str, ...], n: str, seating: Seating, output: Output, engine: Engine) -> None:
    """Play ARMS of GAME on the same deals and report each arm's paired difference from the first.

    With --players 3-8, compare at each number of players in turn and chart each role against it.
    """
    module = _module(game)
    if len(arms) < 2:
        _fail("compare needs two or more arms, e.g. sim compare popejoan standard five-pool")
    plans = []
    for seats in seating.counts(module):
        specs = []
        for arm in arms:
            try:
                kw = runner.parse_arm(game, arm)
            except ValueError as e:
                _fail(str(e))
            table = Table(kw["variant"], tuple(kw["rules"]))
            who = dataclasses.replace(
                seats, strategy=kw.get("strategy", seats.strategy), seat_strategies=tuple(kw["seat_strategies"])
            )
            specs.append(_spec_or_fail(game, n, table, who))
        plans.append(specs)
    output.check()
    show = engine.check(plans[0][0])
    _note_compiling(plans[0][0], show)
    comps, stopped = _play_each(plans, lambda specs: runner.compare(specs, list(arms), **engine.settings(show)))
    if stopped:
        click.echo("Interrupted: partial comparison below", err=True)
    from sim.api import CompareResult

    output.emit(CompareResult(comps))
    if stopped:
        sys.exit(130)


@cli.command(epilog=EXAMPLES_FAIRNESS)
@GAME
@with_table
@count_option("deals to play, per player count")
@with_sweep
@with_output("also write the check to FILE (.json, .csv or .parquet)")
@with_engine(f"stop once every 95% CI half-width of --metric is below W{CHECKED} (-n is then the cap)")
def fairness(game: str, table: Table, n: str, seating: Seating, output: Output, engine: Engine) -> None:
    """Is GAME under these rules fair to every seat? Each role's net per deal against the mean of the others.

    For each number of players: each role's edge over the others with its 99% interval, and a verdict: fair
    (the interval inside +-0.05 stakes per deal), gains or loses (and how much), or unclear (play more deals);
    then one line for the host. The same deals and numbers as sim run with the same options.
    """
    specs = [_spec_or_fail(game, n, table, s) for s in seating.counts(_module(game))]
    output.check()
    show = engine.check(specs[0])
    _note_compiling(specs[0], show)
    results, stopped = _play_each(specs, lambda spec: runner.run(spec, **engine.settings(show)))
    if stopped:
        click.echo("Interrupted: partial check below", err=True)
    from sim.api import FairnessResult

    output.emit(FairnessResult(results))
    if stopped:
        sys.exit(130)


@cli.command(epilog=EXAMPLES_TUNE)
@GAME
@click.option("--seat", type=int, required=True, help="the seat whose strategy parameter is tuned")
@click.option("--strategy", "search", required=True, metavar="NAME:PARAM=LO..HI",
              help="the strategy and its parameter's range (or NAME:PARAM=V1,V2,...)")  # fmt: skip
@click.option("--field", default=None, metavar="STRATEGY", help="every other seat's strategy (default: the game's)")
@click.option("--points", type=int, default=9, show_default=True, help="values from LO to HI")
@click.option("--log", "log_scale", is_flag=True, help="space the values geometrically (rollout:K=1..64)")
@with_table
@count_option("deals per value (the same deals for every value)")
@_bundle(Seating, PLAYERS, SEED, ROTATIONS)
@with_output("also write the table to FILE (.json, .csv or .parquet)")
@_bundle(Engine, THREADS, CHUNK, PROGRESS)
def tune(
    game: str,
    seat: int,
    search: str,
    field: str | None,
    points: int,
    log_scale: bool,
    table: Table,
    n: str,
    seating: Seating,
    output: Output,
    engine: Engine,
) -> None:
    """The best response of one seat's strategy parameter against a field: GAME played at each value on the same
    deals, with the best value, its 95% interval and the values not distinguishable from it; --chart draws net
    per deal against the parameter."""
    from sim import tune as T

    m = _module(game)
    base = _spec_or_fail(game, n, table, dataclasses.replace(seating, strategy=field or m.DEFAULT_STRATEGY))
    try:
        wanted = T.parse_search(search, points, log_scale)
        specs = T.make_arms(base, seat, wanted)
    except ValueError as e:
        _fail(str(e))
    output.check()
    _note_compiling(specs[0], engine.check(specs[0]))
    try:
        result = T.tune(specs, wanted, seat, chunk_sessions=engine.chunk, threads=engine.threads)
    except ValueError as e:
        _fail(str(e))
    output.emit(result)
    if result.interrupted:
        click.echo("Interrupted: the result above is partial", err=True)
        sys.exit(130)


def _note_compiling(spec: runner.RunSpec, show: bool) -> None:
    """Say so on stderr before a pause to compile: when numba's disk cache holds no index for the game's session
    kernel (a dispatcher's signatures and cache hits are empty before its first call, cached or not, so they
    cannot tell). ``show`` is kept for the callers; the note is printed whether or not a progress bar is."""
    from sim.games._contract import harness

    play = harness(spec.module.NAME).play_blocks
    if play.signatures or _on_disk(play):
        return
    click.echo(
        f"Compiling the {spec.module.TITLE} kernels (under half a minute to two minutes the first time, by game; "
        "cached after)...",
        err=True,
    )


def _on_disk(dispatcher: Any) -> bool:
    """Whether numba's disk cache has an index for this kernel (False when that cannot be told)."""
    import os

    try:
        return os.path.exists(dispatcher._cache._cache_file._index_path)
    except AttributeError:
        return False


LAST_DEAL = runner.MAX_DEALS - 1  # the last deal a run can play (-n is at most MAX_DEALS)


@cli.command(epilog=EXAMPLES_TRACE)
@GAME
@with_table
@with_seating
@click.option(
    "--deal", type=Number(0, LAST_DEAL, what=f"0 or more and at most {LAST_DEAL} (the last deal a run can play)"),
    default=None, help="deal number of a run with this seed (from 0)",
)  # fmt: skip
@click.option("--deck", default=None, help="a stacked deck: every card of the pack in the order dealt")
@click.option("--dealer", type=int, default=0, show_default=True, help="the dealer's seat, with --deck")
@format_option("text", "json")
def trace(game: str, table: Table, seating: Seating, deal: int | None, deck: str | None, dealer: int, fmt: str) -> None:
    """One deal of GAME played out card by card, with every payment."""
    spec = _spec_or_fail(game, 1, table, seating)
    m = spec.module
    if deal is not None and deck is not None:
        _fail("give --deal or --deck, not both")
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
@click.option(
    "-n", "--n", "n", default=None, help="deals per configuration (default: full size, 1e7 capped by CI width)"
)
@click.option("--only", multiple=True, metavar="ID", help="run only this claim (repeatable)")
@out_option("folder for the reports (default: reports/)")
@SEED
@DASK
def claims(n: str | None, only: tuple[str, ...], out: str | None, seed: int, dask: str | None) -> None:
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
    folder = out or C.REPORTS
    try:
        C.check_out(folder)
    except ValueError as e:
        _fail(str(e))
    from sim.distributed import shared_cluster

    try:
        with shared_cluster(dask):
            C.run_claims(count, list(only) or None, folder, seed, echo=click.echo)
    except ValueError as e:
        _fail(str(e))


@cli.command()
@click.option(
    "--seconds", type=Number(0, MAX_BENCH_SECONDS, whole=False, above=True), default=1.0, show_default=True,
    help=f"time to spend on each row (above 0, at most {MAX_BENCH_SECONDS:g})",
)  # fmt: skip
@click.option("--game", "only", default=None, help="bench one game only")
def bench(seconds: float, only: str | None) -> None:
    """Deals per second of each game x variant on one thread, against the fastest known shuffle-and-deal of the
    same cards (the floor) and the game's own; and two threads against one.

    \b
    Examples:
      sim bench --game jig --seconds 0.5   (one game, about a minute)
      sim bench                            (every game and variant: what make bench runs)
    """
    if only is not None:
        _module(only)
    from sim.bench import run_bench

    run_bench(seconds=seconds, only=only)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=argv, prog_name="sim")


if __name__ == "__main__":  # pragma: no cover
    main()
