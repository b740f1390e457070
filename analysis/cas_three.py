"""cas_three (p. 100): with three players, the two lowest combining against the highest leaves many deals negative."""

from __future__ import annotations

import pandas as pd
from _cassino import per_game, play, ratio, width_for
from _common import Answer, Claim, ci99, main, pm

from sim import runner

CLAIM = Claim(
    "cas_three", "Cassino", 100,
    "This method will not be found desirable in actual play, as it leads to so many hands resulting in a negative "
    "score.",
    "three players, every deal counted three ways on the same deals: the share of deals in which nobody scores "
    "(own points; lowest scores nothing; two lowest combine) and in which the two lowest exceed the highest; and "
    "the deals a game to 11 lasts under each scoring",
)  # fmt: skip

METHODS = [
    ("own points", [], "nobody_own"),
    ("lowest scores nothing", ["lowest_scores_nothing=true"], "nobody_lowest"),
    ("two lowest combine", ["two_lowest_combine=true"], "nobody_combine"),
]
NAMES = ["deals", "nobody_own", "nobody_lowest", "nobody_combine", "negative_combine"]
RARE = 0.05  # the reports' threshold for "rare / few"


def answer(n: int, seed: int) -> Answer:
    specs = [runner.make_spec("cassino", n=n, seed=seed, players=3, rules=r) for _, r, _ in METHODS]

    def watch(m):
        return 1.96 * ratio(m, "0:negative_combine", "0:deals")[1] * 10  # shares: 0.001 at full size

    m = play(specs, NAMES, n, width_for(n), watch)
    negative, neg_se = ratio(m, "0:negative_combine", "0:deals")
    rows = []
    for a, (label, _, event) in enumerate(METHODS):
        share, se = ratio(m, f"0:{event}", "0:deals")
        length, length_se = per_game(m, f"{a}:deals", specs[a].deals_per_session)
        rows.append(
            {
                "scoring": label,
                "deals nobody scores": share,
                "SE": se,
                "deals a negative balance": negative if event == "nobody_combine" else float("nan"),
                "SE negative": neg_se if event == "nobody_combine" else float("nan"),
                "deals per game to 11": length,
                "SE deals per game": length_se,
            }
        )
    t = pd.DataFrame(rows)
    combine, combine_se = t.iloc[2, 1], t.iloc[2, 2]
    lo, hi = ci99(combine, combine_se)
    above = all(ci99(combine - t.iloc[k, 1], (combine_se**2 + t.iloc[k, 2] ** 2) ** 0.5)[0] > 0 for k in (0, 1))
    verdict = "supported" if lo > RARE and above else "refuted" if hi < RARE else "inconclusive"
    played = m.sessions * specs[0].deals_per_session
    deals = int(m.s1[m.index("0:deals")])

    def chart(ax):
        ax.bar(t["scoring"], t["deals nobody scores"], yerr=1.96 * t["SE"], capsize=3, color="#7a9")
        ax.set_ylabel("share of deals in which nobody scores")
        ax.set_ylim(0, 1)

    return Answer(
        t,
        f"nobody scores in {pm(combine, combine_se)} of three-player deals when the two lowest combine (99% CI; "
        f"{negative:.1%} strictly negative), against {t.iloc[0, 1]:.1%} counting own points and "
        f"{t.iloc[1, 1]:.1%} when the lowest scores nothing",
        verdict,
        "supported when the share of deals in which nobody scores under the two-lowest method is not rare (99% "
        "CI above 5%) and above both other methods' (99% CI), refuted when rare; 'negative score' is read as the "
        "book's 'neither party scores' (amount to or exceed), the strictly negative share is shown beside it; "
        "every deal is counted all three ways (the play does not depend on the scoring)",
        [runner.rules_string("cassino", s.rules) for s in specs],
        played,
        chart,
        [f"{deals:,} deals in {played:,} games of the own-points run; per-deal shares are ratios over sessions "
         "with delta-method standard errors"],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
