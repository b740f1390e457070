"""sp_players (p. 77): not more than ten players with fifty-two cards, six with thirty-two."""

from __future__ import annotations

import math

import pandas as pd
from _common import Answer, Claim, main, run

CLAIM = Claim(
    "sp_players", "Speculation", 77,
    "it will be found that not more than ten players are desirable with the fifty-two card pack, and not more than "
    "six with the thirty-two card one, as otherwise too great a proportion of the pack is brought into use each "
    "deal, and there is not much scope for speculation as to what remains in the undealt portion of the pack",
    "share of the pack dealt in a fresh deal (hands and trump card) and cards left undealt; share of deals played "
    "out with no trump shown, chance a trump card stands, changes of chief per deal; by players and pack, every "
    "seat shrewd",
)  # fmt: skip

LIMITS = {52: 10, 32: 6}
SAME = 0.02  # the two limits are one rule if they put the same share of the pack into play, to two points


def answer(n: int, seed: int) -> Answer:
    rows, played, rules = [], 0, []
    for pack in (52, 32):
        for players in range(2, 11):
            res = run("speculation", "standard", n, seed, players=players, rules=[f"pack={pack}"])
            played = max(played, res.meta["n"])
            ev, deals = res.meta["event_counts"], res.meta["n"]
            out = deals - ev["honour_turnups"]
            rate = ev["no_trump_shown"] / out if out else float("nan")
            turned = sum(v for k, v in ev.items() if k.startswith("turned_"))
            stands = sum(v for k, v in ev.items() if k.startswith("unbeaten_")) / turned
            rows.append(
                {
                    "pack": pack,
                    "players": players,
                    "share of the pack dealt": (3 * players + 1) / pack,
                    "cards left undealt": pack - 3 * players - 1,
                    "no trump shown (share of deals played out)": rate,
                    "SE": math.sqrt(max(rate * (1 - rate), 0.25 / out) / out) if out else float("nan"),
                    "trump card stands": stands,
                    "changes of chief/deal": res.metric("chief_changes")[0],
                    "within the book's limit": players <= LIMITS[pack],
                    "deals": deals,
                }
            )
            rules.append(res.meta["rules_string"])
    t = pd.DataFrame(rows)
    at = {pack: t[(t["pack"] == pack) & (t["players"] == k)].iloc[0] for pack, k in LIMITS.items()}
    gap = abs(at[52]["share of the pack dealt"] - at[32]["share of the pack dealt"])

    def chart(ax):
        for pack, sub in t.groupby("pack"):
            ax.plot(sub["players"], sub["share of the pack dealt"], "o-", label=f"{pack} cards: share dealt")
            ax.plot(sub["players"], sub["no trump shown (share of deals played out)"], "s--", label=f"{pack}: no trump")
            ax.axvline(LIMITS[pack], color="grey", lw=0.8, ls="-" if pack == 52 else "--")
        ax.set_xlabel("players")
        ax.set_ylabel("share")
        ax.legend(fontsize=8)

    return Answer(
        t,
        f"at the book's limits {at[52]['share of the pack dealt']:.1%} of 52 cards (10 players) and "
        f"{at[32]['share of the pack dealt']:.1%} of 32 (6 players) are dealt each fresh deal",
        "supported" if gap < SAME else "refuted",
        f"the two limits are one rule: each puts the same share of the pack into play (to within {SAME:.0%}), about "
        "three cards in five, leaving two in five undealt; more players than that deal more of the pack",
        sorted(set(rules)),
        played,
        chart,
        [
            "The share dealt is exact (three cards a player and the trump card, out of the pack); the other columns "
            "are simulated. A deal ended at once by an honour turn-up is not played out and is left out of the "
            "no-trump share.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
