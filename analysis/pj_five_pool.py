"""pj_five_pool (p. 86): twelve counters are sufficient to dress a five-pool board."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main

CLAIM = Claim(
    "pj_five_pool", "Pope Joan", 86,
    "The board or pool may be made with five divisions only ... twelve coins or counters are sufficient to dress "
    "the board.",
    "counters carried on the board between deals, counters won from the board per deal, Game's size, and the "
    "elder hand's and dealer's nets, five-pool vs standard, same deals, by players",
)  # fmt: skip

TAKEN = ["pope_taken", "matrimony_taken", "intrigue_taken", "ace_taken", "king_taken", "queen_taken",
         "knave_taken", "game_taken"]  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    rows, played = [], 0
    for players in range(3, 9):
        c = compare("popejoan", ["standard", "five-pool"], n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        for label, res in zip(["standard (15)", "five-pool (12)"], c.results):
            won = sum(res.metric(e)[0] for e in TAKEN)
            carried, cse = res.metric("board_carried")
            rows.append(
                {
                    "players": players,
                    "board": label,
                    "carried after a deal": carried,
                    "carried SE": cse,
                    "won from board per deal": won,
                    "Game per deal": res.metric("game_taken")[0],
                    "dealer net": res.metric("net", role="dealer")[0],
                    "elder net": res.metric("net", role="elder")[0],
                    "deals": res.meta["n"],
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for label in ("standard (15)", "five-pool (12)"):
            part = t[t["board"] == label]
            errorbar(ax, part["players"], part["carried after a deal"], part["carried SE"], label)
        ax.set_xlabel("players")
        ax.set_ylabel("counters left on the board after a deal")
        ax.legend()

    four = t[t["players"] == 4]
    s, f = four.iloc[0], four.iloc[1]
    return Answer(
        t,
        f"4 players: {f['won from board per deal']:.2f} counters won from the five-pool board per deal "
        f"(standard {s['won from board per deal']:.2f}); {f['carried after a deal']:.2f} carried "
        f"(standard {s['carried after a deal']:.2f})",
        "measured",
        "'sufficient' is a judgement: the table shows how much of the board is won and carried under each dressing",
        ["popejoan()", "popejoan(pools=5,dressing=12)"],
        played,
        chart,
    )


if __name__ == "__main__":
    main(CLAIM, answer)
