"""spin_unplayed: a player left holding Spin pays double."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "spin_unplayed", "Spin", 88,
    "If the holder of Spin does not succeed in playing it he has to pay double to the winner of the game for every "
    "card remaining in his hand.",
    "how often Spin is played, played with a card, or left unplayed per deal, what the unplayed Spin costs its "
    "holder, and the change in the players' nets when the penalty is single instead of double, by players",
)  # fmt: skip


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> dict:
        c = study.compare("spin", ["standard", "spin_penalty=1"], players, precise="n")
        res = c.results[0]
        unplayed, use = res.metric("spin_unplayed")
        paid = res.metric("spin_penalty_paid")[0]
        return {
            "players": players,
            "Spin played per deal": res.metric("spin_played")[0],
            "with a card": res.metric("spin_with_card")[0],
            "left unplayed per deal": unplayed,
            "unplayed SE": use,
            "penalty per unplayed Spin": paid / unplayed if unplayed else float("nan"),
            "deals": c.meta["n"],
        }

    t = study.sweep(count)
    four = at(t)
    return study.answer(
        t,
        f"4 players: Spin is left unplayed in {four['left unplayed per deal']:.3%} of deals, costing its "
        f"holder {four['penalty per unplayed Spin']:.1f} counters when it is",
        "measured",
        "the rule is the book's; the table shows how often it bites and what it costs",
        players_chart(t, [("left unplayed per deal", "unplayed SE", "Spin left unplayed")], "share of deals"),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
