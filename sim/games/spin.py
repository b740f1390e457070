"""Spin (Peel, *Round Games with Cards*, 1891, pp. 87-89; docs/spin.md).

An offshoot of Pope Joan: the 2 of hearts and 8 of diamonds are out, so the regular stops are the four kings,
7D and AH; the 50 cards are all dealt, no spare hand, no trumps. The pool has three chances, carried between
the deals of a session::

    board int64[3]:  0 Game (first out)   1 Matrimony (KD + QD)   2 Intrigue (QD + JD)

Game is paid by each player but the dealer (and the last deal's winner: ``state[0]`` carries him); the dealer
pays 2 to Matrimony and 1 to Intrigue. A player holding both cards of Matrimony or Intrigue declares (shows)
them when he plays a stop, and takes that pool. The AD is *Spin*: its holder plays it with a card of his that
comes in sequence - the card becomes a stop and he leads again - or leads it; either way each other player
pays him ``spin_stake``. Each king played takes ``king_stake`` from every other player. The first out takes
Game and a stake per card from the others; whoever still holds Spin pays ``spin_penalty`` stakes per card.

Per-thread workspace (see ``_workspace``): holder int8[64], hand uint64[10], masks uint64[2], pair int64[2]
(the seat that can still declare Matrimony / Intrigue this deal, -1 none), deck int8[50], deck_rng uint64[4],
seat_rng uint64[10, 4]; state int64[2], net int64[10], ev int64[len(EVENTS)], board int64[3].
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from sim import cards as C
from sim import rng
from sim._jit import kernel
from sim.games import _stops as S
from sim.games._common import (
    COL_EVENTS,
    MAX_SEATS,
    row_width,
)
from sim.games._record import record_deal

NAME = "spin"
TITLE = "Spin"
PAGES = "pp. 87-89"
PLAYERS = (3, 8)


class Rules(NamedTuple):
    players: int = 4  # a round game for any number, as Pope Joan (p. 87); the toolkit plays 3 to 8
    spin_stake: int = 3  # each other player pays the player of Spin "usually three counters" (p. 87)
    king_stake: int = 1  # each king played takes one counter from every other player (p. 87)
    spin_penalty: int = 2  # stakes per card paid to the winner by the player left holding Spin: double (p. 88)
    dealer_pays_game: bool = False  # the dealer also pays a stake to Game ("sometimes called upon", pp. 87-88)
    winner_exempt: bool = True  # the last deal's winner pays nothing to the next Game (p. 88)
    triple_takes_both: bool = True  # one player holding KD QD JD takes both Matrimony and Intrigue (the book is silent)
    spin_with_lead: bool = False  # Spin may also go with the card its holder leads ("or after a stop", p. 88)

    def validated(self) -> Rules:
        """These rules with types normalised; ValueError in a player's words when they cannot be played."""
        r = self._replace(
            players=S.as_int("players", self.players),
            spin_stake=S.as_count("spin_stake", self.spin_stake),
            king_stake=S.as_count("king_stake", self.king_stake),
            spin_penalty=S.as_count("spin_penalty", self.spin_penalty),
            dealer_pays_game=S.as_bool("dealer_pays_game", self.dealer_pays_game),
            winner_exempt=S.as_bool("winner_exempt", self.winner_exempt),
            triple_takes_both=S.as_bool("triple_takes_both", self.triple_takes_both),
            spin_with_lead=S.as_bool("spin_with_lead", self.spin_with_lead),
        )
        lo, hi = PLAYERS
        if not lo <= r.players <= hi:
            raise ValueError(f"{TITLE} needs {lo} to {hi} players (got {r.players})")
        return r


RULE_PAGES: dict[str, str] = {
    "players": "p. 87",
    "spin_stake": "p. 87",
    "king_stake": "p. 87",
    "spin_penalty": "p. 88",
    "dealer_pays_game": "pp. 87-88",
    "winner_exempt": "p. 88",
    "triple_takes_both": "toolkit",
    "spin_with_lead": "p. 88",
}
RULE_HELP: dict[str, str] = {
    "players": "number of players, 3 to 8",
    "spin_stake": "counters each other player pays the player of Spin (AD)",
    "king_stake": "counters each other player pays the player of a king",
    "spin_penalty": "counters per card in hand the holder of an unplayed Spin pays the winner (others pay 1)",
    "dealer_pays_game": "the dealer pays a stake to Game too, not only to Matrimony (2) and Intrigue (1)",
    "winner_exempt": "the previous deal's winner pays nothing towards the next Game",
    "triple_takes_both": "a player holding KD QD JD takes Matrimony and Intrigue (false: the larger only)",
    "spin_with_lead": "Spin may be played with the card its holder leads, making that card a stop",
}

VARIANTS: dict[str, dict] = {
    "standard": {},
    "dealer-pays-game": {"dealer_pays_game": True},
    "spin-with-lead": {"spin_with_lead": True},
}

STRATEGIES: dict[str, int] = {"book": S.BOOK, "lowest": S.LOWEST, "random": S.RANDOM}
STRATEGY_HELP: dict[str, str] = {
    "book": "remembers the cards played, so knows its stops; plays out known stops or leads up to them "
    "(pp. 83-84); plays Spin at the first chance: with the last of its cards in a run, or leads it when its "
    "lead would not keep the lead anyway",
    "lowest": "leads its lowest card, remembers nothing; plays Spin with the first run of its own it can",
    "random": "leads a uniformly random card; at each chance plays Spin on the toss of a coin",
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
ROW = row_width(len(EVENTS), len(SESSION_METRICS))
E_SPIN, E_SPIN_CARD, E_SPIN_UNPLAYED, E_SPIN_PENALTY, E_MATRIMONY, E_INTRIGUE, E_PAIR_LOST = range(7)
E_KINGS, E_STOPS, E_PLAYS, E_GAME_TAKEN, E_BOARD_CARRIED = 7, 8, 9, 10, 11

POOLS = ("game", "matrimony", "intrigue")
GAME, MATRIMONY, INTRIGUE = range(3)
REASONS = ("game_stake", "matrimony_stake", "intrigue_stake", "spin", "king", "matrimony", "intrigue", "game",
           "cards", "spin_penalty")  # fmt: skip
R_GAME_STAKE, R_MAT_STAKE, R_INT_STAKE, R_SPIN, R_KING, R_MATRIMONY, R_INTRIGUE, R_GAME = range(8)
R_CARDS, R_SPIN_PENALTY = 8, 9

PACK = C.pack_without("2H", "8D")
AD, KD, QD, JD = C.parse_card("AD"), C.parse_card("KD"), C.parse_card("QD"), C.parse_card("JD")

P_PLAYERS, P_SPIN_STAKE, P_KING_STAKE, P_SPIN_PENALTY, P_DEALER_GAME, P_EXEMPT, P_TRIPLE, P_WITH_LEAD = range(8)
N_PARAMS = 8

# positions (ace low: suit * 16 + rank), fixed for Spin
SPIN_X = 16 + C.ACE
KD_X, QD_X, JD_X = 16 + C.KING, 16 + C.QUEEN, 16 + C.KNAVE
KINGS = np.uint64(0)
for _s in range(4):
    KINGS |= np.uint64(1) << np.uint64(16 * _s + C.KING)
SPECIALS = KINGS | (np.uint64(1) << np.uint64(SPIN_X))


def dealmap(r: Rules) -> np.ndarray:
    """All 50 cards dealt from the elder hand; the first 50 mod n players get one card more (p. 88)."""
    n = r.players
    base, extra = divmod(len(PACK), n)
    return S.deal_map(n, [base + (1 if j < extra else 0) for j in range(n)], 0, 0, turnup=False)


def params(r: Rules) -> np.ndarray:
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = r.players
    p[P_SPIN_STAKE] = r.spin_stake
    p[P_KING_STAKE] = r.king_stake
    p[P_SPIN_PENALTY] = r.spin_penalty
    p[P_DEALER_GAME] = r.dealer_pays_game
    p[P_EXEMPT] = r.winner_exempt
    p[P_TRIPLE] = r.triple_takes_both
    p[P_WITH_LEAD] = r.spin_with_lead
    return p


def deals_per_session(r: Rules, rotations: int) -> int:
    return r.players * rotations


def impossible_events(r: Rules) -> frozenset[str]:
    """The EVENTS these rules rule out (``sim run`` leaves them out of its table)."""
    return frozenset({"spin_penalty_paid"} if r.spin_penalty == 0 else ())


# ----------------------------------------------------------------------------------------------------------
# kernel (cards are positions suit*16 + place, sets of cards are uint64 masks: see sim.games._stops)


@kernel(inline=True)
def _play_card(x, seat, flag, prm, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions, tr_pays, tr_count):
    """Seat plays the card at x; a king or Spin is paid for at once by every other player (p. 87).

    Inlined at each call site: a call carrying these arrays would cost more than the play.
    """
    S.play(holder, hand, masks, seat, x)
    ev[E_PLAYS] += 1
    if trace_on:
        S.record_play(x, seat, flag, tabs, trace_on, tr_actions, tr_count)
    if S.has(SPECIALS, x):
        if x == SPIN_X:
            ev[E_SPIN] += 1
            S.collect(seat, prm[P_SPIN_STAKE], prm[P_PLAYERS], R_SPIN, net, board, trace_on, tr_pays, tr_count)
        else:
            ev[E_KINGS] += 1
            S.collect(seat, prm[P_KING_STAKE], prm[P_PLAYERS], R_KING, net, board, trace_on, tr_pays, tr_count)


@kernel(inline=True)
def _declaring(stopper, holder, pair):
    """Whether a stop by ``stopper`` settles a Matrimony or Intrigue this deal (a quick test, inlined)."""
    if pair[0] >= 0 and (pair[0] == stopper or holder[KD_X] == S.PLAYED or holder[QD_X] == S.PLAYED):
        return True
    return pair[1] >= 0 and (pair[1] == stopper or holder[QD_X] == S.PLAYED or holder[JD_X] == S.PLAYED)


@kernel
def _declare(stopper, prm, holder, pair, net, board, ev, trace_on, tr_pays, tr_count):
    """After ``stopper`` played a stop: he declares Matrimony / Intrigue if he holds it (p. 88); a holder who
    has played a card of his pair without declaring it can no longer show it."""
    both = pair[0] >= 0 and pair[0] == pair[1]
    for k in range(2):
        s = pair[k]
        if s < 0:
            continue
        if s == stopper:
            pool = MATRIMONY if k == 0 else INTRIGUE
            if both and not prm[P_TRIPLE]:
                # one declaration only: the larger chance (ties: Matrimony); the other is gone for this deal
                pool = MATRIMONY if board[MATRIMONY] >= board[INTRIGUE] else INTRIGUE
                pair[0] = -1
                pair[1] = -1
            else:
                pair[k] = -1
            ev[E_MATRIMONY if pool == MATRIMONY else E_INTRIGUE] += 1
            S.take(pool, stopper, R_MATRIMONY if pool == MATRIMONY else R_INTRIGUE, net, board, trace_on, tr_pays,
                   tr_count)  # fmt: skip
            if pair[0] < 0 and pair[1] < 0:
                return
        else:
            a = KD_X if k == 0 else QD_X
            b = QD_X if k == 0 else JD_X
            if holder[a] == S.PLAYED or holder[b] == S.PLAYED:
                ev[E_PAIR_LOST] += 1
                pair[k] = -1


@kernel(inline=True)
def _attach_now(policy, state):
    """Whether a Spin holder with a chance to play it takes it now."""
    if policy == S.RANDOM:
        return rng.bounded(state, 2) == 1
    return True  # book and lowest: "at the first chance"


@kernel(inline=True)
def _choose_lead(policy, h, masks, with_lead, state):
    """The position a seat with hand h leads, by his strategy and from what he can know."""
    if policy == S.LOWEST:
        return S.lowest(h)
    if policy == S.RANDOM:
        return S.random_lead(h, False, state)
    out = S.known_out(masks, False)
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


@kernel
def play_deal(
    prm, dmap, tabs, deck, dealer, policies, seat_rng, board, state, net, ev, holder, hand, masks, pair, trace_on,
    tr_actions, tr_pays, tr_count,
):  # fmt: skip
    """Play one deal of Spin on a stacked ``deck`` (int8 card codes, order dealt) with ``dealer`` dealing.

    ``board`` (int64[3]) and ``state`` (int64[2]: the last deal's winner, -1 none; then the seat exempt from
    this deal's Game stake) are carried in and out;
    ``net`` (int64[>=n]) and ``ev`` are zeroed here and filled. When ``trace_on``, actions (seat, card, stop,
    Spin-with-a-card) and payments (from, to, amount, reason, pool) go to ``tr_actions`` / ``tr_pays``,
    counted in ``tr_count``. Returns the seat that went out.
    """
    n = prm[P_PLAYERS]
    for s in range(n):
        net[s] = 0
    for e in range(ev.shape[0]):
        ev[e] = 0
    state[1] = state[0]
    # the pool (p. 87): Game from each player but the dealer (and the last winner, p. 88); the dealer pays
    # two to Matrimony and one to Intrigue
    for s in range(n):
        if s == state[0] and prm[P_EXEMPT]:
            continue
        if s == dealer and not prm[P_DEALER_GAME]:
            continue
        S.pay(s, S.BOARD, 1, R_GAME_STAKE, GAME, net, board, trace_on, tr_pays, tr_count)
    S.pay(dealer, S.BOARD, 2, R_MAT_STAKE, MATRIMONY, net, board, trace_on, tr_pays, tr_count)
    S.pay(dealer, S.BOARD, 1, R_INT_STAKE, INTRIGUE, net, board, trace_on, tr_pays, tr_count)

    S.deal(deck, dmap, tabs, dealer, n, holder, hand, masks)
    pair[0] = holder[KD_X] if holder[KD_X] == holder[QD_X] else -1
    pair[1] = holder[QD_X] if holder[QD_X] == holder[JD_X] else -1
    with_lead = prm[P_WITH_LEAD] != 0

    leader = (dealer + 1) % n  # the elder hand leads (p. 88)
    winner = -1
    stopper = -1
    while True:
        policy = policies[leader]
        last = _choose_lead(policy, hand[leader], masks, with_lead, seat_rng[leader])
        _play_card(last, leader, 0, prm, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions, tr_pays,
                   tr_count)  # fmt: skip
        player = leader
        spun = False
        if hand[leader] == 0:
            winner = leader
        elif (
            with_lead
            and holder[SPIN_X] == leader
            and (policy != S.BOOK or not S.has(hand[leader], last + 1))
            and _attach_now(policy, seat_rng[leader])
        ):
            spun = True
        else:
            while True:
                h = S.next_holder(holder, last)
                if h < 0:
                    break
                last += 1
                player = h
                _play_card(last, h, 0, prm, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions,
                           tr_pays, tr_count)  # fmt: skip
                if hand[h] == 0:
                    winner = h
                    break
                # Spin goes with the last card of the holder's own run in sequence: that card becomes a stop
                if holder[SPIN_X] == h and not S.has(hand[h], last + 1) and _attach_now(policies[h], seat_rng[h]):
                    spun = True
                    break
        if spun:
            _play_card(SPIN_X, player, 1, prm, tabs, holder, hand, masks, net, board, ev, trace_on, tr_actions,
                       tr_pays, tr_count)  # fmt: skip
            ev[E_SPIN_CARD] += 1
            if hand[player] == 0:
                winner = player
        if winner >= 0:
            # going out on a stop still lets him declare (he has played a stop)
            if (spun or S.next_holder(holder, last) < 0) and (pair[0] == winner or pair[1] == winner):
                _declare(winner, prm, holder, pair, net, board, ev, trace_on, tr_pays, tr_count)
            break
        stopper = player
        ev[E_STOPS] += 1
        if trace_on:
            S.mark_last(S.TR_STOP, 1, trace_on, tr_actions, tr_count)
        if _declaring(stopper, holder, pair):
            _declare(stopper, prm, holder, pair, net, board, ev, trace_on, tr_pays, tr_count)
        leader = stopper

    # going out (p. 88): Game, and a stake per card from each other player; double from Spin's holder
    ev[E_GAME_TAKEN] += S.take(GAME, winner, R_GAME, net, board, trace_on, tr_pays, tr_count)
    spin_holder = np.int64(holder[SPIN_X])
    if spin_holder >= 0:
        ev[E_SPIN_UNPLAYED] += 1
        ev[E_SPIN_PENALTY] += prm[P_SPIN_PENALTY] * S.count(hand[spin_holder])
    S.pay_cards(winner, n, hand, spin_holder, prm[P_SPIN_PENALTY], R_CARDS, net, board, trace_on, tr_pays, tr_count)
    ev[E_BOARD_CARRIED] += board[GAME] + board[MATRIMONY] + board[INTRIGUE]
    state[0] = winner
    return winner


@njit(cache=True)
def _workspace():
    """Per-thread arrays for play_deal (allocated once per block of sessions, never per deal)."""
    holder = np.empty(64, dtype=np.int8)
    hand = np.zeros(MAX_SEATS, dtype=np.uint64)
    masks = np.zeros(2, dtype=np.uint64)
    pair = np.zeros(2, dtype=np.int64)
    deck = np.empty(52, dtype=np.int8)
    deck_rng = np.empty(4, dtype=np.uint64)
    seat_rng = np.empty((MAX_SEATS, 4), dtype=np.uint64)
    return holder, hand, masks, pair, deck, deck_rng, seat_rng


@njit(parallel=True, cache=True)
def play_sessions(prm, dmap, tabs, policies, policy_params, seed, first_session, deals_per_session, rows):
    """Play sessions ``first_session .. first_session + rows.shape[0]`` and write one row each.

    ``rows`` is int64[sessions, ROW] (layout in sim.games._common); ``policies`` int64[n] per seat and
    ``policy_params`` float64[n] (unused: Spin's strategies take no parameter). A session is
    ``deals_per_session`` deals (whole rotations from seat 0); the pool and the last winner carry between its
    deals. Each session's numbers depend only on (seed, session index), whatever the chunks or threads.
    """
    n_sessions = rows.shape[0]
    n_blocks = min(n_sessions, 64)
    for blk in prange(n_blocks):
        holder, hand, masks, pair, deck, deck_rng, seat_rng = _workspace()
        board = np.zeros(3, dtype=np.int64)
        state = np.zeros(2, dtype=np.int64)
        net = np.zeros(MAX_SEATS, dtype=np.int64)
        ev = np.zeros(len(EVENTS), dtype=np.int64)
        tr_actions = np.zeros((1, 4), dtype=np.int64)
        tr_pays = np.zeros((1, 5), dtype=np.int64)
        tr_count = np.zeros(2, dtype=np.int64)
        lo = (blk * n_sessions) // n_blocks
        hi = ((blk + 1) * n_sessions) // n_blocks
        for i in range(lo, hi):
            _play_session(
                prm, dmap, tabs, policies, seed, first_session + i, deals_per_session, rows[i], holder, hand, masks,
                pair, deck, deck_rng, seat_rng, board, state, net, ev, tr_actions, tr_pays, tr_count,
            )  # fmt: skip


@kernel
def _play_session(
    prm, dmap, tabs, policies, seed, session, deals_per_session, row, holder, hand, masks, pair, deck, deck_rng,
    seat_rng, board, state, net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    n = prm[P_PLAYERS]
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    for k in range(3):
        board[k] = 0
    state[0] = -1
    for j in range(row.shape[0]):
        row[j] = 0
    for d in range(deals_per_session):
        dealer = d % n
        S.shuffle_pack(deck, PACK, deck_rng)
        w = play_deal(
            prm, dmap, tabs, deck, dealer, policies, seat_rng, board, state, net, ev, holder, hand, masks, pair,
            False, tr_actions, tr_pays, tr_count,
        )  # fmt: skip
        record_deal(row, net, ev, n, dealer, w)
    row[COL_EVENTS + len(EVENTS)] = board[GAME] + board[MATRIMONY] + board[INTRIGUE]


@njit(cache=True)
def shuffle_only(prm, dmap, tabs, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: shuffle the Spin pack and deal it ``n_deals`` times, no play."""
    holder, hand, masks, pair, deck, deck_rng, seat_rng = _workspace()
    n = prm[P_PLAYERS]
    acc = 0
    rng.seed_stream(deck_rng, seed, first_session, 0)
    for d in range(n_deals):
        S.shuffle_pack(deck, PACK, deck_rng)
        acc += S.deal(deck, dmap, tabs, d % n, n, holder, hand, masks)
        acc += np.int64(hand[0] & np.uint64(1))
    out[0] = acc


@njit(cache=True)
def trace_deal(
    prm, dmap, tabs, policies, seed, session, deal_in_session, deck_in, dealer_in, deck_out, board_before, board,
    state, net, ev, tr_actions, tr_pays, tr_count,
):  # fmt: skip
    """Replay one deal exactly as ``play_sessions`` plays it, recording every action and payment.

    With an empty ``deck_in``, deals 0 .. deal_in_session-1 of ``session`` are played silently first (so the
    pool, the last winner and the strategies' random streams are as they were in the run) and deal
    ``deal_in_session`` is traced. With a stacked ``deck_in`` that deck is played with ``dealer_in`` dealing on
    the given ``board`` and ``state``. Returns the winner; ``deck_out`` receives the deck played.
    """
    n = prm[P_PLAYERS]
    holder, hand, masks, pair, deck, deck_rng, seat_rng = _workspace()
    S.seed_session(deck_rng, seat_rng, seed, session, n)
    dealer = dealer_in
    if deck_in.shape[0] == 0:
        state[0] = -1
        for d in range(deal_in_session):
            S.shuffle_pack(deck, PACK, deck_rng)
            play_deal(
                prm, dmap, tabs, deck, d % n, policies, seat_rng, board, state, net, ev, holder, hand, masks, pair,
                False, tr_actions, tr_pays, tr_count,
            )  # fmt: skip
        S.shuffle_pack(deck, PACK, deck_rng)
        dealer = deal_in_session % n
    else:
        for j in range(deck_in.shape[0]):
            deck[j] = deck_in[j]
    for j in range(PACK.shape[0]):
        deck_out[j] = deck[j]
    for k in range(3):
        board_before[k] = board[k]
    tr_count[0] = 0
    tr_count[1] = 0
    return play_deal(
        prm, dmap, tabs, deck, dealer, policies, seat_rng, board, state, net, ev, holder, hand, masks, pair, True,
        tr_actions, tr_pays, tr_count,
    )  # fmt: skip


# ----------------------------------------------------------------------------------------------------------
# the Python side: what the driver and the CLI call


def kernel_args(r: Rules) -> tuple:
    """The arguments ``play_sessions`` takes before the policies: (params, dealmap, position tables)."""
    return params(r), dealmap(r), S.position_tables(False)


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the 50 cards of the Spin pack (no 2H, 8D), each once, in the order dealt."""
    return S.check_pack_deck(text, PACK, TITLE, " (the 2 of hearts and 8 of diamonds are out, p. 87)")


def deck_from_hands(r: Rules, dealer: int, hands: dict[int, str]) -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (text)."""
    return check_deck(C.format(S.stack_deck(dealmap(r), dealer, r.players, hands)))


def trace(
    r: Rules,
    policies: np.ndarray,
    policy_params: np.ndarray,
    seed: int,
    deal: int = 0,
    deck: np.ndarray | None = None,
    dealer: int = 0,
    rotations: int = 1,
    board: np.ndarray | None = None,
    last_winner: int = -1,
) -> dict:
    """One deal played out card by card with every payment, as a JSON-ready dict.

    Without ``deck``: deal number ``deal`` of a run with this seed (counted from 0), exactly as the run played
    it. With ``deck``: that stacked deck, ``dealer`` dealing, on ``board`` (an empty pool by default) with
    ``last_winner`` exempt from Game (-1: nobody).
    """
    prm, dm, tabs = kernel_args(r)
    n = r.players
    session, k = divmod(int(deal), deals_per_session(r, rotations))
    deck_in = np.zeros(0, dtype=np.int8) if deck is None else np.asarray(deck, dtype=np.int8)
    if deck is not None:
        session, k = 0, 0
    deck_out = np.zeros(52, dtype=np.int8)
    board_before = np.zeros(3, dtype=np.int64)
    live = np.zeros(3, dtype=np.int64) if board is None else np.array(board, dtype=np.int64)
    state = np.array([last_winner, -1], dtype=np.int64)
    net = np.zeros(MAX_SEATS, dtype=np.int64)
    ev = np.zeros(len(EVENTS), dtype=np.int64)
    tr_actions = np.zeros((256, 4), dtype=np.int64)
    tr_pays = np.zeros((512, 5), dtype=np.int64)
    tr_count = np.zeros(2, dtype=np.int64)
    winner = trace_deal(
        prm, dm, tabs, np.asarray(policies, dtype=np.int64), np.uint64(seed), session, k, deck_in, int(dealer),
        deck_out, board_before, live, state, net, ev, tr_actions, tr_pays, tr_count,
    )  # fmt: skip
    dealer_seat = k % n if deck is None else int(dealer)
    order = deck_out[: len(PACK)].tolist()
    hands, _, _ = S.dealt_hands(order, dm, dealer_seat, n)
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": int(seed),
        "deal": None if deck is not None else int(deal),
        "deck": [C.format_card(c) for c in order],
        "dealer": dealer_seat,
        "elder": (dealer_seat + 1) % n,
        "hands": hands,
        "spare": [],
        "turnup": None,
        "last_winner": int(state[1]),
        "board_before": {name: int(v) for name, v in zip(POOLS, board_before)},
        "board_after": {name: int(v) for name, v in zip(POOLS, live)},
        "actions": S.trace_actions(tr_actions, int(tr_count[0]), "spin"),
        "payments": S.trace_payments(tr_pays, int(tr_count[1]), REASONS, POOLS),
        "winner": int(winner),
        "net": [int(x) for x in net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ev)},
    }
