"""Each rule declared once: its default, allowed values, page and help, and everything derived from that.

A game lists its rules as ``Rule`` records and builds a ``RuleBook`` from them::

    BOOK = RuleBook("jig", "Jig", (
        Rule("players", 4, "p. 95", "number of players", lo=3, hi=8),
        Rule("pool_ante", 0, "p. 96", "counters paid into a pool", lo=0, hi=MAX_STAKE),
        Rule("pool_payer", "all", "p. 96", "who pays the ante", choices=("all", "dealer")),
    ))
    Rules = BOOK.Rules          # a NamedTuple class with the defaults, and .validated()
    P = BOOK.layout             # P.pool_ante is the index of that rule in the kernel's int64 parameters

From the declarations come the ``Rules`` class, the page and help tables (``sim rules``), the coercion of the
strings a user types (one integer coercion for every game: inf, nan, fractions and values out of range are
refused with a sentence naming the rule), and the kernel's parameter array: a bool is 0/1, a choice the index of
its value in ``choices``, a number itself, a rule with ``encode`` whatever that returns. Checks that involve two
rules at once stay hand-written, in the game's ``check`` function.

The first rule is always ``players`` (so ``params[0]`` is the number of players in every game's kernel).
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

# Counter amounts a rule may set. With at most 10 players, 1e6 counters a payment and a few thousand payments a
# deal, a session's sums of squares stay far below 2**63 (the runner's sums are exact int64).
MAX_STAKE = 1_000_000


@dataclass(frozen=True)
class Rule:
    """One rule of a game: a whole number (``lo``..``hi``), a true/false flag, or one of ``choices``."""

    name: str
    default: Any
    page: str
    help: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple | None = None
    coerce: Callable[[str, Any], Any] | None = None  # custom parsing (e.g. a fraction of a stake)
    encode: Callable[[Any], int] | None = None  # the kernel's integer for a custom rule

    @property
    def kind(self) -> str:
        if self.coerce is not None:
            return "custom"
        if self.choices is not None:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        return "int"

    def allowed(self) -> str:
        """What may be given, in words, for ``sim rules`` and error messages."""
        if self.kind == "choice":
            return " | ".join(str(c) for c in self.choices or ())
        if self.kind == "bool":
            return "true | false"
        if self.kind == "int":
            return f"{self.lo} to {self.hi}"
        return "see help"

    def parse(self, value: Any) -> Any:
        """The rule's value from what a user typed (or a Python value); ValueError naming the rule otherwise."""
        if self.coerce is not None:
            return self.coerce(self.name, value)
        if self.kind == "bool":
            return as_bool(self.name, value)
        if self.kind == "choice":
            choices = self.choices or ()
            if all(isinstance(c, int) for c in choices):
                v = as_int(self.name, value)
                if v not in choices:
                    raise ValueError(f"{self.name} must be one of {self.allowed()} (got {value!r})")
                return v
            text = str(value).strip().lower()
            if text not in choices:
                raise ValueError(f"{self.name} must be one of {self.allowed()} (got {value!r})")
            return text
        v = as_int(self.name, value)
        if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
            raise ValueError(f"{self.name} must be {self.lo} to {self.hi} (got {value!r})")
        return v

    def to_kernel(self, value: Any) -> int:
        if self.encode is not None:
            return int(self.encode(value))
        if self.kind == "choice" and not all(isinstance(c, int) for c in self.choices or ()):
            return (self.choices or ()).index(value)
        return int(value)


class RuleBook:
    """A game's rules: the ``Rules`` class, the kernel layout, pages and help, all from one declaration."""

    def __init__(
        self,
        module: str,
        title: str,
        rules: tuple[Rule, ...],
        check: Callable[[Any], None] | None = None,
    ):
        if not rules or rules[0].name != "players":
            raise TypeError("a game's first rule is players")
        names = [r.name for r in rules]
        if len(set(names)) != len(names):
            raise TypeError(f"{module}: a rule is declared twice")
        self.title = title
        self.rules = rules
        self.by_name = {r.name: r for r in rules}
        self._check = check
        self.Rules = _rules_class(module, self)
        self.layout = names_index(tuple(names))
        self.pages = {r.name: r.page for r in rules}
        self.help = {r.name: r.help for r in rules}

    def choice(self, name: str, value: Any) -> int:
        """The kernel's integer for ``value`` of choice rule ``name`` (a constant for kernels to compare with)."""
        rule = self.by_name[name]
        return rule.to_kernel(rule.parse(value))

    def validate(self, r: Any) -> Any:
        players = self.rules[0]
        n = as_int("players", r.players)
        if not players.lo <= n <= players.hi:  # type: ignore[operator]
            raise ValueError(f"{self.title} needs {players.lo} to {players.hi} players (got {n})")
        values = {rule.name: rule.parse(getattr(r, rule.name)) for rule in self.rules}
        out = r._replace(**values)
        if self._check is not None:
            self._check(out)
        return out

    def params(self, r: Any) -> np.ndarray:
        """The kernel's int64 parameters of validated rules ``r``, in declaration order (see ``layout``)."""
        return np.array([rule.to_kernel(getattr(r, rule.name)) for rule in self.rules], dtype=np.int64)


def _rules_class(module: str, book: RuleBook) -> type:
    base = namedtuple("Rules", [r.name for r in book.rules], defaults=[r.default for r in book.rules])  # type: ignore[misc]

    def validated(self):
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        return book.validate(self)

    cls = type("Rules", (base,), {"__slots__": (), "validated": validated, "__module__": module})
    cls.__qualname__ = "Rules"
    return cls


# -- coercions shared by every game ----------------------------------------------------------------------------

_INT64 = 2**63 - 1


def as_int(name: str, value: Any) -> int:
    """A whole number from a rule value (the CLI gives strings): refuses bools, inf, nan, fractions, > 64 bits."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number (got {value!r})")
    if isinstance(value, int):
        v = value
    else:
        text = str(value).strip().replace("_", "")
        try:
            v = int(text)
        except ValueError:
            try:
                f = float(text)
            except ValueError:
                raise ValueError(f"{name} must be a whole number (got {value!r})") from None
            if not math.isfinite(f) or f != math.floor(f):
                raise ValueError(f"{name} must be a whole number (got {value!r})") from None
            v = int(f)
    if abs(v) > _INT64:
        raise ValueError(f"{name} is too large (got {value!r})")
    return v


def as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be true or false (got {value!r})")


def names_index(names: tuple[str, ...]) -> Any:
    """A record of each name's index (``E = names_index(EVENTS)``; ``ev[E.jigs] += 1`` in a kernel)."""
    return namedtuple("Index", names)(*range(len(names)))  # type: ignore[misc]
