"""nm_dealer_extra: the dealer pays one extra counter to the layout."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm, role_gap, verdict_positive

CLAIM = Claim(
    "nm_dealer_extra", "Newmarket", 89,
    "The several players pay a coin or counter to form the first pool, and may put it on whichever card of the four "
    "turned up they choose, provided that all four are covered.  The dealer pays one extra throughout the game.",
    "the dealer's net per deal minus the mean of the other roles, stakes carried between deals, and the elder "
    "hand's net, by players (book strategy, the book's layout)",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> dict:
        res = study.run("newmarket", "standard", players)
        edge, se = role_gap(res)
        return {
            "players": players,
            "dealer net/deal": res.metric("net", role="dealer")[0],
            "dealer minus others": edge,
            "SE": se,
            "elder net/deal": res.metric("net", role="elder")[0],
            "stakes carried per deal": res.metric("stakes_carried")[0],
            "deals": res.meta["n"],
            "dealer behind?": verdict_positive(-edge, se),
        }

    t = study.sweep(count)
    four = at(t)
    return study.answer(
        t,
        f"4 players: the dealer nets {four['dealer net/deal']:+.3f} per deal, "
        f"{pm(four['dealer minus others'], four['SE'])} against the other roles; "
        f"{four['stakes carried per deal']:.2f} stakes carried per deal",
        "measured",
        "the book states the rule; the table measures what the extra counter costs the dealer",
        players_chart(
            t, [("dealer minus others", "SE", "dealer minus the other roles")], "counters per deal", zero=True
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
