"""Pope Joan's rules, each declared once (sim.games._rules), its variants, strategies, events and the deal's
shape: what the kernels (``play``, ``lead``) read and what the CLI shows."""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim._jit import kernel
from sim.games import _stops as S
from sim.games._rules import MAX_STAKE, Rule, RuleBook, as_int, names_index

NAME = "popejoan"
TITLE = "Pope Joan"
PAGES = "pp. 80-87"
PLAYERS = (3, 8)
DEAL = "deal"

COMPARTMENTS = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game")
POPE, MATRIMONY, INTRIGUE, ACE, KING, QUEEN, KNAVE, GAME = range(8)
DRESS = np.array([6, 2, 2, 1, 1, 1, 1, 0], dtype=np.int64)  # p. 81; the surplus goes on Game


def _spare(name: str, value) -> str:
    """``hand``, ``remainder`` or a whole number of cards set aside (its range depends on the players: ``_check``)."""
    text = str(value).strip().lower()
    if text in ("hand", "remainder"):
        return text
    try:
        return str(as_int(name, text))
    except ValueError:
        raise ValueError("spare must be 'hand', 'remainder' or a number of cards set aside") from None


def _spare_code(value: str) -> int:
    """The kernel's integer for ``spare`` (the deal itself is the dealmap's): -1 hand, -2 remainder, else N."""
    return -1 if value == "hand" else -2 if value == "remainder" else int(value)


def _check(r) -> None:
    """The checks that involve two rules at once."""
    named = int(DRESS[:GAME].sum()) - (3 if r.pools == 5 else 0)
    if r.dressing <= named:
        raise ValueError(f"dressing must be more than the {named} counters the named compartments take")
    spare_cards(r)  # raises on a spare setting that does not fit the players


RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 80", "number of players, 3 to 8", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule("pools", 8, "p. 81, p. 85", "compartments on the board: 8, or 5 for Five-pool Pope", choices=(8, 5)),
        Rule("dressing", 15, "p. 81, p. 85", "counters that dress the board each deal", lo=1, hi=MAX_STAKE),
        Rule(
            "dresser",
            "all",
            "p. 81",
            "who dresses: all (non-dealers x = ceil(dressing/(n+1)) each, dealer 2x) or dealer (alone)",
            choices=("all", "dealer"),
        ),
        Rule(
            "popular",
            False,
            "p. 85",
            "winner takes Game only; penalties and the dealer's single stake go on empty compartments, then Game",
        ),
        Rule("pope_wins_game", False, "p. 85", "9D turned up wins Game for the dealer too, and the deal ends"),
        Rule(
            "spare",
            "hand",
            "p. 81, pp. 85-86",
            "hand (spare hand dealt with the others), remainder (50 // n each, rest aside) or N cards aside",
            coerce=_spare,
            encode=_spare_code,
        ),
        Rule("dealer_sees_spare", False, "p. 86", "the dealer knows the spare hand's cards and plays on them"),
        Rule(
            "pope_stop_filler",
            False,
            "p. 86",
            "after a stop the holder of 9D may play it in lieu of the missing card and go on",
        ),
        Rule(
            "split_chances",
            False,
            "p. 83",
            "Matrimony or Intrigue played by two players is split between them (odd counter stays)",
        ),
        Rule(
            "pope_turnup_cap",
            0,
            "p. 82",
            "most a player pays the dealer for a 9D turn-up (0 = one per card dealt, no cap)",
            lo=0,
            hi=MAX_STAKE,
        ),
        Rule("ace_high", False, "Parlett", "aces rank above kings in each suit's sequence"),
        Rule("lead_lowest", False, "Parlett", "the leader must lead his lowest card of the suit he chooses"),
    ),
    check=_check,
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
DEALER_DRESSES = RULEBOOK.choice("dresser", "dealer")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "five-pool": {"pools": 5, "dressing": 12},
    "popular": {"popular": True},
    "pope-wins": {"pope_wins_game": True},
    "limited-stops": {"spare": "remainder"},
    "dealer-sees-spare": {"dealer_sees_spare": True},
    "pope-stop-filler": {"pope_stop_filler": True},
    "split-chances": {"split_chances": True},
    "pope-cap-4": {"pope_turnup_cap": 4},
    "pope-cap-6": {"pope_turnup_cap": 6},
    "dealer-dresses": {"dresser": "dealer"},
}

HOLD_POPE = 1
NO_STOPS = 4  # book without "known stops played out or led up to" (p. 83): isolates that rule
STRATEGIES: dict[str, int] = {
    "book": S.BOOK,
    "hold-pope": HOLD_POPE,
    "lowest": S.LOWEST,
    "random": S.RANDOM,
    "book-no-stops": NO_STOPS,
    "rollout": S.ROLLOUT,
}
RULE_LEFT_OUT: dict[str, str] = {"book-no-stops": "book"}  # strategies that are another with one rule left out
DEFAULT_STRATEGY = "book"
PLAYS = ("book", "rollout:8")  # claims are measured under the book's advice and the strong player (docs/rollout.md)
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"rollout": (1.0, float(S.MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows its stops; leads 9D and the trump ace at once; plays out known "
    "stops or leads up to them; leads a trump honour early when the board makes it worth 4 or more (pp. 83-84)",
    "hold-pope": "as book, but leads 9D and the trump ace only when it has nothing else",
    "lowest": "leads its lowest card and remembers nothing",
    "random": "leads a uniformly random card (from its own random stream)",
    "book-no-stops": "as book, but does not play out or lead up to its known stops (p. 83's rule left out)",
    "rollout": S.ROLLOUT_HELP + "; also whether to play 9D in lieu of a stop (pope-stop-filler)",
}

EVENTS: tuple[str, ...] = (
    "turnup_pope",  # 9D turned up
    "turnup_honour",  # A, K, Q or J (of trumps, necessarily) turned up
    "pope_played",
    "matrimony_won",
    "intrigue_won",
    "ace_won",  # the trump ace played (its compartment taken, whatever lay on it)
    "king_won",
    "queen_won",
    "knave_won",
    "stops",  # runs ended by a stop
    "plays",  # cards played
    "board_carried",  # counters left on the board after the deal
    "pope_turnup_paid",  # counters the players paid the dealer for a 9D turn-up
    "pope_filled",  # 9D played in lieu of a stop (pope-stop-filler)
    "pope_unplayed",  # 9D still in a hand when the deal ended
    "matrimony_split",
    "intrigue_split",
    "cards_left",  # cards still in the players' hands when the deal ended (plays + cards_left = cards dealt)
    # counters taken from each compartment (by play, turn-up or going out): mean size when won = taken / won
    *(f"{c}_taken" for c in COMPARTMENTS),
    # a named compartment taken with at least twice one deal's dressing on it: "considerably increased" (p. 83)
    *(f"{c}_doubled" for c in COMPARTMENTS[:GAME]),
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)
E = names_index(EVENTS)
TAKEN = E.pope_taken  # + compartment
DOUBLED = E.pope_doubled  # + compartment (named compartments only)

# payment reasons (trace)
REASONS = (
    "dressing", "turnup_pope", "turnup_honour", "pope", "pope_cards", "ace", "king", "queen", "knave",
    "matrimony", "intrigue", "game", "cards", "penalty",
)  # fmt: skip
R_DRESSING, R_TURNUP_POPE, R_TURNUP_HONOUR, R_POPE, R_POPE_CARDS, R_ACE, R_KING, R_QUEEN, R_KNAVE = range(9)
R_MATRIMONY, R_INTRIGUE, R_GAME, R_CARDS, R_PENALTY = 9, 10, 11, 12, 13

NINE_D = C.parse_card("9D")
EIGHT_D = C.parse_card("8D")
PACK = C.pack_without("8D")

# p. 84: five players; the elder hand holds these eight cards and the 7 of hearts is turned up. The book gives only
# the elder hand: the other hands and the spare are stacked to be consistent with its narrative (the four and
# king of clubs in the spare hand, the queen of spades played, Matrimony with the player of the three of clubs).
EXAMPLE_P84 = {
    "players": 5,
    "dealer": 0,
    "hands": {
        0: "6D 6C 9C AD 3D 4D 6H 2S",  # the dealer: the six of diamonds the elder hand leads up to
        1: "5D 7D 4H JH JS KS AC QC",  # the elder hand, as in the book
        2: "2C 9S 7C 10C JD 5H 3S AS",
        3: "3C QH KH 7S 10S 5C 9H 10D",  # plays the three of clubs, then Matrimony and the 7 and 10 of spades
        4: "QS 8S 8C JC KD 8H 4S 6S",
    },
    "spare": "4C KC 3H 10H 9D AH 2D 5S QD 2H",
    "turnup": "7H",
}

# strategy constant: a trump-honour run worth this many counters on the board is led at once (p. 83)
HONOUR_WORTH = 4


def spare_cards(r) -> tuple[list[int], int, int]:
    """(cards per seat from the elder hand, spare cards dealt in the rounds, spare cards dealt after)."""
    n = r.players
    if r.spare == "hand":
        k = 50 // (n + 1)
        return [k] * n, k, 50 - (n + 1) * k  # surplus to the spare hand (p. 81)
    if r.spare == "remainder":
        k = 50 // n
        return [k] * n, 0, 50 - n * k
    aside = int(r.spare)
    if not 0 <= aside <= 50 - n:
        raise ValueError(f"spare: between 0 and {50 - n} cards can be set aside with {n} players")
    base, extra = divmod(50 - aside, n)
    return [base + (1 if j < extra else 0) for j in range(n)], 0, aside


def dealmap(r) -> np.ndarray:
    per_seat, interleaved, rest = spare_cards(r)
    return S.deal_map(r.players, per_seat, interleaved, rest, turnup=True)


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): five-pool has no King, Queen or
    Knave compartment (p. 85); only pope_stop_filler fills a stop with the Pope; only split_chances splits."""
    out = set()
    if r.pools == 5:
        out |= {f"{c}_{what}" for c in ("king", "queen", "knave") for what in ("won", "taken", "doubled")}
    if not r.pope_stop_filler:
        out.add("pope_filled")
    if not r.split_chances:
        out |= {"matrimony_split", "intrigue_split"}
    return frozenset(out)


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, deal table (sim.games._stops.deal_table), position tables)."""
    return RULEBOOK.params(r), S.deal_table(dealmap(r), r.players, len(PACK)), S.position_tables(r.ace_high)


@kernel
def has_compartment(pools, comp):
    """Whether the board has this compartment (five-pool drops King, Queen and Knave, p. 86)."""
    return pools == 8 or not (comp == KING or comp == QUEEN or comp == KNAVE)
