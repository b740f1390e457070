"""cm_continuous (p. 76-77): Continuous Dealing, the dealer keeps the deal until a Tricon, Sequence or Flush."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main, pm

from sim.results import role_name

CLAIM = Claim(
    "cm_continuous", "Commerce", 77,
    "Another method of playing the modern game is to allow the same dealer to remain in until one of the players "
    "secures a Tricon, Sequence, or Flush, when the deal passes to the next player, on the left-hand side.",
    "deals per dealer's tenure (1 / the rate the deal passes) and the dealer's net per deal (stakes) and its edge "
    "over the other roles, continuous vs standard on the same deals, threshold strategy, by players",
)  # fmt: skip


def _edge(res, players):
    dealer, dse = res.metric("net", role="dealer")
    others = [res.metric("net", role=role_name(k)) for k in range(1, players)]
    se = (dse**2 + sum(s**2 for _, s in others) / len(others) ** 2) ** 0.5
    return dealer - sum(m for m, _ in others) / len(others), se


def answer(n: int, seed: int) -> Answer:
    rows, played, rules = [], 0, []
    for players in range(3, 9):
        c = compare("commerce", ["standard", "continuous"], n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        rules = [r.meta["rules_string"] for r in c.results]
        std, cont = c.results
        rate, rse = cont.metric("deal_passed")
        tenure = 1 / rate if rate > 0 else float("nan")
        e_std, se_std = _edge(std, players)
        e_cont, se_cont = _edge(cont, players)
        rows.append(
            {
                "players": players,
                "deals per tenure": tenure,
                "SE tenure": rse / rate**2 if rate > 0 else float("nan"),
                "dealer net, standard": std.metric("net", role="dealer")[0],
                "dealer net, continuous": cont.metric("net", role="dealer")[0],
                "dealer minus others, standard": e_std,
                "SE standard": se_std,
                "dealer minus others, continuous": e_cont,
                "SE continuous": se_cont,
                "dealer edge per tenure, continuous": e_cont * tenure,
                "SD of seat 0 net/deal, standard": std.metric("net", seat=0)[1] * c.meta["n"] ** 0.5,
                "SD of seat 0 net/deal, continuous": cont.metric("net", seat=0)[1] * c.meta["n"] ** 0.5,
                "deals": c.meta["n"],
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["dealer minus others, standard"], t["SE standard"], "deal passes every deal")
        errorbar(ax, t["players"], t["dealer minus others, continuous"], t["SE continuous"], "continuous dealing")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("dealer minus other roles, stakes/deal")
        ax.legend()

    f = t.set_index("players")
    return Answer(
        t,
        f"4 players: a dealer keeps the deal {pm(f.loc[4, 'deals per tenure'], f.loc[4, 'SE tenure'], 2)} deals; "
        f"his edge per deal is {pm(f.loc[4, 'dealer minus others, continuous'], f.loc[4, 'SE continuous'])} "
        f"stakes continuous, {pm(f.loc[4, 'dealer minus others, standard'], f.loc[4, 'SE standard'])} standard, "
        f"{f.loc[4, 'dealer edge per tenure, continuous']:+.2f} per tenure",
        "measured",
        "the book describes the rule without a judgement; the table measures how long a deal lasts and what it is "
        "worth",
        rules,
        played,
        chart,
        [
            "Each deal's cards are dealt by position from the dealer's left, so on the same deals the roles' results "
            "per deal are the same in both games (up to odd counters carried in the pool): continuous dealing "
            "changes who deals and for how long, not what a deal is worth to the dealer. Its effect is on the "
            "seats: a tenure costs or earns the dealer's edge times its length, and a seat's results spread more "
            "(SD of seat 0's net per deal, estimated as its SE times the square root of the deals).",
            "Roles are taken relative to whoever actually dealt each deal. Under continuous dealing the deal does not "
            "pass evenly, so the seats' totals are uneven over a session while the dealer's edge per deal is as "
            "shown.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
