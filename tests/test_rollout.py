"""The strong reference player ``rollout:K`` of the stops games (sim.games._stops): it plays only on what its
player can know, runs in every variant with counters conserved, differs from ``book``, and (slow) beats it."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner
from stacked import run_deal

from sim import cards as C
from sim import games, runner
from sim.cli import cli
from sim.games import _stops as S
from sim.games._common import COL_NET_SEAT
from sim.games.popejoan import play as pj_play

STOPS = ("popejoan", "spin", "newmarket", "jig")


def _begin_play(m):
    return pj_play.begin_play if m.NAME == "popejoan" else m.begin_play


def _deck(m, r, seed: int) -> np.ndarray:
    """A shuffled deck as the game's check_deck gives it (Newmarket: the 44 dealt, the book's layout out)."""
    rs = np.random.default_rng(seed)
    if m.NAME == "newmarket":
        lay = set(C.parse(m.BOOK_LAYOUT).tolist())
        cards = [c for c in m.PACK.tolist() if c not in lay]
    else:
        cards = m.PACK.tolist()
    while True:
        order = rs.permutation(cards).tolist()
        if m.NAME != "popejoan" or order[-1] != m.NINE_D:  # a 9D turn-up would end the deal at once
            return m.check_deck(C.format(order))


def _unseen_shuffled(m, r, deck: np.ndarray, seed: int) -> np.ndarray:
    """The same deal but for the cards the elder hand cannot see: those of the other hands and the spare hand,
    dealt among them afresh (each hand keeps its size)."""
    dm = m.dealmap(r)
    idx = [i for i, to in enumerate(dm.tolist()) if (0 < to < r.players) or to == S.DEAL_SPARE]
    out = deck.copy()
    out[idx] = np.random.default_rng(seed).permutation(deck[idx])
    return out


def _first_decision(m, r, deck: np.ndarray, k: int) -> tuple[int, np.ndarray]:
    """The elder hand's first lead as rollout:k (dealer 0, seed 5), and each candidate's summed net."""
    cfg = m.kernel_config(r)
    ws = m.new_workspace(cfg, 1)
    n = r.players
    seats = (np.full(n, S.BOOK, dtype=np.int64), np.full(n, float(k)))
    seats[0][1] = S.ROLLOUT
    m.begin_session(cfg, ws, seats, np.uint64(5), 0)
    ws.deck[: len(deck)] = deck
    over = _begin_play(m)(cfg, ws, 0)  # Pope Joan: the dealer, when a 9D turn-up has ended the deal
    assert over is None or over < 0
    choice = (pj_play.decide if m.NAME == "popejoan" else m.decide)(cfg, ws, seats)
    return int(choice), ws.roll.score.copy()


@pytest.mark.parametrize("game", STOPS)
def test_the_lead_depends_only_on_what_the_leader_can_know(game):
    """Dealing the cards the elder hand cannot see differently among the other hands (and the spare) changes
    nothing of his decision: the same samples, the same summed nets for every candidate, the same lead."""
    m = games.load(game)
    r = m.Rules().validated()
    for seed in range(3):
        deck = _deck(m, r, seed)
        other = _unseen_shuffled(m, r, deck, 100 + seed)
        assert not np.array_equal(deck, other)
        a = _first_decision(m, r, deck, 3)
        b = _first_decision(m, r, other, 3)
        assert a[0] == b[0]
        assert np.array_equal(a[1], b[1])
        assert np.any(a[1] != 0)


@pytest.mark.parametrize("game", STOPS)
def test_rollout_runs_in_every_variant_with_counters_conserved(game):
    m = games.load(game)
    for variant in m.VARIANTS:
        spec = runner.make_spec(game, variant, n=1, strategy="rollout:2", players=5)
        rows = runner.play_chunk(spec, 0, 4)
        nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + 5].sum(axis=1)
        left = rows[:, -1] if "board_left" in m.SESSION_METRICS else 0
        assert np.all(nets + left == 0), variant


@pytest.mark.parametrize("game", STOPS)
def test_rollout_plays_differently_from_book(game):
    book = runner.make_spec(game, n=1, seat_strategies=["0=book"])
    roll = runner.make_spec(game, n=1, seat_strategies=["0=rollout:4"])
    differ = 0
    for deal in range(8):
        a, b = run_deal(book, 3, deal), run_deal(roll, 3, deal)
        assert a["deck"] == b["deck"]
        differ += a["actions"] != b["actions"]
    assert differ >= 1


def test_pope_in_lieu_is_a_rollout_decision():
    """Under pope-stop-filler a rollout holder of 9D decides each chance by playing both answers out; it does not
    always take it, as book does."""
    spec = runner.make_spec("popejoan", "pope-stop-filler", n=1, strategy="rollout:4")
    filled = chances = 0
    for deal in range(40):
        t = run_deal(spec, 8, deal)
        filled += t["events"]["pope_filled"]
        chances += _pope_chances(t)
    assert 0 < filled < chances


def _pope_chances(t: dict) -> int:
    """Stops at which the holder of an unplayed 9D could have played it in lieu (p. 87)."""
    held = {s for s, h in enumerate(t["hands"]) if "9D" in h}
    if not held:
        return 0
    n, played = 0, False
    for a in t["actions"]:
        if a["play"] == "9D":
            played = True
        if a["stop"] and not played and not a["play"].startswith("K") and a["play"] != "9D":
            n += 1
    return n


@pytest.mark.parametrize("text", ["rollout:0", "rollout:1e9", "rollout:x", "book:3"])
def test_bad_sample_counts_are_refused(text):
    res = CliRunner().invoke(cli, ["run", "jig", "-n", "10", "--seat-strategy", f"0={text}"])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("Error:") and "Traceback" not in res.output


def test_samples_from_the_parameter():
    assert S.samples(np.nan) == S.DEFAULT_SAMPLES
    assert S.samples(2.4) == 2 and S.samples(2.5) == 3
    assert S.samples(1e9) == S.MAX_SAMPLES and S.samples(0.0) == 1


@pytest.mark.slow
@pytest.mark.parametrize("game", STOPS)
def test_rollout_beats_book(game):
    """One seat of rollout:8 among book players against the same seat playing book, on the same deals (Pope Joan's
    gain is the smallest, about 0.13 counters a deal: more deals)."""
    n = 100_000 if game == "popejoan" else 20_000
    specs = [runner.make_spec(game, n=n, seed=13, seat_strategies=[s]) for s in ("0=book", "0=rollout:8")]
    comp = runner.compare(specs, ["book", "rollout"])
    diff, se = comp.diff("rollout", "net", seat=0)
    assert diff > 4 * se, (diff, se)
