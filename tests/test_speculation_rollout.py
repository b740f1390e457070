"""Speculation's ``rollout:K`` (sim/games/speculation/rollout.py): its playout is the deal book plays, it prices
only on what everyone can see, it is the same on any thread count, conserves counters in every variant, and it
loses less to book as K grows (book prices at the exact public value, so no trade with it can gain)."""

from __future__ import annotations

import numpy as np
import pytest
import stacked
from numba import njit

from sim import cards as C
from sim import games, runner
from sim.games import speculation as G
from sim.games._common import COL_NET_SEAT
from sim.games.speculation import rollout as R
from sim.games.speculation.play import _take_cards, _turn_up
from sim.games.speculation.rules import CARD_SALE, FIVE, KNAVE, ROLLOUT, SHREWD
from sim.games.speculation.state import SPARE_ROW


@njit
def _after_turnup(cfg, ws, seats, deck, pool):
    """A fresh deal of ``deck`` (dealer 0) up to the trump card turned, book seats: nothing else is seen yet."""
    G.begin_session(cfg, ws, seats, np.uint64(5), 0)
    for j in range(deck.shape[0]):
        ws.deck[j] = deck[j]
    ws.board[0] = pool
    n = cfg[0][G.P.players]
    _take_cards(cfg, ws, 0, n)
    return _turn_up(cfg, ws, seats, 0, n)


def _setup(r, seed: int):
    """A shuffled deck whose trump card is no honour, knave or five, and the workspace after it is turned."""
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    n = r.players
    seats = (np.full(n, SHREWD, dtype=np.int64), np.full(n, np.nan))
    rs = np.random.default_rng(seed)
    hand = 3 * (n + int(r.spare_hand))
    while True:
        order = rs.permutation(C.full_pack()).tolist()
        rank = C.RANKS[C.rank_of(order[hand])]
        if rank not in ("A", "K", "Q", "J", "5"):
            break
    deck = G.check_deck(C.format(order))
    _after_turnup(cfg, ws, seats, deck, 5)
    return cfg, ws, deck, order


def _true_arrangement(ws, n: int, spare: bool) -> None:
    """The real hidden cards in the playout's order: each hand's unexposed cards, then the spare hand."""
    i = 0
    for r in list(range(n)) + ([SPARE_ROW] if spare else []):
        for j in range(int(ws.shown[r]) if r != SPARE_ROW else 0, 3):
            ws.unseen[i] = ws.hand[r, j]
            i += 1


@pytest.mark.parametrize("extra", [{}, {"knave_five": 2}, {"spare_hand": True}])
def test_the_playout_is_the_deal_book_plays_out(extra):
    """On the true cards, the playout from the turned trump card gives each seat what the book deal gives him
    (less his stake): two book players never trade, so the rest of the deal is the cards shown (pp. 78-79)."""
    r = G.Rules(**extra).validated()
    for seed in range(6):
        cfg, ws, deck, _ = _setup(r, seed)
        _true_arrangement(ws, r.players, r.spare_hand)
        outs = [int(R.playout(cfg, ws, s, CARD_SALE, 1, np.int64(-1), np.int64(0))) for s in range(r.players)]
        pol = np.full(r.players, SHREWD, dtype=np.int64)
        t = games.trace(G, r, pol, np.full(r.players, np.nan), 5, deck=deck, dealer=0)
        stakes = [2, 1, 1, 1]
        assert outs == [t["net"][s] + stakes[s] for s in range(r.players)], (seed, t["actions"][-1])


def test_the_price_depends_only_on_what_is_seen():
    """The same public state with the hidden cards (every hand's, and the stock) dealt differently: every sampled
    net, hence the decision, is unchanged - nobody sees his own cards (p. 78)."""
    r = G.Rules().validated()
    cfg, ws, deck, order = _setup(r, 3)
    R.search(cfg, ws, 16.0, CARD_SALE, 1, 1, 2, np.int64(1))
    first = ws.score.copy()
    hidden = [i for i in range(len(order)) if i != 12]  # all but the trump card, seen by all
    moved = list(order)
    for i, j in zip(hidden, np.random.default_rng(9).permutation(hidden)):
        moved[i] = order[j]
    cfg, ws2, _, _ = _setup_with(r, moved)
    assert ws2.hand.tolist() != ws.hand.tolist()
    R.search(cfg, ws2, 16.0, CARD_SALE, 1, 1, 2, np.int64(1))
    assert ws2.score.tolist() == first.tolist()
    assert first[0] != first[1]  # the two candidates were told apart on these deals


def _setup_with(r, order):
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    seats = (np.full(r.players, SHREWD, dtype=np.int64), np.full(r.players, np.nan))
    deck = G.check_deck(C.format(order))
    _after_turnup(cfg, ws, seats, deck, 5)
    return cfg, ws, deck, order


def test_rollout_trades_where_book_does_not_and_conserves_counters():
    for variant in G.VARIANTS:
        spec = runner.make_spec("speculation", variant, n=1, strategy="rollout:2", players=5)
        rows = runner.play_chunk(spec, 0, 8)
        nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + 5].sum(axis=1)
        assert np.all(nets + rows[:, -1] == 0), variant
    res = runner.run(runner.make_spec("speculation", n=400, seed=2, seat_strategies=["0=rollout:4"]))
    sold = sum(res.meta["event_counts"][k] for k in ("turnup_sales", "card_sales", "chief_sales", "hidden_sales"))
    assert sold > 0  # book alone never trades (test_speculation)


def test_threads_and_chunks_do_not_change_results():
    spec = runner.make_spec("speculation", "knave-five", n=800, seed=3, seat_strategies=("0=rollout:4", "2=rollout"))
    stacked.same_on_one_and_two_threads(spec)


def test_strategy_code_and_samples():
    assert G.STRATEGIES["rollout"] == ROLLOUT
    assert R.samples(np.nan) == 8 and R.samples(2.5) == 3 and R.samples(1e9) == 256
    assert KNAVE > FIVE  # the reject list above names both


@pytest.mark.slow
def test_more_samples_lose_less_to_book():
    """Every seat knows the same and book prices at the exact value, so a trade with book loses on average: the
    search's only loss is its sampling error, which shrinks with K (paired on the same deals)."""
    specs = [
        runner.make_spec("speculation", n=20_000, seed=13, seat_strategies=[s])
        for s in ("0=book", "0=rollout:8", "0=rollout:64")
    ]
    comp = runner.compare(specs, ["book", "r8", "r64"])
    d8, se8 = comp.diff("r8", "net", seat=0)
    d64, se64 = comp.diff("r64", "net", seat=0)
    assert d8 < -4 * se8 and d8 < d64 - 4 * max(se8, se64), (d8, d64)
