"""Pope Joan in bulk: every deal of every variant balances, every card is accounted for, frequencies are right."""

from __future__ import annotations

import numpy as np
import pytest

from sim import cards as C
from sim import games, runner
from sim.games import popejoan as pj
from sim.games._common import COL_EVENTS


def _check_deal(t: dict, n: int) -> None:
    # counters: players' nets plus the board's change are zero
    assert sum(t["net"]) + sum(t["board_after"].values()) - sum(t["board_before"].values()) == 0
    # cards: hands, spare and turn-up are the pack, each card once
    dealt = [c for h in t["hands"] for c in h] + t["spare"] + [t["turnup"]]
    assert sorted(C.parse_card(c) for c in dealt) == sorted(pj.PACK.tolist())
    assert t["deck"] == [c for c in t["deck"]] and len(t["deck"]) == 51
    # every card played came from the player's hand, once; the winner played all of his
    held = {s: set(h) for s, h in enumerate(t["hands"])}
    for a in t["actions"]:
        assert a["play"] in held[a["seat"]]
        held[a["seat"]].remove(a["play"])
    if t["actions"]:
        assert held[t["winner"]] == set()
        assert all(len(held[s]) > 0 for s in range(n) if s != t["winner"])
    assert t["events"]["plays"] == len(t["actions"])
    assert t["events"]["cards_left"] == sum(len(h) for h in held.values())


@pytest.mark.parametrize("variant", list(pj.VARIANTS))
def test_every_traced_deal_balances(variant):
    for players in (3, 4, 6, 8):
        r = runner.make_rules(pj, variant, players, [])
        pol = np.array([0, 1, 2, 3, 0, 1, 2, 3][:players], dtype=np.int64)
        for seed in (1, 2):
            for deal in range(players):
                _check_deal(games.trace(pj, r, pol, np.full(players, np.nan), seed, deal=deal), players)


@pytest.mark.parametrize("variant", list(pj.VARIANTS))
def test_cards_accounted_in_bulk(variant):
    """plays + cards left in hands = cards dealt to the players, summed over every deal of 500 sessions."""
    for players in (3, 5, 8):
        spec = runner.make_spec("popejoan", variant, n=1, players=players)
        rows = runner.play_chunk(spec, 0, 500)
        per_seat, _, _ = pj.spare_cards(spec.rules)
        plays = rows[:, COL_EVENTS + pj.EVENTS.index("plays")]
        left = rows[:, COL_EVENTS + pj.EVENTS.index("cards_left")]
        pope_wins = rows[:, COL_EVENTS + pj.EVENTS.index("turnup_pope")] if spec.rules.pope_wins_game else 0
        # under Pope Joan Wins a 9D turn-up ends the deal before play: its cards stay in hand, counted in left
        assert np.all(plays + left == spec.deals_per_session * sum(per_seat)), (variant, players, pope_wins)


def test_turnup_is_pope_one_in_fifty_one():
    res = runner.run(runner.make_spec("popejoan", "standard", n=400_000, seed=3, strategy="lowest"))
    rate, se = res.metric("turnup_pope")
    assert abs(rate - 1 / 51) < 4 * se
    honour, se_h = res.metric("turnup_honour")
    assert abs(honour - 16 / 51) < 4 * se_h  # A, K, Q or J of any suit turned up


def test_board_left_is_reported_and_matches_nets():
    res = runner.run(runner.make_spec("popejoan", "five-pool", n=20_000, seed=9))
    left, _ = res.metric("board_left")
    per_deal = sum(res.metric("net", seat=s)[0] for s in range(4))
    assert left > 0
    # each session's nets sum to minus what it leaves on the board: per deal, -left / deals per session
    assert per_deal == pytest.approx(-left / 4, rel=1e-9)


def test_hold_pope_never_leads_pope_while_it_has_other_cards():
    r = pj.Rules(players=4).validated()
    pol = np.full(4, pj.STRATEGIES["hold-pope"], dtype=np.int64)
    held_pope = 0
    for deal in range(60):
        t = games.trace(pj, r, pol, np.full(4, np.nan), 21, deal=deal)
        held_pope += any("9D" in h for h in t["hands"])
        left = {s: len(h) for s, h in enumerate(t["hands"])}
        for i, a in enumerate(t["actions"]):
            lead = i == 0 or t["actions"][i - 1]["stop"]
            if lead and a["play"] == "9D":
                assert left[a["seat"]] == 1
            left[a["seat"]] -= 1
    assert held_pope > 20


def test_book_leads_pope_at_first_opportunity():
    r = pj.Rules(players=4).validated()
    pol = np.full(4, pj.STRATEGIES["book"], dtype=np.int64)
    checked = 0
    for deal in range(80):
        t = games.trace(pj, r, pol, np.full(4, np.nan), 4, deal=deal)
        holder = next((s for s, h in enumerate(t["hands"]) if "9D" in h), None)
        if holder is None:
            continue
        first_lead = next(
            (a for i, a in enumerate(t["actions"]) if a["seat"] == holder and (i == 0 or t["actions"][i - 1]["stop"])),
            None,
        )
        if first_lead is not None:
            assert first_lead["play"] == "9D"
            checked += 1
    assert checked > 10


def test_lowest_leads_its_lowest_card_and_random_is_reproducible():
    r = pj.Rules(players=4).validated()
    low = np.full(4, pj.STRATEGIES["lowest"], dtype=np.int64)
    t = games.trace(pj, r, low, np.full(4, np.nan), 8, deal=1)
    first = t["actions"][0]
    elder_cards = [C.parse_card(c) for c in t["hands"][t["elder"]]]
    assert C.parse_card(first["play"]) == min(elder_cards, key=lambda c: (c % 13, c // 13))
    rnd = np.full(4, pj.STRATEGIES["random"], dtype=np.int64)
    a = games.trace(pj, r, rnd, np.full(4, np.nan), 8, deal=1)
    b = games.trace(pj, r, rnd, np.full(4, np.nan), 8, deal=1)
    c = games.trace(pj, r, rnd, np.full(4, np.nan), 9, deal=1)
    assert a == b and a["actions"] != c["actions"]
