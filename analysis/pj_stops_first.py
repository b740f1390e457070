"""pj_stops_first: play out known stops at once, or lead up to them."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm

CLAIM = Claim(
    "pj_stops_first", "Pope Joan", 83,
    "the known stops should be played out at the first opportunity, or led up to as early as possible",
    "net counters per deal of seat 0 playing the book strategy minus seat 0 playing the same strategy without "
    "that one rule (book-no-stops: the same memory, the Pope-first lead and the honour leads), the others the play, "
    "same deals, by players",
    "Play out known stops at once, or lead up to them",
)  # fmt: skip

GAIN = "book minus book-no-stops (counters/deal)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    t = study.gains("popejoan", ["0=book-no-stops", "0=book"], "0=book", GAIN, seat=0)
    return study.answer(
        t,
        f"{pm(at(t)[GAIN], at(t)['SE'])} counters per deal with 4 players (99% CI): what the stops rule alone is "
        "worth, the strategies differing in nothing else",
        combine(t["verdict"]),
        "the gain of playing out and leading up to known stops, against a strategy identical but for that rule; "
        "supported when the 99% CI excludes 0 at every count",
        players_chart(t, [(GAIN, "SE", "book over book without the stops rule")], "gain, counters per deal", zero=True),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
