"""One deal of Cassino played out: the deal in rounds, each turn's capture or trail, the remainder (pp. 98-99).

State of a deal (all in the workspace, masks over card codes)::

    hand   uint64[4]   each seat's cards          pile    uint64[4]  cards each seat captured this deal
    masks  uint64[3]   TABLE, SEEN (every card that has lain face up), PACK (this game's pack)
    sweeps int64[4]    sweeps per seat this deal  state   int64[3]   LAST capturer, DEAL index in the game, ROUND

A turn: every card of the hand is tried against the table (sim.games.cassino.capture); if any captures the
player must take with one of those (p. 98: "if he is not able to pair or combine, he must add a card"), chosen
by his strategy; otherwise he trails a card of its choosing. Under the rule ``builds`` he may instead build
(sim.games.cassino.build); a capture then also takes the builds of the card's value.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games.cassino import build as B
from sim.games.cassino.capture import RANK_OF_CARD, capturing, of_ranks, rank_set, sums_below, takes
from sim.games.cassino.rules import (
    ACES,
    BELOW,
    BOOK,
    EV_REST,
    GREAT_BIT,
    GREEDY,
    LITTLE_BIT,
    LOWEST,
    ORDER,
    RANDOM,
    RANK_MASK,
    ROLLOUT,
    SPADES,
    TEN,
    TWO,
    WORTH,
    E,
    P,
)
from sim.games.cassino.score import party_of, relative, scoring

TABLE, SEEN, PACK_MASK, BUILT = 0, 1, 2, B.BUILT
LAST, DEAL, ROUND = 0, 1, 2
# the turn record (int64[TURN]): where play stands, so that play can stop for a rollout decision and go on
T_POS, T_PLAYER, T_LEFT, T_CHOICE, T_DEALER = range(5)  # next card of the stock; who plays next; cards left in
TURN = 5  # the hands this round; a card already chosen (-1 none); the dealer
# a deck dealt in the shuffle (``shuffle``) goes to ws.rounds: round r's seat s at r * ROUND_WIDTH + s, its table
# cards (the first round only) at TABLE_SLOT; a 52-card pack between two players takes six rounds
ROUND_WIDTH = 8
TABLE_SLOT = 4
SEAT_BITS = ROUND_WIDTH - 1  # a slot's seat (or TABLE_SLOT)
ROUND_SLOTS = 6 * ROUND_WIDTH
GAME_STREAM = 11  # the deck stream of game k of a session is purpose GAME_STREAM + k (seats use 1..10)

# trace columns of a play (TR_TAKEN of a build: the loose cards the card is laid on; TR_VALUE: the build's value)
TR_DEAL, TR_ROUND, TR_SEAT, TR_CARD, TR_TABLE, TR_TAKEN, TR_KIND, TR_SWEEP, TR_VALUE = range(9)
TR_WIDTH = 9
TRAIL, CAPTURE, REMAINDER, BUILD = 0, 1, 2, 3

_ONE = np.uint64(1)
_ZERO = np.uint64(0)

# per card, looked up rather than worked out from c % 13 in the strategies' keys: the part of its trail key that
# does not depend on the unseen cards (see trail_key); 1 for a ten or a two
TRAIL_BASE = np.array([-(WORTH[c] * 64 + 12 - c % 13) * 64 + 63 - ORDER[c] for c in range(52)], dtype=np.int64)
TEN_OR_TWO = np.array([1 if c % 13 in (TEN, TWO) else 0 for c in range(52)], dtype=np.int64)
NO_BUILDS = np.zeros(B.VALUES, dtype=np.uint64)  # the builds by value of a game without them
OWN_SHIFT = 16  # run_built holds seat s's own ranks (bit v - 1 for a build of v) at bits OWN_SHIFT * s on
OWN_RANKS = np.uint64(0x3FF)
EVERY_SEAT = np.uint64(1 | 1 << 16 | 1 << 32 | 1 << 48)
EACH_OWN = -1  # the lean loops' ``uniform`` when the seats' policies differ (each seat plays its own)


@kernel(inline=True)
def bit(c):
    return _ONE << np.uint64(c)


@kernel(inline=True)
def seed_game(ws):
    """Seed the deck stream of the session's next game (so game k's decks do not depend on earlier games)."""
    rng.seed_stream(ws.deck_rng, ws.ids[0], ws.ids[1], GAME_STREAM + ws.game[0])


@kernel(inline=True)
def shuffle(ws, pack, dealer):
    """The deal's deck: ``pack`` shuffled into ``ws.deck``, each card dealt as its place settles, in the shuffle's
    own loop, into the round and hand (or the table) ``dealer``'s row of ``ws.slots`` gives it (``deal_slots``).
    ``begin_play`` and ``next_round`` then take each round whole from ``ws.rounds``: a deal of the deck after the
    shuffle loads every card again and branches on the pack's end for each."""
    for j in range(pack.shape[0]):
        ws.deck[j] = pack[j]
    for j in range(ROUND_SLOTS):
        ws.rounds[j] = _ZERO
    rng.shuffle_settling(ws.deck_rng, ws.deck, pack.shape[0], _to_round, (ws.slots[dealer], ws.rounds))
    ws.dealt[0] = dealer


@kernel(merged=True)
def _to_round(ctx, cards, i):
    """The card settled at deck position i into its round's hand or table (``ctx`` = (slots row, rounds))."""
    slots, rounds = ctx
    rounds[np.uint64(slots[i])] |= bit(cards[i])


@kernel
def deal_slots(slots, n, size):
    """Each dealer's row of ``slots``: for every deck position, the round it is dealt in times ROUND_WIDTH plus the
    seat it goes to (TABLE_SLOT for the table), in the book's order (p. 98): four cards to each player one at a
    time from the elder hand, and in the first round one face up to the table after each time round; a short last
    round deals what is left. The shuffle (``shuffle``) and ``deal_round`` both deal by it."""
    for dealer in range(n):
        pos = 0
        r = 0
        while pos < size:
            for _ in range(4):
                s = dealer
                for _k in range(n):
                    s = s + 1 if s + 1 < n else 0
                    if pos < size:
                        slots[dealer, pos] = r * ROUND_WIDTH + s
                        pos += 1
                if r == 0 and pos < size:
                    slots[dealer, pos] = TABLE_SLOT
                    pos += 1
            r += 1
        if r * ROUND_WIDTH > ROUND_SLOTS:
            raise ValueError("cassino: the pack is dealt in more rounds than the workspace holds")


@kernel(inline=True)
def round_size(n, r):
    """The cards a round deals when the pack is not used up: four to each player, and in the first four to the
    table."""
    return np.int64(4 * n + (4 if r == 0 else 0))


@kernel(inline=True)
def deal_round(ws, pos, end, dealer):
    """The round in deck positions ``pos`` to ``end`` dealt by ``dealer``'s row of ``ws.slots`` (``deal_slots``,
    the one statement of the book's order): for a deck the shuffle did not deal (stacked since, or a playout's)."""
    slots = ws.slots[dealer]
    for i in range(pos, end):
        c = bit(ws.deck[i])
        s = np.int64(slots[i]) & SEAT_BITS
        if s == TABLE_SLOT:
            ws.masks[TABLE] |= c
            ws.masks[SEEN] |= c
        else:
            ws.hand[s] |= c


@kernel(inline=True)
def begin_hand(ws, n):
    for s in range(4):
        ws.hand[s] = _ZERO
        ws.pile[s] = _ZERO
        ws.sweeps[s] = 0
    ws.masks[TABLE] = _ZERO
    ws.masks[SEEN] = _ZERO
    if ws.masks[BUILT] != _ZERO:  # (no build lies: every value's record is empty; a call passes the workspace)
        B.clear(ws)
    ws.state[LAST] = -1
    ws.state[ROUND] = 0


@kernel(inline=True)
def begin_play(cfg, ws, dealer):
    """The deal's first round dealt, the elder hand to play first: the turn record at the start of play."""
    prm, pack = cfg
    n = prm[P.players]
    begin_hand(ws, n)
    t = ws.turn
    t[T_POS] = min(round_size(n, 0), pack.shape[0])
    if ws.dealt[0] == dealer:  # dealt in the shuffle (``shuffle``)
        c = ws.rounds[TABLE_SLOT]
        ws.masks[TABLE] = c
        ws.masks[SEEN] = c
        _take_hands(ws, 0)
    else:  # a deck stacked since (a trace's), or none dealt
        deal_round(ws, 0, t[T_POS], dealer)
    t[T_PLAYER] = (dealer + 1) % n
    t[T_LEFT] = cards_in_hands(ws, n)
    t[T_CHOICE] = -1
    t[T_DEALER] = dealer


@kernel(inline=True)
def next_round(ws, size, dealer, n):
    """The hands played out: the next round, as the shuffle dealt it (``shuffle``), or else dealt from the turn
    record's deck position (``deal_round``), unless the pack is used up. Returns (the pack used up, the elder
    hand to play first, the cards in the hands)."""
    t = ws.turn
    pos = t[T_POS]
    if pos >= size:
        return True, np.int64(0), np.int64(0)
    r = ws.state[ROUND] + 1
    ws.state[ROUND] = r
    t[T_POS] = min(pos + round_size(n, r), size)
    if ws.dealt[0] == dealer:
        _take_hands(ws, r)
    else:
        deal_round(ws, pos, t[T_POS], dealer)
    # % n kept here: a compare instead (as next_seat) measured slower under builds (0.967 against 0.979, 5 rounds)
    return False, np.int64((dealer + 1) % n), cards_in_hands(ws, n)


@kernel(inline=True)
def _take_hands(ws, r):
    """Round r's hands, dealt in the shuffle, into the empty hands."""
    base = r * ROUND_WIDTH
    for s in range(4):
        ws.hand[s] = ws.rounds[base + s]


@kernel(inline=True)
def tally(ws, plays, captures, builds_made, taken, sweeps):
    """A lean loop's play counts, kept in registers over the deal, added to the events once at its end."""
    ws.ev[E.plays] += plays
    ws.ev[E.captures] += captures
    ws.ev[E.trails] += plays - captures - builds_made
    ws.ev[E.builds_made] += builds_made
    ws.ev[E.cards_captured] += taken
    ws.ev[E.sweeps] += sweeps


@kernel(inline=True)
def counted(ws, n, seen):
    """What a lean loop's play counts are worked out from at its end (``tally_since``): the cards seen, the cards
    in the piles, the sweeps. Every play adds its card to the cards seen, a capture its card and its take to a
    pile, a sweep one to a seat's sweeps; so the loop keeps no counter of its own but the captures (measured per
    play: each counter was a load and a store to the stack)."""
    piles = 0
    sweeps = 0
    for s in range(n):
        piles += np.int64(popcount(ws.pile[s]))
        sweeps += ws.sweeps[s]
    return np.int64(popcount(seen)), piles, sweeps


@kernel(inline=True)
def tally_since(ws, n, seen, before, captures, builds_made):
    """``tally`` of a lean loop's plays from ``counted`` before it and now: the plays are the new cards seen, the
    cards captured those new in the piles less the capturing cards."""
    seen0, piles0, sweeps0 = before
    now_seen, piles, sweeps = counted(ws, n, seen)
    tally(ws, now_seen - seen0, captures, builds_made, piles - piles0 - captures, sweeps - sweeps0)


@kernel(inline=True)
def cards_in_hands(ws, n):
    left = 0
    for s in range(n):
        left += popcount(ws.hand[s])
    return np.int64(left)


@kernel(inline=True)
def run(cfg, ws, seats):
    """Play from where ``ws.turn`` stands: each round in turn from the elder hand, the next round dealt when the
    hands are empty, until the pack is used up (returns 0) or a ``rollout`` seat is to play (returns -1; its card
    goes in ``ws.turn[T_CHOICE]`` and ``run`` goes on from there). The remainder is not taken here."""
    prm, pack = cfg
    n = prm[P.players]
    size = pack.shape[0]
    t = ws.turn
    p = t[T_PLAYER]
    left = t[T_LEFT]
    dealer = t[T_DEALER]
    builds = prm[P.builds] != 0
    while True:
        while left > 0:
            if ws.hand[p] != _ZERO:
                choice = t[T_CHOICE]
                if choice < 0 and seats[0][p] == ROLLOUT:
                    t[T_PLAYER] = p
                    t[T_LEFT] = left
                    return np.int64(-1)
                t[T_CHOICE] = -1
                turn(ws, seats, p, choice, builds)
                left -= 1
            p = p + 1 if p + 1 < n else 0  # (p + 1) % n without a division, once a play
        over, p, left = next_round(ws, size, dealer, n)
        if over:
            t[T_LEFT] = 0
            return np.int64(0)


@kernel
def resume(cfg, ws, seats):
    """``run``, not inlined: after a rollout decision, and in every playout."""
    return run(cfg, ws, seats)


@kernel(inline=True)
def take_remainder(ws, prm, dealer):
    """The last player to capture takes what is left, a sweep when the rule says so (p. 99)."""
    final_sweep = prm[P.final_sweep]
    table = ws.masks[TABLE]
    if table == _ZERO:
        return
    last = ws.state[LAST]
    k = L.next_action(ws)
    if last < 0:  # nobody captured in the whole deal: the cards stay where they lie
        ws.ev[E.untaken] += popcount(table)
    else:
        ws.pile[last] |= table
        ws.masks[TABLE] = _ZERO
        if ws.masks[BUILT] != _ZERO:
            B.clear(ws)
        ws.ev[E.remainders] += 1
        how = scoring(prm)
        ws.ev[EV_REST + relative(party_of(last, how), dealer, prm[P.players], how)] += 1
        ws.ev[E.remainder_cards] += popcount(table)
        if final_sweep:
            ws.sweeps[last] += 1
            ws.ev[E.final_sweeps] += 1
    if k >= 0:
        scored = final_sweep != 0 and last >= 0
        _trace(ws, k, last, -1, table, table if last >= 0 else _ZERO, REMAINDER, scored)


@kernel(inline=True)
def turn(ws, seats, p, choice, builds):
    """Seat p plays: a capture if any card of his can capture, else a trail, or with ``builds`` a build;
    ``choice`` (>= 0) is a play already chosen for him (a rollout decision: a card, or a build's code)."""
    table = ws.masks[TABLE]
    cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
    if not builds and choice < 0:  # (no build ever lies: the table is all loose)
        plain_turn(ws, seats[0][p], p, cap, table)
        return
    loose = table & ~ws.masks[BUILT]
    sums = sums_below(loose)
    if choice >= 0:
        c = choice & CARD_BITS
        v = choice >> B.VALUE_SHIFT
        if v > 0:
            B.loose_groups(ws, loose)
            g, _ = B.group_for(ws, c, v)
            build(ws, p, c, v, g, table)
        else:
            play_card(ws, p, c, takes(cap, loose, c, sums) | B.builds_of(ws, c), table)
        return
    c, v, take = built_choice(seats[0][p], ws, p, cap, loose, sums, ws.seat_rng[p])
    if v > 0:
        build(ws, p, c, v, take, table)
    else:
        play_card(ws, p, c, take, table)


@kernel(inline=True)
def plain_turn(ws, policy, p, cap, table):
    """A turn without builds: ``plain_choice``'s play made."""
    hand = ws.hand[p]
    c, take = plain_choice(policy, hand, table, ws.masks[PACK_MASK] & ~ws.masks[SEEN] & ~hand, cap, ws.seat_rng, p)
    play_card(ws, p, c, take, table)


@kernel(inline=True)
def plain_choice(policy, hand, table, unseen, cap, streams, s):
    """The play of a turn without builds, chosen exactly as ``listing`` and ``choose`` choose it, but with the
    plays kept in registers: no option arrays written, a capture's take worked out once per capturing card (for
    ``random`` only for the card drawn), the unseen cards used only for a trail. Returns (card, take); the take
    is 0 for a trail. ``streams[s]`` is the seat's random stream, taken only for ``random`` (the row's address
    is then not worked out at every play)."""
    sums = sums_below(table)
    h = capturing(hand, table, sums)
    if h == _ZERO:
        if policy == RANDOM:
            c = nth_card(hand, rng.bounded(streams[s], np.int64(popcount(hand))))
        else:
            c = best_trail(policy, hand, unseen)
        return c, _ZERO
    if policy == RANDOM:
        c = nth_card(h, rng.bounded(streams[s], np.int64(popcount(h))))
        return c, takes(cap, table, c, sums)
    return best_capture(policy, h, cap, table, sums, _ZERO, NO_BUILDS)


@kernel(inline=True)
def best_capture(policy, h, cap, loose, sums, built, builds):
    """The capture ``choose`` makes among the cards ``h`` that capture: (card, take). ``built`` is the table's
    cards lying in builds and ``builds`` their cards by value (a card also takes every build of its value);
    without builds ``built`` is 0 (a constant, so the builds' test is compiled away)."""
    c = np.int64(ctz(h))
    if h & (h - _ONE) == _ZERO:  # one card captures (three captures in four): it is played, no key to weigh
        return c, takes(cap, loose, c, sums) | B.value_builds(built, builds, c)
    take = _ZERO
    best_key = -(1 << 62)
    while h != _ZERO:
        d = np.int64(ctz(h))
        h &= h - _ONE
        t = takes(cap, loose, d, sums) | B.value_builds(built, builds, d)
        if t == _ZERO:  # (a card that captures always takes something)
            continue
        key = capture_key(policy, d, t)
        if key > best_key:
            best_key = key
            c = d
            take = t
    return c, take


@kernel(inline=True)
def built_choice(policy, ws, p, cap, loose, sums, state):
    """``built_play`` for seat p from the workspace (the turn under ``builds`` of ``run``)."""
    hand = ws.hand[p]
    unseen = ws.masks[PACK_MASK] & ~ws.masks[SEEN] & ~hand
    lying, mine = B.built_ranks(ws), B.own_ranks(ws, p)
    return built_play(policy, hand, cap, loose, sums, ws.masks[BUILT], lying, mine, unseen, ws, state)


@kernel(inline=True)
def built_play(policy, hand, cap, loose, sums, built, lying, mine, unseen, ws, state):
    """The play of a turn under ``builds``, chosen exactly as ``listing`` and ``choose`` choose it, but with the
    plays kept in registers: no option arrays written and read back, a capture's take worked out once per
    capturing card (for ``random`` only for the card drawn), the builds counted from the totals the loose cards
    make and walked (``build_walk``) only when there are any (``lowest``, which never builds, not at all).
    ``built``: the table's cards lying in builds; ``lying``, ``mine``: the ranks (bit v - 1) of the builds that
    lie and of the player's own; ``unseen``: the cards he has not seen. Only the build scratch of ``ws`` is used
    (builds by value, the knapsack's). Returns (card, value, cards): value 0 for a capture (cards: its take) or a
    trail (none); else the build's value and the loose cards the card is laid on."""
    h = capturing(hand, loose, sums) | (hand & of_ranks(lying))
    plays = h if h != _ZERO else hand  # (a player with a build always holds a card that captures)
    n = np.int64(0)
    made = totals = _ZERO
    if policy != LOWEST:  # (a hand of fewer than two numeric cards, which cannot build, is told by the count)
        made = B.totals_to_ten(loose)
        n, totals = B.build_count(hand, mine, made, lying)
    if policy == RANDOM:
        cards = np.int64(popcount(plays))
        pick = rng.bounded(state, cards + n)
        if pick >= cards:
            stop = pick - cards
            bc, bv, bg, _ = build_walk(
                policy, hand, loose, mine, made, lying, totals, stop, ws.builds, ws.group, ws.gkey
            )
            return bc, bv, bg
        c = nth_card(plays, pick)
        return c, np.int64(0), takes(cap, loose, c, sums) | B.value_builds(built, ws.builds, c) if h != _ZERO else _ZERO
    bc, bv, bg, later = np.int64(-1), np.int64(0), _ZERO, np.int64(0)
    if n > 0:
        bc, bv, bg, later = build_walk(policy, hand, loose, mine, made, lying, totals, -1, ws.builds, ws.group, ws.gkey)
    if h == _ZERO:
        if n > 0:  # book or greedy: any build secures more than a trail
            return bc, bv, bg
        return best_trail(policy, hand, unseen), np.int64(0), _ZERO
    c, take = best_capture(policy, h, cap, loose, sums, built, ws.builds)
    if n > 0 and later > gain(policy, take | bit(c)):
        return bc, bv, bg
    return c, np.int64(0), take


@kernel
def build_walk(policy, hand, loose, mine, made, lying, totals, stop, builds, group, gkey):
    """The builds ``B.build_count`` counts (at least one), walked in ``B.build_options``' order: returns (card,
    value, cards laid on, gain) of the build ``best_build`` picks among them, or with ``stop`` >= 0 of the
    stop-th. The knapsack that finds the cards each is laid on is run first, up to the highest of the totals
    they are laid on (``totals``, bit t)."""
    numeric = hand & BELOW[10]
    best_c, best_v, best_g, top = np.int64(-1), np.int64(0), _ZERO, np.int64(-(1 << 62))
    if totals == _ZERO:  # (none to walk: its callers count them first)
        return best_c, best_v, best_g, top // 64
    B.knapsack(group, gkey, loose, B.bit_length(totals) - _ONE)
    i = 0
    x = numeric
    while x != _ZERO:
        c = np.int64(ctz(x))
        x &= x - _ONE
        keep = rank_set(hand & ~bit(c))
        if keep & mine != mine:
            continue
        cv = c % 13 + 1
        vals = B.legal_values(keep, np.uint64(cv), made, lying)
        while vals != _ZERO:
            v = np.int64(ctz(vals)) + 1
            vals &= vals - _ONE
            g = group[np.uint64(v - cv if cv < v else v)]  # (0 for a call on the build alone)
            if stop >= 0:
                if i == stop:
                    return c, v, g, np.int64(0)
                i += 1
                continue
            key = (gain(policy, builds[v] | g | bit(c)) + 1) * 64 + 63 - ORDER[c]
            if key > top:
                top = key
                best_c, best_v, best_g = c, v, g
    return best_c, best_v, best_g, top // 64


@kernel(inline=True)
def every_seat(prm, seats, policy):
    """Whether every seat plays ``policy`` (every bench row, and a run with one strategy for all)."""
    for s in range(prm[P.players]):
        if seats[0][s] != policy:
            return False
    return True


@kernel(merged=True)
def run_plain(cfg, ws, seats):
    """``run`` for a deal without builds, rollout seats or tracing, to the end of the pack: the same plays, with
    the table, the cards seen, the last capturer and the play counts held in registers over the deal (each play
    would otherwise store them to the workspace and load them back), written back once at the end."""
    prm, pack = cfg
    n = prm[P.players]
    size = pack.shape[0]
    t = ws.turn
    p = np.uint64(t[T_PLAYER])  # unsigned: a signed index costs a test for a negative one (numba's wraparound)
    seats_n = np.uint64(n)
    left = t[T_LEFT]
    dealer = t[T_DEALER]
    cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
    policies = seats[0]
    table = ws.masks[TABLE]
    # the pack's cards not yet seen face up: one register for the cards seen and the pack (the seen are the rest)
    unseen = ws.masks[PACK_MASK] & ~ws.masks[SEEN]
    last = ws.state[LAST]
    before = counted(ws, n, ws.masks[SEEN])
    captures = 0
    while True:
        while left > 0:
            hand = ws.hand[p]
            if hand != _ZERO:
                c, take = plain_choice(policies[p], hand, table, unseen & ~hand, cap, ws.seat_rng, p)
                b = bit(c)
                ws.hand[p] = hand & ~b
                unseen &= ~b
                if take != _ZERO:
                    ws.pile[p] |= take | b
                    table &= ~take
                    last = np.int64(p)
                    captures += 1
                    if table == _ZERO:  # a sweep
                        ws.sweeps[p] += 1
                else:
                    table |= b
                left -= 1
            p = p + _ONE if p + _ONE < seats_n else _ZERO
        over, first, left = next_round(ws, size, dealer, n)
        p = np.uint64(first)
        if over:
            break
    seen = ws.masks[PACK_MASK] & ~unseen
    t[T_LEFT] = 0
    ws.masks[TABLE] = table
    ws.masks[SEEN] = seen
    ws.state[LAST] = last
    tally_since(ws, n, seen, before, captures, 0)


@kernel(merged=True)
def run_built(cfg, ws, seats):
    """``run`` for a deal under ``builds`` without rollout seats or tracing, to the end of the pack: the same
    plays (``built_play``, as ``turn`` chooses them), with the table, the cards seen and lying in builds, the
    ranks of the builds that lie and of each seat's own, the last capturer and the play counts held in
    registers over the deal, written back once at the end. The builds by value (``ws.builds``, ``ws.owners``)
    stay in the workspace: they change at a build or a capture of one. A deal of book players is played by a
    copy of the loop in which the policy is a constant, so that the other strategies' branches are compiled away
    and the loop holds fewer live values (``run_plain`` gained nothing from the same: 0.978, 5 rounds)."""
    if every_seat(cfg[0], seats, BOOK):
        built_deal(cfg, ws, seats, BOOK)
    else:
        built_deal(cfg, ws, seats, EACH_OWN)


@kernel(inline=True)
def built_deal(cfg, ws, seats, uniform):
    """``run_built``'s loop; ``uniform``: the policy of every seat, or EACH_OWN for each seat's own."""
    prm, pack = cfg
    n = prm[P.players]
    size = pack.shape[0]
    t = ws.turn
    p = np.uint64(t[T_PLAYER])  # unsigned, as in run_plain
    seats_n = np.uint64(n)
    left = t[T_LEFT]
    dealer = t[T_DEALER]
    cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
    table = ws.masks[TABLE]
    unseen = ws.masks[PACK_MASK] & ~ws.masks[SEEN]  # as in run_plain
    built = ws.masks[BUILT]
    last = ws.state[LAST]
    lying = B.built_ranks(ws)
    owned = _ZERO  # seat s's own ranks (bit v - 1) at bits 16 s on
    for s in range(n):
        owned |= B.own_ranks(ws, s) << np.uint64(OWN_SHIFT * s)
    before = counted(ws, n, ws.masks[SEEN])
    captures = 0
    builds_made = 0
    while True:
        while left > 0:
            hand = ws.hand[p]
            if hand != _ZERO:
                loose = table & ~built
                sums = sums_below(loose)
                mine = (owned >> (np.uint64(OWN_SHIFT) * p)) & OWN_RANKS
                policy = uniform if uniform != EACH_OWN else seats[0][p]
                state = ws.seat_rng[p]
                c, v, take = built_play(policy, hand, cap, loose, sums, built, lying, mine, unseen & ~hand, ws, state)
                b = bit(c)
                ws.hand[p] = hand & ~b
                unseen &= ~b
                if v > 0:  # B.play_build
                    table |= b
                    built |= b | take
                    w = np.uint64(v)
                    ws.builds[w] |= b | take
                    ws.owners[w] |= np.int64(1) << np.int64(p)
                    lying |= _ONE << (w - _ONE)
                    owned |= _ONE << (np.uint64(OWN_SHIFT) * p + w - _ONE)
                    builds_made += 1
                elif take != _ZERO:
                    ws.pile[p] |= take | b
                    table &= ~take
                    if take & built != _ZERO:  # B.taken_builds: the builds of the card's value, the only ones taken
                        w = np.uint64(c % 13 + 1)
                        ws.ev[E.builds_taken] += 1
                        if (ws.owners[w] >> np.int64(p)) & 1 == 0:
                            ws.ev[E.builds_taken_by_others] += 1
                        built &= ~ws.builds[w]
                        ws.builds[w] = _ZERO
                        ws.owners[w] = 0
                        lying &= ~(_ONE << (w - _ONE))
                        owned &= ~(EVERY_SEAT << (w - _ONE))
                    last = np.int64(p)
                    captures += 1
                    if table == _ZERO:  # a sweep
                        ws.sweeps[p] += 1
                else:
                    table |= b
                left -= 1
            p = p + _ONE if p + _ONE < seats_n else _ZERO
        over, first, left = next_round(ws, size, dealer, n)
        p = np.uint64(first)
        if over:
            break
    seen = ws.masks[PACK_MASK] & ~unseen
    t[T_LEFT] = 0
    ws.masks[TABLE] = table
    ws.masks[SEEN] = seen
    ws.masks[BUILT] = built
    ws.state[LAST] = last
    tally_since(ws, n, seen, before, captures, builds_made)


@kernel(inline=True)
def nth_card(h, j):
    """The j-th card (from 0, in card order) of the mask h."""
    for _ in range(j):
        h &= h - _ONE
    return np.int64(ctz(h))


@kernel(inline=True)
def best_trail(policy, hand, unseen):
    """The card of ``hand`` that ``choose`` trails (every card a play, none capturing)."""
    best = np.int64(ctz(hand))
    if hand & (hand - _ONE) == _ZERO:  # the last card of the hand: no key to weigh
        return best
    best_key = -(1 << 62)
    while hand != _ZERO:
        c = np.int64(ctz(hand))
        hand &= hand - _ONE
        key = trail_key(policy, c, unseen)
        if key > best_key:
            best_key = key
            best = c
    return best


CARD_BITS = (1 << B.VALUE_SHIFT) - 1


@kernel(inline=True)
def code(ws, i):
    """Play i of the turn as one number: its card, plus its value shifted for a build."""
    return ws.opt_card[i] + (ws.opt_value[i] << B.VALUE_SHIFT)


@kernel(inline=True)
def listing(ws, p, cap, loose, sums, builds):
    """The plays p may make (``ws.opt_card``, ``ws.opt_take``, ``ws.opt_value``); returns (k1, k, ncap): plays
    [0, k1) are cards in card order, those that capture (found at once from the table's ranks, sums and builds)
    or every card to trail when none does (``ncap`` = 0), and [k1, k) the builds he may make. What a card takes
    is worked out only for the cards that capture."""
    hand = ws.hand[p]
    h = capturing(hand, loose, sums)
    if builds:
        h |= hand & of_ranks(B.built_ranks(ws))
    ncap = np.int64(popcount(h))
    k = 0
    if h == _ZERO:
        h = hand
        while h != _ZERO:
            ws.opt_card[k] = np.int64(ctz(h))
            ws.opt_take[k] = _ZERO
            ws.opt_value[k] = 0
            h &= h - _ONE
            k += 1
    else:
        while h != _ZERO:
            c = np.int64(ctz(h))
            h &= h - _ONE
            ws.opt_card[k] = c
            ws.opt_take[k] = takes(cap, loose, c, sums) | B.builds_of(ws, c)
            ws.opt_value[k] = 0
            k += 1
    k1 = k
    if builds:
        k = B.build_options(ws, p, loose, k)
    return k1, k, ncap


@kernel(inline=True)
def play_card(ws, p, c, take, table):
    """Seat p plays card c, taking ``take`` from ``table`` (a trail when it is empty)."""
    b = bit(c)
    ws.hand[p] &= ~b
    ws.masks[SEEN] |= b
    ws.ev[E.plays] += 1
    sweep = False
    if take != _ZERO:
        ws.pile[p] |= take | b
        ws.masks[TABLE] = table & ~take
        if take & ws.masks[BUILT] != _ZERO:  # tested here: a call passes every array of the workspace
            B.taken_builds(ws, p, take)
        ws.state[LAST] = p
        ws.ev[E.captures] += 1
        ws.ev[E.cards_captured] += popcount(take)
        if ws.masks[TABLE] == _ZERO:  # a sweep; the next player lays out a card to a new board (p. 99)
            sweep = True
            ws.sweeps[p] += 1
            ws.ev[E.sweeps] += 1
    else:
        ws.masks[TABLE] = table | b
        ws.ev[E.trails] += 1
    row = L.next_action(ws)
    if row >= 0:
        _trace(ws, row, p, c, table, take, CAPTURE if take != _ZERO else TRAIL, sweep)


@kernel(inline=True)
def build(ws, p, c, v, group, table):
    """Seat p lays card c on the loose cards ``group`` to build (or call) v."""
    b = bit(c)
    ws.hand[p] &= ~b
    ws.masks[SEEN] |= b
    ws.ev[E.plays] += 1
    B.play_build(ws, p, c, v, group)
    row = L.next_action(ws)
    if row >= 0:
        _trace(ws, row, p, c, table, group, BUILD, False)
        ws.tr_actions[row, TR_VALUE] = v


@kernel
def _trace(ws, k, seat, card, table, taken, kind, sweep):
    row = ws.tr_actions[k]
    row[TR_DEAL] = ws.state[DEAL]
    row[TR_ROUND] = ws.state[ROUND]
    row[TR_SEAT] = seat
    row[TR_CARD] = card
    row[TR_TABLE] = np.int64(table)
    row[TR_TAKEN] = np.int64(taken)
    row[TR_KIND] = kind
    row[TR_SWEEP] = 1 if sweep else 0
    row[TR_VALUE] = 0


# -- strategies ---------------------------------------------------------------------------------------------------


@kernel(inline=True)
def choose(policy, opts, k1, k, ncap, unseen, state):
    """Index of the play to make among ``opts`` = (cards, takes, values, builds) [0, k) (see ``listing``): a card
    that captures when ``ncap`` > 0 (capturing is compulsory but for building), else a card to trail, or a build
    (plays [k1, k)). ``unseen``: cards the player has not seen."""
    cards, takes, values, builds = opts
    if policy == RANDOM:
        pick = rng.bounded(state, (ncap if ncap > 0 else k1) + k - k1)
        for i in range(k):
            if i >= k1 or ncap == 0 or takes[i] != _ZERO:
                if pick == 0:
                    return i
                pick -= 1
    best = 0
    best_key = -(1 << 62)
    for i in range(k1):
        take = takes[i]
        if ncap > 0 and take == _ZERO:
            continue
        c = cards[i]
        key = capture_key(policy, c, take) if ncap > 0 else trail_key(policy, c, unseen)
        if key > best_key:
            best_key = key
            best = i
    if k > k1 and (policy == BOOK or policy == GREEDY):
        now = gain(policy, takes[best] | bit(cards[best])) if ncap > 0 else 0
        j, later = best_build(policy, opts, k1, k)
        if later > now:
            return j
    return best


@kernel(inline=True)
def capture_key(policy, c, take):
    """How ``policy`` ranks capturing ``take`` with card c (the highest is played); ties: the lowest card, by
    rank then suit."""
    if policy == BOOK:
        key = book_key(c, take)
    elif policy == GREEDY:
        key = np.int64(popcount(take))
    else:
        key = np.int64(0)
    return key * 64 + 63 - ORDER[c]


@kernel(inline=True)
def trail_key(policy, c, unseen):
    """How ``policy`` ranks trailing card c: ``lowest`` the lowest card, the others the least given away: the
    key is ``-trail_cost(c, unseen) * 64 + 63 - ORDER[c]``, its part fixed by the card looked up."""
    if policy == LOWEST:
        return 63 - ORDER[c]
    return TRAIL_BASE[c] - np.int64(popcount(unseen & RANK_OF_CARD[c])) * 1024


@kernel(inline=True)
def gain(policy, got):
    """What a capture of ``got`` (the capturing card included) is worth to ``book`` or ``greedy`` when weighing
    a build against it: book, the Cassino and ace points, then the cards; greedy, the cards."""
    cards = np.int64(popcount(got))
    if policy == GREEDY:
        return cards
    points = (2 if got & GREAT_BIT else 0) + (1 if got & LITTLE_BIT else 0) + np.int64(popcount(got & ACES))
    return points * 64 + cards


@kernel
def best_build(policy, opts, k1, k):
    """The build among plays [k1, k) securing most (``gain`` of every card the build's value will take: the
    build of that value as it will lie, and the card that takes it), ties the lowest card; returns (index,
    gain)."""
    cards, takes, values, builds = opts
    best = k1
    top = -(1 << 62)
    for i in range(k1, k):
        c = cards[i]
        got = builds[values[i]] | takes[i] | bit(c)
        g = gain(policy, got) + 1  # and the card that will take it
        key = g * 64 + 63 - ORDER[c]
        if key > top:
            top = key
            best = i
    return best, top // 64


@kernel(inline=True)
def book_key(c, take):
    """p. 100: "Secure the Cassino cards on the first opportunity, also aces and spades, after which aim to make
    as many combinations as possible, leaving the pairs until last, unless they be the ten or the two, which are
    always best got off the board as early as possible". The capturing card is secured with what it takes."""
    got = take | bit(c)
    cassinos = (2 if got & GREAT_BIT else 0) + (1 if got & LITTLE_BIT else 0)
    aces = np.int64(popcount(got & ACES))
    spades = np.int64(popcount(got & SPADES))
    same = np.int64(popcount(take & RANK_OF_CARD[c]))
    ten_or_two = TEN_OR_TWO[c] if same != 0 else 0
    cards = np.int64(popcount(take))
    combined = cards - same
    return ((((cassinos * 8 + aces) * 16 + spades) * 2 + ten_or_two) * 32 + combined) * 32 + cards


@kernel(inline=True)
def trail_cost(c, unseen):
    """What trailing c gives away: its worth (a Cassino, an ace, a spade), then how many unseen cards could
    pair it, then its lowness (a court or a high card is taken by fewer plays than a low one)."""
    r = c % 13
    return WORTH[c] * 64 + np.int64(popcount(unseen & RANK_MASK[r])) * 16 + (12 - r)
