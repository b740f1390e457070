"""pj_dealer_sees: looking at the spare hand gives the dealer so much advantage."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm

CLAIM = Claim(
    "pj_dealer_sees", "Pope Joan", 86,
    "It gives so much advantage to the dealer, who can play cards which he alone knows to be stops, that in such a "
    "case he ought to stand out",
    "the dealer's net counters per deal with dealer-sees-spare minus standard, same deals, by players",
    "Looking at the spare hand gives the dealer so much advantage",
)  # fmt: skip

GAIN = "dealer gain from seeing"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    t = study.gains(
        "popejoan",
        ["standard", "dealer-sees-spare"],
        "dealer-sees-spare",
        GAIN,
        role="dealer",
        extra=lambda c: {"dealer net, standard": c.results[0].metric("net", role="dealer")[0]},
    )
    return study.answer(
        t,
        f"{pm(at(t)[GAIN], at(t)['SE'])} counters per deal to the dealer, 4 players",
        combine(t["verdict"]),
        "the dealer's gain; 99% CI excludes 0 at every count",
        players_chart(t, [(GAIN, "SE", "dealer's gain from seeing the spare")], "counters per deal", zero=True),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
