"""Pope Joan as the book plays it (pp. 80-87): stacked decks, one or more per rule."""

from __future__ import annotations

from pj_helpers import P84_HANDS, P84_SPARE, P84_TURNUP, play
from stacked import board_change, plays, total_paid

from sim.games import popejoan as pj


def test_p84_example_leader_wins_game():
    """The book's imaginary hand (p. 84), replayed card by card by the book strategy."""
    t = play(pj.Rules(players=5), P84_HANDS, P84_SPARE, P84_TURNUP)
    assert t["trumps"] == "hearts"
    assert plays(t) == [
        (1, "JS"), (4, "QS"), (1, "KS"),  # "he cannot do wrong in leading the knave"
        (1, "5D"), (0, "6D"), (1, "7D"),  # "he first leads the five and clears the suit"
        (1, "AC"), (2, "2C"), (3, "3C"),  # "the club ace for his fifth card"; the four is in the spare hand
        (3, "QH"), (3, "KH"),  # "plays them (taking the stake on Matrimony, as hearts are trumps)"
        (3, "7S"), (4, "8S"), (2, "9S"), (3, "10S"),  # "follows on with the seven of spades ... the ten"
        (3, "5C"), (0, "6C"), (2, "7C"), (4, "8C"), (0, "9C"), (2, "10C"), (4, "JC"),
        (1, "QC"),  # "leads up to the queen of clubs, which also proves to be a stop, the king being in the spare"
        (1, "JH"), (1, "4H"),  # "first plays this knave of hearts, following on with his four ... winning"
    ]  # fmt: skip
    stops = [a["play"] for a in t["actions"] if a["stop"]]
    assert stops == ["KS", "7D", "3C", "KH", "10S", "QC", "JH"]
    assert t["winner"] == 1
    assert total_paid(t, "matrimony", to=3) == 2 and total_paid(t, "queen", to=3) == 1
    assert total_paid(t, "king", to=3) == 1
    assert total_paid(t, "knave", to=1) == 1
    # Game: five players dress 3 each and the dealer 6 (p. 81): 18 counters, 14 on the named compartments
    assert total_paid(t, "game", to=1) == 4
    # one counter per card left in each other hand (nobody holds the Pope: it lies in the spare hand)
    played = {s: sum(1 for seat, _ in plays(t) if seat == s) for s in range(5)}
    assert played == {0: 3, 1: 8, 2: 4, 3: 6, 4: 4}
    for seat in (0, 2, 3, 4):
        cards = sum(p["amount"] for p in t["payments"] if p["reason"] == "cards" and p["from"] == seat)
        assert cards == 8 - played[seat]
    assert sum(t["net"]) + board_change(t) == 0
    ev = t["events"]
    assert (ev["matrimony_taken"], ev["queen_taken"], ev["king_taken"], ev["knave_taken"], ev["game_taken"]) == (
        2, 1, 1, 1, 4)  # fmt: skip
    assert ev["matrimony_doubled"] == 0 and ev["stops"] == 7 and ev["plays"] == 25


def test_p83_compartment_grown_by_carry_over_is_recorded_as_doubled():
    board = [0, 3, 0, 0, 0, 0, 0, 0]  # three counters left on Matrimony by earlier deals, two more dressed
    t = play(pj.Rules(players=5), P84_HANDS, P84_SPARE, P84_TURNUP, board=board)
    assert t["events"]["matrimony_taken"] == 5 and t["events"]["matrimony_doubled"] == 1


def test_p82_five_players_deal_eight_each_and_spare_ten():
    r = pj.Rules(players=5).validated()
    per_seat, interleaved, rest = pj.spare_cards(r)
    assert per_seat == [8] * 5 and interleaved + rest == 10
    r8 = pj.Rules(players=8).validated()
    per_seat, interleaved, rest = pj.spare_cards(r8)
    assert per_seat == [5] * 8 and interleaved + rest == 10
