"""cas_three (p. 100): with three players, the two lowest combining against the highest leaves many deals negative."""

from __future__ import annotations

import pandas as pd

from sim import runner
from sim.analysis import Answer, Claim, Study, ci99, main, pm
from sim.analysis.ratios import half_width, per_game, ratio, sessions

CLAIM = Claim(
    "cas_three", "Cassino", 100,
    "When three players are engaged, it is sometimes agreed that the two lowest shall add their points together, "
    "and subtract them from the highest. In such a case, if the two lower numbers together either amount to or "
    "exceed the higher, then neither party scores. This method will not be found desirable in actual play, as it "
    "leads to so many hands resulting in a negative score.",
    "three players, all seats the play, every deal counted three ways on the same deals: the share of deals in which "
    "nobody scores counting own points, with the lowest scoring nothing, and with the two lowest combined against "
    "the highest (and the share in which they exceed it); and the deals a game to 11 lasts under each scoring",
)  # fmt: skip

METHODS = [
    ("own points", [], "nobody_own"),
    ("lowest scores nothing", ["lowest_scores_nothing=true"], "nobody_lowest"),
    ("two lowest combine", ["two_lowest_combine=true"], "nobody_combine"),
]
NAMES = ["deals", "nobody_own", "nobody_lowest", "nobody_combine", "negative_combine"]
SHARE = "deals nobody scores"
RARE = 0.05  # the reports' threshold for "rare / few"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)
    specs = [runner.make_spec("cassino", n=n, seed=seed, players=3, rules=r) for _, r, _ in METHODS]
    m = sessions(study, specs, NAMES, lambda m: half_width(ratio(m, "0:nobody_combine", "0:deals")) * 10)
    negative, neg_se = ratio(m, "0:negative_combine", "0:deals")
    rows = []
    for a, (label, _, event) in enumerate(METHODS):
        share, se = ratio(m, f"0:{event}", "0:deals")
        length, length_se = per_game(m, f"{a}:deals")
        rows.append(
            {
                "scoring": label,
                SHARE: share,
                "SE": se,
                "two lowest exceed the highest": negative if event == "nobody_combine" else float("nan"),
                "SE exceed": neg_se if event == "nobody_combine" else float("nan"),
                "deals per game to 11": length,
                "SE deals per game": length_se,
            }
        )
    t = pd.DataFrame(rows)
    combined, combined_se = t[SHARE][2], t["SE"][2]
    lo, hi = ci99(combined, combined_se)
    above = all(ci99(combined - t[SHARE][k], (combined_se**2 + t["SE"][k] ** 2) ** 0.5)[0] > 0 for k in (0, 1))
    verdict = "supported" if lo > RARE and above else "refuted" if hi < RARE else "inconclusive"

    def chart(ax):
        ax.bar(t["scoring"], t[SHARE], yerr=2.576 * t["SE"], capsize=3, color="#7a9")
        ax.set_ylabel("share of deals in which nobody scores (99% CI)")
        ax.set_ylim(0, 1)

    return study.answer(
        t,
        f"nobody scores in {pm(combined, combined_se)} of three-player deals when the two lowest combine (99% CI; "
        f"in {negative:.1%} they exceed the highest), against {t[SHARE][0]:.1%} counting own points and "
        f"{t[SHARE][1]:.1%} when the lowest scores nothing",
        verdict,
        "'a negative score' is read as the book's 'neither party scores' (the two lowest amount to or exceed the "
        "highest); supported when that share is not rare (99% CI above 5%) and above both other scorings' (99% "
        "CI), refuted when rare. Every deal is counted all three ways: the play does not depend on the scoring",
        chart,
        [f"{m.total('0:deals'):,} deals in {m.games:,} games of the own-points run; per-deal shares are ratios "
         "over sessions with delta-method standard errors. One 'deal' of a run is one whole game."],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
