"""Newmarket as Peel plays it (pp. 89-90): stacked-deck scenarios from the book and one per rule flag,
conservation and card accounting in every deal, reproducibility, and the CLI's handling of bad input."""

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
from sim.games import newmarket as G

BOOK, LOWEST, RANDOM = G.STRATEGIES["book"], G.STRATEGIES["lowest"], G.STRATEGIES["random"]
R4 = G.Rules(players=4).validated()
LAYOUT = C.parse(G.BOOK_LAYOUT).tolist()  # ace, king, queen, knave: AS KC QH JD
WINNERS = {"KS": "ace", "QC": "king", "JH": "queen", "10D": "knave"}  # p. 89


def stack(r: G.Rules, dealer: int, given: dict[int, str], layout: str = G.BOOK_LAYOUT) -> np.ndarray:
    """A deck dealing ``given`` to those seats, ``layout`` laid out (its cards dealt too under identical_card)."""
    return stacked.stack(G, r, dealer, given, skip="" if r.identical_card else layout)


play = partial(stacked.play, G)
paid = partial(stacked.paid, compartment=True)  # (from, to, amount, compartment)


ELDER_DIAMONDS = "8D 9D 10D 8H 9H 10H JH 8S 9S 10S JS"  # "lowest" leads 8D (no lower card; diamonds first)


def test_p89_layout_is_out_of_the_pack_and_44_are_dealt():
    t = play(R4, stack(R4, 0, {}))
    assert t["layout"] == ["AS", "KC", "QH", "JD"]
    assert [len(h) for h in t["hands"]] == [11, 11, 11, 11]
    cards = {c for h in t["hands"] for c in h}
    assert len(cards) == 44 and not cards & {"7C", "7D", "7H", "7S", "AS", "KC", "QH", "JD"}
    assert sorted(C.parse(" ".join(t["deck"])).tolist()) == G.PACK.tolist()  # the shuffled 48


def test_p89_card_below_the_layout_takes_its_stake_and_is_a_stop():
    t = play(R4, stack(R4, 0, {1: ELDER_DIAMONDS}))
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("8D", 1), ("9D", 1), ("10D", 1)]
    assert first[-1]["stop"] and first[-1].get("layout")  # "these would in each case become stops"
    assert paid(t, "layout")[0] == ("board", 1, 1, "knave")
    assert t["actions"][3]["seat"] == 1  # "and the player would have the right to play another card"


def test_p89_ace_counts_high_its_king_wins_it():
    # eight players, six cards each for the first four: the elder's lowest card is JS, and JS QS KS are his
    r = G.Rules(players=8).validated()
    t = play(r, stack(r, 0, {1: "JS QS KS QC QD KD"}))
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("JS", 1), ("QS", 1), ("KS", 1)]
    assert first[-1].get("layout") and paid(t, "layout")[0] == ("board", 1, 3, "ace")  # 9 stakes: 3 on the ace


def test_p89_stakes_cover_the_layout_dealer_one_extra():
    t = play(R4, stack(R4, 0, {1: ELDER_DIAMONDS}))
    # elder, 2nd, 3rd, dealer on the emptiest card (ties ace, king, queen, knave); the dealer's extra on the ace
    assert paid(t, "stake") == [(1, "board", 1, "ace"), (2, "board", 1, "king"), (3, "board", 1, "queen"),
                                (0, "board", 1, "knave"), (0, "board", 1, "ace")]  # fmt: skip
    t = play(R4, stack(R4, 0, {1: ELDER_DIAMONDS}), board=np.array([2, 0, 1, 0, 0]))
    assert [p[3] for p in paid(t, "stake")] == ["king", "knave", "king", "queen", "knave"]


def test_p89_the_dealer_pays_one_extra_rule_switches_it_off():
    # "The dealer pays one extra throughout the game" (p. 89): dealer_extra=0 leaves only everyone's one
    off = G.Rules(players=4, dealer_extra=0).validated()
    two = G.Rules(players=4, dealer_extra=2).validated()
    deck = stack(R4, 0, {1: ELDER_DIAMONDS})
    t1, t0, t2 = play(R4, deck), play(off, deck), play(two, deck)
    assert [p[0] for p in paid(t1, "stake")].count(0) == 2
    assert paid(t0, "stake") == [(1, "board", 1, "ace"), (2, "board", 1, "king"), (3, "board", 1, "queen"),
                                 (0, "board", 1, "knave")]  # fmt: skip
    assert [p[0] for p in paid(t2, "stake")].count(0) == 3
    assert sum(p[2] for p in paid(t1, "stake") if p[0] == 0) - sum(p[2] for p in paid(t0, "stake") if p[0] == 0) == 1


def test_p90_unwon_stakes_carry_over_and_first_out_takes_a_stake_per_card():
    t = play(R4, stack(R4, 0, {1: ELDER_DIAMONDS}), board=np.array([0, 0, 3, 0, 0]))
    taken = {p[3] for p in paid(t, "layout")}
    for name in G.POOLS[:4]:
        if name not in taken:
            staked = len([p for p in paid(t, "stake") if p[3] == name])
            assert t["board_after"][name] == t["board_before"][name] + staked
        else:
            assert t["board_after"][name] == 0
    w = t["winner"]
    left = {s: len(t["hands"][s]) - sum(1 for a in t["actions"] if a["seat"] == s) for s in range(4)}
    assert sorted(p[:3] for p in paid(t, "cards")) == sorted((s, w, left[s]) for s in range(4) if s != w)
    assert paid(t, "kitty") == [] and "kitty" not in {p[3] for p in paid(t, "stake")}


def test_p89_random_layout_keeps_the_shuffle():
    spec_b = runner.make_spec("newmarket", "standard", n=1)
    spec_r = runner.make_spec("newmarket", "random-layout", n=1)
    layouts = set()
    for deal in range(8):
        tb = run_deal(spec_b, 4, deal)
        tr = run_deal(spec_r, 4, deal)
        assert tb["deck"] == tr["deck"]  # common random numbers: the same shuffles
        assert tb["layout"] == ["AS", "KC", "QH", "JD"]
        assert [c[:-1] for c in tr["layout"]] == ["A", "K", "Q", "J"]
        assert len({c[-1] for c in tr["layout"]}) == 4
        layouts.add(tuple(tr["layout"]))
        # replaying the cards dealt (44: the layout is the four left out) gives the same deal
        again = play(spec_r.rules, G.check_deck(" ".join(tr["dealt"])), policy=BOOK, dealer=tr["dealer"],
                     board=np.array(list(tr["board_before"].values())))  # fmt: skip
        assert again["actions"] == tr["actions"] and again["layout"] == tr["layout"]
    assert len(layouts) > 1


def test_modern_identical_card_wins_and_is_not_a_stop():
    r = G.Rules(players=4, identical_card=True).validated()
    t = play(r, stack(r, 0, {1: "8D 9D 10D JD 8H 9H 10H JH 8S 9S 10S JS", 2: "QD"}))
    assert [len(h) for h in t["hands"]] == [12, 12, 12, 12]  # all 48 dealt
    first = runs(t)[0]
    assert [a["play"] for a in first][:5] == ["8D", "9D", "10D", "JD", "QD"]
    jd = first[3]
    assert jd.get("layout") and not jd["stop"] and not first[2].get("layout")
    assert ("board", 1, 1, "knave") in paid(t, "layout")
    plain = play(R4, stack(R4, 0, {1: ELDER_DIAMONDS}))
    assert runs(plain)[0][-1]["play"] == "10D"


def test_modern_lead_lowest():
    r = G.Rules(players=4, lead_lowest=True).validated()
    # the book would lead KS (a known stop) first; under the rule it must lead his lowest spade, 2S, or another
    # suit's lowest card
    elder = "2S KS 2C 5C 9C 2D 5D 9D 2H 5H 9H"
    t0 = play(R4, stack(R4, 0, {1: elder}), policy=BOOK)
    t1 = play(r, stack(r, 0, {1: elder}), policy=BOOK)
    assert t0["actions"][0]["play"] == "KS"
    assert t1["actions"][0]["play"] in {"2S", "2C", "2D", "2H"}


def test_modern_kitty():
    r = G.Rules(players=4, kitty=2).validated()
    deck = stack(R4, 0, {1: ELDER_DIAMONDS})
    t0, t1 = play(R4, deck), play(r, deck)
    w = t0["winner"]
    assert t1["winner"] == w
    assert sorted(paid(t1, "kitty_stake")) == sorted((s, "board", 2, "kitty") for s in range(4))
    assert paid(t1, "kitty") == [("board", w, 8, "kitty")]
    assert [t1["net"][s] - t0["net"][s] for s in range(4)] == [6 if s == w else -2 for s in range(4)]


def _check_deal(t: dict, r: G.Rules, lead_lowest: bool) -> None:
    n = r.players
    assert sorted(C.parse(" ".join(t["deck"])).tolist()) == G.PACK.tolist()
    change = sum(t["board_after"].values()) - sum(t["board_before"].values())
    assert sum(t["net"]) + change == 0
    layout = t["layout"]
    dealt = {c for h in t["hands"] for c in h}
    assert len(dealt) == sum(len(h) for h in t["hands"]) == (48 if r.identical_card else 44)
    if not r.identical_card:
        assert not dealt & set(layout)
    # who wins what: the card below each layout card (the ace's king), or the identical card
    wins = {}
    for k, c in enumerate(layout):
        code = C.parse_card(c)
        if r.identical_card:
            wins[c] = G.POOLS[k]
        elif k == 0:
            wins[C.format_card(code + 12)] = "ace"
        else:
            wins[C.format_card(code - 1)] = G.POOLS[k]
    got = {(p[1], p[3]) for p in paid(t, "layout")}
    want = {(a["seat"], wins[a["play"]]) for a in t["actions"] if a["play"] in wins}
    assert got == want
    assert all(a.get("layout", False) == (a["play"] in wins) for a in t["actions"])
    hands = {s: set(t["hands"][s]) for s in range(n)}
    gone: set[str] = set()
    for run in runs(t):
        lead = run[0]
        if lead_lowest:
            same = [C.parse_card(c) for c in hands[lead["seat"]] if c[-1] == lead["play"][-1]]
            assert C.parse_card(lead["play"]) == min(same)
        codes = [C.parse_card(a["play"]) for a in run]
        for a, b in zip(codes, codes[1:]):
            assert b == a + 1
        for a in run:
            hands[a["seat"]].remove(a["play"])
            gone.add(a["play"])
        if run[-1]["stop"]:
            nxt = codes[-1] + 1
            out = codes[-1] % 13 == 12 or nxt % 13 == 6 or C.format_card(nxt) in gone
            out = out or (not r.identical_card and C.format_card(nxt) in layout)
            assert out
    w = t["winner"]
    assert not hands[w]
    owed = {p[0]: p[2] for p in paid(t, "cards")}
    assert owed == {s: len(hands[s]) for s in range(n) if s != w}
    assert t["events"]["stakes_carried"] == sum(t["board_after"][k] for k in G.POOLS[:4])


@pytest.mark.parametrize("variant", list(G.VARIANTS))
def test_conservation_and_cards_every_deal(variant):
    for strategy in G.STRATEGIES:
        players = {"book": 4, "lowest": 3, "random": 8, "rollout": 5}[strategy]
        spec = runner.make_spec("newmarket", variant, n=1, strategy=strategy, players=players)
        last = None
        for deal in range(players + 2):
            t = run_deal(spec, 23, deal)
            _check_deal(t, spec.rules, spec.rules.lead_lowest)
            if last is not None and deal % players:
                assert t["board_before"] == last["board_after"]  # stakes carry over within the session
            last = t


def test_threads_and_chunks_do_not_change_results():
    spec = runner.make_spec("newmarket", "modern", n=600, seed=3, strategy="random", seat_strategies=("2=book",))
    stacked.same_on_one_and_two_threads(spec)


def test_check_deck():
    whole = " ".join(C.format_card(c) for c in G.PACK.tolist())
    assert len(G.check_deck(whole)) == 48
    dealt = " ".join(C.format_card(c) for c in G.PACK.tolist() if c not in LAYOUT)
    deck = G.check_deck(dealt)  # as the kernels take it: the 44 dealt, the layout's cards after them, the layout
    assert deck[:44].tolist() == C.parse(dealt).tolist() and deck[44:].tolist() == LAYOUT + LAYOUT
    bad = " ".join(C.format_card(c) for c in G.PACK.tolist()[4:])  # leaves out AC 2C 3C 4C
    with pytest.raises(ValueError, match="must be the layout"):
        G.check_deck(bad)
    with pytest.raises(ValueError, match="7C"):
        G.check_deck(whole + " 7C")


def test_cli_rules_run_trace():
    cr = CliRunner()
    res = cr.invoke(cli, ["rules", "newmarket", "--variant", "modern"])
    assert res.exit_code == 0, res.output
    assert "identical_card" in res.output and "kitty" in res.output
    res = cr.invoke(cli, ["run", "newmarket", "-n", "200", "--players", "3", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "layout_won_ace" in res.output and "stakes_carried" in res.output
    res = cr.invoke(cli, ["trace", "newmarket", "--seed", "2", "--deal", "1", "--variant", "random-layout"])
    assert res.exit_code == 0, res.output
    assert "winner: seat" in res.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["run", "newmarket", "--variant", "nope"], "unknown variant"),
        (["run", "newmarket", "--players", "9"], "Newmarket needs 3 to 8 players (got 9)"),
        (["run", "newmarket", "--players", "2"], "Newmarket needs 3 to 8 players (got 2)"),
        (["run", "newmarket", "--rule", "layout=shuffled"], "layout must be one of book | random"),
        (["run", "newmarket", "--rule", "kitty=x"], "kitty"),
        (["trace", "newmarket", "--deck", "AS KS"], "48 cards"),
    ],
)
def test_cli_bad_input_exits_2(args, words):
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2
    assert words in res.output


def test_stakes_spread_at_once_as_one_at_a_time():
    """The untraced stakes (all counters spread over the layout at once) land where the traced ones do, each
    on the emptiest card, ties in ace, king, queen, knave order (p. 89)."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        board = rng.integers(0, 6, size=5).astype(np.int64)
        counters = int(rng.integers(0, 12))
        want = board[:4].tolist()
        for _ in range(counters):
            want[want.index(min(want))] += 1
        got = board.copy()
        G._spread(got, counters)
        assert got[:4].tolist() == want and got[4] == board[4]
