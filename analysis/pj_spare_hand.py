"""pj_spare_hand (p. 86): a dealt spare hand keeps the stops in proportion to the players."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, ci_width_for, errorbar, main

from sim import runner

CLAIM = Claim(
    "pj_spare_hand", "Pope Joan", 86,
    "The best way, however, is to deal a spare hand with the others, as then the number of stops bears an "
    "equitable proportion to the number of players engaged in the game.",
    "stops per deal and per player, cards played per deal, and the elder hand's edge over the mean role, for a "
    "spare hand vs the remainder set aside vs ten cards set aside, by players",
)  # fmt: skip

RULES = {"spare hand": "hand", "remainder aside": "remainder", "ten aside": "10"}


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        for label, spare in RULES.items():
            spec = runner.make_spec("popejoan", "standard", n=n, seed=seed, players=players, rules=[f"spare={spare}"])
            res = runner.run(spec, ci_width=ci_width_for(n))
            played = max(played, res.meta["n"])
            stops, sse = res.metric("stops")
            elder = res.metric("net", role="elder")[0]
            rows.append(
                {
                    "players": players,
                    "set aside": label,
                    "stops per deal": stops,
                    "stops SE": sse,
                    "stops per player": stops / players,
                    "cards played": res.metric("plays")[0],
                    "elder net": elder,
                    "deals": res.meta["n"],
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for label in RULES:
            part = t[t["set aside"] == label]
            errorbar(ax, part["players"], part["stops per player"], part["stops SE"] / part["players"], label)
        ax.set_xlabel("players")
        ax.set_ylabel("stops per deal per player")
        ax.legend()

    sp = t[t["set aside"] == "spare hand"]["stops per player"]
    rem = t[t["set aside"] == "remainder aside"]["stops per player"]
    return Answer(
        t,
        f"stops per player range {sp.min():.2f}-{sp.max():.2f} with a spare hand, "
        f"{rem.min():.2f}-{rem.max():.2f} with the remainder set aside (3-8 players)",
        "measured",
        "'equitable proportion' is read from the stops per player across counts",
        [f"popejoan(spare={s})" for s in RULES.values()],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
