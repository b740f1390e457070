"""spin_dealer_game: making the dealer pay to Game is a disproportionate tax on him."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_positive

CLAIM = Claim(
    "spin_dealer_game", "Spin", 88,
    "He is sometimes called upon to contribute to Game also, but that is putting a tax upon him disproportionate "
    "to what is required from the other players.",
    "the dealer's net per deal minus the mean of the other roles, with and without dealer-pays-game, and the "
    "change in his net (same deals), by players",
)  # fmt: skip

BOOK, TAX = "dealer minus others, book rule", "dealer minus others, dealer pays Game"


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> dict:
        c = study.compare("spin", ["standard", "dealer-pays-game"], players, precise="all")
        std_edge, std_se = role_gap(c.results[0])
        tax_edge, tax_se = role_gap(c.results[1])
        change, cse = c.diff("dealer-pays-game", "net", role="dealer")
        return {
            "players": players,
            BOOK: std_edge,
            "SE book": std_se,
            TAX: tax_edge,
            "SE tax": tax_se,
            "dealer's net change": change,
            "change SE": cse,
            "deals": c.meta["n"],
            "verdict": verdict_positive(-tax_edge, tax_se),
        }

    t = study.sweep(count)
    four = at(t)
    return study.answer(
        t,
        f"4 players: paying Game too leaves the dealer {pm(four[TAX], four['SE tax'])} counters per "
        f"deal behind the other roles (exempt: {pm(four[BOOK], four['SE book'])})",
        combine(t["verdict"]),
        "supported when, paying Game too, the dealer is behind the others (99% CI below 0) at every count",
        players_chart(
            t,
            [(BOOK, "SE book", "dealer exempt from Game (book)"), (TAX, "SE tax", "dealer pays Game too")],
            "dealer minus other roles, counters/deal",
            zero=True,
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
