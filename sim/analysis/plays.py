"""A claim answered under every sensible play, and one verdict that says whether they agree.

A verdict about a game can be produced by the strategies rather than by the rules: the book's advice may spend a
seat's chances badly. So every claim is measured under each of its game's ``PLAYS`` (the book's advice and the
strong player, ``rollout:K``), the script's ``answer(n, seed, play)`` run once per play with that play seated
wherever the script does not seat a strategy of its own. The verdict is ``supported`` or ``refuted`` only when
every play gives it; plays that reach opposite verdicts give ``depends on play``; where one play decides and
another cannot (its interval takes in both answers: a search strategy plays fewer deals, or the effect shrinks
under it) the answer is ``inconclusive``, not more. The table shows each play's rows, the reason each verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType

import pandas as pd

from sim import games
from sim.analysis.record import Answer, Claim
from sim.games import _contract
from sim.runner import split_strategy

# A search strategy plays each decision out K times, some 50-100 times slower than the book's advice: its runs
# stop at this many deals per configuration (a full-size book run goes on to ten million or a 0.01 half-width),
# or this many whole games where one driver deal is a whole game (Snip-Snap-Snorum, Cassino: several deals each).
SEARCH_N = 100_000
SEARCH_GAMES = 10_000
SEARCHES = frozenset({"rollout"})
DEPENDS = "depends on play"

AnswerFn = Callable[[int, int, str], Answer]


def plays_of(claim: Claim, module: ModuleType | None = None) -> tuple[str, ...]:
    """The plays a claim is measured under: its own ``plays`` if it names them, else its game's ``PLAYS``."""
    return claim.plays or _contract.plays(module or games.by_title(claim.game))


def size(play: str, n: int, whole_games: bool = False, search_n: int = 0) -> int:
    """Deals per configuration for ``play``: n, or at most SEARCH_N (SEARCH_GAMES) for a search strategy, or the
    claim's own ``search_n`` when it sets one."""
    if split_strategy(play)[0] not in SEARCHES:
        return n
    return min(n, search_n or (SEARCH_GAMES if whole_games else SEARCH_N))


def agree(verdicts: Sequence[str]) -> str:
    """One verdict over the plays: theirs when they all give the same; ``depends on play`` when one supports what
    another refutes; else ``inconclusive``."""
    if not verdicts:
        raise ValueError("no play was measured")
    got = set(verdicts)
    if len(got) == 1:
        return verdicts[0]
    if {"supported", "refuted"} <= got or DEPENDS in got:
        return DEPENDS
    return "inconclusive"


def across(claim: Claim, answer: AnswerFn, n: int, seed: int) -> Answer:
    """The claim's answer under each of its plays, merged: the tables stacked with a ``play`` column first, each
    play's headline and verdict, and one verdict that holds only where the plays agree."""
    module = games.by_title(claim.game)
    whole_games = getattr(module, "DEAL", "deal") == "game"
    got = [(play, answer(size(play, n, whole_games, claim.search_n), seed, play)) for play in plays_of(claim, module)]
    if len(got) == 1:
        play, one = got[0]
        one.plays = [(play, one.n)]
        return one
    verdicts = [a.verdict for _, a in got]
    first = got[0][1]
    each = "; ".join(f"{v} under {p}" for (p, _), v in zip(got, verdicts, strict=True))
    return Answer(
        table=pd.concat([_with_play(a.table, p) for p, a in got], ignore_index=True),
        headline=" — ".join(f"**{p}:** {a.headline}" for p, a in got),
        verdict=agree(verdicts),
        reason=f"{first.reason}. By play: {each}; the verdict is the plays' only where they all agree",
        rules=_union(r for _, a in got for r in a.rules),
        n=max(a.n for _, a in got),
        chart=None,
        notes=_union(note for _, a in got for note in a.notes),
        plays=[(p, a.n) for p, a in got],
        panels=[(p, a.chart) for p, a in got if a.chart is not None],
    )


def _with_play(table: pd.DataFrame, play: str) -> pd.DataFrame:
    out = table.copy()
    out.insert(0, "play", play)
    return out


def _union(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen
