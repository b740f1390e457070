"""pj_five_pool: twelve counters are sufficient to dress a five-pool board."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "pj_five_pool", "Pope Joan", 85,
    "The board or pool may be made with five divisions only ... twelve coins or counters are sufficient to dress "
    "the board.",
    "counters carried on the board between deals, counters won from the board per deal, Game's size, and the "
    "elder hand's and dealer's nets, five-pool vs standard, same deals, by players",
)  # fmt: skip

TAKEN = ["pope_taken", "matrimony_taken", "intrigue_taken", "ace_taken", "king_taken", "queen_taken",
         "knave_taken", "game_taken"]  # fmt: skip
BOARDS = ["standard (15)", "five-pool (12)"]


def answer(n: int, seed: int) -> Answer:
    study = Study(n, seed)

    def count(players: int) -> list[dict]:
        c = study.compare("popejoan", ["standard", "five-pool"], players, precise="all")
        rows = []
        for label, res in zip(BOARDS, c.results):
            carried, cse = res.metric("board_carried")
            rows.append(
                {
                    "players": players,
                    "board": label,
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
    return study.answer(
        t,
        f"4 players: {f['won from board per deal']:.2f} counters won from the five-pool board per deal "
        f"(standard {s['won from board per deal']:.2f}); {f['carried after a deal']:.2f} carried "
        f"(standard {s['carried after a deal']:.2f})",
        "measured",
        "'sufficient' is a judgement: the table shows how much of the board is won and carried under each dressing",
        players_chart(
            t, [("carried after a deal", "carried SE", "{}")], "counters left on the board after a deal", by="board"
        ),
    )


if __name__ == "__main__":
    main(CLAIM, answer)
