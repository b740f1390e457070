"""cas_pack32 (p. 97): with the 32-card pack the hands are shorter; how many more deals then make a game?"""

from __future__ import annotations

import math

import pandas as pd
from _cassino import Moments, per_game, play, ratio, width_for
from _common import Answer, Claim, main, pm, verdict_positive

from sim import runner

CLAIM = Claim(
    "cas_pack32", "Cassino", 97,
    "there is however no reason why the smaller pack of thirty-two should not be used, but in that case the hands "
    "would be of shorter duration",
    "plays per deal (a hand's duration), deals to reach the target of 11 and plays per game, 52 cards against 32, "
    "by players, the same sessions",
)  # fmt: skip


def paired_per_game(m: Moments, a: str, b: str, games: int) -> tuple[float, float]:
    """(mean per game of a - b, paired SE)."""
    i, j = m.index(a), m.index(b)
    c = m.cov()
    diff = (m.mean()[i] - m.mean()[j]) / games
    return float(diff), math.sqrt(max(c[i, i] + c[j, j] - 2 * c[i, j], 0.0) / m.sessions) / games


def answer(n: int, seed: int) -> Answer:
    rows, verdicts, played, labels = [], [], 0, []
    for players in (2, 3, 4):
        specs = [
            runner.make_spec("cassino", "standard", n=n, seed=seed, players=players),
            runner.make_spec("cassino", "pack32", n=n, seed=seed, players=players),
        ]
        games = specs[0].deals_per_session

        def watch(m, games=games):
            return 1.96 * paired_per_game(m, "1:deals", "0:deals", games)[1]

        m = play(specs, ["deals", "plays"], n, width_for(n), watch)
        hand52, _ = ratio(m, "0:plays", "0:deals")
        hand32, _ = ratio(m, "1:plays", "1:deals")
        more, more_se = paired_per_game(m, "1:deals", "0:deals", games)
        fewer, fewer_se = paired_per_game(m, "0:plays", "1:plays", games)
        # every deal plays all but the four cards dealt to the table: the hand's length is exact
        v = verdict_positive(hand52 - hand32, 0.0)
        verdicts.append(v)
        played = max(played, m.sessions * games)
        labels += [runner.rules_string("cassino", s.rules) + f" {players} players" for s in specs]
        rows.append(
            {
                "players": players,
                "plays per deal, 52": hand52,
                "plays per deal, 32": hand32,
                "deals per game, 52": per_game(m, "0:deals", games)[0],
                "deals per game, 32": per_game(m, "1:deals", games)[0],
                "32 minus 52 (deals per game)": more,
                "SE": more_se,
                "52 minus 32 (plays per game)": fewer,
                "SE plays": fewer_se,
                "verdict": v,
            }
        )
    t = pd.DataFrame(rows)

    def chart(ax):
        ax.plot(t["players"], t["deals per game, 52"], "o-", label="52 cards")
        ax.plot(t["players"], t["deals per game, 32"], "s-", label="32 cards")
        ax.set_xlabel("players")
        ax.set_ylabel("deals to reach 11 points")
        ax.legend()

    four = t[t["players"] == 4].iloc[0]
    return Answer(
        t,
        f"a 32-card hand is {four['plays per deal, 32']:.0f} plays against {four['plays per deal, 52']:.0f}; a "
        f"four-handed game to 11 then takes {pm(four['32 minus 52 (deals per game)'], four['SE'])} more deals "
        f"and {pm(four['52 minus 32 (plays per game)'], four['SE plays'])} fewer plays (99% CI)",
        "supported" if all(v == "supported" for v in verdicts) else "refuted",
        "the hands (deals) are shorter exactly: every card is played but the four dealt to the table; the deals "
        "and plays a game to the target (not in the book; 11 here) takes are measured beside it",
        labels,
        played,
        chart,
        ["the 32-card pack has no two of spades, so no Little Cassino: a deal counts 10 points, not 11"],
    )  # fmt: skip


if __name__ == "__main__":
    main(CLAIM, answer)
