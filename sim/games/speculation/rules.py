"""Speculation's rules, variants, strategies and events: each declared once (sim.games._rules).

Constants the kernels compare with (strategy codes, kinds of sale, trace columns) live here too, so that the
play, the market and the trace read one definition.
"""

from __future__ import annotations

from sim.games._common import MAX_SAMPLES
from sim.games._contract import Dealing
from sim.games._rules import MAX_STAKE, Rule, RuleBook, names_index

NAME = "speculation"
TITLE = "Speculation"
PAGES = "pp. 77-79"
PLAYERS = (2, 10)
DEAL = "deal (an honour turn-up that takes the pool at once is a deal of its own)"
HAND = 3  # cards dealt to each player (p. 77)


def cards_needed(r) -> int:
    """Cards a whole deal takes from the pack: three a hand (and the spare hand), and the trump card."""
    return HAND * (r.players + (1 if r.spare_hand else 0)) + 1


def dealing(r) -> Dealing:
    """For the bench's floor: a deal needs only the hands and the trump card (``cards_needed``) of the pack."""
    return Dealing(r.pack, cards_needed(r))


def _check(r) -> None:
    if cards_needed(r) > r.pack:
        spare = " and a spare hand" if r.spare_hand else ""
        raise ValueError(
            f"the {r.pack}-card pack cannot deal three cards to {r.players} players{spare} and turn a trump card "
            f"({cards_needed(r)} cards)"
        )


RULEBOOK = RuleBook(
    "sim.games.speculation",
    TITLE,
    (
        Rule("players", 4, "p. 77", "number of players, 2 to 10 (as many as the pack can deal)", lo=2, hi=10),
        Rule("pack", 52, "p. 77", "52 cards, or 32 (seven to ace of each suit); ace high", choices=(52, 32)),
        Rule(
            "stakes",
            "2/1",
            "p. 77",
            "paid into the pool each deal, by the dealer / by each other player: 2/1 (the book) or 6/4 (Hoyle)",
            choices=("2/1", "6/4"),
        ),  # fmt: skip
        Rule(
            "honours",
            "akqj",
            "p. 78",
            "turn-ups that take the pool at once and pass the deal: akqj (the book's usual rule), a (aces only), "
            "none (every turn-up is played out)",
            choices=("akqj", "a", "none"),
        ),  # fmt: skip
        Rule(
            "honour_redeal",
            False,
            "p. 78",
            "after an honour turn-up, a fresh deal (instead of the hands kept and the next card of the pack turned)",
        ),  # fmt: skip
        Rule(
            "pool_turnup",
            False,
            "p. 79",
            "the turn-up belongs to the pool and is not sold; if it proves the winner the pool carries",
        ),  # fmt: skip
        Rule(
            "spare_hand",
            False,
            "p. 79",
            "a spare hand is dealt and turned up last; if it holds the winning trump the pool carries",
        ),  # fmt: skip
        Rule(
            "knave_five",
            0,
            "p. 79",
            "counters the owner of a knave or five turned up pays into the pool (0 = no penalty)",
            lo=0,
            hi=MAX_STAKE,
        ),  # fmt: skip
        Rule(
            "continuous_pack",
            False,
            "house rule",
            "not in the book (p. 77 speaks of speculating on the undealt pack): deal on through the pack, shuffling "
            "only when it cannot make a whole deal; every player remembers the cards shown since the shuffle",
        ),  # fmt: skip
    ),
    check=_check,
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
STAKES_HOYLE = RULEBOOK.choice("stakes", "6/4")
HONOURS_AKQJ = RULEBOOK.choice("honours", "akqj")
HONOURS_A = RULEBOOK.choice("honours", "a")

VARIANTS: dict[str, dict] = {
    "standard": {},
    "pool-turnup": {"pool_turnup": True},
    "spare-hand": {"spare_hand": True},
    "knave-five": {"knave_five": 1},
}

SHREWD, NAIVE, GAMBLER, RANDOM, ROLLOUT = 0, 1, 2, 3, 4
STRATEGIES: dict[str, int] = {
    "shrewd": SHREWD,
    "naive": NAIVE,
    "gambler": GAMBLER,
    "random": RANDOM,
    "book": SHREWD,  # the name the CLI and the bench use by default
    "rollout": ROLLOUT,
}
DEFAULT_STRATEGY = "shrewd"
GAMBLER_OVERPAY = 1.0  # gambler's default: a trump is worth (1 + 1.0) times its fair value to him
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"gambler": (0.0, 10.0), "rollout": (1.0, float(MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "shrewd": "values every card exactly from what it can see (cards shown, the trump, cards still unexposed, the "
    "pool; under continuous_pack the cards shown since the shuffle): its chance of winning over the unseen cards "
    "times the pool. Offers whatever it may sell at a reserve above that value; bids below it",
    "naive": "never offers and never bids: the plain game of chance",
    "gambler": "gambler:G (default 1.0). Reckons like shrewd, but a trump - the turn-up, a chief's trump - is worth "
    "(1 + G) times its value to it: bids that for one (so pays over the odds) and will not sell one for less",
    "random": "offers with chance 1/2 at a reserve drawn from 1 to the pool, and bids with chance 1/2 a price drawn "
    "from 1 to the pool (its own random stream)",
    "book": "shrewd (the default name of every game's sensible player)",
    "rollout": "rollout:K (default 8), the strong reference player: at each offer it could make or bid on, plays the "
    "deal out on K deals of the unseen cards (book for every seat after it) with and without the trade a book "
    "counterpart would make, and trades only if that nets more; otherwise prices as book",
}

# the four kinds of sale (p. 78-79)
TURNUP_SALE, CARD_SALE, CHIEF_SALE, HIDDEN_SALE = 0, 1, 2, 3
SALE_KINDS = ("turn-up", "card", "chief", "hidden")

# strengths: 0 = two ... 12 = ace (ace high, p. 77); a card's position in the kernels is suit * 16 + strength
KNAVE, QUEEN, KING, ACE = 9, 10, 11, 12
FIVE = 3
STRENGTH_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

EVENTS: tuple[str, ...] = (
    (
        "honour_turnups",  # turn-ups of an honour (honours rule) that ended the deal at once
        "turnup_pools",  # pools taken by the owner of the turn-up (an honour, or a turn-up never beaten)
        "turnup_pool_counters",  # the counters in them
        "no_trump_shown",  # deals played out in which no card from a hand (or the spare) was a trump
        "offers",  # offers made, of every kind
        "turnup_sales",  # the trump card sold unseen by the dealer (p. 78)
        "turnup_sale_price",
        "card_sales",  # a card sold before its owner exposed it (p. 79)
        "card_sale_price",
        "card_sales_trump",  # of those, cards that proved a higher trump and went to the buyer
        "chief_sales",  # a chief's trump sold (p. 79)
        "chief_sale_price",
        "hidden_sales",  # a chief's unexposed cards sold at the end, together or singly (p. 78)
        "hidden_sale_price",
        "chief_changes",  # the chief's seat changed (a higher trump shown, or the trump sold)
        "exposures",  # cards exposed from the hands in play (the chief's shown at the end included)
        "pools_taken",  # pools taken by a player
        "pool_counters",  # counters in them
        "pools_carried",  # pools left for the next deal (pool-turnup, spare-hand)
        "pool_carried_counters",
        "knave_five_penalties",  # knaves and fives turned up under knave_five
        "penalty_counters",
        "hands_kept",  # deals played with the hands kept after an honour turn-up (p. 78)
        "fresh_packs",  # deals that began with a newly shuffled pack
        "cards_dealt",  # cards taken from the pack this deal (hands, spare hand, trump card)
    )
    + tuple(f"turned_{s}" for s in STRENGTH_NAMES)
    + tuple(f"unbeaten_{s}" for s in STRENGTH_NAMES)
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)  # a pool carried out of the session's last deal
E = names_index(EVENTS)
TURNED = EVENTS.index("turned_2")  # turned_<rank> is TURNED + strength
UNBEATEN = EVENTS.index("unbeaten_2")


def impossible_events(r) -> frozenset[str]:
    """The events these rules rule out (``sim run`` leaves them out of its table)."""
    out: set[str] = set()
    if r.pack == 32:  # seven to ace only
        out |= {f"{e}_{s}" for e in ("turned", "unbeaten") for s in STRENGTH_NAMES[:5]}
    if r.knave_five == 0:
        out |= {"knave_five_penalties", "penalty_counters"}
    if not (r.pool_turnup or r.spare_hand):
        out |= {"pools_carried", "pool_carried_counters"}
    if r.pool_turnup:  # the pool's trump card is never sold, and when it wins the pool stays
        out |= {"turnup_sales", "turnup_sale_price", "turnup_pools", "turnup_pool_counters"}
    if r.honours == "none":
        out |= {"honour_turnups", "hands_kept"}
    if r.honour_redeal:
        out.add("hands_kept")
    return frozenset(out)


POOLS = ("pool",)
POOL = 0
REASONS = ("stake", "sale", "penalty", "pool")
R_STAKE, R_SALE, R_PENALTY, R_POOL = range(4)

# owners that are not seats
POOL_OWNS = -2  # the turn-up under pool_turnup
SPARE_OWNS = -3  # the spare hand's cards

# trace: tr_actions columns and the kinds of row
A_KIND, A_SEAT, A_CARD, A_CARD2, A_CARD3, A_OTHER, A_PRICE, A_BID, A_CHIEF, A_BEST, A_WHAT = range(11)
TR_WIDTH = 11
HAND_ROW, TURNUP_ROW, OFFER_ROW, SALE_ROW, EXPOSE_ROW, REVEAL_ROW, SPARE_SHOWN, END_ROW = range(8)
ROW_KINDS = ("hand", "turn-up", "offer", "sale", "expose", "reveal", "spare", "end")
