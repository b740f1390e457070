"""The kernels: a whole game of Snip-Snap-Snorum, deal after deal, to the last player in.

The decks of a game. ``ws.deck`` holds SLOTS + 1 decks of the pack's size, in the order dealt. Deck j of a game
(the j-th time the pack is shuffled) is slot j when that slot holds a deck, else a fresh shuffle from the game's
stream written into slot j (slot SLOTS once the first SLOTS are used). ``deal_cards`` shuffles slot 0 and empties
the others (a slot is empty when its first card is -1), so a run's game draws its decks from its own stream; a
stacked-deck trace writes one to SLOTS decks into the slots and the game is dealt from them, then from its
stream. A given deck that is not the whole pack stops the game (``ST_BAD``; the trace refuses it).

    stock   int8[64]      the undealt pack, its top at ``stock[st[ST_STOCK] - 1]`` (eliminated players' cards are
                          put on top, p. 92)
    hand    uint64[10]    each seat's cards (bit c = card code c)
    seen    uint64[1]     cards played or turned up since the pack was last gathered: what every player has seen
    lives   int64[10]     counters each player has left; inn int64[10]: 1 while he is in the game
    role    int64[10]     this deal's place left of the dealer among those in (-1: not dealt to)
    dpaid   int64[10]     penalties paid this deal; spell int64[10]: spells of play this deal
    st      int64[20]     the game's scalars (ST_* below)
    board   int64[1]      the pool
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games._common import MAX_SEATS
from sim.games.snipsnap._book import (
    BOOK,
    DEALER_PAYS,
    EVENTS,
    HAND,
    K_CARD,
    K_GATHER,
    K_OUT,
    K_PLAY,
    POOL,
    R_MISS,
    R_TURNUP,
    ROLLOUT,
    SLOTS,
    TR_CALL,
    TR_CARD,
    TR_COLUMNS,
    TR_DEAL,
    TR_EXTRA,
    TR_KIND,
    TR_PAYS,
    TR_SEAT,
    E,
    P,
)
from sim.games.snipsnap._choose import bit, free_card, pair_ranks, rank

(ST_STOCK, ST_SHUFFLES, ST_BAD, ST_IN, ST_FIRST_OUT, ST_DEAL, ST_TURNS, ST_OUT_DEAL, ST_OUT_TURN, ST_OVER, ST_PREV,
 ST_PREV_SEAT, ST_CHAIN, ST_DEALER, ST_LEAD, ST_LAST, ST_WINNER, ST_PACK, ST_M) = range(19)  # fmt: skip
ST_CHOICE = 19  # a rollout seat's free card, chosen before its turn is played (_rollout)
ST_FRESH = 20  # 1 from deal_cards to the first deal: slot 0 holds the stream's own shuffle, so is the whole pack
ST_SIZE = 21
TURNUP_SEAT = -2  # the "player" of the turn-up card: its Snip is paid as turnup_payer says
TRACE_MIN = 1 << 15  # trace rows of a traced game (a whole game, not one deal)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per game)."""

    deck: np.ndarray  # int8[(SLOTS + 1) * 52]: the decks of the game (module docstring)
    stock: np.ndarray
    hand: np.ndarray
    lives: np.ndarray
    inn: np.ndarray
    role: np.ndarray
    dpaid: np.ndarray
    spell: np.ndarray
    seen: np.ndarray
    st: np.ndarray
    deck_rng: np.ndarray  # uint64[4]: the session's stream (purpose 0); each game seeds game_rng from it
    game_rng: np.ndarray  # uint64[4]: the decks of this game
    seat_rng: np.ndarray  # uint64[10, 4]: each seat's strategy stream (purpose 1 + s)
    board: np.ndarray
    net: np.ndarray  # int64[10]: this game's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10]: 1 for the winner
    ev: np.ndarray  # int64[len(EVENTS)]: this game's events
    tracing: np.ndarray
    tr_actions: np.ndarray  # int64[k, 7]: kind, deal, seat, card, call, payments before, extra (_book TR_*)
    tr_pays: np.ndarray
    tr_count: np.ndarray
    # rollout's scratch (_rollout): a second copy of the game's state, over which a workspace is built in place
    # to play a deal out; the book seats that play it; the unseen cards; each rank's summed net
    x_stock: np.ndarray
    x_hand: np.ndarray
    x_lives: np.ndarray
    x_inn: np.ndarray
    x_role: np.ndarray
    x_dpaid: np.ndarray
    x_spell: np.ndarray
    x_seen: np.ndarray
    x_st: np.ndarray
    x_board: np.ndarray
    x_net: np.ndarray
    x_won: np.ndarray
    x_ev: np.ndarray
    x_tracing: np.ndarray
    x_pol: np.ndarray
    x_par: np.ndarray
    unseen: np.ndarray
    score: np.ndarray
    void: np.ndarray  # int64[10]: ranks (13-bit masks) each player is known by all to lack this deal (_turns)
    x_void: np.ndarray
    sample: np.ndarray  # uint64[10]: the other hands of a sampled deal; cap int64[11]: room left in each, the stock
    cap: np.ndarray


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    rows = trace_rows if trace_rows <= 1 else max(trace_rows, TRACE_MIN)
    return Workspace(
        np.full((SLOTS + 1) * 52, -1, dtype=np.int8),
        np.zeros(64, dtype=np.int8),
        np.zeros(MAX_SEATS, dtype=np.uint64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
        np.zeros(ST_SIZE, dtype=np.int64),
        np.empty(4, dtype=np.uint64),
        np.empty(4, dtype=np.uint64),
        np.empty((MAX_SEATS, 4), dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(len(EVENTS), dtype=np.int64),
        np.zeros(1, dtype=np.bool_),
        np.zeros((rows, TR_COLUMNS), dtype=np.int64),
        np.zeros((rows, 5), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(64, dtype=np.int8),
        np.zeros(MAX_SEATS, dtype=np.uint64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
        np.zeros(ST_SIZE, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(len(EVENTS), dtype=np.int64),
        np.zeros(1, dtype=np.bool_),
        np.full(MAX_SEATS, BOOK, dtype=np.int64),
        np.full(MAX_SEATS, np.nan),
        np.zeros(64, dtype=np.int8),
        np.zeros(13, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.uint64),
        np.zeros(MAX_SEATS + 1, dtype=np.int64),
    )


# -- the session and its decks ---------------------------------------------------------------------------------


@kernel
def _reseed(dst, src):
    """Seed stream ``dst`` with four draws of stream ``src``."""
    rng.reseed(dst, src)
    if dst[0] == 0 and dst[1] == 0 and dst[2] == 0 and dst[3] == 0:  # pragma: no cover
        dst[0] = np.uint64(1)


@kernel
def _shuffle_into(deck, state, pack, slot):
    """A fresh deck from the game's stream ``state`` into ``slot`` of ``deck``: the pack in code order,
    Fisher-Yates shuffled.

    Each position draws as ``rng.bounded(state, i + 1)`` would (one stream output per draw, its high 32 bits,
    Lemire's multiply-and-reject), so the decks are the same; but the stream's state is held in locals and stored
    back once, not loaded and stored per draw (measured: see the commit that made it). It takes the two arrays it
    uses, not the workspace: a call passing the workspace's 43 arrays (some 300 words) spent as long writing them
    as the shuffle itself (perf: half of ``_new_pack``'s time). Positions are unsigned: a signed index is tested
    for wrapping round at every card.
    """
    size = pack.shape[0]
    base = np.uint64(slot * size)
    for i in range(size):
        deck[base + np.uint64(i)] = pack[i]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for i in range(size - 1, 0, -1):
        r, s0, s1, s2, s3 = rng.bounded_step(np.uint64(i + 1), s0, s1, s2, s3)
        a = base + np.uint64(i)
        j = base + np.uint64(r)
        tmp = deck[a]
        deck[a] = deck[j]
        deck[j] = tmp
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


@kernel
def begin_session(cfg, ws, seats, seed, session):
    prm, pack = cfg
    rng.seed_stream(ws.deck_rng, seed, session, 0)
    for s in range(prm[P.players]):
        rng.seed_stream(ws.seat_rng[s], seed, session, 1 + s)
    _reseed(ws.game_rng, ws.deck_rng)
    ws.board[POOL] = 0
    ws.st[ST_FRESH] = 0  # a deck written into slot 0 after this (a stacked trace) is checked
    size = pack.shape[0]
    for j in range(SLOTS + 1):
        ws.deck[j * size] = -1
    mask = np.uint64(0)
    for i in range(size):
        mask |= bit(pack[i])
    ws.st[ST_PACK] = np.int64(mask)


@kernel
def deal_cards(cfg, ws, dealer):
    """The game's first deck, into slot 0, from a stream seeded by the session's (later decks: ``_new_pack``)."""
    pack = cfg[1]
    _reseed(ws.game_rng, ws.deck_rng)
    _shuffle_into(ws.deck, ws.game_rng, pack, 0)
    for j in range(1, SLOTS + 1):
        ws.deck[j * pack.shape[0]] = -1
    ws.st[ST_FRESH] = 1


@kernel
def deal_hands(cfg, ws, dealer):
    """The first deal of the game from slot 0, for the bench floor: five cards each, or the whole pack."""
    prm, pack = cfg
    n = prm[P.players]
    cards = pack.shape[0] if prm[P.whole_pack] else HAND * n
    for s in range(n):
        ws.hand[s] = 0
    for i in range(cards):
        s = (dealer + 1 + i) % n
        ws.hand[s] |= bit(ws.deck[i])
    return np.int64(ws.hand[0] & np.uint64(1))


@kernel
def end_session(cfg, ws, row, col):
    pass


@kernel(inline=True)
def _note(ws, kind, seat, card, call, extra):
    k = L.next_action(ws)
    if k >= 0:
        a = ws.tr_actions
        a[k, TR_KIND] = kind
        a[k, TR_DEAL] = ws.st[ST_DEAL]
        a[k, TR_SEAT] = seat
        a[k, TR_CARD] = card
        a[k, TR_CALL] = call
        a[k, TR_PAYS] = ws.tr_count[1]
        a[k, TR_EXTRA] = extra


@kernel
def _is_pack(ws, base, size):
    """Whether ``deck[base : base + size]`` is the whole pack, each card once."""
    seen = np.uint64(0)
    for i in range(size):
        c = ws.deck[base + i]
        if c < 0 or c >= 52 or (seen & bit(c)) != 0:
            return False
        seen |= bit(c)
    return np.int64(seen) == ws.st[ST_PACK]


@kernel(inline=True)
def _new_pack(cfg, ws):
    """Gather the pack and deal from deck j of the game (the module docstring): every card back in the stock.

    Inlined into the two deals: a call of its own passed the whole workspace at every deal (perf).
    """
    pack = cfg[1]
    size = pack.shape[0]
    st = ws.st
    j = st[ST_SHUFFLES]
    slot = j if j < SLOTS else SLOTS
    base = slot * size
    fresh = st[ST_FRESH] != 0 and j == 0  # the stream's shuffle (deal_cards): no need to check it
    st[ST_FRESH] = 0
    if j < SLOTS and ws.deck[base] >= 0:
        if not fresh and not _is_pack(ws, base, size):
            st[ST_BAD] = 1
            st[ST_OVER] = 1
            return
    else:
        _shuffle_into(ws.deck, ws.game_rng, pack, slot)
    top = np.uint64(base + size - 1)  # unsigned, as in _shuffle_into: a signed index made this copy a gather
    for i in range(size):
        ws.stock[i] = ws.deck[top - np.uint64(i)]
    st[ST_STOCK] = size
    st[ST_SHUFFLES] = j + 1
    ws.seen[0] = 0
    _note(ws, K_GATHER, -1, -1, 0, j)


# -- seats, cards and counters ------------------------------------------------------------------------------------


@kernel(inline=True)
def _next_in(ws, s, n):
    """The next player left of seat s who is still in the game (s itself if he is the only one)."""
    q = s
    for _ in range(n):  # q steps left round the table: s + 1, s + 2 ... (no division per step)
        q += 1
        if q == n:
            q = 0
        if ws.inn[q] != 0:
            return q
    return s


@kernel(inline=True)
def _in_mask(ws, n):
    """The seats still in the game as a mask (bit s for seat s), for a deal's loop to step round by ``_next_of``."""
    m = np.uint64(0)
    for s in range(n):
        if ws.inn[s] != 0:
            m |= bit(s)
    return m


@kernel(inline=True)
def _next_of(mask, s):
    """As ``_next_in`` over the seats of a nonempty ``_in_mask``: the lowest seat above s, else the lowest. No loop
    (perf: ``_next_in``'s loop, a step and a load per seat passed, was a twentieth of a standard game)."""
    above = mask & (~np.uint64(0) << np.uint64(s + 1))
    return np.int64(ctz(above if above != 0 else mask))


@kernel(inline=True)
def _deal_out(ws, inm, dealer, m, top, cards):
    """Deal ``cards`` cards one at a time from the top of the stock (``stock[top - 1]``) round the m seats of
    ``inm`` from the dealer's left; returns the new top.

    Untraced, each seat's cards (the p-th seat's are the cards p, p + m, p + 2m ... from the top) are gathered in a
    register and stored once: the same hands, without a chain of seat steps and stores from card to card (perf: the
    whole pack dealt a card at a time was a twentieth of a first-out game). Traced, card by card, each noted.
    """
    if ws.tracing[0]:
        s = dealer
        for _ in range(cards):
            s = _next_of(inm, s)
            top -= 1
            c = ws.stock[top]
            ws.hand[s] |= bit(c)
            _note(ws, K_CARD, s, c, 0, 0)
        return top
    s = dealer
    last = np.uint64(top - 1)
    for p in range(m):
        s = _next_of(inm, s)
        h = np.uint64(0)
        k = np.uint64(p)
        while k < np.uint64(cards):
            h |= bit(ws.stock[last - k])
            k += np.uint64(m)
        ws.hand[s] |= h
    return top - cards


@kernel(inline=True)
def _next_holder(ws, s, n):
    """The next player left of seat s who is in and has cards, or -1. (Seats unsigned: a signed index is tested
    for wrapping round at every load.)"""
    q = np.uint64(s)
    for _ in range(1, n):
        q += np.uint64(1)
        if q == np.uint64(n):
            q = np.uint64(0)
        if ws.inn[q] != 0 and ws.hand[q] != 0:
            return np.int64(q)
    return -1


@kernel(inline=True)
def _play_card(ws, seat, c, call):
    """Seat plays card c (traced with its call); it becomes the card the next player may pair."""
    st = ws.st
    ws.hand[seat] &= ~bit(c)
    ws.seen[0] |= bit(c)
    st[ST_TURNS] += 1
    ws.ev[E.turns] += 1
    if st[ST_LAST] != seat:
        ws.ev[E.spells] += 1
        ws.spell[seat] += 1
        st[ST_LAST] = seat
    _note(ws, K_PLAY, seat, c, call, 0)
    st[ST_PREV] = c
    st[ST_PREV_SEAT] = seat


@kernel
def _eliminate(ws, s):
    """Seat s has paid his last counter: he is out, his cards face down on top of the undealt pack (p. 92)."""
    st = ws.st
    ws.inn[s] = 0
    st[ST_IN] -= 1
    ws.ev[E.players_out] += 1
    dead = ws.hand[s]
    ws.hand[s] = 0
    _note(ws, K_OUT, s, -1, 0, np.int64(dead))
    while dead != 0:
        c = ctz(dead)
        dead &= dead - np.uint64(1)
        ws.stock[st[ST_STOCK]] = c
        st[ST_STOCK] += 1
    if st[ST_FIRST_OUT] < 0:
        st[ST_FIRST_OUT] = s
        st[ST_OUT_DEAL] = st[ST_DEAL]
        st[ST_OUT_TURN] = st[ST_TURNS]
    if st[ST_IN] == 1:
        st[ST_OVER] = 1


@kernel(inline=True)
def _charge(cfg, ws, s, amount, reason):
    """Seat s pays ``amount`` into the pool; one who owes more than he has pays what he has and is out (p. 92).
    With first_out the counters are unlimited (p. 94). Returns the counters paid."""
    if ws.inn[s] == 0:
        return 0
    paid = amount
    if cfg[0][P.first_out] == 0:
        paid = min(amount, ws.lives[s])
        ws.lives[s] -= paid
    L.pay(ws, s, L.BOARD, paid, reason, POOL)
    ws.dpaid[s] += paid
    if cfg[0][P.first_out] == 0 and ws.lives[s] == 0:
        _eliminate(ws, s)
    return paid


@kernel(inline=True)
def _pay_call(cfg, ws, payer, matcher, call):
    """The penalty of a pairing: the paired player pays 1, 2 or 3 for Snip, Snap, Snorum (p. 91). A turn-up's
    Snip is paid by the dealer into the pool, or by the pool to the elder hand (p. 94; an empty pool pays nothing).
    """
    if payer == TURNUP_SEAT:
        if cfg[0][P.turnup_payer] == DEALER_PAYS:
            paid = _charge(cfg, ws, ws.st[ST_DEALER], 1, R_TURNUP)
        else:
            paid = min(1, ws.board[POOL])
            L.pay(ws, L.BOARD, matcher, paid, R_TURNUP, POOL)
            ws.lives[matcher] += paid  # "adds it to his own stock"
        ws.ev[E.turnup_paid] += paid
        return
    ws.ev[E.snip_paid + call - 1] += _charge(cfg, ws, payer, call, call - 1)


@kernel(inline=True)
def _pair(cfg, ws, seat, same, call):
    """Seat pairs the card just played (he must, p. 93) with one of ``same``; its call is ``call``."""
    st = ws.st
    payer = st[ST_PREV_SEAT]
    if call == 1 and st[ST_PREV] == st[ST_LEAD]:
        ws.ev[E.leads_snipped] += 1
    _play_card(ws, seat, np.int64(ctz(same)), call)
    ws.ev[E.snips + call - 1] += 1
    if payer == TURNUP_SEAT:
        ws.ev[E.turnup_snips] += 1
    _pay_call(cfg, ws, payer, seat, call)
    st[ST_CHAIN] = call


@kernel
def _missed(cfg, ws, payer, seat, call):
    """Seat failed to pair when he could: the paired player pays as though he had, and he pays double (p. 93).
    (The book asks only that these be paid before the next cut; they are paid at once.)"""
    ws.ev[E.misses] += 1
    _pay_call(cfg, ws, payer, seat, call)
    if ws.st[ST_IN] > 1:  # the paired player's last counter ended the game: the last player in has won (p. 92)
        ws.ev[E.miss_paid] += _charge(cfg, ws, seat, 2 * call, R_MISS)
    ws.st[ST_CHAIN] = 0


@kernel(inline=True)
def _free(cfg, ws, seats, seat):
    """Seat plays the card his strategy chooses (nothing to pair); returns it."""
    h = ws.hand[seat]
    policy = seats[0][seat]
    if policy == ROLLOUT:
        c = ws.st[ST_CHOICE]  # searched before the turn (_rollout.decide)
    else:
        c = free_card(policy, h, ws.seen[0], ws.seat_rng[seat])
    pairs = pair_ranks(h)
    if pairs != 0:
        ws.ev[E.pair_choices] += 1
        if (pairs >> np.uint64(rank(c))) & np.uint64(1):
            ws.ev[E.pair_played] += 1
    _play_card(ws, seat, c, 0)
    ws.st[ST_CHAIN] = 0
    return c
