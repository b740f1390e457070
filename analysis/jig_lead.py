"""jig_lead (p. 96): lead cards that bring the Jig into your own hand."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

CLAIM = Claim(
    "jig_lead", "Jig", 96,
    "The players should lead such cards as will bring the Jig into their own hand",
    "net counters per deal of seat 0 leading for its own Jig (book) minus seat 0 leading its lowest card, the "
    "others book, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("jig", ["0=lowest", "standard"], n, seed, players=players)
        gain, se = c.diff("standard", "net", seat=0)
        kept = c.results[1].metric("jig_kept")[0]
        v = verdict_positive(gain, se)
        verdicts.append(v)
        played = max(played, c.meta["n"])
        rows.append(
            {
                "players": players,
                "book minus lowest (counters/deal)": gain,
                "SE": se,
                "Jigs kept by their leader per deal": kept,
                "deals": c.meta["n"],
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t.iloc[:, 1], t["SE"], "leading for one's own Jig")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("gain, counters per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"{pm(four.iloc[1], four['SE'])} counters per deal with 4 players (99% CI)",
        combine(verdicts),
        "the Jig-seeking leader's gain over a lowest-card leader; supported when the 99% CI excludes 0 at every count",
        ["jig()"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
