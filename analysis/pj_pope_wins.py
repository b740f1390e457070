"""pj_pope_wins: Pope Joan Wins brings little or no recompense."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, combine, main, players_chart, pm, verdict_within

CLAIM = Claim(
    "pj_pope_wins", "Pope Joan", 85,
    "This is by no means a desirable innovation, and simply causes extra trouble for dealing, etc., with little or "
    "no recompense.",
    "the change in the dealer's net per deal, pope-wins minus standard on the same deals, judged against ±0.05 "
    "counters per deal; how often the 9♦ turn-up ends the deal shown beside it, by players",
    "Pope Joan Wins brings little or no recompense",
)  # fmt: skip

BAND = 0.05  # counters per deal: "little" (the toolkit's band for "fair / the same")
GAIN = "dealer net change"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("popejoan", ["standard", "pope-wins"], players)
        gain, se = c.diff("pope-wins", "net", role="dealer")
        return {
            "players": players,
            GAIN: gain,
            "SE": se,
            "deals ended by 9D turn-up": c.results[1].metric("turnup_pope")[0],
            "deals": c.meta["n"],
            "verdict": verdict_within(gain, se, BAND),
        }

    t = study.sweep(count)
    worst = t.loc[t[GAIN].abs().idxmax()]
    return study.answer(
        t,
        f"the dealer's gain from Pope Joan Wins is {t[GAIN].min():+.3f} to {t[GAIN].max():+.3f} counters per deal "
        f"over 3-8 players (largest {pm(worst[GAIN], worst['SE'])} at {worst['players']} players)",
        combine(t["verdict"]),
        f"'little or no recompense' read as the dealer's gain per deal (paired, same deals) lying inside ±{BAND} "
        "counters (99% CI) at every count; the 9♦ turns up in 1/51 of deals whatever the rule (a fact of the pack, "
        "shown but not judged)",
        players_chart(
            t, [(GAIN, "SE", "dealer's gain, pope-wins minus standard")], "counters per deal", zero=True, band=BAND
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
