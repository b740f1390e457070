"""pj_rotation (p. 81): when the dealer dresses the board, stop only when the deal has gone round."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, ci_width_for, combine, errorbar, main, pm, verdict_positive, verdict_within

from sim import runner

CLAIM = Claim(
    "pj_rotation", "Pope Joan", 81,
    "it is often agreed that the dealer for the time being shall dress the board, in which case it is necessary "
    "that the game should be finished just before the original dealer's turn comes round again, else the payments "
    "to the pool will not have been equitably divided",
    "under dealer-dresses, the spread of seat nets per deal (first dealer minus the mean of the others) when every "
    "session is whole rotations vs when it stops one deal short, same deals, by players",
)  # fmt: skip


def _first_dealer_edge(res, players):
    """Seat 0 (the first dealer) minus the mean of the others, per deal, with a conservative SE."""
    nets = [res.metric("net", seat=s) for s in range(players)]
    others = sum(m for m, _ in nets[1:]) / (players - 1)
    se = (nets[0][1] ** 2 + sum(s**2 for _, s in nets[1:]) / (players - 1) ** 2) ** 0.5
    return nets[0][0] - others, se


def answer(n: int, seed: int) -> Answer:
    rows, whole_v, part_v, played = [], [], [], 0
    for players in range(3, 9):
        out = {}
        for label, deals in (("whole rotation", players), ("one deal short", players - 1)):
            spec = runner.make_spec("popejoan", "dealer-dresses", n=n, seed=seed, players=players, session_deals=deals)
            res = runner.run(spec, ci_width=ci_width_for(n))
            played = max(played, res.meta["n"])
            out[label] = _first_dealer_edge(res, players)
        (w, wse), (p, pse) = out["whole rotation"], out["one deal short"]
        whole_v.append(verdict_within(w, wse))
        part_v.append(verdict_positive(-p, pse))
        rows.append(
            {
                "players": players,
                "first dealer's edge, whole rotations": w,
                "SE whole": wse,
                "first dealer's edge, one deal short": p,
                "SE short": pse,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t.iloc[:, 1], t["SE whole"], "whole rotations")
        errorbar(ax, t["players"], t.iloc[:, 3], t["SE short"], "stopped one deal short")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("first dealer minus others, counters/deal")
        ax.legend()

    verdict = (
        "supported"
        if combine(whole_v) == "supported" and combine(part_v) == "supported"
        else ("refuted" if "refuted" in whole_v + part_v else "inconclusive")
    )
    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"4 players: the first dealer's edge is {pm(four.iloc[1], four['SE whole'])} over whole "
        f"rotations and {pm(four.iloc[3], four['SE short'])} counters per deal when stopped one deal short",
        verdict,
        "whole rotations are fair (99% CI inside ±0.05) and stopping short costs the first "
        "dealer (99% CI below 0), at every count"
        if verdict == "supported"
        else "see the rows",
        ["popejoan(dresser=dealer)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
