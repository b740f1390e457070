"""sss_players: the best number of players, and the wait of those first out."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "sss_players", "Snip-Snap-Snorum", 91,
    "Probably the best number of players is five or six in the former case, and three or four in the latter; the "
    "greatest objection to a large number of players being that those first out have to wait until the others "
    "have exhausted their stakes, which may not occur until several more rounds have been completed.",
    "length of a whole game (deals, cards played) and the deals and cards the first player out waits to its end, "
    "all seats the play, five counters each, by number of players, with the 52-card pack (2-10) and the 32-card pack "
    "(2-6)",
    "The best number of players, and the wait of those first out",
)  # fmt: skip

PACKS = {52: 10, 32: 6}  # the pack and the most players it serves (p. 90)
CAP = 500_000  # whole games per configuration: means of lengths need no more
WAIT, DEALS = "first out waits (deals)", "deals per game"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        rows = []
        for pack, most in PACKS.items():
            if players > most:
                continue
            res = study.run("snipsnap", "standard", players, n=min(n, CAP), rules=[f"pack={pack}"])
            deals, deals_se = res.metric("deals")
            wait, wait_se = res.metric("first_out_wait")
            turns = res.metric("turns")[0]
            waited = res.metric("first_out_wait_turns")[0]
            rows.append(
                {
                    "pack": f"{pack} cards",
                    "players": players,
                    DEALS: deals,
                    "SE": deals_se,
                    "cards played per game": turns,
                    WAIT: wait,
                    "wait SE": wait_se,
                    "first out waits (cards played)": waited,
                    "share of the game waited (cards)": waited / turns,
                    "games": res.meta["n"],
                }
            )
        return rows

    t = study.sweep(count, range(2, 11))

    def row(pack: int, players: int):
        return at(t, players, {"pack": f"{pack} cards"})

    return study.answer(
        t,
        f"52 cards: the first out waits {row(52, 5)[WAIT]:.2f} deals of a {row(52, 5)[DEALS]:.2f}-deal game with 5 "
        f"players, {row(52, 10)[WAIT]:.2f} of {row(52, 10)[DEALS]:.2f} with 10; 32 cards: {row(32, 4)[WAIT]:.2f} "
        f"of {row(32, 4)[DEALS]:.2f} with 4, {row(32, 6)[WAIT]:.2f} of {row(32, 6)[DEALS]:.2f} with 6",
        "measured",
        "'the best number' is a judgement; the table gives the game's length and the first out's wait",
        players_chart(
            t, [(WAIT, "wait SE", "{}: first out waits"), (DEALS, "SE", "{}: whole game")], "deals", by="pack"
        ),
        [
            "One 'deal' of a run is one whole game. The wait counts the deals dealt after the one in which the "
            "first player lost his last counter, and the cards played after that moment.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
