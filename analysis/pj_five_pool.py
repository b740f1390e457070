"""pj_five_pool: twelve counters are sufficient to dress a five-pool board."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "pj_five_pool", "Pope Joan", 85,
    "The board or pool may be made with five divisions only ... twelve coins or counters are sufficient to dress "
    "the board.",
    "counters carried on the board between deals, counters won from the board per deal, Game's size, and the "
    "elder hand's and dealer's nets, five-pool vs standard, same deals, by players",
    "Twelve counters are sufficient to dress a five-pool board",
)  # fmt: skip

TAKEN = ["pope_taken", "matrimony_taken", "intrigue_taken", "ace_taken", "king_taken", "queen_taken",
         "knave_taken", "game_taken"]  # fmt: skip
BOARDS = {"standard (8 pools, 15 asked)": 15, "five-pool (5 pools, 12 asked)": 12}


def dressed(asked: int, players: int) -> int:
    """Counters the board is dressed with under the rule as played (p. 81): each non-dealer pays a share
    ceil(asked / (players + 1)), the dealer two, so the dressing rounds up to whole shares."""
    return (players + 1) * -(-asked // (players + 1))


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        c = study.compare("popejoan", ["standard", "five-pool"], players, precise="all")
        rows = []
        for (label, asked), res in zip(BOARDS.items(), c.results):
            carried, cse = res.metric("board_carried")
            rows.append(
                {
                    "players": players,
                    "board": label,
                    "dressed with": dressed(asked, players),
                    "carried after a deal": carried,
                    "carried SE": cse,
                    "won from board per deal": sum(res.metric(e)[0] for e in TAKEN),
                    "Game per deal": res.metric("game_taken")[0],
                    "dealer net": res.metric("net", role="dealer")[0],
                    "elder net": res.metric("net", role="elder")[0],
                    "deals": res.meta["n"],
                }
            )
        return rows

    t = study.sweep(count)
    s, f = (at(t, 4, {"board": b}) for b in BOARDS)
    five = t[t["board"] == list(BOARDS)[1]]
    twelve = " and ".join(str(p) for p in five[five["dressed with"] == 12]["players"])
    return study.answer(
        t,
        f"4 players: both boards are dressed with {f['dressed with']} and {s['dressed with']} counters (the shares "
        f"round up: twelve make exactly 12 only with {twelve} players); {f['won from board per deal']:.2f} counters "
        f"won from the five-pool board per deal (standard {s['won from board per deal']:.2f}), "
        f"{f['carried after a deal']:.2f} carried (standard {s['carried after a deal']:.2f})",
        "measured",
        "'sufficient' is a judgement: the table shows what each board is dressed with at each count and how much "
        "of it is won and carried",
        players_chart(
            t, [("carried after a deal", "carried SE", "{}")], "counters left on the board after a deal", by="board"
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
