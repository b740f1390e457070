"""sss_lead: the lead is a disadvantage in Snip-Snap-Snorum."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, main, players_chart, pm, verdict_positive

CLAIM = Claim(
    "sss_lead", "Snip-Snap-Snorum", 93,
    "The lead is a disadvantage in this game, as, after a few cards have been played, it is often possible to "
    "know that certain cards remaining in hand are absolutely safe, or nearly so.",
    "penalties paid per deal by the elder hand (who leads) against each other player of the same deal, "
    "all seats the play, whole games, by number of players",
    "The lead is a disadvantage in Snip-Snap-Snorum",
)  # fmt: skip

PLAYERS = (3, 4, 5, 6, 8)
CAP = 1_000_000  # whole games per count (each some seven deals)
ELDER, DEALER = "elder's penalties per deal", "dealer's"
EXCESS = "elder minus another player, per deal"


def per_deal(res, paid: str, dealt: str) -> float:
    d = res.metric(dealt)[0]
    return res.metric(paid)[0] / d if d else float("nan")


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        res = study.run("snipsnap", "standard", players, n=min(n, CAP))
        excess, se = res.metric("lead_excess")  # per game: over its deals and their other players, the difference
        pairs = res.metric("pair_deals")[0]
        return {
            "players": players,
            ELDER: per_deal(res, "paid_role1", "in_role1"),
            DEALER: per_deal(res, "paid_role0", "in_role0"),
            EXCESS: excess / pairs,
            "SE": se / pairs,
            "P(elder's first card snipped)": res.metric("leads_snipped")[0] / res.metric("free_leads")[0],
            "deals per game": res.metric("deals")[0],
            "games": res.meta["n"],
            "verdict": verdict_positive(excess, se),
        }

    t = study.sweep(count, PLAYERS)
    five = at(t, 5)
    return study.answer(
        t,
        f"the elder hand pays {pm(five[EXCESS], five['SE'])} counters per deal more than another player of the "
        f"same deal with 5 players (99% CI); the dealer, who plays last, {five[DEALER]:.3f} a deal to the elder's "
        f"{five[ELDER]:.3f}",
        combine(t["verdict"]),
        "the elder's penalties per deal exceed the average other player's in the same deals; supported when the "
        "99% CI excludes 0 at every count",
        players_chart(t, [(EXCESS, "SE", "elder minus another player")], "penalties per deal (counters)", zero=True),
        [
            "One 'deal' of a run is one whole game (to the last player in); the figures here are per deal of the "
            "game, places counted left of each deal's dealer among the players still in. 'Elder minus another "
            "player' averages, over every deal and every other player in it, the elder's penalties less that "
            "player's; its SE is the per-game SE over the mean number of such pairs.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
