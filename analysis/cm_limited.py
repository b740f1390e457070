"""cm_limited: limiting the combinations has little to recommend it."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, main, pm

CLAIM = Claim(
    "cm_limited", "Commerce", 75,
    "the greater the number of combinations permissible the greater the enjoyment to be derived from the game, so "
    "that limitations of this character have little to recommend them.",
    "the mix of winning combinations (won_by_* per deal), the share of deals decided by Point, and the skill gap "
    "(seat 0 threshold minus seat 0 random, the others threshold, same deals, stakes per deal) under standard, "
    "limited (no Pair) and limited-strict (no Pair, no Flush)",
    "Limiting the combinations has little to recommend it",
)  # fmt: skip

VARIANTS = ["standard", "limited", "limited-strict"]
CLASSES = ["tricon", "sequence", "flush", "pair", "point"]
PLAYERS = (3, 4, 6)  # three counts keep the run to 18 configurations


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        c = study.compare("commerce", [a for v in VARIANTS for a in (v, f"{v}+0=random")], players)
        rows = []
        for k, v in enumerate(VARIANTS):
            res = c.results[2 * k]
            won = {cl: res.metric(f"won_by_{cl}")[0] for cl in CLASSES}
            total = sum(won.values())
            # skill gap: threshold minus random in seat 0, both against the standard baseline (paired)
            d_rand, se_rand = c.diff(f"{v}+0=random", "net", seat=0)
            if v == "standard":
                gap, gse = -d_rand, se_rand
            else:
                d_v, se_v = c.diff(v, "net", seat=0)
                gap, gse = d_v - d_rand, se_v + se_rand  # conservative: the SEs added
            row = {"players": players, "variant": v}
            for cl in CLASSES:
                row[f"won by {cl}"] = won[cl] / total if total else float("nan")
            row["decided by Point"] = won["point"] / total if total else float("nan")
            rows.append({**row, "skill gap (stakes/deal)": gap, "SE gap": gse, "deals": c.meta["n"]})
        return rows

    t = study.sweep(count, PLAYERS)
    f4 = t[t["players"] == 4].set_index("variant")

    def chart(ax):
        sub = t[t["players"] == 4]
        bottom = [0.0] * len(sub)
        for cl in CLASSES:
            vals = list(sub[f"won by {cl}"])
            ax.bar(list(sub["variant"]), vals, bottom=bottom, label=cl)
            bottom = [b + x for b, x in zip(bottom, vals)]
        ax.set_ylabel("share of deals won by (4 players)")
        ax.legend(fontsize=7)

    return study.answer(
        t,
        "4 players: Point decides "
        + ", ".join(f"{f4.loc[v, 'decided by Point']:.1%} ({v})" for v in VARIANTS)
        + " of deals; skill gap "
        + ", ".join(f"{pm(f4.loc[v, 'skill gap (stakes/deal)'], f4.loc[v, 'SE gap'])} ({v})" for v in VARIANTS)
        + " stakes per deal (99% CI)",
        "measured",
        "'enjoyment' is not measurable; the table gives what limiting does to the winning combinations and to the "
        "reward of skill",
        chart,
        [
            "Skill gap: seat 0 playing threshold minus seat 0 playing random, the other seats threshold, on the same "
            "deals. For the limited variants it is a difference of two paired differences against the standard "
            "game, its SE taken conservatively as the sum of theirs.",
            "In limited Commerce a Pair counts as Point, so 'won by pair' is 0 there and Point's share rises.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
