"""sp_players: not more than ten players with fifty-two cards, six with thirty-two."""

from __future__ import annotations

import math

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "sp_players", "Speculation", 77,
    "it will be found that not more than ten players are desirable with the fifty-two card pack, and not more than "
    "six with the thirty-two card one, as otherwise too great a proportion of the pack is brought into use each "
    "deal, and there is not much scope for speculation as to what remains in the undealt portion of the pack.",
    "share of the pack dealt in a fresh deal (hands and trump card) and cards left undealt; share of the deals "
    "played out with no trump shown, the chance a trump card stands, changes of chief per deal; by players (2-10) "
    "and pack (52, 32), every seat shrewd",
)  # fmt: skip

LIMITS = {52: 10, 32: 6}
SAME = 0.02  # the two limits are one rule if they put the same share of the pack into play, to two points
SHARE, NONE = "share of the pack dealt", "no trump shown (share of deals played out)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for pack, most in LIMITS.items():
            res = study.run("speculation", "standard", players, rules=[f"pack={pack}"])
            ev, deals = res.meta["event_counts"], res.meta["n"]
            out = deals - ev["honour_turnups"]  # deals played out
            rate = ev["no_trump_shown"] / out
            turned = sum(v for k, v in ev.items() if k.startswith("turned_"))
            rows.append(
                {
                    "pack": pack,
                    "players": players,
                    SHARE: (3 * players + 1) / pack,
                    "cards left undealt": pack - 3 * players - 1,
                    NONE: rate,
                    "SE": math.sqrt(max(rate * (1 - rate), 0.25 / out) / out),
                    "trump card stands": sum(v for k, v in ev.items() if k.startswith("unbeaten_")) / turned,
                    "changes of chief/deal": res.metric("chief_changes")[0],
                    "within the book's limit": players <= most,
                    "deals": deals,
                }
            )
        return rows

    t = study.sweep(count, range(2, 11))
    share = {pack: at(t, most, {"pack": pack})[SHARE] for pack, most in LIMITS.items()}
    return study.answer(
        t,
        f"at the book's limits {share[52]:.1%} of 52 cards (10 players) and {share[32]:.1%} of 32 (6 players) are "
        "dealt in each fresh deal",
        "supported" if abs(share[52] - share[32]) < SAME else "refuted",
        f"the two limits are one rule: each puts the same share of the pack into play (to within {SAME:.0%}), "
        "about three cards in five, leaving two in five undealt; more players deal more of the pack",
        players_chart(
            t, [(SHARE, None, "{} cards: share dealt"), (NONE, "SE", "{} cards: no trump shown")], "share", by="pack"
        ),  # fmt: skip
        [
            "The share dealt is exact (three cards a player and the trump card); the other columns are simulated. "
            "A deal ended at once by an honour turn-up is not played out and is left out of the no-trump share.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
