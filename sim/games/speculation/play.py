"""The kernels of a deal of Speculation (pp. 77-79): stakes, the deal, the trump card, the exposures, the end.

``play_deal`` is deterministic given the pack and the seats' streams. The pack in use is ``ws.pack``: a fresh
deal takes up the session's next shuffle (``ws.deck``, made by ``deal_cards`` before every deal whether used or
not, so that deal i of a session sees the same shuffle under every rule); a deal after an honour turn-up keeps
the hands and turns the next card (p. 78); under continuous_pack the pack is dealt on until it cannot make a
whole deal.

The shuffle is lazy: each deck has a stream of its own (a deck stream seeded from one draw of the session's,
sim.rng) and is settled by forward Fisher-Yates steps, two at a time, only as far as its cards are dealt
(``_draw_to``): a deal of four players settles 14 cards, not 52, from four draws. The cards settled do not depend
on when they are settled, so a trace workspace, which settles every deck whole, deals what a run deals; a stacked
deck is taken as settled.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.speculation import odds as O
from sim.games.speculation.market import market, offer
from sim.games.speculation.rules import (
    A_CARD2,
    A_CARD3,
    A_CHIEF,
    CARD_SALE,
    CHIEF_SALE,
    END_ROW,
    EXPOSE_ROW,
    HAND,
    HAND_ROW,
    HIDDEN_SALE,
    POOL,
    POOL_OWNS,
    R_PENALTY,
    R_POOL,
    R_STAKE,
    REVEAL_ROW,
    SPARE_OWNS,
    SPARE_SHOWN,
    STAKES_HOYLE,
    TURNED,
    TURNUP_ROW,
    TURNUP_SALE,
    UNBEATEN,
    E,
    P,
)
from sim.games.speculation.state import (
    DEALT,
    FRESH,
    KNAVES_FIVES,
    PACK_MASK,
    SEEN,
    SPARE_ROW,
    ST_BEST,
    ST_CHIEF,
    ST_HIDDEN,
    ST_LAST_CHIEF,
    ST_MARKET,
    ST_NEXT,
    ST_PENDING,
    ST_POS,
    ST_SLOT,
    ST_TRUMP_SHOWN,
    ST_TURNUP,
    WHOLE,
    lowest_honour,
    row,
)
from sim.games.speculation.state import DECK as D_DECK
from sim.games.speculation.state import PACK as D_PACK

# -- the session, the shuffle, the floor ---------------------------------------------------------------------


@kernel(merged=True)
def begin_session(cfg, ws, seats, seed, session):
    rng.seed_stream(ws.deck_rng, seed, session, 0)
    for s in range(cfg[0][P.players]):
        rng.seed_stream(ws.seat_rng[s], seed, session, 1 + s)
    ws.board[POOL] = 0
    ws.st[ST_POS] = cfg[1].shape[0]  # the first deal takes up a fresh pack
    ws.st[ST_PENDING] = 0
    ws.masks[SEEN] = O.ZERO
    ws.masks[DEALT] = O.ZERO
    ws.st[ST_MARKET] = market(seats[0], cfg[0][P.players])
    ws.drawn[D_DECK] = cfg[1].shape[0]  # a deck written into ws.deck before any deal_cards (stacked) is settled


@kernel(merged=True)
def deal_cards(cfg, ws, dealer):
    """The next deck: the pack in order and a stream of its own (seeded from one draw of the session's), to be
    shuffled as it is dealt (``_draw_to``); a trace workspace settles it whole here, so that the trace can show it."""
    pack = cfg[1]
    size = pack.shape[0]
    for j in range(size):
        ws.deck[j] = pack[j]
    rng.seed_deck(ws.pack_rng[D_DECK], rng.next_u64(ws.deck_rng))
    ws.drawn[D_DECK] = 0
    if ws.drawn[WHOLE] != 0:
        _draw_to(ws.deck, ws.pack_rng, ws.drawn, D_DECK, size, size)


@kernel(merged=True)
def _draw_to(cards, states, drawn, which, upto, size):
    """Forward Fisher-Yates steps on ``cards[:size]`` until ``cards[:upto]`` is settled: step i swaps card i with
    one of cards i .. size - 1 drawn from deck stream ``states[which]`` (sim.rng.deal_forward: two steps from each
    32-bit half, so ``drawn`` may pass ``upto`` by one)."""
    i = drawn[which]
    if i < upto:
        drawn[which] = rng.deal_forward(states[which], cards, i, upto, size)


@kernel
def deal_hands(cfg, ws, dealer):
    """Deal ``ws.deck`` as a fresh deal (the bench's floor): the hands, the spare hand."""
    prm, topos = cfg[0], cfg[2]
    n, spare = prm[P.players], prm[P.spare_hand]
    _draw_to(ws.deck, ws.pack_rng, ws.drawn, D_DECK, HAND * (n + spare) + 1, cfg[1].shape[0])
    _deal(ws, ws.deck, topos, 0, dealer, n, spare)
    return np.int64(ws.hand[0, 0])


@kernel(merged=True)
def end_session(cfg, ws, row_out, col):
    row_out[col] += ws.board[POOL]  # board_left: a pool carried out of the last deal


# -- the deal -------------------------------------------------------------------------------------------------


@kernel(inline=True)
def _deal(ws, cards, topos, pos, dealer, n, spare):
    """Three cards each, one at a time from the dealer's left (the spare hand last in each round); a pile's top
    card, exposed first, is the one dealt last. Returns the position in ``cards`` after the deal."""
    rows = n + spare
    dealt = O.ZERO
    for j in range(HAND):
        r = dealer
        for i in range(rows):
            r = _left(r, n) if i < n else SPARE_ROW
            x = topos[cards[pos]]
            pos += 1
            ws.hand[r, HAND - 1 - j] = x
            dealt |= O.bit(x)
    for r in range(SPARE_ROW + 1):
        ws.shown[r] = 0
    ws.masks[DEALT] = dealt
    return pos


@kernel(inline=True)
def _left(s, n):
    """The seat on the left of seat s: (s + 1) % n without a division (a deal steps round the table often)."""
    s += 1
    return s if s < n else s - n


@kernel(inline=True)
def _take_cards(cfg, ws, dealer, n):
    """The hands this deal plays: kept after an honour turn-up, dealt on (continuous_pack), or a fresh pack."""
    prm, pack, topos = cfg[0], cfg[1], cfg[2]
    size = pack.shape[0]
    spare = prm[P.spare_hand]
    need = HAND * (n + spare) + 1
    pos = ws.st[ST_POS]
    if ws.st[ST_PENDING] == 1 and pos < size:
        ws.ev[E.hands_kept] += 1
        _draw_to(ws.pack, ws.pack_rng, ws.drawn, D_PACK, pos + 1, size)  # the next card, to be turned
    else:
        if prm[P.continuous_pack] == 0 or pos + need > size:
            for j in range(size):
                ws.pack[j] = ws.deck[j]
            for i in range(4):
                ws.pack_rng[D_PACK, i] = ws.pack_rng[D_DECK, i]
            ws.drawn[D_PACK] = ws.drawn[D_DECK]
            pos = 0
            ws.masks[SEEN] = O.ZERO
            ws.ev[E.fresh_packs] += 1
        _draw_to(ws.pack, ws.pack_rng, ws.drawn, D_PACK, pos + need, size)  # the hands and the trump card
        new = _deal(ws, ws.pack, topos, pos, dealer, n, spare)
        ws.ev[E.cards_dealt] += new - pos
        pos = new
    ws.st[ST_POS] = pos
    ws.st[ST_PENDING] = 0
    if ws.tracing[0]:
        for r in range(n + spare):
            seat = r if r < n else SPARE_OWNS
            w = r if r < n else SPARE_ROW
            row(ws, HAND_ROW, seat, ws.hand[w, 0], -1, 0)
            L.mark_last(ws, A_CARD2, ws.hand[w, 1])
            L.mark_last(ws, A_CARD3, ws.hand[w, 2])


@kernel(inline=True)
def _penalty(cfg, ws, owner, x):
    """knave_five (p. 79): the owner of a knave or five turned up pays into the pool."""
    kf = cfg[0][P.knave_five]
    if kf > 0 and owner >= 0 and (cfg[4][KNAVES_FIVES] >> np.uint64(x)) & O.ONE != O.ZERO:
        L.pay(ws, owner, L.BOARD, kf, R_PENALTY, POOL)
        ws.ev[E.knave_five_penalties] += 1
        ws.ev[E.penalty_counters] += kf


@kernel(inline=True)
def _odds(cfg, ws):
    """From what everyone sees: (P(the best trump shown stands), the value of one hidden place). A hidden place
    holds the winner with an equal share of the chance that the best is beaten, less a knave-five penalty's."""
    inv = cfg[3]
    unseen = cfg[4][PACK_MASK] & ~ws.masks[SEEN]
    u = O.count(unseen)
    k = ws.st[ST_HIDDEN]
    stands = O.stands_at(cfg[5], u, u - k, O.count(unseen & O.above(ws.st[ST_BEST])))
    place = (1.0 - stands) * inv[k] * ws.board[POOL]
    place -= cfg[0][P.knave_five] * O.count(unseen & cfg[4][KNAVES_FIVES]) * inv[u]
    return stands, place


@kernel(inline=True)
def _turnup_chance(prm, ws, unseen, inv):
    """P(the trump card about to be turned wins): ``O.turnup_wins``. From a fresh pack (nothing seen) its
    arguments - the whole pack unseen, every hand's cards hidden, the honours rule - are the same deal after deal
    and session after session, so it is kept with them (``ws.fresh``, ``ws.masks[FRESH]``) and read while they
    match: the same number, without the walk over the pack (measured: see the commits that made it)."""
    k = ws.st[ST_HIDDEN]
    honour = lowest_honour(prm)
    if ws.masks[SEEN] != O.ZERO:
        return O.turnup_wins(unseen, k, honour, inv)
    if ws.masks[FRESH] != unseen or ws.fresh[1] != k or ws.fresh[2] != honour:
        ws.fresh[0] = O.turnup_wins(unseen, k, honour, inv)
        ws.masks[FRESH] = unseen
        ws.fresh[1] = k
        ws.fresh[2] = honour
    return ws.fresh[0]


@kernel(inline=True)
def _turn_up(cfg, ws, seats, dealer, n):
    """The trump card: the dealer may sell it unseen (p. 78), then it is turned. Returns its owner."""
    prm, topos, inv, masks = cfg[0], cfg[2], cfg[3], cfg[4]
    pos = ws.st[ST_POS]
    x = topos[ws.pack[pos]]
    ws.st[ST_POS] = pos + 1
    ws.ev[E.cards_dealt] += 1
    ws.st[ST_HIDDEN] = HAND * (n + prm[P.spare_hand])
    ws.st[ST_CHIEF] = POOL_OWNS
    ws.st[ST_BEST] = -1
    owner = dealer
    if prm[P.pool_turnup] == 1:
        owner = POOL_OWNS
    else:
        unseen = masks[PACK_MASK] & ~ws.masks[SEEN]
        value = _turnup_chance(prm, ws, unseen, inv) * ws.board[POOL]
        value -= prm[P.knave_five] * O.count(unseen & masks[KNAVES_FIVES]) * inv[O.count(unseen)]
        buyer, _ = offer(cfg, ws, seats, TURNUP_SALE, dealer, value, x, 0)
        if buyer >= 0:
            owner = buyer
    ws.masks[SEEN] |= O.bit(x)
    ws.st[ST_TURNUP] = x
    ws.st[ST_BEST] = x
    ws.st[ST_CHIEF] = owner
    ws.st[ST_LAST_CHIEF] = owner
    strength = x & 15
    ws.ev[TURNED + strength] += 1
    if ws.masks[DEALT] & O.above(x) == O.ZERO:
        ws.ev[UNBEATEN + strength] += 1
    row(ws, TURNUP_ROW, owner, x, dealer, 0)
    _penalty(cfg, ws, owner, x)
    return owner


@kernel(merged=True)
def _settle(ws, dealer, carried):
    """The pool to the chief, or left for the next deal. ``won`` marks the chief (the dealer for the pool)."""
    chief = ws.st[ST_CHIEF]
    last = ws.st[ST_LAST_CHIEF]
    ws.won[last if last >= 0 else dealer] = 1
    if carried or chief < 0:
        ws.ev[E.pools_carried] += 1
        ws.ev[E.pool_carried_counters] += ws.board[POOL]
        row(ws, END_ROW, chief, -1, 0, 0)
        return
    amount = L.take(ws, POOL, chief, R_POOL)
    ws.ev[E.pools_taken] += 1
    ws.ev[E.pool_counters] += amount
    if ws.st[ST_BEST] == ws.st[ST_TURNUP]:
        ws.ev[E.turnup_pools] += 1
        ws.ev[E.turnup_pool_counters] += amount
    row(ws, END_ROW, chief, -1, amount, 0)


@kernel(merged=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal with ``dealer`` dealing; returns the next dealer (the deal passes to the left, p. 78).

    ``ws.board`` (the pool) is carried in and out; ``ws.net``, ``ws.won`` and ``ws.ev`` are this deal's.
    """
    prm = cfg[0]
    n = prm[P.players]
    L.begin_deal(ws, n)
    stake, dealer_stake = (4, 6) if prm[P.stakes] == STAKES_HOYLE else (1, 2)
    for s in range(n):
        L.pay(ws, s, L.BOARD, dealer_stake if s == dealer else stake, R_STAKE, POOL)
    _take_cards(cfg, ws, dealer, n)
    owner = _turn_up(cfg, ws, seats, dealer, n)
    if ws.st[ST_TURNUP] & 15 >= lowest_honour(prm):  # an honour: the pool at once, the deal passes (p. 78)
        ws.ev[E.honour_turnups] += 1
        ws.st[ST_PENDING] = 1 - prm[P.honour_redeal]
        _settle(ws, dealer, False)
        return _left(dealer, n)
    ws.st[ST_NEXT] = _left(owner, n) if owner >= 0 else _left(dealer, n)
    ws.st[ST_TRUMP_SHOWN] = 0
    while _step(cfg, ws, seats, n):
        pass
    _chief_sells_hidden(cfg, ws, seats, n)
    _show_chief(cfg, ws)
    carried = _show_spare(cfg, ws)
    if ws.st[ST_TRUMP_SHOWN] == 0:
        ws.ev[E.no_trump_shown] += 1
    _settle(ws, dealer, carried)
    return _left(dealer, n)


@kernel(inline=True)
def _step(cfg, ws, seats, n):
    """One step of play: the chief may sell his trump; the next player may sell the card he is to expose, then
    exposes it. Returns False when every card but the chief's is exposed."""
    stands, place = _odds(cfg, ws)  # a sale of the chief's trump shows nothing, so one reckoning serves the step
    chief = ws.st[ST_CHIEF]
    if chief >= 0:
        buyer, _ = offer(cfg, ws, seats, CHIEF_SALE, chief, stands * ws.board[POOL], ws.st[ST_BEST], 0)
        if buyer >= 0:  # the buyer is chief, the player on his left goes next (p. 79)
            _new_chief(ws, buyer)
            L.mark_last(ws, A_CHIEF, buyer)  # the sale's trace row shows the chief after it
            ws.st[ST_NEXT] = _left(buyer, n)
            chief = buyer
    p = -1
    q = ws.st[ST_NEXT]
    for _ in range(n):  # from ST_NEXT round to the left
        if q != chief and ws.shown[q] < HAND:
            p = q
            break
        q = _left(q, n)
    if p < 0:
        return False
    x = ws.hand[p, ws.shown[p]]
    buyer, _ = offer(cfg, ws, seats, CARD_SALE, p, place, x, 0)
    ws.shown[p] += 1
    holder = _expose(ws, x, p, buyer)
    ws.st[ST_NEXT] = _left(holder, n)
    row(ws, EXPOSE_ROW, p, x, holder, 0)
    _penalty(cfg, ws, buyer if buyer >= 0 else p, x)
    return True


@kernel(inline=True)
def _expose(ws, x, seat, buyer):
    """Card x of ``seat`` is turned up. A higher trump makes its owner chief - the buyer's if it was sold
    before it was turned (p. 79); any other card stays with its holder, of no value. Returns who holds it."""
    ws.st[ST_HIDDEN] -= 1
    ws.masks[SEEN] |= O.bit(x)
    ws.ev[E.exposures] += 1
    best = ws.st[ST_BEST]
    if x & ~15 != best & ~15:
        return seat
    ws.st[ST_TRUMP_SHOWN] = 1
    if x < best:
        return seat
    holder = seat
    if buyer >= 0:
        holder = buyer
        ws.ev[E.card_sales_trump] += 1
    ws.st[ST_BEST] = x
    _new_chief(ws, holder)
    return holder


@kernel(inline=True)
def _new_chief(ws, seat):
    if seat != ws.st[ST_CHIEF]:
        ws.ev[E.chief_changes] += 1
    ws.st[ST_CHIEF] = seat
    ws.st[ST_LAST_CHIEF] = seat


@kernel(inline=True)
def _chief_sells_hidden(cfg, ws, seats, n):
    """The end: the chief may sell his unexposed cards, all together, else one at a time (p. 78)."""
    chief = ws.st[ST_CHIEF]
    for j in range(HAND):
        ws.owner[j] = chief
    if chief < 0 or ws.shown[chief] >= HAND:
        return
    first = ws.shown[chief]
    lot = HAND - first
    one = _odds(cfg, ws)[1]
    ws.st[ST_SLOT] = -1  # all of them together
    buyer, _ = offer(cfg, ws, seats, HIDDEN_SALE, chief, one * lot, -1, lot)
    if buyer >= 0:
        for j in range(first, HAND):
            ws.owner[j] = buyer
        return
    if lot > 1:
        for j in range(first, HAND):
            ws.st[ST_SLOT] = j  # which of his cards is offered: public, unlike the card itself
            buyer, _ = offer(cfg, ws, seats, HIDDEN_SALE, chief, one, ws.hand[chief, j], 0)
            if buyer >= 0:
                ws.owner[j] = buyer


@kernel(merged=True)
def _show_chief(cfg, ws):
    """The chief's unexposed cards are turned up; a higher trump among them wins for its owner."""
    chief = ws.st[ST_CHIEF]
    if chief < 0:
        return
    for j in range(ws.shown[chief], HAND):
        x = ws.hand[chief, j]
        who = ws.owner[j]
        holder = _expose(ws, x, who, -1)
        row(ws, REVEAL_ROW, who, x, holder, 0)
        _penalty(cfg, ws, who, x)
    ws.shown[chief] = HAND


@kernel(merged=True)
def _show_spare(cfg, ws):
    """spare_hand (p. 79): the spare hand is turned up last; True if it holds the winning trump."""
    if cfg[0][P.spare_hand] == 0:
        return False
    carried = False
    for j in range(HAND):
        x = ws.hand[SPARE_ROW, j]
        ws.masks[SEEN] |= O.bit(x)
        ws.st[ST_HIDDEN] -= 1
        if x & ~15 == ws.st[ST_BEST] & ~15:
            ws.st[ST_TRUMP_SHOWN] = 1
            if x > ws.st[ST_BEST]:
                ws.st[ST_BEST] = x
                ws.st[ST_CHIEF] = SPARE_OWNS
                carried = True
        row(ws, SPARE_SHOWN, SPARE_OWNS, x, -1, 0)
    ws.shown[SPARE_ROW] = HAND
    return carried
