"""Cassino's strong reference player ``rollout:K`` (sim.games.cassino.rollout): it plays only on what its player
can know, is the same on any thread count and chunk size, runs in every variant with the points conserved, plays
differently from ``book``, and beats it on the same deals."""

from __future__ import annotations

import numpy as np
import pytest
from stacked import run_deal, same_on_one_and_two_threads

import sim.games.cassino as G
from sim import cards as C
from sim import runner
from sim.games._common import COL_NET_SEAT
from sim.games.cassino import play as Play
from sim.games.cassino import rollout as R
from sim.games.cassino.describe import _dealing_order
from sim.games.cassino.rules import BOOK, ROLLOUT


def _first_decision(r, deck: np.ndarray, k: int) -> tuple[int, np.ndarray]:
    """The elder hand's first play as rollout:k (dealer 0, seed 5), and each candidate's summed value."""
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    n = r.players
    seats = (np.full(n, BOOK, dtype=np.int64), np.full(n, float(k)))
    seats[0][1] = ROLLOUT
    G.begin_session(cfg, ws, seats, np.uint64(5), 0)
    ws.deck[: len(deck)] = deck
    Play.begin_play(cfg, ws, 0)
    choice = R.decide(cfg, ws, seats)
    return int(choice), ws.roll.score.copy()


def _unseen_shuffled(r, deck: np.ndarray, seed: int) -> np.ndarray:
    """The same deal but for the cards the elder hand cannot see at his first play: the other hands' and the
    stock's, dealt among them afresh (each hand keeps its size)."""
    n = r.players
    who = _dealing_order(len(deck), 0, n)
    first_round = 4 * n + 4
    idx = [i for i, w in enumerate(who) if i >= first_round or w not in (-1, 1)]
    out = deck.copy()
    out[idx] = np.random.default_rng(seed).permutation(deck[idx])
    return out


@pytest.mark.parametrize("players,partnership,builds", [(4, True, False), (3, False, False), (2, False, False),
                                                        (4, True, True)])  # fmt: skip
def test_the_play_depends_only_on_what_the_player_can_know(players, partnership, builds):
    """Dealing the cards the elder hand has not seen differently among the other hands and the stock changes
    nothing of his first decision: the same samples, the same summed values for every play, the same play."""
    r = G.Rules(players=players, partnership=partnership, builds=builds).validated()
    rs = np.random.default_rng(players)
    tried = 0
    while tried < 3:
        deck = G.check_deck(C.format(rs.permutation(G.pack(r)).tolist()))
        other = _unseen_shuffled(r, deck, tried)
        assert not np.array_equal(deck, other)
        a = _first_decision(r, deck, 3)
        if not np.any(a[1] != 0):  # one card only to play, or every card alike: no decision to compare
            continue
        b = _first_decision(r, other, 3)
        assert a[0] == b[0]
        assert np.array_equal(a[1], b[1])
        tried += 1


def test_the_samples_do_see_the_cards_he_can_see():
    """The converse, so the test above can fail: changing a card of his own hand (swapped with an unseen card)
    changes the values."""
    r = G.Rules().validated()
    deck = G.check_deck(C.format(np.random.default_rng(1).permutation(G.pack(r)).tolist()))
    who = _dealing_order(len(deck), 0, 4)
    mine = [i for i, w in enumerate(who[:20]) if w == 1]
    other = deck.copy()
    other[mine[0]], other[30] = deck[30], deck[mine[0]]
    assert not np.array_equal(_first_decision(r, deck, 3)[1], _first_decision(r, other, 3)[1])


def test_same_numbers_on_one_and_two_threads_and_any_chunk():
    spec = runner.make_spec("cassino", "independent", n=60, seed=3, seat_strategies=["0=rollout:2", "2=rollout:1"])
    same_on_one_and_two_threads(spec)


@pytest.mark.parametrize("variant", list(G.VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rollout_runs_in_every_variant_with_points_conserved(variant, players):
    try:
        spec = runner.make_spec("cassino", variant, n=1, strategy="rollout:2", players=players)
    except ValueError:
        pytest.skip("not a valid combination")
    rows = runner.play_chunk(spec, 0, 3)
    nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + players].sum(axis=1)
    assert np.all(nets + rows[:, -1] == 0), variant
    assert np.all(rows[:, COL_NET_SEAT : COL_NET_SEAT + players] >= 0)


def test_rollout_plays_differently_from_book():
    book = runner.make_spec("cassino", n=1, seat_strategies=["0=book"])
    roll = runner.make_spec("cassino", n=1, seat_strategies=["0=rollout:4"])
    differ = 0
    for game in range(4):
        a, b = run_deal(book, 3, game), run_deal(roll, 3, game)
        assert a["deck"] == b["deck"]
        differ += a["actions"] != b["actions"]
    assert differ >= 1


def test_deal_value_is_the_difference_for_two_sides():
    """Two sides: a candidate is worth his side's score less the other side's, the difference the deal adds."""
    r = G.Rules().validated()
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    for s in range(4):
        ws.pile[s] = 0
        ws.sweeps[s] = 0
    ws.pile[1] = np.uint64(sum(1 << int(c) for c in C.parse("10D 2S AS AH AC 3S 4S 5S 6S 7S 8S 9S")))
    ws.pile[2] = np.uint64(sum(1 << int(c) for c in C.parse("AD KS")))
    ws.sweeps[0] = 1
    # side 1: Great 2, Little 1, three aces 3, spades 1 (9 against 1), cards 3 (12 against 2) = 10; side 0: 1 + 1
    assert R.deal_value(ws, cfg[0], 1) == 8 and R.deal_value(ws, cfg[0], 3) == 8
    assert R.deal_value(ws, cfg[0], 0) == -8


def test_a_smoke_run_beats_book():
    """A small paired run of one-deal games (target 1), the rollout seat's side's margin over the other side
    (seat 0's points less seat 1's) against book's in the same seat on the same first deals; the slow test below
    plays whole games."""
    margins = []
    for arm in ("0=book", "0=rollout:4"):
        spec = runner.make_spec("cassino", n=1, seed=1, seat_strategies=[arm], rules=["target=1"])
        rows = runner.play_chunk(spec, 0, 2000)
        margins.append(rows[:, COL_NET_SEAT] - rows[:, COL_NET_SEAT + 1])
    d = margins[1] - margins[0]
    assert d.mean() > 2 * d.std(ddof=1) / np.sqrt(len(d)), (d.mean(), d.std(ddof=1) / np.sqrt(len(d)))


@pytest.mark.slow
def test_rollout_beats_book():
    """One seat of rollout:8 among book players against the same seat playing book, on the same games."""
    specs = [runner.make_spec("cassino", n=10_000, seed=13, seat_strategies=[s]) for s in ("0=book", "0=rollout:8")]
    comp = runner.compare(specs, ["book", "rollout"])
    diff, se = comp.diff("rollout", "net", seat=0)
    assert diff > 4 * se, (diff, se)
