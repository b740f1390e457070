"""sp_value (p. 78): the dealer may sell the trump card before turning it - what is it worth?"""

from __future__ import annotations

import math

import pandas as pd
from _common import Answer, Claim, main, run

CLAIM = Claim(
    "sp_value", "Speculation", 78,
    "before turning it the dealer may sell it to any other of the players. If the dealer sells the turn-up card, "
    "the buyer becomes entitled to all the privileges that may ultimately attach to it, taking the entire amount in "
    "the pool if no higher trump is turned up during the progress of the hands.",
    "the fair price of the trump card as its expected share of the pool: by rank once it is seen, and unseen (what "
    "the dealer sells), simulated on fresh deals beside the exact value, by players; and the price shrewd dealers "
    "get from a gambler (the other seats shrewd)",
)  # fmt: skip

PLAYERS = (3, 4, 6, 8, 10)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HONOURS = {"A", "K", "Q", "J"}
PRICE = "shrewd dealer's price from a gambler"
FRESH = ["honour_redeal=true"]  # every trump card from a fresh pack, where the exact value holds


def exact_share(players: int, rank: str) -> float:
    """P(the trump card takes the pool): at once if an honour, else if no higher trump is among the hands."""
    if rank in HONOURS:
        return 1.0
    higher = len(RANKS) - 1 - RANKS.index(rank)
    dealt = 3 * players
    return math.comb(51 - higher, dealt) / math.comb(51, dealt)


def answer(n: int, seed: int) -> Answer:
    rows, played, rules, notes = [], 0, [], []
    for players in PLAYERS:
        plain = run("speculation", "standard", n, seed, players=players, strategy="naive", rules=FRESH)
        market = run("speculation", "standard", n, seed, players=players, rules=FRESH, seat_strategies=["1=gambler"])
        played = max(played, plain.meta["n"], market.meta["n"])
        rules += [plain.meta["rules_string"]]
        ev = plain.meta["event_counts"]
        pool = players + 1
        for rank in RANKS:
            turned = ev[f"turned_{rank}"]
            share = 1.0 if rank in HONOURS else ev[f"unbeaten_{rank}"] / turned
            se = 0.0 if rank in HONOURS else math.sqrt(max(share * (1 - share), 0.25 / turned) / turned)
            rows.append(_row(players, rank, share, se, exact_share(players, rank), pool))
        unseen = sum(exact_share(players, r) for r in RANKS) / len(RANKS)
        share, se = plain.metric("turnup_pool_counters")
        row = _row(players, "unseen", share / pool, se / pool, unseen, pool)
        mev = market.meta["event_counts"]
        row[PRICE] = mev["turnup_sale_price"] / max(mev["turnup_sales"], 1)
        row["turn-up sales/deal"] = market.metric("turnup_sales")[0]
        rows.append(row)
    t = pd.DataFrame(rows)
    seen = t[t["trump card"] == "unseen"].set_index("players")

    def chart(ax):
        for players in PLAYERS:
            sub = t[(t["players"] == players) & (t["trump card"] != "unseen")]
            ax.plot(range(len(RANKS)), sub["share of the pool, exact"], "-", lw=1)
            ax.plot(range(len(RANKS)), sub["share of the pool, simulated"], "o", ms=3, label=f"{players} players")
        ax.set_xticks(range(len(RANKS)), RANKS)
        ax.set_xlabel("trump card turned up")
        ax.set_ylabel("expected share of the pool")
        ax.legend(fontsize=8)

    four = seen.loc[4]
    premium = (seen[PRICE] >= seen["fair price (counters)"]).all()
    notes.append(
        "Shrewd players price the trump card exactly and alike (nobody has seen it), so a shrewd dealer's reserve is "
        "above the fair price and a shrewd buyer's bid below it: among shrewd players it is never sold. Here seat 1 "
        "is a gambler (a trump is worth twice its value to him) and sells nothing to shrewd players; every sale is a "
        "shrewd dealer's. Fresh deals (honour_redeal): with the hands kept after an honour the next trump card is "
        "drawn from a pack short of the honours turned, and is worth slightly less."
    )
    return Answer(
        t,
        f"4 players: the unseen trump card is worth {four['share of the pool, exact']:.3f} of the pool, "
        f"{four['fair price (counters)']:.2f} counters of {four['pool']}; shrewd dealers sold it to a gambler for "
        f"{four[PRICE]:.2f} on average",
        "measured",
        "the fair price by rank and players, exact and simulated; shrewd sellers get "
        + ("at least the fair price at every count" if premium else "less than the fair price at some count"),
        sorted(set(rules)),
        played,
        chart,
        notes,
    )


def _row(players: int, card: str, share: float, se: float, exact: float, pool: int) -> dict:
    return {
        "players": players,
        "trump card": card,
        "share of the pool, simulated": share,
        "SE": se,
        "share of the pool, exact": exact,
        "pool": pool,
        "fair price (counters)": exact * pool,
        PRICE: float("nan"),
        "turn-up sales/deal": float("nan"),
    }


if __name__ == "__main__":
    main(CLAIM, answer)
