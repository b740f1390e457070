"""sp_dealer: the dealer pays two counters into the pool, the others one."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm, role_gap

CLAIM = Claim(
    "sp_dealer", "Speculation", 77,
    "The first dealer is decided in the manner explained in connection with \"Nap\" (see page 9), and he has to pay "
    "two coins or counters into the pool, each of the other players contributing one.",
    "the dealer's net counters per deal minus the mean of the other roles, each variant, by players, every seat "
    "naive (the plain game; shrewd players never trade with one another, so an all-shrewd table plays it too)",
)  # fmt: skip

VARIANTS = ("standard", "pool-turnup", "spare-hand", "knave-five")
EDGE = "dealer minus others"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for variant in VARIANTS:
            res = study.run("speculation", variant, players, strategy="naive")
            edge, se = role_gap(res)
            rows.append(
                {
                    "variant": variant,
                    "players": players,
                    "dealer net/deal": res.metric("net", role="dealer")[0],
                    EDGE: edge,
                    "SE": se,
                    "dealer ends as chief": res.metric("win", role="dealer")[0] if variant != "pool-turnup" else None,
                    "pools carried/deal": res.metric("pools_carried")[0],
                    "deals": res.meta["n"],
                }
            )
        return rows

    t = study.sweep(count, (3, 4, 6, 8, 10))
    four = at(t, 4, {"variant": "standard"})
    pool = at(t, 4, {"variant": "pool-turnup"})
    return study.answer(
        t,
        f"4 players: the dealer nets {pm(four[EDGE], four['SE'])} counters per deal more than the others, though he "
        f"pays double; {pm(pool[EDGE], pool['SE'])} when the pool owns the trump card (99% CI)",
        "measured",
        "the book states the double stake without comment; the table measures what it buys: the trump card, the "
        "dealer's unless the pool owns it (pool-turnup)",
        players_chart(t, [(EDGE, "SE", "{}")], "dealer minus others, counters per deal", zero=True, by="variant"),
        [
            "Under pool-turnup the 'dealer ends as chief' column is left out: the dealer there exposes his cards like "
            "any player, and the win of the pool's own trump card is counted to him only for the record.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
