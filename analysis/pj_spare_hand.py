"""pj_spare_hand: a dealt spare hand keeps the stops in proportion to the players."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, main, players_chart

CLAIM = Claim(
    "pj_spare_hand", "Pope Joan", 86,
    "The best way, however, is to deal a spare hand with the others, as then the number of stops bears an "
    "equitable proportion to the number of players engaged in the game.",
    "stops per deal and per player, cards played per deal, and the elder hand's edge over the mean role, for a "
    "spare hand vs the remainder set aside vs ten cards set aside, by players",
    "A dealt spare hand keeps the stops in proportion to the players",
)  # fmt: skip

RULES = {"spare hand": "hand", "remainder aside": "remainder", "ten aside": "10"}


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for label, spare in RULES.items():
            res = study.run("popejoan", "standard", players, rules=[f"spare={spare}"])
            stops, sse = res.metric("stops")
            rows.append(
                {
                    "players": players,
                    "set aside": label,
                    "stops per deal": stops,
                    "stops SE": sse,
                    "stops per player": stops / players,
                    "cards played": res.metric("plays")[0],
                    "elder net": res.metric("net", role="elder")[0],
                    "deals": res.meta["n"],
                }
            )
        return rows

    t = study.sweep(count)
    sp = t[t["set aside"] == "spare hand"]["stops per player"]
    rem = t[t["set aside"] == "remainder aside"]["stops per player"]
    return study.answer(
        t,
        f"stops per player range {sp.min():.2f}-{sp.max():.2f} with a spare hand, "
        f"{rem.min():.2f}-{rem.max():.2f} with the remainder set aside (3-8 players)",
        "measured",
        "'equitable proportion' is read from the stops per player across counts",
        players_chart(
            t,
            [("stops per player", lambda part: part["stops SE"] / part["players"], "{}")],
            "stops per deal per player",
            by="set aside",
            dodge=0.08,
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
