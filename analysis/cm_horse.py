"""cm_horse: the first player out may buy a horse for 1/3 or 1/2 of the stake."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm

CLAIM = Claim(
    "cm_horse", "Commerce", 75,
    "The player who is first out has the option of buying one counter from the pool, which is termed \"buying a "
    "horse.\"  He has to pay for the same into the pool such sum as may be agreed upon--usually one-third or "
    "one-half the amount of the original stake.",
    "what buying the horse costs and gives, Pool Commerce on the same games with no horse, the horse at 1/3 and at "
    "1/2 of a stake (threshold strategy, which always buys): horses and stakes spent per game, hands added to the "
    "game and to the first out's play, and seat 0's change in net, by players",
    "The first player out may buy a horse for 1/3 or 1/2 of the stake",
)  # fmt: skip

ARMS = ["pool+horse_price=none", "pool", "pool+horse_price=1/2"]
PRICE = {"pool": 1 / 3, "pool+horse_price=1/2": 1 / 2}  # stakes
SIXTHS = 6  # Pool Commerce counts money in sixths of a stake
CAP = 1_000_000  # whole pool games per count


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        c = study.compare("commerce", ARMS, players, n=min(n, CAP))
        hands0 = c.results[0].metric("hands")[0]
        rows = []
        for arm, res in zip(ARMS[1:], c.results[1:]):
            horses = res.metric("horses")[0]
            dh, dhse = c.diff(arm, "hands")
            dw, _ = c.diff(arm, "first_out_wait")
            d0, d0se = c.diff(arm, "net", seat=0)
            gain, gse = c.diff(arm, "first_out_net")  # the buyer's net change, sixths per game (price included)
            spent = horses * PRICE[arm]  # stakes per game
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
                    "buyer's net change (stakes/game)": gain / SIXTHS,
                    "SE buyer": gse / SIXTHS,
                    "returned per stake spent": (gain / SIXTHS + spent) / spent if spent else float("nan"),
                    "SE returned": gse / SIXTHS / spent if spent else float("nan"),
                    "seat 0 net change (stakes/game)": d0 / SIXTHS,
                    "SE seat 0": d0se / SIXTHS,
                    "games": c.meta["n"],
                }
            )
        return rows

    t = study.sweep(count)
    third, half = at(t, 4, {"horse price (stakes)": 1 / 3}), at(t, 4, {"horse price (stakes)": 1 / 2})
    return study.answer(
        t,
        f"4 players: a horse at 1/3 stake returns {pm(third['returned per stake spent'], third['SE returned'], 2)} "
        f"per stake spent to its buyer (1/2 stake: {pm(half['returned per stake spent'], half['SE returned'], 2)}); "
        f"it adds {third['hands added by the horse']:.2f} hands to the game",
        "measured",
        "the book gives the custom, not a judgement; the table measures what the horse returns to its buyer per stake",
        players_chart(
            t,
            [("hands added by the horse", "SE hands", "horse at {:.2f} stake")],
            "hands added to the game per horse",
            by="horse price (stakes)",
        ),
        [
            "The buyer's return: on the same games with no horse allowed, the first player out is the same player "
            "(play is identical until he is out), so the paired difference of his net for the game (event "
            "first_out_net) is what buying is worth to him, price included; returned per stake spent = (that "
            "change + the price) / the price, above 1 a good buy.",
            "The price changes only money, never play: at 1/3 and 1/2 the same games are played, and the extra sixth "
            "of a stake goes into the pool, which the last player left takes.",
            "Hands the buyer plays on = hands added to the game + the first-out wait saved (his wait counts the "
            "hands he sits out after he is finally out).",
            "Money in Pool Commerce is counted in sixths of a stake; the table converts it to stakes.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
