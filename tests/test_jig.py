"""Jig (pp. 95-97): stacked-deck scenarios from the book, conservation and card accounting in every deal,
reproducibility across threads and chunk sizes, and the CLI's handling of bad input."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
import stacked
from click.testing import CliRunner
from stacked import run_deal, runs

from sim import cards as C
from sim import runner
from sim.cli import cli
from sim.games import _stops as S
from sim.games import jig as G

BOOK, LOWEST, RANDOM = G.STRATEGIES["book"], G.STRATEGIES["lowest"], G.STRATEGIES["random"]


stack = partial(stacked.stack, G)
play = partial(stacked.play, G)


def test_p95_fifth_card_is_jig_and_its_player_leads():
    r = G.Rules(players=4).validated()
    # dealer 0, elder 1 leads his lowest card, AC; 2C..5C lie round the table; 5C (the Jig) is seat 0's
    deck = stack(r, 0, {1: "AC 6D", 2: "2C 7D", 3: "3C 8D", 0: "4C 5C 6C"})
    t = play(r, deck)
    first = runs(t)[0]
    assert [a["play"] for a in first] == ["AC", "2C", "3C", "4C", "5C"]
    assert first[-1]["stop"] and first[-1].get("jig")
    assert t["actions"][5]["seat"] == 0  # the player of the Jig leads next, though he holds 6C


def test_p96_king_is_jig_to_ten():
    r = G.Rules(players=4).validated()
    elder = "10C 10D 10H 10S JD JH JS QD QH QS KD KH KS"  # nothing lower: "lowest" leads 10C
    deck = stack(r, 0, {1: elder, 2: "JC", 3: "QC", 0: "KC"})
    t = play(r, deck)
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("10C", 1), ("JC", 2), ("QC", 3), ("KC", 0)]
    assert first[-1]["stop"] and not first[-1].get("jig")  # ended by the king, a stop, before the fifth card
    assert t["actions"][4]["seat"] == 0


def ref_book_lead(hand: set[int], played: set[int]) -> int:
    """The book strategy written plainly (p. 96): every unplayed card is in some hand, so a lead b ends at the
    fifth card or at the last card before a played one or the king; prefer leads whose end is in hand."""
    options = []
    for b in hand:
        e, k = b, 1
        while k < 5 and e % 13 != 12 and e + 1 not in played:
            e, k = e + 1, k + 1
        shed = sum(1 for c in range(b, e + 1) if c in hand)
        options.append((e in hand, shed, -(b % 13 * 4 + b // 13), b))
    return max(options)[3]


def test_p96_book_leads_up_to_its_own_jig():
    r = G.Rules(players=4).validated()
    # the elder's lowest card, AC, leads to a Jig (5C) in another hand; the book finds a lead that comes back
    deck = stack(r, 0, {1: "AC 2H 6H", 2: "2C", 3: "3C", 0: "4C 5C"})
    low = runs(play(r, deck, LOWEST))[0]
    assert low[0]["play"] == "AC" and low[-1]["seat"] == 0
    t = play(r, deck, BOOK)
    book = runs(t)[0]
    assert book[-1]["seat"] == 1
    hand = set(C.parse(" ".join(t["hands"][1])).tolist())
    assert C.parse_card(book[0]["play"]) == ref_book_lead(hand, set())


def test_p96_book_no_jig_differs_from_book_in_seeking_its_own_jig_only():
    r = G.Rules(players=4).validated()
    # AC leads AC..5C (sheds three, the Jig 5C elsewhere); 7H leads 7H..JH (sheds two, the Jig JH his own)
    elder = "AC 2C 3C 7H JH 2D 5D 8D 2S 5S 8S 2H 9C"  # every other lead sheds two or fewer, none comes back
    deck = stack(r, 0, {1: elder, 2: "4C 5C"})
    book = runs(play(r, deck, BOOK))[0]
    plain = runs(play(r, deck, G.STRATEGIES["book-no-jig"]))[0]
    hand = set(C.parse(elder).tolist())
    assert book[0]["play"] == "7H" and C.parse_card("7H") == ref_book_lead(hand, set())
    assert plain[0]["play"] == "AC"  # the most shed, whoever ends the run
    assert book[-1]["seat"] == 1 and book[-1].get("jig") and plain[-1]["seat"] == 2


def test_p96_pool_ante_goes_to_the_winner():
    base = G.Rules(players=4).validated()
    pool = G.Rules(players=4, pool_ante=2).validated()
    deck = stack(base, 0, {1: "AC"})
    t0, t1 = play(base, deck), play(pool, deck)
    assert t0["winner"] == t1["winner"]
    w = t0["winner"]
    assert t1["net"][w] - t0["net"][w] == 2 * 3
    assert t1["events"]["pool_taken"] == 8
    for s in range(4):
        if s != w:
            assert t1["net"][s] - t0["net"][s] == -2


def test_p96_pool_paid_by_the_dealer():
    r = G.Rules(players=4, pool_ante=3, pool_payer="dealer").validated()
    base = G.Rules(players=4).validated()
    deck = stack(base, 2, {3: "AC"})
    t0, t1 = play(base, deck, dealer=2), play(r, deck, dealer=2)
    w = t0["winner"]
    diff = [t1["net"][s] - t0["net"][s] for s in range(4)]
    want = [0, 0, 0, 0]
    want[w] += 3
    want[2] -= 3
    assert diff == want
    assert t1["board_before"] == t1["board_after"] == {"pool": 0}


def _check_deal(t: dict, r: G.Rules, book: bool) -> None:
    n = r.players
    assert sorted(C.parse(" ".join(t["deck"])).tolist()) == G.PACK.tolist()
    before = sum(t["board_before"].values())
    after = sum(t["board_after"].values())
    assert sum(t["net"]) + (after - before) == 0
    played = [a["play"] for a in t["actions"]]
    assert len(set(played)) == len(played)
    left = {s: set(t["hands"][s]) for s in range(n)}
    for a in t["actions"]:
        assert a["play"] in left[a["seat"]]
        left[a["seat"]].remove(a["play"])
    w = t["winner"]
    assert not left[w]
    owed = {s: 0 for s in range(n)}
    for p in t["payments"]:
        if p["reason"] == "cards":
            assert p["to"] == w
            owed[p["from"]] += p["amount"]
    for s in range(n):
        if s != w:
            assert owed[s] == len(left[s])
            assert len(left[s]) > 0
    # every run: at most five cards, in sequence; it ends on the fifth or on a stop, and its last player leads
    all_runs = runs(t)
    gone: set[int] = set()
    for i, run in enumerate(all_runs):
        codes = C.parse(" ".join(a["play"] for a in run)).tolist()
        assert len(codes) <= 5
        for a, b in zip(codes, codes[1:]):
            assert b == a + 1 and b % 13 != 0
        gone.update(codes)
        if run[-1]["stop"]:
            nxt = codes[-1] + 1
            assert len(codes) == 5 or codes[-1] % 13 == 12 or nxt in gone
            assert bool(run[-1].get("jig")) == (len(codes) == 5)
            assert all_runs[i + 1][0]["seat"] == run[-1]["seat"]
        else:
            assert i == len(all_runs) - 1
    assert t["events"]["plays"] == len(played)
    if book:
        gone = set()
        hands = {s: set(C.parse(" ".join(t["hands"][s])).tolist()) for s in range(n)}
        for run in all_runs:
            lead = C.parse_card(run[0]["play"])
            assert lead == ref_book_lead(hands[run[0]["seat"]], gone)
            for a in run:
                c = C.parse_card(a["play"])
                hands[a["seat"]].discard(c)
                gone.add(c)


@pytest.mark.parametrize("variant", list(G.VARIANTS))
def test_conservation_and_cards_every_deal(variant):
    for strategy in G.STRATEGIES:
        spec = runner.make_spec("jig", variant, n=1, strategy=strategy, players=3 + (len(strategy) % 4))
        for seed in range(12):
            for deal in (0, spec.deals_per_session + 1):
                t = run_deal(spec, seed, deal)
                _check_deal(t, spec.rules, strategy == "book")


def test_same_decks_under_every_variant_and_strategy():
    decks = set()
    for variant in G.VARIANTS:
        for strategy in G.STRATEGIES:
            spec = runner.make_spec("jig", variant, n=1, strategy=strategy)
            t = run_deal(spec, 9, 6)
            decks.add(tuple(t["deck"]))
    assert len(decks) == 1


def test_trace_replays_the_run():
    """A traced deal is the run's deal: per-deal nets of a one-session run equal the traces' nets."""
    spec = runner.make_spec("jig", "pool", n=4, seed=5, rotations=1)
    res = runner.run(spec, chunk_sessions=1)
    nets = np.zeros(4)
    for d in range(4):
        t = run_deal(spec, 5, d)
        nets += t["net"]
    for s in range(4):
        assert res.metric("net", seat=s)[0] == pytest.approx(nets[s] / 4)


def test_threads_and_chunks_do_not_change_results():
    spec = runner.make_spec("jig", "pool", n=600, seed=3, strategy="random", seat_strategies=("0=book",))
    stacked.same_on_one_and_two_threads(spec)


def test_shuffle_only_deals_the_run_decks():
    from sim.games._contract import harness, seats

    cfg = G.kernel_config(G.Rules().validated())
    out = np.zeros(1, dtype=np.int64)
    harness("jig").shuffle_only(cfg, seats(np.zeros(4), np.zeros(4)), np.uint64(1), 0, 10, out)
    assert out[0] != 0


def test_cli_rules_run_trace():
    cr = CliRunner()
    res = cr.invoke(cli, ["rules", "jig", "--variant", "pool"])
    assert res.exit_code == 0, res.output
    assert "pool_ante" in res.output and "p. 96" in res.output
    res = cr.invoke(cli, ["run", "jig", "-n", "200", "--players", "5", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "jigs" in res.output
    res = cr.invoke(cli, ["trace", "jig", "--seed", "2", "--deal", "1"])
    assert res.exit_code == 0, res.output
    assert "winner: seat" in res.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["run", "jig", "--variant", "nope"], "unknown variant"),
        (["run", "jig", "--players", "9"], "Jig needs 3 to 8 players (got 9)"),
        (["run", "jig", "--players", "2"], "Jig needs 3 to 8 players (got 2)"),
        (["run", "jig", "--rule", "pool_ante=-1"], "pool_ante"),
        (["run", "jig", "--rule", "pool_payer=bank"], "pool_payer"),
        (["run", "jig", "--strategy", "clever"], "unknown strategy"),
        (["trace", "jig", "--deck", "AS KS"], "52 cards"),
    ],
)
def test_cli_bad_input_exits_2(args, words):
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2
    assert words in res.output


def test_kernel_helpers_on_masks():
    live = np.uint64(0)
    for x in (0, 1, 2, 3, 4, 5, 6, 12):  # AC..7C and KC live
        live |= np.uint64(1) << np.uint64(x)
    assert S.run_end(live, 0, 5) == 4  # A -> 5 (the Jig)
    assert S.run_end(live, 3, 5) == 6  # 4 -> 7: 8C is out, so 7C is a stop
    assert S.run_end(live, 12, 5) == 12  # the king ends every run
    assert S.span_mask(2, 4) == np.uint64(0b11100)
