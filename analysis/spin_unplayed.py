"""spin_unplayed: a player left holding Spin pays double."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "spin_unplayed", "Spin", 88,
    "If the holder of Spin does not succeed in playing it he has to pay double to the winner of the game for every "
    "card remaining in his hand.",
    "how often Spin is played, played with a card, or left unplayed per deal, what the unplayed Spin costs its "
    "holder, and the change in the players' nets when the penalty is single instead of double, by players",
    "A player left holding Spin pays double",
)  # fmt: skip


DOUBLING = "doubling's cost per unplayed Spin"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("spin", ["standard", "spin_penalty=1"], players, precise="n")
        res, single = c.results
        unplayed, use = res.metric("spin_unplayed")
        paid = res.metric("spin_penalty_paid")[0]
        less, lse = c.diff("spin_penalty=1", "spin_penalty_paid")  # single minus double, same deals
        per = (lambda x: x / unplayed) if unplayed else (lambda x: float("nan"))
        return {
            "players": players,
            "Spin played per deal": res.metric("spin_played")[0],
            "with a card": res.metric("spin_with_card")[0],
            "left unplayed per deal": unplayed,
            "unplayed SE": use,
            "penalty per unplayed Spin (double)": per(paid),
            "single penalty per unplayed Spin": per(single.metric("spin_penalty_paid")[0]),
            DOUBLING: per(-less),
            "doubling's cost SE": per(lse),
            "deals": c.meta["n"],
        }

    t = study.sweep(count)
    four = at(t)
    return study.answer(
        t,
        f"4 players: Spin is left unplayed in {four['left unplayed per deal']:.3%} of deals; its holder then pays "
        f"{four['penalty per unplayed Spin (double)']:.1f} counters at double, "
        f"{four['single penalty per unplayed Spin']:.1f} at single: the doubling costs him "
        f"{four[DOUBLING]:.1f} (paired, same deals)",
        "measured",
        "the rule is the book's; the table shows how often it bites, what the whole payment is, and what the "
        "doubling alone adds (the single-penalty column: spin_penalty=1 on the same deals)",
        players_chart(t, [("left unplayed per deal", "unplayed SE", "Spin left unplayed")], "share of deals"),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
