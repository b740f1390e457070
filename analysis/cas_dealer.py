"""cas_dealer (p. 98): the dealer plays last in every round and so is likeliest to take the cards left at the end."""

from __future__ import annotations

from sim import runner
from sim.analysis import Answer, Claim, Study, at, combine, main, pm, verdict_positive
from sim.analysis.charts import errorbar
from sim.analysis.ratios import half_width, ratio, ratio_diff, sessions

CLAIM = Claim(
    "cas_dealer", "Cassino", 98,
    "The player on the left-hand side of the dealer then plays a card from his own hand ... the player who is last "
    "able to pair or combine any of the exposed cards taking all the remaining cards off the table, and scoring one "
    "point for thus \"sweeping the board,\" as it is termed.",
    "the count per deal of the dealer (or the dealer's side) minus the elder hand (or his side; with three players "
    "each other player), and the share of deals in which each takes the remainder, all seats the play",
)  # fmt: skip

NAMES = ["deals", "raw_dealer", "raw_elder", "raw_2nd", "rest_dealer", "rest_elder", "rest_2nd"]
EDGE = "dealer minus other (points per deal)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        spec = runner.make_spec("cassino", n=n, seed=seed, players=players)
        edge = (("0:raw_dealer", "0:deals"), ("0:raw_elder", "0:deals"))
        m = sessions(study, [spec], NAMES, lambda m: half_width(ratio_diff(m, *edge)))
        rows = []
        for other in ["elder"] + (["2nd"] if players == 3 else []):
            gain, se = ratio_diff(m, ("0:raw_dealer", "0:deals"), (f"0:raw_{other}", "0:deals"))
            rows.append(
                {
                    "players": players,
                    "against": {2: "the elder", 4: "the other side"}.get(players, f"the {other} hand"),
                    "dealer's count per deal": ratio(m, "0:raw_dealer", "0:deals")[0],
                    EDGE: gain,
                    "SE": se,
                    "dealer takes the remainder": ratio(m, "0:rest_dealer", "0:deals")[0],
                    "other takes the remainder": ratio(m, f"0:rest_{other}", "0:deals")[0],
                    "deals": m.total("0:deals"),
                    "verdict": verdict_positive(gain, se),
                }
            )
        return rows

    t = study.sweep(count, (2, 3, 4))

    def chart(ax):
        x = [f"{p}: {a}" for p, a in zip(t["players"], t["against"])]
        errorbar(ax, x, t[EDGE], t["SE"], "the dealer's edge")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players: against")
        ax.set_ylabel("points per deal (99% CI)")
        ax.legend(fontsize=8)

    four = at(t)
    return study.answer(
        t,
        f"{pm(four[EDGE], four['SE'])} points per deal for the dealer's side with four in partnership (99% CI); it "
        f"takes the remainder in {four['dealer takes the remainder']:.0%} of deals",
        combine(t["verdict"]),
        "an advantage of the deal when the 99% CI of the dealer's count less the other's excludes 0 on the "
        "dealer's side, for every number of players (against each other player with three)",
        chart,
        ["points are each deal's count before the scoring (with sides, the difference is what the scoring adds); "
         "per-deal figures are ratios over sessions with delta-method standard errors. One 'deal' of a run is one "
         "whole game; the deal passes to the left after every deal."],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
