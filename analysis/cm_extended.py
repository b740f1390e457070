"""cm_extended: Extended Commerce makes the game wearisome."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "cm_extended", "Commerce", 76,
    "The great objection to this variation is that it makes the game wearisome for those players who are soon "
    "enabled to stand, as they have to wait while the others are being satisfied.",
    "trading turns per deal (ready-money trades + barters + exchanges) and rounds of the table, standard vs "
    "extended on the same deals, threshold strategy, by players",
    "Extended Commerce makes the game wearisome",
)  # fmt: skip

TURNS = ("trades", "barters", "exchanges")


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("commerce", ["standard", "extended"], players, precise="all")
        std, ext = c.results
        t_std = sum(std.metric(e)[0] for e in TURNS)
        t_ext = sum(ext.metric(e)[0] for e in TURNS)
        diffs = [c.diff("extended", e) for e in TURNS]
        return {
            "players": players,
            "turns/deal, standard": t_std,
            "turns/deal, extended": t_ext,
            "extra turns": sum(d for d, _ in diffs),
            "SE extra": sum(s for _, s in diffs),  # conservative
            "ratio": t_ext / t_std if t_std else float("nan"),
            "circuits, standard": std.metric("circuits")[0],
            "circuits, extended": ext.metric("circuits")[0],
            "extended deals stopped by the cap": ext.metric("capped")[0],
            "deals": c.meta["n"],
        }

    t = study.sweep(count)
    four, eight = at(t, 4), at(t, 8)
    return study.answer(
        t,
        f"4 players: {four['turns/deal, extended']:.2f} trading turns per deal extended against "
        f"{four['turns/deal, standard']:.2f} standard (x{four['ratio']:.1f}); 8 players: "
        f"{eight['turns/deal, extended']:.2f} against {eight['turns/deal, standard']:.2f}",
        "measured",
        "'wearisome' is a judgement; the table gives how much longer the trading lasts",
        players_chart(
            t,
            [("turns/deal, standard", None, "standard"), ("turns/deal, extended", "SE extra", "extended")],
            "trading turns per deal",
        ),
        [
            "Means only: the game records no per-deal histogram of turns, so no median or 90th percentile.",
            "Trading is stopped after max_circuits = 10 rounds of the table (a toolkit cap; the book has none); the "
            "share of extended deals stopped by it is given, and where it is large the extra turns are a lower "
            "bound.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
