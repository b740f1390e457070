"""sss_turnup: Turn-up Snip is much better played with the pool paying the first Snip."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, main, players_chart, pm

CLAIM = Claim(
    "sss_turnup", "Snip-Snap-Snorum", 94,
    "A much better way of playing this variation, however, is for the pool to pay the penalty for this first "
    "Snip.",
    "penalties per deal of the dealer, turn-up Snips paid by the dealer into the pool against paid out of the "
    "pool to the elder hand, on the same deals (and without a turn-up), all seats the play, whole games, by players",
    "Turn-up Snip is much better played with the pool paying the first Snip",
)  # fmt: skip

PLAYERS = (3, 5, 8)
CAP = 1_000_000  # whole games per count
ARMS = ["turnup-snip", "turnup-snip+turnup_payer=dealer", "standard"]
EXTRA = "dealer pays minus pool pays: dealer's penalties per game"
NONE, POOL, DEALER = "dealer's penalties per deal, no turn-up", "turn-up, pool pays", "turn-up, dealer pays"


def per_deal(res, event: str, dealt: str = "in_role0") -> float:
    return res.metric(event)[0] / res.metric(dealt)[0]


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        c = study.compare("snipsnap", ARMS, players, n=min(n, CAP))
        pool, dealer, plain = c.results
        extra, se = c.diff(ARMS[1], "paid_role0")  # per game, on the same deals
        return {
            "players": players,
            NONE: per_deal(plain, "paid_role0"),
            POOL: per_deal(pool, "paid_role0"),
            DEALER: per_deal(dealer, "paid_role0"),
            EXTRA: extra,
            "SE": se,
            "elder's penalties per deal, pool pays": per_deal(pool, "paid_role1", "in_role1"),
            "turn-up Snips per deal": per_deal(pool, "turnup_snips", "deals"),
            "paid out of the pool per deal": per_deal(pool, "turnup_paid", "deals"),
            "pool at the end, pool pays": pool.metric("pool_taken")[0],
            "pool at the end, dealer pays": dealer.metric("pool_taken")[0],
            "games": c.meta["n"],
        }

    t = study.sweep(count, PLAYERS)
    five = at(t, 5)
    return study.answer(
        t,
        f"with 5 players the dealer pays {five[DEALER]:.3f} counters a deal when he pays the turn-up Snip, "
        f"{five[POOL]:.3f} when the pool does ({pm(five[EXTRA], five['SE'])} a game, 99% CI), against "
        f"{five[NONE]:.3f} without a turn-up",
        "measured",
        "'much better' is a judgement; the table gives what each way costs the dealer and gives the elder hand",
        players_chart(
            t, [(NONE, None, "no turn-up"), (POOL, None, POOL), (DEALER, None, DEALER)], "dealer's penalties per deal"
        ),
        [
            "One 'deal' of a run is one whole game; the figures are per deal of the game, the dealer being each "
            "deal's dealer; they are ratios of per-game means (a game with the dealer paying is a little "
            "shorter), and the paired difference, with its SE, is per game. When the pool pays and holds nothing "
            "(the first deal of a game) the elder takes nothing; the counter he takes is added to his stock.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
