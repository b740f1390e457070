"""Commerce's strong reference player ``rollout:K`` (sim/games/commerce/search.py): it decides on what its player
can know, plays differently from ``book``, is the same on any thread count, and beats ``book`` (paired)."""

from __future__ import annotations

import numpy as np
import pytest
import stacked

from sim import runner
from sim.games import _ledger as L
from sim.games import commerce as G
from sim.games.commerce import modern, search
from sim.games.commerce import strategies as S


def _deck(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).permutation(G.kernel_config(G.Rules().validated())[1]).astype(np.int8)


def _unseen_shuffled(deck: np.ndarray, n: int, seed: int) -> np.ndarray:
    """The same deal but for the cards the elder hand cannot see (the other hands and the stock), dealt afresh."""
    mine = [0, n, 2 * n]  # the elder hand's cards, one a round from the elder
    idx = [i for i in range(len(deck)) if i not in mine]
    out = deck.copy()
    out[idx] = np.random.default_rng(seed).permutation(deck[idx])
    return out


def _first_decision(deck: np.ndarray, k: int, n: int = 4) -> tuple[int, int, np.ndarray]:
    """The elder hand's first turn as rollout:k (seat 0, the last seat dealing, seed 5): (his choice, threshold's
    choice, each candidate's summed net)."""
    r = G.Rules(players=n).validated()
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    seats = (np.full(n, S.THRESHOLD, dtype=np.int64), np.full(n, np.nan))
    seats[0][0] = S.ROLLOUT
    seats[1][0] = float(k)
    G.begin_session(cfg, ws, seats, np.uint64(5), 0)
    ws.deck[: len(deck)] = deck
    L.begin_deal(ws, n)
    for j in range(n):
        ws.seat_of[j] = j  # seat n - 1 deals: seat 0 is the elder hand
    modern.begin_hand(cfg, ws, n)
    assert modern.trading(cfg, ws, seats, n, 0)  # the elder hand, a rollout seat, is to act
    choice = search.decide(cfg, ws.core, seats, n)
    book = (np.full(n, S.THRESHOLD, dtype=np.int64), np.full(n, np.nan))
    pref = S.modern_turn(cfg, ws, book, 0, n, True, 1)
    return int(choice), int(pref), ws.search[: search.N_CHOICES].copy()


def test_the_decision_depends_only_on_what_the_player_can_know():
    differs = 0
    for seed in range(12):
        deck = _deck(seed)
        choice, pref, score = _first_decision(deck, 16)
        differs += choice != pref
        for other in range(3):
            c2, _, s2 = _first_decision(_unseen_shuffled(deck, 4, 100 + other), 16)
            assert c2 == choice and np.array_equal(s2, score)
    assert differs > 0  # it does not merely echo threshold


def test_rollout_runs_in_every_variant_with_counters_conserved():
    for variant in G.VARIANTS:
        spec = runner.make_spec("commerce", variant, n=200, seed=2, strategy="book", seat_strategies=["0=rollout:4"])
        res = runner.run(spec)
        d = res.to_dict()
        total = sum(s["mean"] for s in d["seats"]) * res.meta["n"]
        assert total + d["session_metrics"]["board_left"]["mean"] * res.sessions == pytest.approx(0, abs=1e-6)


def test_rollout_same_on_any_thread_count_and_chunk():
    spec = runner.make_spec("commerce", "standard", n=1200, seed=4, strategy="book", seat_strategies=["2=rollout:8"])
    stacked.same_on_one_and_two_threads(spec)


def _gain(k: int, n: int) -> tuple[float, float]:
    specs = [runner.make_spec("commerce", n=n, seed=13, seat_strategies=[s]) for s in ("0=book", f"0=rollout:{k}")]
    return runner.compare(specs, ["book", "rollout"]).diff("rollout", "net", seat=0)


def test_rollout_beats_book_smoke():
    diff, se = _gain(64, 8000)
    assert diff > 0, (diff, se)


@pytest.mark.slow
def test_rollout_beats_book():
    diff, se = _gain(64, 100_000)
    assert diff > 3 * se, (diff, se)
