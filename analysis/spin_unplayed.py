"""spin_unplayed (p. 89): a player left holding Spin pays double."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main

CLAIM = Claim(
    "spin_unplayed", "Spin", 89,
    "if a player is left with Spin in his hand when another has played out, he has to pay double for each card "
    "he holds",
    "how often Spin is played, played with a card, or left unplayed per deal, what the unplayed Spin costs its "
    "holder, and the change in the players' nets when the penalty is single instead of double, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        c = compare("spin", ["standard", "spin_penalty=1"], n, seed, players=players, precise="n")
        res = c.results[0]
        played = max(played, c.meta["n"])
        unplayed, use = res.metric("spin_unplayed")
        paid = res.metric("spin_penalty_paid")[0]
        rows.append(
            {
                "players": players,
                "Spin played per deal": res.metric("spin_played")[0],
                "with a card": res.metric("spin_with_card")[0],
                "left unplayed per deal": unplayed,
                "unplayed SE": use,
                "penalty per unplayed Spin": paid / unplayed if unplayed else float("nan"),
                "deals": c.meta["n"],
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["left unplayed per deal"], t["unplayed SE"], "Spin left unplayed")
        ax.set_xlabel("players")
        ax.set_ylabel("share of deals")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"4 players: Spin is left unplayed in {four['left unplayed per deal']:.3%} of deals, costing its "
        f"holder {four['penalty per unplayed Spin']:.1f} counters when it is",
        "measured",
        "the rule is the book's; the table shows how often it bites and what it costs",
        ["spin()", "spin(spin_penalty=1)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
