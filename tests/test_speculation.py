"""Speculation (pp. 77-79): stacked-deck scenarios for every rule flag and every kind of sale, the exact chances
the strategies price with, the hypergeometric chance that a turn-up stands, conservation and card accounting."""

from __future__ import annotations

import json
import math
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

from sim import cards as C
from sim import games, runner
from sim.cli import cli
from sim.games import speculation as G
from sim.games.speculation import odds as O

INV = O.inverses()
HONOURS = {"akqj": {"A", "K", "Q", "J"}, "a": {"A"}, "none": set()}


def rules(**kw):
    return G.Rules(**kw).validated()


def seats(r, strategies) -> np.ndarray:
    names = [strategies] * r.players if isinstance(strategies, str) else list(strategies)
    return np.array([G.STRATEGIES[s] for s in names], dtype=np.int64)


def play(r, hands, turnup, strategies="naive", spare="", rest="", seed=1, board=None, params=None) -> dict:
    """One stacked deal, seat 0 dealing: ``hands[seat]`` in the order the seat exposes them, then the trump card."""
    deck = G.stack_deck(r, 0, hands, turnup, spare, rest)
    pol = seats(r, strategies)
    par = np.full(r.players, np.nan) if params is None else np.asarray(params, dtype=float)
    return games.trace(G, r, pol, par, seed, deck=deck, dealer=0, board=board)


def deal_of_run(r, strategies, seed, deal) -> dict:
    return games.trace(G, r, seats(r, strategies), np.full(r.players, np.nan), seed, deal=deal)


def acts(t, kind):
    return [a for a in t["actions"] if a["action"] == kind]


def pays(t, reason):
    return [(p["from"], p["to"], p["amount"]) for p in t["payments"] if p["reason"] == reason]


# -- the exact chances (independent closed forms) -------------------------------------------------------------


def stands_exact(u, k, h):
    """C(u-h, k) / C(u, k): none of the h higher trumps among the k hidden places."""
    return comb(u - h, k) / comb(u, k)


def turnup_exact(unseen: list[int], k: int, honours: str) -> float:
    """P(the trump card, drawn from ``unseen`` card codes, takes the pool), with k hidden places."""
    u = len(unseen)
    total = 0.0
    for c in unseen:
        if C.RANKS[C.rank_of(c)] in HONOURS[honours]:
            total += 1
            continue
        strength = (C.rank_of(c) + 12) % 13
        m = sum(1 for d in unseen if C.suit_of(d) == C.suit_of(c) and (C.rank_of(d) + 12) % 13 > strength)
        total += comb(u - 1 - m, k) / comb(u - 1, k)
    return total / u


def test_stands_and_place_share_are_the_hypergeometric_chances():
    for u in (5, 12, 31, 52):
        for k in range(1, u + 1, 3):
            for h in range(0, min(u, 13) + 1):
                s = O.stands(u, k, h, INV)
                assert s == pytest.approx(stands_exact(u, k, h), abs=1e-12)
                assert O.place_share(u, k, h, INV) * k + s == pytest.approx(1.0, abs=1e-12)


def test_place_share_by_enumeration():
    # 7 unseen cards, 2 of them higher trumps (ranked), 3 hidden places: every arrangement of the cards
    import itertools

    u, k = 7, 3
    wins = [0] * k
    total = 0
    for perm in itertools.permutations(range(u)):
        total += 1
        places = perm[:k]  # card i is in place j when perm[j] = i; cards 0 and 1 are the higher trumps, 0 best
        for best in (0, 1):
            if best in places:
                wins[places.index(best)] += 1
                break
    for j in range(k):
        assert O.place_share(u, k, 2, INV) == pytest.approx(wins[j] / total, abs=1e-12)


@pytest.mark.parametrize("honours", ["akqj", "a", "none"])
def test_turnup_value_is_exact(honours):
    r = rules(honours=honours)
    pack = list(range(52))
    seen = [C.parse_card(x) for x in ("QH", "3H", "AS", "9D")]
    unseen = [c for c in pack if c not in seen]
    mask = np.uint64(sum(1 << int(G.trace.TO_POSITION[c]) for c in unseen))
    lowest = {"akqj": 9, "a": 12, "none": 13}[r.honours]
    got = O.turnup_wins(mask, 12, lowest, INV)
    assert got == pytest.approx(turnup_exact(unseen, 12, honours), abs=1e-12)


# -- the play (pp. 77-78) -----------------------------------------------------------------------------------------

PLAIN = {1: "2C 3C 4C", 2: "QH 5C 6C", 3: "7C KH 8C", 0: "9C 10C JC"}


def test_p78_round_and_round_the_chief_exposes_nothing_more():
    t = play(rules(players=4), PLAIN, "9H")
    shown = [(a["seat"], a["card"], a["chief"]) for a in acts(t, "expose")]
    assert shown == [
        (1, "2C", 0), (2, "QH", 2), (3, "7C", 2), (0, "9C", 2), (1, "3C", 2), (3, "KH", 3),
        (0, "10C", 3), (1, "4C", 3), (2, "5C", 3), (0, "JC", 3), (2, "6C", 3),
    ]  # fmt: skip
    assert [(a["seat"], a["card"]) for a in acts(t, "reveal")] == [(3, "8C")]
    assert t["pool_to"] == 3 and t["winner"] == 3
    assert t["net"] == [-2, -1, -1, 4]
    assert t["events"]["chief_changes"] == 2 and t["events"]["exposures"] == 12


def test_p78_dealer_keeps_his_cards_while_the_turnup_stands():
    hands = {1: "2C 3C 4C", 2: "5C 6C 7C", 3: "8C 9C 10C", 0: "JC QC KC"}
    t = play(rules(players=4), hands, "9H")
    assert all(a["seat"] != 0 for a in acts(t, "expose"))
    assert [a["seat"] for a in acts(t, "reveal")] == [0, 0, 0]
    assert t["pool_to"] == 0 and t["net"] == [3, -1, -1, -1]
    assert t["events"]["turnup_pools"] == 1 and t["events"]["no_trump_shown"] == 1


def test_p77_stakes_dealer_two_others_one_or_hoyle():
    book = play(rules(players=4), PLAIN, "9H")
    hoyle = play(rules(players=4, stakes="6/4"), PLAIN, "9H")
    assert sorted(a for _, _, a in pays(book, "stake")) == [1, 1, 1, 2]
    assert sorted(a for _, _, a in pays(hoyle, "stake")) == [4, 4, 4, 6]
    assert hoyle["net"] == [-6, -4, -4, 14]


@pytest.mark.parametrize("honours,turnup", [("akqj", "KH"), ("a", "KH"), ("none", "AH"), ("akqj", "AH")])
def test_p78_an_honour_turned_up_takes_the_pool_at_once(honours, turnup):
    hands = {1: "2C 3C 4C", 2: "AH 5C 6C", 3: "7C 8C 9C", 0: "10C JC QC"}
    if turnup == "AH":
        hands[2] = "KH 5C 6C"
    t = play(rules(players=4, honours=honours), hands, turnup)
    at_once = C.RANKS[C.rank_of(C.parse_card(turnup))] in HONOURS[honours]
    assert t["events"]["honour_turnups"] == int(at_once)
    assert (acts(t, "expose") == []) == at_once
    if at_once:
        assert t["pool_to"] == 0 and t["net"] == [3, -1, -1, -1]
    elif turnup == "KH":  # played out: seat 2's ace beats the king
        assert t["pool_to"] == 2
    else:
        assert t["pool_to"] == 0


def _first_seed(r, strategies, test, deal=0, tries=300):
    for seed in range(tries):
        t = deal_of_run(r, strategies, seed, deal)
        if test(t):
            return seed
    raise AssertionError("no seed found")


@pytest.mark.parametrize("redeal", [False, True])
def test_p78_after_an_honour_the_hands_are_kept_and_the_next_card_turned(redeal):
    r = rules(players=5, honour_redeal=redeal)
    seed = _first_seed(r, "naive", lambda t: t["events"]["honour_turnups"] == 1)
    first, second = deal_of_run(r, "naive", seed, 0), deal_of_run(r, "naive", seed, 1)
    assert second["dealer"] == 1 and second["hands_kept"] == (not redeal)
    if redeal:
        assert second["fresh_pack"] and second["hands"] != first["hands"]
    else:
        assert second["hands"] == first["hands"] and second["deck"] == first["deck"]
        assert second["turnup"] == first["deck"][16]  # the card after the first trump card
        assert second["pack_position"] == 16
    assert [p for p in pays(second, "stake") if p[0] == 1] == [(1, "board", 2)]  # the new dealer pays two


@pytest.mark.parametrize("flag", [False, True])
def test_continuous_pack_deals_on_through_the_pack(flag):
    r = rules(players=4, continuous_pack=flag, honours="none")
    first, second = deal_of_run(r, "shrewd", 2, 0), deal_of_run(r, "shrewd", 2, 1)
    assert second["fresh_pack"] == (not flag)
    if flag:
        assert second["deck"] == first["deck"] and second["pack_position"] == 13
        dealt = {c for h in second["hands"] for c in h}
        assert dealt.isdisjoint({c for h in first["hands"] for c in h} | {first["turnup"]})
    else:
        assert second["pack_position"] == 0


def test_pool_turnup_p79_the_pool_owns_the_turnup_and_carries():
    hands = {1: "2C 3C 4C", 2: "5C 6C 7C", 3: "8C 9C 10C", 0: "JC QC KC"}
    book = play(rules(players=4), hands, "9H", strategies="shrewd")
    pool = play(rules(players=4, pool_turnup=True), hands, "9H", strategies="shrewd")
    assert book["pool_to"] == 0 and pool["pool_to"] == "carried"
    assert pool["board_after"] == {"pool": 5} and pool["net"] == [-2, -1, -1, -1]
    assert [a["seat"] for a in acts(pool, "expose")].count(0) == 3  # the dealer exposes like the others
    assert not [a for a in pool["actions"] if a.get("kind") == "turn-up"]  # never offered for sale
    carried = play(rules(players=4, pool_turnup=True), PLAIN, "9H", board=np.array([5]))
    assert carried["board_before"] == {"pool": 5} and carried["net"][3] == 10 - 1


def test_spare_hand_p79_a_winning_card_there_carries_the_pool():
    hands = {1: "2C 3C 4C", 2: "QH 6C 7C", 3: "8C 9C 10C", 0: "JC QC KC"}
    book = play(rules(players=4), hands, "9H", rest="AH 5C 5D")
    spare = play(rules(players=4, spare_hand=True), hands, "9H", spare="AH 5C 5D")
    assert book["pool_to"] == 2 and spare["pool_to"] == "carried"
    assert spare["spare"] == ["AH", "5C", "5D"] and [a["card"] for a in acts(spare, "spare")] == spare["spare"]
    assert spare["board_after"] == {"pool": 5} and spare["winner"] == 2  # the chief is counted as the winner


def test_knave_five_p79_the_owner_pays_the_pool():
    hands = {1: "JC 3C 4C", 2: "5D 6C 7C", 3: "8C 9C 10C", 0: "2C QC KC"}
    book = play(rules(players=4), hands, "9H")
    kf = play(rules(players=4, knave_five=1), hands, "9H")
    assert pays(book, "penalty") == []
    assert pays(kf, "penalty") == [(1, "board", 1), (2, "board", 1)]
    assert kf["net"][0] == book["net"][0] + 2  # the dealer's turn-up stands: he takes the penalties too


@pytest.mark.parametrize("pack", [52, 32])
def test_p77_the_pack_shapes_the_shrewd_price_of_the_turnup(pack):
    r = rules(players=4, pack=pack)
    hands = {1: "7C 8C 9C", 2: "10C JC QC", 3: "7D 8D 9D", 0: "10D JD QD"}
    t = play(r, hands, "9H", strategies="shrewd")
    offer = next(a for a in t["actions"] if a.get("kind") == "turn-up")
    cards = (C.full_pack() if pack == 52 else C.short_pack()).tolist()
    value = 5 * turnup_exact(cards, 12, "akqj")
    assert offer["reserve"] == math.floor(value) + 1 and offer["best_bid"] == math.ceil(value) - 1
    assert "2C" not in t["deck"] if pack == 32 else len(t["deck"]) == 52


# -- the sales (pp. 78-79) ----------------------------------------------------------------------------------------


def test_p78_the_dealer_sells_the_turnup_unseen_and_the_buyer_plays_it():
    hands = {1: "2C 3C 4C", 2: "5C 6C 7C", 0: "8C 9C 10C"}
    t = play(rules(players=3), hands, "9H", strategies=["shrewd", "naive", "gambler"])
    offer, sale = acts(t, "offer")[0], acts(t, "sale")[0]
    value = 4 * turnup_exact(list(range(52)), 9, "akqj")
    assert offer["reserve"] == math.floor(value) + 1
    assert sale["kind"] == "turn-up" and sale["unseen"] and (sale["seller"], sale["buyer"]) == (0, 2)
    assert sale["price"] == min(4, math.ceil(2 * value))
    assert acts(t, "turn-up")[0]["seat"] == 2 and t["trump_owner"] == 2
    assert acts(t, "expose")[0]["seat"] == 0  # the player left of the purchaser begins
    assert all(a["seat"] != 2 for a in acts(t, "expose"))
    assert t["pool_to"] == 2 and t["net"] == [-2 + sale["price"], -1, -1 + 4 - sale["price"]]


def test_gambler_overpays_by_his_parameter():
    hands = {1: "2C 3C 4C", 2: "5C 6C 7C", 0: "8C 9C 10C"}
    value = 4 * turnup_exact(list(range(52)), 9, "akqj")  # 1.83 counters: the shrewd dealer asks 2
    bids = []
    for overpay in (0.0, 0.25, 1.0):
        t = play(rules(players=3), hands, "9H", ["shrewd", "naive", "gambler"], params=[np.nan, np.nan, overpay])
        offer = acts(t, "offer")[0]
        assert offer["reserve"] == 2 and offer["best_bid"] == min(4, math.ceil(value * (1 + overpay)))
        assert offer["sold"] and acts(t, "sale")[0]["price"] == offer["best_bid"]
        bids.append(offer["best_bid"])
    assert bids == [2, 3, 4]


def test_p79_the_chief_sells_his_trump_and_the_buyers_left_goes_next():
    hands = {1: "QH 3C 4C", 2: "5C 6C 7C", 3: "8C 9C 10C", 0: "2C JC KC"}
    t = play(rules(players=4), hands, "9H", strategies=["naive", "shrewd", "gambler", "naive"])
    sale = acts(t, "sale")[0]
    assert sale["kind"] == "chief" and not sale["unseen"] and (sale["seller"], sale["buyer"]) == (1, 2)
    value = 5 * stands_exact(50, 11, 2)  # 50 unseen, 11 cards unexposed, KH and AH above the queen
    offer = next(a for a in acts(t, "offer") if a["kind"] == "chief")
    assert offer["reserve"] == math.floor(value) + 1 and sale["price"] == min(5, math.ceil(2 * value))
    after = t["actions"][t["actions"].index(sale) + 1 :]
    first_exposure = next(a for a in after if a["action"] == "expose")
    assert first_exposure["seat"] == 3 and sale["chief"] == 2
    assert 1 in [a["seat"] for a in acts(t, "expose")[1:]]  # the seller exposes his cards again
    assert t["pool_to"] == 2 and t["net"][1] == -1 + sale["price"]


def _card_sale(r, strategies, test):
    def found(t):
        sales = [a for a in acts(t, "sale") if a["kind"] == "card"]
        return bool(sales) and test(t, sales[0])

    seed = _first_seed_stacked(r, strategies, found)
    t = play(r, CARD_HANDS, "9H", strategies=strategies, seed=seed)
    return t, next(a for a in acts(t, "sale") if a["kind"] == "card")


CARD_HANDS = {1: "JH 3C 4C", 2: "5C 6C 7C", 0: "8C 9C 10C"}


def _first_seed_stacked(r, strategies, test, hands=None, tries=400):
    for seed in range(tries):
        if test(play(r, hands or CARD_HANDS, "9H", strategies=strategies, seed=seed)):
            return seed
    raise AssertionError("no seed found")


@pytest.mark.parametrize("knave_five", [0, 1])
def test_p79_a_card_sold_before_it_is_exposed_goes_to_the_buyer_if_a_higher_trump(knave_five):
    r = rules(players=3, knave_five=knave_five)

    def wanted(t, sale):  # (and the buyer keeps his new trump, so that the next step is plain to see)
        return sale["seller"] == 1 and sale["cards"] == ["JH"] and t["events"]["chief_sales"] == 0

    t, sale = _card_sale(r, ["naive", "shrewd", "random"], wanted)
    assert sale["unseen"] and sale["buyer"] == 2 and (2, 1, sale["price"]) in pays(t, "sale")
    shown = acts(t, "expose")
    jh = next(a for a in shown if a["card"] == "JH")
    assert jh["seat"] == 1 and jh["holder"] == 2 and jh["chief"] == 2 and jh["higher_trump"]
    assert shown[shown.index(jh) + 1]["seat"] == 0  # the player left of the purchaser proceeds
    assert t["events"]["card_sales_trump"] == 1
    if knave_five:  # the purchaser of a knave sold before it was turned up pays the penalty (p. 79)
        assert (2, "board", 1) in pays(t, "penalty") and (1, "board", 1) not in pays(t, "penalty")


def test_p79_a_card_sold_that_proves_no_trump_stays_with_the_seller():
    hands = {1: "3C 4C JH", 2: "5C 6C 7C", 0: "8C 9C 10C"}
    r = rules(players=3)
    strategies = ["naive", "shrewd", "random"]

    def test(t):
        sales = [a for a in acts(t, "sale") if a["kind"] == "card" and a["cards"] == ["3C"]]
        return bool(sales)

    seed = _first_seed_stacked(r, strategies, test, hands)
    t = play(r, hands, "9H", strategies=strategies, seed=seed)
    sale = next(a for a in acts(t, "sale") if a["cards"] == ["3C"])
    shown = acts(t, "expose")
    c3 = next(a for a in shown if a["card"] == "3C")
    assert c3["holder"] == 1 and c3["chief"] == 0 and not c3["higher_trump"]
    assert shown[shown.index(c3) + 1]["seat"] == 2  # the order of play is not disturbed
    assert (sale["buyer"], 1, sale["price"]) in pays(t, "sale") and t["events"]["card_sales_trump"] == 0


def test_p78_the_chief_sells_his_unexposed_cards_before_they_are_shown():
    hands = {1: "2C 3C 4C", 2: "5C 6C 7C", 0: "KH 9C 10C"}
    r = rules(players=3)
    strategies = ["shrewd", "naive", "random"]

    def test(t):
        hidden = [a for a in acts(t, "sale") if a["kind"] == "hidden"]
        return bool(hidden) and all(a["seller"] == 0 for a in hidden)

    seed = _first_seed_stacked(r, strategies, test, hands)
    t = play(r, hands, "9H", strategies=strategies, seed=seed)
    sales = [a for a in acts(t, "sale") if a["kind"] == "hidden"]
    assert all(s["seller"] == 0 and s["buyer"] == 2 for s in sales)
    shown = {a["card"]: a for a in acts(t, "reveal")}
    sold = {c for s in sales for c in s["cards"]}
    assert all(shown[c]["seat"] == 2 for c in sold) and all(shown[c]["seat"] == 0 for c in set(shown) - sold)
    assert t["pool_to"] == (2 if "KH" in sold else 0)  # the king of trumps wins for whoever owns it


# -- what a player may know ---------------------------------------------------------------------------------------


def test_prices_depend_only_on_what_is_seen():
    """Swapping an unexposed card with one never dealt changes nothing anyone can see: the same offers."""
    r = rules(players=4)
    a = play(r, {1: "2C 3C 4C", 2: "QH 6C 7C", 3: "8C 9C 10C", 0: "JC QC KC"}, "9H", strategies="shrewd")
    b = play(r, {1: "2C 3C 4C", 2: "QH 6C AH", 3: "8C 9C 10C", 0: "JC QC KC"}, "9H", strategies="shrewd")
    until = 5  # the offers before seat 2's third card is exposed
    key = [(x["kind"], x["seller"], x["reserve"], x["best_bid"]) for x in acts(a, "offer")][:until]
    assert key == [(x["kind"], x["seller"], x["reserve"], x["best_bid"]) for x in acts(b, "offer")][:until]


def test_shrewd_players_never_trade_and_naive_never_offer():
    for strategy, offers in (("shrewd", True), ("naive", False)):
        res = runner.run(runner.make_spec("speculation", n=4000, strategy=strategy, seed=5))
        ev = res.meta["event_counts"]
        assert (ev["offers"] > 0) == offers
        assert sum(ev[k] for k in ("turnup_sales", "card_sales", "chief_sales", "hidden_sales")) == 0


# -- exact: P(a turn-up of rank r is never beaten) ------------------------------------------------------------


def _unbeaten_check(pack: int, players: int, spare: bool, n: int) -> None:
    extra = ["honour_redeal=true", f"pack={pack}", f"spare_hand={str(spare).lower()}"]
    spec = runner.make_spec("speculation", n=n, players=players, strategy="naive", seed=7, rules=extra)
    ev = runner.run(spec).meta["event_counts"]
    dealt = 3 * (players + (1 if spare else 0))
    ranks = G.rules.STRENGTH_NAMES[(0 if pack == 52 else 5) :]
    for i, rank in enumerate(ranks):
        higher = len(ranks) - 1 - i
        p = comb(pack - 1 - higher, dealt) / comb(pack - 1, dealt)
        turned, unbeaten = ev[f"turned_{rank}"], ev[f"unbeaten_{rank}"]
        assert abs(turned / spec.n_deals - 4 / pack) < 4 * math.sqrt(4 / pack * (1 - 4 / pack) / spec.n_deals)
        se = math.sqrt(max(p * (1 - p), 1e-12) / turned)
        assert abs(unbeaten / turned - p) <= 4 * se, (rank, unbeaten / turned, p)


@pytest.mark.parametrize(
    "pack,players,spare", [(52, 4, False), (52, 10, False), (32, 3, False), (32, 6, False), (52, 7, True)]
)
def test_turnup_unbeaten_is_hypergeometric(pack, players, spare):
    _unbeaten_check(pack, players, spare, 60_000)


@pytest.mark.slow
@pytest.mark.parametrize(
    "pack,players,spare",
    [(52, 2, False), (52, 5, False), (52, 10, False), (32, 2, False), (32, 6, False), (32, 5, True), (52, 9, True)],
)
def test_turnup_unbeaten_is_hypergeometric_everywhere(pack, players, spare):
    _unbeaten_check(pack, players, spare, 400_000)


# -- conservation and card accounting ---------------------------------------------------------------------------

FLAGS = [
    {},
    {"pool_turnup": True, "spare_hand": True, "knave_five": 2},
    {"continuous_pack": True, "honours": "a"},
    {"honour_redeal": True, "stakes": "6/4", "pack": 32},
]


@pytest.mark.parametrize("extra", FLAGS)
@pytest.mark.parametrize("strategy", ["random", "gambler"])
def test_counters_conserved_with_carried_pools(extra, strategy):
    from sim.games._common import COL_EVENTS, COL_NET_SEAT

    spec = runner.make_spec(
        "speculation", n=6000, players=5, strategy=strategy, rules=[f"{k}={v}" for k, v in extra.items()]
    )
    rows = runner.play_chunk(spec, 0, spec.sessions)
    left = rows[:, COL_EVENTS + len(G.EVENTS)]
    assert np.all(rows[:, COL_NET_SEAT : COL_NET_SEAT + 5].sum(axis=1) + left == 0)
    if extra.get("pool_turnup"):
        assert rows[:, COL_EVENTS + G.EVENTS.index("pools_carried")].sum() > 0 and left.max() > 0


@pytest.mark.parametrize("extra", FLAGS)
def test_every_deal_conserves_and_accounts_for_every_card(extra):
    r = rules(players=4, **extra)
    pack = sorted(C.format_card(c) for c in G.trace.pack_of(r))
    prev: dict = {}
    for deal in range(12):
        t = deal_of_run(r, ["random", "gambler", "shrewd", "random"], 11, deal)
        assert sum(t["net"]) + t["board_after"]["pool"] - t["board_before"]["pool"] == 0
        assert sorted(t["deck"]) == pack
        cards = [c for h in t["hands"] for c in h] + t["spare"]
        assert len(set(cards + [t["turnup"]])) == len(cards) + 1
        assert set(cards) <= set(t["deck"]) and t["turnup"] in t["deck"]
        if not t["fresh_pack"]:  # hands kept, or dealt on from the same pack
            assert t["deck"] == prev["deck"]
            assert t["pack_position"] == prev["pack_position"] + prev["events"]["cards_dealt"]
        if t["hands_kept"]:
            assert t["hands"] == prev["hands"] and t["spare"] == prev["spare"]
        if not t["events"]["honour_turnups"]:
            shown = [a["card"] for a in t["actions"] if a["action"] in ("expose", "reveal", "spare")]
            assert sorted(shown) == sorted(cards)  # every card turned up exactly once
        prev = t


# -- rules and the command line ----------------------------------------------------------------------------------


def test_the_pack_must_hold_the_deal():
    with pytest.raises(ValueError, match="cannot deal"):
        rules(players=10, pack=32, spare_hand=True)
    assert rules(players=10, pack=32).players == 10  # 31 cards: the book's six is advice, not a limit


@pytest.mark.parametrize("extra", FLAGS + [{"honours": "none"}, {"pool_turnup": True}])
def test_events_ruled_out_never_happen(extra):
    spec = runner.make_spec("speculation", n=3000, players=4, strategy="random", rules=[f"{k}={v}" for k, v in
                            extra.items()])  # fmt: skip
    counts = runner.run(spec).meta["event_counts"]
    out = G.impossible_events(spec.rules)
    assert out <= set(G.EVENTS) and all(counts[e] == 0 for e in out)


def test_trace_json_names_every_sale_and_the_pool():
    res = CliRunner().invoke(cli, ["trace", "speculation", "--seed", "3", "--strategy", "random", "--format", "json"])
    assert res.exit_code == 0, res.output
    t = json.loads(res.stdout)
    for key in ("deck", "hands", "turnup", "trump_owner", "actions", "payments", "board_before", "board_after"):
        assert key in t
    assert all("chief" in a for a in t["actions"])
    bad = CliRunner().invoke(cli, ["trace", "speculation", "--rule", "pack=32", "--deck", " ".join(pack_52())])
    assert bad.exit_code == 2 and "32-card pack" in bad.output


def pack_52() -> list[str]:
    return [C.format_card(c) for c in range(52)]


def test_the_stands_table_is_the_stands_loop_bit_for_bit():
    """Play reads P(the best trump shown stands) from ``odds.stands_table``: it must be the very number the loop
    ``odds.stands`` makes, for every count of unseen cards, hidden places and higher trumps a pack can give."""
    inv = O.inverses()
    tab = O.stands_table(inv)
    for u in range(53):
        for k in range(u + 1):
            for h in range(14):
                assert O.stands_at(tab, u, u - k, h) == O.stands(u, k, h, inv), (u, k, h)
