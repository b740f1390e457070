"""pj_stops_first (p. 83): play out known stops at once, or lead up to them."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

CLAIM = Claim(
    "pj_stops_first", "Pope Joan", 83,
    "the known stops should be played out at the first opportunity, or led up to as early as possible",
    "net counters per deal of seat 0 playing the book strategy (remembers played cards, plays out and leads up to "
    "its known stops) minus seat 0 leading its lowest card, the others book, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["0=lowest", "standard"], n, seed, players=players)
        gain, se = c.diff("standard", "net", seat=0)
        v = verdict_positive(gain, se)
        verdicts.append(v)
        played = max(played, c.meta["n"])
        rows.append(
            {
                "players": players,
                "book minus lowest (counters/deal)": gain,
                "SE": se,
                "deals": c.meta["n"],
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t.iloc[:, 1], t["SE"], "book strategy over lowest-card leader")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("gain, counters per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"{pm(four.iloc[1], four['SE'])} counters per deal with 4 players (99% CI)",
        combine(verdicts),
        "the book player's gain; supported when the 99% CI excludes 0 at every count",
        ["popejoan()"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
