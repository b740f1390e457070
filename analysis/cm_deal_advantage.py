"""cm_deal_advantage: the deal is an advantage in the modern game (trade and barter).

The dealer's advantage in the book is the money paid to him for cards bought for ready money (p. 73). Players
who price a stock card at its worth to their hand never buy (docs/commerce.md), so the answer depends on how
readily the table buys: the table runs every seat at ``threshold`` (book) and at ``buyer:W`` for several W, and
fits the dealer's edge against the purchases per deal to find the break-even rate.
"""

from __future__ import annotations

import numpy as np

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_positive
from sim.analysis.plays import DEPENDS, agree

CLAIM = Claim(
    "cm_deal_advantage", "Commerce", 72,
    "The deal is an advantage, and on that account it is best, when a finish is desired, to conclude the game just "
    "before the first dealer's turn comes round again",
    "the dealer's net per deal (stakes) minus the mean of the other roles, modern game (trade and barter), every "
    "seat the play, and every seat buyer:W (readier to buy from the stock for ready money), by number of players "
    "3-8; the break-even rate of ready-money purchases per deal",
    "The deal is an advantage in the modern game (trade and barter)",
)  # fmt: skip

BUYERS = (0.7, 0.9, 1.0, 1.1, 1.5)  # buyer:W; from W = 1.5 every trade a buyer makes is a purchase


def break_even(purchases: list[float], edges: list[float]) -> float:
    """Purchases per deal at which the dealer's edge is 0, from a straight line through (purchases, edge); NaN
    when the points do not rise with the purchases."""
    x = np.asarray(purchases, dtype=float)
    y = np.asarray(edges, dtype=float)
    if len(x) < 2 or np.ptp(x) <= 0:
        return float("nan")
    slope, icept = np.polyfit(x, y, 1)
    return float(-icept / slope) if slope > 0 else float("nan")


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def row(players: int, strategy: str, w: float) -> dict:
        res = study.run("commerce", "standard", players, strategy=strategy)
        edge, se = role_gap(res)
        return {
            "players": players,
            "every seat": strategy,
            "W": w,
            "purchases/deal": res.metric("dealer_takings")[0],
            "dealer minus others": edge,
            "SE": se,
            "dealer's stake paid/deal": res.metric("dealer_stake_paid")[0],
            "dealer held best hand": res.metric("win", role="dealer")[0],
            "deals": res.meta["n"],
            "verdict": verdict_positive(edge, se),
        }

    def count(players: int) -> list[dict]:
        rows = [row(players, study.play, 0.0)] + [row(players, f"buyer:{w:g}", w) for w in BUYERS]
        bought = [r["purchases/deal"] for r in rows]
        even = break_even(bought, [r["dealer minus others"] for r in rows])
        for r in rows:
            r["break-even purchases/deal"] = even
            r["break-even within reach"] = bool(even == even and even <= max(bought))
        return rows

    t = study.sweep(count)
    book = t[t["every seat"] == study.play].reset_index(drop=True)
    ready = t[t["every seat"] == f"buyer:{BUYERS[-1]:g}"].reset_index(drop=True)
    by_count = [agree([a, b]) for a, b in zip(book["verdict"], ready["verdict"], strict=True)]
    verdict = DEPENDS if DEPENDS in by_count else combine(book["verdict"])
    four, four_ready = at(book), at(ready)
    return study.answer(
        t,
        f"4 players: every seat {study.play}, the dealer nets "
        f"{pm(four['dealer minus others'], four['SE'])} stakes per deal against the other roles "
        f"({four['purchases/deal']:.2f} ready-money purchases a deal); when every trade "
        f"is a purchase ({four_ready['purchases/deal']:.2f} a deal) "
        f"{pm(four_ready['dealer minus others'], four_ready['SE'])}; the deal is an advantage above "
        f"{four['break-even purchases/deal']:.2f} ready-money purchases per deal (99% CI)",
        verdict,
        "the dealer's edge over the other roles excludes 0 (99% CI) at every count, read with every seat playing "
        "the play and with every seat the readiest buyer; where they disagree at any count the claim depends on "
        "how much the table buys, and the break-even rate of purchases per deal says where it turns",
        players_chart(
            t,
            [("dealer minus others", "SE", "every seat {}")],
            "stakes per deal",
            zero=True,
            by="every seat",
        ),
        [
            "Each purchase from the stock for ready money pays the dealer a stake (p. 73); a player who values a "
            "stock card by its gain in his chance of the best hand never finds it worth the stake, so under "
            "threshold play (book) only the dealer, whose own trades are free, draws from the stock. buyer:W adds "
            "W stakes to a purchase's worth when it trades (0: threshold; 1.5 and above: every trade a purchase).",
            "The break-even column is a straight line fitted per count through (purchases per deal, dealer's "
            "edge) over the rows of that count: the rate of purchases per deal at which the deal becomes an "
            "advantage. Where it is not 'within reach', even a table that buys on every trade makes fewer "
            "purchases a deal than that (the deal ends at the first stand), and the figure is an extrapolation.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
