"""The contract a game module fulfils, and what the toolkit builds on it (the harness, traces, chunks).

Adding a game is adding its module (or package) under ``sim/games/`` with the names of ``Game`` below, its
tests and its analysis scripts: the registry finds it, and the CLI, runner, bench, goldens, claims index and the
parametrised tests all read it from there. ``check(module)`` lists what a module lacks; a test runs it on every
registered game.

Optional, read with ``hasattr`` where present: ``impossible_events(r) -> frozenset[str]`` (the EVENTS a rule set
rules out, which ``sim run`` leaves out of its table), ``unit(r) -> str`` (what one counter of a net is worth:
"stakes", or e.g. "sixths of a stake"; the fairness band of 0.05 stakes is scaled by it) and ``deal_word(r) -> str``
("deal", or "game" where one driver deal is a whole game; else ``DEAL`` is read); ``RULE_LEFT_OUT: dict[str, str]``
(strategies that are another with one rule left out, to measure that rule alone: the golden traces do not seat
them, so adding one leaves the golden deals as they were); ``PLAYS: tuple[str, ...]`` (the strategies, written as
``--strategy`` takes them, under which every claim about the game is measured: the book's advice and the strong
player, so that a verdict says whether it survives better play; else ``(DEFAULT_STRATEGY,)``, read by ``plays``);
``dealing(r) -> Dealing`` (what one of the game's deals shuffles and deals, for the bench's floor; else the whole
``PACK``, or 52 cards, read by ``dealing``); ``BY_ADDRESS: tuple[str, ...]`` (which of the harness's calls it makes by
address, so that the kernels above compile without the callee's code: ``"play_block"`` from the parallel loop,
``"play_deal"`` from the session, for a deal LLVM never inlines; sim/games/_harness.py says what each saves and
costs).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from sim.games._common import row_width
from sim.games._rules import RuleBook

TRACE_ROWS = 2048  # trace records a traced deal may write (actions and payments each)


class Game(Protocol):
    """What a game module provides. Kernels are numba functions; the rest is plain Python."""

    NAME: str  # what a user types: ``sim run jig``
    TITLE: str  # "Jig"
    PAGES: str  # the book's pages, "pp. 95-97"
    DEAL: str  # what one driver "deal" is, in words: "deal", or "game" where a deal is a whole game
    RULEBOOK: RuleBook  # every rule once (sim.games._rules); ``Rules = RULEBOOK.Rules``
    Rules: type
    VARIANTS: dict[str, dict]  # the book's named variations, "standard" first
    STRATEGIES: dict[str, int]  # strategy name -> the kernel's code
    STRATEGY_HELP: dict[str, str]
    STRATEGY_PARAMS: dict[str, tuple[float, float]]  # strategies that take ``name:value``, and its range
    DEFAULT_STRATEGY: str
    EVENTS: tuple[str, ...]  # per-deal counts the kernel records, summed over a session
    SESSION_METRICS: tuple[str, ...]  # values at a session's end (e.g. counters left on the board)

    def deals_per_session(self, r: Any, rotations: int) -> int: ...
    def kernel_config(self, r: Any) -> tuple: ...  # cfg: (int64 params, the game's constant tables ...)
    def check_deck(self, text: str) -> np.ndarray: ...  # a stacked deck from text, or ValueError
    def describe_trace(self, run: TracedDeal) -> dict: ...  # a traced deal as a JSON-ready dict

    # kernels the harness calls (see sim/games/_harness.py for what each does)
    new_workspace: Callable
    begin_session: Callable
    deal_cards: Callable
    deal_hands: Callable
    play_deal: Callable
    end_session: Callable


REQUIRED = tuple(Game.__annotations__) + (
    "deals_per_session",
    "kernel_config",
    "check_deck",
    "describe_trace",
)


def check(module: ModuleType) -> list[str]:
    """What ``module`` lacks or gets wrong of the contract (empty when it fulfils it)."""
    problems = [f"{module.__name__} has no {name}" for name in REQUIRED if not hasattr(module, name)]
    if problems:
        return problems
    if module.Rules is not module.RULEBOOK.Rules:
        problems.append("Rules must be RULEBOOK.Rules")
    if next(iter(module.VARIANTS)) != "standard":
        problems.append("the first variant must be 'standard'")
    for variant, fields in module.VARIANTS.items():
        unknown = set(fields) - set(module.Rules._fields)
        if unknown:
            problems.append(f"variant {variant} sets unknown rules {sorted(unknown)}")
    if module.DEFAULT_STRATEGY not in module.STRATEGIES:
        problems.append("DEFAULT_STRATEGY is not a strategy")
    if set(module.STRATEGY_HELP) != set(module.STRATEGIES):
        problems.append("every strategy needs its help text, and only strategies")
    if len(set(module.EVENTS)) != len(module.EVENTS):
        problems.append("an event is named twice")
    unknown_calls = set(getattr(module, "BY_ADDRESS", ())) - {"play_block", "play_deal"}
    if unknown_calls:
        problems.append(f"BY_ADDRESS names calls the harness does not make: {sorted(unknown_calls)}")
    problems += _check_plays(module)
    return problems


def plays(module: ModuleType) -> tuple[str, ...]:
    """The strategies every claim about this game is measured under (``PLAYS``, else the default strategy)."""
    return tuple(getattr(module, "PLAYS", (module.DEFAULT_STRATEGY,)))


def _check_plays(module: ModuleType) -> list[str]:
    from sim.runner import make_strategies  # the runner imports this module

    got = plays(module)
    if not got or len(set(got)) != len(got):
        return ["PLAYS must name one strategy or more, each once"]
    problems = []
    for play in got:
        try:
            make_strategies(module, 3, play, [])
        except ValueError as e:
            problems.append(f"PLAYS: {e}")
    return problems


@dataclass(frozen=True)
class Dealing:
    """What one deal of the game shuffles and deals: ``drawn`` cards of a ``pack``-card pack. ``deals_event`` is
    the event counting the deals in one driver deal where that is a whole game (None: a driver deal is one deal).
    The bench measures the game against the fastest known way to do just this (sim/floor.py)."""

    pack: int
    drawn: int
    deals_event: str | None = None


def dealing(module: ModuleType, rules: Any) -> Dealing:
    """The game's ``dealing(rules)``, else its whole ``PACK`` (52 cards without one) dealt once a driver deal."""
    if hasattr(module, "dealing"):
        return module.dealing(rules)
    size = len(getattr(module, "PACK", range(52)))
    return Dealing(size, size)


def row(module: ModuleType) -> int:
    """The width of a session's result row for this game."""
    return row_width(len(module.EVENTS), len(module.SESSION_METRICS))


def seats(policies: np.ndarray, params: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' record of the seats' strategies: (codes int64[n], parameters float64[n], NaN = none)."""
    return np.ascontiguousarray(policies, dtype=np.int64), np.ascontiguousarray(params, dtype=np.float64)


# -- the harness, one compiled copy per game --------------------------------------------------------------------


@functools.cache
def harness(name: str) -> ModuleType:
    """The harness kernels (sim/games/_harness.py) bound to game module ``sim.games.<name>``.

    The template is copied with its game import rewritten, into a folder keyed by the package's sources, and
    imported from there; numba caches the copy's kernels like any other file's. A copy is written only when it
    differs (atomically), so processes sharing the folder do not invalidate each other's cache.
    """
    from sim import source_digest

    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "_harness.py")) as f:
        template = f.read()
    marker = "import sim.games.GAME as G"
    if marker not in template:  # pragma: no cover - guards an edit of the template
        raise RuntimeError("sim/games/_harness.py lost its game import line")
    source = template.replace(marker, f"import sim.games.{name} as G")
    folder = _harness_folder(source_digest())
    path = os.path.join(folder, f"harness_{name}.py")
    if not _same_text(path, source):
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".harness-", suffix=".py")
        with os.fdopen(fd, "w") as f:
            f.write(source)
        os.replace(tmp, path)
    module_name = f"sim.games._harness_{name}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = mod
    spec.loader.exec_module(mod)
    return mod


def _harness_folder(digest: str) -> str:
    for base in (os.environ.get("NUMBA_CACHE_DIR"), tempfile.gettempdir()):
        if not base:
            continue
        path = os.path.join(base, "sim-harness", digest)
        try:
            os.makedirs(path, exist_ok=True)
        except OSError:
            continue
        if os.access(path, os.W_OK):
            return path
    return tempfile.mkdtemp(prefix="sim-harness-")


def _same_text(path: str, text: str) -> bool:
    try:
        with open(path) as f:
            return f.read() == text
    except OSError:
        return False


def play_chunk(module: ModuleType, rules: Any, strategy_seats: tuple, seed: int, first: int, count: int, deals: int):
    """The result rows (int64[count, row]) of sessions ``first .. first + count`` of a run."""
    rows = np.zeros((count, row(module)), dtype=np.int64)
    harness(module.NAME).play_sessions(module.kernel_config(rules), strategy_seats, np.uint64(seed), first, deals, rows)
    return rows


# -- one traced deal ----------------------------------------------------------------------------------------------


@dataclass
class TracedDeal:
    """A deal played with the trace on: what ``describe_trace`` turns into the game's JSON-ready dict."""

    rules: Any
    cfg: tuple
    ws: Any  # the workspace after the deal (trace records, board, nets, events)
    seed: int
    deal: int | None  # the deal's number in the run, None for a stacked deck
    deck: list[int]  # card codes in the order dealt
    dealer: int
    next_dealer: int
    board_before: np.ndarray

    @property
    def players(self) -> int:
        return int(self.rules.players)


def replay(
    module: ModuleType,
    rules: Any,
    policies: np.ndarray,
    policy_params: np.ndarray,
    seed: int,
    deal: int = 0,
    deck: np.ndarray | None = None,
    dealer: int = 0,
    rotations: int = 1,
    board: np.ndarray | None = None,
) -> TracedDeal:
    """One deal played again with the game's trace recording on: its workspace holds every action and payment.

    Without ``deck``: deal number ``deal`` of a run with this seed (counted from 0), exactly as the run played
    it. With ``deck``: that stacked deck, ``dealer`` dealing, on ``board`` (empty by default).
    """
    cfg = module.kernel_config(rules)
    ws = module.new_workspace(cfg, TRACE_ROWS)
    session, k = divmod(int(deal), module.deals_per_session(rules, rotations))
    if deck is None:
        deck_in = np.zeros(0, dtype=np.int8)
    else:
        session, k = 0, 0
        deck_in = np.asarray(deck, dtype=np.int8)
        if board is not None:
            ws.board[:] = np.asarray(board, dtype=np.int64)
    deck_out = np.zeros(ws.deck.shape[0], dtype=np.int8)
    board_before = np.zeros_like(ws.board)
    strategy_seats = seats(policies, policy_params)
    dealt_by, nxt = harness(module.NAME).trace_deal(
        cfg, ws, strategy_seats, np.uint64(seed), session, k, deck_in, int(dealer), deck_out, board_before
    )
    return TracedDeal(
        rules=rules,
        cfg=cfg,
        ws=ws,
        seed=int(seed),
        deal=None if deck is not None else int(deal),
        deck=deck_out.tolist(),
        dealer=int(dealt_by),
        next_dealer=int(nxt),
        board_before=board_before,
    )


def trace(module: ModuleType, rules: Any, policies: np.ndarray, policy_params: np.ndarray, seed: int, **where) -> dict:
    """One deal played out with every action and payment, as the game's JSON-ready dict (``where``: replay's
    deal, deck, dealer, rotations, board)."""
    return module.describe_trace(replay(module, rules, policies, policy_params, seed, **where))
