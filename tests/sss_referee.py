"""A plain-Python referee for Snip-Snap-Snorum traces: replays a traced game card by card from its dealt hands and
checks every rule the kernel applies (who plays, forced pairings, calls, payments, players going out, the deal
passing, the winner), card accounting, the counters (the pool plus every player's counters is constant), and,
for seats whose strategy is given, the card each chose when free. Written from the book, not from the kernel.
"""

from __future__ import annotations

from sim import cards as C

CALLS = ("", "snip", "snap", "snorum")


def plays_of(t: dict, deal: int) -> list[dict]:
    return [p for p in t["actions"] if p["deal"] == deal]


def rank(card: str) -> int:
    return C.rank_of(C.parse_card(card))


def ref_free(strategy: str, hand: list[str], seen: set[str]) -> str | None:
    """The card a strategy plays when free (None: not checkable, e.g. random)."""
    codes = sorted(C.parse_card(c) for c in hand)
    by_rank: dict[int, list[int]] = {}
    for c in codes:
        by_rank.setdefault(C.rank_of(c), []).append(c)
    lowest = min(codes, key=lambda c: (C.rank_of(c), C.suit_of(c)))
    if strategy in ("lowest", "careless"):
        return C.format_card(lowest)
    if strategy not in ("book", "book-no-pairs"):
        return None
    seen_by_rank = {r: sum(1 for c in seen if rank(c) == r) for r in by_rank}
    ranks = list(by_rank)
    if strategy == "book" and any(len(v) >= 2 for v in by_rank.values()):
        ranks = [r for r in ranks if len(by_rank[r]) >= 2]  # "always play one of them" (p. 93)

    def unseen(r):
        mine = len(by_rank[r]) if strategy == "book" else 1
        return 4 - seen_by_rank[r] - mine

    best = min(ranks, key=lambda r: (unseen(r), r))
    return C.format_card(min(by_rank[best], key=C.suit_of))


class Referee:
    def __init__(self, t: dict, strategies: list[str] | None = None):
        self.t = t
        self.r = t["rules"]
        self.n = len(t["net"])
        self.strategies = strategies
        self.unlimited = self.r["first_out"]
        self.lives = [self.r["counters"]] * self.n
        self.inn = [True] * self.n
        self.pool = sum(t["board_before"].values())
        self.total = sum(self.lives) + self.pool
        self.net = [0] * self.n
        self.out_order: list[int] = []
        self.seen: set[str] = set()
        self.shuffles = 0
        self.stock: list[str] | None = None  # the undealt pack, top first (None: its deck is not in the trace)

    # -- payments ---------------------------------------------------------------------------------------
    def charge(self, seat: int, amount: int, reason: str) -> list[dict]:
        if not self.inn[seat]:
            return []
        paid = amount if self.unlimited else min(amount, self.lives[seat])
        self.lives[seat] -= paid
        self.pool += paid
        self.net[seat] -= paid
        if not self.unlimited and self.lives[seat] == 0:
            self.inn[seat] = False
            self.out_order.append(seat)
        return [{"from": seat, "to": "board", "amount": paid, "reason": reason, "compartment": "pool"}] if paid else []

    def pay_call(self, payer, matcher: int, call: int, dealer: int) -> list[dict]:
        if payer == "turnup":
            if self.r["turnup_payer"] == "dealer":
                return self.charge(dealer, 1, "turnup")
            paid = min(1, self.pool)
            self.pool -= paid
            self.lives[matcher] += paid
            self.net[matcher] += paid
            return [{"from": "board", "to": matcher, "amount": paid, "reason": "turnup", "compartment": "pool"}] * paid
        return self.charge(payer, call, CALLS[call])

    # -- the game ---------------------------------------------------------------------------------------
    def next_in(self, s: int) -> int:
        for k in range(1, self.n + 1):
            if self.inn[(s + k) % self.n]:
                return (s + k) % self.n
        return s

    def next_holder(self, s: int, hands) -> int | None:
        for k in range(1, self.n):
            q = (s + k) % self.n
            if self.inn[q] and hands[q]:
                return q
        return None

    def check(self) -> None:
        t = self.t
        dealer = t["dealer"]
        for j, d in enumerate(t["deals"]):
            assert d["deal"] == j and d["dealer"] == dealer and self.inn[dealer]
            self.deal(d)
            assert sum(self.lives) + self.pool == self.total or self.unlimited
            if self.unlimited:
                break
            dealer = self.next_in(dealer)
        if not self.unlimited:
            assert sum(self.inn) == 1, "the game ends with one player in"
            assert t["winner"] == self.inn.index(True)
            assert t["counters_left"] == self.lives
        assert [o["seat"] for o in t["out"]] == self.out_order
        assert t["winner_takes"] == ([{"from": "board", "to": t["winner"], "amount": self.pool, "reason": "pool",
                                       "compartment": "pool"}] if self.pool else [])  # fmt: skip
        self.net[t["winner"]] += self.pool
        assert t["net"] == self.net
        assert sum(t["net"]) + sum(t["board_after"].values()) - sum(t["board_before"].values()) == 0
        assert t["board_after"] == {"pool": 0}

    def deal(self, d: dict) -> None:
        hands = {s: list(h) for s, h in enumerate(d["hands"])}
        ins = [s for s in range(self.n) if self.inn[s]]
        assert d["players_in"] == len(ins)
        dealt = [c for h in hands.values() for c in h] + ([d["turnup"]] if d["turnup"] else [])
        assert len(set(dealt)) == len(dealt), "every card in one place"
        pack = 32 if self.r["pack"] == 32 else 52
        assert all(C.parse_card(c) in (C.short_pack() if pack == 32 else C.full_pack()) for c in dealt)
        sizes = sorted((len(hands[s]) for s in ins), reverse=True)
        if self.r["whole_pack"]:
            assert sum(sizes) == pack and sizes[0] - sizes[-1] <= 1
        else:
            assert sizes == [5] * len(ins)
        assert all(not hands[s] for s in range(self.n) if not self.inn[s])
        if d["shuffled"] or self.r["reshuffle"]:
            self.seen = set()
        self.dealt_from_stock(d, ins)
        if d["turnup"]:
            self.seen.add(d["turnup"])
        if self.r["whole_pack"]:
            self.whole_pack(d, hands)
        else:
            self.five_cards(d, hands)
        gone = {o["seat"]: o["dead_cards"] for o in d["out"]}
        for s, cards in gone.items():
            assert sorted(cards, key=C.parse_card) == sorted(hands[s], key=C.parse_card)
            hands[s] = []
            if self.stock is not None:  # face down on top of the undealt pack (p. 92), the last put on first
                self.stock = sorted(cards, key=C.parse_card, reverse=True) + self.stock
        if not self.unlimited and sum(self.inn) > 1:
            assert not any(hands.values()), "every card dealt is played, or dead with a player out"

    def dealt_from_stock(self, d: dict, ins: list[int]) -> None:
        """The hands are the cards of the deck (or what is left of it) one at a time from the dealer's left."""
        if d["shuffled"]:
            decks = self.t["decks"]
            self.stock = list(decks[self.shuffles]) if self.shuffles < len(decks) else None
            self.shuffles += 1
        else:
            assert not self.r["reshuffle"] and not self.r["whole_pack"]
        if self.stock is None:
            return
        order = [s for s in ((d["dealer"] + k) % self.n for k in range(1, self.n + 1)) if s in ins]
        got: dict[int, list[str]] = {s: [] for s in range(self.n)}
        rounds = len(self.stock) if self.r["whole_pack"] else 5
        for _ in range(rounds):
            for s in order:
                if self.stock:
                    got[s].append(self.stock.pop(0))
        assert [got[s] for s in range(self.n)] == d["hands"]
        if d["turnup"]:
            assert self.stock.pop(0) == d["turnup"]

    def turn(self, p: dict, hands, expect: int, prev, chain: int, dealer: int):
        """Check one play against the rules; returns (its card, the new chain)."""
        seat = p["seat"]
        assert seat == expect, f"seat {expect} should play, not {seat}"
        card = p["play"]
        assert card in hands[seat]
        card_prev, payer = prev
        same = [c for c in hands[seat] if card_prev and rank(c) == rank(card_prev)]
        if p["call"] == "miss":
            assert self.r["careless_misses"] and same and (p.get("passed") or rank(card) != rank(card_prev))
            pays = self.pay_call(payer, seat, chain + 1, dealer) + self.charge(seat, 2 * (chain + 1), "miss")
            new_chain = 0
        elif same:
            assert rank(card) == rank(card_prev), "a player holding the rank must pair it (p. 93)"
            new_chain = chain + 1
            assert p["call"] == CALLS[new_chain]
            pays = self.pay_call(payer, seat, new_chain, dealer)
        else:
            assert p["call"] == "" and not p.get("passed")
            if self.strategies:
                want = ref_free(self.strategies[seat], hands[seat], self.seen)
                assert want in (None, card), f"seat {seat} ({self.strategies[seat]}) should play {want}, not {card}"
            new_chain = 0
            pays = []
        assert p["payments"] == pays, (p, pays)
        if not p.get("passed"):
            hands[seat].remove(card)
            self.seen.add(card)
        return card, new_chain

    def five_cards(self, d: dict, hands) -> None:
        dealer = d["dealer"]
        prev = (d["turnup"], "turnup") if d["turnup"] else (None, None)
        expect, chain = self.next_in(dealer), 0
        for p in plays_of(self.t, d["deal"]):
            card, chain = self.turn(p, hands, expect, prev, chain, dealer)
            prev = (card, p["seat"])
            expect = self.next_in(p["seat"])
        if sum(self.inn) > 1:
            assert not hands[expect], "the deal ends when the hands are played out"

    def whole_pack(self, d: dict, hands) -> None:
        dealer = d["dealer"]
        active, prev, chain = self.next_in(dealer), (None, None), 0
        plays = plays_of(self.t, d["deal"])
        i = 0
        while i < len(plays):
            p = plays[i]
            last = prev[1]
            q = self.next_holder(last, hands) if last is not None else None
            if q is not None and any(rank(c) == rank(prev[0]) for c in hands[q]):
                card, chain = self.turn(p, hands, q, prev, chain, dealer)  # he must pair, or misses
                if p.get("passed"):
                    active = last
                    prev, chain = (None, None), 0
                else:
                    prev, active = (card, q), q
            else:
                if not self.inn[active] or not hands[active]:
                    active = self.next_holder(active, hands)
                card, chain = self.turn(p, hands, active, (None, None), 0, dealer)
                prev = (card, active)
            i += 1
            if self.unlimited and not hands[p["seat"]]:
                assert d.get("cleared") == p["seat"] == self.t["winner"] and i == len(plays)
