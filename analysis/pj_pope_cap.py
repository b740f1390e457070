"""pj_pope_cap (p. 82): with few players, limit the Pope turn-up payment to four or six."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, main

CLAIM = Claim(
    "pj_pope_cap", "Pope Joan", 82,
    "If there are but few players engaged in the game, it is best to agree that the payment for Pope Joan shall be "
    "limited to either four or six counters or coins",
    "counters paid to the dealer for a 9♦ turn-up (per turn-up and per deal) and the dealer's net per deal, "
    "uncapped vs capped at 4 vs 6, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["standard", "pope-cap-4", "pope-cap-6"], n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        for label, res in zip(["uncapped", "cap 4", "cap 6"], c.results):
            paid, _ = res.metric("pope_turnup_paid")
            turnups, _ = res.metric("turnup_pope")
            dealer, dse = res.metric("net", role="dealer")
            change, cse = (
                (0.0, 0.0)
                if label == "uncapped"
                else c.diff({"cap 4": "pope-cap-4", "cap 6": "pope-cap-6"}[label], "net", role="dealer")
            )
            rows.append(
                {
                    "players": players,
                    "rule": label,
                    "paid per turn-up": paid / turnups if turnups else 0.0,
                    "paid per deal": paid,
                    "dealer net/deal": dealer,
                    "dealer SE": dse,
                    "dealer change vs uncapped": change,
                    "change SE": cse,
                    "deals": res.meta["n"],
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for rule in ("uncapped", "cap 4", "cap 6"):
            part = t[t["rule"] == rule]
            ax.plot(part["players"], part["paid per turn-up"], "o-", label=rule)
        ax.set_xlabel("players")
        ax.set_ylabel("counters paid per 9♦ turn-up")
        ax.legend()

    three = t[(t["players"] == 3)]
    unc = three[three["rule"] == "uncapped"].iloc[0]["paid per turn-up"]
    return Answer(
        t,
        f"uncapped, a 9♦ turn-up costs the others {unc:.1f} counters with 3 players "
        f"(4 or 6 with the caps); the cap moves the dealer's net by the amounts in the table",
        "measured",
        "a matter of taste: the table gives the size of the payment and the dealer's net under "
        "each rule for the reader to judge",
        ["popejoan()", "popejoan(pope_turnup_cap=4)", "popejoan(pope_turnup_cap=6)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
