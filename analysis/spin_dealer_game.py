"""spin_dealer_game: making the dealer pay to Game is a disproportionate tax on him."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, role_gap, verdict_positive
from sim.results import role_name

CLAIM = Claim(
    "spin_dealer_game", "Spin", 88,
    "He is sometimes called upon to contribute to Game also, but that is putting a tax upon him disproportionate "
    "to what is required from the other players.",
    "the change dealer-pays-game makes, on the same deals: to the dealer's net per deal, to each other role's, and "
    "to the dealer's edge over the other roles (from each session's difference), by players; the dealer's edge "
    "under the book's rule beside it",
    "Making the dealer pay to Game is a disproportionate tax on him",
)  # fmt: skip

BOOK = "dealer's edge, book rule"
CHANGE = "change in dealer's edge"  # the claim's quantity: the variant's effect on dealer minus the others


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("spin", ["standard", "dealer-pays-game"], players)
        dealer, dse = c.diff("dealer-pays-game", "net", role="dealer")
        others = [c.diff("dealer-pays-game", "net", role=role_name(k))[0] for k in range(1, players)]
        change, cse = c.diff("dealer-pays-game", "edge", role="dealer")
        book, bse = role_gap(c.results[0])
        return {
            "players": players,
            "dealer's net change": dealer,
            "SE dealer": dse,
            "each other role's net change": sum(others) / len(others),
            CHANGE: change,
            "SE": cse,
            BOOK: book,
            "SE book": bse,
            "deals": c.meta["n"],
            "verdict": verdict_positive(-change, cse),
        }

    t = study.sweep(count)
    four = at(t)
    dealer, others, book = four["dealer's net change"], four["each other role's net change"], four[BOOK]
    return study.answer(
        t,
        f"4 players: paying Game too changes the dealer's net by {pm(dealer, four['SE dealer'])} "
        f"counters per deal and each other role's by {others:+.3f}, moving the "
        f"dealer {pm(four[CHANGE], four['SE'])} against the others (he stands {book:+.2f} "
        "under the book's rule, where the others pay one to Game and he three to Matrimony and Intrigue)",
        combine(t["verdict"]),
        "supported when the variant moves the dealer further behind the other roles (the paired change in his edge, "
        "from each session's difference: 99% CI below 0) at every count; the quantity is the change the variant "
        "makes, not his standing, which is behind under the book's rule already",
        players_chart(
            t,
            [(CHANGE, "SE", "change in dealer minus others"), ("dealer's net change", "SE dealer", "dealer's net")],
            "dealer-pays-game minus book, counters/deal",
            zero=True,
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
