"""Cassino's rules, strategies and events, each declared once (Peel, pp. 97-100).

Cards are the toolkit's codes ``suit * 13 + rank`` (rank 0 = ace ... 12 = king; suits C D H S); a set of cards is
a uint64 mask with bit ``code`` set. A numeric card's value is its rank + 1 (ace 1 ... ten 10); knaves, queens
and kings have no value and only pair.
"""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.games._common import MAX_SAMPLES
from sim.games._contract import Dealing
from sim.games._rules import Rule, RuleBook, names_index

NAME = "cassino"
TITLE = "Cassino"
PAGES = "pp. 97-100"
PLAYERS = (2, 4)
DEAL = "game"  # one driver deal is one game to ``target`` points; the event ``deals`` counts its deals

MAX_TARGET = 500
MAX_GAME_DEALS = 100_000  # a guard: a game still undecided after this many deals is cut (event games_cut)


def _check(r) -> None:
    sides = r.players == 2 or (r.players == 4 and r.partnership)
    if r.two_lowest_combine and r.players != 3:
        raise ValueError("two_lowest_combine is a rule for three players (p. 100)")
    if r.two_lowest_combine and r.lowest_scores_nothing:
        raise ValueError("choose one of lowest_scores_nothing and two_lowest_combine, not both")
    if r.lowest_scores_nothing and sides and r.players == 4:
        raise ValueError("lowest_scores_nothing is for independent players: partners score the difference (p. 97)")


RULEBOOK = RuleBook(
    "sim.games.cassino",
    TITLE,
    (
        Rule("players", 4, "p. 97", "number of players, 2 to 4", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule(
            "partnership",
            True,
            "p. 97",
            "with four players, two partnerships sitting opposite who pool their cards and score the difference; "
            "off: each of the four scores for himself (two players always score the difference, three always "
            "for themselves)",
        ),
        Rule(
            "pack",
            52,
            "p. 97",
            "the full pack of 52, or the short pack of 32 (ace, seven to king of each suit)",
            choices=(52, 32),
        ),
        Rule(
            "final_sweep",
            True,
            "p. 99",
            "the last player to capture takes the cards left at the end and scores a sweep for it; off: he takes "
            "them without the point",
        ),
        Rule(
            "lowest_scores_nothing",
            False,
            "p. 97",
            "independent players: the lowest scorer's points are deducted from each player's (so the lowest "
            "scores nothing)",
        ),
        Rule(
            "two_lowest_combine",
            False,
            "p. 100",
            "three players: the two lowest add their points and subtract them from the highest, who alone scores "
            "what is left; nobody scores when they amount to or exceed his",
        ),
        Rule(
            "builds",
            False,
            "(none)",
            "not in Peel; Cassell's Book of Indoor Amusements (1881): building and calling. Instead of capturing "
            "or trailing a player may lay a card on loose table cards so that they add up to the value of "
            "another card he holds (or add such a set to a build of that value); only a card of that value takes "
            "the build, and a builder may not trail while his build lies",
        ),
        Rule(
            "target",
            11,
            "(none)",
            "a game is won by the highest score once it reaches this many points; a tie for the highest plays "
            "another deal (the book names no target)",
            lo=1,
            hi=MAX_TARGET,
        ),
    ),
    check=_check,
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout

VARIANTS: dict[str, dict] = {
    "standard": {},
    "pack32": {"pack": 32},
    "no-final-sweep": {"final_sweep": False},
    "independent": {"partnership": False},
    "lowest-nothing": {"partnership": False, "lowest_scores_nothing": True},
    "builds": {"builds": True},
}

BOOK, GREEDY, LOWEST, RANDOM = 0, 1, 2, 3
ROLLOUT = 9  # the strong reference player (sim.games.cassino.rollout)
STRATEGIES: dict[str, int] = {
    "book": BOOK,
    "greedy": GREEDY,
    "lowest": LOWEST,
    "random": RANDOM,
    "rollout": ROLLOUT,
}
DEFAULT_STRATEGY = "book"
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"rollout": (1.0, float(MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "the book's capture advice (p. 100): secure the Cassinos first, then aces, then spades; then pair a "
    "ten or a two off the table; then take as many cards by combination as it can, pairs last. Trails its least "
    "valuable card, one the others are least able to pair (from the cards it has seen). With builds: builds when "
    "the build secures more Cassino and ace points, or as many and more cards, than its best capture now",
    "greedy": "captures the most cards it can; trails as the book strategy does. With builds: builds when the "
    "build's cards (with the card that will take it) outnumber those of its best capture now",
    "lowest": "plays its lowest card that captures, or its lowest card when none does; never builds",
    "random": "plays a uniformly random card that captures, or any card when none does (its own random stream); "
    "with builds, a uniformly random one of its legal plays, builds included",
    "rollout": "the strong reference player, rollout:K (K = 8 if not given): at each play with a choice, plays "
    "every card it may play (with builds, every build too) out to the end of the deal on K deals of the unseen "
    "cards (the other hands and the stock) consistent with what it has seen, book for everyone after, and makes "
    "the play whose deals score best for its side (ties: book's play)",
}

# Events are by "party": the dealer (or the dealer's side), the elder hand (or his side), then the third and
# fourth independent players in turn from the dealer's left. Per game: summed over the game's deals. Per party:
# Great and Little Cassino and aces taken, the most spades and the most cards won, the count (raw), the points
# scored to the game, and the deals in which the party's last capture took the remainder (rest).
PARTIES = ("dealer", "elder", "2nd", "3rd")
_PER_PARTY = ("great_cassino", "little_cassino", "aces", "spades", "cards", "raw", "scored", "rest")
EVENTS: tuple[str, ...] = (
    "deals",  # deals played in the game (deals per game = its mean)
    "plays",  # cards played from hand
    "captures",  # plays that captured
    "cards_captured",  # table cards taken by captures (not counting the capturing card)
    "trails",  # plays that added a card to the table
    "sweeps",  # captures that cleared the table during play (1 point each)
    "final_sweeps",  # remainders taken at the end scored as a sweep (p. 99)
    "remainders",  # deals that ended with cards left for the last capturer
    "remainder_cards",  # cards he took so
    "untaken",  # cards left on the table because nobody captured in the whole deal
    "spades_ties",  # deals in which the most spades were tied (nobody scores the point)
    "cards_ties",  # deals in which the most cards were tied (nobody scores the 3 points)
    "nobody_scores",  # deals that added nothing to anybody's score under the rules in force
    "negative_scores",  # deals whose balance was below zero (two_lowest_combine: the two lowest exceed the highest)
    "nobody_own",  # three players: deals where nobody would score counting his own points
    "nobody_lowest",  # ... with lowest_scores_nothing
    "nobody_combine",  # ... with two_lowest_combine
    "negative_combine",  # ... where the two lowest would exceed the highest
    "games_cut",  # games stopped undecided after MAX_GAME_DEALS deals (never expected)
    "builds_made",  # plays that built (a new build, or a set added to a build of the same value)
    "builds_taken",  # captures that took a build
    "builds_taken_by_others",  # ... by a player who had not built it (an opponent, or a partner)
) + tuple(f"{what}_{party}" for what in _PER_PARTY for party in PARTIES)
SESSION_METRICS: tuple[str, ...] = ("board_left",)  # minus the points the bank paid out in the session
E = names_index(EVENTS)
# first event of each per-party family (party k at + k)
EV_GREAT, EV_LITTLE, EV_ACES, EV_SPADES, EV_CARDS, EV_RAW, EV_SCORED, EV_REST = (
    EVENTS.index(f"{what}_dealer") for what in _PER_PARTY
)

POOLS = ("bank",)
BANK = 0
REASONS = ("points",)
R_POINTS = 0

# -- card tables ------------------------------------------------------------------------------------------------

GREAT_CASSINO = C.parse_card("10D")
LITTLE_CASSINO = C.parse_card("2S")
TEN, TWO = 9, 1  # ranks


def _mask(codes) -> np.uint64:
    m = 0
    for c in codes:
        m |= 1 << int(c)
    return np.uint64(m)


RANK_MASK = np.array([_mask(C.card(r, s) for s in range(4)) for r in range(13)], dtype=np.uint64)
# BELOW[r]: numeric cards of rank < r (values 1..r), the cards that can make up a sum for a card of rank r
BELOW = np.array([_mask(C.card(q, s) for q in range(min(r, 10)) for s in range(4)) for r in range(14)], dtype=np.uint64)
ACES = RANK_MASK[C.ACE]
SPADES = _mask(C.card(r, C.SPADES) for r in range(13))
GREAT_BIT = np.uint64(1 << GREAT_CASSINO)
LITTLE_BIT = np.uint64(1 << LITTLE_CASSINO)


def _worth(c: int) -> int:
    """What a card counts for in a capture beyond its number: Great Cassino, Little Cassino, an ace, a spade."""
    w = 8 if c == GREAT_CASSINO else 4 if c == LITTLE_CASSINO else 2 if C.rank_of(c) == C.ACE else 0
    return w + (1 if C.suit_of(c) == C.SPADES else 0)


WORTH = np.array([_worth(c) for c in range(52)], dtype=np.int64)  # sums over any table stay below 64
# a card's place for "lowest": by rank, then suit
ORDER = np.array([C.rank_of(c) * 4 + C.suit_of(c) for c in range(52)], dtype=np.int64)


def unit(r) -> str:
    """What one unit of a net is: a point scored to the game."""
    return "points"


def deal_word(r) -> str:
    """One driver deal is a whole game to ``target``."""
    return "game"


def dealing(r) -> Dealing:
    """For the bench's floor: each deal of a game uses the whole pack; the event ``deals`` counts them."""
    return Dealing(r.pack, r.pack, "deals")


BUILD_EVENTS = ("builds_made", "builds_taken", "builds_taken_by_others")
THREE_WAYS = ("nobody_own", "nobody_lowest", "nobody_combine", "negative_combine")


def impossible_events(r) -> frozenset[str]:
    """The EVENTS these rules rule out: parties that do not exist, the three-player counts with other numbers,
    the negative balance without two_lowest_combine, Little Cassino in the 32-card pack, final sweeps and builds
    without their rules."""
    sides = r.players == 2 or (r.players == 4 and r.partnership)
    parties = 2 if sides else r.players
    out = {f"{what}_{party}" for what in _PER_PARTY for party in PARTIES[parties:]}
    if r.players != 3:
        out |= set(THREE_WAYS)
    if not r.two_lowest_combine:
        out.add("negative_scores")
    if r.pack == 32:
        out |= {f"little_cassino_{party}" for party in PARTIES}
    if not r.final_sweep:
        out.add("final_sweeps")
    if not r.builds:
        out |= set(BUILD_EVENTS)
    return frozenset(out)


def pack(r) -> np.ndarray:
    return C.full_pack() if r.pack == 52 else C.short_pack()
