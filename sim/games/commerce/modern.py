"""The modern game, trade and barter (pp. 72-73), and its variations (extended, continuous, the dealer's penalty).

Everyone stakes one counter, the dealer two. From the elder hand, round and round, the dealer included, a player
stands or makes one trade: ready money (a card to the bottom of the stock, a stake to the dealer - the dealer's
own trades are free - and the top card of the stock) or barter (a card offered face down to his neighbour, who
gives one of his own unseen, or stands). After a trade he may stand. The first stand ends trading (under
``extended``, every player must stand, p. 76): the best hand takes the pool and a stake from the dealer (unless
the dealer wins); a stander who is beaten pays a stake to each better hand.
"""

from __future__ import annotations

import numpy as np

from sim._bits import ctz
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.commerce.rules import DP_NONE, TIE_ELDEST, P
from sim.games.commerce.strategies import ROLLOUT, THRESHOLD, barter_answer, modern_turn, stands_after
from sim.games.commerce.table import (
    B_ACT,
    B_BITS,
    B_GIVE,
    B_RANK,
    FLUSH,
    K_BARTER,
    K_BARTER_REFUSED,
    K_STAND,
    K_TRADE,
    LEVELS,
    POOL,
    STOOD,
    T_CAPPED,
    T_CHOICE,
    T_DRAWN,
    T_STANDER,
    T_STOOD,
    T_TOP,
    T_TURN,
    E,
    R,
    act,
    book_of,
    deal_round,
    dealer_penalty,
    draw_to,
    hid,
    klass_of,
    next_position,
    put,
    rec_dealt,
    rec_shown,
    show,
    show_kept,
    shown_of,
)

_U = np.uint64  # positions and seats index unsigned: a signed index costs numba's wrap-around (strategies._content)


@kernel(inline=True)
def _stand(ws, j, hand_no, tracing):
    """Position j stands."""
    ws.state[_U(j)] = STOOD
    ws.ev[E.stands] += 1
    if tracing:
        act(ws, hand_no, ws.seat_of[_U(j)], K_STAND, -1, -1, -1)


@kernel(inline=True)
def _one_counter(ws, frm, to, reason, tracing):
    """Seat frm pays seat to a counter: traced through L.pay (which lists it), else two adds."""
    if tracing:
        L.pay(ws, frm, to, 1, reason, L.NO_COMPARTMENT)
    else:
        ws.net[_U(frm)] -= 1
        ws.net[_U(to)] += 1


@kernel(inline=True)
def _ready_money(cfg, ws, j, i, top, m, hand_no, tracing):
    """Position j trades slot i for ready money: the card out goes under the stock, the top card comes in (p. 73).

    Returns the new top of the stock (a ring in deck[3m:]).
    """
    prm = cfg[0]
    d = m - 1
    base = 3 * m
    length = prm[P.pack] - base
    out_card = ws.hands[_U(j), _U(i)]
    if base + top >= ws.turn[T_DRAWN]:
        draw_to(ws, base + top + 1, prm[P.pack])
    k = _U(base + top)
    in_card = np.int64(ws.deck[k])
    ws.deck[k] = out_card
    top += 1
    if top == length:
        top = 0
    put(ws.hands, j, i, in_card)
    ws.ev[E.trades] += 1
    if tracing:
        act(ws, hand_no, ws.seat_of[_U(j)], K_TRADE, out_card, in_card, ws.seat_of[_U(d)])
    if j != d:  # the dealer trades free
        _one_counter(ws, ws.seat_of[_U(j)], ws.seat_of[_U(d)], R.ready_money, tracing)
        ws.ev[E.dealer_takings] += 1
    return top


@kernel(inline=True)
def _barter(cfg, ws, seats, j, q, i, hand_no, circuit, tracing):
    """Position j offers slot i to his neighbour q: a blind swap, unless q stands on his cards (p. 73).

    Returns False when the barter is refused (the caller has q stand).
    """
    g = barter_answer(cfg, ws, seats, q, circuit)
    out_card = ws.hands[_U(j), _U(i)]
    if g < 0:
        if tracing:
            act(ws, hand_no, ws.seat_of[_U(j)], K_BARTER_REFUSED, out_card, -1, ws.seat_of[_U(q)])
        ws.ev[E.barters_refused] += 1
        return False
    in_card = ws.hands[_U(q), _U(g)]
    put(ws.hands, j, i, in_card)
    put(ws.hands, q, g, out_card)
    ws.ev[E.barters] += 1
    if tracing:
        act(ws, hand_no, ws.seat_of[_U(j)], K_BARTER, out_card, in_card, ws.seat_of[_U(q)])
    return True


@kernel(inline=True)
def begin_trading(ws):
    """The turn record at the start of trading: the elder hand to act, the stock's top card on top."""
    t = ws.turn
    t[T_TURN] = 0
    t[T_TOP] = 0
    t[T_STOOD] = 0
    t[T_STANDER] = -1
    t[T_CHOICE] = -1
    t[T_CAPPED] = 0


@kernel(inline=True)
def neighbour(cfg, ws, j, m, stood):
    """The position j would barter with: the next (left, or right under barter_left=false) who has not stood;
    -1 when everyone else has stood (extended game; ``stood`` players have)."""
    if stood >= m - 1:
        return -1
    step = 1 if cfg[0][P.barter_left] != 0 else m - 1
    q = j + step  # j < m and step < m: one subtraction, not a division, brings it round
    if q >= m:
        q -= m
    while ws.state[_U(q)] == STOOD:
        q += step
        if q >= m:
            q -= m
    return q


@kernel(inline=True)
def _round_the_table(j, circuit, m):
    """The position after j, and its circuit (``next_position``)."""
    j = next_position(j, m)
    return j, circuit + 1 if j == 0 else circuit


@kernel(inline=True)
def _keep(tr, t, top, stood, stander):
    """Store the turn record trading kept in locals (``trading``)."""
    tr[T_TURN] = t
    tr[T_TOP] = top
    tr[T_STOOD] = stood
    tr[T_STANDER] = stander


@kernel(inline=True)
def trading(cfg, ws, seats, m, hand_no):
    """Turns round the table from where ``ws.turn`` stands until trading ends (p. 73) or max_circuits rounds
    (returns False), or until a rollout seat is to act (returns True; its choice goes in ``ws.turn[T_CHOICE]``
    and trading goes on from there)."""
    prm = cfg[0]
    extended = prm[P.extended] != 0
    limit = prm[P.max_circuits] * m
    tracing = ws.tracing[0] != 0
    tr = ws.turn
    t = tr[T_TURN]
    j = 0  # the position to act and the circuit, counted on from here without a division a turn (divided out
    circuit = 1  # only where a rollout seat's turn resumes trading: a deal's trading begins at turn 0)
    if t > 0:
        j = t % m
        circuit = t // m + 1
    # The turn record is kept in locals and stored only where trading returns (decide and finish_hand read it;
    # nothing in a turn does), and a rollout's choice is read once: the turn record is a view of the same int64
    # array as the rest of the workspace, so each store in the loop made LLVM load the state, seats and hands
    # again (profiled, extended: a stander's skipped turn was a store and a reload). The tracing flag likewise:
    # each of a turn's trace records and payments reloaded it.
    choice = tr[T_CHOICE]
    top = tr[T_TOP]
    stood = tr[T_STOOD]
    stander = tr[T_STANDER]
    while t < limit:
        if ws.state[_U(j)] == STOOD:  # extended game: standers wait
            t += 1
            j, circuit = _round_the_table(j, circuit, m)
            continue
        q = neighbour(cfg, ws, j, m, stood)
        a = choice
        if a >= 0:
            choice = -1
            tr[T_CHOICE] = -1
        elif seats[0][_U(ws.seat_of[_U(j)])] == ROLLOUT:
            _keep(tr, t, top, stood, stander)
            return True
        else:
            a = modern_turn(cfg, ws, seats, j, m, q >= 0, circuit)
        who = j if a == 0 else -1  # who stands this turn
        if a >= 1 and a <= 3:
            top = _ready_money(cfg, ws, j, a - 1, top, m, hand_no, tracing)
        elif a >= 4 and not _barter(cfg, ws, seats, j, q, a - 4, hand_no, circuit, tracing):
            who = q  # a barter is refused by standing
        if a != 0 and who < 0 and stands_after(cfg, ws, seats, j, circuit):
            who = j
        if who >= 0:
            _stand(ws, who, hand_no, tracing)
            stood += 1
            if stander < 0:
                stander = who
            if not extended or stood == m:
                _keep(tr, t + 1, top, stood, stander)
                return False
        t += 1
        j, circuit = _round_the_table(j, circuit, m)
    _keep(tr, t, top, stood, stander)
    tr[T_CAPPED] = 1
    return False


@kernel(inline=True)
def book_play(cfg, ws, seats, n):
    """Whether ``book_trading`` may play this hand: every seat plays threshold (any threshold), untraced,
    bartering to the left (so the neighbour is the next player still trading)."""
    if ws.tracing[0] != 0 or cfg[0][P.barter_left] == 0:
        return False
    for s in range(n):
        if seats[0][np.uint64(s)] != THRESHOLD:
            return False
    return True


@kernel(inline=True)
def _next_active(active, j):
    """The first position after j (unsigned) round the table whose bit is set in ``active``, and whether the
    count went round through the elder hand: (position, wrapped)."""
    higher = active & ~((_U(2) << j) - _U(1))
    if higher != 0:
        return ctz(higher), False
    return ctz(active), True


@kernel(inline=True)
def book_trading(cfg, ws, m):
    """``trading`` from the start of a hand when every player plays threshold, untraced, bartering to the left
    (``book_play``): the same turns, trades, stands and payments, worked out on what that case needs.

    Each threshold player's turn is one look-up of his hand's book entry (its value's rank against the seat's
    stand rank for the circuit, and its trade), and the neighbour's when bartering. The players still trading
    are a bit mask, so the turn goes straight to the next of them (the turns counted on by the distance, the
    circuit when the count passes the elder hand) instead of a stander's skipped turn at a time, and the
    neighbour is the next set bit, without a search; the turn record, the events and the dealer's takings are
    kept in locals and stored once. ``trading`` (tests/test_commerce_trading.py compares the two) does the
    general case: every strategy, rollout seats, the trace, the right-hand neighbour."""
    prm = cfg[0]
    entry = cfg[8]  # a hand's book and shown entries in one word (table.book_of, shown_of)
    extended = prm[P.extended] != 0
    limit = prm[P.max_circuits] * m
    d = m - 1
    base = 3 * m
    length = prm[P.pack] - base
    hands = ws.hands
    sr = ws.sr  # each hand's ``shown`` entry, kept as it changes for the show (table.show_kept)
    lr = ws.level_rank
    seat_of = ws.seat_of
    active = (_U(1) << _U(m)) - _U(1)  # the positions still trading
    t = 0
    j = _U(0)
    circuit = 1
    top = 0
    stood = 0
    stander = -1
    capped = False
    drawn = ws.turn[T_DRAWN]
    trades = 0
    takings = 0
    barters = 0
    refused = 0
    while True:
        c = circuit if circuit < LEVELS else LEVELS  # strategies._content: the stand rank of this circuit
        lvl = lr[_U(LEVELS) * _U(seat_of[j]) + _U(c - 1)]
        code = book_of(entry[_U(hands[j, 3])])
        after = code  # the book entry of his hand after his trade
        ctx = 2 * np.int64(j == _U(d)) + np.int64(stood < d)  # strategies._book_trade's case: dealing, can barter
        a = (code >> (B_BITS * ctx)) & B_ACT
        if (code >> B_RANK) >= lvl:
            a = 0  # content: stands on these cards
        who = np.int64(j) if a == 0 else -1
        if a >= 4:  # barter slot a - 4 with the next player still trading (modern._barter, strategies.barter_answer)
            q, _ = _next_active(active & ~(_U(1) << j), j)
            cq = book_of(entry[_U(hands[q, 3])])
            if (cq >> B_RANK) >= lr[_U(LEVELS) * _U(seat_of[q]) + _U(c - 1)]:
                who = np.int64(q)  # refused: he stands on his cards
                refused += 1
            else:
                g = (cq >> B_GIVE) & 3
                out_card = hands[j, a - 4]
                put(hands, j, a - 4, hands[q, g])
                put(hands, q, g, out_card)
                xj = entry[_U(hands[j, 3])]
                after = book_of(xj)
                sr[j] = shown_of(xj)
                sr[q] = shown_of(entry[_U(hands[q, 3])])  # and the row q's turn reads, in the cache
                barters += 1
        elif a != 0:  # ready money for slot a - 1 (modern._ready_money)
            if base + top >= drawn:
                draw_to(ws, base + top + 1, prm[P.pack])
                drawn = ws.turn[T_DRAWN]
            k = _U(base + top)
            in_card = np.int64(ws.deck[k])
            ws.deck[k] = hands[j, a - 1]
            top += 1
            if top == length:
                top = 0
            put(hands, j, a - 1, in_card)
            xj = entry[_U(hands[j, 3])]
            after = book_of(xj)
            sr[j] = shown_of(xj)
            trades += 1
            if j != _U(d):  # the dealer trades free
                ws.net[_U(seat_of[j])] -= 1
                takings += 1
        if who < 0 and (after >> B_RANK) >= lvl:
            who = np.int64(j)  # stands after his trade (strategies.stands_after)
        if who >= 0:
            ws.state[_U(who)] = STOOD
            active &= ~(_U(1) << _U(who))
            stood += 1
            if stander < 0:
                stander = who
            if not extended or stood == m:
                t += 1
                break
        nj, wrapped = _next_active(active, j)  # standers' turns passed over, counted
        if wrapped:
            t += np.int64(nj) + m - np.int64(j)
            circuit += 1
        else:
            t += np.int64(nj) - np.int64(j)
        if t >= limit:
            t = limit
            capped = True
            break
        j = nj
    _keep(ws.turn, t, top, stood, stander)
    if capped:
        ws.turn[T_CAPPED] = 1
    ws.net[_U(seat_of[_U(d)])] += takings
    ev = ws.ev
    ev[E.trades] += trades
    ev[E.dealer_takings] += takings
    ev[E.barters] += barters
    ev[E.barters_refused] += refused
    ev[E.stands] += stood


@kernel(inline=True)
def _settle(cfg, ws, m, best, first, stander):
    """The show's payments (pp. 72-73, 76): the pool, the dealer's stake, the beaten stander, the dealer's penalty."""
    prm = cfg[0]
    d = m - 1
    dealer = ws.seat_of[d]
    sr = ws.sr
    eldest = prm[P.tie] == TIE_ELDEST
    k = 0
    for j in range(m):
        if sr[j] == best and (not eldest or j == first):
            k += 1
    pool = ws.board[POOL]
    share = pool if k == 1 else pool // k  # a split leaves the odd counters in the pool for the next deal (one
    #   best hand, the rule, takes it all without a division)
    ws.won[ws.seat_of[first]] = 1  # the win is counted once a deal: of tied hands, the one nearest the left
    for j in range(m):
        if sr[j] == best and (not eldest or j == first):
            L.pay(ws, L.BOARD, ws.seat_of[j], share, R.pool, POOL)
            if j != d:  # and a stake from the dealer, unless the dealer wins (p. 72)
                L.pay(ws, dealer, ws.seat_of[j], 1, R.dealer_stake, L.NO_COMPARTMENT)
                ws.ev[E.dealer_stake_paid] += 1
    ws.ev[E.pool_carried] += ws.board[POOL]
    if stander >= 0:  # a beaten stander pays each better hand a stake (p. 73)
        beaten = False
        for j in range(m):
            if sr[j] > sr[stander]:
                beaten = True
                L.pay(ws, ws.seat_of[stander], ws.seat_of[j], 1, R.stander, L.NO_COMPARTMENT)
                ws.ev[E.stander_paid] += 1
        if beaten:
            ws.ev[E.stander_beaten] += 1
    if prm[P.dealer_penalty] != DP_NONE:
        dealer_penalty(cfg, ws, m)


@kernel(inline=True)
def _settle_quiet(cfg, ws, m, best, first, stander):
    """``_settle``'s payments when nothing is traced, as adds to the nets, the same counters: one best hand (the
    rule, and always under tie=eldest) takes the pool and the dealer's stake without a loop, and a beaten
    stander pays each better hand by compares added, not branches taken. Profiled (standard): the loops'
    branches on each hand's strength, taken at random, were mispredicted about once a loop."""
    prm = cfg[0]
    d = m - 1
    seat_of = ws.seat_of
    sr = ws.sr
    net = ws.net
    ev = ws.ev
    k = 1  # the hands that share the pool
    if prm[P.tie] != TIE_ELDEST:
        k = 0
        for j in range(m):
            k += np.int64(sr[j] == best)
    ws.won[seat_of[first]] = 1
    if k == 1:
        stake = np.int64(first != d)  # a stake from the dealer, unless the dealer wins (p. 72)
        net[seat_of[first]] += ws.board[POOL] + stake
        ws.board[POOL] = 0
        net[seat_of[d]] -= stake
        ev[E.dealer_stake_paid] += stake
    else:
        share = ws.board[POOL] // k  # the odd counters stay in the pool for the next deal
        for j in range(m):
            if sr[j] == best:
                ws.board[POOL] -= share
                net[seat_of[j]] += share
                if j != d:
                    net[seat_of[d]] -= 1
                    net[seat_of[j]] += 1
                    ev[E.dealer_stake_paid] += 1
    ev[E.pool_carried] += ws.board[POOL]
    if stander >= 0:  # a beaten stander pays each better hand a stake (p. 73)
        bar = sr[stander]
        beaten = 0
        for j in range(m):
            b = np.int64(sr[j] > bar)
            net[seat_of[j]] += b
            beaten += b
        net[seat_of[stander]] -= beaten
        ev[E.stander_paid] += beaten
        ev[E.stander_beaten] += np.int64(beaten > 0)
    if prm[P.dealer_penalty] != DP_NONE:
        dealer_penalty(cfg, ws, m)


@kernel(inline=True)
def _circuits(turns, m):
    """Rounds of the table begun in ``turns`` turns, (turns + m - 1) // m, counted by additions: a deal takes
    one or a few circuits, and a division was a visible cost of a deal of a few turns."""
    circuits = 0
    begun = 0
    while begun < turns:
        begun += m
        circuits += 1
    return circuits


@kernel(inline=True)
def begin_hand(cfg, ws, m):
    """Everyone stakes one counter, the dealer two (p. 72); three cards each; trading about to begin.

    A deal's one hand (play.play_deal): its nets were just zeroed (begin_deal). Untraced, the stakes are
    stored in the nets and added to the pool once, not paid one by one (L.pay, as a traced deal does, to list
    each payment): profiled (standard), each payment's load of a net just zeroed by begin_deal's vector stores
    waited for them, and each add to the pool for the last one (a net's store might have been the pool's)."""
    d = m - 1
    if ws.tracing[0]:
        for j in range(m):
            L.pay(ws, ws.seat_of[j], L.BOARD, 2 if j == d else 1, R.stake, POOL)
    else:
        for j in range(d):
            ws.net[ws.seat_of[j]] = -1
        ws.net[ws.seat_of[d]] = -2
        ws.board[POOL] += m + 1
    deal_round(cfg, ws, m, False)
    if ws.tracing[0]:
        rec_dealt(cfg, ws, m, ws.seat_of[d])
    begin_trading(ws)


@kernel(inline=True)
def finish_hand(cfg, ws, m, kept):
    """The show and its payments once trading has ended. Returns True when a Tricon, Sequence or Flush was
    shown (looked for only under ``continuous``). ``kept``: ws.sr holds the hands' ``shown`` entries
    (book_trading keeps them), so the show looks nothing up (table.show_kept)."""
    prm = cfg[0]
    tr = ws.turn
    capped = tr[T_CAPPED] != 0
    circuits = _circuits(tr[T_TURN], m)
    ws.ev[E.circuits] += circuits
    if capped:
        ws.ev[E.capped] += 1
    if kept:
        best, first = show_kept(ws, m)
    else:
        best, first = show(cfg, ws, m)
    if ws.tracing[0]:
        _settle(cfg, ws, m, best, first, tr[T_STANDER])
    else:
        _settle_quiet(cfg, ws, m, best, first, tr[T_STANDER])
    if ws.tracing[0]:
        draw_to(ws, prm[P.pack], prm[P.pack])  # settle the rest of the stock, for the trace
        rec_shown(cfg, ws, m, capped, tr[T_TOP], circuits)
    if prm[P.continuous] != 0:
        for j in range(m):
            if klass_of(cfg, hid(ws, j)) >= FLUSH:
                return True
    return False
