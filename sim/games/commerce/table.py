"""The table every form of Commerce is played at: the workspace, hands, the lazily shuffled pack, the deal, the
show, the dealer's penalty, and the trace records. The modern, old and pool games (modern.py, old.py, pool.py)
are built from these kernels.

Within a hand the players are numbered by *position* from the elder hand (0) to the dealer (m - 1);
``ws.seat_of[pos]`` maps a position to its seat. A hand is kept sorted in ``ws.hands[pos, :3]`` and named in
column 3 by its colex index (sim.games._hands), so the cfg tables (strength, class, the strategies' values) are
one lookup. cfg is ``kernel_config``'s tuple: (params, pack, shown, v1, hand); ``shown`` int16 is a hand's
strength * 8 + its class (klass_of, show: one small table for the show); ``hand`` float32[., 8] holds a
hand's row of the modern game's tables (columns H_*), one 32-byte block so that a turn's look-ups share a cache line.

Randomness (sim.rng). ``ws.streams`` rows: the session's stream (purpose 0), the deal's (a deck stream seeded from
one draw of the session's), the hand's (a deck stream seeded from one output of the deal's; Pool Commerce deals
many hands) and a scratch row. The hand's pack is shuffled *lazily*, two forward Fisher-Yates steps at a time as
cards are dealt or bought from the stock (``rng.deal_forward``: four cards an output), so a deal of the modern
game draws about 3n / 4 random numbers instead of 51; because every deal and hand has its own
stream, deal d of a session gets the same cards under every variant and strategy however many cards earlier
deals drew (common random numbers).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from sim import rng
from sim._jit import kernel
from sim.games import _hands as HT
from sim.games import _ledger as L
from sim.games._common import MAX_SEATS
from sim.games._rules import names_index
from sim.games.commerce.rules import DP_ALL, DP_NONE, OLD, P

POINT, PAIR, FLUSH, SEQUENCE, TRICON = HT.POINT, HT.PAIR, HT.FLUSH, HT.SEQUENCE, HT.TRICON

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
E = names_index(EVENTS)
N_EVENTS = len(EVENTS)
# Bucketed events: the first of each run of buckets; a kernel adds the bucket's offset.
E_WON = E.won_by_tricon  # + (TRICON - class)
E_DEALT = E.dealt_tricon  # + (TRICON - class)
E_LEN = E.game_len_below_min  # + 0 below the minimum, 1 + min(excess, 3) otherwise
E_WAIT = E.first_out_wait_0  # + min(hands sat out, 10)
assert E.dealt_point == E_DEALT + TRICON - POINT and E.won_by_point == E_WON + TRICON - POINT
assert E.game_len_min_plus_3_or_more == E_LEN + 4 and E.first_out_wait_10_or_more == E_WAIT + 10

POOL_ONLY = tuple(e for e in EVENTS if e.startswith(("first_out", "game_len"))) + ("horses", "sat_out", "pool_capped")
MODERN_ONLY = ("trades", "barters", "barters_refused", "stander_beaten", "stander_paid", "dealer_takings")


def impossible_events(r: Any) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table): the horse and lives outside Pool
    Commerce, trading and barter in the old game, the widow in the modern one, and the flags' own events."""
    out = set() if r.pool else set(POOL_ONLY)
    out |= set(MODERN_ONLY) if r.game == "old" else {"exchanges", "passes"}
    if not r.continuous:
        out.add("deal_passed")
    if r.dealer_penalty == "none":
        out.add("dealer_penalty_paid")
    return frozenset(out)


POOLS = ("pool",)
POOL = 0  # the board's one compartment: the pool
REASONS = (
    "stake", "ready_money", "pool", "dealer_stake", "stander", "dealer_penalty", "winner", "buy_in", "prize",
    "horse", "last_in",
)  # fmt: skip
R = names_index(REASONS)

# action kinds (trace); "pass" is a Python keyword, so these are numbered here rather than by names_index
KINDS = (
    "stand", "trade", "barter", "barter_refused", "exchange", "pass", "last_exchange", "keep", "horse",
    "loses_counter", "out",
)  # fmt: skip
K_STAND, K_TRADE, K_BARTER, K_BARTER_REFUSED, K_EXCHANGE, K_PASS, K_LAST_EXCHANGE, K_KEEP = range(8)
K_HORSE, K_LOSES, K_OUT = 8, 9, 10
assert KINDS[K_OUT] == "out" and len(KINDS) == K_OUT + 1
# trace action columns: hand number, seat, kind, card out, card in, other seat, last action of the hand (1/0)
TR_ACTION_W = 7
TR_LAST = 6
# trace hand records: int64[MAX_SEATS + 1, TR_W] per hand. Rows by seat: dealt 3, shown 3, strength, lives
# after, class, dealt in (1/0); the last row: widow dealt 3, widow at the end 3, dealer, capped, stock top,
# circuits
TR_W = 10
POOL_HAND_CAP = 400  # Pool Commerce: safety stop for a game (each hand but an all-tie costs someone a life)

ACTIVE, STOOD, PASSED = 0, 1, 2
# columns of cfg's ``hand`` table (kernel_config): the threshold player's chance of the best hand, its expectation
# after ready money / a barter of slot i
H_VALUE, H_READY, H_BARTER = 0, 1, 4  # column 7 is padding (a row is 32 bytes)
H_W = 8
# cfg's ``book`` table (play.book_table), int32[.], 4 bytes a hand: for each of the four cases 2 * (dealing) +
# (can barter), B_BITS bits of threshold's trade (1 + i ready money, 4 + i barter, 0 none expected to gain),
# from bit B_GIVE the slot it gives when bartered with, and from bit B_RANK the rank of the hand's value
# (H_VALUE's) among the values of the table (cfg's ``book values``, ascending)
B_BITS = 3
B_ACT = 7
B_GIVE = 4 * B_BITS
B_RANK = B_GIVE + 2
# cfg's ``entry`` table (play.kernel_config), int64[.], 8 bytes a hand: its ``book`` entry in the low 32 bits, its
# ``shown`` entry (strength * 8 + class) above them (book_of, shown_of), so that the book's threshold players
# find both on one cache line
ENTRY_SHOWN = 32

PACK_W = 52  # cfg's pack is padded to 52 cards (a 32-card pack with 20 zeros after it, never dealt)
SESSION, DEAL, HAND, SCRATCH = 0, 1, 2, 3  # rows of ws.streams (and SEARCH, SEAT0 + s below)


# the turn record of the modern game's trading, int64[TURN] (resumable: a rollout seat's decision is taken
# between two calls of the trading loop), and the pack's two counters
T_TURN = 0  # turns taken (the next position to act is T_TURN % m)
T_TOP = 1  # the stock's top (a ring in deck[3m:])
T_STOOD = 2  # players who have stood
T_STANDER = 3  # the first to stand, -1 none
T_CHOICE = 4  # a rollout seat's decision already taken, -1 none
T_CAPPED = 5  # 1 when max_circuits ended the trading
T_DRAWN = 6  # cards of ``deck`` settled by the lazy shuffle
T_WHOLE = 7  # 1: settle the whole pack when it is prepared (trace workspaces: the trace shows the deck; the cards
#   are those of the lazy shuffle, which draws the same numbers in the same order)
TURN = 8
REAL, SIM = 0, 1  # rows of the state arrays: the deal, and a rollout's playout (search.py)
SEARCH = 4  # row of ws.streams after SESSION, DEAL, HAND, SCRATCH: the rollout's replayed stream
SEAT0 = 5  # rows SEAT0 + s of ws.streams: seat s's strategy stream (random's and rollout's)

# Why so few arrays. Every kernel call that is not inlined passes each array it is given as its exploded struct
# (seven to eleven words). Profiled (perf, standard variant, book): with 42 arrays in the workspace, pushing them
# was about 45% of a deal; with 26 (the small state arrays views of a few buffers), the two calls a deal made
# with the whole workspace (play_deal, modern_hand) were still about 30%. So the workspace's arrays are all
# views of the eight arrays of ``Core``, and the kernels that are called, not inlined, take the core and make
# their views (``unpack``, inlined: a few pointer sums) instead of being passed the 26 arrays.
# Columns of ``Core.i64`` (per row; the columns from C_SEAT_OF on are read in row REAL only, by both views).
# The events come first, over a whole number of 32-byte blocks, and every row is a whole number of them, so the
# events begin on a 32-byte boundary (numba aligns an array's data to 32 bytes): the session's harness zeroes
# them, and adds them to its row, with vector stores that never straddle two cache lines.
# The nets and wins follow them, from a 32-byte boundary too, one run of columns that begin_deal zeroes whole.
C_EV = 0
C_NET = C_EV + (N_EVENTS + 3) // 4 * 4
C_WON = C_NET + MAX_SEATS
C_STATE = C_WON + MAX_SEATS
C_SR = C_STATE + MAX_SEATS
C_BOARD = C_SR + MAX_SEATS
C_TURN = C_BOARD + 1
C_TRACING = C_TURN + TURN  # 1: record actions, payments and hands (row SIM is never traced)
C_SEAT_OF = C_TRACING + 1
C_LIVES = C_SEAT_OF + MAX_SEATS
C_WIDOW = C_LIVES + MAX_SEATS
C_TR_COUNT = C_WIDOW + 3
C_SEARCH = C_TR_COUNT + 3
# the rollout's own columns, from C_SEARCH:
S_SCORE = 0  # int64[8]: each candidate's net summed over the samples
S_CARDS = S_SCORE + 8  # int64[52]: the cards the decider cannot see, shuffled
S_CANDS = S_CARDS + 52  # int64[3]: the choices searched
S_BOOK = S_CANDS + 3  # int64[10]: the playouts' strategies (threshold for every seat)
SEARCH_W = S_BOOK + MAX_SEATS
# the old game's stand ranks (row REAL): from column C_STAND_RANK + STAND_W * s + m, the least v1 rank (cfg[5])
# on which seat s, a threshold player in a hand of m players, stands (strategies.set_stand_ranks)
C_STAND_RANK = C_SEARCH + SEARCH_W
STAND_W = MAX_SEATS + 1
# the modern game's stand ranks (per row): column C_LEVEL_RANK + LEVELS * s + circuit - 1, the least book
# value rank (cfg[6]'s from B_RANK) on which seat s, a threshold or buyer player, stands in that circuit; the
# last of the LEVELS that of every circuit from strategies.LAST_RESORT on (strategies.set_level_ranks)
C_LEVEL_RANK = C_STAND_RANK + STAND_W * MAX_SEATS
LEVELS = 8
I64_W = (C_LEVEL_RANK + LEVELS * MAX_SEATS + 3) // 4 * 4  # whole 32-byte blocks: row SIM's events aligned too
# Columns of ``Core.f64`` (per row):
C_THR = 0
C_PREMIUM = C_THR + MAX_SEATS
C_NO_PARAM = C_PREMIUM + MAX_SEATS  # NaN: the playouts' strategy parameters (threshold's default)
C_RANKED_THR = C_NO_PARAM + MAX_SEATS  # row REAL: the threshold seat s's stand ranks were found for (NaN: none)
C_LEVELLED_THR = C_RANKED_THR + MAX_SEATS  # the threshold seat s's level ranks were found for (NaN: none)
F64_W = C_LEVELLED_THR + MAX_SEATS


class Core(NamedTuple):
    """Every array of a workspace: the deal's state in two rows (REAL, and SIM for a rollout's playouts), the
    streams and the trace records."""

    deck: np.ndarray  # int8[2, 52]
    i64: np.ndarray  # int64[2, I64_W]: columns C_*
    hands: np.ndarray  # int64[2, 10, 4]
    f64: np.ndarray  # float64[2, F64_W]: thr, premium, NaN (columns C_*)
    streams: np.ndarray  # uint64[SEAT0 + 10, 4]
    tr_actions: np.ndarray  # int64[k, TR_ACTION_W]
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_hands: np.ndarray  # int64[h, MAX_SEATS + 1, TR_W]


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal): views of row REAL of ``core``;
    ``unpack(core, SIM)`` gives the same workspace over row SIM."""

    deck: np.ndarray  # int8[52]: the pack in the order dealt, settled up to turn[T_DRAWN]; in the modern game
    #   deck[3m:] is the stock, used as a ring: the top card is deck[3m + top] and the rejected card goes into
    #   its place, which is then the bottom (p. 73)
    streams: np.ndarray  # uint64[SEAT0 + 10, 4]: SESSION, DEAL, HAND, SCRATCH, SEARCH, then each seat's
    thr: np.ndarray  # float64[10]: each seat's threshold (the threshold strategy's parameter)
    premium: np.ndarray  # float64[10]: stakes each seat adds to a ready-money trade's worth (the buyer's parameter)
    hands: np.ndarray  # int64[10, 4]: each position's hand, sorted, and its colex index
    widow: np.ndarray  # int64[3]: the old game's face-up hand (p. 74)
    state: np.ndarray  # int64[10]: ACTIVE / STOOD / PASSED per position
    sr: np.ndarray  # int64[10]: strength of each position's hand at the show
    seat_of: np.ndarray  # int64[10]: seat at each position
    lives: np.ndarray  # int64[10]: Pool Commerce counters per seat
    board: np.ndarray  # int64[1]: the pool; in the modern game a split's odd counters carry to the next deal
    net: np.ndarray  # int64[10]: this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10]: 1 for the seat the deal's win is counted for
    ev: np.ndarray  # int64[len(EVENTS)]: this deal's events
    tracing: np.ndarray  # int64[1]: 1 to record actions, payments and hands
    tr_actions: np.ndarray  # int64[k, TR_ACTION_W]
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[3]: actions, payments, hands recorded
    tr_hands: np.ndarray  # int64[h, MAX_SEATS + 1, TR_W]
    turn: np.ndarray  # int64[TURN]: where the modern game's trading stands, and the pack's counters
    search: np.ndarray  # int64[SEARCH_W]: the rollout's score, cards, cands, book (S_*)
    level_rank: np.ndarray  # int64[LEVELS * 10]: the least book value rank each seat stands on by circuit
    core: Core


@kernel(inline=True)
def unpack(core, row):
    """The workspace over one row of ``core``'s state (REAL, or a rollout's SIM); the streams, the seats, lives,
    widow and trace records are row REAL's in both."""
    i = core.i64
    f = core.f64
    return Workspace(
        core.deck[row], core.streams, f[row, C_THR:C_PREMIUM], f[row, C_PREMIUM:C_NO_PARAM], core.hands[row],
        i[REAL, C_WIDOW:C_TR_COUNT], i[row, C_STATE:C_SR], i[row, C_SR:C_BOARD], i[REAL, C_SEAT_OF:C_LIVES],
        i[REAL, C_LIVES:C_WIDOW], i[row, C_BOARD:C_TURN], i[row, C_NET:C_WON], i[row, C_WON:C_STATE],
        i[row, C_EV : C_EV + N_EVENTS], i[row, C_TRACING : C_TRACING + 1], core.tr_actions, core.tr_pays,
        i[REAL, C_TR_COUNT:C_SEARCH], core.tr_hands, i[row, C_TURN:C_TRACING], i[REAL, C_SEARCH:C_STAND_RANK],
        i[row, C_LEVEL_RANK:I64_W], core,
    )  # fmt: skip


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    """A workspace; ``trace_rows`` > 1 makes one for tracing (a pool game's trace is many hands: 4x the rows)."""
    tracer = trace_rows > 1
    k = 4 * trace_rows if tracer else 1
    h = POOL_HAND_CAP if tracer else 1
    core = Core(
        np.zeros((2, 52), dtype=np.int8),
        np.zeros((2, I64_W), dtype=np.int64),
        np.zeros((2, MAX_SEATS, 4), dtype=np.int64),
        np.zeros((2, F64_W), dtype=np.float64),
        np.zeros((SEAT0 + MAX_SEATS, 4), dtype=np.uint64),
        np.zeros((k, TR_ACTION_W), dtype=np.int64),
        np.zeros((k, 5), dtype=np.int64),
        np.zeros((h, MAX_SEATS + 1, TR_W), dtype=np.int64),
    )
    core.i64[:, C_TURN : C_TURN + TURN] = -1
    core.f64[:, C_NO_PARAM:] = np.nan  # the search's book filled by begin_session (threshold's code); no stand
    #   ranks found yet
    ws = unpack(core, REAL)
    ws.turn[T_DRAWN] = 0
    ws.turn[T_WHOLE] = 1 if tracer else 0
    return ws


# ----------------------------------------------------------------------------------------------------------
# hands


C2 = np.array([b * (b - 1) // 2 for b in range(52)], dtype=np.int64)
C3 = np.array([c * (c - 1) * (c - 2) // 6 for c in range(52)], dtype=np.int64)


@kernel(inline=True)
def colex(a, b, c):
    """Colex index of a sorted hand a < b < c: a + C(b, 2) + C(c, 3). Cards index unsigned, as the book's
    look-ups do (strategies._content): a signed index costs numba's wrap-around, a test and a select before
    each load (profiled, old game: nine hands a turn, 18 such loads)."""
    return a + C2[np.uint64(b)] + C3[np.uint64(c)]


@kernel(inline=True)
def begin_deal(ws):
    """Zero the deal's nets and wins (sim.games._ledger.begin_deal's work) over a constant length: one aligned run
    of columns (C_NET), a few vector stores. (The events are the session's: the harness zeroes them.)

    Profiled: over the views' run-time lengths LLVM made such loops calls of memset a deal (through a JIT stub),
    about 8% of a standard deal with the events; the nets and wins zeroed as one run of columns rather than as
    two views (20 scalar stores) measured 1.03x (standard) and 1.02x (extended)."""
    i = ws.core.i64  # the nets and wins as one run of columns (C_NET): vector stores; the deal's row is REAL
    for k in range(2 * MAX_SEATS):
        i[REAL, C_NET + k] = 0


@intrinsic
def prefetch(typingctx, table, h):
    """Start loading row h of a hand table into the caches (LLVM's prefetch: read, keep in every level); no
    value, no effect on play.

    Profiled (standard variant, book): the loads of a turn's row of the 177 KB book table were the hottest
    instructions of a deal, cache misses each waited on in turn (the turn's branches hang on them); the rows
    of the hands just dealt are known at once, so their misses can overlap instead."""
    sig = types.void(table, h)

    def codegen(context, builder, signature, args):
        aty = signature.args[0]
        ary = context.make_array(aty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        index = [args[1]] + [zero] * (aty.ndim - 1)
        ptr = cgutils.get_item_pointer(context, builder, aty, ary, index, wraparound=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0"
        )
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])  # read, locality 3, data
        return context.get_dummy_value()

    return sig, codegen


@kernel(inline=True)
def klass_of(cfg, h):
    """The class hand h scores as (sim.games._hands: POINT .. TRICON)."""
    return np.int64(cfg[2][np.uint64(h)]) & 7  # unsigned: no wrap-around (strategies._content)


@kernel(inline=True)
def book_of(x):
    """The ``book`` entry in an ``entry`` word (a non-negative int32)."""
    return x & np.int64(0xFFFFFFFF)


@kernel(inline=True)
def shown_of(x):
    """The ``shown`` entry in an ``entry`` word (signed: -8 and up)."""
    return x >> ENTRY_SHOWN


@kernel(inline=True)
def next_position(j, m):
    """The position after j round a table of m (j < m): counted on, not divided out of a turn count every turn
    (profiled: the turn loops' divisions were a visible cost of a deal of a few turns)."""
    j += 1
    return 0 if j == m else j


@kernel(inline=True)
def hid(ws, p):
    """The colex index of position p's hand (p unsigned: no wrap-around, colex)."""
    return ws.hands[np.uint64(p), 3]


@kernel(inline=True)
def put(hands, p, i, x):
    """Put card x in slot i of p's hand and keep the hand sorted (p unsigned: no wrap-around, colex)."""
    p = np.uint64(p)
    a = hands[p, 0]
    b = hands[p, 1]
    c = hands[p, 2]
    if i == 0:
        a = x
    elif i == 1:
        b = x
    else:
        c = x
    put3(hands, p, a, b, c)


@kernel(inline=True)
def put3(hands, p, a, b, c):
    """Give position p (unsigned) the hand of cards a, b and c, sorted, and its colex index."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    hands[p, 0] = a
    hands[p, 1] = b
    hands[p, 2] = c
    hands[p, 3] = colex(a, b, c)


# ----------------------------------------------------------------------------------------------------------
# the pack: streams and the lazy shuffle


@kernel(inline=True)
def seed_deal(streams, src):
    """The deal's stream (a deck stream, sim.rng) from one draw of ``streams[src]``: the session's stream, or a copy
    of it (begin_session); its hands' decks are seeded from it in turn (``new_deck``)."""
    rng.seed_deck(streams[DEAL], rng.next_u64(streams[src]))


@kernel(inline=True)
def seed_hand(streams):
    """The next hand's deck stream, from one output of the deal's."""
    rng.seed_deck(streams[HAND], rng.deck_word(streams[DEAL]))


@kernel(inline=True)
def copy_pack(deck, pack):
    """deck[:52] = pack, the pack padded to 52 cards (kernel_config): a constant length, so no call of memcpy
    (profiled: over ``pack.shape[0]`` LLVM called memcpy through a JIT stub), and four cards a move, as int32
    views of both (profiled: card by card, LLVM, unable to rule out that the two overlap, made 52 byte moves,
    a third of a deal's preparation)."""
    to = deck.view(np.int32)
    frm = pack.view(np.int32)
    for j in range(PACK_W // 4):
        to[j] = frm[j]


@kernel(inline=True)
def new_deck(ws, pack):
    """A fresh pack for the next hand, nothing drawn yet; its order comes from a new hand stream."""
    copy_pack(ws.deck, pack)
    seed_hand(ws.streams)
    ws.turn[T_DRAWN] = 0


@kernel(inline=True)
def draw_to(ws, upto, size):
    """Shuffle lazily: forward Fisher-Yates steps until deck[:upto] is settled (the cards dealt so far)."""
    _draw(ws.deck, ws.turn, ws.streams[HAND], upto, size)


@kernel(inline=True)
def _draw(deck, turn, state, upto, size):
    """The steps not yet taken (rng.deal_forward: two at a time, so T_DRAWN may pass ``upto`` by one)."""
    i = turn[T_DRAWN]
    if i < upto:
        turn[T_DRAWN] = rng.deal_forward(state, deck, i, upto, size)


@kernel
def settle_pack(deck, turn, state, size):
    """The whole pack settled (trace workspaces)."""
    _draw(deck, turn, state, size, size)


@kernel(inline=True)
def deal_round(cfg, ws, m, old):
    """Three cards each, one at a time from the elder hand; the widow takes its turn after the dealer (p. 74)."""
    prm = cfg[0]
    width = m + 1 if old else m
    draw_to(ws, 3 * width, prm[P.pack])
    deck = ws.deck
    w = np.uint64(width)
    if old:
        for r in range(3):
            ws.widow[r] = deck[np.uint64(r) * w + np.uint64(m)]
    dealt = 0  # hands dealt of each class, a byte a class (m <= 10)
    for j in range(m):
        # each hand's three cards straight from the deck into put3's sort (unsigned: no wrap-around); profiled,
        # a loop storing them to the hands, over run-time lengths, was vectorised behind alias checks
        u = np.uint64(j)
        put3(ws.hands, u, np.int64(deck[u]), np.int64(deck[u + w]), np.int64(deck[u + w + w]))
        if old:  # the row each player's first turn reads
            prefetch(cfg[5], hid(ws, j))
            shown = np.int64(cfg[2][np.uint64(hid(ws, j))])
        else:  # klass_of's look-up, and with it the book entry each player's first turn reads (book_trading)
            shown = shown_of(cfg[8][np.uint64(hid(ws, j))])
        ws.state[j] = ACTIVE
        ws.sr[j] = shown  # kept for the show (show_kept)
        dealt += 1 << (8 * (shown & 7))
    for k in range(TRICON + 1):  # counted in a register, then added once a class (profiled: an event add a
        ws.ev[E_DEALT + TRICON - k] += (dealt >> (8 * k)) & 255  # hand waited on the last hand's add)


# ----------------------------------------------------------------------------------------------------------
# the show and the dealer's penalty


@kernel(inline=True)
def show(cfg, ws, m):
    """Hands shown: fill ws.sr, count the winning class and ties; returns (best strength, first best position).
    Each hand's ``shown`` entry is looked up into ws.sr, and ``show_kept`` shows them."""
    for j in range(m):
        ws.sr[j] = np.int64(cfg[2][np.uint64(hid(ws, j))])  # unsigned: no wrap-around (strategies._content)
    return show_kept(ws, m)


@kernel(inline=True)
def show_kept(ws, m):
    """The show from each hand's ``shown`` entry (strength * 8 + class) in ws.sr: the strengths left in ws.sr,
    the winning class, ties and the dealer's win counted; returns (best strength, first best position). The
    book's lean loop keeps the entries as the hands were dealt (deal_round) and after each trade
    (modern.book_trading), so its show looks nothing up: profiled (standard), the show's look-ups of the 44 KB
    table, each a cache miss the best hand's compares and then the payments waited on, and the winner's class
    looked up again, were some 4% of a deal, where the hands' entries, looked up as they changed, are ready long
    before the show."""
    best = -1
    first = 0
    nb = 0
    klass = 0
    for j in range(m):  # selects, not branches: which hand is best is a coin toss the predictor often loses
        shown = ws.sr[j]
        s = shown >> 3
        ws.sr[j] = s
        better = s > best
        nb = 1 if better else nb + np.int64(s == best)
        first = j if better else first
        klass = shown & 7 if better else klass
        best = s if better else best
    _count_show(ws, m, best, nb, klass)
    return best, first


@kernel(inline=True)
def _count_show(ws, m, best, nb, klass):
    """The show's events: the winning class, a tie, the dealer's win; added as compares, not branches (the
    dealer holds the best hand about one deal in m, a branch the predictor loses)."""
    ws.ev[E_WON + TRICON - klass] += 1
    ws.ev[E.ties] += np.int64(nb > 1)
    ws.ev[E.dealer_won] += np.int64(ws.sr[m - 1] == best)


@kernel(inline=True)
def dealer_penalty(cfg, ws, m):
    """p. 76: a dealer holding Tricon, Sequence, Flush or Pair who is beaten pays every player / each better hand.

    Inlined (small, two call sites): a call passes the whole workspace, and since the workspace has fewer arrays
    LLVM no longer inlines the call by itself (bench: dealer-penalty-better 0.082 -> 0.074 of the floor)."""
    mode = cfg[0][P.dealer_penalty]
    sr = ws.sr
    d = m - 1
    if mode == DP_NONE or klass_of(cfg, hid(ws, d)) == POINT:
        return
    beaten = False
    for j in range(d):
        if sr[j] > sr[d]:
            beaten = True
    if not beaten:
        return
    for j in range(d):
        if mode == DP_ALL or sr[j] > sr[d]:
            L.pay(ws, ws.seat_of[d], ws.seat_of[j], 1, R.dealer_penalty, L.NO_COMPARTMENT)
            ws.ev[E.dealer_penalty_paid] += 1


# ----------------------------------------------------------------------------------------------------------
# the trace


@kernel(inline=True)
def act(ws, hand_no, seat, kind, out_card, in_card, other):
    """Trace one action (nothing when not tracing)."""
    k = L.next_action(ws)
    if k >= 0:
        a = ws.tr_actions
        a[k, 0] = hand_no
        a[k, 1] = seat
        a[k, 2] = kind
        a[k, 3] = out_card
        a[k, 4] = in_card
        a[k, 5] = other
        a[k, TR_LAST] = 0


@kernel(inline=True)
def end_line(ws):
    """Trace: the last action recorded ends a hand's line of play."""
    L.mark_last(ws, TR_LAST, 1)


@kernel
def rec_dealt(cfg, ws, m, dealer):
    """Trace: open the record of a new hand (cards dealt)."""
    tr = ws.tr_hands
    if not ws.tracing[0] or ws.tr_count[2] >= tr.shape[0]:
        return
    k = ws.tr_count[2]
    for s in range(MAX_SEATS + 1):
        for c in range(TR_W):
            tr[k, s, c] = -1
    for s in range(MAX_SEATS):
        tr[k, s, 7] = ws.lives[s]
        tr[k, s, 9] = 0
    for j in range(m):
        s = ws.seat_of[j]
        for c in range(3):
            tr[k, s, c] = ws.hands[j, c]
        tr[k, s, 9] = 1
    if cfg[0][P.game] == OLD:
        for c in range(3):
            tr[k, MAX_SEATS, c] = ws.widow[c]
    tr[k, MAX_SEATS, 6] = dealer


@kernel
def rec_shown(cfg, ws, m, capped, top, circuits):
    """Trace: close the record of a hand (cards shown)."""
    tr = ws.tr_hands
    if not ws.tracing[0] or ws.tr_count[2] >= tr.shape[0]:
        return
    k = ws.tr_count[2]
    for j in range(m):
        s = ws.seat_of[j]
        for c in range(3):
            tr[k, s, 3 + c] = ws.hands[j, c]
        tr[k, s, 6] = ws.sr[j]
        tr[k, s, 8] = klass_of(cfg, hid(ws, j))
    if cfg[0][P.game] == OLD:
        for c in range(3):
            tr[k, MAX_SEATS, 3 + c] = ws.widow[c]
    tr[k, MAX_SEATS, 7] = capped
    tr[k, MAX_SEATS, 8] = top
    tr[k, MAX_SEATS, 9] = circuits
    ws.tr_count[2] += 1
