"""nm_dealer_extra (p. 89): the dealer pays one extra counter to the layout."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, errorbar, main, run, verdict_positive

CLAIM = Claim(
    "nm_dealer_extra", "Newmarket", 89,
    "Each player places one counter on any of the four cards he may choose ... The dealer pays one extra.",
    "the dealer's net per deal minus the mean of the other roles, stakes carried between deals, and the elder "
    "hand's net, by players (book strategy, the book's layout)",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        res = run("newmarket", "standard", n, seed, players=players)
        played = max(played, res.meta["n"])
        dealer, dse = res.metric("net", role="dealer")
        roles = res.frame[(res.frame["metric"] == "net") & res.frame["role"].notna()]
        others = roles[roles["role"] != "dealer"]
        edge = dealer - others["mean"].mean()
        se = (dse**2 + (others["se"] ** 2).sum() / len(others) ** 2) ** 0.5
        rows.append(
            {
                "players": players,
                "dealer net/deal": dealer,
                "dealer minus others": edge,
                "SE": se,
                "elder net/deal": res.metric("net", role="elder")[0],
                "stakes carried per deal": res.metric("stakes_carried")[0],
                "deals": res.meta["n"],
                "dealer behind?": verdict_positive(-edge, se),
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["dealer minus others"], t["SE"], "dealer minus the other roles")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("counters per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"4 players: the dealer nets {four['dealer net/deal']:+.3f} per deal, "
        f"{four['dealer minus others']:+.3f} ± {2.576 * four['SE']:.3f} against the other roles; "
        f"{four['stakes carried per deal']:.2f} stakes carried per deal",
        "measured",
        "the book states the rule; the table measures what the extra counter costs the dealer",
        ["newmarket()"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
