"""cas_pack32 (p. 97): with the 32-card pack the hands are shorter; how many more deals then make a game?"""

from __future__ import annotations

from sim import runner
from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm
from sim.analysis.ratios import half_width, per_game, per_game_diff, ratio, sessions

CLAIM = Claim(
    "cas_pack32", "Cassino", 97,
    "It is usual to play with the full pack of fifty-two cards; there is however no reason why the smaller pack of "
    "thirty-two should not be used, but in that case the hands would be of shorter duration.",
    "plays per deal (a hand's duration), and the deals and plays a game to 11 takes, 52 cards against 32, book "
    "strategy, by players, the same sessions",
)  # fmt: skip

MORE = "32 minus 52 (deals per game)"
FEWER = "52 minus 32 (plays per game)"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        specs = [
            runner.make_spec("cassino", "standard", n=n, seed=seed, players=players),
            runner.make_spec("cassino", "pack32", n=n, seed=seed, players=players),
        ]
        m = sessions(study, specs, ["deals", "plays"], lambda m: half_width(per_game_diff(m, "1:deals", "0:deals")))
        hand52, hand32 = ratio(m, "0:plays", "0:deals")[0], ratio(m, "1:plays", "1:deals")[0]
        more, more_se = per_game_diff(m, "1:deals", "0:deals")
        fewer, fewer_se = per_game_diff(m, "0:plays", "1:plays")
        return {
            "players": players,
            "plays per deal, 52": hand52,
            "plays per deal, 32": hand32,
            "deals per game, 52": per_game(m, "0:deals")[0],
            "deals per game, 32": per_game(m, "1:deals")[0],
            MORE: more,
            "SE": more_se,
            FEWER: fewer,
            "SE plays": fewer_se,
        }

    t = study.sweep(count, (2, 3, 4))
    four = at(t)
    return study.answer(
        t,
        f"a 32-card hand is {four['plays per deal, 32']:.0f} plays against {four['plays per deal, 52']:.0f}; a "
        f"four-handed game to 11 then takes {pm(four[MORE], four['SE'])} more deals and "
        f"{pm(four[FEWER], four['SE plays'])} fewer plays (99% CI)",
        "measured",
        "the hands (deals) are shorter by the rules themselves: every card is played but the four dealt to the "
        "table, a fact of the pack no run could fail, so no verdict is drawn from it; what a game to the target "
        "(not in the book; 11 here) then takes is measured beside it",
        players_chart(
            t, [("deals per game, 52", None, "52 cards"), ("deals per game, 32", None, "32 cards")], "deals to 11"
        ),
        ["the 32-card pack has no two of spades, so no Little Cassino: a deal counts 10 points, not 11. One 'deal' "
         "of a run is one whole game."],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
