"""Every game x variant from the registry: counters conserved, thread- and chunk-independent, one signature."""

from __future__ import annotations

import numpy as np
import pytest
import stacked

from sim import games, runner
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT
from sim.games._contract import harness, replay

CASES = [(g, v) for g in games.GAMES for v in games.load(g).VARIANTS]


def _left_on_board(m, rows):
    """Counters left in the board/pools at each session's end (the game's ``board_left`` metric), else 0."""
    if "board_left" in m.SESSION_METRICS:
        return rows[:, COL_EVENTS + len(m.EVENTS) + m.SESSION_METRICS.index("board_left")]
    return 0


@pytest.mark.parametrize("game,variant", CASES)
def test_counters_conserved_in_every_session(game, variant):
    m = games.load(game)
    lo, hi = m.PLAYERS
    for players in sorted({lo, min(hi, 5), hi}):
        spec = runner.make_spec(game, variant, n=1, players=players, strategy="random" if players == lo else "book")
        rows = runner.play_chunk(spec, 0, 300)
        nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + players].sum(axis=1)
        assert np.all(nets + _left_on_board(m, rows) == 0), f"{game} {variant} {players} players"
        # per role and per seat are the same counters, arranged differently
        assert np.array_equal(rows[:, COL_NET_ROLE : COL_NET_ROLE + players].sum(axis=1), nets)
        dps = spec.deals_per_session
        assert np.all(rows[:, COL_WIN_SEAT : COL_WIN_SEAT + players].sum(axis=1) == dps)
        assert np.all(rows[:, COL_WIN_ROLE : COL_WIN_ROLE + players].sum(axis=1) == dps)


@pytest.mark.parametrize("game", list(games.GAMES))
def test_same_numbers_on_one_and_two_threads_and_any_chunk(game):
    m = games.load(game)
    variant = list(m.VARIANTS)[1] if len(m.VARIANTS) > 1 else "standard"
    spec = runner.make_spec(game, variant, n=40_000, strategy="random", seed=11)
    stacked.same_on_one_and_two_threads(spec, chunks=(997, 4096))


@pytest.mark.parametrize("game", list(games.GAMES))
def test_one_compiled_signature(game):
    m = games.load(game)
    for variant in m.VARIANTS:
        runner.play_chunk(runner.make_spec(game, variant, n=1), 0, 2)
    play = harness(game).play_blocks
    assert len(play.signatures) == 1


@pytest.mark.parametrize("game", list(games.GAMES))
def test_same_seed_same_decks_across_variants_and_strategies(game):
    """Common random numbers: the deck of deal i is a function of (seed, session) only."""
    m = games.load(game)
    variants = list(m.VARIANTS)
    a = games.trace(
        m,
        runner.make_rules(m, variants[0], None, []),
        np.zeros(m.Rules().players, dtype=np.int64),
        np.full(m.Rules().players, np.nan),
        5,
        deal=2,
    )
    b = games.trace(
        m,
        runner.make_rules(m, variants[-1], None, []),
        np.full(m.Rules().players, m.STRATEGIES["random"]),
        np.full(m.Rules().players, np.nan),
        5,
        deal=2,
    )
    assert a["deck"] == b["deck"]


@pytest.mark.parametrize("game,variant", CASES)
def test_the_trace_replays_the_deals_the_run_played(game, variant):
    """Each deal traced (the game's play with its trace recording on) nets and counts what the run's untraced play
    of it did: a game may play untraced deals by a leaner path (Cassino does), and the two must not differ."""
    m = games.load(game)
    for strategy in ("book", "random"):
        spec = runner.make_spec(game, variant, n=1, strategy=strategy, seed=5)
        codes, params = runner.policy_codes(spec), runner.policy_params(spec)
        players, dps = spec.rules.players, spec.deals_per_session
        for session in range(3):
            row = runner.play_chunk(spec, session, 1)[0]
            net, ev = np.zeros(players, dtype=np.int64), np.zeros(len(m.EVENTS), dtype=np.int64)
            for k in range(dps):
                ws = replay(m, spec.rules, codes, params, 5, deal=session * dps + k).ws
                net += ws.net[:players]
                ev += ws.ev[: len(m.EVENTS)]
            where = f"{game} {variant} {strategy} session {session}"
            assert np.array_equal(row[COL_NET_SEAT : COL_NET_SEAT + players], net), where
            assert np.array_equal(row[COL_EVENTS : COL_EVENTS + len(m.EVENTS)], ev), where
