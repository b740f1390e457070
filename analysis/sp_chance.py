"""sp_chance: Speculation "requires little skill in its conduct, being essentially a game of chance"."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, gain, main, players_chart, pm, verdict_within

CLAIM = Claim(
    "sp_chance", "Speculation", 77,
    "It requires little skill in its conduct, being essentially a game of chance.",
    "net counters per deal of seat 0 playing shrewd minus seat 0 playing naive, on the same deals, with the other "
    "seats naive (the plain game, nobody trading), shrewd, gambler or random; 3, 4 and 6 players",
)  # fmt: skip

OTHERS = ("naive", "shrewd", "gambler", "random")
CLAIMED = ("naive", "shrewd")  # the tables the verdict reads: players who never trade, or who price exactly
GAIN = "shrewd minus naive (counters/deal)"
SALES = ("turnup_sales", "card_sales", "chief_sales", "hidden_sales")


def _verdict(others: str, mean: float, se: float) -> str:
    """Among players who never trade or price exactly no sale can be made, so the gain is 0 by construction:
    that is a fact of the market, not a measurement, and is not judged."""
    if se == 0:
        return "(no sale possible)"
    return verdict_within(mean, se) if others in CLAIMED else "(context)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for others in OTHERS:
            c = study.compare("speculation", ["0=naive", "0=shrewd"], players, strategy=others)
            mean, se = gain(c, "0=shrewd", seat=0)
            naive, shrewd = c.results
            rows.append(
                {
                    "players": players,
                    "the others play": others,
                    GAIN: mean,
                    "SE": se,
                    "seat 0 net/deal, naive": naive.metric("net", seat=0)[0],
                    "seat 0 net/deal, shrewd": shrewd.metric("net", seat=0)[0],
                    "sales per deal (whole table)": sum(shrewd.metric(k)[0] for k in SALES),
                    "deals": c.meta["n"],
                    "verdict": _verdict(others, mean, se),
                }
            )
        return rows

    t = study.sweep(count, (3, 4, 6))
    plain, gamblers = at(t, 4, {"the others play": "naive"}), at(t, 4, {"the others play": "gambler"})
    return study.answer(
        t,
        f"4 players: a shrewd speculator gains {pm(plain[GAIN], plain['SE'])} counters per deal among naive "
        f"players, {pm(gamblers[GAIN], gamblers['SE'])} among gamblers (99% CI)",
        "measured",
        "skill pays exactly nothing when the other players never trade (naive) or price every card exactly "
        "(shrewd): no sale can be made, so that gain is 0 by construction and is not a test of the claim; skill "
        "pays only against players who misprice (gamblers, random traders), as the table measures",
        players_chart(
            t, [(GAIN, "SE", "among {}")], "shrewd minus naive, counters per deal", zero=True, by="the others play"
        ),  # fmt: skip
        [
            "Nobody sees his own cards, so every player knows the same things and a shrewd valuation is common "
            "knowledge: a shrewd seller asks more than the value and a shrewd buyer bids less, so no sale is made "
            "between them, and naive players make none at all. What skill gains comes wholly from other players' "
            "mistakes: the gambler who pays over the odds for a trump, the random trader.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
