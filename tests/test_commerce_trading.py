"""Commerce's trading strategies: the ready-money buyer (``buyer:W``), and strategies that end their own deals
(the toolkit's max_circuits is only a safety net, counted in the ``capped`` event)."""

from __future__ import annotations

import numpy as np
import pytest
from test_commerce import HANDS4, pays, random_deck, referee_modern, rules, stacked, trace

from sim import runner
from sim.games import commerce as G
from sim.games.commerce import strategies as S

SENSIBLE = ("threshold", "greedy", "buyer", "buyer:2", "threshold:1", "stand", "random")


def events(strategy, n=800, players=4, variant="standard", seed=3):
    spec = runner.make_spec("commerce", variant, n=n, players=players, seed=seed, strategy=strategy)
    return runner.run(spec).meta["event_counts"]


def test_buyer_at_no_premium_is_threshold():
    assert events("buyer:0") == events("threshold")
    assert events("buyer:0", players=7, variant="extended") == events("threshold", players=7, variant="extended")


def test_p73_buyer_pays_the_dealer_for_ready_money_where_threshold_barters():
    r = rules()
    deck = stacked(r, 3, HANDS4)
    book = trace(r, ["threshold", "stand", "stand", "stand"], deck=deck, dealer=3)
    assert book["actions"][0]["action"] in ("barter", "barter_refused") and pays(book, "ready_money") == []
    params = [2.0, np.nan, np.nan, np.nan]
    t = trace(r, ["buyer", "stand", "stand", "stand"], deck=deck, dealer=3, params=params)
    assert t["actions"][0]["seat"] == 0 and t["actions"][0]["action"] == "trade"
    assert pays(t, "ready_money") == [(0, 3, 1)] and t["events"]["dealer_takings"] == 1
    referee_modern(t, r)


def test_the_readier_the_buyer_the_more_the_dealer_takes():
    """Threshold play never buys for ready money (dealer_takings 0: a stock card is not worth a stake to it);
    the premium W makes purchases, more of them as W grows."""
    takings = [events(s, n=2000)["dealer_takings"] for s in ("threshold", "buyer:0.5", "buyer:1", "buyer:1.5")]
    assert takings[0] == 0
    assert 0 < takings[1] < takings[2] < takings[3]


def test_buyer_decides_on_what_it_can_know():
    """The elder hand's decision is the same however the cards he cannot see lie (other hands, the stock)."""
    r = rules()
    rng = np.random.default_rng(12)
    for w in (0.5, 1.0, 2.0):
        for _ in range(10):
            deck = random_deck(r, rng)
            first = None
            mine = [0, 4, 8]  # the elder (seat 0, dealer 3) is dealt deck[0], deck[4], deck[8]
            unseen = [k for k in range(52) if k not in mine]
            for _ in range(4):
                d = deck.copy()
                d[unseen] = rng.permutation(deck[unseen])  # every card he cannot see, dealt afresh
                t = trace(r, ["buyer", "threshold", "threshold", "threshold"], deck=d, dealer=3,
                          params=[w, np.nan, np.nan, np.nan])  # fmt: skip
                a = t["actions"][0]
                got = (a["action"].replace("barter_refused", "barter"), a.get("out"))  # his offer, whatever the answer
                first = got if first is None else first
                assert got == first


@pytest.mark.parametrize("players", range(3, 9))
def test_strategies_end_their_own_deals(players):
    """The circuit cap fires in under 0.1% of deals for every strategy (it fired in 24% of greedy's 4-player
    deals when greedy stood only on a Tricon or Sequence)."""
    n = 6000
    for strategy in SENSIBLE:
        capped = events(strategy, n=n, players=players, seed=players)["capped"]
        assert capped <= 0.001 * n, (strategy, players, capped)


def test_extended_every_player_stands_by_the_last_resort_circuit():
    r = rules(extended=True, players=6, max_circuits=1000)
    for strategy, w in (("threshold", np.nan), ("greedy", np.nan), ("buyer", 2.0)):
        for deal in range(12):
            t = trace(r, strategy, seed=4, deal=deal, params=[w] * 6)
            assert t["events"]["stands"] == 6 and not t["capped"]
            assert t["events"]["circuits"] <= S.LAST_RESORT


def test_the_cap_is_counted_in_a_run():
    from click.testing import CliRunner

    from sim.cli import cli

    out = CliRunner().invoke(cli, ["run", "commerce", "-n", "200", "--rule", "max_circuits=1", "--strategy", "greedy"])
    assert out.exit_code == 0, out.output
    row = next(line for line in out.output.splitlines() if "capped" in line)
    assert int(row.split("│")[2].replace(",", "")) > 0


def test_tune_the_buyer():
    from click.testing import CliRunner

    from sim.cli import cli

    out = CliRunner().invoke(
        cli, ["tune", "commerce", "--seat", "0", "--strategy", "buyer:W=0..2", "--points", "3", "-n", "400"]
    )
    assert out.exit_code == 0, out.output
    assert "best buyer:W" in out.output
    assert G.STRATEGY_PARAMS["buyer"] == (0.0, S.MAX_PREMIUM)


@pytest.mark.parametrize(
    ("variant", "players", "thresholds", "more"),
    [
        ("standard", 4, (0.6, 0.6, 0.6, 0.6), ()),
        ("extended", 4, (0.6, 0.6, 0.6, 0.6), ()),
        ("extended", 3, (0.9, 0.3, 1.0), ()),
        ("extended", 5, (0.2, 0.8, 0.6, 0.95, 0.45), ("max_circuits=2",)),  # the cap, mid-circuit standers
        ("extended", 7, (0.7,) * 7, ("pack=32", "tie=eldest")),
        ("extended", 10, (1.0,) * 10, ()),  # nobody content before the last resort: the longest deals
        ("standard", 6, (0.99, 0.5, 0.99, 0.4, 0.99, 0.7), ("max_circuits=1", "dealer_penalty=all")),
        ("continuous", 4, (0.6, 0.9, 0.6, 0.3), ("combinations=no-pair",)),
    ],
)
def test_book_trading_plays_as_trading(variant, players, thresholds, more):
    """modern.book_trading, the run's play when every seat is a threshold player, against modern.trading, which a
    traced deal plays (book_play refuses a traced hand): each deal of a run traced, the traces' nets and events
    summed are the run's, to the counter. Seats with different thresholds, 3 to 10 players, the circuit cap,
    extended (standers passed over, the neighbour the next player still trading) and not."""
    n = 40 * players
    strategies = [f"{s}=threshold:{x}" for s, x in enumerate(thresholds)]
    spec = runner.make_spec("commerce", variant, n=n, players=players, seed=11, seat_strategies=strategies,
                            rules=list(more))  # fmt: skip
    res = runner.run(spec)
    r = spec.rules
    net = np.zeros(players, dtype=np.int64)
    ev: dict[str, int] = {}
    for deal in range(n):
        t = trace(r, "threshold", seed=11, deal=deal, params=list(thresholds))
        assert t["events"]["hands"] == 1
        net += t["net"]
        for k, v in t["events"].items():
            ev[k] = ev.get(k, 0) + v
    assert ev["stands"] > 0 and ev["barters"] + ev["trades"] > 0
    counts = res.meta["event_counts"]
    assert {k: ev[k] for k in counts} == counts
    means = [s["mean"] for s in res.to_dict()["seats"]]
    assert means == pytest.approx(net / n, abs=1e-12)


def test_book_play_only_where_book_trading_is_trading():
    """book_trading plays only a hand of threshold players, untraced, bartering to the left; any other
    strategy at any seat, a trace or the right-hand neighbour keeps the general loop."""
    from sim.games.commerce import play
    from sim.games.commerce.modern import book_play
    from sim.games.commerce.table import new_workspace

    r = rules()
    cfg = play.kernel_config(r)
    ws = new_workspace(cfg, 1)
    pols = np.full(4, S.THRESHOLD, dtype=np.int64)
    seats = (pols, np.full(4, np.nan))
    check = book_play.py_func
    assert check(cfg, ws, seats, 4)
    for other in (S.GREEDY, S.STAND, S.RANDOM, S.BUYER, S.ROLLOUT):
        for s in range(4):
            p = pols.copy()
            p[s] = other
            assert not check(cfg, ws, (p, seats[1]), 4)
    ws.tracing[0] = 1
    assert not check(cfg, ws, seats, 4)
    ws.tracing[0] = 0
    assert not check(play.kernel_config(rules(barter_left=False)), ws, seats, 4)


@pytest.mark.parametrize("more", [{}, {"pack": 32, "players": 7, "combinations": "no-pair", "point_rule": "hoyle"}])
def test_show_kept_is_show(more):
    """table.show_kept, the show of book_trading's hands (ws.sr holding each hand's ``shown`` entry, kept as the
    hands changed), against table.show, which looks each hand up: the same best strength, first best position,
    strengths left in ws.sr and events, on 3,000 random tables of 3 to 10 hands, a third of them with a hand
    dealt twice (an exact tie, which a real pack makes rarely)."""
    from sim.games.commerce import play
    from sim.games.commerce.table import C2, C3, new_workspace, show, show_kept

    r = rules(**more)
    cfg = play.kernel_config(r)
    pack = [int(c) for c in cfg[1][: r.pack]]
    rng = np.random.default_rng(21)
    ws = new_workspace(cfg, 1)
    for _ in range(3000):
        m = int(rng.integers(3, 11)) if r.pack == 52 else int(rng.integers(3, 8))
        cards = rng.choice(pack, size=3 * m, replace=False)
        hands = [sorted(int(c) for c in cards[3 * j : 3 * j + 3]) for j in range(m)]
        if rng.random() < 1 / 3:
            hands[int(rng.integers(m))] = hands[int(rng.integers(m))]
        for j, (a, b, c) in enumerate(hands):
            ws.hands[j, :3] = (a, b, c)
            ws.hands[j, 3] = a + C2[b] + C3[c]
        got = []
        for kept in (True, False):
            ws.ev[:] = 0
            ws.sr[:] = -7
            for j in range(m):
                ws.sr[j] = cfg[2][ws.hands[j, 3]]
            result = show_kept.py_func(ws, m) if kept else show.py_func(cfg, ws, m)
            got.append((tuple(int(x) for x in result), ws.sr[:m].tolist(), ws.ev.tolist()))
        assert got[0] == got[1]
