"""Commerce's strategies. Each reads only its own hand, the widow (face up) and the public state.

``seats`` is the harness's (strategy codes int64[n], parameters float64[n]); a seat's threshold is in
``ws.thr`` (begin_session fills it) and its random stream in ``ws.streams[SEAT0 + s]``. The tables come from cfg
(sim.games._hands.strategy_tables): ``v1`` the chance of beating one random hand, and in cfg's ``hand`` table
(columns table.H_*) ``value``, that to the power of the opponents, and ``e_ready`` / ``e_barter``, the expected
``value`` after a ready-money trade or a barter of a slot.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games._common import MAX_SAMPLES
from sim.games.commerce.table import (
    B_ACT,
    B_BITS,
    B_GIVE,
    B_RANK,
    C2,
    C3,
    C_LEVEL_RANK,
    C_LEVELLED_THR,
    C_PREMIUM,
    C_RANKED_THR,
    C_STAND_RANK,
    C_THR,
    H_BARTER,
    H_READY,
    LEVELS,
    MAX_SEATS,
    PAIR,
    POINT,
    REAL,
    S_BOOK,
    SEAT0,
    SEQUENCE,
    SIM,
    STAND_W,
    hid,
    klass_of,
)

THRESHOLD, GREEDY, STAND, RANDOM, BUYER, ROLLOUT = 0, 1, 2, 3, 4, 5
STRATEGIES: dict[str, int] = {
    "threshold": THRESHOLD,
    "greedy": GREEDY,
    "stand": STAND,
    "random": RANDOM,
    "buyer": BUYER,
    "rollout": ROLLOUT,
    "book": THRESHOLD,  # the name the CLI and the bench use by default: the threshold strategy at its default
}
DEFAULT_STRATEGY = "threshold"
DEFAULT_THRESHOLD = 0.6
DEFAULT_PREMIUM = 1.0
# Patience. The book has no limit on the rounds of trading (p. 73: "round and round the table until one of the
# players decides to stand"); a player who waits for a strong hand while the table goes round and round lowers
# his sights, so that he ends the deal himself (the toolkit's max_circuits is then only a safety net). The
# threshold is multiplied by PATIENCE for every circuit begun after the first; greedy's standard drops a class
# every GREEDY_STEP circuits after GREEDY_FIRM (Sequence, then Flush, Pair, and any hand). From circuit
# LAST_RESORT on, both stand on any hand (under ``extended``, where every player must stand, p. 76, a lone
# player with a poor hand would otherwise trade on).
PATIENCE = 0.85
GREEDY_FIRM = 3
GREEDY_STEP = 2
LAST_RESORT = 8
assert LAST_RESORT == LEVELS  # table.C_LEVEL_RANK: a stand rank for each circuit before it, one from it on
MAX_PREMIUM = 2.0  # measured: from W = 1.5 every trade of a buyer is a purchase, at 3 to 8 players
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {
    "threshold": (0.0, 1.0),
    "book": (0.0, 1.0),
    "buyer": (0.0, MAX_PREMIUM),
    "rollout": (1.0, float(MAX_SAMPLES)),
}
STRATEGY_HELP: dict[str, str] = {
    "threshold": "threshold:P (default 0.6). Knows its own hand (and the face-up widow). Stands when its chance of "
    "holding the best hand, estimated as v^(opponents) with v the exact chance of beating one random hand of the "
    "cards it does not hold, reaches P (modern game: P x 0.85 per circuit after the first, any hand from the 8th, "
    "so it ends its own deals). Otherwise makes the trade with the best expected value (chance of best x "
    "the pool and dealer's stake, less a ready-money stake): ready money or barter, and which card, from "
    "precomputed tables; stands if no trade is expected to gain. Gives its least useful card when bartered with. "
    "Old game: the best exchange with the widow if it improves the hand, else passes. Buys the horse.",
    "greedy": "Knows what threshold knows. Trades (or exchanges) to the best expected hand; stands (and answers a "
    "barter by standing) on a Tricon or Sequence, from the 4th circuit a Flush, the 6th a Pair, the 8th any hand "
    "(so it ends its own deals), and when no trade is expected to gain. Old game: stands on a Tricon or Sequence, "
    "passes when no exchange helps.",
    "buyer": "buyer:W (default 1). Plays as threshold (at its default) and decides as it does whether to trade at "
    "all, at the true price of ready money; but when it trades it buys from the stock if the purchase's expected "
    "value plus W stakes beats the best barter. W = 0 is threshold; the larger W, the readier a buyer: W is the "
    "price (beyond a card's worth to its hand) it is willing to pay the dealer to trade with the stock.",
    "rollout": "the strong reference player, rollout:K (K = 8 if not given). Modern game: on each of its turns "
    "deals the cards it cannot see (the other hands and the stock) K times at random, plays each choice open to "
    "it (stand, buy from the stock, barter, each trade with the card its tables pick) out to the show with "
    "threshold for every seat after it, on the same K deals, and takes the best summed net (ties: threshold's "
    "choice). Answers a barter, and stands after a trade, as threshold. Old game and Pool Commerce: plays "
    "threshold.",
    "stand": "Stands at once, and stands when bartered with; never exchanges. Buys the horse.",
    "random": "A uniformly random legal action from its own random stream (stand, 3 ready-money and 3 barter trades; "
    "old game: stand, pass or exchange alike, then one of the 9 exchanges); after a trade stands with chance 1/2; "
    "buys the horse with chance 1/2.",
    "book": "the threshold strategy (the default name of every game's sensible player)",
}


@kernel
def set_thresholds(f64, search, seats):
    """Each seat's threshold and ready-money premium (``ws.thr``, ``ws.premium``: row REAL of ``f64``, the
    workspace's ``core.f64``): its strategy's parameter, or the default where it has none (NaN) or its strategy
    takes the other one. Takes the two arrays, not the workspace: a call that passes the workspace costs more
    than this loop (profiled)."""
    pols, params = seats[0], seats[1]
    for s in range(MAX_SEATS):
        for row in range(2):  # the playouts' row: threshold at its default for every seat
            f64[row, C_THR + s] = DEFAULT_THRESHOLD
            f64[row, C_PREMIUM + s] = 0.0
        search[S_BOOK + s] = THRESHOLD
    for s in range(params.shape[0]):
        if pols[s] == BUYER:
            f64[REAL, C_PREMIUM + s] = DEFAULT_PREMIUM if np.isnan(params[s]) else params[s]
        elif pols[s] != ROLLOUT and not np.isnan(params[s]):
            f64[REAL, C_THR + s] = params[s]


@kernel
def set_stand_ranks(values, i64, f64, n):
    """The old game's stand for each seat s < n at each number of players m: the least v1 rank r (cfg[5]) with
    ``values[r] ** (m - 1) >= thr[s]``, the test old_turn made of v1 itself (cfg[3] ``values``: v1's distinct
    values, ascending). The power of a larger number is never smaller (each rounded product is monotone), so
    the hands that stand are exactly those of rank r or more. Profiled: a turn's v1 look-up (a 177 KB table,
    a cache miss) and its power were the old game's hottest instructions. Found once per workspace and
    threshold (``f64``'s C_RANKED_THR: the thresholds they were found for), not once per session (a session
    of the bench is four deals)."""
    for s in range(n):
        thr = f64[REAL, C_THR + s]
        if thr == f64[REAL, C_RANKED_THR + s]:  # NaN (none found yet) equals nothing
            continue
        f64[REAL, C_RANKED_THR + s] = thr
        for m in range(2, MAX_SEATS + 1):
            i64[REAL, C_STAND_RANK + STAND_W * s + m] = _least_standing(values, m - 1, thr)


@kernel(inline=True)
def _least_standing(values, power, bound):
    """The least rank r of ``values`` (ascending) with ``values[r] ** power >= bound``, values.shape[0] for none:
    a binary search, the power of a larger number never being smaller. (A power of 1 is the value itself, to
    the last bit: numba's ``**`` multiplies 1.0 by it once.)"""
    lo = 0
    hi = values.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if values[mid] ** power >= bound:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _patience_powers() -> np.ndarray:
    """PATIENCE ** k for the circuits before LAST_RESORT (k = circuit - 1), worked out as numba's ``**`` of a
    float by an int does it (numba.cpython.numbers.int_power: square and multiply, in this order), so that the
    product in _level is the same number to the last bit."""
    out = np.zeros(LAST_RESORT - 1)
    for k in range(LAST_RESORT - 1):
        r, a, e = 1.0, PATIENCE, k
        while e != 0:
            if e & 1:
                r *= a
            e >>= 1
            a *= a
        out[k] = r
    return out


_PATIENCE_POW = _patience_powers()


@kernel(inline=True)
def _level(ws, s, circuit):
    """The chance of the best hand seat s (threshold, buyer) stands on in this circuit (1, 2, ...). The power
    of PATIENCE is read from a table: ``**`` compiled to numba's loop, its branches and a fallback call of pow at
    every look-up (three copies in modern_hand's machine code)."""
    if circuit >= LAST_RESORT:
        return 0.0
    return ws.thr[s] * _PATIENCE_POW[circuit - 1]


@kernel
def set_level_ranks(values, i64, f64, n):
    """The modern game's stand for each seat s < n in each circuit, in both rows (REAL, and SIM's playouts):
    the least rank r of the book's values (cfg[7], ascending) with ``values[r] >= level``, _level's test of a
    hand's value, with _level's arithmetic. The values are the book's float32 ones widened, so the hands that
    stand are exactly those of rank r or more. Profiled: a turn's value load from the 177 KB book table was the
    hottest instruction of a deal, a cache miss; with the value a rank beside the codes, the table is 88 KB.
    Found once per workspace and threshold (``f64``'s C_LEVELLED_THR), as set_stand_ranks."""
    for row in (REAL, SIM):
        for s in range(n):
            thr = f64[row, C_THR + s]
            if thr == f64[row, C_LEVELLED_THR + s]:  # NaN (none found yet) equals nothing
                continue
            f64[row, C_LEVELLED_THR + s] = thr
            for c in range(LEVELS):
                level = 0.0 if c + 1 >= LAST_RESORT else thr * _PATIENCE_POW[c]
                i64[row, C_LEVEL_RANK + LEVELS * s + c] = _least_standing(values, 1, level)


@kernel(inline=True)
def _greedy_class(circuit):
    """The class greedy stands on in this circuit: Sequence, lowered a class every GREEDY_STEP circuits."""
    if circuit <= GREEDY_FIRM:
        return SEQUENCE
    if circuit >= LAST_RESORT:
        return POINT
    drop = (circuit - GREEDY_FIRM - 1) // GREEDY_STEP + 1
    return max(PAIR, SEQUENCE - drop)


@kernel(inline=True)
def _content(cfg, ws, pol, s, h, circuit):
    """Whether a threshold, buyer or greedy player is content to stand on hand h in this circuit.

    The book's look-ups (here, _book_trade, barter_answer) index by unsigned numbers: a hand's index and a seat's
    level are never negative, and a signed index costs numba's wrap-around (a shift, an and and the table's
    length, spilled to the stack, on the way to a load that often misses the L1 cache)."""
    if pol == GREEDY:
        return klass_of(cfg, h) >= _greedy_class(circuit)
    c = circuit if circuit < LAST_RESORT else LAST_RESORT  # _level's test of the value, as a least rank
    return (np.int64(cfg[6][np.uint64(h)]) >> B_RANK) >= ws.level_rank[np.uint64(LEVELS * s + c - 1)]


@kernel(inline=True)
def _book_trade(cfg, ws, j, m, can_barter):
    """``_best_trade``'s action at no premium, or 0 when no trade is expected to gain (``modern_turn``), read
    from cfg's ``book`` table (play.book_table) where it was worked out for every hand with the same arithmetic.
    The table's prizes are for m = players: every player is dealt in to a hand of the modern game (p. 72). No
    fallback to the arithmetic: it was one more inlined copy of _best_trade per call site, and cold compile
    time is the suite's limit."""
    ctx = 2 * np.int64(j == m - 1) + np.int64(can_barter)
    return (np.int64(cfg[6][np.uint64(hid(ws, j))]) >> (B_BITS * ctx)) & B_ACT


@kernel(inline=True)
def _best_trade(cfg, ws, j, m, can_barter, premium):
    """(best score, its action) over the trades open to position j: 1 + i ready money for slot i, 4 + i barter.

    A trade's score is its expected chance of the best hand times the prize (the pool, m + 1 stakes, and unless
    j deals a stake from the dealer), less the stake ready money costs (the dealer's own trades are free), plus
    ``premium`` stakes on a purchase."""
    hand = cfg[4]
    h = hid(ws, j)
    dealer = j == m - 1
    prize = np.float64(m + 1) if dealer else np.float64(m + 2)
    cost = 0.0 if dealer else 1.0
    best = -1e9
    act = 1
    for i in range(3):
        score = hand[h, H_READY + i] * prize - cost + premium
        if score > best:
            best = score
            act = 1 + i
    if can_barter:
        for i in range(3):
            score = hand[h, H_BARTER + i] * prize
            if score > best:
                best = score
                act = 4 + i
    return best, act


@kernel(inline=True)
def modern_turn(cfg, ws, seats, j, m, can_barter, circuit):
    """Position j on his turn in this circuit (modern game): 0 stand, 1 + i ready money for slot i, 4 + i barter
    slot i."""
    s = ws.seat_of[np.uint64(j)]
    pol = seats[0][np.uint64(s)]
    if pol == STAND:
        return 0
    if pol == RANDOM:
        return rng.bounded(ws.streams[SEAT0 + s], 7 if can_barter else 4)
    if _content(cfg, ws, pol, s, hid(ws, j), circuit):
        return 0
    act = _book_trade(cfg, ws, j, m, can_barter)
    if act == 0:
        return 0  # no trade is expected to gain: stand on these cards
    if pol == BUYER:
        best, act = _best_trade(cfg, ws, j, m, can_barter, ws.premium[s])
    return act


@kernel(inline=True)
def barter_answer(cfg, ws, seats, q, circuit):
    """The barter partner at position q: -1 to stand instead (p. 73), else the slot of the card he gives."""
    s = ws.seat_of[np.uint64(q)]
    pol = seats[0][np.uint64(s)]
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(ws.streams[SEAT0 + s], 4) - 1
    h = hid(ws, q)
    if _content(cfg, ws, pol, s, h, circuit):
        return -1
    return (np.int64(cfg[6][np.uint64(h)]) >> B_GIVE) & 3  # the slot with the least e_ready (play.book_table)


@kernel(inline=True)
def stands_after(cfg, ws, seats, j, circuit):
    """Whether the player at position j stands after his trade (p. 73)."""
    s = ws.seat_of[np.uint64(j)]
    pol = seats[0][np.uint64(s)]
    if pol == RANDOM:
        return rng.bounded(ws.streams[SEAT0 + s], 2) == 1
    if pol == STAND:
        return True
    return _content(cfg, ws, pol, s, hid(ws, j), circuit)


@kernel(inline=True)
def best_exchange(cfg, ws, j):
    """(v1 rank of the best hand one exchange with the widow makes, its code 3 * slot + widow card). Ranks
    (cfg[5], in v1's order) rather than v1: a smaller table for the same choices.

    Each of the nine hands' colex index is put together from its cards' terms C(., 2) and C(., 3), looked up
    once a card (_kept_with), not sorted by a min and a max and looked up again per hand: profiled (old game),
    a turn's nine sorts and 18 look-ups, each waiting on its sort, were most of the exchanges' time."""
    rank = cfg[5]
    a = ws.hands[np.uint64(j), 0]
    b = ws.hands[np.uint64(j), 1]
    c = ws.hands[np.uint64(j), 2]
    a2, a3 = _terms(a)
    b2, b3 = _terms(b)
    c2, c3 = _terms(c)
    best = -1
    code = 0
    for i in range(3):
        for w in range(3):
            x = ws.widow[w]
            x2, x3 = _terms(x)
            if i == 0:  # the two cards kept, in order
                h = _kept_with(b, c, b2, c2, c3, x, x2, x3)
            elif i == 1:
                h = _kept_with(a, c, a2, c2, c3, x, x2, x3)
            else:
                h = _kept_with(a, b, a2, b2, b3, x, x2, x3)
            r = np.int64(rank[np.uint64(h)])  # unsigned: no wrap-around (_content)
            if r > best:
                best = r
                code = 3 * i + w
    return best, code


@kernel(inline=True)
def _terms(x):
    """Card x's terms in a colex index: C(x, 2) and C(x, 3) (table.colex)."""
    return C2[np.uint64(x)], C3[np.uint64(x)]


@kernel(inline=True)
def _kept_with(u, v, u2, v2, v3, x, x2, x3):
    """The colex index of the hand of cards u < v and x (neither), from their terms: as (x, u, v), (u, x, v) or
    (u, v, x)."""
    lo = x if x < u else u
    mid2 = u2 if x < u else (x2 if x < v else v2)
    hi3 = v3 if x < v else x3
    return lo + mid2 + hi3


@kernel(inline=True)
def old_turn(cfg, ws, seats, j, m):
    """Old game turn (p. 74): 0 stand, 1 pass, 2 + 3 * slot + widow card to exchange."""
    s = ws.seat_of[np.uint64(j)]
    pol = seats[0][np.uint64(s)]
    if pol == STAND:
        return 0
    if pol == RANDOM:  # stand, pass or exchange alike (so two stands or all passes soon end the hand)
        k = rng.bounded(ws.streams[SEAT0 + s], 3)
        return k if k < 2 else 2 + rng.bounded(ws.streams[SEAT0 + s], 9)
    h = hid(ws, j)
    rank = np.int64(cfg[5][np.uint64(h)])
    # threshold's stand, v1 ** (m - 1) >= thr, as a least rank (set_stand_ranks)
    if (pol == THRESHOLD or pol == BUYER or pol == ROLLOUT) and rank >= ws.core.i64[
        REAL, np.uint64(C_STAND_RANK + STAND_W * s + m)
    ]:
        return 0
    if pol == GREEDY and klass_of(cfg, h) >= SEQUENCE:
        return 0
    best, code = best_exchange(cfg, ws, j)
    if best > rank:
        return 2 + code
    return 1


@kernel(inline=True)
def old_last(cfg, ws, seats, j):
    """The one more exchange after two stands (p. 74): -1 to keep, else 3 * slot + widow card."""
    s = ws.seat_of[np.uint64(j)]
    pol = seats[0][np.uint64(s)]
    if pol == STAND:
        return -1
    if pol == RANDOM:
        return rng.bounded(ws.streams[SEAT0 + s], 10) - 1
    best, code = best_exchange(cfg, ws, j)
    if best > cfg[5][np.uint64(hid(ws, j))]:
        return code
    return -1


@kernel
def buys_horse(streams, seats, s):
    """Whether seat s, the first out, buys the horse (p. 75)."""
    if seats[0][s] == RANDOM:
        return rng.bounded(streams[SEAT0 + s], 2) == 1
    return True
