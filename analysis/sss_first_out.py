"""sss_first_out: with first-out and many players it becomes an easy matter to clear a hand."""

from __future__ import annotations

import math

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm, verdict_positive

CLAIM = Claim(
    "sss_first_out", "Snip-Snap-Snorum", 94,
    "By this system each deal becomes complete in itself, but it will not be found a very desirable innovation "
    "if many players are engaged, as in that case the cards are so divided that it becomes an easy matter to "
    "clear a hand.",
    "in the first-out game (the whole pack dealt, the first player rid of his cards takes the pool): cards played "
    "before someone is out, and the chance that the winner cleared his whole hand in one spell of play (never "
    "paired by the next player), all seats the play, by number of players",
    "With first-out and many players it becomes an easy matter to clear a hand",
)  # fmt: skip

CAP = 1_000_000  # deals (each a whole first-out game) per count
ONE = "winner cleared his hand in one spell"
SHARE = "share of the pack played before one is out"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        res = study.run("snipsnap", "first-out", players, n=min(n, CAP))
        turns, turns_se = res.metric("turns")
        one, one_se = res.metric("cleared_in_one_spell")
        return {
            "players": players,
            "cards in a hand": f"{52 // players}-{-(-52 // players)}" if 52 % players else f"{52 // players}",
            "cards played before one is out": turns,
            "SE": turns_se,
            SHARE: turns / 52,
            ONE: one,
            "one-spell SE": one_se,
            "spells per deal": res.metric("spells")[0],
            "pool won (counters)": res.metric("pool_taken")[0],
            "deals": res.meta["n"],
        }

    t = study.sweep(count, range(2, 11))
    few, many = at(t, 3), at(t, 10)
    more = many[ONE] - few[ONE]
    se = math.hypot(many["one-spell SE"], few["one-spell SE"])
    return study.answer(
        t,
        f"the winner cleared his hand in one spell in {many[ONE]:.3f} of deals with 10 players against "
        f"{few[ONE]:.3f} with 3 ({pm(more, se)}, 99% CI); someone is out after "
        f"{many['cards played before one is out']:.1f} cards with 10, {few['cards played before one is out']:.1f} "
        "with 3",
        verdict_positive(more, se),
        "'an easy matter to clear a hand': supported when a hand is cleared in one uninterrupted spell more often "
        "with 10 players than with 3 (99% CI of the difference, independent runs, excludes 0)",
        players_chart(t, [(ONE, "one-spell SE", ONE), (SHARE, None, SHARE)], "share"),
        [
            "In first-out each deal is a whole game ('deal' of the run) with counters unlimited. A spell is a run "
            "of cards played by one player in a row: he plays on until the next player pairs him (p. 93).",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
