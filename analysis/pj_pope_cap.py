"""pj_pope_cap: with few players, limit the Pope turn-up payment to four or six."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "pj_pope_cap", "Pope Joan", 82,
    "If there are but few players engaged in the game, it is best to agree that the payment for Pope Joan shall be "
    "limited to either four or six counters or coins",
    "counters paid to the dealer for a 9♦ turn-up, by all the others together (per turn-up and per deal) "
    "and the dealer's net per deal, "
    "uncapped vs capped at 4 vs 6, same deals, by players",
    "With few players, limit what each player pays for a Pope Joan turn-up to four or six counters",
)  # fmt: skip

ARMS = {"uncapped": "standard", "cap 4": "pope-cap-4", "cap 6": "pope-cap-6"}


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        c = study.compare("popejoan", list(ARMS.values()), players, precise="all")
        rows = []
        for (label, arm), res in zip(ARMS.items(), c.results):
            paid, _ = res.metric("pope_turnup_paid")
            turnups, _ = res.metric("turnup_pope")
            dealer, dse = res.metric("net", role="dealer")
            change, cse = (0.0, 0.0) if label == "uncapped" else c.diff(arm, "net", role="dealer")
            rows.append(
                {
                    "players": players,
                    "rule": label,
                    "paid per turn-up": paid / turnups if turnups else 0.0,
                    "paid per deal": paid,
                    "dealer net/deal": dealer,
                    "dealer SE": dse,
                    "dealer change vs uncapped": change,
                    "change SE": cse,
                    "deals": res.meta["n"],
                }
            )
        return rows

    t = study.sweep(count)
    three = {label: at(t, 3, {"rule": label})["paid per turn-up"] for label in ARMS}
    return study.answer(
        t,
        f"with 3 players a 9♦ turn-up pays the dealer {three['uncapped']:.1f} counters uncapped, "
        f"{three['cap 4']:.1f} capped at 4 and {three['cap 6']:.1f} capped at 6 (the caps are per player: each of "
        "the others pays at most 4 or 6); the cap moves the dealer's net by the amounts in the table",
        "measured",
        "a matter of taste: the table gives the size of the payment and the dealer's net under "
        "each rule for the reader to judge",
        players_chart(t, [("paid per turn-up", None, "{}")], "counters paid per 9♦ turn-up", by="rule"),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
