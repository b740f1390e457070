"""sp_honours (p. 79): after an ace, king, queen or knave is turned up "there are so few chances of either of the
players having a better one"."""

from __future__ import annotations

import math

import pandas as pd
from _common import Answer, Claim, combine, main, run, verdict_below

CLAIM = Claim(
    "sp_honours", "Speculation", 79,
    "This method saves the time of going all round with the hands, when with so high a card turned up there are so "
    "few chances of either of the players having a better one, as to virtually put an end to all speculation that "
    "hand.",
    "the chance that a turned-up king, queen or knave (the ace cannot be beaten) has a higher trump somewhere in "
    "the hands, simulated on fresh deals beside the exact hypergeometric value, by players, 52 and 32 cards; "
    "'so few' taken as less than one in four",
)  # fmt: skip

FEW = 0.25
HONOURS = (("K", 1), ("Q", 2), ("J", 3))  # rank, trumps above it
CASES = [(52, p) for p in range(3, 11)] + [(32, p) for p in range(3, 7)]  # the book's desirable numbers


def exact_beaten(pack: int, players: int, higher: int) -> float:
    """1 - C(N-1-h, D) / C(N-1, D): some higher trump among the D = 3 x players cards dealt."""
    dealt = 3 * players
    return 1 - math.comb(pack - 1 - higher, dealt) / math.comb(pack - 1, dealt)


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played, rules = [], [], 0, []
    for pack, players in CASES:
        extra = ["honour_redeal=true", f"pack={pack}"]
        res = run("speculation", "standard", n, seed, players=players, strategy="naive", rules=extra)
        played = max(played, res.meta["n"])
        ev = res.meta["event_counts"]
        for rank, higher in HONOURS:
            turned = ev[f"turned_{rank}"]
            p = 1 - ev[f"unbeaten_{rank}"] / turned if turned else float("nan")
            se = math.sqrt(max(p * (1 - p), 0.25 / turned) / turned) if turned else float("nan")
            v = verdict_below(p, se, FEW) if turned else "inconclusive"
            verdicts.append(v)
            rows.append(
                {
                    "pack": pack,
                    "players": players,
                    "turn-up": rank,
                    "P(beaten), simulated": p,
                    "SE": se,
                    "P(beaten), exact": exact_beaten(pack, players, higher),
                    "turned up": turned,
                    "verdict": v,
                }
            )
        rules.append(res.meta["rules_string"])
    t = pd.DataFrame(rows)

    def chart(ax):
        for (pack, rank), sub in t.groupby(["pack", "turn-up"], sort=False):
            line = ax.plot(sub["players"], sub["P(beaten), exact"], lw=1, ls="--" if pack == 32 else "-")[0]
            ax.plot(sub["players"], sub["P(beaten), simulated"], "o", color=line.get_color(), label=f"{rank}, {pack}")
        ax.axhline(FEW, color="grey", lw=0.8)
        ax.set_xlabel("players")
        ax.set_ylabel("P(turn-up beaten)")
        ax.legend(ncol=2, fontsize=8)

    four = t[(t["pack"] == 52) & (t["players"] == 4)].set_index("turn-up")["P(beaten), exact"]
    return Answer(
        t,
        f"4 players, 52 cards: a turned-up king is beaten {four['K']:.0%} of the time, a queen {four['Q']:.0%}, a "
        f"knave {four['J']:.0%} (exact; the simulation agrees)",
        combine(verdicts),
        f"'so few chances' read as below {FEW:.0%} (99% CI): true of the king with few players only; a queen or a "
        "knave is beaten far more often, so the rule passes the deal on cards that are often beaten",
        sorted(set(rules)),
        played,
        chart,
        [
            "Simulated on fresh deals (honour_redeal), where the exact value holds: after an honour with the hands "
            "kept, the next trump card is drawn from a pack short of the honours already turned. Only the hands "
            "count: the ace is never beaten.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
