"""pj_dealer_sees (p. 87): looking at the spare hand gives the dealer so much advantage."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

CLAIM = Claim(
    "pj_dealer_sees", "Pope Joan", 87,
    "It gives so much advantage to the dealer, who can play cards which he alone knows to be stops, that in such a "
    "case he ought to stand out",
    "the dealer's net counters per deal with dealer-sees-spare minus standard, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["standard", "dealer-sees-spare"], n, seed, players=players)
        gain, se = c.diff("dealer-sees-spare", "net", role="dealer")
        base = c.results[0].metric("net", role="dealer")[0]
        v = verdict_positive(gain, se)
        verdicts.append(v)
        played = max(played, c.meta["n"])
        rows.append(
            {
                "players": players,
                "dealer net, standard": base,
                "dealer gain from seeing": gain,
                "SE": se,
                "deals": c.meta["n"],
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["dealer gain from seeing"], t["SE"], "dealer's gain from seeing the spare")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("counters per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"{pm(four['dealer gain from seeing'], four['SE'])} counters per deal to the dealer, 4 players",
        combine(verdicts),
        "the dealer's gain; 99% CI excludes 0 at every count",
        ["popejoan()", "popejoan(dealer_sees_spare=true)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
