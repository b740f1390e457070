"""Spin (Peel, *Round Games with Cards*, 1891, pp. 87-89; docs/spin.md).

An offshoot of Pope Joan: the 2 of hearts and 8 of diamonds are out, so the regular stops are the four kings,
7D and AH; the 50 cards are all dealt, no spare hand, no trumps. The pool has three chances, carried between
the deals of a session::

    board int64[3]:  0 Game (first out)   1 Matrimony (KD + QD)   2 Intrigue (QD + JD)

Game is paid by each player but the dealer (and the last deal's winner: ``ws.state[0]`` carries him); the dealer
pays 2 to Matrimony and 1 to Intrigue. A player holding both cards of Matrimony or Intrigue declares (shows)
them when he plays a stop, and takes that pool. The AD is *Spin*: its holder plays it with a card of his that
comes in sequence - the card becomes a stop and he leads again - or leads it; either way each other player
pays him ``spin_stake``. Each king played takes ``king_stake`` from every other player. The first out takes
Game and a stake per card from the others; whoever still holds Spin pays ``spin_penalty`` stakes per card.

The per-thread arrays are the fields of ``Workspace``; the session loop, trace and floor are the shared harness
(sim/games/_harness.py), which calls this module's kernels.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim import cards as C
from sim import rng
from sim._bits import ctz
from sim._jit import kernel
from sim.games import _ledger as L
from sim.games import _stops as S
from sim.games._common import MAX_SEATS, check_pack_deck
from sim.games._contract import TracedDeal
from sim.games._rules import MAX_STAKE, Rule, RuleBook, names_index

NAME = "spin"
TITLE = "Spin"
PAGES = "pp. 87-89"
PLAYERS = (3, 8)
DEAL = "deal"


RULEBOOK = RuleBook(
    __name__,
    TITLE,
    (
        Rule("players", 4, "p. 87", "number of players, 3 to 8", lo=PLAYERS[0], hi=PLAYERS[1]),
        Rule("spin_stake", 3, "p. 87", "counters each other player pays the player of Spin (AD)", lo=0, hi=MAX_STAKE),
        Rule("king_stake", 1, "p. 87", "counters each other player pays the player of a king", lo=0, hi=MAX_STAKE),
        Rule(
            "spin_penalty",
            2,
            "p. 88",
            "counters per card in hand the holder of an unplayed Spin pays the winner (others pay 1)",
            lo=0,
            hi=MAX_STAKE,
        ),
        Rule(
            "dealer_pays_game",
            False,
            "pp. 87-88",
            "the dealer pays a stake to Game too, not only to Matrimony (2) and Intrigue (1)",
        ),
        Rule("winner_exempt", True, "p. 88", "the previous deal's winner pays nothing towards the next Game"),
        Rule(
            "triple_takes_both",
            True,
            "toolkit",
            "a player holding KD QD JD takes Matrimony and Intrigue (false: the larger only)",
        ),
        Rule(
            "spin_with_lead",
            False,
            "p. 88",
            "Spin may be played with the card its holder leads, making that card a stop",
        ),
    ),
)
Rules = RULEBOOK.Rules
P = RULEBOOK.layout

VARIANTS: dict[str, dict] = {
    "standard": {},
    "dealer-pays-game": {"dealer_pays_game": True},
    "spin-with-lead": {"spin_with_lead": True},
}

STRATEGIES: dict[str, int] = {"book": S.BOOK, "lowest": S.LOWEST, "random": S.RANDOM, "rollout": S.ROLLOUT}
DEFAULT_STRATEGY = "book"
PLAYS = ("book", "rollout:8")  # claims are measured under the book's advice and the strong player (docs/rollout.md)
STRATEGY_PARAMS: dict[str, tuple[float, float]] = {"rollout": (1.0, float(S.MAX_SAMPLES))}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows its stops; plays out known stops or leads up to them "
    "(pp. 83-84); plays Spin at the first chance: with the last of its cards in a run, or leads it when its "
    "lead would not keep the lead anyway",
    "lowest": "leads its lowest card, remembers nothing; plays Spin with the first run of its own it can",
    "random": "leads a uniformly random card; at each chance plays Spin on the toss of a coin",
    "rollout": S.ROLLOUT_HELP + "; also whether to play Spin at each chance",
}

EVENTS: tuple[str, ...] = (
    "spin_played",  # Spin played (with a card or led)
    "spin_with_card",  # Spin played with a card in sequence, making it a stop (p. 88)
    "spin_unplayed",  # Spin still in a hand when the deal ended
    "spin_penalty_paid",  # counters the holder of an unplayed Spin paid the winner
    "matrimony_won",
    "intrigue_won",
    "pair_lost",  # a Matrimony/Intrigue holder played a card of it without declaring it first
    "kings_played",
    "stops",  # runs ended by a stop (Spin's included)
    "plays",  # cards played
    "game_taken",  # counters the winner took from Game
    "board_carried",  # counters left in the pool after the deal
)
SESSION_METRICS: tuple[str, ...] = ("board_left",)
E = names_index(EVENTS)

POOLS = ("game", "matrimony", "intrigue")
GAME, MATRIMONY, INTRIGUE = range(3)
REASONS = ("game_stake", "matrimony_stake", "intrigue_stake", "spin", "king", "matrimony", "intrigue", "game",
           "cards", "spin_penalty")  # fmt: skip
R_GAME_STAKE, R_MAT_STAKE, R_INT_STAKE, R_SPIN, R_KING, R_MATRIMONY, R_INTRIGUE, R_GAME = range(8)
R_CARDS, R_SPIN_PENALTY = 8, 9

PACK = C.pack_without("2H", "8D")
AD, KD, QD, JD = C.parse_card("AD"), C.parse_card("KD"), C.parse_card("QD"), C.parse_card("JD")

# positions (ace low: suit * 16 + rank), fixed for Spin
SPIN_X = 16 + C.ACE
KD_X, QD_X, JD_X = 16 + C.KING, 16 + C.QUEEN, 16 + C.KNAVE
KINGS = np.uint64(0)
for _s in range(4):
    KINGS |= np.uint64(1) << np.uint64(16 * _s + C.KING)
SPECIALS = KINGS | (np.uint64(1) << np.uint64(SPIN_X))


def dealmap(r) -> np.ndarray:
    """All 50 cards dealt from the elder hand; the first 50 mod n players get one card more (p. 88)."""
    n = r.players
    base, extra = divmod(len(PACK), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table)."""
    return frozenset({"spin_penalty_paid"} if r.spin_penalty == 0 else ())


def kernel_config(r) -> tuple:
    """cfg for the kernels: (int64 rule parameters, deal table (sim.games._stops.deal_table), position tables)."""
    return RULEBOOK.params(r), S.deal_table(dealmap(r), r.players, len(PACK)), S.position_tables(False)


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


class Workspace(NamedTuple):
    """Per-thread arrays (made once per block of sessions, never per deal). The deal's state arrays are views of
    row REAL of ``roll`` (sim.games._stops.Scratch), so ``view`` gives a workspace over a rollout's row."""

    deck: np.ndarray  # int8[52], the cards in the order dealt (50 used)
    holder: np.ndarray  # int8[64], who holds each position (sim.games._stops)
    hand: np.ndarray  # uint64[10], each seat's cards
    masks: np.ndarray  # uint64[3], live and spare cards
    pair: np.ndarray  # int64[2], the seat that can still declare Matrimony / Intrigue this deal, -1 none
    state: np.ndarray  # int64[2], carried between deals: the last deal's winner (-1 none); this deal's exempt seat
    shown: np.ndarray  # int64[2], who declared (showed) Matrimony / Intrigue this deal; -2 gone undeclared, -1 not
    deck_rng: np.ndarray  # uint64[4], the session's deck stream
    seat_rng: np.ndarray  # uint64[10, 4], each seat's strategy stream
    board: np.ndarray  # int64[3], the pool's three chances
    net: np.ndarray  # int64[10], this deal's counters won (+) or lost (-) per seat
    won: np.ndarray  # int64[10], 1 for the seat that went out
    ev: np.ndarray  # int64[len(EVENTS)], this deal's events
    tracing: np.ndarray  # bool[1]: record actions and payments
    tr_actions: np.ndarray  # int64[k, 4]: seat, card, stop, Spin-with-a-card (sim.games._stops TR_*)
    tr_pays: np.ndarray  # int64[k, 5] (sim.games._ledger)
    tr_count: np.ndarray  # int64[2]: actions, payments recorded
    turn: np.ndarray  # int64[TURN], where play stands (sim.games._stops T_*)
    roll: S.Scratch  # the state in rows REAL, WORLD, SIM (pair, state, shown are its ``extra``), the rollout's


@njit(cache=True)
def new_workspace(cfg, trace_rows):
    r = S.new_scratch(3, len(EVENTS), 6)
    return Workspace(
        np.empty(52, dtype=np.int8),
        r.holder[S.REAL],
        r.hand[S.REAL],
        r.masks[S.REAL],
        r.extra[S.REAL, 0:2],
        r.extra[S.REAL, 2:4],
        r.extra[S.REAL, 4:6],
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
        ws.deck, r.holder[row], r.hand[row], r.masks[row], r.extra[row, 0:2], r.extra[row, 2:4],
        r.extra[row, 4:6], ws.deck_rng, ws.seat_rng, r.board[row], r.net[row], r.won[row], r.ev[row],
        r.tracing[row], ws.tr_actions, ws.tr_pays, ws.tr_count, r.turn[row], r,
    )  # fmt: skip


@kernel
def begin_session(cfg, ws, seats, seed, session):
    S.seed_streams(ws, seed, session, cfg[0][P.players], seats[0])
    for k in range(3):
        ws.board[k] = 0
    ws.state[0] = -1  # nobody has won a deal yet


@kernel(inline=True)
def deal_cards(cfg, ws, dealer):
    prm, table, tabs = cfg
    S.shuffle_deal(ws, PACK, table, tabs, dealer, prm[P.players])


@kernel(inline=True)
def deal_hands(cfg, ws, dealer):
    prm, table, tabs = cfg
    S.deal_ws(ws, table, tabs, dealer, prm[P.players])
    return np.int64(ws.hand[0] & np.uint64(1))


@kernel
def end_session(cfg, ws, row, col):
    row[col] = ws.board[GAME] + ws.board[MATRIMONY] + ws.board[INTRIGUE]


@kernel(inline=True)
def _play(cfg, ws, x, seat, flag):
    """Seat plays the card at x; a king or Spin is paid for at once by every other player (p. 87).

    Inlined at each call site: a call carrying the workspace would cost more than the play.
    """
    S.play_card(ws, cfg[2], seat, x, flag)
    if S.has(SPECIALS, x):
        prm = cfg[0]
        if x == SPIN_X:
            ws.ev[E.spin_played] += 1
            L.collect(ws, seat, prm[P.spin_stake], prm[P.players], R_SPIN)
        else:
            ws.ev[E.kings_played] += 1
            L.collect(ws, seat, prm[P.king_stake], prm[P.players], R_KING)


@kernel(inline=True)
def _declaring(ws, stopper):
    """Whether a stop by ``stopper`` settles a Matrimony or Intrigue this deal (a quick test, inlined)."""
    pair = ws.pair
    holder = ws.holder
    if pair[0] >= 0 and (pair[0] == stopper or holder[KD_X] == S.PLAYED or holder[QD_X] == S.PLAYED):
        return True
    return pair[1] >= 0 and (pair[1] == stopper or holder[QD_X] == S.PLAYED or holder[JD_X] == S.PLAYED)


@kernel
def _declare(prm, ws, stopper):
    """After ``stopper`` played a stop: he declares Matrimony / Intrigue if he holds it (p. 88); a holder who
    has played a card of his pair without declaring it can no longer show it."""
    pair = ws.pair
    both = pair[0] >= 0 and pair[0] == pair[1]
    for k in range(2):
        s = pair[k]
        if s < 0:
            continue
        if s == stopper:
            pool = MATRIMONY if k == 0 else INTRIGUE
            if both and not prm[P.triple_takes_both]:
                # one declaration only: the larger chance (ties: Matrimony); the other is gone for this deal
                pool = MATRIMONY if ws.board[MATRIMONY] >= ws.board[INTRIGUE] else INTRIGUE
                pair[0] = -1
                pair[1] = -1
                ws.shown[0] = -2
                ws.shown[1] = -2
            else:
                pair[k] = -1
            ws.shown[0 if pool == MATRIMONY else 1] = stopper  # he shows the pair's cards
            ws.ev[E.matrimony_won if pool == MATRIMONY else E.intrigue_won] += 1
            L.take(ws, pool, stopper, R_MATRIMONY if pool == MATRIMONY else R_INTRIGUE)
            if pair[0] < 0 and pair[1] < 0:
                return
        else:
            a = KD_X if k == 0 else QD_X
            b = QD_X if k == 0 else JD_X
            if ws.holder[a] == S.PLAYED or ws.holder[b] == S.PLAYED:
                ws.ev[E.pair_lost] += 1
                pair[k] = -1


@kernel(inline=True)
def _attach_now(policy, state):
    """Whether a Spin holder with a chance to play it takes it now."""
    if policy == S.RANDOM:
        return rng.bounded(state, 2) == 1
    return True  # book and lowest: "at the first chance"


@kernel(inline=True)
def _choose_lead(ws, p, policy, with_lead):
    """The position seat p leads, by his strategy and from what he can know."""
    h = ws.hand[p]
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, False, ws.seat_rng[p])
    out = S.known_out(ws.masks, False)
    if not S.has(h, SPIN_X):
        return S.book_lead(h, out, False, np.uint64(0))
    return _book_lead_with_spin(h, out, with_lead)


@kernel
def _book_lead_with_spin(h, out, with_lead):
    """Book lead holding Spin: the ordinary book lead if it plays a run of two or more of his cards (Spin goes
    with the last of them), keeps the lead anyway, or may take Spin with it (``spin_with_lead``); else Spin
    itself, now."""
    spin = S.bit(SPIN_X)
    lead = S.book_lead(h, out, False, spin)
    if with_lead or lead == SPIN_X or S.run_length(h, lead) >= 2:
        return lead
    gap, _ = S.lead_up(h, out, lead)
    if 0 <= gap <= 2:  # led up to a known stop of his: Spin goes with it (or he leads again)
        return lead
    return np.int64(SPIN_X)


@kernel(inline=True)
def _ante(prm, ws, dealer):
    """The pool (p. 87): Game from each player but the dealer (and the last winner, p. 88); the dealer pays two
    to Matrimony and one to Intrigue."""
    ws.state[1] = ws.state[0]
    for s in range(prm[P.players]):
        if s == ws.state[0] and prm[P.winner_exempt]:
            continue
        if s == dealer and not prm[P.dealer_pays_game]:
            continue
        L.pay(ws, s, L.BOARD, 1, R_GAME_STAKE, GAME)
    L.pay(ws, dealer, L.BOARD, 2, R_MAT_STAKE, MATRIMONY)
    L.pay(ws, dealer, L.BOARD, 1, R_INT_STAKE, INTRIGUE)


PH_WITH_LEAD = 1  # ws.turn's phase: Spin's holder may play it with his lead (spin_with_lead)
PH_ATTACH = 2  # ... or with the last card of his own run in sequence


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
    """Lead, follow, stop and Spin from where ``ws.turn`` stands until a player is out (p. 88; returns him), or
    until a rollout seat must decide (returns -1; its choice goes in ``ws.turn[T_CHOICE]``, and ``_run`` goes on
    from there)."""
    prm = cfg[0]
    policies = seats[0]
    with_lead = prm[P.spin_with_lead] != 0
    t = ws.turn
    phase = t[S.T_PHASE]
    leader = t[S.T_LEADER]
    player = t[S.T_PLAYER]
    last = t[S.T_LAST]
    choice = t[S.T_CHOICE]
    t[S.T_CHOICE] = -1
    while True:
        winner = -1
        spun = False
        if phase == S.PH_LEAD:
            policy = policies[leader]
            if choice >= 0:
                last = choice
                choice = -1
            elif policy == S.ROLLOUT:
                return _pause(t, S.PH_LEAD, leader, leader, -1)
            else:
                last = _choose_lead(ws, leader, policy, with_lead)
            _play(cfg, ws, last, leader, 0)
            player = leader
            if ws.hand[leader] == 0:
                winner = leader
            elif with_lead and ws.holder[SPIN_X] == leader:
                phase = PH_WITH_LEAD
        if winner < 0 and phase != S.PH_LEAD:  # Spin's holder has a chance to play it with ``last``
            policy = policies[player]
            if choice >= 0:
                spun = choice == 1
                choice = -1
            elif policy == S.ROLLOUT:
                return _pause(t, phase, leader, player, last)
            elif phase == PH_WITH_LEAD:
                spun = (policy != S.BOOK or not S.has(ws.hand[player], last + 1)) and _attach_now(
                    policy, ws.seat_rng[player]
                )
            else:
                spun = _attach_now(policy, ws.seat_rng[player])
        if winner < 0 and not spun:
            while True:
                h = S.next_holder(ws.holder, last)
                if h < 0:
                    break
                last += 1
                player = h
                _play(cfg, ws, last, h, 0)
                if ws.hand[h] == 0:
                    winner = h
                    break
                # Spin goes with the last card of the holder's own run in sequence: that card becomes a stop
                if ws.holder[SPIN_X] == h and not S.has(ws.hand[h], last + 1):
                    if policies[h] == S.ROLLOUT:
                        return _pause(t, PH_ATTACH, leader, h, last)
                    if _attach_now(policies[h], ws.seat_rng[h]):
                        spun = True
                        break
        phase = S.PH_LEAD
        if spun:
            _play(cfg, ws, SPIN_X, player, 1)
            ws.ev[E.spin_with_card] += 1
            if ws.hand[player] == 0:
                winner = player
        if winner >= 0:
            # going out on a stop still lets him declare (he has played a stop)
            if (spun or S.next_holder(ws.holder, last) < 0) and (ws.pair[0] == winner or ws.pair[1] == winner):
                _declare(prm, ws, winner)
            return winner
        ws.ev[E.stops] += 1
        L.mark_last(ws, S.TR_STOP, 1)
        if _declaring(ws, player):
            _declare(prm, ws, player)
        leader = player


@kernel(inline=True)
def _go_out(cfg, ws, winner):
    """Going out (p. 88): Game, and a stake per card from each other player; double from Spin's holder."""
    prm = cfg[0]
    ws.won[winner] = 1
    ws.ev[E.plays] -= S.count(ws.masks[S.LIVE])  # every card played left the live cards (begin_play)
    ws.ev[E.game_taken] += L.take(ws, GAME, winner, R_GAME)
    spin_holder = np.int64(ws.holder[SPIN_X])
    if spin_holder >= 0:
        ws.ev[E.spin_unplayed] += 1
        ws.ev[E.spin_penalty_paid] += prm[P.spin_penalty] * S.count(ws.hand[spin_holder])
    S.pay_for_cards(ws, winner, prm[P.players], spin_holder, prm[P.spin_penalty], R_CARDS)
    ws.ev[E.board_carried] += ws.board[GAME] + ws.board[MATRIMONY] + ws.board[INTRIGUE]
    ws.state[0] = winner


@kernel
def _sample(ws, world, n, p):
    """A deal of the cards ``p`` cannot place into ``world``: a declared pair's cards stay with its declarer, and
    Matrimony and Intrigue can be declared by whoever now holds both, unless already settled."""
    r = ws.roll
    for k in range(2):
        s = ws.shown[k]
        if s >= 0:  # the pair is (a, a - 1): KD QD, QD JD
            a = KD_X if k == 0 else QD_X
            r.known[s] |= (S.bit(a) | S.bit(a - 1)) & ws.hand[s]
    S.copy_state(r, S.REAL, S.WORLD)
    S.sample_hands(world, n, r.known, ws.seat_rng[p], r.cards)
    for k in range(2):
        a = KD_X if k == 0 else QD_X
        h = world.holder[a]
        world.pair[k] = h if h >= 0 and world.holder[a - 1] == h and world.shown[k] == -1 else -1


@kernel
def _resume(cfg, ws, seats):
    """Play on after a rollout seat's decision (``_run``, not inlined: decisions are rare)."""
    return _run(cfg, ws, seats)


@kernel
def decide(cfg, ws, seats):
    """The choice of ``rollout:K`` (sim.games._stops) at the decision ``ws.turn`` stands at: a lead (every card of
    his hand), or whether to play Spin now; each played out on K deals of the other hands consistent with what
    he knows, book for everyone after."""
    prm = cfg[0]
    n = prm[P.players]
    r = ws.roll
    t = ws.turn
    p = t[S.T_PLAYER]
    h = ws.hand[p]
    if t[S.T_PHASE] == S.PH_LEAD:
        cands = h
        pref = _choose_lead(ws, p, S.BOOK, prm[P.spin_with_lead] != 0)
    else:
        cands = np.uint64(3)  # 0: not now, 1: Spin now
        pref = 1
        if t[S.T_PHASE] == PH_WITH_LEAD and S.has(h, t[S.T_LAST] + 1):
            pref = 0
    world = view(ws, S.WORLD)
    sim = view(ws, S.SIM)
    book = (r.book, seats[1])
    S.begin_decision(r, p, h)
    for _ in range(S.samples(seats[1][p])):
        _sample(ws, world, n, p)
        m = cands
        while m != 0:
            x = np.int64(ctz(m))
            m &= m - np.uint64(1)
            S.copy_state(r, S.WORLD, S.SIM)
            sim.turn[S.T_CHOICE] = x
            _go_out(cfg, sim, _resume(cfg, sim, book))
            r.score[x] += sim.net[p]
    return S.best_choice(r.score, cands, pref)


@kernel(inline=True)
def begin_play(cfg, ws, dealer):
    """The deal up to its first lead: the pool, the cards, who can declare a pair, the elder hand to lead."""
    prm, table, tabs = cfg
    n = prm[P.players]
    L.begin_deal(ws, n)
    _ante(prm, ws, dealer)
    S.deal_ws(ws, table, tabs, dealer, n)
    ws.ev[E.plays] += S.count(ws.masks[S.LIVE])  # minus the live cards at the end (_go_out): no count per play
    ws.pair[0] = ws.holder[KD_X] if ws.holder[KD_X] == ws.holder[QD_X] else -1
    ws.pair[1] = ws.holder[QD_X] if ws.holder[QD_X] == ws.holder[JD_X] else -1
    ws.shown[0] = -1
    ws.shown[1] = -1
    S.begin_turns(ws.turn, S.next_seat(dealer, n), dealer)  # the elder hand leads (p. 88)


@kernel(inline=True)
def play_deal(cfg, ws, dealer, seats):
    """Play one deal of Spin on the stacked ``ws.deck`` with ``dealer`` dealing; returns the next dealer.

    ``ws.board`` (the pool) and ``ws.state[0]`` (the last deal's winner) are carried in and out; ``ws.net``,
    ``ws.won`` and ``ws.ev`` are this deal's.
    """
    begin_play(cfg, ws, dealer)
    winner = _run(cfg, ws, seats)  # inlined: a call passes every array of the workspace
    while winner < 0:  # a rollout seat's decision
        ws.turn[S.T_CHOICE] = decide(cfg, ws, seats)
        winner = _resume(cfg, ws, seats)
    _go_out(cfg, ws, winner)
    return S.next_seat(dealer, cfg[0][P.players])


# ----------------------------------------------------------------------------------------------------------
# the Python side


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 50 cards of the Spin pack (no 2H, 8D), each once, in the order dealt."""
    return check_pack_deck(text, PACK, TITLE, " (the 2 of hearts and 8 of diamonds are out, p. 87)")


def deck_from_hands(r, dealer: int, hands: dict[int, str]) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (text)."""
    return check_deck(C.format(S.stack_deck(dealmap(r), dealer, r.players, hands)))


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict: the deal, every play and payment, the nets and events; ``last_winner``
    is the seat exempt from this deal's Game stake (-1: nobody)."""
    n = run.players
    order = run.deck[: len(PACK)]
    hands, _, _ = S.dealt_hands(order, run.cfg[1], run.dealer, n)
    ws = run.ws
    return {
        "game": NAME,
        "rules": dict(run.rules._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(order),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": hands,
        "spare": [],
        "turnup": None,
        "last_winner": int(ws.state[1]),
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "actions": S.traced_plays(ws, "spin"),
        "payments": L.payments(ws, REASONS, POOLS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
