"""cm_old_vs_modern (p. 74): the old game does not afford so much scope as the modern."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, combine, compare, errorbar, main, pm, verdict_positive

CLAIM = Claim(
    "cm_old_vs_modern", "Commerce", 74,
    "The older mode of playing the game of Commerce differs materially from the description given above, and as it "
    "does not present such chances, but is of a more limited character, it is not so interesting, nor does it "
    "afford so much scope for speculation and excitement.",
    "the skill gap (seat 0 threshold minus seat 0 random, the others threshold, same deals, stakes per deal) in the "
    "modern (standard) and old games and its difference, and the spread of a seat's results (SD of seat 0's net "
    "per deal), by players",
)  # fmt: skip

ARMS = ["standard", "standard+0=random", "old", "old+0=random"]


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played, rules = [], [], 0, []
    for players in range(3, 9):
        c = compare("commerce", ARMS, n, seed, players=players)
        played = max(played, c.meta["n"])
        rules = [c.results[0].meta["rules_string"], c.results[2].meta["rules_string"]]
        d_rs, s_rs = c.diff("standard+0=random", "net", seat=0)
        d_o, s_o = c.diff("old", "net", seat=0)
        d_ro, s_ro = c.diff("old+0=random", "net", seat=0)
        gap_std, se_std = -d_rs, s_rs
        gap_old, se_old = d_o - d_ro, s_o + s_ro  # conservative: SEs added
        more, se_more = gap_std - gap_old, s_rs + s_o + s_ro  # conservative
        v = verdict_positive(more, se_more)
        verdicts.append(v)
        deals = c.meta["n"]
        sd = {a: r.metric("net", seat=0)[1] * deals**0.5 for a, r in zip(ARMS, c.results)}
        rows.append(
            {
                "players": players,
                "skill gap, modern": gap_std,
                "SE modern": se_std,
                "skill gap, old": gap_old,
                "SE old": se_old,
                "modern minus old": more,
                "SE difference": se_more,
                "SD of seat 0 net/deal, modern": sd["standard"],
                "SD of seat 0 net/deal, old": sd["old"],
                "deals": deals,
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        errorbar(ax, t["players"], t["skill gap, modern"], t["SE modern"], "modern (trade and barter)")
        errorbar(ax, t["players"], t["skill gap, old"], t["SE old"], "old (the widow)")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("threshold minus random, stakes/deal")
        ax.legend()

    f = t.set_index("players")
    v = combine(verdicts)
    return Answer(
        t,
        f"4 players: skill is worth {pm(f.loc[4, 'skill gap, modern'], f.loc[4, 'SE modern'])} stakes per deal in "
        f"the modern game, {pm(f.loc[4, 'skill gap, old'], f.loc[4, 'SE old'])} in the old; difference "
        f"{pm(f.loc[4, 'modern minus old'], f.loc[4, 'SE difference'])} (99% CI)",
        v,
        "'scope' read as the skill gap (good play over random play); supported when the modern game's gap exceeds "
        "the old game's (99% CI of the difference above 0) at every count",
        rules,
        played,
        chart,
        [
            "The skill gaps are paired differences against the modern game with seat 0 on threshold; differences of "
            "them take the SEs added (conservative, the arms share the deals). 'Chances' and 'excitement' are not "
            "measured beyond the spread of a seat's net per deal (SD estimated as the SE of the mean times the "
            "square root of the deals).",
            "Both games are paid in stakes: the modern game's pool, dealer's stake and ready money; the old game's "
            "stake from each player to the winner.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
