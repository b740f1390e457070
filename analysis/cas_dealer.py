"""cas_dealer (p. 98): the dealer plays last in every round and so is likeliest to take the cards left at the end."""

from __future__ import annotations

import pandas as pd
from _cassino import play, ratio, ratio_diff, width_for
from _common import Answer, Claim, combine, errorbar, main, pm, verdict_positive

from sim import runner

CLAIM = Claim(
    "cas_dealer", "Cassino", 98,
    "The player on the left-hand side of the dealer then plays a card from his own hand ... the player who is "
    "last able to pair or combine any of the exposed cards taking all the remaining cards off the table",
    "the count per deal of the dealer (or the dealer's side) minus the elder hand (or his side), and the share "
    "of deals in which the dealer's side takes the remainder, by players, every seat playing the book",
)  # fmt: skip

NAMES = ["deals", "raw_dealer", "raw_elder", "raw_2nd", "rest_dealer", "rest_elder", "rest_2nd"]


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played, labels = [], [], 0, []
    for players in (2, 3, 4):
        spec = runner.make_spec("cassino", n=n, seed=seed, players=players)

        def watch(m):
            return 1.96 * ratio_diff(m, ("0:raw_dealer", "0:deals"), ("0:raw_elder", "0:deals"))[1]

        m = play([spec], NAMES, n, width_for(n), watch)
        others = ["elder"] + (["2nd"] if players == 3 else [])
        played = max(played, m.sessions * spec.deals_per_session)
        labels.append(runner.rules_string("cassino", spec.rules) + f" {players} players")
        for other in others:
            edge, se = ratio_diff(m, ("0:raw_dealer", "0:deals"), (f"0:raw_{other}", "0:deals"))
            v = verdict_positive(edge, se)
            verdicts.append(v)
            rows.append(
                {
                    "players": players,
                    "against": other if players == 3 else "the other side" if players == 4 else "the elder",
                    "dealer's count per deal": ratio(m, "0:raw_dealer", "0:deals")[0],
                    "dealer minus other (points per deal)": edge,
                    "SE": se,
                    "dealer takes the remainder": ratio(m, "0:rest_dealer", "0:deals")[0],
                    "other takes the remainder": ratio(m, f"0:rest_{other}", "0:deals")[0],
                    "deals": int(m.s1[m.index("0:deals")]),
                    "verdict": v,
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        x = [f"{p}: {a}" for p, a in zip(t["players"], t["against"])]
        errorbar(ax, x, t["dealer minus other (points per deal)"], t["SE"], "dealer's edge")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players: against")
        ax.set_ylabel("points per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"{pm(four['dealer minus other (points per deal)'], four['SE'])} points per deal for the dealer's side "
        f"with four in partnership (99% CI); it takes the remainder in {four['dealer takes the remainder']:.0%} "
        "of deals",
        combine(verdicts),
        "an advantage of the deal when the 99% CI of the dealer's count less the other's excludes 0 on the "
        "dealer's side, for every number of players (against each other player with three)",
        labels,
        played,
        chart,
        ["points are each deal's count before the scoring (with sides the difference is what the scoring adds); "
         "per-deal figures are ratios over sessions with delta-method standard errors"],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
