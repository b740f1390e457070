"""cm_horse (p. 75): the first player out may buy a horse for 1/3 or 1/2 of the stake."""

from __future__ import annotations

import pandas as pd
from _common import Answer, Claim, compare, errorbar, main, pm

CLAIM = Claim(
    "cm_horse", "Commerce", 75,
    "The player who is first out has the option of buying one counter from the pool, which is termed \"buying a "
    "horse.\"  He has to pay for the same into the pool such sum as may be agreed upon--usually one-third or "
    "one-half the amount of the original stake.",
    "what buying the horse costs and gives, Pool Commerce on the same games with no horse, the horse at 1/3 and at "
    "1/2 of a stake (threshold strategy, which always buys): horses and stakes spent per game, hands added to the "
    "game and to the first out's play, and seat 0's change in net, by players",
)  # fmt: skip

ARMS = ["pool+horse_price=none", "pool", "pool+horse_price=1/2"]
PRICE = {"pool": 1 / 3, "pool+horse_price=1/2": 1 / 2}  # stakes
SIXTHS = 6  # Pool Commerce counts money in sixths of a stake
CAP = 1_000_000  # whole pool games per count


def answer(n: int, seed: int) -> Answer:
    rows, played, rules = [], 0, []
    for players in range(3, 9):
        c = compare("commerce", ARMS, min(n, CAP), seed, players=players)
        played = max(played, c.meta["n"])
        rules = [r.meta["rules_string"] for r in c.results]
        base = c.results[0]
        hands0 = base.metric("hands")[0]
        for arm, res in zip(ARMS[1:], c.results[1:]):
            horses = res.metric("horses")[0]
            dh, dhse = c.diff(arm, "hands")
            dw, _ = c.diff(arm, "first_out_wait")
            d0, d0se = c.diff(arm, "net", seat=0)
            rows.append(
                {
                    "players": players,
                    "horse price (stakes)": PRICE[arm],
                    "horses per game": horses,
                    "stakes spent on horses per game": horses * PRICE[arm],
                    "hands per game, no horse": hands0,
                    "hands added by the horse": dh,
                    "SE hands": dhse,
                    "first-out wait saved (hands)": -dw,
                    "hands the buyer plays on": dh - dw,
                    "seat 0 net change (stakes/game)": d0 / SIXTHS,
                    "SE seat 0": d0se / SIXTHS,
                    "games": c.meta["n"],
                }
            )
    t = pd.DataFrame(rows)

    def chart(ax):
        for price in (1 / 3, 1 / 2):
            s = t[t["horse price (stakes)"] == price]
            errorbar(ax, s["players"], s["hands added by the horse"], s["SE hands"], f"horse at {price:.2f} stake")
        ax.set_xlabel("players")
        ax.set_ylabel("hands added to the game per horse")
        ax.legend()

    f = t[(t["players"] == 4) & (t["horse price (stakes)"] == 1 / 3)].iloc[0]
    return Answer(
        t,
        f"4 players: the first out always buys (threshold strategy); the horse adds "
        f"{pm(f['hands added by the horse'], f['SE hands'], 2)} hands to the game and plays the buyer in "
        f"{f['hands the buyer plays on']:.2f} more hands; the buyer's return per counter spent is "
        "not identified by the run's totals (see the note)",
        "measured",
        "the book gives the custom, not a judgement; the table measures the horse's cost and what it buys in play",
        rules,
        played,
        chart,
        [
            "Not measured: the buyer's own expected return per counter spent. The run's totals are per seat, per "
            "role (relative to the game's first dealer) and per event, and whoever is first out varies from game to "
            "game; by symmetry every seat's change in net from allowing the horse is ~0 (seat 0's column checks "
            "this), because the buyer's gain is the others' loss. Measuring it needs the first-out player's net "
            "per game (a per-game trace, or an event such as horse_buyer_net) or a strategy that refuses the horse "
            "in one seat only (every strategy but random always buys; random buys with chance 1/2 and plays "
            "randomly).",
            "The price changes only money, never play: at 1/3 and 1/2 the same games are played, and the extra sixth "
            "of a stake goes into the pool, which the last player left takes.",
            "Hands the buyer plays on = hands added to the game + the first-out wait saved (his wait counts the "
            "hands he sits out after he is finally out).",
            "Money in Pool Commerce is counted in sixths of a stake; the table converts it to stakes.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
