"""cm_deal_advantage: the deal is an advantage in the modern game (trade and barter)."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_positive

CLAIM = Claim(
    "cm_deal_advantage", "Commerce", 72,
    "The deal is an advantage, and on that account it is best, when a finish is desired, to conclude the game just "
    "before the first dealer's turn comes round again",
    "the dealer's net per deal (stakes) minus the mean of the other roles, modern game (trade and barter), every "
    "seat the threshold strategy, by number of players 3-8",
    "The deal is an advantage in the modern game (trade and barter)",
)  # fmt: skip


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        res = study.run("commerce", "standard", players)
        edge, se = role_gap(res)
        g_edge, g_se = role_gap(study.run("commerce", "standard", players, strategy="greedy"))
        return {
            "players": players,
            "dealer net/deal": res.metric("net", role="dealer")[0],
            "dealer minus others": edge,
            "SE": se,
            "dealer's ready-money takings/deal": res.metric("dealer_takings")[0],
            "dealer's stake paid/deal": res.metric("dealer_stake_paid")[0],
            "dealer held best hand": res.metric("win", role="dealer")[0],
            "dealer minus others, greedy": g_edge,
            "SE greedy": g_se,
            "deals": res.meta["n"],
            "verdict": verdict_positive(edge, se),
        }

    t = study.sweep(count)
    v = combine(t["verdict"])
    return study.answer(
        t,
        f"4 players: the dealer nets {pm(at(t)['dealer minus others'], at(t)['SE'])} stakes per deal more than the "
        "other roles (99% CI); rows per count",
        v,
        "the dealer's edge over the other roles (threshold strategy) excludes 0 (99% CI) at every count"
        if v == "supported"
        else "the dealer's edge over the other roles per count (threshold strategy, 99% CI): see the rows",
        players_chart(
            t,
            [
                ("dealer minus others", "SE", "threshold strategy (verdict)"),
                ("dealer minus others, greedy", "SE greedy", "greedy strategy"),
            ],
            "stakes per deal",
            zero=True,
        ),
        [
            "The answer depends on the strategies: the verdict is for every seat playing the threshold strategy "
            "(stands at an estimated 0.6 chance of the best hand); the greedy columns (always trades, stands only "
            "on a Tricon or Sequence) show how the edge moves when players trade more. How often players buy from "
            "the dealer for ready money (his takings, a column of the table) and how soon someone stands decide "
            "his edge; the dealer's structural costs are his double stake and the stake he pays the winner.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
