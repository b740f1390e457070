"""Is a house rule fair to every seat? Each role's edge over the others, with a verdict and a line for the host.

A role's **edge** is its net per deal minus the mean net of the other roles, on the same deals. Its standard error
comes from each session's own difference (``runner.with_edges``), because the roles of one deal are negatively
correlated: what the dealer loses the others win, so two separate standard errors combined as if independent would
give the wrong interval. The edges are read from a run's ``Result``: the same deals and the same numbers as
``sim run``.

A role is **fair** when the 99% interval of its edge lies inside ±0.05 stakes per deal (``TOLERANCE_STAKES``); it
**gains** or **loses** when the interval lies wholly above or below zero (and is not inside that band); otherwise
the run was too short to tell (**unclear**).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sim.stats import _z

if TYPE_CHECKING:
    from sim.results import Result

TOLERANCE_STAKES = 0.05  # a role within this many stakes per deal of the others is fair
LEVEL = 0.99  # the interval the verdicts use
Z99 = _z(LEVEL)


@dataclass(frozen=True)
class RoleEdge:
    """One role's edge over the mean of the others, per deal, with its 99% interval and verdict."""

    role: str
    edge: float
    se: float
    lo: float
    hi: float
    verdict: str  # fair, gains, loses, unclear

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2


@dataclass
class Fairness:
    """The fairness of one game, rules and number of players: an edge and verdict per role, and the host's line."""

    game: str
    title: str  # "Pope Joan (five-pool)"
    variant: str
    rules_string: str
    players: int
    n: int
    seed: int
    unit: str  # "counters", or "sixths of a stake" ...
    deal: str  # what one deal of the run is: "deal" or "game"
    tolerance: float  # ±0.05 stakes in the run's counters
    roles: list[RoleEdge] = field(default_factory=list)
    version: str = ""

    @property
    def summary(self) -> str:
        return summary_line(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "variant": self.variant,
            "rules_string": self.rules_string,
            "players": self.players,
            "n": self.n,
            "seed": self.seed,
            "unit": self.unit,
            "per": self.deal,
            "level": LEVEL,
            "tolerance": self.tolerance,
            "roles": [
                {
                    "role": r.role,
                    "edge": _num(r.edge),
                    "se": _num(r.se),
                    "ci99": [_num(r.lo), _num(r.hi)],
                    "verdict": r.verdict,
                }
                for r in self.roles
            ],
            "summary": self.summary,
            "version": self.version,
        }


def _num(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def verdict(lo: float, hi: float, tolerance: float) -> str:
    """fair: the interval inside ±tolerance; gains / loses: wholly above / below zero; else unclear."""
    if math.isnan(lo) or math.isnan(hi):
        return "unclear"
    if -tolerance <= lo and hi <= tolerance:
        return "fair"
    if lo > 0:
        return "gains"
    if hi < 0:
        return "loses"
    return "unclear"


def counters_per_stake(module: Any, rules: Any) -> int:
    """How many of the run's counters make one stake (Pool Commerce counts in sixths of a stake)."""
    unit = module.unit(rules) if hasattr(module, "unit") else "stakes"
    return 6 if "sixth" in unit else 1


def unit_word(module: Any, rules: Any) -> str:
    unit = module.unit(rules) if hasattr(module, "unit") else "stakes"
    return "counters" if unit == "stakes" else unit


def deal_word(module: Any, rules: Any) -> str:
    """What one driver deal is: "deal", or "game" where a deal of the run is a whole game."""
    if hasattr(module, "deal_word"):
        return str(module.deal_word(rules))
    word = str(getattr(module, "DEAL", "deal"))
    return "game" if word.startswith("game") else "deal"


def title(module: Any, variant: str, rules: Any) -> str:
    """The game and its house rules in words: "Pope Joan", "Pope Joan (five-pool)", "Jig (pool_ante=2)"."""
    preset = module.Rules(**module.VARIANTS.get(variant, {})).validated()
    extra = [
        f"{k}={_fmt(v)}" for k, v in rules._asdict().items() if k != "players" and v != getattr(preset, k, object())
    ]
    words = ([] if variant == "standard" else [variant]) + extra
    return module.TITLE + (f" ({', '.join(words)})" if words else "")


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def of_result(result: Result, module: Any, rules: Any) -> Fairness:
    """The fairness read from a run's result (its ``edge`` rows)."""
    tol = TOLERANCE_STAKES * counters_per_stake(module, rules)
    roles = []
    for row in result.records:  # not result.frame: pandas' import alone costs a short run its start-up time
        if row["metric"] != "edge" or row["role"] is None:
            continue
        mean, se = float(row["mean"]), float(row["se"])
        lo, hi = mean - Z99 * se, mean + Z99 * se
        roles.append(RoleEdge(str(row["role"]), mean, se, lo, hi, verdict(lo, hi, tol)))
    m = result.meta
    return Fairness(
        game=m["game"],
        title=title(module, m["variant"], rules),
        variant=m["variant"],
        rules_string=m["rules_string"],
        players=int(m["players"]),
        n=int(m["n"]),
        seed=int(m["seed"]),
        unit=unit_word(module, rules),
        deal=deal_word(module, rules),
        tolerance=tol,
        roles=roles,
        version=str(m["version"]),
    )


def fairness(result: Result) -> Fairness:
    """The fairness of a run, from its result alone (the rules are in its metadata)."""
    from sim import games

    module = games.load(result.meta["game"])
    rules = module.Rules(**result.meta["rules"]).validated()
    return of_result(result, module, rules)


def who(role: str) -> str:
    """A role in words: the dealer, the elder hand, the 2nd player to the dealer's left."""
    if role == "dealer":
        return "the dealer"
    if role == "elder":
        return "the elder hand"
    return f"the {role} player to the dealer's left"


def decimals(half_width: float) -> int:
    """Decimal places that show a ± half-width to one significant figure (at least one place, at most four)."""
    if not half_width > 0 or math.isinf(half_width):
        return 2
    return min(4, max(1, -math.floor(math.log10(half_width))))


def summary_line(fair: Fairness) -> str:
    """The one line a host reads: who loses and who gains most, or that every role is fair."""
    head = f"{fair.title} with {fair.players} players: "
    per = f"{fair.unit} per {fair.deal}"
    if not fair.roles:
        return head + "no deals played."
    unfair = [r for r in fair.roles if r.verdict in ("gains", "loses")]
    unclear = [r for r in fair.roles if r.verdict == "unclear"]
    if not unfair and not unclear:
        widest = max(abs(r.lo) if abs(r.lo) > abs(r.hi) else abs(r.hi) for r in fair.roles)
        d = decimals(fair.tolerance / 5)
        return head + f"fair to every seat (each role within ±{widest:.{d}f} {per} of the others, 99% interval)."
    loser = min((r for r in unfair if r.verdict == "loses"), key=lambda r: r.edge, default=None)
    gainer = max((r for r in unfair if r.verdict == "gains"), key=lambda r: r.edge, default=None)
    named = [r for r in (loser, gainer) if r is not None]
    parts = []
    for i, r in enumerate(named):
        d = decimals(r.half_width)
        amount = f"{abs(r.edge):.{d}f}"
        if i == 0:
            parts.append(f"{who(r.role)} {r.verdict} {amount} ± {r.half_width:.{d}f} {per} against the others")
        else:
            parts.append(f"{who(r.role)} {r.verdict} {amount}")
    rest = [r for r in unfair if r not in named]
    if 0 < len(rest) <= 2:
        parts += [f"{who(r.role)} {r.verdict} {abs(r.edge):.{decimals(r.half_width)}f}" for r in rest]
    elif rest:
        parts.append(f"{len(rest)} more roles not fair")
    if unclear:
        parts.append(
            f"{len(unclear)} role{'s' if len(unclear) > 1 else ''} unclear at {fair.n:,} {fair.deal}s (play more)"
        )
    return head + "; ".join(parts) + "."
