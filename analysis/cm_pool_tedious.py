"""cm_pool_tedious: Pool Commerce is very tedious for those who are first out."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "cm_pool_tedious", "Commerce", 75,
    "the adoption of this variation makes the game very tedious for those who are first out, as they may have to "
    "wait a considerable time before the stock of the other players is exhausted.",
    "hands the first player out sits out of a Pool Commerce game (median, 90th percentile and mean, from the "
    "first_out_wait histogram), beside the game's length in hands, three lives each, the horse at 1/3, threshold "
    "strategy, by players",
    "Pool Commerce is very tedious for those who are first out",
)  # fmt: skip

WAITS = [f"first_out_wait_{k}" for k in range(10)] + ["first_out_wait_10_or_more"]  # the histogram's buckets
CAP = 2_000_000  # whole pool games per count: the quantiles need no more


def quantile(probs: list[float], q: float) -> str:
    """The q-quantile of a histogram whose last bucket is open ('10+')."""
    total, acc = sum(probs), 0.0
    for k, p in enumerate(probs):
        acc += p
        if acc >= q * total - 1e-12:
            return f"{k}+" if k == len(probs) - 1 else str(k)
    return f"{len(probs) - 1}+"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        res = study.run("commerce", "pool", players, n=min(n, CAP))
        probs = [res.metric(x)[0] for x in WAITS]
        wait, wse = res.metric("first_out_wait")
        hands = res.metric("hands")[0]
        return {
            "players": players,
            "median wait (hands)": quantile(probs, 0.5),
            "p90 wait (hands)": quantile(probs, 0.9),
            "mean wait (hands)": wait,
            "SE": wse,
            "P(wait >= 5)": sum(probs[5:]),
            "game length (hands)": hands,
            "wait / game length": wait / hands if hands else float("nan"),
            "player-hands sat out per game": res.metric("sat_out")[0],
            "horses per game": res.metric("horses")[0],
            "games": res.meta["n"],
        }

    t = study.sweep(count)
    four, eight = at(t, 4), at(t, 8)
    return study.answer(
        t,
        f"the first player out waits a median of {four['median wait (hands)']} hands (p90 "
        f"{four['p90 wait (hands)']}) of a {four['game length (hands)']:.1f}-hand game with 4 players, "
        f"{eight['median wait (hands)']} (p90 {eight['p90 wait (hands)']}) of "
        f"{eight['game length (hands)']:.1f} with 8",
        "measured",
        "'very tedious' is a judgement; the table gives how long the first out waits",
        players_chart(
            t,
            [
                ("mean wait (hands)", "SE", "first out: mean hands waited"),
                ("game length (hands)", None, "whole game, hands"),
            ],
            "hands",
        ),
        [
            "One 'deal' of the run is one whole pool game. The first player out buys a horse (threshold strategy, "
            "1/3 of a stake) and so comes back for at least one hand; the wait counts the hands he sits out after "
            "he is finally out. The histogram's last bucket is '10 or more'.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
