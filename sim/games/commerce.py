"""Commerce (Peel, *Round Games with Cards*, 1891, pp. 70-77; docs/commerce.md).

Three cards each; the best combination (Tricon > Sequence > Flush > Pair > Point, p. 71; sim.games._hands) wins.

* The modern game, trade and barter (pp. 72-73; ``game = "modern"``): everyone stakes one counter, the dealer
  two. From the elder hand, round and round, the dealer included, a player stands or makes one trade: ready money
  (a card to the bottom of the stock, a stake to the dealer - the dealer's own trades are free - and the top card
  of the stock) or barter (a card offered face down to his neighbour, who gives one of his own unseen, or stands).
  After a trade he may stand. The first stand ends trading: the best hand takes the pool and a stake from the
  dealer (unless the dealer wins); a stander who is beaten pays a stake to each better hand.
* The old game, the widow (p. 74; ``game = "old"``): three cards lie face up; on his turn a player stands,
  passes (for good) or exchanges one card with them. Two stands: the others who have not passed exchange once
  more, then the hands are shown. No pool: the winner has a stake from every other player.
* Pool Commerce (p. 75; ``pool``): the old game for lives, played to the end (see "Pool Commerce" below).

Randomness (sim.rng). Purpose 0 is the session's deck stream; each deal seeds its own stream from four draws of
it, and each hand of the deal (Pool Commerce deals many) seeds a hand stream from four draws of the deal's. The
hand's pack is shuffled *lazily*, one forward Fisher-Yates step per card as it is dealt or bought from the stock,
so a deal of the modern game draws about 3n random numbers instead of 51; and because every deal (and hand) has
its own stream, deal d of a session gets the same cards under every variant and strategy however many cards
earlier deals drew (common random numbers). Purpose 1 + s is seat s's stream, drawn only by the random strategy.

Money is counted in stakes, except in Pool Commerce where it is counted in **sixths of a stake**, so that the
horse (1/3 or 1/2 of the stake, p. 75) and the winner's prize are whole numbers: a net of -6 there is one stake
(``unit(rules)`` names the unit). A deal's *win* is counted once, for the best hand; of exactly tied best hands
(which share the pool, or are each paid) the one nearest the dealer's left has it.

Kernel layout. Within a hand the players are numbered by *position* from the elder hand (0) to the dealer
(m - 1); ``seat_of[pos]`` maps a position to its seat. Per-thread workspace (``_workspace``)::

    deck     int8[52]        the pack in the order dealt, shuffled lazily (``drawn`` int64[1] cards are settled);
                             in the modern game deck[3m:] is the stock, used as a ring: the top card is
                             deck[3m + top] and the rejected card goes into its place, which is then the bottom
                             (p. 73)
    streams  uint64[3, 4]    random streams: the session's deck stream (purpose 0), the deal's, the hand's
    hands    int64[10, 4]    each position's hand, kept sorted, and in column 3 its colex index (``_put``)
    widow    int64[3]        the old game's face-up hand (p. 74)
    state    int64[10]       ACTIVE / STOOD / PASSED per position
    sr       int64[10]       strength of each position's hand at the show
    seat_of  int64[10]       seat at each position
    lives    int64[10]       Pool Commerce counters per seat
    net      int64[10]       counters won (+) or lost (-) this deal, per seat
    ev       int64[len(EVENTS)]
    won      int64[10]       1 for each seat that won the deal
    pot      int64[1]        the pool: in the modern game the odd counters of a split carry in it to the next deal

Pool Commerce. The driver needs the same number of deals in every session, but a pool game (p. 75) lasts as
long as the lives do. So in Pool Commerce one *deal* of the driver is one whole pool game: every player buys in
(one stake = 6 sixths into the pool, ``lives`` counters each), hands are dealt - the deal passing left among the
players still in - until one player is left, and he takes what is left of the pool. A session is
``players * rotations`` games, the first dealer of game g being seat g % players; roles are relative to the
first dealer of the game, and a "win" is being the last player left. Every game is finished, so no money is left
in limbo and counters are conserved game by game. The events ``hands``, ``first_out_wait``, ``sat_out`` and
the ``game_len_*`` / ``first_out_wait_*`` histograms describe the games' lengths.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange

from sim import cards as C
from sim import rng
from sim._jit import kernel
from sim.games import _hands as HT
from sim.games._common import (
    COL_EVENTS,
    COL_NET_ROLE,
    COL_NET_SEAT,
    COL_WIN_ROLE,
    COL_WIN_SEAT,
    MAX_SEATS,
    row_width,
)

NAME = "commerce"
TITLE = "Commerce"
PAGES = "pp. 70-77"
PLAYERS = (3, 10)

POINT, PAIR, FLUSH, SEQUENCE, TRICON = HT.POINT, HT.PAIR, HT.FLUSH, HT.SEQUENCE, HT.TRICON
SIXTHS = 6  # Pool Commerce counts money in sixths of a stake
MAX_PLAYERS_32 = 7  # "seven with the thirty-two cards" (p. 70)


class Rules(NamedTuple):
    players: int = 4  # any number within the range of the pack (p. 70); the toolkit plays 3 to 10
    game: str = "modern"  # modern: trade and barter (pp. 72-73); old: the widow (p. 74)
    pack: int = 52  # the full pack, or 32 for seven players or fewer (p. 70)
    point_rule: str = "peel"  # peel: pips of all three cards (p. 71); hoyle: best suited total (Hoyle)
    combinations: str = "all"  # all (p. 71); no-pair or no-pair-no-flush: Limited Commerce (p. 75)
    barter_left: bool = True  # barter with the player on the left (p. 73); False: on the right (Hoyle)
    tie: str = "split"  # split: tied best hands share, odd counter carried (docs/commerce.md); eldest: nearest the left
    max_circuits: int = 10  # trading stops after this many rounds of the table (toolkit cap; the book has none)
    extended: bool = False  # trading goes on until every player has stood (p. 76)
    continuous: bool = False  # the deal stays until a Tricon, Sequence or Flush is shown (p. 76)
    dealer_penalty: str = "none"  # all / better: a beaten dealer holding Pair or better pays (p. 76)
    pool: bool = False  # Pool Commerce, the old game for lives (p. 75)
    lives: int = 3  # counters each player receives for his stake in Pool Commerce (p. 75)
    pool_prize: str = "1/6"  # what the winner of a hand takes from the pool, in stakes (p. 75: "previously arranged")
    horse_price: str = "1/3"  # the first player out may buy a counter for 1/3 or 1/2 of the stake (p. 75); none

    def validated(self) -> Rules:
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        r = self._replace(
            players=_as_int("players", self.players),
            game=str(self.game).strip().lower(),
            pack=_as_int("pack", self.pack),
            point_rule=str(self.point_rule).strip().lower(),
            combinations=str(self.combinations).strip().lower(),
            barter_left=_as_bool("barter_left", self.barter_left),
            tie=str(self.tie).strip().lower(),
            max_circuits=_as_int("max_circuits", self.max_circuits),
            extended=_as_bool("extended", self.extended),
            continuous=_as_bool("continuous", self.continuous),
            dealer_penalty=str(self.dealer_penalty).strip().lower(),
            pool=_as_bool("pool", self.pool),
            lives=_as_int("lives", self.lives),
            pool_prize=str(self.pool_prize).strip().lower(),
            horse_price=str(self.horse_price).strip().lower(),
        )
        if r.pack not in (52, 32):
            raise ValueError("pack must be 52 (the full pack) or 32 (seven to ace of each suit, p. 70)")
        lo = PLAYERS[0]
        hi = PLAYERS[1] if r.pack == 52 else MAX_PLAYERS_32
        if not lo <= r.players <= hi:
            raise ValueError(f"Commerce needs {lo} to {hi} players with the {r.pack}-card pack (got {r.players})")
        if r.game not in ("modern", "old"):
            raise ValueError("game must be 'modern' (trade and barter, p. 72) or 'old' (the widow, p. 74)")
        if r.point_rule not in HT.POINT_RULES:
            raise ValueError("point_rule must be 'peel' (all three cards, p. 71) or 'hoyle' (best suited total)")
        if r.combinations not in HT.COMBINATIONS:
            raise ValueError("combinations must be 'all', 'no-pair' or 'no-pair-no-flush' (Limited Commerce, p. 75)")
        if r.tie not in ("split", "eldest"):
            raise ValueError("tie must be 'split' (share the pool) or 'eldest' (the tied hand nearest the left wins)")
        if not 1 <= r.max_circuits <= 1000:
            raise ValueError("max_circuits must be 1 to 1000 rounds of the table")
        if r.dealer_penalty not in ("none", "all", "better"):
            raise ValueError("dealer_penalty must be 'none', 'all' (pays every player) or 'better' (p. 76)")
        if (r.extended or r.continuous) and r.game != "modern":
            raise ValueError("extended and continuous Commerce are ways of playing the modern game (p. 76)")
        if r.pool and r.game != "old":
            raise ValueError("Pool Commerce is played on the lines of the old game (p. 75): set game=old")
        if r.pool and r.dealer_penalty != "none":
            raise ValueError("the dealer's penalty is a stake; Pool Commerce is played for lives (p. 75)")
        if not 1 <= r.lives <= 20:
            raise ValueError("lives must be 1 to 20 counters each (the book gives three, p. 75)")
        sixths("pool_prize", r.pool_prize)
        if r.horse_price != "none":
            sixths("horse_price", r.horse_price)
        return r


def _as_int(name: str, value) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number")
    try:
        f = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a whole number (got {value!r})") from None
    if not math.isfinite(f) or f != int(f):
        raise ValueError(f"{name} must be a whole number (got {value!r})")
    return int(f)


def _as_bool(name: str, value) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be true or false (got {value!r})")


def sixths(name: str, text: str) -> int:
    """A money amount written in stakes ("1/3", "0.5", "1") as a whole number of sixths of a stake."""
    try:
        x = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{name} must be a part of the stake such as 1/3 or 1/2 (got {text!r})") from None
    v = x * SIXTHS
    if v.denominator != 1 or not 0 <= v <= 60:
        raise ValueError(f"{name} must be a whole number of sixths of a stake from 0 to 10, e.g. 1/3 (got {text!r})")
    return int(v)


RULE_PAGES: dict[str, str] = {
    "players": "p. 70",
    "game": "pp. 72-74",
    "pack": "p. 70",
    "point_rule": "p. 71; Hoyle",
    "combinations": "p. 75",
    "barter_left": "p. 73; Hoyle",
    "tie": "p. 71, p. 74",
    "max_circuits": "toolkit",
    "extended": "p. 76",
    "continuous": "p. 76",
    "dealer_penalty": "p. 76",
    "pool": "p. 75",
    "lives": "p. 75",
    "pool_prize": "p. 75",
    "horse_price": "p. 75",
}

RULE_HELP: dict[str, str] = {
    "players": "number of players: 3 to 10 with 52 cards, 3 to 7 with 32",
    "game": "modern (trade and barter: ready money or barter, first stand ends trading) or old (the widow)",
    "pack": "52, or 32 (7 to ace of each suit)",
    "point_rule": "peel: pips of all three cards (ace 11, courts 10); hoyle: best suited two- or three-card total",
    "combinations": "all; no-pair (pairs score as point); no-pair-no-flush (tricon, sequence, point only)",
    "barter_left": "barter with the left neighbour (false: the right)",
    "tie": "split: tied best hands share the pool, odd counter carried / each is paid; eldest: nearest the left",
    "max_circuits": "rounds of the table after which trading stops and the hands are shown",
    "extended": "modern game: trading goes on until every player has stood",
    "continuous": "modern game: the dealer keeps the deal until someone shows a tricon, sequence or flush",
    "dealer_penalty": "none; all / better: a dealer holding pair or better who is beaten pays every player / "
    "each better hand a stake",
    "pool": "Pool Commerce: the old game for lives; one deal of the run = one whole pool game, money in sixths",
    "lives": "Pool Commerce: counters (lives) each player gets for his stake",
    "pool_prize": "Pool Commerce: what the winner of each hand takes from the pool, in stakes (a number of sixths)",
    "horse_price": "Pool Commerce: price of the horse the first player out may buy (1/3 or 1/2 stake, or none)",
}

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

THRESHOLD, GREEDY, STAND, RANDOM = 0, 1, 2, 3
STRATEGIES: dict[str, int] = {
    "threshold": THRESHOLD,
    "greedy": GREEDY,
    "stand": STAND,
    "random": RANDOM,
    "book": THRESHOLD,  # the name the CLI and the bench use by default: the threshold strategy at its default
}
DEFAULT_STRATEGY = "threshold"
DEFAULT_THRESHOLD = 0.6
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"threshold": (0.0, 1.0), "book": (0.0, 1.0)}
STRATEGY_HELP: dict[str, str] = {
    "threshold": "threshold:P (default 0.6). Knows its own hand (and the face-up widow). Stands when its chance of "
    "holding the best hand, estimated as v^(opponents) with v the exact chance of beating one random hand of the "
    "cards it does not hold, reaches P. Otherwise makes the trade with the best expected value (chance of best x "
    "the pool and dealer's stake, less a ready-money stake): ready money or barter, and which card, from "
    "precomputed tables; stands if no trade is expected to gain. Gives its least useful card when bartered with. "
    "Old game: the best exchange with the widow if it improves the hand, else passes. Buys the horse.",
    "greedy": "Knows what threshold knows. Always trades (or exchanges) to the best expected hand and stands only "
    "on a Tricon or Sequence; answers a barter by standing only with one. Old game: passes when no exchange helps.",
    "stand": "Stands at once, and stands when bartered with; never exchanges. Buys the horse.",
    "random": "A uniformly random legal action from its own random stream (stand, 3 ready-money and 3 barter trades; "
    "old game: stand, pass, 9 exchanges); after a trade stands with chance 1/2; buys the horse with chance 1/2.",
    "book": "the threshold strategy (the default name of every game's sensible player)",
}

EVENTS: tuple[str, ...] = (
    "won_by_tricon",  # the best hand shown was a tricon (one count per hand shown down)
    "won_by_sequence",
    "won_by_flush",
    "won_by_pair",
    "won_by_point",
    "dealt_tricon",  # hands dealt to the players (every player's, before trading)
    "dealt_sequence",
    "dealt_flush",
    "dealt_pair",
    "dealt_point",
    "trades",  # ready-money trades
    "barters",  # barters carried out
    "barters_refused",  # barters answered by a stand
    "exchanges",  # old game: exchanges with the widow
    "passes",  # old game
    "stands",
    "circuits",  # rounds of the table begun
    "capped",  # hands shown because max_circuits was reached
    "ties",  # an exact tie for the best hand
    "dealer_won",  # the dealer held the best hand (or a share of it)
    "stander_beaten",  # the player who stood was beaten (modern game)
    "stander_paid",  # counters he paid to the better hands
    "dealer_takings",  # counters paid to the dealer for ready-money trades
    "dealer_stake_paid",  # counters the dealer paid to the winner(s)
    "dealer_penalty_paid",  # counters paid under dealer_penalty (p. 76)
    "pool_carried",  # counters left in the pool after the deal
    "deal_passed",  # continuous: the deal passed to the left
    "hands",  # hands dealt (one a deal; in Pool Commerce, the hands of the game)
    "horses",  # Pool Commerce: horses bought
    "first_out_wait",  # Pool Commerce: hands the first player out sat out
    "sat_out",  # Pool Commerce: player-hands sat out by all players
    "pool_capped",  # Pool Commerce: a game stopped by the safety cap on hands
    "game_len_below_min",  # Pool Commerce: game length in hands minus lives * (players - 1) ...
    "game_len_min",  # ... = 0
    "game_len_min_plus_1",
    "game_len_min_plus_2",
    "game_len_min_plus_3_or_more",
    *(f"first_out_wait_{k}" for k in range(10)),  # Pool Commerce: the first player out sat out k hands
    "first_out_wait_10_or_more",
    "first_out_net",  # Pool Commerce: the first player out's net for the game (sixths), horse bought or not
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)  # counters in the pool at the session's end (odd counters)
ROW = row_width(len(EVENTS), len(SESSION_METRICS))

E_WON, E_DEALT = 0, 5  # + (TRICON - class)
E_TRADES, E_BARTERS, E_BARTERS_REFUSED, E_EXCHANGES, E_PASSES, E_STANDS = 10, 11, 12, 13, 14, 15
E_CIRCUITS, E_CAPPED, E_TIES, E_DEALER_WON = 16, 17, 18, 19
E_STANDER_BEATEN, E_STANDER_PAID, E_DEALER_TAKINGS, E_DEALER_STAKE, E_DEALER_PENALTY = 20, 21, 22, 23, 24
E_POOL_CARRIED, E_DEAL_PASSED, E_HANDS = 25, 26, 27
E_HORSES, E_FIRST_OUT_WAIT, E_SAT_OUT, E_POOL_CAPPED = 28, 29, 30, 31
E_LEN = 32  # 5 buckets
E_WAIT = 37  # 11 buckets
assert EVENTS[E_LEN] == "game_len_below_min" and EVENTS[E_WAIT] == "first_out_wait_0"
E_FIRST_OUT_NET = E_WAIT + 11
assert EVENTS[E_WAIT + 10] == "first_out_wait_10_or_more" and EVENTS[E_FIRST_OUT_NET] == "first_out_net"

ACTIVE, STOOD, PASSED = 0, 1, 2
SESSION, DEAL, HAND = 0, 1, 2  # rows of the streams array: the session's deck stream, the deal's, the hand's
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
POOLSIDE = -1  # the pool's side of a payment
POOL_HAND_CAP = 400  # Pool Commerce: safety stop for a game (each hand but an all-tie costs someone a life)

# payment reasons (trace)
REASONS = (
    "stake", "ready_money", "pool", "dealer_stake", "stander", "dealer_penalty", "winner", "buy_in", "prize",
    "horse", "last_in",
)  # fmt: skip
R_STAKE, R_READY, R_POOL, R_DEALER_STAKE, R_STANDER, R_DEALER_PENALTY, R_WINNER = 0, 1, 2, 3, 4, 5, 6
R_BUY_IN, R_PRIZE, R_HORSE, R_LAST_IN = 7, 8, 9, 10

# action kinds (trace)
KINDS = (
    "stand", "trade", "barter", "barter_refused", "exchange", "pass", "last_exchange", "keep", "horse",
    "loses_counter", "out",
)  # fmt: skip
K_STAND, K_TRADE, K_BARTER, K_BARTER_REFUSED, K_EXCHANGE, K_PASS, K_LAST_EXCHANGE, K_KEEP = range(8)
K_HORSE, K_LOSES, K_OUT = 8, 9, 10

# kernel parameter vector (int64), built by params()
P_PLAYERS, P_OLD, P_PACK, P_BARTER_LEFT, P_TIE_ELDEST, P_MAX_CIRCUITS, P_EXTENDED, P_CONTINUOUS = range(8)
P_DEALER_PENALTY, P_POOL, P_LIVES, P_PRIZE, P_HORSE, P_BUYIN = 8, 9, 10, 11, 12, 13
N_PARAMS = 14
DP_NONE, DP_ALL, DP_BETTER = 0, 1, 2

# trace: per hand, int64[MAX_SEATS + 1, TR_W]; rows by seat: dealt 3, final 3, strength, lives after, class,
# dealt (1/0); the last row: widow dealt 3, widow final 3, dealer, capped, stock top, circuits
TR_W = 10


def params(r: Rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = r.players
    p[P_OLD] = r.game == "old"
    p[P_PACK] = r.pack
    p[P_BARTER_LEFT] = r.barter_left
    p[P_TIE_ELDEST] = r.tie == "eldest"
    p[P_MAX_CIRCUITS] = r.max_circuits
    p[P_EXTENDED] = r.extended
    p[P_CONTINUOUS] = r.continuous
    p[P_DEALER_PENALTY] = {"none": DP_NONE, "all": DP_ALL, "better": DP_BETTER}[r.dealer_penalty]
    p[P_POOL] = r.pool
    p[P_LIVES] = r.lives
    p[P_PRIZE] = sixths("pool_prize", r.pool_prize)
    p[P_HORSE] = -1 if r.horse_price == "none" else sixths("horse_price", r.horse_price)
    p[P_BUYIN] = SIXTHS
    return p


def unit(r: Rules) -> str:
    """What one counter of a net is worth under these rules."""
    return "sixths of a stake" if r.pool else "stakes"


def deal_word(r: Rules) -> str:
    """What one run "deal" is under these rules: a deal, or in Pool Commerce a whole pool game (p. 75)."""
    return "game" if r.pool else "deal"


def deals_per_session(r: Rules, rotations: int) -> int:
    """Deals (in Pool Commerce: whole pool games) per session: ``players * rotations``.

    Under ``continuous`` the deal does not rotate evenly; the session is still this many deals, seat 0 dealing
    first, and roles are taken relative to whoever actually dealt each deal.
    """
    return r.players * rotations


POOL_ONLY = tuple(e for e in EVENTS if e.startswith(("first_out", "game_len"))) + ("horses", "sat_out", "pool_capped")
MODERN_ONLY = ("trades", "barters", "barters_refused", "stander_beaten", "stander_paid", "dealer_takings")


def impossible_events(r: Rules) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): the horse and lives outside Pool
    Commerce, trading and barter in the old game, the widow in the modern one, and the flags' own events."""
    out = set() if r.pool else set(POOL_ONLY)
    out |= set(MODERN_ONLY) if r.game == "old" else {"exchanges", "passes"}
    if not r.continuous:
        out.add("deal_passed")
    if r.dealer_penalty == "none":
        out.add("dealer_penalty_paid")
    return frozenset(out)


# ----------------------------------------------------------------------------------------------------------
# kernel: hands


_C2 = np.array([b * (b - 1) // 2 for b in range(52)], dtype=np.int64)
_C3 = np.array([c * (c - 1) * (c - 2) // 6 for c in range(52)], dtype=np.int64)


@kernel(inline=True)
def _colex(a, b, c):
    """Colex index of a sorted hand a < b < c: a + C(b, 2) + C(c, 3)."""
    return a + _C2[b] + _C3[c]


@kernel(inline=True)
def _hid(hands, p):
    return hands[p, 3]


@kernel(inline=True)
def _hid_with(hands, p, i, x):
    """Index of p's hand with slot i replaced by card x."""
    u = hands[p, 0] if i != 0 else hands[p, 1]
    v = hands[p, 2] if i != 2 else hands[p, 1]
    if x < u:
        return _colex(x, u, v)
    if x < v:
        return _colex(u, x, v)
    return _colex(u, v, x)


@kernel(inline=True)
def _put(hands, p, i, x):
    """Put card x in slot i of p's hand and keep the hand sorted."""
    a = hands[p, 0]
    b = hands[p, 1]
    c = hands[p, 2]
    if i == 0:
        a = x
    elif i == 1:
        b = x
    else:
        c = x
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    hands[p, 0] = a
    hands[p, 1] = b
    hands[p, 2] = c
    hands[p, 3] = _colex(a, b, c)


# ----------------------------------------------------------------------------------------------------------
# kernel: payments and the trace


@kernel(inline=True)
def _pay(frm, to, amount, reason, net, pot, trace_on, tr_pays, tr_count):
    """Move ``amount`` counters between seats or the pool (POOLSIDE)."""
    if amount == 0:
        return
    if frm == POOLSIDE:
        pot[0] -= amount
    else:
        net[frm] -= amount
    if to == POOLSIDE:
        pot[0] += amount
    else:
        net[to] += amount
    if trace_on and tr_count[1] < tr_pays.shape[0]:
        k = tr_count[1]
        tr_pays[k, 0] = frm
        tr_pays[k, 1] = to
        tr_pays[k, 2] = amount
        tr_pays[k, 3] = reason
        tr_count[1] += 1


@kernel(inline=True)
def _act(trace_on, tr_actions, tr_count, hand_no, seat, kind, out_card, in_card, other):
    if trace_on and tr_count[0] < tr_actions.shape[0]:
        k = tr_count[0]
        tr_actions[k, 0] = hand_no
        tr_actions[k, 1] = seat
        tr_actions[k, 2] = kind
        tr_actions[k, 3] = out_card
        tr_actions[k, 4] = in_card
        tr_actions[k, 5] = other
        tr_actions[k, 6] = 0
        tr_count[0] += 1


@kernel
def _rec_dealt(trace_on, tr_hands, tr_count, m, seat_of, hands, widow, old, dealer, lives):
    """Trace: open the record of a new hand (cards dealt)."""
    if not trace_on or tr_count[2] >= tr_hands.shape[0]:
        return
    k = tr_count[2]
    for s in range(MAX_SEATS + 1):
        for c in range(TR_W):
            tr_hands[k, s, c] = -1
    for s in range(MAX_SEATS):
        tr_hands[k, s, 7] = lives[s]
        tr_hands[k, s, 9] = 0
    for j in range(m):
        s = seat_of[j]
        for c in range(3):
            tr_hands[k, s, c] = hands[j, c]
        tr_hands[k, s, 9] = 1
    if old:
        for c in range(3):
            tr_hands[k, MAX_SEATS, c] = widow[c]
    tr_hands[k, MAX_SEATS, 6] = dealer


@kernel
def _rec_shown(
    trace_on, tr_hands, tr_count, tr_actions, m, seat_of, hands, widow, old, sr, klass, capped, top, circuits
):
    """Trace: close the record of a hand (cards shown)."""
    if not trace_on or tr_count[2] >= tr_hands.shape[0]:
        return
    k = tr_count[2]
    for j in range(m):
        s = seat_of[j]
        for c in range(3):
            tr_hands[k, s, 3 + c] = hands[j, c]
        tr_hands[k, s, 6] = sr[j]
        tr_hands[k, s, 8] = klass[_hid(hands, j)]
    if old:
        for c in range(3):
            tr_hands[k, MAX_SEATS, 3 + c] = widow[c]
    tr_hands[k, MAX_SEATS, 7] = capped
    tr_hands[k, MAX_SEATS, 8] = top
    tr_hands[k, MAX_SEATS, 9] = circuits
    tr_count[2] += 1


@kernel(inline=True)
def _end_line(trace_on, tr_actions, tr_count):
    """Trace: the last action recorded ends a hand's line of play."""
    if trace_on and tr_count[0] > 0:
        tr_actions[tr_count[0] - 1, 6] = 1


# ----------------------------------------------------------------------------------------------------------
# kernel: strategies. Each reads only its own hand, the widow (face up) and the public state.


@kernel(inline=True)
def _modern_turn(j, m, pol, thr, hands, klass, value, e_ready, e_barter, can_barter, state):
    """Seat at position j on his turn (modern game): 0 stand, 1 + i ready money for slot i, 4 + i barter slot i."""
    if pol == STAND:
        return 0
    if pol == RANDOM:
        return rng.bounded(state, 7 if can_barter else 4)
    h = _hid(hands, j)
    v = value[h]
    if pol == THRESHOLD and v >= thr:
        return 0
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return 0
    # the best hand collects the pool (m + 1 stakes) and, unless it is the dealer's, a stake from the dealer
    dealer = j == m - 1
    prize = np.float64(m + 1) if dealer else np.float64(m + 2)
    cost = 0.0 if dealer else 1.0
    best = -1e9
    act = 1
    for i in range(3):
        score = e_ready[h, i] * prize - cost
        if score > best:
            best = score
            act = 1 + i
    if can_barter:
        for i in range(3):
            score = e_barter[h, i] * prize
            if score > best:
                best = score
                act = 4 + i
    if pol == THRESHOLD and best <= v * prize:
        return 0  # no trade is expected to gain
    return act


@kernel(inline=True)
def _barter_answer(q, pol, thr, hands, klass, value, e_ready, state):
    """The barter partner at position q: -1 to stand instead (p. 73), else the slot of the card he gives."""
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(state, 4) - 1
    h = _hid(hands, q)
    if pol == THRESHOLD and value[h] >= thr:
        return -1
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return -1
    best = 0
    for i in range(1, 3):
        if e_ready[h, i] > e_ready[h, best]:
            best = i
    return best


@kernel(inline=True)
def _stands_after(j, pol, thr, hands, klass, value, state):
    """Whether the player stands after his trade (p. 73)."""
    if pol == RANDOM:
        return rng.bounded(state, 2) == 1
    if pol == STAND:
        return True
    h = _hid(hands, j)
    if pol == THRESHOLD:
        return value[h] >= thr
    return klass[h] >= SEQUENCE


@kernel(inline=True)
def _best_exchange(j, hands, widow, v1):
    """(v1 of the best hand one exchange with the widow makes, its code 3 * slot + widow card)."""
    best = -1.0
    code = 0
    for i in range(3):
        for w in range(3):
            x = v1[_hid_with(hands, j, i, widow[w])]
            if x > best:
                best = x
                code = 3 * i + w
    return best, code


@kernel(inline=True)
def _old_turn(j, m, pol, thr, hands, widow, klass, v1, state):
    """Old game turn (p. 74): 0 stand, 1 pass, 2 + 3 * slot + widow card to exchange."""
    if pol == STAND:
        return 0
    if pol == RANDOM:
        return rng.bounded(state, 11)
    h = _hid(hands, j)
    if pol == THRESHOLD and v1[h] ** (m - 1) >= thr:
        return 0
    if pol == GREEDY and klass[h] >= SEQUENCE:
        return 0
    best, code = _best_exchange(j, hands, widow, v1)
    if best > v1[h]:
        return 2 + code
    return 1


@kernel(inline=True)
def _old_last(j, pol, hands, widow, v1, state):
    """The one more exchange after two stands (p. 74): -1 to keep, else 3 * slot + widow card."""
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(state, 10) - 1
    best, code = _best_exchange(j, hands, widow, v1)
    if best > v1[_hid(hands, j)]:
        return code
    return -1


@kernel
def _buys_horse(pol, state):
    if pol == RANDOM:
        return rng.bounded(state, 2) == 1
    return True


# ----------------------------------------------------------------------------------------------------------
# kernel: one hand


@kernel(inline=True)
def _deal_hands(deck, streams, drawn, size, m, old, hands, widow, state, klass, ev):
    """Three cards each, one at a time from the elder hand; the widow takes its turn after the dealer (p. 74)."""
    width = m + 1 if old else m
    _draw_to(deck, streams, drawn, 3 * width, size)
    for r in range(3):
        for j in range(m):
            hands[j, r] = deck[r * width + j]
        if old:
            widow[r] = deck[r * width + m]
    for j in range(m):
        _put(hands, j, 0, hands[j, 0])
        state[j] = ACTIVE
        ev[E_DEALT + TRICON - klass[_hid(hands, j)]] += 1


@kernel(inline=True)
def _show(m, hands, strength, klass, sr, ev):
    """Hands shown: fill sr, count the winning class and ties; returns (best strength, first best position)."""
    best = -1
    first = 0
    nb = 0
    for j in range(m):
        s = np.int64(strength[_hid(hands, j)])
        sr[j] = s
        if s > best:
            best = s
            first = j
            nb = 1
        elif s == best:
            nb += 1
    ev[E_WON + TRICON - klass[_hid(hands, first)]] += 1
    if nb > 1:
        ev[E_TIES] += 1
    if sr[m - 1] == best:
        ev[E_DEALER_WON] += 1
    return best, first


@kernel
def _dealer_penalty(prm, m, seat_of, hands, klass, sr, net, pot, ev, trace_on, tr_pays, tr_count):
    """p. 76: a dealer holding Tricon, Sequence, Flush or Pair who is beaten pays every player / each better hand."""
    mode = prm[P_DEALER_PENALTY]
    d = m - 1
    if mode == DP_NONE or klass[_hid(hands, d)] == POINT:
        return
    beaten = False
    for j in range(d):
        if sr[j] > sr[d]:
            beaten = True
    if not beaten:
        return
    for j in range(d):
        if mode == DP_ALL or sr[j] > sr[d]:
            _pay(seat_of[d], seat_of[j], 1, R_DEALER_PENALTY, net, pot, trace_on, tr_pays, tr_count)
            ev[E_DEALER_PENALTY] += 1


@kernel
def _modern_hand(
    prm,
    strength,
    klass,
    value,
    e_ready,
    e_barter,
    deck,
    streams,
    drawn,
    m,
    seat_of,
    policies,
    thr,
    seat_rng,
    hands,
    widow,
    state,
    sr,
    lives,
    net,
    ev,
    pot,
    won,
    hand_no,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    """One deal of trade and barter (pp. 72-73). Returns True when a Tricon, Sequence or Flush was shown (only
    looked for under ``continuous``)."""
    d = m - 1
    dealer = seat_of[d]
    extended = prm[P_EXTENDED] != 0
    step = 1 if prm[P_BARTER_LEFT] != 0 else m - 1
    for j in range(m):  # everyone stakes one counter, the dealer two (p. 72)
        _pay(seat_of[j], POOLSIDE, 2 if j == d else 1, R_STAKE, net, pot, trace_on, tr_pays, tr_count)
    _deal_hands(deck, streams, drawn, prm[P_PACK], m, False, hands, widow, state, klass, ev)
    if trace_on:
        _rec_dealt(trace_on, tr_hands, tr_count, m, seat_of, hands, widow, prm[P_OLD] != 0, dealer, lives)
    base = 3 * m
    length = prm[P_PACK] - base
    top = 0
    stander = -1
    n_stood = 0
    t = 0
    limit = prm[P_MAX_CIRCUITS] * m
    capped = False
    done = False
    while not done:
        if t >= limit:
            capped = True
            break
        j = t % m
        t += 1
        if state[j] == STOOD:  # extended game: standers wait
            continue
        s = seat_of[j]
        q = -1
        if n_stood < m - 1:
            q = (j + step) % m
            while state[q] == STOOD:
                q = (q + step) % m
        act = _modern_turn(j, m, policies[s], thr[s], hands, klass, value, e_ready, e_barter, q >= 0, seat_rng[s])
        if act == 0:
            state[j] = STOOD
            n_stood += 1
            ev[E_STANDS] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_STAND, -1, -1, -1)
            if stander < 0:
                stander = j
            done = not extended or n_stood == m
            continue
        if act <= 3:  # ready money: the card out goes under the stock, the top card comes in (p. 73)
            i = act - 1
            out_card = hands[j, i]
            if base + top >= drawn[0]:
                _draw_to(deck, streams, drawn, base + top + 1, prm[P_PACK])
            in_card = np.int64(deck[base + top])
            deck[base + top] = out_card
            top += 1
            if top == length:
                top = 0
            _put(hands, j, i, in_card)
            ev[E_TRADES] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_TRADE, out_card, in_card, dealer)
            if j != d:  # the dealer trades free
                _pay(s, dealer, 1, R_READY, net, pot, trace_on, tr_pays, tr_count)
                ev[E_DEALER_TAKINGS] += 1
        else:  # barter: a blind swap with the neighbour, unless he stands on his cards (p. 73)
            i = act - 4
            qs = seat_of[q]
            g = _barter_answer(q, policies[qs], thr[qs], hands, klass, value, e_ready, seat_rng[qs])
            if g < 0:
                _act(trace_on, tr_actions, tr_count, hand_no, s, K_BARTER_REFUSED, hands[j, i], -1, qs)
                _act(trace_on, tr_actions, tr_count, hand_no, qs, K_STAND, -1, -1, -1)
                state[q] = STOOD
                n_stood += 1
                ev[E_STANDS] += 1
                ev[E_BARTERS_REFUSED] += 1
                if stander < 0:
                    stander = q
                done = not extended or n_stood == m
                continue
            out_card = hands[j, i]
            in_card = hands[q, g]
            _put(hands, j, i, in_card)
            _put(hands, q, g, out_card)
            ev[E_BARTERS] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_BARTER, out_card, in_card, qs)
        if _stands_after(j, policies[s], thr[s], hands, klass, value, seat_rng[s]):
            state[j] = STOOD
            n_stood += 1
            ev[E_STANDS] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_STAND, -1, -1, -1)
            if stander < 0:
                stander = j
            done = not extended or n_stood == m
    circuits = (t + m - 1) // m
    ev[E_CIRCUITS] += circuits
    if capped:
        ev[E_CAPPED] += 1

    best, first = _show(m, hands, strength, klass, sr, ev)
    eldest = prm[P_TIE_ELDEST] != 0
    k = 0
    for j in range(m):
        if sr[j] == best and (not eldest or j == first):
            k += 1
    share = pot[0] // k  # a split leaves the odd counters in the pool for the next deal
    won[seat_of[first]] = 1  # the win is counted once a deal: of tied hands, the one nearest the dealer's left
    for j in range(m):
        if sr[j] == best and (not eldest or j == first):
            _pay(POOLSIDE, seat_of[j], share, R_POOL, net, pot, trace_on, tr_pays, tr_count)
            if j != d:  # and a stake from the dealer, unless the dealer wins (p. 72)
                _pay(dealer, seat_of[j], 1, R_DEALER_STAKE, net, pot, trace_on, tr_pays, tr_count)
                ev[E_DEALER_STAKE] += 1
    ev[E_POOL_CARRIED] += pot[0]
    if stander >= 0:  # a beaten stander pays each better hand a stake (p. 73)
        beaten = False
        for j in range(m):
            if sr[j] > sr[stander]:
                beaten = True
                _pay(seat_of[stander], seat_of[j], 1, R_STANDER, net, pot, trace_on, tr_pays, tr_count)
                ev[E_STANDER_PAID] += 1
        if beaten:
            ev[E_STANDER_BEATEN] += 1
    if prm[P_DEALER_PENALTY] != DP_NONE:
        _dealer_penalty(prm, m, seat_of, hands, klass, sr, net, pot, ev, trace_on, tr_pays, tr_count)
    if trace_on:
        _draw_to(deck, streams, drawn, prm[P_PACK], prm[P_PACK])  # settle the rest of the stock, for the trace
        _rec_shown(
            trace_on,
            tr_hands,
            tr_count,
            tr_actions,
            m,
            seat_of,
            hands,
            widow,
            prm[P_OLD] != 0,
            sr,
            klass,
            capped,
            top,
            circuits,
        )
    if prm[P_CONTINUOUS] != 0:
        for j in range(m):
            if klass[_hid(hands, j)] >= FLUSH:
                return True
    return False


@kernel
def _old_hand(
    prm,
    strength,
    klass,
    v1,
    deck,
    streams,
    drawn,
    m,
    seat_of,
    policies,
    thr,
    seat_rng,
    hands,
    widow,
    state,
    sr,
    lives,
    net,
    ev,
    pot,
    won,
    hand_no,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    """One hand of the old game (p. 74), shown down; settled here unless it is a Pool Commerce hand.

    Returns (best strength, first best position) for the Pool Commerce settlement.
    """
    d = m - 1
    dealer = seat_of[d]
    _deal_hands(deck, streams, drawn, prm[P_PACK], m, True, hands, widow, state, klass, ev)
    if trace_on:
        _rec_dealt(trace_on, tr_hands, tr_count, m, seat_of, hands, widow, prm[P_OLD] != 0, dealer, lives)
    stands = 0
    active = m
    t = 0
    limit = prm[P_MAX_CIRCUITS] * m
    capped = False
    second = -1
    while active > 0:
        if t >= limit:
            capped = True
            break
        j = t % m
        t += 1
        if state[j] != ACTIVE:
            continue
        s = seat_of[j]
        a = _old_turn(j, m, policies[s], thr[s], hands, widow, klass, v1, seat_rng[s])
        if a == 0:
            state[j] = STOOD
            stands += 1
            active -= 1
            ev[E_STANDS] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_STAND, -1, -1, -1)
            if stands == 2:
                second = j
                break
        elif a == 1:
            state[j] = PASSED
            active -= 1
            ev[E_PASSES] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_PASS, -1, -1, -1)
        else:
            i = (a - 2) // 3
            w = (a - 2) % 3
            out_card = hands[j, i]
            in_card = widow[w]
            widow[w] = out_card
            _put(hands, j, i, in_card)
            ev[E_EXCHANGES] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_EXCHANGE, out_card, in_card, -1)
    circuits = (t + m - 1) // m
    ev[E_CIRCUITS] += circuits
    if capped:
        ev[E_CAPPED] += 1
    if second >= 0:  # two have stood: one more exchange for each who has not passed (p. 74)
        for k in range(1, m):
            j = (second + k) % m
            if state[j] != ACTIVE:
                continue
            s = seat_of[j]
            a = _old_last(j, policies[s], hands, widow, v1, seat_rng[s])
            if a < 0:
                _act(trace_on, tr_actions, tr_count, hand_no, s, K_KEEP, -1, -1, -1)
                continue
            i = a // 3
            w = a % 3
            out_card = hands[j, i]
            in_card = widow[w]
            widow[w] = out_card
            _put(hands, j, i, in_card)
            ev[E_EXCHANGES] += 1
            _act(trace_on, tr_actions, tr_count, hand_no, s, K_LAST_EXCHANGE, out_card, in_card, -1)

    best, first = _show(m, hands, strength, klass, sr, ev)
    if prm[P_POOL] == 0:
        # no pool: each winner receives a stake from every other player (p. 74)
        eldest = prm[P_TIE_ELDEST] != 0
        won[seat_of[first]] = 1  # counted once a deal, as in the modern game
        for j in range(m):
            if sr[j] != best or (eldest and j != first):
                continue
            for q in range(m):
                if sr[q] != best or (eldest and q != first):
                    _pay(seat_of[q], seat_of[j], 1, R_WINNER, net, pot, trace_on, tr_pays, tr_count)
        if prm[P_DEALER_PENALTY] != DP_NONE:
            _dealer_penalty(prm, m, seat_of, hands, klass, sr, net, pot, ev, trace_on, tr_pays, tr_count)
    if trace_on:
        _rec_shown(
            trace_on,
            tr_hands,
            tr_count,
            tr_actions,
            m,
            seat_of,
            hands,
            widow,
            prm[P_OLD] != 0,
            sr,
            klass,
            capped,
            np.int64(-1),
            circuits,
        )
    return best, first


@kernel
def _pool_game(
    prm,
    pack,
    strength,
    klass,
    v1,
    deck,
    streams,
    drawn,
    stacked,
    first_dealer,
    policies,
    thr,
    seat_rng,
    hands,
    widow,
    state,
    sr,
    seat_of,
    lives,
    net,
    ev,
    pot,
    won,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    """A whole game of Pool Commerce (p. 75), money in sixths of a stake."""
    n = prm[P_PLAYERS]
    eldest = prm[P_TIE_ELDEST] != 0
    for s in range(n):
        lives[s] = prm[P_LIVES]
        _pay(s, POOLSIDE, prm[P_BUYIN], R_BUY_IN, net, pot, trace_on, tr_pays, tr_count)
    dealer = first_dealer
    first_out = -1
    wait = 0
    played = np.int64(0)  # not literals: one compiled specialisation of _old_hand
    in_game = n
    while in_game > 1:
        if played >= POOL_HAND_CAP:
            ev[E_POOL_CAPPED] += 1
            break
        for s in range(n):
            if lives[s] == 0:
                ev[E_SAT_OUT] += 1
                if s == first_out:
                    wait += 1
        m = np.int64(0)
        for k in range(1, n + 1):  # the players still in, from the dealer's left round to the dealer
            s = (dealer + k) % n
            if lives[s] > 0:
                seat_of[m] = s
                m += 1
        if not (stacked and played == 0):
            _new_deck(deck, streams, pack, drawn)
        best, first = _old_hand(
            prm,
            strength,
            klass,
            v1,
            deck,
            streams,
            drawn,
            m,
            seat_of,
            policies,
            thr,
            seat_rng,
            hands,
            widow,
            state,
            sr,
            lives,
            net,
            ev,
            pot,
            won,
            played,
            trace_on,
            tr_actions,
            tr_pays,
            tr_count,
            tr_hands,
        )
        played += 1
        # the winner takes the arranged sum from the pool (p. 75); each tied winner likewise while it lasts
        for j in range(m):
            if sr[j] == best and (not eldest or j == first):
                amount = min(prm[P_PRIZE], pot[0])
                _pay(POOLSIDE, seat_of[j], amount, R_PRIZE, net, pot, trace_on, tr_pays, tr_count)
        # the worst hand puts a counter in the pool; tied worst hands each do, unless every hand ties
        worst = sr[0]
        last = 0
        nw = 0
        for j in range(m):
            if sr[j] < worst:
                worst = sr[j]
                nw = 0
            if sr[j] == worst:
                last = j
                nw += 1
        if nw == m and not eldest:
            nw = 0
        for j in range(m):
            if nw == 0 or sr[j] != worst or (eldest and j != last):
                continue
            s = seat_of[j]
            lives[s] -= 1
            _act(trace_on, tr_actions, tr_count, played - 1, s, K_LOSES, -1, -1, -1)
            if lives[s] > 0:
                continue
            in_game -= 1
            if first_out < 0:
                first_out = s
                if prm[P_HORSE] >= 0 and _buys_horse(policies[s], seat_rng[s]):
                    # the first out may buy a horse: one counter from the pool (p. 75)
                    _pay(s, POOLSIDE, prm[P_HORSE], R_HORSE, net, pot, trace_on, tr_pays, tr_count)
                    lives[s] = 1
                    in_game += 1
                    ev[E_HORSES] += 1
                    _act(trace_on, tr_actions, tr_count, played - 1, s, K_HORSE, -1, -1, -1)
                    continue
            _act(trace_on, tr_actions, tr_count, played - 1, s, K_OUT, -1, -1, -1)
        if trace_on and tr_count[2] > 0:
            for s in range(n):
                tr_hands[tr_count[2] - 1, s, 7] = lives[s]
            _end_line(trace_on, tr_actions, tr_count)
        k = 1
        while lives[(dealer + k) % n] == 0 and k < n:  # the deal passes left among those still in
            k += 1
        dealer = (dealer + k) % n
    # the last player with counters takes what is left in the pool (p. 75); after the safety cap, the player
    # with most counters nearest the first dealer's left does
    last_in = -1
    for k in range(1, n + 1):
        s = (first_dealer + k) % n
        if lives[s] > 0 and (last_in < 0 or lives[s] > lives[last_in]):
            last_in = s
    if last_in >= 0:
        won[last_in] = 1
        _pay(POOLSIDE, last_in, pot[0], R_LAST_IN, net, pot, trace_on, tr_pays, tr_count)
    ev[E_HANDS] += played
    ev[E_FIRST_OUT_WAIT] += wait
    excess = played - prm[P_LIVES] * (n - 1)
    if excess < 0:
        ev[E_LEN] += 1
    else:
        ev[E_LEN + 1 + min(excess, 3)] += 1
    if first_out >= 0:
        ev[E_WAIT + min(wait, 10)] += 1
        # paired with the same games under horse_price=none, this is what buying the horse is worth to him
        ev[E_FIRST_OUT_NET] += net[first_out]


@kernel(inline=True)
def _reseed(dst, src):
    """Seed stream ``dst`` (uint64[4]) with four draws of stream ``src``."""
    for i in range(4):
        dst[i] = rng.next_u64(src)
    if dst[0] == 0 and dst[1] == 0 and dst[2] == 0 and dst[3] == 0:  # pragma: no cover - probability 2**-256
        dst[0] = _GOLDEN


@kernel(inline=True)
def _new_deck(deck, streams, pack, drawn):
    """A fresh pack for the next hand, nothing drawn yet; its order comes from a new hand stream."""
    for j in range(pack.shape[0]):
        deck[j] = pack[j]
    _reseed(streams[HAND], streams[DEAL])
    drawn[0] = 0


@kernel(inline=True)
def _draw_to(deck, streams, drawn, upto, size):
    """Shuffle lazily: forward Fisher-Yates steps until deck[:upto] is settled (the cards dealt so far)."""
    i = drawn[0]
    state = streams[HAND]
    while i < upto:
        j = i + rng.bounded(state, size - i)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
        i += 1
    if i > drawn[0]:
        drawn[0] = i


@kernel
def play_deal(
    prm,
    pack,
    strength,
    klass,
    v1,
    value,
    e_ready,
    e_barter,
    deck,
    streams,
    drawn,
    stacked,
    dealer,
    policies,
    thr,
    seat_rng,
    pot,
    net,
    ev,
    won,
    hands,
    widow,
    state,
    sr,
    seat_of,
    lives,
    trace_on,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    """Play one deal (in Pool Commerce one whole game) with ``dealer`` dealing; returns the next deal's dealer.

    ``streams`` (uint64[3, 4]) holds the session's deck stream (purpose 0), this deal's stream (four draws of
    the session's) and the current hand's (four draws of the deal's), so a deal's cards depend only on (seed,
    session, deal) however many cards earlier deals drew. The deck (int8[52]) is shuffled lazily, forward
    Fisher-Yates steps as cards are dealt or bought (``drawn`` int64[1] counts the settled cards), unless
    ``stacked``, when ``deck`` already holds the cards in the order dealt (in Pool Commerce, for the first hand).
    ``pot`` (int64[1]) is carried in and out; ``net`` and ``won`` are zeroed and filled; the deal's events are
    *added* to ``ev`` (the caller zeroes it). ``thr`` (float64[10]) is each seat's threshold. When
    ``trace_on`` actions (hand, seat, kind, card out, card in, other seat, last of hand), payments (from, to,
    amount, reason) and hands (see TR_W) are recorded and counted in ``tr_count`` (int64[3]).
    """
    n = prm[P_PLAYERS]
    for s in range(n):
        net[s] = 0
        won[s] = 0
    _reseed(streams[DEAL], streams[SESSION])
    if stacked:
        drawn[0] = pack.shape[0]
    if prm[P_POOL] != 0:
        _pool_game(
            prm,
            pack,
            strength,
            klass,
            v1,
            deck,
            streams,
            drawn,
            stacked,
            dealer,
            policies,
            thr,
            seat_rng,
            hands,
            widow,
            state,
            sr,
            seat_of,
            lives,
            net,
            ev,
            pot,
            won,
            trace_on,
            tr_actions,
            tr_pays,
            tr_count,
            tr_hands,
        )
        return (dealer + 1) % n
    if not stacked:
        _new_deck(deck, streams, pack, drawn)
    for j in range(n):
        seat_of[j] = (dealer + 1 + j) % n
    ev[E_HANDS] += 1
    first_hand = np.int64(0)  # not a literal: one compiled specialisation of each hand function
    if prm[P_OLD] != 0:
        _old_hand(
            prm,
            strength,
            klass,
            v1,
            deck,
            streams,
            drawn,
            n,
            seat_of,
            policies,
            thr,
            seat_rng,
            hands,
            widow,
            state,
            sr,
            lives,
            net,
            ev,
            pot,
            won,
            first_hand,
            trace_on,
            tr_actions,
            tr_pays,
            tr_count,
            tr_hands,
        )
        _end_line(trace_on, tr_actions, tr_count)
        return (dealer + 1) % n
    shown = _modern_hand(
        prm,
        strength,
        klass,
        value,
        e_ready,
        e_barter,
        deck,
        streams,
        drawn,
        n,
        seat_of,
        policies,
        thr,
        seat_rng,
        hands,
        widow,
        state,
        sr,
        lives,
        net,
        ev,
        pot,
        won,
        first_hand,
        trace_on,
        tr_actions,
        tr_pays,
        tr_count,
        tr_hands,
    )
    _end_line(trace_on, tr_actions, tr_count)
    if prm[P_CONTINUOUS] != 0 and not shown:
        return dealer  # the deal stays until a Tricon, Sequence or Flush is shown (p. 76)
    if prm[P_CONTINUOUS] != 0:
        ev[E_DEAL_PASSED] += 1
    return (dealer + 1) % n


# ----------------------------------------------------------------------------------------------------------
# sessions


@njit(cache=True)
def _workspace():
    """Per-thread arrays (allocated once per block of sessions, never per deal)."""
    deck = np.empty(52, dtype=np.int8)
    streams = np.empty((3, 4), dtype=np.uint64)
    drawn = np.zeros(1, dtype=np.int64)
    seat_rng = np.empty((MAX_SEATS, 4), dtype=np.uint64)
    hands = np.zeros((MAX_SEATS, 4), dtype=np.int64)
    widow = np.zeros(3, dtype=np.int64)
    state = np.zeros(MAX_SEATS, dtype=np.int64)
    sr = np.zeros(MAX_SEATS, dtype=np.int64)
    seat_of = np.zeros(MAX_SEATS, dtype=np.int64)
    lives = np.zeros(MAX_SEATS, dtype=np.int64)
    net = np.zeros(MAX_SEATS, dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    ev = np.zeros(len(EVENTS), dtype=np.int64)
    pot = np.zeros(1, dtype=np.int64)
    return deck, streams, drawn, seat_rng, hands, widow, state, sr, seat_of, lives, net, won, ev, pot


@njit(cache=True)
def _thresholds(policy_params):
    thr = np.full(MAX_SEATS, DEFAULT_THRESHOLD)
    for s in range(policy_params.shape[0]):
        if not np.isnan(policy_params[s]):
            thr[s] = policy_params[s]
    return thr


@kernel
def _seed_session(streams, seat_rng, seed, session, n, policies):
    rng.seed_stream(streams[SESSION], seed, session, 0)
    for s in range(n):
        if policies[s] == RANDOM:  # the only strategy that draws (its stream is untouched by the others)
            rng.seed_stream(seat_rng[s], seed, session, 1 + s)


@kernel
def _play_session(
    prm,
    pack,
    strength,
    klass,
    v1,
    value,
    e_ready,
    e_barter,
    policies,
    thr,
    seed,
    session,
    deals_per_session,
    row,
    deck,
    streams,
    drawn,
    seat_rng,
    hands,
    widow,
    state,
    sr,
    seat_of,
    lives,
    net,
    won,
    ev,
    pot,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    n = prm[P_PLAYERS]
    off = row.shape[0] < 0  # False, typed as a run-time bool (a literal False would compile play_deal twice)
    _seed_session(streams, seat_rng, seed, session, n, policies)
    pot[0] = 0
    for j in range(row.shape[0]):
        row[j] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    dealer = 0
    for d in range(deals_per_session):
        if prm[P_CONTINUOUS] == 0:
            dealer = d % n
        nxt = play_deal(
            prm,
            pack,
            strength,
            klass,
            v1,
            value,
            e_ready,
            e_barter,
            deck,
            streams,
            drawn,
            off,
            dealer,
            policies,
            thr,
            seat_rng,
            pot,
            net,
            ev,
            won,
            hands,
            widow,
            state,
            sr,
            seat_of,
            lives,
            off,
            tr_actions,
            tr_pays,
            tr_count,
            tr_hands,
        )
        for s in range(n):
            role = (s - dealer + n) % n
            row[COL_NET_SEAT + s] += net[s]
            row[COL_NET_ROLE + role] += net[s]
            if won[s] != 0:
                row[COL_WIN_SEAT + s] += 1
                row[COL_WIN_ROLE + role] += 1
        dealer = nxt
    for e in range(len(EVENTS)):
        row[COL_EVENTS + e] = ev[e]
    row[COL_EVENTS + len(EVENTS)] = pot[0]


@njit(parallel=True, cache=True)
def play_sessions(
    prm,
    pack,
    strength,
    klass,
    v1,
    value,
    e_ready,
    e_barter,
    policies,
    policy_params,
    seed,
    first_session,
    deals_per_session,
    rows,
):
    """Play sessions ``first_session .. first_session + rows.shape[0]`` and write one row each.

    ``rows`` is int64[sessions, ROW] (layout in sim.games._common); ``policies`` int64[n] per seat and
    ``policy_params`` float64[n] (the threshold strategy's parameter, NaN = its default). The tables come from
    ``kernel_args``: pack int8, strength int32[22100], klass int8[22100], v1 float64[22100], value
    float32[22100], e_ready / e_barter float32[22100, 3]. A session is ``deals_per_session`` deals, seat 0
    dealing first and the pool (odd counters of a split) carried between its deals. Each session's numbers
    depend only on (seed, session index), so any split of the work gives the same rows.
    """
    n_sessions = rows.shape[0]
    n_blocks = min(n_sessions, 64)
    thr = _thresholds(policy_params)
    for blk in prange(n_blocks):
        deck, streams, drawn, seat_rng, hands, widow, state, sr, seat_of, lives, net, won, ev, pot = _workspace()
        tr_actions = np.zeros((1, 7), dtype=np.int64)
        tr_pays = np.zeros((1, 4), dtype=np.int64)
        tr_count = np.zeros(3, dtype=np.int64)
        tr_hands = np.zeros((1, MAX_SEATS + 1, TR_W), dtype=np.int64)
        lo = (blk * n_sessions) // n_blocks
        hi = ((blk + 1) * n_sessions) // n_blocks
        for i in range(lo, hi):
            _play_session(
                prm,
                pack,
                strength,
                klass,
                v1,
                value,
                e_ready,
                e_barter,
                policies,
                thr,
                seed,
                first_session + i,
                deals_per_session,
                rows[i],
                deck,
                streams,
                drawn,
                seat_rng,
                hands,
                widow,
                state,
                sr,
                seat_of,
                lives,
                net,
                won,
                ev,
                pot,
                tr_actions,
                tr_pays,
                tr_count,
                tr_hands,
            )


@njit(cache=True)
def shuffle_only(prm, pack, strength, klass, v1, value, e_ready, e_barter, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: shuffle and deal three cards to each player (and the widow) ``n_deals`` times,
    exactly as the game does (a new deal stream, a new hand stream, the cards dealt drawn), no play."""
    deck, streams, drawn, seat_rng, hands, widow, state, sr, seat_of, lives, net, won, ev, pot = _workspace()
    n = prm[P_PLAYERS]
    old = prm[P_OLD] != 0
    acc = 0
    rng.seed_stream(streams[SESSION], seed, first_session, 0)
    for _ in range(n_deals):
        _reseed(streams[DEAL], streams[SESSION])
        _new_deck(deck, streams, pack, drawn)
        _deal_hands(deck, streams, drawn, prm[P_PACK], n, old, hands, widow, state, klass, ev)
        acc += hands[0, 0]
    out[0] = acc


@njit(cache=True)
def trace_deal(
    prm,
    pack,
    strength,
    klass,
    v1,
    value,
    e_ready,
    e_barter,
    policies,
    policy_params,
    seed,
    session,
    deal_in_session,
    deck_in,
    dealer_in,
    pot,
    deck_out,
    deck_after,
    net,
    ev,
    won,
    lives,
    history,
    tr_actions,
    tr_pays,
    tr_count,
    tr_hands,
):
    """Replay one deal exactly as ``play_sessions`` plays it, recording every action and payment.

    With an empty ``deck_in``, deals 0 .. deal_in_session-1 of ``session`` are played silently first (so the
    pool, the dealer and the strategies' random streams are as they were in the run) and deal
    ``deal_in_session`` is traced; ``history`` (int64[deal_in_session + 1, MAX_SEATS + 3]) receives every deal's
    net per seat, the pool before and after it and its dealer. With a stacked ``deck_in`` that deck is played
    with ``dealer_in`` dealing on the given ``pot``. Returns the dealer of the traced deal; ``deck_out``
    receives the deck as dealt (the first hand's, in Pool Commerce) and ``deck_after`` the deck array after play
    (the stock, in the modern game).
    """
    n = prm[P_PLAYERS]
    deck, streams, drawn, seat_rng, hands, widow, state, sr, seat_of, _, _, _, _, _ = _workspace()
    thr = _thresholds(policy_params)
    _seed_session(streams, seat_rng, seed, session, n, policies)
    no_count = np.zeros(3, dtype=np.int64)
    off = deck_in.shape[0] < 0  # run-time False (see _play_session)
    dealer = dealer_in
    stacked = deck_in.shape[0] > 0
    if not stacked:
        dealer = 0
        for d in range(deal_in_session):
            if prm[P_CONTINUOUS] == 0:
                dealer = d % n
            before = pot[0]
            nxt = play_deal(
                prm,
                pack,
                strength,
                klass,
                v1,
                value,
                e_ready,
                e_barter,
                deck,
                streams,
                drawn,
                off,
                dealer,
                policies,
                thr,
                seat_rng,
                pot,
                net,
                ev,
                won,
                hands,
                widow,
                state,
                sr,
                seat_of,
                lives,
                off,
                tr_actions,
                tr_pays,
                no_count,
                tr_hands,
            )
            for s in range(MAX_SEATS):
                history[d, s] = net[s]
            history[d, MAX_SEATS] = before
            history[d, MAX_SEATS + 1] = pot[0]
            history[d, MAX_SEATS + 2] = dealer
            dealer = nxt
        if prm[P_CONTINUOUS] == 0:
            dealer = deal_in_session % n
    else:
        for j in range(deck_in.shape[0]):
            deck[j] = deck_in[j]
    if not stacked:
        # the deck of the traced deal's first hand, whole: the same streams, run on copies
        peek = streams.copy()
        _reseed(peek[DEAL], peek[SESSION])
        for j in range(pack.shape[0]):
            deck_out[j] = pack[j]
        _reseed(peek[HAND], peek[DEAL])
        settled = np.zeros(1, dtype=np.int64)
        _draw_to(deck_out, peek, settled, pack.shape[0], pack.shape[0])
    else:
        for j in range(pack.shape[0]):
            deck_out[j] = deck[j]
    tr_count[0] = 0
    tr_count[1] = 0
    tr_count[2] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    before = pot[0]
    play_deal(
        prm,
        pack,
        strength,
        klass,
        v1,
        value,
        e_ready,
        e_barter,
        deck,
        streams,
        drawn,
        stacked,
        dealer,
        policies,
        thr,
        seat_rng,
        pot,
        net,
        ev,
        won,
        hands,
        widow,
        state,
        sr,
        seat_of,
        lives,
        not off,
        tr_actions,
        tr_pays,
        tr_count,
        tr_hands,
    )
    d = deal_in_session if not stacked else 0
    if d < history.shape[0]:
        for s in range(MAX_SEATS):
            history[d, s] = net[s]
        history[d, MAX_SEATS] = before
        history[d, MAX_SEATS + 1] = pot[0]
        history[d, MAX_SEATS + 2] = dealer
    for j in range(52):
        deck_after[j] = deck[j]
    return dealer


# ----------------------------------------------------------------------------------------------------------
# the Python side: what the driver and the CLI call


def kernel_args(r: Rules) -> tuple:
    """The arguments ``play_sessions`` takes before the policies (cached tables; see sim.games._hands).

    (params int64, pack int8, strength int32, klass int8, v1 float64, value float32, e_ready float32[., 3],
    e_barter float32[., 3]); ``value`` and the expectation tables assume ``players - 1`` opponents.
    """
    r = r.validated()
    strength, klass, _, _ = HT.hand_tables(r.pack, r.point_rule, r.combinations)
    v1, value, e_ready, e_barter = HT.strategy_tables(r.pack, r.point_rule, r.combinations, r.players - 1)
    return params(r), HT.pack_cards(r.pack), strength, klass, v1, value, e_ready, e_barter


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the whole 52- or 32-card pack, each card once, in the order dealt."""
    deck = C.parse(text)
    cards = deck.tolist()
    seen = set(cards)
    if len(seen) != len(cards):
        dup = sorted({c for c in cards if cards.count(c) > 1})
        raise ValueError(f"--deck: {C.format(dup)} given more than once")
    for pack in (52, 32):
        full = set(HT.pack_cards(pack).tolist())
        if seen == full:
            return deck
    short = set(HT.pack_cards(32).tolist())
    if seen <= short:
        missing = sorted(short - seen)
        raise ValueError(
            f"--deck must be the whole pack, 52 or 32 cards (got {len(cards)}; 32-card pack missing "
            f"{C.format(missing)})"
        )
    missing = sorted(set(range(52)) - seen)
    raise ValueError(f"--deck must be the whole pack, 52 or 32 cards (got {len(cards)}; missing {C.format(missing)})")


def deck_from_hands(r: Rules, dealer: int, hands: dict[int, str], widow: str = "", stock: str = "") -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (and the old game's widow ``widow``), the stock
    (modern game) starting with ``stock``; the rest of the pack follows in card order."""
    r = r.validated()
    n = r.players
    old = r.game == "old"
    width = n + 1 if old else n
    queues = {s: C.parse(t).tolist() for s, t in hands.items()}
    order: list[int] = [0] * (3 * width)
    for rnd in range(3):
        for j in range(n):
            seat = (dealer + 1 + j) % n
            q = queues.get(seat)
            if not q:
                raise ValueError(f"seat {seat} needs three cards")
            order[rnd * width + j] = q.pop(0)
        if old:
            w = C.parse(widow).tolist()
            if len(w) != 3:
                raise ValueError("the widow needs three cards")
            order[rnd * width + n] = w[rnd]
    if any(queues.values()):
        raise ValueError("each seat takes exactly three cards")
    order += C.parse(stock).tolist()
    rest = [c for c in HT.pack_cards(r.pack).tolist() if c not in set(order)]
    deck = order + rest
    if len(set(deck)) != len(deck) or len(deck) != r.pack or not set(deck) <= set(HT.pack_cards(r.pack).tolist()):
        raise ValueError(f"the cards given are not distinct cards of the {r.pack}-card pack")
    return np.array(deck, dtype=np.int8)


def _run_trace(r: Rules, policies, policy_params, seed: int, session: int, k: int, deck_in, dealer: int, pot: int):
    prm, pack, strength, klass, v1, value, e_ready, e_barter = kernel_args(r)
    pot_arr = np.array([pot], dtype=np.int64)
    out: dict[str, Any] = {
        "deck_out": np.zeros(52, dtype=np.int8),
        "deck_after": np.zeros(52, dtype=np.int8),
        "net": np.zeros(MAX_SEATS, dtype=np.int64),
        "ev": np.zeros(len(EVENTS), dtype=np.int64),
        "won": np.zeros(MAX_SEATS, dtype=np.int64),
        "lives": np.zeros(MAX_SEATS, dtype=np.int64),
        "history": np.zeros((k + 1, MAX_SEATS + 3), dtype=np.int64),
        "tr_actions": np.zeros((8192, 7), dtype=np.int64),
        "tr_pays": np.zeros((8192, 4), dtype=np.int64),
        "tr_count": np.zeros(3, dtype=np.int64),
        "tr_hands": np.zeros((POOL_HAND_CAP, MAX_SEATS + 1, TR_W), dtype=np.int64),
    }
    dealt_by = trace_deal(
        prm, pack, strength, klass, v1, value, e_ready, e_barter, np.asarray(policies, dtype=np.int64),
        np.asarray(policy_params, dtype=np.float64), np.uint64(seed), session, k, deck_in, int(dealer), pot_arr,
        out["deck_out"], out["deck_after"], out["net"], out["ev"], out["won"], out["lives"], out["history"],
        out["tr_actions"], out["tr_pays"], out["tr_count"], out["tr_hands"],
    )  # fmt: skip
    out["pot"] = int(pot_arr[0])
    out["dealer"] = int(dealt_by)
    return out


def replay(r: Rules, policies, policy_params, seed: int, n_deals: int) -> np.ndarray:
    """The first ``n_deals`` deals of session 0 (one session of ``n_deals`` deals), exactly as a run plays them.

    int64[n_deals, MAX_SEATS + 3]: net per seat, the pool before and after the deal, the dealer.
    """
    out = _run_trace(r, policies, policy_params, seed, 0, int(n_deals) - 1, np.zeros(0, dtype=np.int8), 0, 0)
    return out["history"]


def _card(c: int) -> str | None:
    return None if c < 0 else C.format_card(c)


def trace(
    r: Rules,
    policies: np.ndarray,
    policy_params: np.ndarray,
    seed: int,
    deal: int = 0,
    deck: np.ndarray | None = None,
    dealer: int = 0,
    rotations: int = 1,
    pot: int = 0,
) -> dict:
    """One deal (in Pool Commerce one whole game) played out with every action and payment, as a JSON-ready dict.

    Without ``deck``: deal number ``deal`` of a run with this seed (counted from 0), exactly as the run played
    it. With ``deck``: that stacked deck, ``dealer`` dealing, ``pot`` counters already in the pool.
    """
    r = r.validated()
    n = r.players
    dps = deals_per_session(r, rotations)
    if deck is None:
        session, k = divmod(int(deal), dps)
        deck_in = np.zeros(0, dtype=np.int8)
        pot = 0
    else:
        session, k = 0, 0
        deck_in = np.asarray(deck, dtype=np.int8)
        pack = set(HT.pack_cards(r.pack).tolist())
        if len(deck_in) == 52 and r.pack == 32:
            deck_in = np.array([c for c in deck_in.tolist() if c in pack], dtype=np.int8)
        if sorted(deck_in.tolist()) != sorted(pack):
            raise ValueError(f"the stacked deck must be the {r.pack}-card pack")
    o = _run_trace(r, policies, policy_params, seed, session, k, deck_in, dealer, pot)
    dealt_by = o["dealer"]
    pot_before = int(o["history"][k, MAX_SEATS]) if deck is None else int(pot)
    old = r.game == "old"
    n_hands = int(o["tr_count"][2])
    rounds: list[dict[str, Any]] = []
    for h in range(n_hands):
        rec = o["tr_hands"][h]
        meta = rec[MAX_SEATS]
        seats = [s for s in range(n) if rec[s, 9] == 1]
        rounds.append(
            {
                "hand": h,
                "dealer": int(meta[6]),
                "hands": {s: [C.format_card(c) for c in rec[s, 0:3]] for s in seats},
                "shown": {
                    s: {
                        "cards": [C.format_card(c) for c in rec[s, 3:6]],
                        "class": HT.CLASS_NAMES[int(rec[s, 8])],
                        "strength": int(rec[s, 6]),
                    }
                    for s in seats
                },
                "widow": [C.format_card(c) for c in meta[0:3]] if old else None,
                "widow_after": [C.format_card(c) for c in meta[3:6]] if old else None,
                "capped": bool(meta[7] == 1),
                "circuits": int(meta[9]),
                "lives_after": [int(x) for x in rec[:n, 7]] if r.pool else None,
            }
        )
    first = rounds[0] if rounds else None
    m0 = len(first["hands"]) if first else n
    width = m0 + 1 if old else m0
    stock = None
    if not old and first is not None:
        top = int(o["tr_hands"][0, MAX_SEATS, 8])
        ring = o["deck_after"][3 * m0 : r.pack].tolist()
        stock = [C.format_card(c) for c in ring[top:] + ring[:top]]

    def side(x: int):
        return "board" if x == POOLSIDE else int(x)

    actions = []
    for a in o["tr_actions"][: o["tr_count"][0]]:
        kind = KINDS[a[2]]
        out_c, in_c, other = _card(a[3]), _card(a[4]), int(a[5])
        text = {
            "stand": "stand",
            "trade": f"trade {out_c}>{in_c}",
            "barter": f"barter {out_c}>{in_c} with {other}",
            "barter_refused": f"offer {out_c} to {other}",
            "exchange": f"exchange {out_c}>{in_c}",
            "pass": "pass",
            "last_exchange": f"last exchange {out_c}>{in_c}",
            "keep": "keep",
            "horse": "buys a horse",
            "loses_counter": "loses a counter",
            "out": "out",
        }[kind]
        item = {"seat": int(a[1]), "action": kind, "play": text, "stop": bool(a[6])}
        if r.pool:
            item["hand"] = int(a[0])
        if out_c is not None:
            item["out"] = out_c
        if in_c is not None:
            item["in"] = in_c
        if other >= 0 and kind in ("trade", "barter", "barter_refused"):
            item["with"] = other
        actions.append(item)
    payments = []
    for p in o["tr_pays"][: o["tr_count"][1]]:
        item = {"from": side(p[0]), "to": side(p[1]), "amount": int(p[2]), "reason": REASONS[p[3]]}
        if p[0] == POOLSIDE or p[1] == POOLSIDE:
            item["compartment"] = "pool"
        payments.append(item)
    if r.pool or first is None:
        winners = [s for s in range(n) if o["won"][s]]
    else:  # every hand paid as a winner: all tied best hands, or under tie=eldest the one nearest the left
        top = max(v["strength"] for v in first["shown"].values())
        order = [(int(dealt_by) + 1 + j) % n for j in range(n)]
        winners = sorted(s for s in order if first["shown"][s]["strength"] == top)
        if r.tie == "eldest":
            winners = [min(winners, key=order.index)]
    deck_list = [C.format_card(c) for c in o["deck_out"][: r.pack]]
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": int(seed),
        "deal": None if deck is not None else int(deal),
        "deck": deck_list,
        "dealer": int(dealt_by),
        "elder": (int(dealt_by) + 1) % n,
        "hands": [first["hands"].get(s, []) for s in range(n)] if first else [[] for _ in range(n)],
        "widow": first["widow"] if first else None,
        "widow_after": first["widow_after"] if first else None,
        "final_hands": [first["shown"][s]["cards"] if s in first["shown"] else [] for s in range(n)] if first else [],
        "shown": first["shown"] if first else {},
        "stock": stock,
        "capped": first["capped"] if first else False,
        "rounds": rounds if r.pool else None,
        "unit": unit(r),
        "board_before": {"pool": pot_before},
        "board_after": {"pool": o["pot"]},
        "actions": actions,
        "payments": payments,
        "winner": next((s for s in range(n) if o["won"][s]), -1),  # the deal's win is counted for this seat
        "winners": winners,
        "net": [int(x) for x in o["net"][:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, o["ev"])},
        "cards_per_round": width,
    }
