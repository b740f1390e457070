"""Cassino (pp. 97-100): the book's captures on stacked decks, what a card takes against a brute force, each rule
flag on a stacked deck, the count and the scorings, card accounting and the points of a deal adding up."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

import sim.games.cassino as G
from sim import cards as C
from sim import games, runner
from sim.cli import cli
from sim.games._common import COL_EVENTS, COL_NET_SEAT, COL_WIN_SEAT
from sim.games.cassino import capture as K
from sim.games.cassino import play as CP
from sim.games.cassino import score as S
from sim.games.cassino.rules import WORTH

BOOK, GREEDY, LOWEST, RANDOM = (G.STRATEGIES[s] for s in ("book", "greedy", "lowest", "random"))


def play(r, deck, policy=LOWEST, dealer=0, seat_policy=None) -> dict:
    pol = np.full(r.players, policy, dtype=np.int64)
    for s, p in (seat_policy or {}).items():
        pol[s] = p
    return games.trace(G, r, pol, np.full(r.players, np.nan), seed=1, deck=deck, dealer=dealer)


def rules(**kw):
    return G.Rules(**kw).validated()


def mask(text: str) -> int:
    return sum(1 << int(c) for c in C.parse(text))


def moves(t: dict, deal: int = 0) -> list[tuple]:
    return [(p["seat"], p["card"], p["took"]) for p in G.deal_plays(t, deal)]


def first_plays(t: dict) -> list[dict]:
    return G.deal_plays(t, 0)


# -- the book's captures (p. 98) ----------------------------------------------------------------------------------


def test_p98_a_ten_takes_every_other_ten_and_nine_and_ace():
    r = rules(players=4)
    deck = G.stack(r, 0, table="10H 9C AD 5S", hands={1: "10C KC KD KH"})
    p = first_plays(play(r, deck))[0]
    assert (p["seat"], p["card"]) == (1, "10C")
    assert sorted(p["took"]) == sorted(["10H", "9C", "AD"]) and not p["sweep"]
    assert first_plays(play(r, deck))[1]["table"] == ["5S"]


def test_p98_a_ten_takes_two_fives_two_threes_and_a_four():
    r = rules(players=4)
    # the elder hand can take nothing, so trails his lowest card, the four; the next player's ten takes the five
    deck = G.stack(r, 0, table="5C 5D 3H 3S", hands={1: "4H KC KD KH", 2: "10C QC QD QH"})
    trail, take = first_plays(play(r, deck))[:2]
    assert trail["card"] == "4H" and trail["trail"] and trail["took"] == []
    assert take["card"] == "10C" and sorted(take["took"]) == sorted(["5C", "5D", "3H", "3S", "4H"])
    assert take["sweep"]  # the table is cleared: a sweep (p. 99)


def test_p98_eight_and_two_seven_and_three_taken_together():
    r = rules(players=4)
    deck = G.stack(r, 0, table="8C 2D 7H 3S", hands={1: "10D KC KD KH"})
    p = first_plays(play(r, deck))[0]
    assert sorted(p["took"]) == sorted(["8C", "2D", "7H", "3S"]) and p["sweep"]


def test_p98_six_and_four_and_several_ways_the_most_cards():
    """A ten on 9, A, 6, 3 makes 9+A or 6+3+A (the ace cannot serve both): the capture takes the most cards."""
    r = rules(players=4)
    deck = G.stack(r, 0, table="9C AD 6H 3S", hands={1: "10C KC KD KH"})
    p = first_plays(play(r, deck))[0]
    assert sorted(p["took"]) == sorted(["AD", "6H", "3S"])
    deck = G.stack(r, 0, table="6C 4D 9H QS", hands={1: "10C KC KD KH"})
    assert sorted(first_plays(play(r, deck))[0]["took"]) == sorted(["6C", "4D"])


def test_p98_court_cards_only_pair():
    r = rules(players=4)
    deck = G.stack(r, 0, table="KH KS QD 2C", hands={1: "KC 9D 9H 9S"})
    p = first_plays(play(r, deck))[0]  # "lowest" would rather play a nine, but capturing is compulsory
    assert p["card"] == "KC" and sorted(p["took"]) == ["KH", "KS"]


def test_p98_capture_is_compulsory_and_trailing_only_without_one():
    r = rules(players=4)
    deck = G.stack(r, 0, table="9C 5D 6H JS", hands={1: "2C 3C KD JH"})
    p = first_plays(play(r, deck))[0]
    assert p["card"] == "JH" and p["took"] == ["JS"]  # not the lowest card: it must capture
    deck = G.stack(r, 0, table="9C 5D 6H JS", hands={1: "2C 7C KD QH"})
    p = first_plays(play(r, deck))[0]
    assert p["trail"] and p["card"] == "2C"


# -- what a card takes, against a brute force ---------------------------------------------------------------------


def brute_capture(table: list[int], card: int) -> tuple[int, int]:
    """(cards, worth) of the best capture: every subset of the table that splits into groups each of the card's
    rank (courts) or adding up to its value, the most cards, then the most worth."""
    r = card % 13
    if r >= 10:
        got = [c for c in table if c % 13 == r]
        return len(got), sum(int(WORTH[c]) for c in got)
    v = r + 1

    def splits(cards: tuple[int, ...]) -> bool:
        if not cards:
            return True
        head, rest = cards[0], cards[1:]
        for k in range(len(rest) + 1):
            for others in itertools.combinations(rest, k):
                if (head % 13 + 1) + sum(c % 13 + 1 for c in others) == v:
                    left = tuple(c for c in rest if c not in others)
                    if splits(left):
                        return True
        return False

    numeric = [c for c in table if c % 13 < 10]
    best = (0, 0)
    for k in range(len(numeric), 0, -1):
        if k < best[0]:
            break
        for sub in itertools.combinations(numeric, k):
            if sum(c % 13 + 1 for c in sub) % v == 0 and splits(sub):
                best = max(best, (k, sum(int(WORTH[c]) for c in sub)))
    return best


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=11, unique=True), st.integers(0, 51))
def test_capture_matches_brute_force(table, card):
    table = [c for c in table if c != card]
    got = K.taken(sum(1 << c for c in table), card)
    cards = [c for c in range(52) if (got >> c) & 1]
    assert set(cards) <= set(table)
    assert (len(cards), sum(int(WORTH[c]) for c in cards)) == brute_capture(table, card)
    # what was taken is itself a capture: same rank, or groups adding up to the value
    if card % 13 < 10 and cards:
        assert brute_capture(cards, card)[0] == len(cards)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=12, unique=True))
def test_the_capturing_cards_are_those_that_take_something(table):
    """The turn finds the cards that capture at once (from the table's ranks and the sums of its lower cards):
    exactly the cards whose capture, tried one by one, takes something."""
    t = np.uint64(sum(1 << c for c in table))
    hand = np.uint64(sum(1 << c for c in range(52) if c not in table))
    can = int(K.capturing(hand, t, K.sums_below(t)))
    for card in range(52):
        if card not in table:
            assert bool((can >> card) & 1) == (K.taken(int(t), card) != 0), card


def test_union_of_is_what_the_search_takes_on_every_set_of_distinct_ranks():
    """A sum taken from lower cards one of each rank is looked up (``UNION_OF``) rather than searched: for every
    value and every set of lower ranks (in two assortments of suits), the card takes what the search (``combine``)
    finds, whether the lookup answers or leaves it to the search (two sets sharing a card)."""
    looked_up = 0
    for v in range(2, 11):
        for ranks in range(1 << (v - 1)):
            for shift in (0, 1):
                low = sum(1 << (((r + shift * ranks) % 4) * 13 + r) for r in range(v - 1) if (ranks >> r) & 1)
                card = ((v + ranks) % 4) * 13 + v - 1
                made = _brute_sums_below([c for c in range(52) if (low >> c) & 1]) >> v & 1
                want = int(K.combine(K.new_scratch(), np.uint64(low), np.int64(v))) if made else 0
                assert K.taken(low, card) == want, (v, C.format([c for c in range(52) if (low >> c) & 1]))
            u = int(K.UNION_OF[(1 << (v - 1)) | ranks])
            looked_up += u != K.OVERLAP and u != 0
    assert looked_up > 200  # the lookup answers for most sets that make a sum


def _search_by_every_subset(low: int, v: int) -> tuple[int, int]:
    """What ``combine`` took before its faster search (kept here as the reference): every subset of the lower
    cards in increasing order of mask for the groups adding up to v, and, when two share a card, a dynamic
    programme over every subset of their union, trying for each subset's lowest card to leave it out, then each
    group starting there in turn, keeping the first best (most cards, then most worth). Returns (the cards taken,
    how many groups overlapping ones were packed from, 0 if none overlap)."""
    cards = [c for c in range(52) if (low >> c) & 1]
    vals = [c % 13 + 1 for c in cards]
    wts = [64 + int(WORTH[c]) for c in cards]
    made = 1
    for x in vals:
        made = (made | (made << x)) & 0x7FF
    if not (made >> v) & 1:
        return 0, 0
    if sum(vals) == v:
        return low, 0
    m = len(cards)
    groups = [g for g in range(1, 1 << m) if sum(vals[i] for i in range(m) if (g >> i) & 1) == v]
    union, overlap = 0, False
    for g in groups:
        overlap |= bool(union & g)
        union |= g
    took = union
    if overlap:
        weight = {g: sum(wts[i] for i in range(m) if (g >> i) & 1) for g in groups}
        best, choice = {0: 0}, {0: 0}
        sub = -union & union
        while sub:
            low_bit = sub & -sub
            top, pick = best[sub ^ low_bit], 0
            for g in groups:
                if g & low_bit and not g & ~sub and weight[g] + best[sub ^ g] > top:
                    top, pick = weight[g] + best[sub ^ g], g
            best[sub], choice[sub] = top, pick
            sub = (sub - union) & union
        took, sub = 0, union
        while sub:
            pick = choice[sub]
            took |= pick
            sub ^= pick if pick else sub & -sub
    return sum(1 << cards[i] for i in range(m) if (took >> i) & 1), len(groups) if overlap else 0


def test_search_takes_what_every_subset_searched_took():
    """``combine`` lists only the sets below the value and weighs a few overlapping groups set by set: on lower
    cards with pairs and with sets sharing cards, ties of cards and worth included, it takes exactly what the
    search over every subset took (the same cards, not only as many: play must not change)."""
    rs = np.random.default_rng(13)
    scratch = K.new_scratch()
    packed = set()
    for _ in range(3000):
        v = int(rs.integers(3, 11))
        pool = [c for c in range(52) if c % 13 < v - 1]
        low = sum(1 << int(c) for c in rs.choice(pool, size=min(int(rs.integers(2, 10)), len(pool)), replace=False))
        want, groups = _search_by_every_subset(low, v)
        got = int(K.combine(scratch, np.uint64(low), np.int64(v)))
        assert got == want, (v, C.format([c for c in range(52) if (low >> c) & 1]))
        packed.add(groups)
    assert min(packed - {0}) == 2 and max(packed) > K.DIRECT  # both packings were tried


def _brute_sums_below(table):
    """Bit v (2 to 10) set when some of the table's cards each worth less than v add up to v."""
    out = 0
    for v in range(2, 11):
        made = {0}
        for c in table:
            if c % 13 + 1 < v:
                made |= {s + c % 13 + 1 for s in made}
        out |= (1 << v) if v in made else 0
    return out


def test_sums_below_matches_brute_force_on_every_set_of_ranks_and_with_pairs():
    """The turn's sums of lower cards are looked up for tables without two cards of one rank ace to five: every
    set of ranks ace to ten (with a court, and with a second card of one rank, low or high) against brute force."""
    for ranks in range(1 << 10):
        table = [((r + ranks) % 4) * 13 + r for r in range(10) if (ranks >> r) & 1] + [C.parse_card("KH")]
        tables = [table]
        for r in range(10):
            if (ranks >> r) & 1:
                tables.append(table + [((r + ranks + 1) % 4) * 13 + r])
        for t in tables:
            assert int(K.sums_below(np.uint64(sum(1 << c for c in t)))) == _brute_sums_below(t), C.format(t)


def test_trail_key_is_the_trail_cost_ranked():
    """trail_key's looked-up part gives the documented key: minus trail_cost times 64, then the lower card."""
    from sim.games.cassino import play as Play
    from sim.games.cassino.rules import BOOK, LOWEST, ORDER

    rs = np.random.default_rng(5)
    for _ in range(50):
        unseen = np.uint64(int(rs.integers(0, 1 << 52)))
        for c in range(52):
            want = -int(Play.trail_cost(c, unseen)) * 64 + 63 - int(ORDER[c])
            assert int(Play.trail_key(BOOK, c, unseen)) == want
            assert int(Play.trail_key(LOWEST, c, unseen)) == 63 - int(ORDER[c])


def test_best_trail_is_the_highest_trail_key_first_in_card_order():
    """For hands of one to four cards, with and without cards of one rank, best_trail (the lean loops' trail) trails
    the card trail_key (choose's key) ranks highest, the first in card order on a tie."""
    from sim.games.cassino import play as Play
    from sim.games.cassino.rules import BOOK, GREEDY, LOWEST

    rs = np.random.default_rng(7)
    for _ in range(400):
        size = int(rs.integers(1, 5))
        hand = [int(c) for c in rs.choice(52 if rs.random() < 0.5 else 16, size, replace=False)]
        unseen = int(rs.integers(0, 1 << 52)) & ~sum(1 << c for c in hand)
        for policy in (BOOK, GREEDY, LOWEST):
            keys = [(int(Play.trail_key(policy, c, np.uint64(unseen))), -c) for c in hand]
            want = -max(keys)[1]
            got = int(Play.best_trail(policy, np.uint64(sum(1 << c for c in hand)), np.uint64(unseen)))
            assert got == want, (policy, C.format(hand))


def test_capture_prefers_what_scores_among_as_many_cards():
    # a ten on 9C, 9S, AH: 9S+AH or 9C+AH, two cards either way; the spade is taken
    assert K.taken(mask("9C 9S AH"), C.parse_card("10H")) == mask("9S AH")
    assert K.taken(mask("8C 2S 8H 2D"), C.parse_card("10C")) == mask("8C 2S 8H 2D")


# -- the count and the scorings -----------------------------------------------------------------------------------


def settle(raw, how):
    raw = np.array(raw, dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    S.settle(raw, out, len(raw), how)
    return out[: len(raw)].tolist()


def test_p97_lowest_scores_nothing_examples():
    assert settle([1, 2, 3, 5], S.LOWEST) == [0, 1, 2, 4]
    assert settle([2, 2, 2, 5], S.LOWEST) == [0, 0, 0, 3]
    assert settle([1, 2, 3, 5], S.OWN) == [1, 2, 3, 5]


def test_p99_sides_score_the_difference():
    assert settle([6, 5], S.SIDES) == [1, 0]
    assert settle([4, 7], S.SIDES) == [0, 3]
    assert settle([5, 5], S.SIDES) == [0, 0]


def test_p100_two_lowest_combine():
    assert settle([7, 2, 3], S.COMBINE) == [2, 0, 0]
    assert settle([2, 5, 3], S.COMBINE) == [0, 0, 0]  # "amount to": nobody scores
    assert settle([6, 4, 3], S.COMBINE) == [0, 0, 0]  # exceed: a negative balance, nobody scores


def deal_points(count: dict) -> int:
    return sum(c["count"] for c in count.values())


def test_counts_add_up_in_traced_deals_two_sides_three_players_and_32_cards():
    """No sweeps, two sides: 11 points a deal, 8 when the cards tie; every party's count is its cards' worth."""
    for r in (rules(players=2), rules(players=4), rules(players=3), rules(players=4, pack=32)):
        full = 11 if r.pack == 52 else 10  # the 32-card pack has no Little Cassino
        for d in range(4):
            t = games.trace(G, r, np.full(r.players, BOOK), np.full(r.players, np.nan), 9, deal=d)
            for deal in t["deals"]:
                c = deal["count"].values()
                sweeps = sum(x["sweeps"] for x in c)
                ties = 3 * (not any(x["most_cards"] for x in c)) + (not any(x["most_spades"] for x in c))
                assert deal_points(deal["count"]) == full - ties + sweeps
                assert sum(x["cards"] for x in c) == r.pack
                assert sum(x["aces"] for x in c) == 4 and sum(x["great_cassino"] for x in c) == 1


def test_card_accounting_every_card_once_in_every_traced_deal():
    for r in (rules(players=4), rules(players=3), rules(players=2, pack=32)):
        t = games.trace(G, r, np.full(r.players, RANDOM), np.full(r.players, np.nan), 4, deal=1)
        for d, deal in enumerate(t["deals"]):
            n = r.players
            for rnd in deal["rounds"][: len(deal["rounds"]) - 1]:
                assert all(len(h.split()) == 4 for h in rnd)
            dealt = deal["table"].split() + [c for rnd in deal["rounds"] for h in rnd for c in h.split()]
            assert sorted(dealt) == sorted(C.format(G.pack(r)).split())
            piles: dict[int, list[str]] = {s: [] for s in range(n)}
            for p in G.deal_plays(t, d):
                if p["card"] is not None and not p["trail"]:
                    piles[p["seat"]] += [p["card"]] + p["took"]
                elif p["remainder"]:
                    piles[p["seat"]] += p["took"]
            taken = [c for pile in piles.values() for c in pile]
            assert len(taken) == len(set(taken)) == r.pack


# -- one stacked deck per rule flag -------------------------------------------------------------------------------

DECK_ORDER = (
    "9C AD 6H 3S 10C KC KD KH 5C 5D 3H 2S 7D 8H QC 4S JD 9H 2C AS 6C 10D QS JH 7C 8C 4H 3D KS 9S JC 6S "
    "AC 10H 4D 8S QH 2H 6D 5H 3C 7H JS 10S 9D QD 5S 2D AH 7S 4C 8D"
)


def fixed_deck(r):
    if r.pack == 52:
        return G.check_deck(DECK_ORDER)
    keep = set(G.pack(r).tolist())
    return G.check_deck(C.format([c for c in C.parse(DECK_ORDER).tolist() if c in keep]))


def test_p99_final_sweep_scores_the_remainder():
    on, off = rules(players=4, target=500), rules(players=4, target=500, final_sweep=False)
    a, b = play(on, fixed_deck(on), BOOK), play(off, fixed_deck(off), BOOK)
    rest = [p for p in first_plays(a) if p["remainder"]]
    assert rest and rest[0]["took"] and rest[0]["sweep"]  # this deck leaves cards for the last capturer
    side = f"seats {rest[0]['seat'] % 2}+{rest[0]['seat'] % 2 + 2}"
    ca, cb = a["deals"][0]["count"][side], b["deals"][0]["count"][side]
    assert ca["sweeps"] == cb["sweeps"] + 1 and ca["count"] == cb["count"] + 1
    assert moves(a) == moves(b) and not [p for p in first_plays(b) if p["remainder"] and p["sweep"]]


def test_p97_pack_of_32_deals_shorter_hands():
    short, full = rules(players=4, pack=32), rules(players=4)
    t = play(short, fixed_deck(short), BOOK)
    deal = t["deals"][0]
    # 16 and 4 to the table, then the 12 left: three each
    assert [len(h.split()) for rnd in deal["rounds"] for h in rnd] == [4, 4, 4, 4, 3, 3, 3, 3]
    assert len([p for p in first_plays(t) if p["card"] is not None]) == 28
    assert sum(c["little_cassino"] for c in deal["count"].values()) == 0  # no two of spades in the short pack
    long = play(full, fixed_deck(full), BOOK)
    assert len(long["deals"][0]["rounds"]) == 3 and len([p for p in first_plays(long) if p["card"]]) == 48


def test_p97_partnership_pools_the_sides_cards_and_scores_the_difference():
    side, alone = rules(players=4, target=500), rules(players=4, target=500, partnership=False)
    a, b = play(side, fixed_deck(side), BOOK), play(alone, fixed_deck(alone), BOOK)
    assert moves(a) == moves(b)  # the same play, counted two ways
    ca, cb = a["deals"][0]["count"], b["deals"][0]["count"]
    assert list(ca) == ["seats 0+2", "seats 1+3"] and len(cb) == 4
    for q in range(2):
        assert ca[f"seats {q}+{q + 2}"]["cards"] == cb[f"seat {q}"]["cards"] + cb[f"seat {q + 2}"]["cards"]
    counts = [ca["seats 0+2"]["count"], ca["seats 1+3"]["count"]]
    assert sorted(x["scored"] for x in ca.values()) == [0, abs(counts[0] - counts[1])]
    assert [x["scored"] for x in cb.values()] == [x["count"] for x in cb.values()]
    # partners are each paid their side's points
    assert a["net"][0] == a["net"][2] and a["net"][1] == a["net"][3]


def test_p97_lowest_scores_nothing_on_a_stacked_deck():
    own, low = rules(players=3, target=500), rules(players=3, target=500, lowest_scores_nothing=True)
    a, b = play(own, fixed_deck(own), BOOK), play(low, fixed_deck(low), BOOK)
    raw = [x["count"] for x in a["deals"][0]["count"].values()]
    assert len(set(raw)) > 1
    assert [x["scored"] for x in a["deals"][0]["count"].values()] == raw
    assert [x["scored"] for x in b["deals"][0]["count"].values()] == [x - min(raw) for x in raw]


def test_p100_two_lowest_combine_on_a_stacked_deck():
    own, comb = rules(players=3, target=500), rules(players=3, target=500, two_lowest_combine=True)
    a, b = play(own, fixed_deck(own), BOOK), play(comb, fixed_deck(comb), BOOK)
    raw = [x["count"] for x in a["deals"][0]["count"].values()]
    scored = [x["scored"] for x in b["deals"][0]["count"].values()]
    balance = 2 * max(raw) - sum(raw)
    assert scored == [max(balance, 0) if q == raw.index(max(raw)) else 0 for q in range(3)]
    assert scored != raw


def test_target_ends_the_game_when_a_party_reaches_it():
    deck = fixed_deck(rules(players=2))
    short, long = play(rules(players=2, target=1), deck, BOOK), play(rules(players=2, target=60), deck, BOOK)
    assert moves(short) == moves(long)
    assert short["events"]["deals"] < long["events"]["deals"]
    for t, target in ((short, 1), (long, 60)):
        final = t["deals"][-1]["scores"]
        assert max(final) >= target and all(max(d["scores"]) < target for d in t["deals"][:-1])
        assert t["winner"] == final.index(max(final))
        assert sum(t["net"]) == sum(final) and t["board_after"]["bank"] == -sum(final)


# -- strategies ---------------------------------------------------------------------------------------------------


def test_p100_book_secures_little_cassino_greedy_takes_most():
    r = rules(players=4)
    deck = G.stack(r, 0, table="2S 9C 4H 3D", hands={1: "7H 2C QC KC"})
    book = first_plays(play(r, deck, BOOK))[0]
    greedy = first_plays(play(r, deck, GREEDY))[0]
    assert book["card"] == "2C" and book["took"] == ["2S"]
    assert greedy["card"] == "7H" and sorted(greedy["took"]) == ["3D", "4H"]


def test_p100_book_pairs_a_ten_before_a_combination():
    r = rules(players=4)
    deck = G.stack(r, 0, table="10H 5C 3D KH", hands={1: "8D 10C QC JC"})
    assert first_plays(play(r, deck, BOOK))[0]["card"] == "10C"
    assert first_plays(play(r, deck, GREEDY))[0]["card"] == "8D"


def test_book_trails_what_gives_away_least():
    r = rules(players=4)
    deck = G.stack(r, 0, table="QS JH 8C 7D", hands={1: "AS 10D 5C KH"})
    assert first_plays(play(r, deck, BOOK))[0]["card"] == "KH"
    assert first_plays(play(r, deck, LOWEST))[0]["card"] == "AS"


# -- runs: events, scoring, CLI -----------------------------------------------------------------------------------


def session_rows(players, rules_=(), strategy="book", sessions=40):
    spec = runner.make_spec("cassino", n=1, players=players, strategy=strategy, rules=rules_, seed=5)
    return spec, runner.play_chunk(spec, 0, sessions)


def ev(rows, name):
    return rows[:, COL_EVENTS + G.EVENTS.index(name)]


@pytest.mark.parametrize("players,extra", [(2, ()), (4, ()), (3, ()), (4, ("pack=32",))])
def test_points_of_every_session_add_up(players, extra):
    spec, rows = session_rows(players, extra)
    full = 11 if "pack=32" not in extra else 10
    raw = sum(ev(rows, f"raw_{p}") for p in G.rules.PARTIES)
    expect = full * ev(rows, "deals") - 3 * ev(rows, "cards_ties") - ev(rows, "spades_ties")
    expect += ev(rows, "sweeps") + ev(rows, "final_sweeps")
    assert np.array_equal(raw, expect)
    scored = sum(ev(rows, f"scored_{p}") for p in G.rules.PARTIES)
    per_seat = rows[:, COL_NET_SEAT : COL_NET_SEAT + players].sum(axis=1)
    assert np.array_equal(per_seat, scored * (2 if players == 4 and "partnership=false" not in extra else 1))
    assert np.all(rows[:, COL_WIN_SEAT : COL_WIN_SEAT + players].sum(axis=1) == spec.deals_per_session)
    assert np.array_equal(sum(ev(rows, f"rest_{p}") for p in G.rules.PARTIES), ev(rows, "remainders"))


def test_three_players_nobody_scores_by_each_method():
    _, rows = session_rows(3, ("two_lowest_combine=true",))
    assert ev(rows, "nobody_scores").sum() == ev(rows, "nobody_combine").sum() > 0
    assert ev(rows, "negative_scores").sum() == ev(rows, "negative_combine").sum() > 0
    assert ev(rows, "nobody_own").sum() <= ev(rows, "nobody_lowest").sum() <= ev(rows, "nobody_combine").sum()
    _, rows = session_rows(3, ("lowest_scores_nothing=true",))
    assert ev(rows, "nobody_scores").sum() == ev(rows, "nobody_lowest").sum()


def test_scorings_that_do_not_fit_the_players_are_refused():
    with pytest.raises(ValueError, match="three players"):
        rules(players=4, two_lowest_combine=True)
    with pytest.raises(ValueError, match="partners"):
        rules(players=4, lowest_scores_nothing=True)
    res = CliRunner().invoke(cli, ["run", "cassino", "-n", "10", "--rule", "two_lowest_combine=true"])
    assert res.exit_code == 2 and res.output.startswith("Error:")


def test_stacked_deck_must_be_the_pack_in_play():
    with pytest.raises(ValueError, match="32-card pack"):
        play(rules(players=4, pack=32), fixed_deck(rules(players=4)))
    res = CliRunner().invoke(cli, ["trace", "cassino", "--deck", DECK_ORDER, "--rule", "pack=32"])
    assert res.exit_code == 2 and "32-card pack" in res.output


def test_cli_trace_shows_the_game():
    res = CliRunner().invoke(cli, ["trace", "cassino", "--seed", "3", "--deal", "1"])
    assert res.exit_code == 0, res.output
    assert "winner: seat" in res.output and "rest:" in res.output


def test_per_deal_ratios_of_the_claim_scripts():
    """sim.analysis.ratios: with a constant denominator the delta-method SE is the plain one; a ratio against
    itself differs by exactly nothing; columns add and subtract events and nets."""
    from sim.analysis import ratios as R

    x = np.random.default_rng(1).integers(0, 20, 400)
    m = R.Moments(["0:x", "0:y", "1:x", "1:y"])
    m.add(np.stack([x, np.full(400, 4), x, np.full(400, 4)], axis=1))
    r, se = R.ratio(m, "0:x", "0:y")
    assert r == pytest.approx(x.mean() / 4) and se == pytest.approx(x.std(ddof=1) / 4 / np.sqrt(400))
    assert R.ratio_diff(m, ("0:x", "0:y"), ("1:x", "1:y")) == (0.0, 0.0)
    spec, rows = session_rows(4, sessions=3)
    got = R.column(spec, rows, "net:0-net:1+deals")
    assert np.array_equal(got, rows[:, COL_NET_SEAT] - rows[:, COL_NET_SEAT + 1] + ev(rows, "deals"))


# -- the deck dealt in the shuffle ---------------------------------------------------------------------------------


@njit
def _rounds_played(cfg, ws, dealer, from_deck, out):
    """Each round's hands (columns 0-3), table (4) and next deck position (5) as ``begin_play`` and ``next_round``
    deal them, the hands emptied between rounds as play empties them; ``from_deck``: forget a deal made in the
    shuffle, so the deck is dealt by ``deal_round``. Returns the rounds."""
    if from_deck:
        ws.dealt[0] = -1
    CP.begin_play(cfg, ws, dealer)
    r = 0
    while True:
        for s in range(4):
            out[r, s] = np.int64(ws.hand[s])
            ws.hand[s] = np.uint64(0)
        out[r, 4] = np.int64(ws.masks[CP.TABLE])
        out[r, 5] = ws.turn[CP.T_POS]
        r += 1
        over, _, _ = CP.next_round(ws, cfg[1].shape[0], dealer, cfg[0][G.P.players])
        if over:
            return r


def _book_slots(n: int, size: int, dealer: int) -> list[int]:
    """The book's order (p. 98) written out: four cards to each player one at a time from the elder hand, in the
    first round one to the table after each time round, until the pack is used up (round * 8 + seat, or 4)."""
    out: list[int] = []
    r = 0
    while len(out) < size:
        for _ in range(4):
            out += [r * CP.ROUND_WIDTH + (dealer + k) % n for k in range(1, n + 1)]
            if r == 0:
                out.append(CP.TABLE_SLOT)
        r += 1
    return out[:size]


@pytest.mark.parametrize("players,pack", [(2, 52), (3, 52), (4, 52), (2, 32), (3, 32), (4, 32)])
def test_a_deck_dealt_in_the_shuffle_is_the_shuffle_and_then_the_rounds(players, pack):
    """Every dealer's slots are the book's order, written out here. ``deal_cards`` deals each card as its place
    in the deck settles (``play.shuffle``): the same deck and stream as the shuffle alone, and every round's hands
    and table as dealing that deck round by round, for every dealer; a deal made for one dealer is not taken for
    another, and a new session forgets it."""
    from sim import rng

    cfg = G.kernel_config(rules(players=players, pack=pack))
    ws = G.new_workspace(cfg, 1)
    seats = (np.full(players, BOOK, dtype=np.int64), np.full(players, np.nan))
    for dealer in range(players):
        assert ws.slots[dealer, :pack].tolist() == _book_slots(players, pack, dealer)
        for deals in (dealer, (dealer + 1) % players):  # the dealer it was made for, and another
            G.begin_session(cfg, ws, seats, 5, dealer)
            state = np.zeros(4, dtype=np.uint64)
            rng.seed_stream(state, np.uint64(5), dealer, CP.GAME_STREAM)
            deck = cfg[1].copy()
            rng.shuffle(state, deck, deck.shape[0])
            G.deal_cards(cfg, ws, dealer)
            assert (ws.deck[:pack] == deck).all() and (ws.deck_rng == state).all()
            assert ws.dealt[0] == dealer
            fused, dealt = np.zeros((8, 6), dtype=np.int64), np.zeros((8, 6), dtype=np.int64)
            k = _rounds_played(cfg, ws, deals, False, fused)
            assert _rounds_played(cfg, ws, deals, True, dealt) == k and (fused == dealt).all()
            assert k == 1 + -(-(pack - 4 * players - 4) // (4 * players)) and fused[k - 1, 5] == pack
            assert sum(bin(int(x)).count("1") for x in [*fused[:k, :4].ravel(), fused[0, 4]]) == pack
    G.deal_cards(cfg, ws, 0)
    G.begin_session(cfg, ws, seats, 5, 0)
    assert ws.dealt[0] == -1  # a deck stacked now is dealt from ws.deck
