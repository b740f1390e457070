"""Three-card hands of Commerce (p. 71): classes, the book's tie rules, the flags, and the strategy tables."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from sim import cards as C
from sim.games import _hands as H


def beats(a: str, b: str, **kw) -> bool:
    return H.strength_of(a, **kw) > H.strength_of(b, **kw)


def ties(a: str, b: str, **kw) -> bool:
    return H.strength_of(a, **kw) == H.strength_of(b, **kw)


def class_counts(pack: int, **kw) -> list[int]:
    _, klass, valid, _ = H.hand_tables(pack, **kw)
    return [int((klass[valid] == k).sum()) for k in (H.TRICON, H.SEQUENCE, H.FLUSH, H.PAIR, H.POINT)]


def test_p71_class_counts_52_cards():
    assert class_counts(52) == [52, 48, 1096, 3744, 17160]
    assert sum(class_counts(52)) == 22100


def test_p70_class_counts_32_cards():
    assert class_counts(32) == [32, 24, 200, 1344, 3360]
    assert sum(class_counts(32)) == 4960


def test_p71_classes_rank_tricon_sequence_flush_pair_point():
    hands = ["2C 2D 2H", "QS KS AS", "2S 4S 6S", "AC AD KH", "AS KH QD"]
    for hi, lo in itertools.pairwise(hands):
        assert beats(hi, lo)
    # the lowest of each class still beats the highest of the next
    assert beats("2C 2D 2H", "QS KS AS")
    assert beats("AC 2C 3C", "AS KS JS")  # the lowest sequence beats the best flush
    assert beats("2S 3S 5S", "AC AD KH")
    assert beats("2C 2D 3H", "AS KH QD")


def test_p71_tricons_aces_highest_then_kings_down_to_twos():
    assert beats("AC AD AH", "KC KD KH")
    assert beats("KC KD KH", "QC QD QH")
    assert beats("3C 3D 3H", "2C 2D 2S")


def test_p71_sequences_qka_best_a23_lowest_no_kA2():
    assert beats("QS KS AS", "JH QH KH")
    assert beats("2D 3D 4D", "AC 2C 3C")
    assert H.class_of("AC 2C 3C") == "sequence"
    assert H.class_of("KS AS 2S") == "flush"  # king, ace, two is no sequence (p. 71)
    assert H.class_of("4C 5D 6H") == "point"  # not of one suit
    assert ties("QS KS AS", "QH KH AH")


def test_p71_flushes_by_point():
    assert beats("KS QS 2S", "AH 5H 2H")  # 22 against 18
    assert beats("AS 9S 2S", "KH QH 2H")  # 22 all: the ace is the first differing card
    assert ties("AS 9S 2S", "AD 9D 2D")


def test_p71_pairs_highest_then_odd_card():
    assert beats("AC AD 2H", "KC KD QH")
    assert beats("9S 9H 5C", "9D 9C 4S")
    assert ties("9S 9H 5C", "9D 9C 5S")


def test_p71_point_total_then_first_differing_card():
    assert beats("AS KH QD", "AC KD 9H")  # 31 against 30
    assert beats("AS KH QD", "AC KD JS")  # 31 all: queen beats knave
    assert beats("KS 10H 5D", "QC JD 5H")  # 25 all: king first
    assert ties("AS KH 5D", "AC KD 5H")


def test_hoyle_point_is_best_suited_total():
    kw = {"point_rule": "hoyle"}
    assert beats("AS KS 2H", "AS KH QD", **kw)  # 21 in spades against a single ace (11)
    assert not beats("AS KS 2H", "AH KC QD")  # Peel's point: 23 against 31
    assert beats("AH KH 3D", "AS KS 2H", **kw)  # 21 all: then the cards, the three beats the two


def test_p75_limited_commerce():
    assert H.class_of("AC AD 2H", combinations="no-pair") == "point"
    assert beats("AS KH QD", "AC AD 2H", combinations="no-pair")  # 31 against 24
    assert H.class_of("2S 4S 6S", combinations="no-pair") == "flush"
    assert H.class_of("2S 4S 6S", combinations="no-pair-no-flush") == "point"
    assert H.class_of("QS KS AS", combinations="no-pair-no-flush") == "sequence"
    assert class_counts(52, combinations="no-pair-no-flush") == [52, 48, 0, 0, 22000]


def test_p70_short_pack_sequences():
    assert H.class_of("7S 8S 9S", pack=32) == "sequence"
    assert H.class_of("AS 7S 8S", pack=32) == "flush"  # no ace-seven-eight
    with pytest.raises(ValueError):
        H.colex([1, 1, 2])


def test_v1_is_exact_chance_of_beating_one_random_hand():
    strength, _, _, cards = H.hand_tables(52)
    v1, value, e_ready, e_barter = H.strategy_tables(52, "peel", "all", 3)
    for text in ("9S 9H 2C", "AS KH QD"):
        h = H.colex(C.parse(text))
        rest = [c for c in range(52) if c not in set(cards[h].tolist())]
        others = np.array([strength[H.colex(g)] for g in itertools.combinations(rest, 3)])
        expect = ((others < strength[h]).sum() + 0.5 * (others == strength[h]).sum()) / len(others)
        assert v1[h] == pytest.approx(expect, abs=1e-12)
        assert value[h] == pytest.approx(expect**3, rel=1e-6)
    # the odd card is the one worth replacing
    h = H.colex(C.parse("9S 9H 2C"))
    slot_of_two = list(cards[h]).index(C.parse_card("2C"))
    assert e_ready[h].argmax() == slot_of_two
    assert e_barter[h].argmax() == slot_of_two
    assert value.dtype == np.float32 and e_ready.shape == (22100, 3)
