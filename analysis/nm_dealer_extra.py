"""nm_dealer_extra: the dealer pays one extra counter to the layout."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, gain, main, players_chart, pm, role_gap, verdict_positive

CLAIM = Claim(
    "nm_dealer_extra", "Newmarket", 89,
    "The several players pay a coin or counter to form the first pool, and may put it on whichever card of the four "
    "turned up they choose, provided that all four are covered.  The dealer pays one extra throughout the game.",
    "what the extra counter costs the dealer: his net per deal with the extra (dealer_extra=1, the book's rule) "
    "minus without it (dealer_extra=0), same deals; and the dealer's edge over the other roles (from each "
    "session's difference) under the book's rule, for the book, lowest and random strategies, by players",
    "The dealer pays one extra counter to the layout",
)  # fmt: skip

COST = "extra counter's effect on the dealer"
EDGE = "dealer minus others"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("newmarket", ["standard", "dealer_extra=0"], players)
        cost, cse = gain(c, "standard", role="dealer")
        edge, ese = role_gap(c.results[0])
        return {"players": players, COST: cost, "SE": cse, EDGE: edge, "SE edge": ese,
                "dealer behind?": verdict_positive(-edge, ese), "deals": c.meta["n"]}  # fmt: skip

    t = study.sweep(count)
    four, three = at(t, 4), at(t, 3)
    return study.answer(
        t,
        f"the extra counter changes the dealer's net by {pm(four[COST], four['SE'])} counters per deal with 4 "
        f"players ({t[COST].min():+.3f} to {t[COST].max():+.3f} over 3-8); his edge over the others is "
        f"{pm(three[EDGE], three['SE edge'], 2)} with 3 players, {pm(four[EDGE], four['SE edge'], 2)} with 4",
        "measured",
        "the book states the rule; the table measures what it costs the dealer (paired, the same deals with and "
        "without it, dealer_extra=0 switching it off). Whether the dealer ends behind the other roles is mostly the "
        "order of play and how the others play (the 'dealer behind?' column, under each play), so no verdict is "
        "drawn from it",
        players_chart(
            t,
            [(COST, "SE", "the extra counter"), (EDGE, "SE edge", "dealer minus others")],
            "counters per deal",
            zero=True,
        ),  # fmt: skip
    )


if __name__ == "__main__":
    main(CLAIM, answer)
