"""Commerce's rules, each declared once (sim.games._rules), the book's named variations, and money's unit.

Pool Commerce counts money in sixths of a stake, so that the horse (1/3 or 1/2 of the stake, p. 75) and the
prize of a hand are whole numbers: ``pool_prize`` and ``horse_price`` are written as parts of a stake ("1/6",
"1/3", "0.5") and reach the kernel as whole numbers of sixths (``horse_price = none``: -1, no horse).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sim.games import _hands as HT
from sim.games._contract import Dealing
from sim.games._rules import Rule, RuleBook

NAME = "commerce"
TITLE = "Commerce"
PAGES = "pp. 70-77"
PLAYERS = (3, 10)
# One run "deal". In Pool Commerce (``pool = true``) it is a whole pool game played to its end (p. 75): the
# contract's DEAL is one word for every set of rules, so that fact lives in ``unit``/``deal_word`` and the docs.
DEAL = "deal"

SIXTHS = 6  # Pool Commerce counts money in sixths of a stake
MAX_PLAYERS_32 = 7  # "seven with the thirty-two cards" (p. 70)
NO_HORSE = -1  # the kernel's horse price when there is no horse to buy


def sixths(name: str, text: Any) -> int:
    """A money amount written in stakes ("1/3", "0.5", "1") as a whole number of sixths of a stake."""
    try:
        x = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{name} must be a part of the stake such as 1/3 or 1/2 (got {text!r})") from None
    v = x * SIXTHS
    if v.denominator != 1 or not 0 <= v <= 60:
        raise ValueError(f"{name} must be a whole number of sixths of a stake from 0 to 10, e.g. 1/3 (got {text!r})")
    return int(v)


def _stake_part(name: str, value: Any) -> str:
    """The rule's text, normalised, once it is known to be a whole number of sixths."""
    text = str(value).strip().lower()
    sixths(name, text)
    return text


def _horse(name: str, value: Any) -> str:
    text = str(value).strip().lower()
    if text != "none":
        sixths(name, text)
    return text


def _prize_sixths(text: str) -> int:
    return sixths("pool_prize", text)


def _horse_sixths(text: str) -> int:
    return NO_HORSE if text == "none" else sixths("horse_price", text)


def _check(r: Any) -> None:
    """The checks that involve two rules at once."""
    hi = PLAYERS[1] if r.pack == 52 else MAX_PLAYERS_32
    if r.players > hi:
        raise ValueError(
            f"{TITLE} needs {PLAYERS[0]} to {hi} players with the {r.pack}-card pack (got {r.players})"
        )  # fmt: skip
    if (r.extended or r.continuous) and r.game != "modern":
        raise ValueError("extended and continuous Commerce are ways of playing the modern game (p. 76)")
    if r.pool and r.game != "old":
        raise ValueError("Pool Commerce is played on the lines of the old game (p. 75): set game=old")
    if r.pool and r.dealer_penalty != "none":
        raise ValueError("the dealer's penalty is a stake; Pool Commerce is played for lives (p. 75)")


RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 70", "number of players: 3 to 10 with 52 cards, 3 to 7 with 32",
             lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule("game", "modern", "pp. 72-74",
             "modern (trade and barter: ready money or barter, first stand ends trading) or old (the widow)",
             choices=("modern", "old")),
        Rule("pack", 52, "p. 70", "52, or 32 (7 to ace of each suit)", choices=(52, 32)),
        Rule("point_rule", "peel", "p. 71; Hoyle",
             "peel: pips of all three cards (ace 11, courts 10); hoyle: best suited two- or three-card total",
             choices=HT.POINT_RULES),
        Rule("combinations", "all", "p. 75",
             "all; no-pair (pairs score as point); no-pair-no-flush (tricon, sequence, point only)",
             choices=HT.COMBINATIONS),
        Rule("barter_left", True, "p. 73; Hoyle", "barter with the left neighbour (false: the right)"),
        Rule("tie", "split", "p. 71, p. 74",
             "split: tied best hands share the pool, odd counter carried / each is paid; eldest: nearest the left",
             choices=("split", "eldest")),
        Rule("max_circuits", 10, "toolkit", "rounds of the table after which trading stops and the hands are shown",
             lo=1, hi=1000),
        Rule("extended", False, "p. 76", "modern game: trading goes on until every player has stood"),
        Rule("continuous", False, "p. 76",
             "modern game: the dealer keeps the deal until someone shows a tricon, sequence or flush"),
        Rule("dealer_penalty", "none", "p. 76",
             "none; all / better: a dealer holding pair or better who is beaten pays every player / "
             "each better hand a stake",
             choices=("none", "all", "better")),
        Rule("pool", False, "p. 75",
             "Pool Commerce: the old game for lives; one deal of the run = one whole pool game, money in sixths"),
        Rule("lives", 3, "p. 75", "Pool Commerce: counters (lives) each player gets for his stake", lo=1, hi=20),
        Rule("pool_prize", "1/6", "p. 75",
             "Pool Commerce: what the winner of each hand takes from the pool, in stakes (a number of sixths)",
             coerce=_stake_part, encode=_prize_sixths),
        Rule("horse_price", "1/3", "p. 75",
             "Pool Commerce: price of the horse the first player out may buy (1/3 or 1/2 stake, or none)",
             coerce=_horse, encode=_horse_sixths),
    ),
    check=_check,
)  # fmt: skip
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
OLD = RULEBOOK.choice("game", "old")
TIE_ELDEST = RULEBOOK.choice("tie", "eldest")
DP_NONE = RULEBOOK.choice("dealer_penalty", "none")
DP_ALL = RULEBOOK.choice("dealer_penalty", "all")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "old": {"game": "old"},
    "pool": {"game": "old", "pool": True},
    "limited": {"combinations": "no-pair"},
    "limited-strict": {"combinations": "no-pair-no-flush"},
    "dealer-penalty-all": {"dealer_penalty": "all"},
    "dealer-penalty-better": {"dealer_penalty": "better"},
    "extended": {"extended": True},
    "continuous": {"continuous": True},
}


def unit(r: Any) -> str:
    """What one counter of a net is worth under these rules."""
    return "sixths of a stake" if r.pool else "stakes"


def deal_word(r: Any) -> str:
    """What one run "deal" is under these rules: a deal, or in Pool Commerce a whole pool game (p. 75)."""
    return "game" if r.pool else "deal"


def dealing(r: Any) -> Dealing:
    """For the bench's floor: three cards to each player, and to the widow in the old game (p. 74); the pack is
    drawn as it is dealt, so only these are shuffled. In Pool Commerce the event ``hands`` counts a game's deals."""
    widow = 1 if r.game == "old" else 0
    return Dealing(r.pack, 3 * (r.players + widow), "hands" if r.pool else None)


def deals_per_session(r: Any, rotations: int) -> int:
    """Deals (in Pool Commerce: whole pool games) per session: ``players * rotations``.

    Under ``continuous`` the deal does not rotate evenly; the session is still this many deals, seat 0 dealing
    first, and roles are taken relative to whoever actually dealt each deal.
    """
    return r.players * rotations
