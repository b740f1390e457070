"""cm_old_vs_modern: the old game does not afford so much scope as the modern."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, verdict_positive

CLAIM = Claim(
    "cm_old_vs_modern", "Commerce", 74,
    "The older mode of playing the game of Commerce differs materially from the description given above, and as it "
    "does not present such chances, but is of a more limited character, it is not so interesting, nor does it "
    "afford so much scope for speculation and excitement.",
    "the skill gap (seat 0 threshold minus seat 0 random, the others threshold, same deals, stakes per deal) in the "
    "modern (standard) and old games and its difference, and the spread of a seat's results (SD of seat 0's net "
    "per deal), by players",
    "The old game does not afford so much scope as the modern",
)  # fmt: skip

ARMS = ["standard", "standard+0=random", "old", "old+0=random"]


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("commerce", ARMS, players)
        d_rs, s_rs = c.diff("standard+0=random", "net", seat=0)
        d_o, s_o = c.diff("old", "net", seat=0)
        d_ro, s_ro = c.diff("old+0=random", "net", seat=0)
        gap_std, se_std = -d_rs, s_rs
        gap_old, se_old = d_o - d_ro, s_o + s_ro  # conservative: SEs added
        more, se_more = gap_std - gap_old, s_rs + s_o + s_ro  # conservative
        deals = c.meta["n"]
        sd = {a: r.metric("net", seat=0)[1] * deals**0.5 for a, r in zip(ARMS, c.results)}
        return {
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
            "verdict": verdict_positive(more, se_more),
        }

    t = study.sweep(count)
    f = at(t)
    return study.answer(
        t,
        f"4 players: skill is worth {pm(f['skill gap, modern'], f['SE modern'])} stakes per deal in "
        f"the modern game, {pm(f['skill gap, old'], f['SE old'])} in the old; difference "
        f"{pm(f['modern minus old'], f['SE difference'])} (99% CI)",
        combine(t["verdict"]),
        "'scope' read as the skill gap (good play over random play); supported when the modern game's gap exceeds "
        "the old game's (99% CI of the difference above 0) at every count",
        players_chart(
            t,
            [
                ("skill gap, modern", "SE modern", "modern (trade and barter)"),
                ("skill gap, old", "SE old", "old (the widow)"),
            ],
            "threshold minus random, stakes/deal",
            zero=True,
        ),
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
