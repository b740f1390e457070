"""pj_example: the book's worked hand, replayed card by card by the book strategy."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim import games
from sim.analysis import Answer, Claim, main
from sim.games import popejoan as pj

CLAIM = Claim(
    "pj_example", "Pope Joan", 83,
    "We will suppose there are five players, and that the one on the dealer's left-hand side receives 5 and 7 of "
    "diamonds, 4 and knave of hearts, knave and king of spades, ace and queen of clubs. The turn-up card proves to "
    "be the 7 of hearts. ... clearing his hand and winning the game.",
    "the hand replayed from a stacked deck consistent with the narrative: who goes out, and what each play takes",
    "The book's worked hand, replayed card by card by the book strategy",
    plays=("book",),
)  # fmt: skip


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    r = pj.Rules(players=5).validated()
    ex = pj.EXAMPLE_P84
    deck = pj.deck_from_hands(r, ex["dealer"], ex["hands"], ex["spare"], ex["turnup"])
    t = games.trace(pj, r, np.zeros(5, dtype=np.int64), np.full(5, np.nan), seed, deck=deck, dealer=0)
    rows = [
        {"#": i + 1, "seat": a["seat"], "card": a["play"], "stop": "stop" if a["stop"] else ""}
        for i, a in enumerate(t["actions"])
    ]
    won_game = any(p["reason"] == "game" and p["to"] == 1 for p in t["payments"])
    left = {s: [len(h)] for s, h in enumerate(t["hands"])}
    for a in t["actions"]:
        for s in left:
            left[s].append(left[s][-1] - (1 if s == a["seat"] else 0))

    def chart(ax):
        for s, counts in left.items():
            label = "seat 1 (elder hand, the book's player)" if s == 1 else f"seat {s}"
            ax.step(range(len(counts)), counts, where="post", label=label, lw=2.5 if s == 1 else 1.2)
        ax.set_xlabel("cards played so far")
        ax.set_ylabel("cards left in hand")
        ax.legend(fontsize=8)

    return Answer(
        pd.DataFrame(rows),
        f"the elder hand (seat 1) goes out with the knave and four of hearts and takes Game; nets {t['net']}",
        "supported" if t["winner"] == 1 and won_game else "refuted",
        "the replay follows the book's narrative play by play (it is also tests/test_popejoan_book.py)",
        ["popejoan()"],
        1,
        chart,
        ["other hands are not given by the book: they are stacked to be consistent with its narrative"],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
