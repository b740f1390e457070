"""spin_dealer_game (p. 88): making the dealer pay to Game is a disproportionate tax on him."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

from sim.results import role_name

CLAIM = Claim(
    "spin_dealer_game", "Spin", 88,
    "the dealer is sometimes called upon to contribute also to the Game, but as he already pays to the other two "
    "pools, this is a tax upon him disproportionate to the others",
    "the dealer's net per deal minus the mean of the other roles, with and without dealer-pays-game, and the "
    "change in his net (same deals), by players",
)  # fmt: skip


def _dealer_edge(res, players):
    """The dealer's net minus the mean of the other roles, with a conservative SE (roles taken as independent)."""
    dealer, dse = res.metric("net", role="dealer")
    others = [res.metric("net", role=role_name(k)) for k in range(1, players)]
    mean_others = sum(m for m, _ in others) / len(others)
    se = (dse**2 + sum(s**2 for _, s in others) / len(others) ** 2) ** 0.5
    return dealer - mean_others, se


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("spin", ["standard", "dealer-pays-game"], n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        std_edge, std_se = _dealer_edge(c.results[0], players)
        tax_edge, tax_se = _dealer_edge(c.results[1], players)
        change, cse = c.diff("dealer-pays-game", "net", role="dealer")
        v = verdict_positive(-tax_edge, tax_se)
        verdicts.append(v)
        rows.append(
            {
                "players": players,
                "dealer minus others, book rule": std_edge,
                "SE book": std_se,
                "dealer minus others, dealer pays Game": tax_edge,
                "SE tax": tax_se,
                "dealer's net change": change,
                "change SE": cse,
                "deals": c.meta["n"],
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t.iloc[:, 1], t["SE book"], "dealer exempt from Game (book)")
        errorbar(ax, t["players"], t.iloc[:, 3], t["SE tax"], "dealer pays Game too")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("dealer minus other roles, counters/deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"4 players: paying Game too leaves the dealer {pm(four.iloc[3], four['SE tax'])} counters per "
        f"deal behind the other roles (exempt: {pm(four.iloc[1], four['SE book'])})",
        combine(verdicts),
        "supported when, paying Game too, the dealer is behind the others (99% CI below 0) at every count",
        ["spin()", "spin(dealer_pays_game=true)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
