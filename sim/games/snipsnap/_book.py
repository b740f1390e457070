"""Snip-Snap-Snorum's declarations: rules (each once, with its page), variants, strategies, events, constants.

Everything here is plain Python or a numba-readable constant (ints, named tuples); the kernels in ``_play`` and
``_choose`` read them as compile-time constants.
"""

from __future__ import annotations

from sim.games._common import MAX_SAMPLES
from sim.games._contract import Dealing
from sim.games._rules import Rule, RuleBook, names_index

NAME = "snipsnap"
TITLE = "Snip-Snap-Snorum"
PAGES = "pp. 90-95"
PLAYERS = (2, 10)
# One driver "deal" is one whole game: hands are dealt, the deal passing left, until one player is left with
# counters (or, in first-out, until the first player is rid of his cards). Said in the docs and every trace.
DEAL = "game"

HAND = 5  # cards dealt to each player in the standard game (p. 91)
MAX_COUNTERS = 100  # bounds a game's length (and so its trace); the book's five is the default
MAX_DEALS = 10_000  # a game stopped here is counted (games_capped); no game has come near it
SLOTS = 16  # decks a stacked game may be given, one per shuffle (see _play: the decks of a game)
SHORT_PACK_PLAYERS = 6  # "any number up to six when the smaller pack of thirty-two is used" (p. 91)


def _check(r) -> None:
    if r.pack == 32 and r.players > SHORT_PACK_PLAYERS:
        raise ValueError(f"{TITLE} with the 32-card pack needs 2 to {SHORT_PACK_PLAYERS} players (got {r.players})")
    if r.first_out and not r.whole_pack:
        raise ValueError("first_out varies the whole-pack game (p. 94): set whole_pack=true as well")
    if r.turnup_snip and r.whole_pack:
        raise ValueError("turnup_snip turns up the top card of the undealt pack; whole_pack leaves none undealt")


RULEBOOK = RuleBook(
    "sim.games.snipsnap",
    TITLE,
    (
        Rule(
            "players",
            5,
            "p. 90",
            "number of players: 2 to 10 with the 52-card pack, 2 to 6 with the 32-card pack",
            lo=PLAYERS[0],
            hi=PLAYERS[1],
        ),
        Rule(
            "counters",
            5,
            "p. 91",
            "counters each player starts a game with; a player who has paid his last is out (one 'deal' of a "
            "run is one whole game, to the last player in)",
            lo=1,
            hi=MAX_COUNTERS,
        ),
        Rule("pack", 52, "p. 90", "the pack: 52 cards, or 32 (seven to ace of each suit)", choices=(52, 32)),
        Rule(
            "whole_pack",
            False,
            "p. 93",
            "deal the whole pack; a player plays card after card until the next player can pair him",
        ),
        Rule(
            "first_out",
            False,
            "p. 94",
            "with whole_pack: counters unlimited, each deal a game in itself, won (with the pool) by the first "
            "player rid of his cards",
        ),
        Rule(
            "turnup_snip",
            False,
            "p. 94",
            "the dealer turns up the top card of the undealt pack; if the elder hand pairs it, that Snip is paid "
            "as turnup_payer says",
        ),
        Rule(
            "turnup_payer",
            "pool",
            "p. 94",
            "who pays a turn-up Snip: pool (the elder takes a counter out of the pool: 'a much better way') or "
            "dealer (the dealer pays the Snip into the pool)",
            choices=("pool", "dealer"),
        ),
        Rule(
            "reshuffle",
            True,
            "pp. 91-92",
            "every deal is from a freshly shuffled pack, so an eliminated player's cards (put face down on the "
            "undealt pack, p. 92) are out of play for the rest of that deal; false: the next deal is dealt on "
            "from the undealt pack, those cards first, the pack gathered and shuffled when it runs short",
        ),
        Rule(
            "careless_misses",
            False,
            "p. 93",
            "let the careless strategy fail to pair a card it could: it pays a double penalty and the player it "
            "should have paired pays as though paired",
        ),
        Rule(
            "first_out_deals",
            False,
            "p. 93",
            "the first player out of a game deals the next game, as the book says; false: the first dealer "
            "moves one seat left each game, so every seat has every role equally often",
        ),
    ),  # fmt: skip
    check=_check,
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout
DEALER_PAYS = RULEBOOK.choice("turnup_payer", "dealer")

# The 32-card pack is the rule pack=32, not a variant: a variant is played at every number of players the game
# allows (2-10), and 32 cards serve only six.
VARIANTS: dict[str, dict] = {
    "standard": {},
    "whole-pack": {"whole_pack": True},
    "first-out": {"whole_pack": True, "first_out": True},
    "turnup-snip": {"turnup_snip": True},
}

BOOK, BOOK_NO_PAIRS, LOWEST, RANDOM, CARELESS, ROLLOUT = 0, 1, 2, 3, 4, 5
STRATEGIES: dict[str, int] = {
    "book": BOOK,
    "book-no-pairs": BOOK_NO_PAIRS,
    "lowest": LOWEST,
    "random": RANDOM,
    "careless": CARELESS,
    "rollout": ROLLOUT,
}
DEFAULT_STRATEGY = "book"
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"careless": (0.0, 1.0), "rollout": (1.0, float(MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards seen since the pack was last shuffled; when free to choose, plays one of two "
    "of a kind if it holds any (p. 93), else the card least likely to be paired by the next player: the rank "
    "with fewest cards unseen by it (p. 93); ties to the lowest rank",
    "book-no-pairs": "the same memory, without the two-of-a-kind advice: judges a card's safety by the cards "
    "seen on the table only, not by its own duplicates; ties to the lowest rank",
    "lowest": "plays its lowest card (ace low) when free to choose; remembers nothing",
    "random": "plays a uniformly random card when free to choose (from its own random stream)",
    "careless": "plays its lowest card; with careless_misses it fails to pair a card it could pair (always, "
    "or with chance p as careless:p), playing its lowest other card instead",
    "rollout": "rollout:K (default 8), the strong reference player: when free to choose, plays each rank it holds "
    "out to the end of the deal on K deals of the cards it cannot see (book for every seat after), and plays the "
    "rank that pays least; ties to book's card. Pairs when it can, as everyone must",
}

_ROLES = tuple(f"paid_role{k}" for k in range(10)) + tuple(f"in_role{k}" for k in range(10))
EVENTS: tuple[str, ...] = (
    "deals",  # deals played in the game
    "turns",  # cards played
    "spells",  # runs of cards played by one player in a row (whole-pack); one card each in the standard game
    "snips",  # first pairings (a turn-up Snip included)
    "snaps",
    "snorums",
    "snip_paid",  # counters paid into the pool for Snips (less than called when the payer runs out)
    "snap_paid",
    "snorum_paid",
    "players_out",  # players who paid their last counter
    "first_out_wait",  # deals dealt after the deal in which the first player went out
    "first_out_wait_turns",  # cards played after he went out
    "pool_taken",  # the pool at the end, taken by the winner
    "misses",  # pairings a careless player failed to make (careless_misses)
    "miss_paid",  # counters paid for them: the double penalty
    "turnup_snips",  # turn-ups paired by the elder hand
    "turnup_paid",  # counters paid for them: by the dealer into the pool, or from the pool to the elder
    "free_leads",  # deals whose first card the elder chose freely (not a turn-up pairing)
    "leads_snipped",  # ... and that first card was snipped by the next player
    "pair_choices",  # free choices made holding two or more of a rank
    "pair_played",  # ... in which a card of such a rank was played
    "cleared_in_one_spell",  # first-out: the winner played all his cards in one spell
    "games_capped",  # games stopped at MAX_DEALS (never seen)
    "lead_excess",  # sum over deals and the deal's other players of (elder's penalties - that player's)
    "pair_deals",  # sum over deals of (players in - 1): lead_excess / pair_deals is the elder's excess per deal
) + _ROLES  # paid_role<k>: penalties paid by the player k places left of the deal's dealer (0 the dealer,
# 1 the elder hand), among those in at the deal; in_role<k>: deals in which that place was filled
SESSION_METRICS: tuple[str, ...] = ()
E = names_index(EVENTS)
PAID_ROLE = EVENTS.index("paid_role0")
IN_ROLE = EVENTS.index("in_role0")

POOLS = ("pool",)
POOL = 0
REASONS = ("snip", "snap", "snorum", "miss", "turnup", "pool")
R_MISS, R_TURNUP, R_POOL = 3, 4, 5  # a call k (1 Snip, 2 Snap, 3 Snorum) pays with reason k - 1
CALLS = ("", "snip", "snap", "snorum", "miss")
MISS = 4  # a traced play that failed to pair (careless)

# trace records: one row per event of the game (int64[k, 7]): kind, deal, seat, card, call, payments recorded
# before it (so its payments are those up to the next row's), extra
K_DEAL, K_CARD, K_TURNUP, K_PLAY, K_OUT, K_EMPTY, K_GATHER, K_WIN, K_PASS = range(9)
TR_KIND, TR_DEAL, TR_SEAT, TR_CARD, TR_CALL, TR_PAYS, TR_EXTRA = range(7)
TR_COLUMNS = 7


def dealing(r) -> Dealing:
    """For the bench's floor: the whole pack (``whole_pack``), else five cards to each of the players the game
    starts with and the turn-up: an upper bound, since players who are out are dealt nothing. The event ``deals``
    counts a game's deals."""
    cards = r.pack if r.whole_pack else HAND * r.players + (1 if r.turnup_snip else 0)
    return Dealing(r.pack, cards, "deals")
