"""pj_pope_wins: Pope Joan Wins brings little or no recompense."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, main, players_chart, pm, verdict_below

CLAIM = Claim(
    "pj_pope_wins", "Pope Joan", 85,
    "This is by no means a desirable innovation, and simply causes extra trouble for dealing, etc., with little or "
    "no recompense.",
    "how often the 9♦ turn-up ends the deal (rate per deal) and the change in the dealer's net per deal, "
    "pope-wins minus standard, same deals, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> dict:
        c = study.compare("popejoan", ["standard", "pope-wins"], players, precise="all")
        rate, rse = c.results[1].metric("turnup_pope")
        gain, se = c.diff("pope-wins", "net", role="dealer")
        return {
            "players": players,
            "deals ended by 9D turn-up": rate,
            "rate SE": rse,
            "dealer net change": gain,
            "SE": se,
            "deals": c.meta["n"],
        }

    t = study.sweep(count)
    pooled = sum(t["deals ended by 9D turn-up"] * t["deals"]) / t["deals"].sum()
    pooled_se = (sum((t["rate SE"] * t["deals"]) ** 2) ** 0.5) / t["deals"].sum()
    return study.answer(
        t,
        f"triggers in {pooled:.4f} of deals ({pm(pooled, pooled_se, 4)}); the dealer gains "
        f"{pm(t['dealer net change'].mean(), t['SE'].mean())} counters per deal on average over 3-8 players",
        verdict_below(pooled, pooled_se, 0.05),
        "the variation changes the outcome in under 5% of deals (99% CI), so 'little recompense' holds "
        "in frequency; its size per deal is in the table",
        players_chart(
            t, [("dealer net change", "SE", "dealer's net change (counters/deal)")], "counters per deal", zero=True
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
