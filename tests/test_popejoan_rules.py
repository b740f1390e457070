"""One stacked deck or more per rule flag of Pope Joan, each showing that the flag changes the outcome."""

from __future__ import annotations

import numpy as np
import pytest
from pj_helpers import P84_HANDS, P84_SPARE, P84_TURNUP, play, stack
from stacked import board_change, plays, total_paid

from sim.games import popejoan as pj

BOOK, LOWEST = pj.STRATEGIES["book"], pj.STRATEGIES["lowest"]


def p84(**rules):
    return play(pj.Rules(players=5, **rules), P84_HANDS, P84_SPARE, P84_TURNUP)


def test_p81_dressing_dealer_pays_double_surplus_on_game():
    t = p84()
    dressing = {p["from"]: p["amount"] for p in t["payments"] if p["reason"] == "dressing"}
    assert dressing == {0: 6, 1: 3, 2: 3, 3: 3, 4: 3}  # x = ceil(15 / 6) = 3, the dealer double
    assert total_paid(t, "game") == 18 - 14


def test_p81_more_counters_dress_game():
    t = p84(dressing=30)  # "fifteen (or more)": x = ceil(30 / 6) = 5, 30 in all, 16 on Game
    assert total_paid(t, "game") == 30 - 14


def test_p81_dealer_dresses_alone():
    t = p84(dresser="dealer")
    dressing = [(p["from"], p["amount"]) for p in t["payments"] if p["reason"] == "dressing"]
    assert dressing == [(0, 15)]
    assert total_paid(t, "game") == 1


def test_p86_five_pool_drops_king_queen_knave():
    std, five = p84(), p84(pools=5, dressing=12)
    assert total_paid(std, "queen") == 1 and total_paid(std, "king") == 1 and total_paid(std, "knave") == 1
    assert "QH" in [a["play"] for a in five["actions"]] and "JH" in [a["play"] for a in five["actions"]]
    assert total_paid(five, "queen") == 0 and total_paid(five, "king") == 0 and total_paid(five, "knave") == 0
    assert set(five["board_after"]) == set(std["board_after"]) and five["board_after"]["king"] == 0
    assert total_paid(five, "game") == 12 - 11  # x = ceil(12 / 6) = 2, 12 in all; 6+2+2+1 named
    # with no King or Queen stake, Matrimony alone (2) is not worth leading the queen early: play differs
    assert plays(std)[9] == (3, "QH") and plays(five)[9] != (3, "QH")
    assert sum(five["net"]) + board_change(five) == 0


def test_p85_popular_winner_takes_game_only_penalties_to_board():
    t = p84(popular=True)
    assert [p for p in t["payments"] if p["reason"] == "cards"] == []
    dealer_stake = [p for p in t["payments"] if p["reason"] == "dressing"]
    assert dealer_stake == [{"from": 0, "to": "board", "amount": 1, "reason": "dressing", "compartment": "pope"}]
    penalties = [p for p in t["payments"] if p["reason"] == "penalty"]
    played = {s: sum(1 for seat, _ in plays(t) if seat == s) for s in range(5)}
    for seat in (0, 2, 3, 4):
        assert sum(p["amount"] for p in penalties if p["from"] == seat) == 8 - played[seat]
    # every counter goes on an empty compartment first, so all eight end covered
    assert all(v > 0 for v in t["board_after"].values())
    assert t["net"][1] == 0  # Game was empty; the knave's compartment too
    assert sum(t["net"]) + board_change(t) == 0


def test_p82_pope_turned_up_dealer_takes_pope_and_a_stake_per_card():
    d = stack(pj.Rules(players=3), {}, turnup="9D")
    t = play(pj.Rules(players=3), **d)
    assert t["events"]["turnup_pope"] == 1
    assert total_paid(t, "turnup_pope", to=0) == 6 + 12 + 12  # Pope's six, and 12 cards dealt to each of two players
    assert len(t["actions"]) > 0  # play goes on


@pytest.mark.parametrize("cap", [4, 6])
def test_p82_pope_payment_capped(cap):
    d = stack(pj.Rules(players=3), {}, turnup="9D")
    t = play(pj.Rules(players=3, pope_turnup_cap=cap), **d)
    assert [p["amount"] for p in t["payments"] if p["reason"] == "turnup_pope" and p["from"] != "board"] == [cap, cap]


def test_p86_pope_joan_wins_ends_the_deal():
    d = stack(pj.Rules(players=3), {}, turnup="9D")
    t = play(pj.Rules(players=3, pope_wins_game=True), **d)
    assert t["actions"] == [] and t["winner"] == 0
    assert total_paid(t, "game", to=0) == 4 * 4 - 14  # x = ceil(15/4) = 4: 16 dressed, Game 2
    assert total_paid(t, "cards") == 0  # the per-card payment is the turn-up's, made once
    assert sum(t["net"]) + board_change(t) == 0


def test_p82_honour_turned_up_dealer_takes_its_compartment():
    d = stack(pj.Rules(players=3), {}, turnup="QS")
    t = play(pj.Rules(players=3), **d)
    assert t["events"]["turnup_honour"] == 1
    assert [p for p in t["payments"] if p["reason"] == "turnup_honour"] == [
        {"from": "board", "to": 0, "amount": 1, "reason": "turnup_honour", "compartment": "queen"}
    ]


def test_p86_limited_stops_remainder_and_fixed_number():
    r = pj.Rules(players=5, spare="remainder")
    d = stack(r, {}, turnup="2H")
    t = play(r, **d)
    assert [len(h) for h in t["hands"]] == [10] * 5 and t["spare"] == []
    r8 = pj.Rules(players=5, spare="8")
    t8 = play(r8, **stack(r8, {}, turnup="2H"))
    assert [len(h) for h in t8["hands"]] == [8, 9, 9, 8, 8] and len(t8["spare"]) == 8  # elder and next get one more
    std = play(pj.Rules(players=5), **stack(pj.Rules(players=5), {}, turnup="2H"))
    assert [len(h) for h in std["hands"]] == [8] * 5 and len(std["spare"]) == 10
    assert plays(t) != plays(std)


def test_p87_dealer_who_sees_the_spare_hand_plays_on_it():
    # The elder hand (lowest strategy) leads AC; the dealer must follow with 2C, which proves a stop (3C is in the
    # spare hand), so the dealer leads. Knowing that 6S and 8S lie in the spare (the filled spare hand takes the
    # last cards of the pack), he knows 5S and 7S are stops and leads the higher; not knowing, he leads the
    # bottom of his longest run, 5H-6H.
    hands = {0: "2C 5S 7S 3H 5H 6H 9H 4D 10D QH JC JD", 1: "AC"}
    r = pj.Rules(players=3)
    d = stack(r, hands, spare="3C 6S", turnup="9C")
    pol = [BOOK, LOWEST, LOWEST]
    blind = play(r, **d, strategy=pol)
    seeing = play(pj.Rules(players=3, dealer_sees_spare=True), **d, strategy=pol)
    assert plays(blind)[:3] == [(1, "AC"), (0, "2C"), (0, "5H")]
    assert "8S" in d["spare"]
    assert plays(seeing)[:4] == [(1, "AC"), (0, "2C"), (0, "7S"), (0, "5S")]


def test_p87_pope_played_in_lieu_of_a_stop():
    # AC led, 2C follows and stops (3C in the spare): the holder of 9D may play it in lieu of 3C, then 4C follows.
    hands = {1: "AC", 0: "2C", 2: "9D 4C"}
    r = pj.Rules(players=3)
    d = stack(r, hands, spare="3C", turnup="2H")
    pol = [LOWEST, LOWEST, BOOK]
    off = play(r, **d, strategy=pol)
    on = play(pj.Rules(players=3, pope_stop_filler=True), **d, strategy=pol)
    assert plays(off)[:2] == [(1, "AC"), (0, "2C")] and plays(off)[2] != (2, "9D")
    assert plays(on)[:4] == [(1, "AC"), (0, "2C"), (2, "9D"), (2, "4C")]
    assert on["actions"][2].get("filler") is True
    assert on["events"]["pope_filled"] == 1 and total_paid(on, "pope", to=2) == 6
    # the other two pay a stake per card in hand after the play (p. 82): 12 - 1 and 12 - 1
    assert total_paid(on, "pope_cards", to=2) == 11 + 11


def test_p84_chances_split_between_two_hands():
    # eight players, five cards each; the elder hand leads JH (his lowest card), QH and KH follow from two others
    hands = {1: "JH QS KS QC KC", 2: "QH", 3: "KH"}
    r = pj.Rules(players=8)
    d = stack(r, hands, turnup="5H")
    pol = [LOWEST] * 8
    board = np.array([0, 1, 0, 0, 0, 0, 0, 0])  # an odd counter on Matrimony from an earlier deal
    kept = play(r, **d, strategy=pol, board=board)
    split = play(pj.Rules(players=8, split_chances=True), **d, strategy=pol, board=board)
    assert plays(kept)[:3] == [(1, "JH"), (2, "QH"), (3, "KH")]
    assert total_paid(kept, "matrimony") == 0 and total_paid(kept, "intrigue") == 0
    assert kept["board_after"]["matrimony"] == 3
    # Matrimony 3 split 1 + 1, the odd counter stays; Intrigue 2 split 1 + 1
    assert sorted((p["to"], p["amount"]) for p in split["payments"] if p["reason"] == "matrimony") == [(2, 1), (3, 1)]
    assert sorted((p["to"], p["amount"]) for p in split["payments"] if p["reason"] == "intrigue") == [(1, 1), (2, 1)]
    assert split["board_after"]["matrimony"] == 1
    assert split["events"]["matrimony_split"] == 1 and split["events"]["intrigue_split"] == 1


def test_parlett_ace_high_ace_follows_king():
    hands = {1: "QS KS 5D 9C 4H", 2: "AS"}
    r = pj.Rules(players=8)
    d = stack(r, hands, turnup="2H")
    low = play(r, **d)
    high = play(pj.Rules(players=8, ace_high=True), **d)
    assert plays(low)[:2] == [(1, "QS"), (1, "KS")] and low["actions"][1]["stop"]
    assert plays(high)[:3] == [(1, "QS"), (1, "KS"), (2, "AS")] and high["actions"][2]["stop"]


def test_parlett_lead_lowest_card_of_the_suit():
    from sim import cards as C

    free = p84()
    forced = p84(lead_lowest=True)
    assert plays(free)[9] == (3, "QH")  # free, the holder of Matrimony leads the queen over his nine
    assert plays(forced)[9] == (3, "9H")
    held = {s: {C.parse_card(c) for c in h} for s, h in enumerate(forced["hands"])}
    leads = 0
    for i, a in enumerate(forced["actions"]):
        c = C.parse_card(a["play"])
        if i == 0 or forced["actions"][i - 1]["stop"]:
            leads += 1
            same_suit = [x for x in held[a["seat"]] if x // 13 == c // 13]
            assert c == min(same_suit), f"lead {a['play']} is not the lowest of its suit"
        held[a["seat"]].remove(c)
    assert leads >= 5


def test_p84_unplayed_pope_holder_pays_nothing():
    hands = {1: "AC", 0: "2C", 2: "9D"}
    r = pj.Rules(players=3)
    d = stack(r, hands, spare="3C", turnup="2H")
    t = play(r, **d, strategy=[LOWEST, LOWEST, pj.STRATEGIES["hold-pope"]])
    assert t["winner"] != 2 and "9D" not in [a["play"] for a in t["actions"]]
    assert t["events"]["pope_unplayed"] == 1
    assert [p for p in t["payments"] if p["reason"] == "cards" and p["from"] == 2] == []
    others = [s for s in range(3) if s not in (2, t["winner"])]
    assert all(any(p["reason"] == "cards" and p["from"] == s for p in t["payments"]) for s in others)


def test_validation_sentences():
    with pytest.raises(ValueError, match="3 to 8 players"):
        pj.Rules(players=2).validated()
    with pytest.raises(ValueError, match="pools"):
        pj.Rules(pools=6).validated()
    with pytest.raises(ValueError, match="spare"):
        pj.Rules(spare="lots").validated()
    with pytest.raises(ValueError, match="spare: between 0 and 45"):
        pj.Rules(players=5, spare="46").validated()


@pytest.mark.parametrize("spare", ["hand", "remainder", "8"])
def test_deal_table_deals_each_card_where_the_dealmap_says(spare):
    """The kernels deal by each dealer's row of holder codes (sim.games._stops.deal_table): every card goes to the
    seat the dealmap names counted from the elder hand, to the spare hand, or is turned up, for every dealer."""
    from sim.games import _stops as S
    from sim.games.popejoan.rules import PACK

    rng = np.random.default_rng(3)
    for n in (3, 5, 8):
        r = pj.Rules(players=n, spare=spare).validated()
        dm = pj.dealmap(r)
        table = S.deal_table(dm, n)
        tabs = S.position_tables(False)
        for dealer in range(n):
            deck = rng.permutation(PACK)[: len(dm)].astype(np.int8)
            holder = np.zeros(64, dtype=np.int8)
            hand = np.full(S.HAND_SLOTS, 7, dtype=np.uint64)  # stale entries: the deal must clear what it uses
            masks = np.zeros(S.MASKS, dtype=np.uint64)
            turnup = S.deal(deck, table, tabs, dealer, n, holder, hand, masks)
            want = [0] * n
            spare_mask = 0
            want_turnup = -1
            for c, to in zip(deck.tolist(), dm.tolist()):
                x = int(tabs[0, c])
                if to < n:
                    seat = (dealer + 1 + to) % n
                    want[seat] |= 1 << x
                    assert holder[x] == seat
                elif to == S.DEAL_SPARE:
                    spare_mask |= 1 << x
                    assert holder[x] == S.SPARE
                else:
                    want_turnup = x
                    assert holder[x] == S.TURNUP
            assert [int(h) for h in hand[:n]] == want
            assert int(masks[S.SPARE_MASK]) == spare_mask and int(masks[S.SEEN_SPARE]) == 0
            assert int(masks[S.LIVE]) == spare_mask | sum(want)
            assert turnup == want_turnup


@pytest.mark.parametrize("game", ["popejoan", "spin", "jig"])
def test_shuffle_deal_is_a_shuffle_and_then_a_deal(game):
    """A stops game's ``deal_cards`` and then ``deal_ws`` (Spin and Jig deal each card as its place in the deck
    settles, ``shuffle_deal``; Pope Joan shuffles only): the same deck, stream, holders, hands and live cards as
    the shuffle alone followed by ``deal``, for every dealer; a deal made in the shuffle is kept only for the
    dealer it was made for, and another is dealt afresh."""
    import importlib

    from sim import rng
    from sim.games import _stops as S

    G = importlib.import_module(f"sim.games.{game}")
    for n in (3, 4, 6):
        cfg = G.kernel_config(G.Rules(players=n).validated())
        _, table, tabs = cfg
        ws = G.new_workspace(cfg, 1)
        for dealer in range(n):
            for deals in (dealer, (dealer + 1) % n):  # the dealer it was made for, and another
                rng.seed_stream(ws.deck_rng, np.uint64(11), dealer, 0)
                state = ws.deck_rng.copy()
                G.deal_cards(cfg, ws, dealer)
                deck = np.empty(len(G.PACK), dtype=ws.deck.dtype)
                S.shuffle_pack(deck, G.PACK, state)
                assert (ws.deck[: len(deck)] == deck).all() and (ws.deck_rng == state).all()
                holder = np.zeros(64, dtype=np.int8)
                hand = np.zeros(S.HAND_SLOTS, dtype=np.uint64)
                masks = np.zeros(S.MASKS, dtype=np.uint64)
                turnup = S.deal(deck, table, tabs, deals, n, holder, hand, masks)
                assert S.deal_ws(ws, table, tabs, deals, n) == turnup
                assert (ws.holder == holder).all() and (ws.hand[:n] == hand[:n]).all() and (ws.masks == masks).all()
                assert ws.turn[S.T_DEALT] == -1


def test_a_deal_that_leaves_cards_undealt_is_refused_where_the_whole_pack_is_dealt():
    from sim.games import _stops as S

    dm = S.deal_map(4, [12, 12, 12, 12], 0, 0, turnup=False)
    assert S.deal_table(dm, 4, 48).shape == (4, 48)
    with pytest.raises(ValueError, match="48 cards of a 52-card pack"):
        S.deal_table(dm, 4, 52)
