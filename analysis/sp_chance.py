"""sp_chance (p. 77): Speculation "requires little skill in its conduct, being essentially a game of chance"."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_within

CLAIM = Claim(
    "sp_chance", "Speculation", 77,
    "It requires little skill in its conduct, being essentially a game of chance.",
    "net counters per deal of seat 0 playing shrewd minus seat 0 playing naive, on the same deals, with the other "
    "seats naive (the plain game), shrewd, gambler or random; 4 and 6 players",
)  # fmt: skip

OTHERS = ("naive", "shrewd", "gambler", "random")
CLAIMED = ("naive", "shrewd")  # the tables the verdict is on: players who never trade, or price every card exactly


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in (4, 6):
        for others in OTHERS:
            c = compare("speculation", ["0=naive", "0=shrewd"], n, seed, players=players, strategy=others)
            gain, se = c.diff("0=shrewd", "net", seat=0)
            played = max(played, c.meta["n"])
            shrewd = c.results[1]
            sales = sum(shrewd.metric(k)[0] for k in ("turnup_sales", "card_sales", "chief_sales", "hidden_sales"))
            v = verdict_within(gain, se) if others in CLAIMED else "(context)"
            if others in CLAIMED:
                verdicts.append(v)
            rows.append(
                {
                    "players": players,
                    "the others play": others,
                    "shrewd minus naive (counters/deal)": gain,
                    "SE": se,
                    "seat 0 net/deal, naive": c.results[0].metric("net", seat=0)[0],
                    "seat 0 net/deal, shrewd": shrewd.metric("net", seat=0)[0],
                    "sales per deal (whole table)": sales,
                    "deals": c.meta["n"],
                    "verdict": v,
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for players in (4, 6):
            sub = t[t["players"] == players]
            errorbar(ax, range(len(OTHERS)), sub.iloc[:, 2], sub["SE"], f"{players} players")
        ax.set_xticks(range(len(OTHERS)), [f"among {o}" for o in OTHERS])
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_ylabel("shrewd minus naive, counters per deal")
        ax.legend()

    plain = t[(t["players"] == 4) & (t["the others play"] == "naive")].iloc[0]
    gamblers = t[(t["players"] == 4) & (t["the others play"] == "gambler")].iloc[0]
    return Answer(
        t,
        f"4 players: a shrewd speculator gains {pm(plain.iloc[2], plain['SE'])} counters per deal among naive "
        f"players, {pm(gamblers.iloc[2], gamblers['SE'])} among gamblers (99% CI)",
        combine(verdicts),
        "skill pays nothing when the other players never trade (naive) or price every card exactly (shrewd): the "
        "gain lies within ±0.05 counters per deal (99% CI); it pays only against players who misprice (rows marked "
        "context)",
        [c.meta["arms"][1]["rules_string"]],
        played,
        chart,
        [
            "Nobody sees his own cards, so every player knows the same things and a shrewd valuation is common "
            "knowledge: a shrewd seller asks more than the value and a shrewd buyer bids less, so no sale is made "
            "between them, and naive players make none at all. The gain of skill comes wholly from other players' "
            "mistakes: the gambler who pays over the odds for a trump, the random trader.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
