"""Card codes, packs and the text notation used by every game.

A card is a small int: ``suit * 13 + rank`` with rank 0 = ace … 12 = king and suits in the order
clubs, diamonds, hearts, spades (C D H S). Text notation: ``AS 2S … 10H JH QH KH``; ``T`` is accepted
for ten and the suit symbols ♣♦♥♠ for the letters.
"""

from __future__ import annotations

import numpy as np

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "knave", "queen", "king",
)  # fmt: skip

ACE, KNAVE, QUEEN, KING = 0, 10, 11, 12
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(c: int) -> int:
    return c % 13


def suit_of(c: int) -> int:
    return c // 13


def full_pack() -> np.ndarray:
    """The 52-card pack in code order (int8[52])."""
    return np.arange(52, dtype=np.int8)


def short_pack() -> np.ndarray:
    """The 32-card pack: 7 to ace of each suit (int8[32])."""
    ranks = [ACE, 6, 7, 8, 9, KNAVE, QUEEN, KING]
    return np.array(sorted(card(r, s) for s in range(4) for r in ranks), dtype=np.int8)


def pack_without(*removed: str) -> np.ndarray:
    """The 52-card pack less the named cards, in code order (e.g. Pope Joan's ``pack_without("8D")``)."""
    gone = {parse_card(x) for x in removed}
    return np.array([c for c in range(52) if c not in gone], dtype=np.int8)


def parse_card(text: str) -> int:
    """One card from text such as ``9D``, ``10h``, ``TH`` or ``Q♠``; raises ValueError otherwise."""
    t = text.strip().upper()
    for sym, letter in SUIT_SYMBOLS.items():
        t = t.replace(sym, letter)
    if len(t) < 2 or t[-1] not in SUITS:
        raise ValueError(f"{text!r} is not a card (write rank then suit, e.g. 9D, 10H, QS)")
    rank_text = "10" if t[:-1] == "T" else t[:-1]
    if rank_text not in RANKS:
        raise ValueError(f"{text!r} is not a card: rank must be one of A 2-10 J Q K")
    return card(RANKS.index(rank_text), SUITS.index(t[-1]))


def parse(text: str) -> np.ndarray:
    """Cards separated by spaces or commas, in the order written (int8 array)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return np.array([parse_card(p) for p in parts], dtype=np.int8)


def format_card(c: int) -> str:
    return RANKS[rank_of(int(c))] + SUITS[suit_of(int(c))]


def format(cards) -> str:  # noqa: A001 - the module's public name, as in parse/format
    return " ".join(format_card(c) for c in cards)


def card_name(c: int) -> str:
    return f"{RANK_NAMES[rank_of(int(c))]} of {SUIT_NAMES[suit_of(int(c))]}"
