"""cm_continuous: Continuous Dealing, the dealer keeps the deal until a Tricon, Sequence or Flush."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm, role_gap

CLAIM = Claim(
    "cm_continuous", "Commerce", 76,
    "Another method of playing the modern game is to allow the same dealer to remain in until one of the players "
    "secures a Tricon, Sequence, or Flush, when the deal passes to the next player, on the left-hand side.",
    "deals per dealer's tenure (1 / the rate the deal passes) and the dealer's net per deal (stakes) and its edge "
    "over the other roles, continuous vs standard on the same deals, threshold strategy, by players",
    "Continuous Dealing, the dealer keeps the deal until a Tricon, Sequence or Flush",
)  # fmt: skip


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("commerce", ["standard", "continuous"], players, precise="all")
        std, cont = c.results
        rate, rse = cont.metric("deal_passed")
        tenure = 1 / rate if rate > 0 else float("nan")
        e_std, se_std = role_gap(std)
        e_cont, se_cont = role_gap(cont)
        return {
            "players": players,
            "deals per tenure": tenure,
            "SE tenure": rse / rate**2 if rate > 0 else float("nan"),
            "dealer net, standard": std.metric("net", role="dealer")[0],
            "dealer net, continuous": cont.metric("net", role="dealer")[0],
            "dealer minus others, standard": e_std,
            "SE standard": se_std,
            "dealer minus others, continuous": e_cont,
            "SE continuous": se_cont,
            "dealer edge per tenure, continuous": e_cont * tenure,
            "SD of seat 0 net/deal, standard": std.metric("net", seat=0)[1] * c.meta["n"] ** 0.5,
            "SD of seat 0 net/deal, continuous": cont.metric("net", seat=0)[1] * c.meta["n"] ** 0.5,
            "deals": c.meta["n"],
        }

    t = study.sweep(count)
    f = at(t)
    return study.answer(
        t,
        f"4 players: a dealer keeps the deal {pm(f['deals per tenure'], f['SE tenure'], 2)} deals; "
        f"his edge per deal is {pm(f['dealer minus others, continuous'], f['SE continuous'])} "
        f"stakes continuous, {pm(f['dealer minus others, standard'], f['SE standard'])} standard, "
        f"{f['dealer edge per tenure, continuous']:+.2f} per tenure",
        "measured",
        "the book describes the rule without a judgement; the table measures how long a deal lasts and what it is "
        "worth",
        players_chart(
            t,
            [
                ("dealer minus others, standard", "SE standard", "deal passes every deal"),
                ("dealer minus others, continuous", "SE continuous", "continuous dealing"),
            ],
            "dealer minus other roles, stakes/deal",
            zero=True,
        ),
        [
            "Each deal's cards are dealt by position from the dealer's left, so on the same deals the roles' results "
            "per deal are the same in both games (up to odd counters carried in the pool): continuous dealing "
            "changes who deals and for how long, not what a deal is worth to the dealer. Its effect is on the "
            "seats: a tenure costs or earns the dealer's edge times its length, and a seat's results spread more "
            "(SD of seat 0's net per deal, estimated as its SE times the square root of the deals).",
            "Roles are taken relative to whoever actually dealt each deal. Under continuous dealing the deal does not "
            "pass evenly, so the seats' totals are uneven over a session while the dealer's edge per deal is as "
            "shown.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
