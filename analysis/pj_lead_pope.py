"""pj_lead_pope: lead Pope Joan and the ace of trumps at the first opportunity."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm

CLAIM = Claim(
    "pj_lead_pope", "Pope Joan", 82,
    "For this reason Pope Joan or ace of trumps should be led on the first opportunity, as neither of them can be "
    "played up to, each following a stop.",
    "net counters per deal of seat 0 leading 9♦ and the trump ace at once (book) minus the same seat holding them "
    "back (hold-pope), the others the play, on the same deals, by number of players",
    "Lead Pope Joan and the ace of trumps at the first opportunity",
)  # fmt: skip

GAIN = "book minus hold-pope (counters/deal)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    t = study.gains("popejoan", ["0=book", "0=hold-pope"], "0=book", GAIN, seat=0)
    v = combine(t["verdict"])
    return study.answer(
        t,
        f"{pm(at(t)[GAIN], at(t)['SE'])} counters per deal with 4 players (99% CI); rows per count",
        v,
        "gain of leading at once over holding back; 99% CI excludes 0 at every count"
        if v == "supported"
        else "see the rows",
        players_chart(t, [(GAIN, "SE", "leading 9♦/trump ace at once")], "gain, counters per deal", zero=True),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
