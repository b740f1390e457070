"""cm_extended (p. 76-77): Extended Commerce makes the game wearisome."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main

CLAIM = Claim(
    "cm_extended", "Commerce", 77,
    "The great objection to this variation is that it makes the game wearisome for those players who are soon "
    "enabled to stand, as they have to wait while the others are being satisfied.",
    "trading turns per deal (ready-money trades + barters + exchanges) and rounds of the table, standard vs "
    "extended on the same deals, threshold strategy, by players",
)  # fmt: skip

TURNS = ("trades", "barters", "exchanges")


def answer(n: int, seed: int) -> Answer:
    rows, played, rules = [], 0, []
    for players in range(3, 9):
        c = compare("commerce", ["standard", "extended"], n, seed, players=players, precise="all")
        played = max(played, c.meta["n"])
        rules = [r.meta["rules_string"] for r in c.results]
        std, ext = c.results
        t_std = sum(std.metric(e)[0] for e in TURNS)
        t_ext = sum(ext.metric(e)[0] for e in TURNS)
        diffs = [c.diff("extended", e) for e in TURNS]
        rows.append(
            {
                "players": players,
                "turns/deal, standard": t_std,
                "turns/deal, extended": t_ext,
                "extra turns": sum(d for d, _ in diffs),
                "SE extra": sum(s for _, s in diffs),  # conservative
                "ratio": t_ext / t_std if t_std else float("nan"),
                "circuits, standard": std.metric("circuits")[0],
                "circuits, extended": ext.metric("circuits")[0],
                "extended deals stopped by the cap": ext.metric("capped")[0],
                "deals": c.meta["n"],
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        ax.plot(t["players"], t["turns/deal, standard"], "o-", label="standard")
        errorbar(ax, t["players"], t["turns/deal, extended"], t["SE extra"], "extended")
        ax.set_xlabel("players")
        ax.set_ylabel("trading turns per deal")
        ax.legend()

    f = t.set_index("players")
    return Answer(
        t,
        f"4 players: {f.loc[4, 'turns/deal, extended']:.2f} trading turns per deal extended against "
        f"{f.loc[4, 'turns/deal, standard']:.2f} standard (x{f.loc[4, 'ratio']:.1f}); 8 players: "
        f"{f.loc[8, 'turns/deal, extended']:.2f} against {f.loc[8, 'turns/deal, standard']:.2f}",
        "measured",
        "'wearisome' is a judgement; the table gives how much longer the trading lasts",
        rules,
        played,
        chart,
        [
            "Means only: the game records no per-deal histogram of turns, so no median or 90th percentile.",
            "Trading is stopped after max_circuits = 10 rounds of the table (a toolkit cap; the book has none); the "
            "share of extended deals stopped by it is given, and where it is large the extra turns are a lower "
            "bound.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
