"""pj_stops_first: play out known stops at once, or lead up to them."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm

CLAIM = Claim(
    "pj_stops_first", "Pope Joan", 83,
    "the known stops should be played out at the first opportunity, or led up to as early as possible",
    "net counters per deal of seat 0 playing the book strategy (remembers played cards, plays out and leads up to "
    "its known stops) minus seat 0 leading its lowest card, the others book, same deals, by players",
)  # fmt: skip

GAIN = "book minus lowest (counters/deal)"


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)
    t = study.gains("popejoan", ["0=lowest", "standard"], "standard", GAIN, seat=0)
    return study.answer(
        t,
        f"{pm(at(t)[GAIN], at(t)['SE'])} counters per deal with 4 players (99% CI)",
        combine(t["verdict"]),
        "the book player's gain; supported when the 99% CI excludes 0 at every count",
        players_chart(t, [(GAIN, "SE", "book strategy over lowest-card leader")], "gain, counters per deal", zero=True),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
