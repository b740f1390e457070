"""The driver: validate a run, split it into chunks of sessions, play them, accumulate exact integer sums.

Everything a run needs is in a ``RunSpec``, built and checked by ``make_spec`` before any kernel is compiled, so
bad input fails fast with a sentence. ``run`` plays fixed-size chunks of sessions; between chunks it updates the
progress bar, writes the checkpoint and notices Ctrl-C. The sums are integers combined in chunk order, so the
result is the same for any thread count or chunk size.
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from sim import __version__
from sim import checkpoint as _checkpoint
from sim import games as _games
from sim.stats import Sums

if TYPE_CHECKING:
    from sim.results import Comparison, Result

DEFAULT_CHUNK_SESSIONS = 1 << 14
# With --ci-width the precision is checked every CI_STEP sessions, whatever the chunk: a chunk never crosses a
# multiple of it, so the run stops at the same count of sessions (and gives the same numbers) for any --chunk
CI_STEP = DEFAULT_CHUNK_SESSIONS
Rules = Any  # a game's validated Rules: a NamedTuple whose fields are the game's rules
MAX_DEALS = 10**12  # -n cap: about two weeks of one core at the slowest game; far beyond any claim's need
MAX_ROTATIONS = 1000  # rotations of the deal per session
MAX_CHUNK_SESSIONS = 1 << 20  # sessions per chunk (a chunk's rows are held in memory at once)


@dataclass(frozen=True)
class RunSpec:
    game: str
    variant: str
    rules: Rules  # the game's validated Rules (a NamedTuple)
    strategies: tuple[str, ...]  # per seat
    n_requested: int
    seed: int
    rotations: int = 1
    session_deals: int | None = None  # sessions cut part-way through a rotation (analysis of p. 81 only)

    @property
    def module(self) -> ModuleType:
        return _games.load(self.game)

    @property
    def deals_per_session(self) -> int:
        if self.session_deals is not None:
            return self.session_deals
        return int(self.module.deals_per_session(self.rules, self.rotations))

    @property
    def sessions(self) -> int:
        return max(1, math.ceil(self.n_requested / self.deals_per_session))

    @property
    def n_deals(self) -> int:
        return self.sessions * self.deals_per_session

    @property
    def rules_string(self) -> str:
        return rules_string(self.game, self.rules)

    def key(self) -> dict[str, Any]:
        """What identifies the run's numbers (for checkpoints)."""
        return {
            "game": self.game,
            "rules": self.rules._asdict(),
            "strategies": list(self.strategies),
            "seed": self.seed,
            "rotations": self.rotations,
            "session_deals": self.session_deals,
            "n_requested": self.n_requested,
            "version": __version__,
        }


def parse_count(text: str | int, name: str = "-n") -> int:
    """A positive whole number from ``1e7``, ``10_000_000`` or ``10000000``; ValueError otherwise."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        t = str(text).strip().replace("_", "")
        if not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", t):
            raise ValueError(f"{name} must be a whole number of deals such as 1e6 or 1_000_000 (got {text!r})")
        if re.fullmatch(r"[+-]?\d+", t):
            value = int(t)
        else:
            f = float(t)
            if not math.isfinite(f) or f != math.floor(f):
                raise ValueError(f"{name} must be a whole number of deals (got {text!r})")
            value = int(f)
    if value <= 0:
        raise ValueError(f"{name} must be at least 1 (got {text!r})")
    if value > MAX_DEALS:
        top = f"{MAX_DEALS:.0e}".replace("e+", "e")  # 1e12, as a user would type it
        raise ValueError(f"{name} must be at most {top} ({MAX_DEALS:,}) (got {text!r})")
    return value


def rules_string(game: str, rules: Rules) -> str:
    """OpenSpiel-style name of the fields that differ from the book's defaults: ``popejoan(pools=5,...)``."""
    defaults = type(rules)()
    diffs = [f"{k}={_fmt(v)}" for k, v in rules._asdict().items() if v != getattr(defaults, k) and k != "players"]
    return f"{game}({','.join(diffs)})"


def _fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def make_rules(module: ModuleType, variant: str, players: int | None, overrides: list[str] | tuple[str, ...]) -> Rules:
    """The validated Rules of ``variant`` with ``players`` and ``key=value`` overrides applied."""
    if variant not in module.VARIANTS:
        raise ValueError(f"unknown variant {variant!r} of {module.NAME}; choose from {', '.join(module.VARIANTS)}")
    fields = dict(module.VARIANTS[variant])
    if players is not None:
        fields["players"] = players
    names = module.Rules._fields
    for item in overrides:
        if "=" not in item:
            raise ValueError(f"--rule takes KEY=VALUE (got {item!r}); rules: {', '.join(names)}")
        key, value = item.split("=", 1)
        key = key.strip().replace("-", "_")
        if key not in names:
            raise ValueError(f"unknown rule {key!r} of {module.NAME}; rules: {', '.join(names)}")
        fields[key] = value.strip()
    return module.Rules(**fields).validated()


def make_strategies(
    module: ModuleType, players: int, strategy: str, seat_strategies: list[str] | tuple[str, ...]
) -> tuple[str, ...]:
    names = module.STRATEGIES
    base, _ = split_strategy(strategy)
    if base not in names:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(names)}")
    seats = [strategy] * players
    for item in seat_strategies:
        if "=" not in item:
            raise ValueError(f"--seat-strategy takes SEAT=NAME such as 0=hold-pope (got {item!r})")
        seat_text, name = item.split("=", 1)
        try:
            seat = int(seat_text)
        except ValueError:
            raise ValueError(f"--seat-strategy: seat must be a number 0 to {players - 1} (got {seat_text!r})") from None
        if not 0 <= seat < players:
            raise ValueError(f"--seat-strategy: seat must be 0 to {players - 1} (got {seat})")
        if split_strategy(name)[0] not in names:
            raise ValueError(f"unknown strategy {name!r}; choose from {', '.join(names)}")
        seats[seat] = name.strip()
    for name in seats:
        _check_strategy_param(module, name)
    return tuple(seats)


def _check_strategy_param(module: ModuleType, name: str) -> None:
    """A strategy parameter must be a number (a whole one where it counts something), and only strategies that
    take one may be given one."""
    from sim.games._common import WHOLE_PARAMS

    base, param = split_strategy(name)
    takes = getattr(module, "STRATEGY_PARAMS", {})
    if param is None:
        return
    if base not in takes:
        raise ValueError(f"strategy {base!r} takes no parameter (got {name!r})")
    try:
        value = float(param)
    except ValueError:
        raise ValueError(f"strategy parameter must be a number (got {name!r})") from None
    lo, hi = takes[base]
    if not (lo <= value <= hi) or value != value:
        raise ValueError(f"{base}: parameter must be between {lo} and {hi} (got {param})")
    if base in WHOLE_PARAMS and not value.is_integer():
        raise ValueError(f"{base}: parameter must be a whole number (got {param})")


def split_strategy(name: str) -> tuple[str, str | None]:
    """``threshold:0.6`` -> ("threshold", "0.6"): a strategy and its parameter, if any."""
    base, _, param = name.strip().partition(":")
    return base, (param or None)


def make_spec(
    game: str,
    variant: str = "standard",
    n: str | int = 1_000_000,
    players: int | None = None,
    seed: int = 1,
    strategy: str = "book",
    seat_strategies: list[str] | tuple[str, ...] = (),
    rules: list[str] | tuple[str, ...] = (),
    rotations: int = 1,
    session_deals: int | None = None,
) -> RunSpec:
    """Check everything about a run and return its spec; ValueError with a sentence on bad input."""
    module = _games.load(game)
    r = make_rules(module, variant, players, list(rules))
    strategies = make_strategies(module, r.players, strategy, list(seat_strategies))
    count = parse_count(n)
    if not isinstance(seed, int) or seed < 0 or seed >= 2**63:
        raise ValueError(f"--seed must be a whole number from 0 to 2**63-1 (got {seed!r})")
    if not isinstance(rotations, int) or not 1 <= rotations <= MAX_ROTATIONS:
        raise ValueError(f"--rotations must be 1 to {MAX_ROTATIONS} (got {rotations})")
    if session_deals is not None and not 1 <= session_deals <= MAX_ROTATIONS:
        raise ValueError(f"session_deals must be 1 to {MAX_ROTATIONS} (got {session_deals})")
    return RunSpec(game, variant, r, strategies, count, seed, rotations, session_deals)


def policy_codes(spec: RunSpec) -> np.ndarray:
    module = spec.module
    return np.array([module.STRATEGIES[split_strategy(s)[0]] for s in spec.strategies], dtype=np.int64)


def policy_params(spec: RunSpec) -> np.ndarray:
    """Each seat's strategy parameter (``threshold:0.6`` -> 0.6), NaN where the strategy has none."""
    out = np.full(len(spec.strategies), np.nan)
    for i, s in enumerate(spec.strategies):
        param = split_strategy(s)[1]
        if param is not None:
            out[i] = float(param)
    return out


def row_width(module: ModuleType) -> int:
    """The width of one session's result row for this game."""
    from sim.games import _contract

    return _contract.row(module)


def sums_width(module: ModuleType) -> int:
    """The width of the sums a run keeps: the session row, then one derived column per role and one per seat
    (``with_edges``)."""
    from sim.games._common import MAX_SEATS

    return row_width(module) + 2 * MAX_SEATS


def edge_column(module: ModuleType, role: int) -> int:
    """The sums' column of role ``role``'s edge (see ``with_edges``)."""
    return row_width(module) + role


def seat_edge_column(module: ModuleType, seat: int) -> int:
    """The sums' column of seat ``seat``'s edge (see ``with_edges``)."""
    from sim.games._common import MAX_SEATS

    return row_width(module) + MAX_SEATS + seat


# Derived columns are computed in int64 only when they provably fit: |role total| <= m gives |n*x - sum| <= 2*n*m.
_INT64_SAFE = 2**62


def with_edges(rows: np.ndarray, players: int) -> np.ndarray:
    """Session rows with each role's edge appended, ``n * role_k - (sum of all roles)`` per session, then each
    seat's, ``n * seat_s - (sum of all seats)``.

    That is ``(n - 1) * (role_k - mean of the other roles)``: an integer, so its sums over sessions are exact and the
    same on any thread count, chunk size or Dask cluster. The edge's standard error then comes from the spread of
    this per-session difference, which is right even though the roles of one deal are correlated (what one role
    wins the others lose); two separate standard errors combined as if independent would not be. Columns for seats
    beyond ``players`` stay zero.
    """
    from sim.games._common import COL_NET_ROLE, COL_NET_SEAT, MAX_SEATS

    k = rows.shape[0]
    blocks = [rows[:, col : col + players] for col in (COL_NET_ROLE, COL_NET_SEAT)]
    big = max(float(np.max(np.abs(b.astype(np.float64)))) for b in blocks) if k else 0.0
    exact = rows.dtype == object or big * 2 * players >= _INT64_SAFE
    edges = np.zeros((k, 2 * MAX_SEATS), dtype=object if exact else np.int64)
    for i, block in enumerate(blocks):
        work = block.astype(object) if exact else block
        edges[:, i * MAX_SEATS : i * MAX_SEATS + players] = players * work - work.sum(axis=1, keepdims=True)
    return np.hstack([rows.astype(object) if exact else rows, edges])


def edge_sums(rows: np.ndarray, players: int, minus: np.ndarray | None = None) -> Sums:
    """The exact sums of ``with_edges(rows - minus, players)`` (``minus``: the first arm's rows, for a paired
    difference): by a kernel (sim._moments) when int64 provably holds them, else through ``with_edges`` and
    ``Sums.add`` in Python integers.

    The numpy path makes some eight temporaries the size of the chunk: measured on one thread it took twice as long
    as playing the chunk (Pope Joan standard, 2**16 sessions: 0.4 s against 0.2 s), and ``sim run`` did it on one
    thread between chunks while numba's threads waited.
    """
    from sim._moments import edge_moments
    from sim.games._common import COL_NET_ROLE, COL_NET_SEAT, MAX_SEATS

    k, width = rows.shape
    s1 = np.zeros(width + 2 * MAX_SEATS, dtype=np.int64)
    s2 = np.zeros_like(s1)
    other = rows if minus is None else minus
    paired = minus is not None
    fits = rows.dtype == np.int64 and other.dtype == np.int64 and other.shape == rows.shape
    if fits and edge_moments(rows, other, paired, players, COL_NET_ROLE, COL_NET_SEAT, MAX_SEATS, s1, s2):
        return Sums(s1.shape[0], k, s1.tolist(), s2.tolist())
    out = with_edges(rows, players)
    if minus is not None:
        out = out - with_edges(minus, players)  # Python integers where with_edges made them, else |a - b| < 2**63
    acc = Sums(out.shape[1])
    acc.add(out)
    return acc


def play_chunk(spec: RunSpec, first_session: int, count: int) -> np.ndarray:
    """The result rows (int64[count, ROW]) of sessions ``first_session .. first_session + count``."""
    from sim.games import _contract

    strategy_seats = _contract.seats(policy_codes(spec), policy_params(spec))
    return _contract.play_chunk(
        spec.module, spec.rules, strategy_seats, spec.seed, first_session, count, spec.deals_per_session
    )


class Interrupted(Exception):
    """Raised by ``run`` after Ctrl-C; carries the partial result."""

    def __init__(self, result: Result | Comparison) -> None:
        super().__init__("interrupted")
        self.result = result


def ci_columns(module: ModuleType, players: int, metric: str) -> list[int]:
    """The result-row columns whose CI half-width ``--ci-width`` watches: the metric per seat and per role."""
    from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT

    if metric == "net":
        return [COL_NET_SEAT + s for s in range(players)] + [COL_NET_ROLE + k for k in range(players)]
    if metric == "win":
        return [COL_WIN_SEAT + s for s in range(players)] + [COL_WIN_ROLE + k for k in range(players)]
    if metric in module.EVENTS:
        return [COL_EVENTS + module.EVENTS.index(metric)]
    raise ValueError(f"--metric must be net, win or an event of {module.NAME} ({', '.join(module.EVENTS)})")


def _widest(s1: np.ndarray, s2: np.ndarray, sessions: int, dps: int, cols: list[int]) -> float:
    """The largest 95% CI half-width, per deal, among ``cols``; infinite before two sessions."""
    from sim.stats import Z95, session_mean_se

    if sessions < 2:
        return math.inf
    _, se = session_mean_se(s1[cols], s2[cols], sessions, dps)
    return float(Z95 * np.max(se))


def _check_arms(specs: list[RunSpec]) -> None:
    if len({s.game for s in specs}) != 1:
        raise ValueError("compared arms must be the same game")
    if len({s.rules.players for s in specs}) != 1:
        raise ValueError("compared arms must have the same number of players (so that they play the same deals)")
    if len({s.deals_per_session for s in specs}) != 1:
        raise ValueError("compared arms must have sessions of the same length")
    from sim.fair import deal_word, unit_word

    words = [f"{unit_word(s.module, s.rules)} per {deal_word(s.module, s.rules)}" for s in specs]
    if len(set(words)) != 1:
        counts = ", ".join(f"{s.variant} in {w}" for s, w in zip(specs, words))
        raise ValueError(f"compared arms must count their nets alike, or a difference mixes units ({counts})")


def chunk_sums(specs: list[RunSpec], first: int, count: int) -> list[Sums]:
    """The exact sums of sessions ``first .. first + count`` (session rows with the role edges, ``with_edges``): one
    per arm, then each later arm's difference from the first (paired on the same deals). A pure function of its
    arguments: a Dask task, or called here."""
    rows = [play_chunk(sp, first, count) for sp in specs]
    players = specs[0].rules.players
    return [edge_sums(r, players) for r in rows] + [edge_sums(r, players, rows[0]) for r in rows[1:]]


def _drive(
    specs: list[RunSpec],
    chunk_sessions: int,
    progress: bool,
    checkpoint: str | None,
    resume: bool,
    threads: int | None,
    ci_width: float | None,
    ci_metric: str,
    ci_arms: bool = False,
    dask: str | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> tuple[list[Sums], list[Sums], bool, float, int, dict]:
    """Play every arm on the same sessions, chunk by chunk: (sums per arm, paired-difference sums per arm >= 1,
    interrupted, elapsed seconds, sessions played in this call, how it was computed)."""
    from sim.distributed import executor

    spec = specs[0]
    module = spec.module
    if threads is not None:
        import numba

        numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    width = sums_width(module)
    if not 1 <= chunk_sessions <= MAX_CHUNK_SESSIONS:
        raise ValueError(f"--chunk must be 1 to {MAX_CHUNK_SESSIONS} sessions (got {chunk_sessions})")
    sums = [Sums(width) for _ in specs]
    diffs = [Sums(width) for _ in specs[1:]]
    if checkpoint:
        if len(specs) > 1:
            raise ValueError("--checkpoint is for sim run, not compare")
        if resume and os.path.exists(checkpoint):
            sums = [_checkpoint.load(checkpoint, spec.key(), width, spec.sessions)]
        elif os.path.isfile(checkpoint):  # (a folder is refused by check_location, as one)
            raise ValueError(
                f"checkpoint {checkpoint} already exists: add --resume to continue it, or remove it (or name another "
                "file) to start again"
            )
        _checkpoint.check_location(checkpoint)
    cols = ci_columns(module, spec.rules.players, ci_metric) if ci_width else []

    def precise_enough() -> bool:
        """Whether to stop here: only at a multiple of CI_STEP sessions, so the stop does not hang on --chunk."""
        if ci_width is None or sums[0].sessions == 0 or sums[0].sessions % CI_STEP:
            return False
        watched = (diffs + sums if ci_arms else diffs) if diffs else sums
        return all(_widest(w.s1, w.s2, w.sessions, spec.deals_per_session, cols) < ci_width for w in watched)

    done = sums[0].sessions
    plan = chunk_plan(done, spec.sessions, chunk_sessions, CI_STEP if ci_width is not None else None)
    start = time.perf_counter()
    bar = _Progress(spec, enabled=progress)
    interrupted = False
    ex = executor(dask, threads)
    how = ex.describe()
    try:
        bar.start(done)
        if not precise_enough():
            for _, parts in ex.map(chunk_sums, (specs,), plan):
                for acc, part in zip(sums + diffs, parts):
                    acc.merge(part)
                if checkpoint:
                    _checkpoint.save(checkpoint, spec.key(), sums[0])
                bar.update(sums[0].sessions)
                if on_chunk is not None:
                    on_chunk(sums[0].sessions)
                if precise_enough():
                    break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.stop()
        ex.close()
    return sums, diffs, interrupted, time.perf_counter() - start, sums[0].sessions - done, how


def chunk_plan(done: int, total: int, chunk: int, step: int | None) -> list[tuple[int, int]]:
    """(first session, sessions) of each chunk from ``done`` to ``total``, ``chunk`` at most; with ``step``, no
    chunk crosses a multiple of it (where --ci-width checks the precision)."""
    plan = []
    first = done
    while first < total:
        end = min(first + chunk, total)
        if step is not None:
            end = min(end, (first // step + 1) * step)
        plan.append((first, end - first))
        first = end
    return plan


def run(
    spec: RunSpec,
    *,
    chunk_sessions: int = DEFAULT_CHUNK_SESSIONS,
    progress: bool = False,
    checkpoint: str | None = None,
    resume: bool = False,
    threads: int | None = None,
    ci_width: float | None = None,
    ci_metric: str = "net",
    dask: str | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> Result:
    """Play the run and return a ``Result``. Raises ``Interrupted`` (with the partial result) on Ctrl-C.

    With ``ci_width``, stop at the first multiple of CI_STEP sessions where every 95% CI half-width of
    ``ci_metric`` (per seat and per role, per deal) is below it; ``spec.n_requested`` is then the cap. The stopping
    point is the same on any thread count, chunk size or Dask cluster.
    """
    from sim.results import Result

    sums, _, interrupted, elapsed, played, how = _drive(
        [spec], chunk_sessions, progress, checkpoint, resume, threads, ci_width, ci_metric, dask=dask, on_chunk=on_chunk
    )
    rate = played * spec.deals_per_session / elapsed if elapsed > 0 else 0.0
    result = Result.from_sums(spec, sums[0], elapsed, rate, interrupted=interrupted)
    result.meta["ci_width"] = ci_width
    result.meta["computed_with"] = how
    if interrupted:
        raise Interrupted(result)
    return result


def compare(
    specs: list[RunSpec],
    labels: list[str] | None = None,
    *,
    chunk_sessions: int = DEFAULT_CHUNK_SESSIONS,
    progress: bool = False,
    threads: int | None = None,
    ci_width: float | None = None,
    ci_metric: str = "net",
    ci_arms: bool = False,
    dask: str | None = None,
) -> Comparison:
    """Play two or more arms on the same deals and return a ``Comparison`` of each arm against the first.

    ``ci_width`` watches the paired differences; with ``ci_arms`` each arm's own intervals too.

    Every arm uses the same seed, so session i deals the same cards in all of them (common random numbers); the
    difference of each session's totals is what the paired standard errors are computed from.
    """
    from sim.results import Comparison, Result

    if len(specs) < 2:
        raise ValueError("compare needs two or more arms")
    _check_arms(specs)
    sums, diffs, interrupted, elapsed, played, how = _drive(
        specs, chunk_sessions, progress, None, False, threads, ci_width, ci_metric, ci_arms, dask=dask
    )
    rate = played * specs[0].deals_per_session * len(specs) / elapsed if elapsed > 0 else 0.0
    results = [Result.from_sums(sp, acc, elapsed, rate, interrupted=interrupted) for sp, acc in zip(specs, sums)]
    comp = Comparison.build(specs, labels or [sp.variant for sp in specs], results, diffs, elapsed, interrupted)
    comp.meta["ci_width"] = ci_width
    comp.meta["computed_with"] = how
    if interrupted:
        raise Interrupted(comp)
    return comp


def parse_arm(game: str, text: str) -> dict[str, Any]:
    """One arm of ``sim compare``: ``VARIANT``, ``RULE=VALUE``, ``SEAT=STRATEGY`` or ``all=STRATEGY`` joined by '+'.

    e.g. ``five-pool``, ``standard+pope_turnup_cap=4``, ``0=hold-pope``. Returns keyword arguments for make_spec.
    """
    module = _games.load(game)
    out: dict[str, Any] = {"variant": "standard", "rules": [], "seat_strategies": []}
    for token in [t.strip() for t in text.split("+") if t.strip()]:
        if "=" not in token:
            if token not in module.VARIANTS:
                raise ValueError(f"arm {text!r}: unknown variant {token!r}; choose from {', '.join(module.VARIANTS)}")
            out["variant"] = token
            continue
        key, value = token.split("=", 1)
        if key.isdigit():
            out["seat_strategies"].append(token)
        elif key == "all":
            out["strategy"] = value
        else:
            out["rules"].append(token)
    return out


class _Progress:
    """A rich progress bar that appears only when the run is expected to take more than about two seconds."""

    def __init__(self, spec: RunSpec, enabled: bool):
        self.spec = spec
        self.enabled = enabled
        self.bar: Any = None
        self.task: Any = None
        self.t0 = 0.0
        self.first = 0

    def start(self, done: int) -> None:
        self.t0 = time.perf_counter()
        self.first = done

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.t0
        total = self.spec.sessions
        dps = self.spec.deals_per_session
        if self.bar is None:
            rate = (done - self.first) / elapsed if elapsed > 0 else 0
            remaining = (total - done) / rate if rate > 0 else 0
            if elapsed + remaining < 2.0 or done >= total:
                return
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn(f"{self.spec.rules_string}"),
                BarColumn(),
                TextColumn("{task.completed:,.0f}/{task.total:,.0f} deals"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("run", total=total * dps, completed=self.first * dps)
        self.bar.update(self.task, completed=done * dps)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
