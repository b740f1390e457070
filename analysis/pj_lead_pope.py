"""pj_lead_pope (p. 83): lead Pope Joan and the ace of trumps at the first opportunity."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

CLAIM = Claim(
    "pj_lead_pope", "Pope Joan", 83,
    "For this reason Pope Joan or ace of trumps should be led on the first opportunity, as neither of them can be "
    "played up to, each following a stop.",
    "net counters per deal of seat 0 leading 9♦ and the trump ace at once (book) minus the same seat holding them "
    "back (hold-pope), the other seats book, on the same deals, by number of players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["standard", "0=hold-pope"], n, seed, players=players)
        diff, se = c.diff("0=hold-pope", "net", seat=0)
        gain, v = -diff, verdict_positive(-diff, se)
        verdicts.append(v)
        played = max(played, c.meta["n"])
        rows.append(
            {
                "players": players,
                "book minus hold-pope (counters/deal)": gain,
                "SE": se,
                "deals": c.meta["n"],
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t.iloc[:, 1], t["SE"], "leading 9♦/trump ace at once")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("gain, counters per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"{pm(four.iloc[1], four['SE'])} counters per deal with 4 players (99% CI); rows per count",
        combine(verdicts),
        "gain of leading at once over holding back; 99% CI excludes 0 at every count"
        if combine(verdicts) == "supported"
        else "see the rows",
        ["popejoan()"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
