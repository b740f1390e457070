"""pj_pope_wins (p. 86): Pope Joan Wins brings little or no recompense."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main, pm, verdict_below

CLAIM = Claim(
    "pj_pope_wins", "Pope Joan", 86,
    "This is by no means a desirable innovation, and simply causes extra trouble for dealing, etc., with little or "
    "no recompense.",
    "how often the 9♦ turn-up ends the deal (rate per deal) and the change in the dealer's net per deal, "
    "pope-wins minus standard, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["standard", "pope-wins"], n, seed, players=players, precise="all")
        rate, rse = c.results[1].metric("turnup_pope")
        gain, se = c.diff("pope-wins", "net", role="dealer")
        played = max(played, c.meta["n"])
        rows.append(
            {
                "players": players,
                "deals ended by 9D turn-up": rate,
                "rate SE": rse,
                "dealer net change": gain,
                "SE": se,
                "deals": c.meta["n"],
            }
        )
    t = pd.DataFrame(rows)
    pooled = sum(t["deals ended by 9D turn-up"] * t["deals"]) / t["deals"].sum()
    pooled_se = (sum((t["rate SE"] * t["deals"]) ** 2) ** 0.5) / t["deals"].sum()
    v = verdict_below(pooled, pooled_se, 0.05)

    def chart(ax):
        errorbar(ax, t["players"], t["dealer net change"], t["SE"], "dealer's net change (counters/deal)")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("counters per deal")
        ax.legend()

    return Answer(
        t,
        f"triggers in {pooled:.4f} of deals ({pm(pooled, pooled_se, 4)}); the dealer gains "
        f"{pm(t['dealer net change'].mean(), t['SE'].mean())} counters per deal on average over 3-8 players",
        v,
        "the variation changes the outcome in under 5% of deals (99% CI), so 'little recompense' holds "
        "in frequency; its size per deal is in the table",
        ["popejoan()", "popejoan(pope_wins_game=true)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
