"""pj_rotation: when the dealer dresses the board, stop only when the deal has gone round."""

from __future__ import annotations

from sim.analysis import (
    Answer,
    Claim,
    Study,
    at,
    combine,
    main,
    players_chart,
    pm,
    seat_gap,
    verdict_positive,
    verdict_within,
)

CLAIM = Claim(
    "pj_rotation", "Pope Joan", 81,
    "it is often agreed that the dealer for the time being shall dress the board, in which case it is necessary "
    "that the game should be finished just before the original dealer's turn comes round again, else the payments "
    "to the pool will not have been equitably divided",
    "under dealer-dresses, the spread of seat nets per deal (first dealer minus the mean of the others) when every "
    "session is whole rotations vs when it stops one deal short, same deals, by players",
)  # fmt: skip

WHOLE, SHORT = "first dealer's edge, whole rotations", "first dealer's edge, one deal short"


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> dict:
        edge = {
            deals: seat_gap(study.run("popejoan", "dealer-dresses", players, session_deals=deals))
            for deals in (players, players - 1)
        }
        (w, wse), (p, pse) = edge[players], edge[players - 1]
        return {"players": players, WHOLE: w, "SE whole": wse, SHORT: p, "SE short": pse}

    t = study.sweep(count)
    fair = [verdict_within(w, se) for w, se in zip(t[WHOLE], t["SE whole"])]
    costs = [verdict_positive(-p, se) for p, se in zip(t[SHORT], t["SE short"])]
    verdict = (
        "supported"
        if combine(fair) == "supported" and combine(costs) == "supported"
        else ("refuted" if "refuted" in fair + costs else "inconclusive")
    )
    four = at(t)
    return study.answer(
        t,
        f"4 players: the first dealer's edge is {pm(four[WHOLE], four['SE whole'])} over whole "
        f"rotations and {pm(four[SHORT], four['SE short'])} counters per deal when stopped one deal short",
        verdict,
        "whole rotations are fair (99% CI inside ±0.05) and stopping short costs the first "
        "dealer (99% CI below 0), at every count"
        if verdict == "supported"
        else "see the rows",
        players_chart(
            t,
            [(WHOLE, "SE whole", "whole rotations"), (SHORT, "SE short", "stopped one deal short")],
            "first dealer minus others, counters/deal",
            zero=True,
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
