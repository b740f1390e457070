"""jig_lead: lead cards that bring the Jig into your own hand."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm

CLAIM = Claim(
    "jig_lead", "Jig", 96,
    "It will thus be seen that the object of the players should be to lead such cards as will bring the Jig into "
    "their own hand again whenever possible, as then another card has to be led, and a greater chance exists of "
    "clearing the hand.",
    "net counters per deal of seat 0 leading for its own Jig (book) minus seat 0 playing the same strategy "
    "without seeking its Jig (book-no-jig: the same memory, the lead that sheds most), the others the play, same "
    "deals, by players",
    "Lead cards that bring the Jig into your own hand",
)  # fmt: skip

GAIN = "book minus book-no-jig (counters/deal)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    t = study.gains(
        "jig",
        ["0=book-no-jig", "0=book"],
        "0=book",
        GAIN,
        seat=0,
        extra=lambda c: {"Jigs kept by their leader per deal": c.results[1].metric("jig_kept")[0]},
    )
    return study.answer(
        t,
        f"{pm(at(t)[GAIN], at(t)['SE'])} counters per deal with 4 players (99% CI): what seeking one's own Jig "
        "alone is worth, the strategies differing in nothing else",
        combine(t["verdict"]),
        "the Jig-seeking leader's gain over the same leader without that rule; supported when the 99% CI excludes "
        "0 at every count",
        players_chart(t, [(GAIN, "SE", "book over book without Jig-seeking")], "gain, counters per deal", zero=True),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
