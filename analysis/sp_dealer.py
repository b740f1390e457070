"""sp_dealer (p. 77): the dealer pays two counters into the pool, the others one."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, errorbar, main, pm, run

from sim.results import role_name

CLAIM = Claim(
    "sp_dealer", "Speculation", 77,
    "he has to pay two coins or counters into the pool, each of the other players contributing one",
    "the dealer's net counters per deal minus the mean of the other roles, each variant, by players, every seat "
    "naive (the plain game; shrewd players never trade with one another, so an all-shrewd table plays it too)",
)  # fmt: skip

VARIANTS = ("standard", "pool-turnup", "spare-hand", "knave-five")
PLAYERS = (3, 4, 6, 8, 10)


def dealer_edge(res, players):
    """The dealer's net minus the mean of the other roles, with a conservative SE (roles taken as independent)."""
    dealer, dse = res.metric("net", role="dealer")
    others = [res.metric("net", role=role_name(k)) for k in range(1, players)]
    mean_others = sum(m for m, _ in others) / len(others)
    se = (dse**2 + sum(s**2 for _, s in others) / len(others) ** 2) ** 0.5
    return dealer, mean_others, dealer - mean_others, se


def answer(n: int, seed: int) -> Answer:
    rows, played, rules = [], 0, []
    for variant in VARIANTS:
        for players in PLAYERS:
            res = run("speculation", variant, n, seed, players=players, strategy="naive")
            played = max(played, res.meta["n"])
            rules.append(res.meta["rules_string"])
            dealer, others, edge, se = dealer_edge(res, players)
            rows.append(
                {
                    "variant": variant,
                    "players": players,
                    "dealer net/deal": dealer,
                    "others' net/deal": others,
                    "dealer minus others": edge,
                    "SE": se,
                    "dealer ends as chief": res.metric("win", role="dealer")[0] if variant != "pool-turnup" else None,
                    "pools carried/deal": res.metric("pools_carried")[0],
                    "deals": res.meta["n"],
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for variant in VARIANTS:
            sub = t[t["variant"] == variant]
            errorbar(ax, sub["players"], sub["dealer minus others"], sub["SE"], variant)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("dealer minus others, counters per deal")
        ax.legend()

    four = t[(t["variant"] == "standard") & (t["players"] == 4)].iloc[0]
    return Answer(
        t,
        f"standard, 4 players: the dealer nets {pm(four['dealer minus others'], four['SE'])} counters per deal more "
        "than the others, though he pays double (99% CI)",
        "measured",
        "the book states the double stake without comment; the table measures what it buys: the trump card, owned "
        "by the dealer unless the pool owns it (pool-turnup)",
        sorted(set(rules)),
        played,
        chart,
        [
            "Under pool-turnup the 'dealer ends as chief' column is left out: the dealer there is only a player "
            "who exposes his cards like the rest. A pool carried into a deal raises the stakes of every seat alike; "
            "the dealer's extra counter is always his loss unless he wins.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
