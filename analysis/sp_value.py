"""sp_value: the dealer may sell the trump card before turning it - what is it worth?"""

from __future__ import annotations

import math

from sim.analysis import Answer, Claim, Study, at, main, players_chart

CLAIM = Claim(
    "sp_value", "Speculation", 78,
    "before turning it the dealer may sell it to any other of the players.  If the dealer sells the turn-up card, "
    "the buyer becomes entitled to all the privileges that may ultimately attach to it, taking the entire amount in "
    "the pool if no higher trump is turned up during the progress of the hands.",
    "the fair price of the trump card as its expected share of the pool: by rank once it is seen, and unseen (what "
    "the dealer sells), simulated on fresh deals beside the exact value, by players; and the price shrewd dealers "
    "get from a gambler (the other seats shrewd)",
)  # fmt: skip

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HONOURS = {"A", "K", "Q", "J"}
FRESH = ["honour_redeal=true"]  # every trump card from a fresh pack, where the exact value holds
SIM, EXACT, FAIR = "share of the pool, simulated", "share of the pool, exact", "fair price (counters)"
PRICE, SOLD = "shrewd dealer's price from a gambler", "turn-up sales/deal"


def exact_share(players: int, rank: str) -> float:
    """P(the trump card takes the pool): at once if an honour, else if no higher trump is among the hands."""
    if rank in HONOURS:
        return 1.0
    higher = len(RANKS) - 1 - RANKS.index(rank)
    dealt = 3 * players
    return math.comb(51 - higher, dealt) / math.comb(51, dealt)


def _row(players: int, card: str, share: float, se: float, exact: float) -> dict:
    pool = players + 1  # the dealer's two and one from each other player
    return {"players": players, "trump card": card, SIM: share, "SE": se, EXACT: exact, "pool": pool,
            FAIR: exact * pool, PRICE: float("nan"), SOLD: float("nan")}  # fmt: skip


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> list[dict]:
        plain = study.run("speculation", "standard", players, strategy="naive", rules=FRESH)
        market = study.run("speculation", "standard", players, rules=FRESH, seat_strategies=["1=gambler"])
        ev = plain.meta["event_counts"]
        rows = []
        for rank in RANKS:
            turned = ev[f"turned_{rank}"]
            share = 1.0 if rank in HONOURS else ev[f"unbeaten_{rank}"] / turned
            se = 0.0 if rank in HONOURS else math.sqrt(max(share * (1 - share), 0.25 / turned) / turned)
            rows.append(_row(players, rank, share, se, exact_share(players, rank)))
        taken, se = plain.metric("turnup_pool_counters")
        unseen = _row(players, "unseen", taken / (players + 1), se / (players + 1),
                      sum(exact_share(players, r) for r in RANKS) / len(RANKS))  # fmt: skip
        sold = market.meta["event_counts"]
        unseen[PRICE] = sold["turnup_sale_price"] / max(sold["turnup_sales"], 1)
        unseen[SOLD] = market.metric("turnup_sales")[0]
        return rows + [unseen]

    t = study.sweep(count, (3, 4, 6, 8, 10))
    seen = t[t["trump card"] == "unseen"]
    four = at(t, 4, {"trump card": "unseen"})
    fair = bool((seen[PRICE] >= seen[FAIR]).all())
    return study.answer(
        t,
        f"4 players: the unseen trump card is worth {four[EXACT]:.3f} of the pool, {four[FAIR]:.2f} counters of "
        f"{four['pool']}; shrewd dealers sold it to a gambler for {four[PRICE]:.2f} on average",
        "measured",
        "the fair price by players, exact and simulated (and by rank once seen); shrewd sellers get "
        + ("at least the fair price at every count" if fair else "less than the fair price at some count"),
        players_chart(
            seen, [(SIM, "SE", "unseen trump card, simulated"), (EXACT, None, "exact")], "expected share of the pool"
        ),  # fmt: skip
        [
            "Shrewd players price the unseen trump card exactly and alike (nobody has seen it), so a shrewd "
            "dealer's reserve is above the fair price and a shrewd buyer's bid below it: among shrewd players it is "
            "never sold. Here seat 1 is a gambler (to him a trump is worth twice its value); he sells nothing to "
            "shrewd players, so every sale is a shrewd dealer's. Fresh deals (honour_redeal): with the hands kept "
            "after an honour, the next trump card comes from a pack short of the honours turned.",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
