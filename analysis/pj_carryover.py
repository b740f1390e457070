"""pj_carryover: unwon compartments may grow considerably before they are secured."""

from __future__ import annotations

import pandas as pd

from sim.analysis import Answer, Claim, Study, main

CLAIM = Claim(
    "pj_carryover", "Pope Joan", 82,
    "the stake on their particular division of the board is left for the next deal, so that it may happen that "
    "either of the compartments except Game, which is won every deal, may be considerably increased before it is "
    "secured by one of the players",
    "for each compartment: how often it is won per deal, its mean size when won (counters) against one deal's "
    "dressing, and the share of wins at twice the dressing or more; 4 players, all seats the play",
    "Unwon compartments may grow considerably before they are secured",
)  # fmt: skip

DRESS = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "knave": 1}
WON = {"pope": ["pope_played", "turnup_pope"], "matrimony": ["matrimony_won"], "intrigue": ["intrigue_won"],
       "ace": ["ace_won"], "king": ["king_won"], "queen": ["queen_won"], "knave": ["knave_won"]}  # fmt: skip


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    res = study.run("popejoan", "standard", 4)
    counts = res.meta["event_counts"]
    rows = []
    for comp, dress in DRESS.items():
        won = sum(counts[e] for e in WON[comp])
        if comp in ("ace", "king", "queen", "knave"):
            won += counts["turnup_honour"] / 4  # the turn-up takes one of the four honours
        taken, doubled = counts[f"{comp}_taken"], counts[f"{comp}_doubled"]
        rows.append(
            {
                "compartment": comp,
                "dressing": dress,
                "won per deal": won / res.meta["n"],
                "mean size when won": taken / won if won else float("nan"),
                "share won at 2x dressing or more": doubled / won if won else float("nan"),
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        ax.bar(t["compartment"], t["mean size when won"], label="mean size when won")
        ax.plot(t["compartment"], t["dressing"], "k_", markersize=20, label="one deal's dressing")
        ax.set_ylabel("counters")
        ax.legend()

    big = t.loc[t["share won at 2x dressing or more"].idxmax()]
    return study.answer(
        t,
        f"{big['compartment']} is won at twice its dressing or more in "
        f"{big['share won at 2x dressing or more']:.0%} of wins (mean {big['mean size when won']:.1f} vs "
        f"{big['dressing']} dressed)",
        "supported" if big["share won at 2x dressing or more"] > 0.05 else "refuted",
        "'may be considerably increased': some compartment is won at double its dressing in more than 5% of its wins",
        chart,
        ["the honours' counts include the dealer's turn-up takings (a quarter of honour turn-ups each)"],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
