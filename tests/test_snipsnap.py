"""Snip-Snap-Snorum (pp. 90-95): the book's example replayed card by card, a stacked deck for every variation and
flag, every traced game refereed (rules, card accounting, counters conserved), a closed-form check, the CLI."""

from __future__ import annotations

import math

import numpy as np
import pytest
import stacked
from click.testing import CliRunner

from sim import cards as C
from sim import games, runner
from sim.cli import cli
from sim.games import snipsnap as G
from sim.games._common import COL_EVENTS

# -- the referee: a plain-Python statement of the rules, written from the book, not from the kernel. It replays a
# traced game card by card from its dealt hands and checks who plays, forced pairings, calls, payments, players
# going out, the deal passing, the winner, card accounting, the counters (the pool plus every player's counters
# is constant) and, for seats whose strategy is given, the card each chose when free.

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


# -- the tests ----------------------------------------------------------------------------------------------------

S = G.STRATEGIES
NAMES = {code: name for name, code in S.items()}


def rules(**kw) -> G.Rules:
    return G.Rules(**kw).validated()


def play(r, decks, strategy="lowest", dealer=0, board=None, params=None, seed=1) -> dict:
    """A game traced from stacked decks (lists of card codes, one pack each), checked by the referee."""
    names = [strategy] * r.players if isinstance(strategy, str) else list(strategy)
    pol = np.array([S[x] for x in names], dtype=np.int64)
    par = np.full(r.players, np.nan) if params is None else np.asarray(params, dtype=float)
    deck = np.array([c for d in decks for c in d], dtype=np.int8)
    t = games.trace(G, r, pol, par, seed, deck=deck, dealer=dealer, board=board)
    Referee(t, names).check()
    return t


def plays(t, deal=0, k=None):
    return [(p["seat"], p["play"], p["call"]) for p in plays_of(t, deal)[:k]]


def paid(p) -> list[tuple]:
    return [(q["from"], q["to"], q["amount"], q["reason"]) for q in p["payments"]]


# -- the book's example (p. 92): A deals, B leads a nine, C snips, D snaps, E snorums ---------------------------

A, B, CC, D, E = range(5)
P92 = {B: "9C 10C JC QC KC", CC: "9D 2D 3D 4D 5D", D: "9H 10D JD QD KD", E: "9S 10H JH QH KH"}


def test_p92_snip_snap_snorum_then_the_dealer_starts_a_new_card():
    r = rules(players=5)
    t = play(r, [G.stack(r, A, P92)])
    assert plays(t, 0, 5)[:4] == [(B, "9C", ""), (CC, "9D", "snip"), (D, "9H", "snap"), (E, "9S", "snorum")]
    first = plays_of(t, 0)
    assert [paid(p) for p in first[:4]] == [[], [(B, "board", 1, "snip")], [(CC, "board", 2, "snap")],
                                            [(D, "board", 3, "snorum")]]  # fmt: skip
    assert first[4]["seat"] == A and first[4]["call"] == ""  # "A ... has to start upon a new card"
    assert first[4]["play"] == ref_free("lowest", t["hands"][A], {"9C", "9D", "9H", "9S"})
    dead = sum(len(o["dead_cards"]) for o in t["deals"][0]["out"])
    assert len(first) + dead == 25  # every card played, or dead with a player out: refereed card by card in play()


def test_p92_a_card_between_breaks_the_chain():
    """D has no nine and plays a ten: C pays nothing; E's nine is then only snipped by A (p. 92)."""
    r = rules(players=5)
    hands = {B: "9C 10C JC QC KC", CC: "9D 2D 3D 4D 5D", D: "10D JD QD KD 10S", E: "9H JH QH KH JS",
             A: "9S 2C 3C 4C 5C"}  # fmt: skip
    t = play(r, [G.stack(r, A, hands)])
    assert plays(t, 0, 5) == [(B, "9C", ""), (CC, "9D", "snip"), (D, "10D", ""), (E, "9H", ""), (A, "9S", "snip")]
    first = plays_of(t, 0)
    assert [paid(p) for p in first[:5]] == [[], [(B, "board", 1, "snip")], [], [], [(E, "board", 1, "snip")]]


# -- the variations and flags: each changes the game on the same stacked deck -----------------------------------

WHOLE = {1: "AC 2C 3C 3S", 2: "3D", 0: "AD AH AS 2D 2H 2S 3H"}


def test_p93_whole_pack_a_player_plays_on_until_the_next_can_pair_him():
    r = rules(players=3, whole_pack=True)
    t = play(r, [G.stack(r, 0, WHOLE)])
    assert [len(h) for h in t["hands"]] == [17, 18, 17]  # the whole pack, the elder hand one more
    assert plays(t, 0, 7) == [(1, "AC", ""), (1, "2C", ""), (1, "3C", ""), (2, "3D", "snip"), (0, "3H", "snap"),
                              (1, "3S", "snorum"), (1, "4C", "")]  # fmt: skip
    first = plays_of(t, 0)
    assert [paid(p) for p in first[3:6]] == [[(1, "board", 1, "snip")], [(2, "board", 2, "snap")],
                                             [(0, "board", 3, "snorum")]]  # fmt: skip
    five = play(rules(players=3), [G.stack(rules(players=3), 0, {1: "AC 2C 3C 3S"})])
    assert [p[0] for p in plays(five, 0, 4)] == [1, 2, 0, 1]  # the standard game: one card a turn


def test_p94_first_out_counters_unlimited_and_the_first_rid_of_his_cards_wins():
    deck = G.stack(rules(players=3, whole_pack=True), 0, WHOLE)
    lives = play(rules(players=3, whole_pack=True, counters=1), [deck])
    first = play(rules(players=3, whole_pack=True, first_out=True, counters=1), [deck])
    assert [o["seat"] for o in lives["out"]] == [1, 2]  # B's Snip and C's Snap were their last counters
    assert first["events"]["players_out"] == 0 and first["events"]["deals"] == 1
    snap = plays_of(first, 0)[4]
    assert snap["call"] == "snap" and paid(snap) == [(2, "board", 2, "snap")]  # unlimited: he pays all and plays on
    w = first["winner"]
    assert first["deals"][0]["cleared"] == w and plays_of(first, 0)[-1]["seat"] == w
    assert first["events"]["pool_taken"] == sum(p["amount"] for p in first["payments"] if p["to"] == "board")
    assert first["counters_left"] is None


def test_p94_turnup_snip_paid_by_the_pool_or_by_the_dealer():
    base = rules(players=3)
    deck = G.stack(base, 0, {1: "9C 2C 3C 4C 5C", 2: "9D 2D 3D 4D 5D"}, turnup="9S")
    pool = play(rules(players=3, turnup_snip=True), [deck], board=[3])
    dealer = play(rules(players=3, turnup_snip=True, turnup_payer="dealer"), [deck], board=[3])
    plain = play(base, [deck], board=[3])
    for t in (pool, dealer):
        assert t["turnup"] == "9S" and plays(t, 0, 2) == [(1, "9C", "snip"), (2, "9D", "snap")]
        assert t["events"]["turnup_snips"] >= 1 and t["events"]["turnup_paid"] >= 1  # this deal's, and later ones
    assert paid(plays_of(pool, 0)[0]) == [("board", 1, 1, "turnup")]  # he takes a counter out of the pool
    assert paid(plays_of(dealer, 0)[0]) == [(0, "board", 1, "turnup")]  # the dealer pays the Snip
    assert plain["turnup"] is None and plays(plain, 0, 1) == [(1, "2C", "")]  # no turn-up: a free lead
    empty = play(rules(players=3, turnup_snip=True), [deck])
    assert plays_of(empty, 0)[0]["call"] == "snip" and paid(plays_of(empty, 0)[0]) == []  # empty pool


def test_p93_careless_miss_pays_double_and_the_paired_player_pays_as_though_paired():
    deck = G.stack(rules(players=3), 0, {1: "9C 10C JC QC KC", 2: "9D 2D 3D 4D 5D"})
    who = ["lowest", "lowest", "careless"]
    strict = play(rules(players=3), [deck], who)
    loose = play(rules(players=3, careless_misses=True), [deck], who)
    assert plays(strict, 0, 2) == [(1, "9C", ""), (2, "9D", "snip")]  # without the flag he must pair
    assert plays(loose, 0, 2) == [(1, "9C", ""), (2, "2D", "miss")]
    assert paid(plays_of(loose, 0)[1]) == [(1, "board", 1, "snip"), (2, "board", 2, "miss")]
    assert loose["events"]["misses"] >= 1 and loose["events"]["miss_paid"] >= 2
    never = play(rules(players=3, careless_misses=True), [deck], who, params=[np.nan, np.nan, 0.0])
    assert never["events"]["misses"] == 0 and plays(never, 0, 2) == plays(strict, 0, 2)


def test_p92_an_eliminated_players_cards_go_on_the_undealt_pack_dealt_next_without_a_reshuffle():
    hands = {1: "9C 10C JC QC KC", 2: "9D 2D 4D 6D 8D", 0: "AH 3H 5H 7H KH"}
    second = C.parse("2S 3S 4S 5S 6S 7S 8S 9S 10S JS").tolist()
    second += [c for c in range(52) if c not in second]
    r = rules(players=3, counters=1)
    fresh = play(r, [G.stack(r, 0, hands), second])
    kept = play(rules(players=3, counters=1, reshuffle=False), [G.stack(r, 0, hands), second])
    for t in (fresh, kept):
        assert t["out"][0] == {"seat": 1, "deal": 0, "dead_cards": ["10C", "JC", "QC", "KC"]}
        assert t["deals"][1]["dealer"] == 2 and t["deals"][1]["hands"][1] == []  # the deal passes him by
    assert kept["deals"][1]["shuffled"] is False
    assert kept["deals"][1]["hands"][0][:2] == ["KC", "JC"] and kept["deals"][1]["hands"][2][:2] == ["QC", "10C"]
    assert fresh["deals"][1]["shuffled"] and fresh["deals"][1]["hands"][0] == ["2S", "4S", "6S", "8S", "10S"]


def test_p93_first_out_deals_the_next_game():
    spec = runner.make_spec("snipsnap", n=1, players=4)
    book = runner.make_spec("snipsnap", n=1, players=4, rules=["first_out_deals=true"])
    differ = 0
    for deal in range(8):
        a = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), 4, deal=deal)
        b = games.trace(G, book.rules, runner.policy_codes(book), runner.policy_params(book), 4, deal=deal)
        assert a["next_dealer"] == (a["dealer"] + 1) % 4
        assert b["next_dealer"] == b["out"][0]["seat"]
        differ += a["next_dealer"] != b["next_dealer"]
    assert differ > 0


def test_p90_the_32_card_pack_for_up_to_six():
    r = rules(players=6, pack=32)
    deck = G.stack(r, 0, {1: "7C 7D 7H 8C 8D"})
    t = play(r, [deck])
    assert all(C.rank_of(C.parse_card(c)) in (0, 6, 7, 8, 9, 10, 11, 12) for h in t["hands"] for c in h)
    assert sorted(C.parse(" ".join(t["deck"])).tolist()) == C.short_pack().tolist()
    with pytest.raises(ValueError, match="32-card pack needs 2 to 6 players"):
        rules(players=7, pack=32)
    with pytest.raises(ValueError, match="32-card pack"):
        play(r, [G.stack(rules(players=6), 0, {})])  # a 52-card deck for the 32-card game


def test_p91_counters_each_player_starts_with():
    deck = G.stack(rules(players=5), A, P92)
    one = play(rules(players=5, counters=1), [deck])
    five = play(rules(players=5), [deck])
    assert [(o["seat"], o["deal"], len(o["dead_cards"])) for o in one["out"][:3]] == [(B, 0, 4), (CC, 0, 4), (D, 0, 4)]
    assert not any(o["deal"] == 0 and len(o["dead_cards"]) == 4 for o in five["out"])  # five counters: still in


# -- strategies -------------------------------------------------------------------------------------------------


def test_p93_two_of_a_kind_play_one_of_them():
    r = rules(players=5)
    deck = G.stack(r, 4, {0: "2C 5D 5H 9S KC"})
    assert plays(play(r, [deck], "book", dealer=4), 0, 1) == [(0, "5D", "")]
    assert plays(play(r, [deck], "book-no-pairs", dealer=4), 0, 1) == [(0, "2C", "")]


def test_p93_a_third_knave_after_two_are_played_is_almost_safe():
    r = rules(players=5)
    hands = {0: "2H 4H 6H JS 10H", 1: "JC QC KC QD KD", 2: "3C 5C 7C 8C 9C", 3: "JD QH QS KH KS",
             4: "5D 7D 8D 9D 10D"}  # fmt: skip
    who = ["book", "lowest", "lowest", "lowest", "lowest"]
    t = play(r, [G.stack(r, 4, hands)], who, dealer=4)
    assert plays(t, 0, 6) == [(0, "2H", ""), (1, "JC", ""), (2, "3C", ""), (3, "JD", ""), (4, "5D", ""), (0, "JS", "")]
    low = play(r, [G.stack(r, 4, hands)], "lowest", dealer=4)
    assert plays(low, 0, 6)[5] == (0, "4H", "")


# -- every game of a run, refereed; conservation; the closed form; the driver ----------------------------------


@pytest.mark.parametrize("variant", list(G.VARIANTS))
def test_every_traced_game_follows_the_rules(variant):
    extra = {"turnup-snip": ["turnup_payer=dealer"]}.get(variant, [])
    misses = 0
    for k, strategy in enumerate(S):
        players = 2 + (3 * k + len(variant)) % 9
        flags = extra + ["careless_misses=true"] if k % 2 else []
        spec = runner.make_spec("snipsnap", variant, n=1, strategy=strategy, players=players, rules=flags,
                                seat_strategies=("1=careless:0.5",))  # fmt: skip
        names = [s.split(":")[0] for s in spec.strategies]
        for seed in range(3):
            t = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), seed, deal=seed)
            assert not t["truncated"] and t["events"]["games_capped"] == 0
            Referee(t, names).check()
            misses += t["events"]["misses"]
    assert misses > 0  # the double penalty is refereed too


def test_reshuffle_false_and_short_pack_games_follow_the_rules():
    for flags in (["reshuffle=false", "counters=3"], ["pack=32", "turnup_snip=true"], ["first_out_deals=true"]):
        spec = runner.make_spec("snipsnap", n=1, players=4, strategy="random", rules=flags)
        for seed in range(4):
            t = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), 9, deal=seed)
            Referee(t, list(spec.strategies)).check()


def test_a_traced_games_decks_replay_it():
    spec = runner.make_spec("snipsnap", "whole-pack", n=1, players=4, strategy="random")
    t = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), 3, deal=0)
    text = " ".join(" ".join(d) for d in t["decks"])
    again = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), 3,
                        deck=G.check_deck(text), dealer=t["dealer"])  # fmt: skip
    assert again["actions"] == t["actions"] and again["net"] == t["net"]


def test_trace_replays_the_run():
    spec = runner.make_spec("snipsnap", "turnup-snip", n=5, seed=5)
    res = runner.run(spec, chunk_sessions=1)
    nets = np.zeros(5)
    for d in range(5):
        t = games.trace(G, spec.rules, runner.policy_codes(spec), runner.policy_params(spec), 5, deal=d)
        nets += t["net"]
    for s in range(5):
        assert res.metric("net", seat=s)[0] == pytest.approx(nets[s] / 5)


def test_threads_and_chunks_do_not_change_results():
    spec = runner.make_spec("snipsnap", n=600, seed=3, strategy="random", seat_strategies=("0=book",),
                            rules=["careless_misses=true"])  # fmt: skip
    stacked.same_on_one_and_two_threads(spec)


def _ratio(rows, num: str, den: str) -> tuple[float, float]:
    """A ratio of two events over a run's sessions, and its SE (delta method over sessions)."""
    x = rows[:, COL_EVENTS + G.EVENTS.index(num)].astype(float)
    y = rows[:, COL_EVENTS + G.EVENTS.index(den)].astype(float)
    ratio = x.sum() / y.sum()
    resid = x - ratio * y
    return ratio, math.sqrt(resid.var(ddof=1) * len(x)) / y.sum()


def test_the_elders_first_card_is_snipped_as_the_hypergeometric_says():
    """A random first card: j of its rank among his other four (of 51: hypergeometric), 3 - j among the 47 cards
    he cannot see, of which the next player holds five."""
    want = sum(
        math.comb(3, j) * math.comb(48, 4 - j) / math.comb(51, 4) * (1 - math.comb(44 + j, 5) / math.comb(47, 5))
        for j in range(4)
    )
    spec = runner.make_spec("snipsnap", n=1, players=5, strategy="random", seed=12)
    rows = runner.play_chunk(spec, 0, 5000)
    got, se = _ratio(rows, "leads_snipped", "free_leads")
    assert rows[:, COL_EVENTS + G.EVENTS.index("free_leads")].sum() > 100_000
    assert abs(got - want) < 4 * se, (got, want, se)


def test_every_game_conserves_counters_and_has_one_winner():
    for variant in G.VARIANTS:
        spec = runner.make_spec("snipsnap", variant, n=1, players=6, strategy="book")
        rows = runner.play_chunk(spec, 0, 200)
        assert np.all(rows[:, :6].sum(axis=1) == 0)
        assert np.all(rows[:, 20:26].sum(axis=1) == spec.deals_per_session)
        ev = dict(zip(G.EVENTS, rows[:, COL_EVENTS:].sum(axis=0)))
        assert ev["games_capped"] == 0 and ev["deals"] >= 200 * 6
        if variant != "first-out":
            assert ev["players_out"] == 200 * 6 * 5  # all but one, every game
            assert ev["pool_taken"] <= 200 * 6 * 6 * 5


def test_the_text_trace_calls_snip_snap_snorum():
    """``sim trace snipsnap`` prints each play's call after it, as the players call them (p. 92)."""
    r = rules(players=5)
    deck = C.format(G.stack(r, A, P92))
    res = CliRunner().invoke(cli, ["trace", "snipsnap", "--deck", deck, "--strategy", "lowest"])
    assert res.exit_code == 0, res.output
    assert "9C(1) 9D(2) Snip 9H(3) Snap 9S(4) Snorum " in res.output
    line = next(x for x in res.output.splitlines() if "9C(1)" in x)
    assert line.count("Snip") == len([p for p in plays_of(play(r, [G.stack(r, A, P92)]), 0) if p["call"] == "snip"])


def test_the_deal_is_a_whole_game_and_the_trace_says_so():
    assert G.DEAL == "game"
    t = games.trace(G, rules(), np.zeros(5, dtype=np.int64), np.full(5, np.nan), 1, deal=0)
    assert "one whole game" in t["deal_is"] and len(t["deals"]) == t["events"]["deals"] > 1


def test_cli_rules_run_trace_and_bad_input():
    cr = CliRunner()
    res = cr.invoke(cli, ["rules", "snipsnap", "--variant", "turnup-snip"])
    assert res.exit_code == 0 and "turnup_payer" in res.output and "p. 94" in res.output
    res = cr.invoke(cli, ["run", "snipsnap", "-n", "100", "--no-progress", "--rule", "pack=32", "--players", "4"])
    assert res.exit_code == 0, res.output
    assert "snips" in res.output
    res = cr.invoke(cli, ["trace", "snipsnap", "--seed", "2", "--deal", "1"])
    assert res.exit_code == 0 and "winner: seat" in res.output
    for args, words in [
        (["run", "snipsnap", "--players", "11"], "2 to 10 players"),
        (["run", "snipsnap", "--players", "7", "--rule", "pack=32"], "2 to 6 players"),
        (["run", "snipsnap", "--rule", "first_out=true"], "whole_pack"),
        (["run", "snipsnap", "--variant", "whole-pack", "--rule", "turnup_snip=true"], "undealt"),
        (["run", "snipsnap", "--rule", "pack=40"], "pack"),
        (["run", "snipsnap", "--strategy", "careless:2"], "between 0.0 and 1.0"),
        (["trace", "snipsnap", "--deck", "AS KS"], "52 cards"),
    ]:
        res = cr.invoke(cli, args)
        assert res.exit_code == 2 and words in res.output, (args, res.output)
