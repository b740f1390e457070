"""cm_dealer_penalty: the dealer's penalty is a severe tax; the dealer only has the same chances."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_within

CLAIM = Claim(
    "cm_dealer_penalty", "Commerce", 76,
    "The former course will be found to be a severe tax on the dealer, and is not to be recommended.  The dealer "
    "only has the same chances as the others, and such a penalty seems unjust.",
    "the dealer's chance of the best hand minus the other roles' mean (book rules), and the dealer's net per deal "
    "(stakes) under standard, dealer-penalty-all and dealer-penalty-better on the same deals, threshold strategy, "
    "by players",
    "The dealer's penalty is a severe tax; the dealer only has the same chances",
)  # fmt: skip

ARMS = ["standard", "dealer-penalty-all", "dealer-penalty-better"]


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("commerce", ARMS, players, precise="all")
        std = c.results[0]
        wgap, wse = role_gap(std, "win")
        row = {
            "players": players,
            "dealer P(best)": std.metric("win", role="dealer")[0],
            "dealer minus others P(best)": wgap,
            "SE P(best)": wse,
            "dealer net, standard": std.metric("net", role="dealer")[0],
            "SE standard": std.metric("net", role="dealer")[1],
        }
        for arm, res in zip(ARMS[1:], c.results[1:]):
            short = arm.removeprefix("dealer-penalty-")
            change, cse = c.diff(arm, "net", role="dealer")
            row[f"dealer net, penalty {short}"] = res.metric("net", role="dealer")[0]
            row[f"change, penalty {short}"] = change
            row[f"SE change {short}"] = cse
            row[f"dealer minus others, penalty {short}"] = role_gap(res)[0]
        return {**row, "deals": c.meta["n"], "same chances?": verdict_within(wgap, wse)}

    t = study.sweep(count)
    four = at(t)
    return study.answer(
        t,
        f"4 players: the dealer's chance of the best hand is "
        f"{pm(four['dealer minus others P(best)'], four['SE P(best)'])} "
        f"against the other roles' (99% CI); the penalty to every player changes his net by "
        f"{pm(four['change, penalty all'], four['SE change all'])} stakes per deal, to the better hands by "
        f"{pm(four['change, penalty better'], four['SE change better'])}",
        combine(t["same chances?"]),
        "'the same chances' read as the dealer's chance of the best hand within ±0.05 of the other roles' mean "
        "(99% CI) at every count; the tax is the paired change in his net",
        players_chart(
            t,
            [
                ("dealer net, standard", "SE standard", "book rules"),
                ("dealer net, penalty all", "SE change all", "penalty: pays every player"),
                ("dealer net, penalty better", "SE change better", "penalty: pays better hands"),
            ],
            "dealer's net, stakes per deal",
            zero=True,
        ),
        [
            "The dealer's chance of the best hand is measured after trading, under the threshold strategy in every "
            "seat (the dealer trades free of ready money, so his chance depends on the strategies).",
            "Whether the tax is 'severe' is a judgement; the table gives its size in stakes per deal beside the "
            "dealer's net without it.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
