"""cm_dealer_penalty (p. 76): the dealer's penalty is a severe tax; the dealer only has the same chances."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_within

from sim.results import role_name

CLAIM = Claim(
    "cm_dealer_penalty", "Commerce", 76,
    "The former course will be found to be a severe tax on the dealer, and is not to be recommended.  The dealer "
    "only has the same chances as the others, and such a penalty seems unjust.",
    "the dealer's chance of the best hand minus the other roles' mean (book rules), and the dealer's net per deal "
    "(stakes) under standard, dealer-penalty-all and dealer-penalty-better on the same deals, threshold strategy, "
    "by players",
)  # fmt: skip

ARMS = ["standard", "dealer-penalty-all", "dealer-penalty-better"]


def _role_gap(res, metric, players):
    """The dealer's mean minus the other roles' mean, with a conservative SE (roles taken as independent)."""
    dealer, dse = res.metric(metric, role="dealer")
    others = [res.metric(metric, role=role_name(k)) for k in range(1, players)]
    se = (dse**2 + sum(s**2 for _, s in others) / len(others) ** 2) ** 0.5
    return dealer - sum(m for m, _ in others) / len(others), se


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played = [], [], 0
    for players in range(3, 9):
        c = compare("commerce", ARMS, n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        std = c.results[0]
        wgap, wse = _role_gap(std, "win", players)
        v = verdict_within(wgap, wse)
        verdicts.append(v)
        row = {
            "players": players,
            "dealer P(best)": std.metric("win", role="dealer")[0],
            "dealer minus others P(best)": wgap,
            "SE P(best)": wse,
            "dealer net, standard": std.metric("net", role="dealer")[0],
            "SE standard": std.metric("net", role="dealer")[1],
        }
        for arm, res in zip(ARMS[1:], c.results[1:]):
            short = arm.removeprefix("dealer-penalty-")
            change, cse = c.diff(arm, "net", role="dealer")
            row[f"dealer net, penalty {short}"] = res.metric("net", role="dealer")[0]
            row[f"change, penalty {short}"] = change
            row[f"SE change {short}"] = cse
            row[f"dealer minus others, penalty {short}"] = _role_gap(res, "net", players)[0]
        row["deals"] = c.meta["n"]
        row["same chances?"] = v
        rows.append(row)
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["dealer net, standard"], t["SE standard"], "book rules")
        errorbar(ax, t["players"], t["dealer net, penalty all"], t["SE change all"], "penalty: pays every player")
        errorbar(ax, t["players"], t["dealer net, penalty better"], t["SE change better"], "penalty: pays better hands")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("dealer's net, stakes per deal")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    v = combine(verdicts)
    return Answer(
        t,
        f"4 players: the dealer's chance of the best hand is "
        f"{pm(four['dealer minus others P(best)'], four['SE P(best)'])} "
        f"against the other roles' (99% CI); the penalty to every player changes his net by "
        f"{pm(four['change, penalty all'], four['SE change all'])} stakes per deal, to the better hands by "
        f"{pm(four['change, penalty better'], four['SE change better'])}",
        v,
        "'the same chances' read as the dealer's chance of the best hand within ±0.05 of the other roles' mean "
        "(99% CI) at every count; the tax is the paired change in his net",
        [r.meta["rules_string"] for r in c.results],
        played,
        chart,
        [
            "The dealer's chance of the best hand is measured after trading, under the threshold strategy in every "
            "seat (the dealer trades free of ready money, so his chance depends on the strategies).",
            "Whether the tax is 'severe' is a judgement; the table gives its size in stakes per deal beside the "
            "dealer's net without it.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
