"""Pope Joan's kernels: the workspace, the session's hooks for the shared harness (sim/games/_harness.py) and
the play of one deal: dressing, turn-up, lead, follow and stop, going out (cards are positions suit*16 + place,
sets of cards uint64 masks: see sim.games._stops)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import cards as C
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games import _stops as S
from sim.games._common import MAX_SEATS
from sim.games.popejoan.lead import choose_lead, fills_with_pope
from sim.games.popejoan.rules import (
    ACE,
    DEALER_DRESSES,
    DOUBLED,
    DRESS,
    EVENTS,
    GAME,
    INTRIGUE,
    KING,
    KNAVE,
    MATRIMONY,
    NINE_D,
    PACK,
    POPE,
    QUEEN,
    R_ACE,
    R_CARDS,
    R_DRESSING,
    R_GAME,
    R_INTRIGUE,
    R_KING,
    R_KNAVE,
    R_MATRIMONY,
    R_PENALTY,
    R_POPE,
    R_POPE_CARDS,
    R_QUEEN,
    R_TURNUP_HONOUR,
    R_TURNUP_POPE,
    TAKEN,
    E,
    P,
    has_compartment,
)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal). The deal's state arrays are views of
    row REAL of ``roll`` (sim.games._stops.Scratch), so ``view`` gives a workspace over a rollout's row."""

    deck: np.ndarray  # int8[52], the cards in the order dealt (51 used)
    holder: np.ndarray  # int8[64], who holds each live position (sim.games._stops; see _run_at_once)
    hand: np.ndarray  # uint64[10], each seat's cards
    masks: np.ndarray  # uint64[3], live and spare cards, spare cards everyone can place
    who: np.ndarray  # int64[3], who played the K, Q, J of trumps this deal (-1: nobody yet)
    deck_rng: np.ndarray  # uint64[4], the session's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    board: np.ndarray  # int64[8], the compartments
    net: np.ndarray  # int64[10], this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10], 1 for the seat that won Game
    ev: np.ndarray  # int64[len(EVENTS)], this deal's events
    tracing: np.ndarray  # bool[1]: record actions and payments
    tr_actions: np.ndarray  # int64[k, 4]: seat, card, stop, filler (sim.games._stops TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[2]: actions, payments recorded
    turn: np.ndarray  # int64[TURN], where play stands (sim.games._stops T_*; T_AUX: the trump suit)
    roll: S.Scratch  # the state in rows REAL, WORLD, SIM (``who`` is its ``extra``), and the rollout's arrays


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    r = S.new_scratch(8, len(EVENTS), 3)
    return Workspace(
        np.empty(52, dtype=np.int8),
        r.holder[S.REAL],
        r.hand[S.REAL],
        r.masks[S.REAL],
        r.extra[S.REAL],
        np.empty(4, dtype=np.uint64),
        np.empty((MAX_SEATS, 4), dtype=np.uint64),
        r.board[S.REAL],
        r.net[S.REAL],
        r.won[S.REAL],
        r.ev[S.REAL],
        r.tracing[S.REAL],
        np.zeros((trace_rows, 4), dtype=np.int64),
        np.zeros((trace_rows, 5), dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        r.turn[S.REAL],
        r,
    )


@kernel
def view(ws, row):
    """The workspace over row ``row`` of the scratch (never traced)."""
    r = ws.roll
    return Workspace(
        ws.deck, r.holder[row], r.hand[row], r.masks[row], r.extra[row], ws.deck_rng, ws.seat_rng, r.board[row],
        r.net[row], r.won[row], r.ev[row], r.tracing[row], ws.tr_actions, ws.tr_pays, ws.tr_count, r.turn[row], r,
    )  # fmt: skip


@kernel
def begin_session(cfg, ws, seats, seed, session):
    S.seed_streams(ws, seed, session, cfg[0][P.players], seats[0])
    for comp in range(8):
        ws.board[comp] = 0


@kernel(inline=True)
def deal_cards(cfg, ws, dealer):
    """The shuffle alone: Pope Joan deals in ``begin_play`` (``shuffle_deal`` measured 0.967 of its speed, 60 pairs,
    where Spin gained 5-9%)."""
    S.shuffle_pack(ws.deck, PACK, ws.deck_rng)


@kernel(inline=True)
def deal_hands(cfg, ws, dealer):
    prm, table, tabs = cfg
    return S.deal_ws(ws, table, tabs, dealer, prm[P.players])


@kernel
def end_session(cfg, ws, row, col):
    left = 0
    for comp in range(8):
        left += ws.board[comp]
    row[col] = left


@kernel(inline=True)
def _pay_dressing(ws, seat, amount):
    """A share of the dressing: paid to the board as a whole (traced with no compartment) and laid on Game
    until ``_dress`` moves each named compartment's counters off it."""
    ws.net[seat] -= amount
    ws.board[GAME] += amount
    if ws.tracing[0]:
        L._record_pay(ws, seat, L.BOARD, amount, R_DRESSING, L.NO_COMPARTMENT)


@kernel(inline=True)
def _place_on_board(ws, frm, amount, reason, pools):
    """Popular variation (p. 85): each counter goes on an empty compartment first, then on Game."""
    for _ in range(amount):
        target = GAME
        for comp in range(GAME):
            if has_compartment(pools, comp) and ws.board[comp] == 0:
                target = comp
                break
        L.pay(ws, frm, L.BOARD, 1, reason, target)


@kernel(inline=True)
def _take(ws, comp, seat, reason):
    """``seat`` takes whatever lies on compartment ``comp``, recording its size when won; returns the amount."""
    amount = ws.board[comp]
    L.pay(ws, L.BOARD, seat, amount, reason, comp)
    ws.ev[TAKEN + comp] += amount
    if comp != GAME and amount >= 2 * DRESS[comp]:
        ws.ev[DOUBLED + comp] += 1
    return amount


@kernel(inline=True)
def _dress(prm, ws, dealer):
    """Dress the board (p. 81), or the popular variation's single stake from the dealer (p. 85)."""
    n = prm[P.players]
    pools = prm[P.pools]
    if prm[P.popular]:
        _place_on_board(ws, dealer, 1, R_DRESSING, pools)
        return
    if prm[P.dresser] == DEALER_DRESSES:
        _pay_dressing(ws, dealer, prm[P.dressing])
    else:
        x = (prm[P.dressing] + n) // (n + 1)  # ceil(dressing / (n + 1)): the dealer pays double
        for s in range(n):
            _pay_dressing(ws, s, 2 * x if s == dealer else x)
    for comp in range(GAME):  # the named compartments' shares; the surplus stays on Game
        if has_compartment(pools, comp):
            ws.board[comp] += DRESS[comp]
            ws.board[GAME] -= DRESS[comp]


@kernel(inline=True)
def _turn_up(cfg, ws, dealer, turnup):
    """The turn-up's payments (p. 82); returns the dealer when a 9D turn-up wins him Game too (p. 86), else -1."""
    prm, _, tabs = cfg
    n = prm[P.players]
    if turnup == tabs[0, NINE_D]:
        # the dealer takes Pope and a stake per card dealt from each player (p. 82), capped if agreed
        ws.ev[E.turnup_pope] += 1
        _take(ws, POPE, dealer, R_TURNUP_POPE)
        cap = prm[P.pope_turnup_cap]
        for q in range(n):
            if q != dealer:
                amount = S.count(ws.hand[q])  # nothing is played yet: the cards dealt
                if cap > 0 and amount > cap:
                    amount = cap
                ws.ev[E.pope_turnup_paid] += amount
                L.pay(ws, q, dealer, amount, R_TURNUP_POPE, L.NO_COMPARTMENT)
        return dealer if prm[P.pope_wins_game] else -1  # Pope Joan Wins (p. 86): the deal ends here
    r = tabs[1, turnup] % 13
    comp = -1
    if r == C.ACE:
        comp = ACE
    elif r == C.KING:
        comp = KING
    elif r == C.QUEEN:
        comp = QUEEN
    elif r == C.KNAVE:
        comp = KNAVE
    if comp >= 0:
        ws.ev[E.turnup_honour] += 1
        if has_compartment(prm[P.pools], comp):
            _take(ws, comp, dealer, R_TURNUP_HONOUR)
    return -1


@kernel
def _specials(nine, trumps, tabs):
    """The positions whose play wins something: 9D and the trump ace, king, queen and knave."""
    m = S.bit(nine)
    for r in (C.ACE, C.KNAVE, C.QUEEN, C.KING):
        m |= S.bit(tabs[0, trumps * 13 + r])
    return m


@kernel(inline=True)
def _play(cfg, ws, x, seat, trumps, specials):
    """Seat plays the card at position x: it leaves his hand and he takes what it wins on the board.

    Kept tiny (numba-inlined at its one call site); the rare winning cards go to ``_card_wins``.
    """
    S.play_card(ws, cfg[2], seat, x, 0)
    if S.has(specials, x):
        _card_wins(cfg, ws, x, seat, trumps)


@kernel(inline=True)
def _card_wins(cfg, ws, x, seat, trumps):
    """What playing 9D or a trump honour takes from the board and the other players (pp. 82-84)."""
    prm, _, tabs = cfg
    n = prm[P.players]
    pools = prm[P.pools]
    if x == tabs[0, NINE_D]:
        ws.ev[E.pope_played] += 1
        _take(ws, POPE, seat, R_POPE)
        for q in range(n):  # a stake from every player for each card remaining in hand (p. 82)
            if q != seat:
                L.pay(ws, q, seat, S.count(ws.hand[q]), R_POPE_CARDS, L.NO_COMPARTMENT)
    if (x >> 4) != trumps:
        return
    r = tabs[1, x] % 13
    if r == C.ACE:
        ws.ev[E.ace_won] += 1
        _take(ws, ACE, seat, R_ACE)
        return
    if r == C.KING:
        ws.who[0] = seat
        if has_compartment(pools, KING):
            ws.ev[E.king_won] += 1
            _take(ws, KING, seat, R_KING)
    elif r == C.QUEEN:
        ws.who[1] = seat
        if has_compartment(pools, QUEEN):
            ws.ev[E.queen_won] += 1
            _take(ws, QUEEN, seat, R_QUEEN)
    elif r == C.KNAVE:
        ws.who[2] = seat
        if has_compartment(pools, KNAVE):
            ws.ev[E.knave_won] += 1
            _take(ws, KNAVE, seat, R_KNAVE)
    else:
        return
    _settle_chances(prm, ws, seat, r)


@kernel(inline=True)
def _settle_chances(prm, ws, seat, r):
    """Matrimony (K+Q) and Intrigue (Q+J) are won when one player has played both cards of the pair; the check
    runs as the pair's second card (rank ``r``) falls, so each is settled at most once a deal (p. 84)."""
    for pair in range(2):
        a = ws.who[0] if pair == 0 else ws.who[1]
        b = ws.who[1] if pair == 0 else ws.who[2]
        comp = MATRIMONY if pair == 0 else INTRIGUE
        reason = R_MATRIMONY if pair == 0 else R_INTRIGUE
        completes = (r == C.QUEEN) or (pair == 0 and r == C.KING) or (pair == 1 and r == C.KNAVE)
        if not completes or a < 0 or b < 0:
            continue
        if a == b:
            ws.ev[E.matrimony_won if pair == 0 else E.intrigue_won] += 1
            _take(ws, comp, seat, reason)
        elif prm[P.split_chances]:
            ws.ev[E.matrimony_split if pair == 0 else E.intrigue_split] += 1
            half = ws.board[comp] // 2  # the odd counter stays on the board
            L.pay(ws, L.BOARD, a, half, reason, comp)
            L.pay(ws, L.BOARD, b, half, reason, comp)
            ws.ev[TAKEN + comp] += 2 * half


@kernel(inline=True)
def _seat_holding(ws, x):
    """The seat holding the card at x, or -1 when it is in no hand (spare, played, out of the pack)."""
    return S.live_holder(ws.holder, ws.masks, x)


@kernel(inline=True)
def _run_at_once(cfg, ws, x, specials):
    """Play the run led at x with mask arithmetic, up to its first winning card. Returns (the last card played
    at once, the winning card to play on from card by card, or -1 when the run was played to its stop); (-1, -1)
    when nothing was played: a player goes out in the run, or the card led wins something.

    The run is every card from x on that some player holds, so its length is one count of trailing bits over
    the cards in hand. Card by card, whether the next card is held was a branch that went either way (a run is
    some 2.5 cards): the stop at the end of each run mispredicted, some 8-10% of a deal (perf, one thread). A
    winning card (a few a deal) goes through the one card-by-card play (``_play``), so its payments are
    compiled once. ``holder`` is left as it was (sim.games._stops.shed).
    """
    n = cfg[0][P.players]
    held = ws.masks[S.LIVE] & ~ws.masks[S.SPARE_MASK]
    top = x + S.run_length(held, x) - 1
    run = S.span_mask(x, top)
    if S.goes_out_in(ws.hand, n, run):
        return np.int64(-1), np.int64(-1)
    wins = specials & run
    if wins == 0:
        S.shed(ws.hand, ws.masks, n, run)
        return top, np.int64(-1)
    first = np.int64(ctz(wins))
    if first == x:
        return np.int64(-1), np.int64(-1)
    S.shed(ws.hand, ws.masks, n, S.span_mask(x, first - 1))
    return first - 1, first


PH_FILL = 1  # ws.turn's phase when the holder of 9D may play it in lieu of the card after a stop (p. 86)


@kernel
def _pause(t, phase, leader, player, last):
    """Hand a decision of ``player`` (a rollout seat) back to the caller: returns -1."""
    t[S.T_PHASE] = phase
    t[S.T_LEADER] = leader
    t[S.T_PLAYER] = player
    t[S.T_LAST] = last
    return np.int64(-1)


@kernel(inline=True)
def _run(cfg, ws, seats):
    """Lead, follow and stop from where ``ws.turn`` stands until a player is out (p. 83; returns him), or until a
    rollout seat must decide (returns -1; its choice goes in ``ws.turn[T_CHOICE]`` and ``_run`` goes on from
    there).

    A run led untraced is played at once up to its first winning card (``_run_at_once``) unless a player goes out
    in it; the rest card by card: ``card`` is what is played, ``last`` where the run stands in its suit (they
    differ only when 9D stands in for a missing card).
    """
    prm, _, tabs = cfg
    policies = seats[0]
    t = ws.turn
    dealer = t[S.T_DEALER]
    trumps = t[S.T_AUX]
    nine = np.int64(tabs[0, NINE_D])
    specials = _specials(nine, trumps, tabs)
    leader = t[S.T_LEADER]
    last = t[S.T_LAST]
    choice = t[S.T_CHOICE]
    t[S.T_CHOICE] = -1
    filled = False
    at_once = False  # the run led was played at once: on to its stop
    card = nine
    player = leader
    if t[S.T_PHASE] == PH_FILL:  # resumed on the Pope holder's choice after a stop by ``leader``
        player = t[S.T_PLAYER]
        filled = choice == 1
        choice = -1
        if filled:
            ws.ev[E.pope_filled] += 1
            last += 1
    while True:
        if not filled:
            if choice >= 0:
                card = choice
                choice = -1
            elif policies[leader] == S.ROLLOUT:
                return _pause(t, S.PH_LEAD, leader, leader, -1)
            else:
                card = choose_lead(cfg, ws, leader, policies[leader], dealer, trumps)
            last = card
            player = leader
            if not ws.tracing[0]:  # a trace records every card: it is played card by card
                done, on = _run_at_once(cfg, ws, card, specials)
                if on >= 0:  # on from the winning card
                    card = on
                    last = on
                    player = np.int64(ws.holder[np.uint64(on)])
                elif done >= 0:  # to the stop
                    at_once = True
                    last = done
                    player = np.int64(ws.holder[np.uint64(done)])
        while True:
            if at_once:
                at_once = False
            else:
                _play(cfg, ws, card, player, trumps, specials)
                if filled:
                    L.mark_last(ws, S.TR_FLAG, 1)
                if ws.hand[player] == 0:
                    return player
                h = _seat_holding(ws, last + 1)
                filled = False
                if h >= 0:
                    last += 1
                    card = last
                    player = h
                    continue
            ws.ev[E.stops] += 1
            L.mark_last(ws, S.TR_STOP, 1)
            # nobody followed: everyone now knows the next card lies in the spare hand, if it does (no branch)
            ws.masks[S.SEEN_SPARE] |= S.bit(last + 1) & ws.masks[S.SPARE_MASK]
            if prm[P.pope_stop_filler] and (last & 15) < 12 and last != nine:
                q = _seat_holding(ws, nine)
                if q >= 0 and policies[q] == S.ROLLOUT:
                    return _pause(t, PH_FILL, player, q, last)
                if q >= 0 and fills_with_pope(ws, q, policies[q]):
                    # 9D stands in for the missing card last + 1; the run goes on after it (p. 86)
                    ws.ev[E.pope_filled] += 1
                    player = np.int64(q)
                    card = nine
                    last += 1
                    filled = True
                    continue
            leader = player
            break


@kernel
def _resume(cfg, ws, seats):
    """Play on after a rollout seat's decision (``_run``, not inlined: decisions are rare)."""
    return _run(cfg, ws, seats)


@kernel
def decide(cfg, ws, seats):
    """The choice of ``rollout:K`` (sim.games._stops) at the decision ``ws.turn`` stands at: a lead (every card
    he may lead), or whether to play 9D in lieu of a stop; each played out on K deals of the unseen cards
    consistent with what he knows (the spare hand's cards nobody followed, all of it for a dealer who sees it),
    book for everyone after."""
    prm = cfg[0]
    r = ws.roll
    t = ws.turn
    p = t[S.T_PLAYER]
    h = ws.hand[p]
    if t[S.T_PHASE] == S.PH_LEAD:
        cands = S.lowest_per_suit(h) if prm[P.lead_lowest] != 0 else h
        pref = choose_lead(cfg, ws, p, S.BOOK, t[S.T_DEALER], t[S.T_AUX])
    else:
        cands = np.uint64(3)  # 0: no, 1: 9D in lieu of the stop
        pref = 1
    world = view(ws, S.WORLD)
    sim = view(ws, S.SIM)
    book = (r.book, seats[1])
    S.begin_decision(r, p, h)
    r.known[MAX_SEATS] = ws.masks[S.SEEN_SPARE]
    if prm[P.dealer_sees_spare] != 0 and p == t[S.T_DEALER]:
        r.known[MAX_SEATS] = ws.masks[S.SPARE_MASK]
    for _ in range(S.samples(seats[1][p])):
        S.copy_state(r, S.REAL, S.WORLD)
        S.sample_hands(world, prm[P.players], r.known, ws.seat_rng[p], r.cards)
        m = cands
        while m != 0:
            x = np.int64(ctz(m))
            m &= m - np.uint64(1)
            S.copy_state(r, S.WORLD, S.SIM)
            sim.turn[S.T_CHOICE] = x
            _go_out(cfg, sim, _resume(cfg, sim, book), sim.turn[S.T_TURNUP])
            r.score[x] += sim.net[p]
    return S.best_choice(r.score, cands, pref)


@kernel(inline=True)
def _go_out(cfg, ws, winner, turnup):
    """Going out (p. 84): Game, and a stake per card from each other player, the unplayed Pope's holder exempt
    (under the popular variation the stakes go on the board, p. 85)."""
    prm, _, tabs = cfg
    n = prm[P.players]
    nine = tabs[0, NINE_D]
    _take(ws, GAME, winner, R_GAME)
    pope_holder = _seat_holding(ws, nine)
    if pope_holder >= 0:
        ws.ev[E.pope_unplayed] += 1
    if not (turnup == nine and prm[P.pope_wins_game]):  # the turn-up already took its stake per card
        for q in range(n):
            if q == winner or q == pope_holder:
                continue
            if prm[P.popular]:
                _place_on_board(ws, q, S.count(ws.hand[q]), R_PENALTY, prm[P.pools])
            else:
                L.pay(ws, q, winner, S.count(ws.hand[q]), R_CARDS, L.NO_COMPARTMENT)
    for q in range(n):
        ws.ev[E.cards_left] += S.count(ws.hand[q])
    ws.ev[E.plays] -= S.count(ws.masks[S.LIVE])  # every card played left the live cards (begin_play)
    carried = 0
    for comp in range(8):
        carried += ws.board[comp]
    ws.ev[E.board_carried] += carried


@kernel(inline=True)
def begin_play(cfg, ws, dealer):
    """The deal up to its first lead: the dressing, the cards, the turn-up's payments, the elder hand to lead.
    Returns the dealer when a 9D turn-up has already won him the deal (p. 86), else -1."""
    prm, table, tabs = cfg
    n = prm[P.players]
    L.begin_deal(ws, n)
    for k in range(3):
        ws.who[k] = -1
    _dress(prm, ws, dealer)
    turnup = S.deal_ws(ws, table, tabs, dealer, n)
    ws.ev[E.plays] += S.count(ws.masks[S.LIVE])  # minus the live cards at the end (_go_out): no count per play
    S.begin_turns(ws.turn, S.next_seat(dealer, n), dealer)  # the elder hand leads (p. 83)
    ws.turn[S.T_AUX] = turnup >> 4  # trumps
    ws.turn[S.T_TURNUP] = turnup
    return _turn_up(cfg, ws, dealer, turnup)


@kernel(inline=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal of Pope Joan on the stacked ``ws.deck`` with ``dealer`` dealing; returns the next dealer.

    ``ws.board`` (the eight compartments) is carried in and out; ``ws.net``, ``ws.won`` and ``ws.ev`` are this
    deal's.
    """
    winner = begin_play(cfg, ws, dealer)
    if winner < 0:
        winner = _run(cfg, ws, seats)  # inlined: a call passes every array of the workspace
        while winner < 0:  # a rollout seat's decision
            ws.turn[S.T_CHOICE] = decide(cfg, ws, seats)
            winner = _resume(cfg, ws, seats)
    _go_out(cfg, ws, winner, ws.turn[S.T_TURNUP])
    ws.won[winner] = 1
    return S.next_seat(dealer, cfg[0][P.players])
