"""sp_honours: after an ace, king, queen or knave is turned up "there are so few chances of either of the players
having a better one"."""

from __future__ import annotations

import math

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, verdict_below

CLAIM = Claim(
    "sp_honours", "Speculation", 79,
    "This method saves the time of going all round with the hands, when with so high a card turned up there are so "
    "few chances of either of the players having a better one, as to virtually put an end to all speculation that "
    "hand.",
    "the chance that a turned-up king, queen or knave (an ace cannot be beaten) has a higher trump somewhere in "
    "the hands, simulated on fresh deals beside the exact hypergeometric value, by players (52 cards: 3-10, 32 "
    "cards: 3-6); 'so few' read as less than one in four",
)  # fmt: skip

FEW = 0.25
HONOURS = (("K", 1), ("Q", 2), ("J", 3))  # rank, trumps above it
LIMITS = {52: 10, 32: 6}  # the most players the book finds desirable with each pack (p. 77)
BEATEN, EXACT = "P(beaten), simulated", "P(beaten), exact"


def exact_beaten(pack: int, players: int, higher: int) -> float:
    """1 - C(N-1-h, D) / C(N-1, D): some higher trump among the D = 3 x players cards dealt."""
    dealt = 3 * players
    return 1 - math.comb(pack - 1 - higher, dealt) / math.comb(pack - 1, dealt)


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for pack, most in LIMITS.items():
            if players > most:
                continue
            extra = ["honour_redeal=true", f"pack={pack}"]
            ev = study.run("speculation", "standard", players, strategy="naive", rules=extra).meta["event_counts"]
            for rank, higher in HONOURS:
                turned = ev[f"turned_{rank}"]
                p = 1 - ev[f"unbeaten_{rank}"] / turned
                se = math.sqrt(max(p * (1 - p), 0.25 / turned) / turned)
                rows.append(
                    {
                        "pack": pack,
                        "players": players,
                        "turn-up": rank,
                        BEATEN: p,
                        "SE": se,
                        EXACT: exact_beaten(pack, players, higher),
                        "turned up": turned,
                        "verdict": verdict_below(p, se, FEW),
                    }
                )
        return rows

    t = study.sweep(count, range(3, 11))
    lines = t.assign(line=t["turn-up"] + ", " + t["pack"].astype(str) + " cards")
    four = {rank: at(t, 4, {"pack": 52, "turn-up": rank})[EXACT] for rank, _ in HONOURS}
    return study.answer(
        t,
        f"4 players, 52 cards: a turned-up king is beaten {four['K']:.0%} of the time, a queen {four['Q']:.0%}, a "
        f"knave {four['J']:.0%} (exact; the simulation agrees within its error)",
        combine(t["verdict"]),
        f"'so few chances' read as below {FEW:.0%} (99% CI): true of the king with three or four players only; a "
        "queen or a knave is beaten far more often, so the rule ends the deal on cards that are often beaten",
        players_chart(lines, [(BEATEN, "SE", "{}")], "P(turn-up beaten)", by="line"),
        [
            "Simulated on fresh deals (honour_redeal), where the exact value holds: after an honour with the hands "
            "kept, the next trump card comes from a pack short of the honours already turned. Only the players' "
            "hands count; an ace is never beaten.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
