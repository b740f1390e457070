"""cm_dealer_penalty: the dealer's penalty is a severe tax; the dealer only has the same chances.

Two readings of "the same chances": as dealt (every seat stands at once, so the hands shown are the hands
dealt), and after trading, under threshold (book) and greedy play: the first stand ends the trading (pp. 72-73)
and the dealer trades last, so his chance after trading depends on how the table plays.
"""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_within
from sim.analysis.plays import agree

CLAIM = Claim(
    "cm_dealer_penalty", "Commerce", 76,
    "The former course will be found to be a severe tax on the dealer, and is not to be recommended.  The dealer "
    "only has the same chances as the others, and such a penalty seems unjust.",
    "the dealer's chance of the best hand minus the other roles' mean (book rules), and the dealer's net per deal "
    "(stakes) under standard, dealer-penalty-all and dealer-penalty-better on the same deals, by players; as "
    "dealt (every seat stands at once) and after trading (the play, and greedy)",
    "The dealer's penalty is a severe tax; the dealer only has the same chances",
)  # fmt: skip

ARMS = ["standard", "dealer-penalty-all", "dealer-penalty-better"]


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def row(players: int, strategy: str, reading: str) -> dict:
        c = study.compare("commerce", ARMS, players, strategy=strategy, precise="all")
        std = c.results[0]
        wgap, wse = role_gap(std, "win")
        out = {
            "players": players,
            "reading": reading,
            "strategy": strategy,
            "dealer P(best)": std.metric("win", role="dealer")[0],
            "dealer minus others P(best)": wgap,
            "SE P(best)": wse,
            "dealer net, standard": std.metric("net", role="dealer")[0],
            "SE standard": std.metric("net", role="dealer")[1],
        }
        for arm, res in zip(ARMS[1:], c.results[1:]):
            short = arm.removeprefix("dealer-penalty-")
            change, cse = c.diff(arm, "net", role="dealer")
            out[f"dealer net, penalty {short}"] = res.metric("net", role="dealer")[0]
            out[f"change, penalty {short}"] = change
            out[f"SE change {short}"] = cse
            out[f"dealer minus others, penalty {short}"] = role_gap(res)[0]
        return {**out, "deals": c.meta["n"], "same chances?": verdict_within(wgap, wse)}

    after = f"after trading, {study.play}"
    readings = (("stand", "as dealt"), (study.play, after), ("greedy", "after trading, greedy"))
    t = study.sweep(lambda p: [row(p, s, reading) for s, reading in readings])
    by = {reading: t[t["reading"] == reading].reset_index(drop=True) for _, reading in readings}
    verdicts = {reading: combine(part["same chances?"]) for reading, part in by.items()}
    verdict = agree(list(verdicts.values()))  # depends on play where one reading supports what another refutes
    dealt, book, greedy = (at(by[reading]) for _, reading in readings)
    return study.answer(
        t,
        f"4 players: the dealer's chance of the best hand against the other roles' is "
        f"{pm(dealt['dealer minus others P(best)'], dealt['SE P(best)'])} as dealt, "
        f"{pm(book['dealer minus others P(best)'], book['SE P(best)'])} after trading under {study.play} and "
        f"{pm(greedy['dealer minus others P(best)'], greedy['SE P(best)'])} under greedy (99% CI); the penalty to "
        f"every player changes his net by {pm(book['change, penalty all'], book['SE change all'])} stakes per deal "
        f"({study.play}), to the better hands by {pm(book['change, penalty better'], book['SE change better'])}",
        verdict,
        "'the same chances' read as the dealer's chance of the best hand within ±0.05 of the other roles' mean "
        "(99% CI) at every count, as dealt and after trading (the play, greedy); where the readings disagree the "
        f"claim depends on play (verdicts: {', '.join(f'{k} {v}' for k, v in verdicts.items())}); the tax is the "
        "paired change in his net",
        players_chart(
            t,
            [("dealer minus others P(best)", "SE P(best)", "{}")],
            "dealer's chance of the best hand minus the others'",
            zero=True,
            by="reading",
            band=0.05,
        ),
        [
            "As dealt, every seat stands at once (the stand strategy), so the hands shown are those dealt. After "
            "trading, the first stand ends the trading (pp. 72-73) and the dealer, who trades last and free of "
            "ready money, often gets no turn: his chance then depends on the strategies.",
            "Whether the tax is 'severe' is a judgement; the table gives its size in stakes per deal beside the "
            "dealer's net without it, for each reading.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
