"""Commerce (pp. 70-77): stacked-deck scenarios named after the book's pages, a rule-by-rule referee that replays
traced deals, conservation, reproducibility, and the CLI.

The referee (``referee_modern`` / ``referee_old`` / ``referee_pool``) re-plays a traced deal from its deck and
actions in plain Python, checking every action is legal and in turn (pp. 72-75) and recomputing every payment;
it is run on many random decks with every strategy, so each rule is checked far more often than by the
hand-made scenarios alone.
"""

from __future__ import annotations

import json
from collections import deque

import numpy as np
import pytest
from stacked import same_on_one_and_two_threads

from sim import cards as C
from sim import games, runner
from sim.games import _contract
from sim.games import _hands as H
from sim.games import commerce as G

# ------------------------------------------------------------------------------------------------------------
# helpers


def rules(**kw) -> G.Rules:
    return G.Rules(**kw).validated()


def codes(names, n):
    if isinstance(names, str):
        names = [names] * n
    return np.array([G.STRATEGIES[x] for x in names], dtype=np.int64)


def trace(r, strategies="threshold", deck=None, dealer=0, seed=1, deal=0, pot=0, params=None, rotations=1):
    n = r.players
    pp = np.full(n, np.nan) if params is None else np.asarray(params, dtype=np.float64)
    board = None if deck is None else np.array([pot], dtype=np.int64)  # a run's deal starts on the run's pool
    return games.trace(
        G, r, codes(strategies, n), pp, seed, deal=deal, deck=deck, dealer=dealer, rotations=rotations, board=board
    )


def stacked(r, dealer, hands, widow="", stock=""):
    return G.deck_from_hands(r, dealer, {s: h for s, h in enumerate(hands)}, widow=widow, stock=stock)


def strength(cards, r) -> int:
    return int(H.strength_of(" ".join(cards), r.pack, r.point_rule, r.combinations))


def klass(cards, r) -> str:
    return H.class_of(" ".join(cards), r.pack, r.point_rule, r.combinations)


def pays(t, reason=None):
    return [(p["from"], p["to"], p["amount"]) for p in t["payments"] if reason is None or p["reason"] == reason]


def random_deck(r, rng):
    return rng.permutation(H.pack_cards(r.pack)).astype(np.int8)


def settle_winners(best_seats, order, tie):
    """Winners of the show: every tied best hand, or the one nearest the dealer's left (order from the elder)."""
    if tie == "eldest":
        return [min(best_seats, key=order.index)]
    return sorted(best_seats)


def dealer_penalty(r, net, dealer, shown):
    if r.dealer_penalty == "none" or klass(shown[dealer], r) == "point":
        return 0
    sd = strength(shown[dealer], r)
    better = [s for s in shown if s != dealer and strength(shown[s], r) > sd]
    if not better:
        return 0
    payees = better if r.dealer_penalty == "better" else [s for s in shown if s != dealer]
    for s in payees:
        net[dealer] -= 1
        net[s] += 1
    return len(payees)


def referee_modern(t, r, pot_before=0):
    """Replay a traced modern-game deal from its deck; check every rule of pp. 72-73 (and 76); return the net."""
    n = r.players
    dealer = t["dealer"]
    deck = t["deck"]
    order = [(dealer + 1 + j) % n for j in range(n)]
    hands = {s: set() for s in range(n)}
    for rnd in range(3):
        for j in range(n):
            hands[order[j]].add(deck[rnd * n + j])
    assert {s: set(t["hands"][s]) for s in range(n)} == hands
    stock = deque(deck[3 * n :])
    net = [0] * n
    pool = pot_before
    for s in range(n):  # everyone stakes one, the dealer two (p. 72)
        amount = 2 if s == dealer else 1
        net[s] -= amount
        pool += amount
    stood: list[int] = []
    acts = t["actions"]
    i = 0
    slot = 0
    capped = False
    step = 1 if r.barter_left else n - 1

    def partner(seat):
        q = (seat + step) % n
        while q in stood:
            q = (q + step) % n
        return q

    def stand(seat):
        stood.append(seat)
        return (not r.extended) or len(stood) == n

    over = False
    while not over:
        if slot >= r.max_circuits * n:
            capped = True
            break
        seat = order[slot % n]
        slot += 1
        if seat in stood:
            continue
        a = acts[i]
        assert a["seat"] == seat, f"out of turn: {a} (expected seat {seat})"
        i += 1
        kind = a["action"]
        if kind == "stand":
            over = stand(seat)
            continue
        if kind == "trade":  # ready money (p. 73)
            assert a["out"] in hands[seat]
            top = stock.popleft()
            assert a["in"] == top, "ready money takes the top card of the stock"
            stock.append(a["out"])  # the rejected card goes to the bottom
            hands[seat] = (hands[seat] - {a["out"]}) | {top}
            if seat != dealer:  # a stake to the dealer; his own trades are free
                net[seat] -= 1
                net[dealer] += 1
        elif kind == "barter":
            q = partner(seat)
            assert a["with"] == q, "barter is with the next player who has not stood"
            assert a["out"] in hands[seat] and a["in"] in hands[q]
            hands[seat] = (hands[seat] - {a["out"]}) | {a["in"]}
            hands[q] = (hands[q] - {a["in"]}) | {a["out"]}
        elif kind == "barter_refused":
            q = partner(seat)
            assert a["with"] == q
            b = acts[i]
            i += 1
            assert b["seat"] == q and b["action"] == "stand", "a barter is refused by standing (p. 73)"
            over = stand(q)
            continue
        else:
            raise AssertionError(f"no {kind} in the modern game")
        if i < len(acts) and acts[i]["seat"] == seat and acts[i]["action"] == "stand":
            i += 1  # he may stand after his trade
            over = stand(seat)
    assert i == len(acts), "no action after trading has ended"
    assert t["capped"] == capped
    for s in range(n):
        assert set(t["final_hands"][s]) == hands[s]
    assert t["stock"] == list(stock)
    shown = {s: sorted(hands[s]) for s in range(n)}
    sr = {s: strength(shown[s], r) for s in range(n)}
    best = max(sr.values())
    winners = settle_winners([s for s in range(n) if sr[s] == best], order, r.tie)
    share = pool // len(winners)
    for w in winners:
        net[w] += share
        pool -= share
        if w != dealer:  # and a stake from the dealer (p. 72)
            net[dealer] -= 1
            net[w] += 1
    if stood:  # the stander, beaten, pays each better hand (p. 73)
        first = stood[0]
        for s in range(n):
            if sr[s] > sr[first]:
                net[first] -= 1
                net[s] += 1
    penalty = dealer_penalty(r, net, dealer, shown)
    assert t["net"] == net
    assert t["board_after"]["pool"] == pool
    assert sorted(t["winners"]) == sorted(winners)
    assert t["events"]["dealer_penalty_paid"] == penalty
    assert sum(net) + pool - pot_before == 0
    return net


def referee_old_hand(acts, r, dealer, seats, dealt, widow):
    """Replay one old-game hand (p. 74) among ``seats`` (in seat order); return the hands shown and the widow."""
    m = len(seats)
    order = [seats[(seats.index(dealer) + 1 + j) % m] for j in range(m)]
    hands = {s: set(dealt[s]) for s in order}
    widow = set(widow)
    state = {s: "active" for s in order}
    i = 0
    slot = 0
    stands = 0
    second = None
    while any(v == "active" for v in state.values()):
        if slot >= r.max_circuits * m:
            break
        seat = order[slot % m]
        slot += 1
        if state[seat] != "active":
            continue
        a = acts[i]
        i += 1
        assert a["seat"] == seat, f"out of turn: {a} (expected {seat})"
        if a["action"] == "stand":
            state[seat] = "stood"
            stands += 1
            if stands == 2:
                second = seat
                break
        elif a["action"] == "pass":
            state[seat] = "passed"
        else:
            assert a["action"] == "exchange"
            assert a["out"] in hands[seat] and a["in"] in widow
            hands[seat] = (hands[seat] - {a["out"]}) | {a["in"]}
            widow = (widow - {a["in"]}) | {a["out"]}
    if second is not None:  # each who has not passed or stood makes one more exchange, in turn (p. 74)
        k = order.index(second)
        for j in range(1, m):
            seat = order[(k + j) % m]
            if state[seat] != "active":
                continue
            a = acts[i]
            i += 1
            assert a["seat"] == seat and a["action"] in ("keep", "last_exchange")
            if a["action"] == "last_exchange":
                assert a["out"] in hands[seat] and a["in"] in widow
                hands[seat] = (hands[seat] - {a["out"]}) | {a["in"]}
                widow = (widow - {a["in"]}) | {a["out"]}
    assert i == len(acts), "nothing after the hands are shown"
    return {s: sorted(hands[s]) for s in order}, widow, order


def referee_old(t, r):
    """Replay a traced old-game deal and recompute its payments (p. 74)."""
    n = r.players
    dealer = t["dealer"]
    deck = t["deck"]
    order = [(dealer + 1 + j) % n for j in range(n)]
    for rnd in range(3):
        for j in range(n):
            assert deck[rnd * (n + 1) + j] in t["hands"][order[j]]
        assert deck[rnd * (n + 1) + n] == t["widow"][rnd]
    shown, widow, order = referee_old_hand(t["actions"], r, dealer, list(range(n)), t["hands"], t["widow"])
    assert widow == set(t["widow_after"])
    for s in range(n):
        assert shown[s] == sorted(t["final_hands"][s])
    sr = {s: strength(shown[s], r) for s in range(n)}
    best = max(sr.values())
    winners = settle_winners([s for s in range(n) if sr[s] == best], order, r.tie)
    net = [0] * n
    for w in winners:  # the winner receives a stake from every other player; each tied winner does
        for s in range(n):
            if s not in winners:
                net[s] -= 1
                net[w] += 1
    dealer_penalty(r, net, dealer, shown)
    assert t["net"] == net
    assert sorted(t["winners"]) == winners
    return net


def referee_pool(t, r):
    """Check a traced Pool Commerce game (p. 75): buy-ins, lives, prizes, the horse and the last player in."""
    n = r.players
    prize = G.sixths("pool_prize", r.pool_prize)
    horse = None if r.horse_price == "none" else G.sixths("horse_price", r.horse_price)
    lives = [r.lives] * n
    net = [0] * n
    pool = 0
    for s in range(n):
        net[s] -= 6
        pool += 6
    first_out = None
    horses = 0
    dealer = t["dealer"]
    for rd in t["rounds"]:
        seats = [s for s in range(n) if lives[s] > 0]
        assert sorted(int(s) for s in rd["hands"]) == seats, "only players with counters are dealt in"
        while lives[dealer] == 0:
            dealer = (dealer + 1) % n
        assert rd["dealer"] == dealer
        acts = [a for a in t["actions"] if a["hand"] == rd["hand"]]
        play = [a for a in acts if a["action"] not in ("loses_counter", "horse", "out")]
        dealt = {int(s): v for s, v in rd["hands"].items()}
        shown, _, order = referee_old_hand(play, r, dealer, seats, dealt, rd["widow"])
        sr = {s: strength(shown[s], r) for s in seats}
        best, worst = max(sr.values()), min(sr.values())
        for w in settle_winners([s for s in seats if sr[s] == best], order, r.tie):
            amount = min(prize, pool)
            net[w] += amount
            pool -= amount
        losers = [s for s in seats if sr[s] == worst]
        if r.tie == "eldest":
            losers = [max(losers, key=order.index)]
        elif len(losers) == len(seats):
            losers = []
        assert [a["seat"] for a in acts if a["action"] == "loses_counter"] == [s for s in order if s in losers]
        for s in losers:
            lives[s] -= 1
            if lives[s] == 0 and first_out is None:
                first_out = s
                if horse is not None and any(a["action"] == "horse" and a["seat"] == s for a in acts):
                    net[s] -= horse
                    pool += horse
                    lives[s] = 1
                    horses += 1
        assert rd["lives_after"] == lives
        dealer = (dealer + 1) % n
        while lives[dealer] == 0:
            dealer = (dealer + 1) % n
    assert sum(1 for x in lives if x > 0) == 1, "the game goes on until one player has counters"
    last = next(s for s in range(n) if lives[s] > 0)
    net[last] += pool
    assert t["winners"] == [last]
    assert t["net"] == net
    assert t["board_after"]["pool"] == 0 and sum(net) == 0
    assert t["events"]["horses"] == horses <= 1
    assert t["events"]["hands"] == len(t["rounds"])
    return net


# ------------------------------------------------------------------------------------------------------------
# rules and registry


def test_rules_defaults_and_validation():
    r = rules()
    assert (r.players, r.game, r.pack, r.tie, r.max_circuits) == (4, "modern", 52, "split", 10)
    for overrides in G.VARIANTS.values():
        G.Rules(**overrides).validated()
    assert list(G.VARIANTS)[0] == "standard"
    bad = [
        ({"players": 2}, "Commerce needs 3 to 10 players"),
        ({"players": 8, "pack": 32}, "3 to 7 players with the 32-card pack"),
        ({"pack": 40}, "pack must be one of 52 | 32"),
        ({"game": "new"}, "game must be"),
        ({"extended": True, "game": "old"}, "modern game"),
        ({"pool": True}, "game=old"),
        ({"pool": True, "game": "old", "dealer_penalty": "all"}, "lives"),
        ({"horse_price": "1/4"}, "sixths"),
        ({"tie": "first"}, "tie must be"),
        ({"max_circuits": 0}, "max_circuits"),
        ({"barter_left": "maybe"}, "true or false"),
    ]
    for kw, words in bad:
        with pytest.raises(ValueError, match=words):
            G.Rules(**kw).validated()
    assert G.sixths("x", "1/2") == 3 and G.sixths("x", "1/3") == 2 and G.sixths("x", "0.5") == 3


def test_registry_and_module_shape():
    assert games.load("commerce") is G
    assert _contract.check(G) == []
    assert _contract.row(G) == 40 + len(G.EVENTS) + len(G.SESSION_METRICS)
    assert set(G.STRATEGY_HELP) == set(G.STRATEGIES)
    assert set(G.RULEBOOK.pages) == set(G.RULEBOOK.help) == set(G.Rules._fields)
    assert G.deals_per_session(rules(), 3) == 12
    assert G.unit(rules(game="old", pool=True)) == "sixths of a stake" and G.deal_word(rules()) == "deal"
    assert G.deal_word(rules(game="old", pool=True)) == "game"  # one run "deal" is a whole pool game (p. 75)


# ------------------------------------------------------------------------------------------------------------
# the modern game, stacked decks (pp. 72-73)

HANDS4 = ["2C 5D 9H", "AS AH AD", "3C 7D JH", "4S 8H KC"]  # seat 1 holds a tricon of aces


def test_p72_stakes_dealer_pays_double():
    r = rules()
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4), dealer=3)
    assert pays(t, "stake") == [(0, "board", 1), (1, "board", 1), (2, "board", 1), (3, "board", 2)]


def test_p73_first_stand_ends_trading():
    r = rules()
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4), dealer=3)
    assert [(a["seat"], a["action"]) for a in t["actions"]] == [(0, "stand")]
    assert t["events"]["stands"] == 1 and t["events"]["circuits"] == 1
    referee_modern(t, r)


def test_p72_best_hand_takes_pool_and_a_stake_from_dealer():
    r = rules()
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4), dealer=3)
    assert t["winner"] == 1 and t["shown"][1]["class"] == "tricon"
    assert (("board", 1, 5) in pays(t, "pool")) and pays(t, "dealer_stake") == [(3, 1, 1)]


def test_p73_beaten_stander_pays_each_better_hand():
    r = rules()
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4), dealer=3)  # elder (seat 0) stands on 2-5-9: all beat him
    assert sorted(pays(t, "stander")) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    assert t["net"] == [-1 - 3, -1 + 5 + 1 + 1, -1 + 1, -2 - 1 + 1]
    assert t["events"]["stander_beaten"] == 1 and t["events"]["stander_paid"] == 3


def test_p72_dealer_who_wins_pays_no_stake():
    r = rules()
    t = trace(r, "stand", deck=stacked(r, 1, HANDS4), dealer=1)  # seat 1 deals and holds the aces
    assert t["winner"] == 1 and pays(t, "dealer_stake") == []
    assert t["net"][1] == -2 + 5 + 1  # the pool, and the elder's stander stake
    referee_modern(t, r)


def test_p73_barter_refused_by_a_player_who_stands():
    r = rules()
    # elder (seat 0) holds rubbish and barters to his left; seat 1, with the aces, stands instead of exchanging
    t = trace(r, ["threshold", "threshold", "stand", "stand"], deck=stacked(r, 3, HANDS4), dealer=3)
    assert [(a["seat"], a["action"]) for a in t["actions"]] == [(0, "barter_refused"), (1, "stand")]
    assert t["actions"][0]["with"] == 1
    assert pays(t, "stander") == []  # the stander holds the best hand
    referee_modern(t, r)


def test_hoyle_barter_with_the_right_hand_neighbour():
    r = rules(barter_left=False)
    t = trace(r, ["threshold", "stand", "stand", "stand"], deck=stacked(r, 3, HANDS4), dealer=3)
    first = t["actions"][0]
    assert first["seat"] == 0 and first["with"] == 3  # the dealer sits on the elder's right
    referee_modern(t, r)


def test_p73_ready_money_top_card_reject_under_the_stock():
    r = rules()
    rng = np.random.default_rng(5)
    seen = 0
    for _ in range(60):
        t = trace(r, "random", deck=random_deck(r, rng), dealer=2, seed=int(rng.integers(1 << 30)))
        trades = [a for a in t["actions"] if a["action"] == "trade"]
        if trades:
            seen += 1
            assert trades[0]["in"] == t["deck"][12]  # the top of the stock after 3 x 4 cards dealt
            assert t["stock"][-1] == trades[-1]["out"]  # the last card thrown out lies at the bottom
        referee_modern(t, r)
    assert seen > 10


def test_p73_dealer_trades_free_others_pay_him():
    r = rules()
    rng = np.random.default_rng(6)
    dealer_trades = other_trades = 0
    for _ in range(80):
        t = trace(r, "random", deck=random_deck(r, rng), dealer=0, seed=int(rng.integers(1 << 30)))
        for a in t["actions"]:
            if a["action"] == "trade":
                dealer_trades += a["seat"] == 0
                other_trades += a["seat"] != 0
        assert len(pays(t, "ready_money")) == sum(1 for a in t["actions"] if a["action"] == "trade" and a["seat"] != 0)
        assert all(to == 0 and amount == 1 for _, to, amount in pays(t, "ready_money"))
    assert dealer_trades > 0 and other_trades > 0


def test_tie_split_carries_the_odd_counter():
    r = rules()
    hands = ["AS KH 5D", "AC KD 5H", "2C 3D 7H", "2D 4S 8H"]  # seats 0 and 1 tie exactly on point 26
    t = trace(r, "stand", deck=stacked(r, 3, hands), dealer=3)
    assert t["events"]["ties"] == 1 and sorted(t["winners"]) == [0, 1]
    assert t["winner"] == 0  # the win is counted once, for the tied hand nearest the dealer's left
    assert sorted(pays(t, "pool")) == [("board", 0, 2), ("board", 1, 2)]
    assert t["board_after"]["pool"] == 1  # five counters: two each, one carried to the next deal
    referee_modern(t, r)
    t2 = trace(r, "stand", deck=stacked(r, 3, hands), dealer=3, pot=1)
    assert sorted(pays(t2, "pool")) == [("board", 0, 3), ("board", 1, 3)]
    referee_modern(t2, r, pot_before=1)


def test_tie_eldest_nearest_the_dealers_left_wins():
    r = rules(tie="eldest")
    hands = ["2C 3D 7H", "AS KH 5D", "2D 4S 8H", "AC KD 5H"]  # seats 1 and 3 tie; dealer 2: seat 3 is elder
    t = trace(r, "stand", deck=stacked(r, 2, hands), dealer=2)
    assert t["winners"] == [3] and pays(t, "pool") == [("board", 3, 5)]
    referee_modern(t, r)


def test_max_circuits_caps_trading():
    r = rules(max_circuits=2)
    t = trace(r, "greedy", deck=stacked(r, 3, ["2C 5D 9H", "3S 6H 10D", "3C 7D JH", "4S 8H KC"]), dealer=3)
    assert t["capped"] and t["events"]["capped"] == 1 and t["events"]["circuits"] == 2
    assert all(a["action"] in ("trade", "barter") for a in t["actions"])
    assert len(t["actions"]) == 2 * 4
    referee_modern(t, r)


def test_p70_short_pack_seven_to_ace():
    r = rules(pack=32, players=7)
    hands = ["7C 8C 9C", "AS AH AD", "10C JD QH", "KS 8H 9D", "7D 8D 10D", "JS QS KD", "7H 9H 10H"]
    t = trace(r, "stand", deck=stacked(r, 6, hands), dealer=6)
    assert len(t["deck"]) == 32 and len(t["stock"]) == 32 - 21
    assert all(c[:-1] in ("7", "8", "9", "10", "J", "Q", "K", "A") for c in t["deck"])
    assert t["shown"][0]["class"] == "sequence" and t["winner"] == 1
    referee_modern(t, r)


def test_stacked_deck_checks():
    r = rules()
    deck = stacked(r, 0, HANDS4)
    assert G.check_deck(C.format(deck)).tolist() == deck.tolist()
    short = stacked(rules(pack=32), 0, ["7C 8C 9C", "AS AH AD", "10C JD QH", "KS 8H 9D"])
    assert len(G.check_deck(C.format(short))) == 32
    with pytest.raises(ValueError, match="more than once"):
        G.check_deck("AS AS " + C.format(deck[2:]))
    with pytest.raises(ValueError, match="whole pack"):
        G.check_deck(C.format(deck[:40]))
    with pytest.raises(ValueError, match="52-card pack"):  # a 32-card deck under the 52-card rules
        trace(rules(), "stand", deck=short, dealer=0)


# ------------------------------------------------------------------------------------------------------------
# the referee over many random deals, every strategy


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"players": 3},
        {"players": 7, "barter_left": False},
        {"tie": "eldest", "max_circuits": 3},
        {"combinations": "no-pair-no-flush", "point_rule": "hoyle"},
        {"dealer_penalty": "all"},
        {"dealer_penalty": "better"},
        {"extended": True},
        {"pack": 32, "players": 5},
    ],
)
def test_referee_modern_random_deals(overrides):
    r = rules(**overrides)
    rng = np.random.default_rng(len(str(overrides)))
    names = list(G.STRATEGIES)
    for k in range(40):
        strategies = [names[(k + s) % 4] for s in range(r.players)]
        t = trace(r, strategies, deck=random_deck(r, rng), dealer=k % r.players, seed=k, pot=k % 3)
        referee_modern(t, r, pot_before=k % 3)


@pytest.mark.parametrize("overrides", [{}, {"players": 6, "tie": "eldest"}, {"dealer_penalty": "better"}])
def test_referee_old_random_deals(overrides):
    r = rules(game="old", **overrides)
    rng = np.random.default_rng(11)
    names = list(G.STRATEGIES)
    for k in range(40):
        strategies = [names[(k + s) % 4] for s in range(r.players)]
        t = trace(r, strategies, deck=random_deck(r, rng), dealer=k % r.players, seed=k)
        referee_old(t, r)


# ------------------------------------------------------------------------------------------------------------
# the old game (p. 74)


def test_p74_two_stands_then_one_more_exchange_for_the_others():
    r = rules(game="old")
    hands = ["2C 5D 9H", "AS AH AD", "3C 7D JH", "4S 8H KC"]
    deck = stacked(r, 3, hands, widow="KS KD QS")
    # elder and seat 1 stand; seats 2 and 3 (greedy) exchange once more if it helps, in turn
    t = trace(r, ["stand", "stand", "greedy", "greedy"], deck=deck, dealer=3)
    kinds = [(a["seat"], a["action"]) for a in t["actions"]]
    assert kinds[:2] == [(0, "stand"), (1, "stand")]
    assert [s for s, _ in kinds[2:]] == [2, 3]
    assert kinds[3] == (3, "last_exchange")  # K-C takes K-S or K-D: a pair of kings
    referee_old(t, r)


def test_p74_pass_debars_further_exchanges_all_passed_shows():
    r = rules(game="old")
    t = trace(r, "threshold", deck=stacked(r, 3, HANDS4, widow="2D 3H 4C"), dealer=3)
    referee_old(t, r)
    seats = [a["seat"] for a in t["actions"] if a["action"] == "pass"]
    assert len(seats) == len(set(seats))


def test_p74_winner_receives_a_stake_from_every_other_player():
    r = rules(game="old")
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4, widow="2D 3H 4C"), dealer=3)
    assert sorted(pays(t, "winner")) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert t["net"] == [-1, 3, -1, -1]
    referee_old(t, r)


def test_p74_each_tied_winner_receives_a_stake():
    r = rules(game="old")
    hands = ["AS KH 5D", "AC KD 5H", "2C 3D 7H", "2D 4S 8H"]
    t = trace(r, "stand", deck=stacked(r, 3, hands, widow="3C 4D 6H"), dealer=3)
    assert sorted(t["winners"]) == [0, 1] and t["net"] == [2, 2, -2, -2]
    referee_old(t, r)


# ------------------------------------------------------------------------------------------------------------
# variations (pp. 75-76)


def test_p76_dealer_penalty_all_and_better():
    hands = ["2C 5D 9H", "AS AH AD", "3C 7D JH", "4S 4H KC"]  # the dealer (3) holds a pair, beaten by seat 1
    r = rules(dealer_penalty="all")
    t = trace(r, "stand", deck=stacked(r, 3, hands), dealer=3)
    assert sorted(pays(t, "dealer_penalty")) == [(3, 0, 1), (3, 1, 1), (3, 2, 1)]
    referee_modern(t, r)
    r = rules(dealer_penalty="better")
    t = trace(r, "stand", deck=stacked(r, 3, hands), dealer=3)
    assert pays(t, "dealer_penalty") == [(3, 1, 1)]
    referee_modern(t, r)
    t = trace(r, "stand", deck=stacked(r, 3, ["2C 5D 9H", "6S 7H 9D", "3C 7D JH", "4S 4H KC"]), dealer=3)
    assert pays(t, "dealer_penalty") == []  # not beaten
    t = trace(r, "stand", deck=stacked(r, 3, ["2C 5D 9H", "AS AH AD", "3C 7D JH", "4S 6H KC"]), dealer=3)
    assert pays(t, "dealer_penalty") == []  # only a point


def test_p75_limited_pairs_score_as_point():
    hands = ["2C 2D 3H", "6S 7H 9D", "3C 4D 8S", "4S 5H 10C"]  # a pair of twos against points
    t = trace(rules(), "stand", deck=stacked(rules(), 3, hands), dealer=3)
    assert t["winner"] == 0
    r = rules(combinations="no-pair")
    t = trace(r, "stand", deck=stacked(r, 3, hands), dealer=3)
    assert t["winner"] == 1 and t["shown"][0]["class"] == "point"  # 22 beats the twos' 7
    referee_modern(t, r)


def test_p76_extended_trading_goes_on_until_every_player_stands():
    r = rules(extended=True)
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4), dealer=3)
    assert [(a["seat"], a["action"]) for a in t["actions"]] == [(0, "stand"), (1, "stand"), (2, "stand"), (3, "stand")]
    assert sorted(pays(t, "stander")) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]  # the first to stand is the stander
    referee_modern(t, r)
    t = trace(r, ["stand", "greedy", "greedy", "greedy"], deck=stacked(r, 3, HANDS4), dealer=3)
    assert t["events"]["stands"] == 4 or t["capped"]
    referee_modern(t, r)


def test_p76_continuous_the_deal_stays_until_tricon_sequence_or_flush():
    r = rules(continuous=True)
    runs = [trace(r, "threshold", seed=7, deal=k, rotations=6) for k in range(24)]  # one session of 24 deals
    dealers = [t["dealer"] for t in runs]
    assert dealers[0] == 0
    passes = 0
    for k in range(23):
        t = runs[k]
        shown = any(v["class"] in ("tricon", "sequence", "flush") for v in t["shown"].values())
        assert dealers[k + 1] == ((dealers[k] + 1) % 4 if shown else dealers[k])
        assert t["events"]["deal_passed"] == int(shown)
        passes += shown
    assert 0 < passes < 23


def test_p75_pool_commerce_games():
    for overrides in ({}, {"horse_price": "1/2", "tie": "eldest"}, {"horse_price": "none", "players": 5}):
        r = rules(game="old", pool=True, **overrides)
        for k in range(4):
            t = trace(r, ["threshold", "random", "greedy", "stand", "threshold"][: r.players], seed=3, deal=k)
            net = referee_pool(t, r)
            assert t["unit"] == "sixths of a stake"
            assert sum(net) == 0
            if r.horse_price == "none":
                assert t["events"]["horses"] == 0


def test_p75_pool_stacked_first_hand():
    r = rules(game="old", pool=True)
    t = trace(r, "stand", deck=stacked(r, 3, HANDS4, widow="2D 3H 4C"), dealer=3)
    dealt = {s: set(h) for s, h in t["rounds"][0]["hands"].items()}
    assert dealt == {s: set(h.split()) for s, h in enumerate(HANDS4)}
    first = [a for a in t["actions"] if a["hand"] == 0]
    assert first[-1] == {"seat": 0, "action": "loses_counter", "play": "loses a counter", "stop": True, "hand": 0}
    referee_pool(t, r)


# ------------------------------------------------------------------------------------------------------------
# conservation, common decks, reproducibility


@pytest.mark.parametrize("variant", list(G.VARIANTS))
def test_counters_conserved_in_every_deal(variant):
    r = runner.make_rules(G, variant, None, [])
    rotations = 60 // r.players  # one session of 60 deals, each traced as the run plays it
    for strategies in ("threshold", "random"):
        for k in range(60):
            t = trace(r, strategies, seed=5, deal=k, rotations=rotations)
            before, after = t["board_before"]["pool"], t["board_after"]["pool"]
            assert sum(t["net"]) + after - before == 0, (variant, strategies, k)
            assert before >= 0
            if r.pool:
                assert after == 0


def test_same_decks_under_every_variant_and_strategy():
    decks = set()
    for variant in ("standard", "limited", "extended", "old", "dealer-penalty-all"):
        for strategy in ("threshold", "random"):
            t = trace(runner.make_rules(G, variant, None, []), strategy, seed=9, deal=5)
            decks.add(tuple(t["deck"]))
    assert len(decks) == 1


def test_run_results_identical_threads_and_chunks():
    spec = runner.make_spec("commerce", "standard", n=2400, seed=4, strategy="threshold",
                            seat_strategies=["1=random", "2=greedy", "3=threshold:0.8"])  # fmt: skip
    d = same_on_one_and_two_threads(spec).to_dict()
    assert sum(s["mean"] for s in d["seats"]) == pytest.approx(-d["session_metrics"]["board_left"]["mean"] / 4)
    assert len(_contract.harness("commerce").play_blocks.signatures) <= 1


def test_run_every_variant_small():
    import numba

    numba.set_num_threads(2)
    for variant in G.VARIANTS:
        spec = runner.make_spec("commerce", variant, n=400, seed=2, strategy="random")
        res = runner.run(spec)
        d = res.to_dict()
        total = sum(s["mean"] for s in d["seats"]) * res.meta["n"]
        assert total + d["session_metrics"]["board_left"]["mean"] * res.sessions == pytest.approx(0, abs=1e-6)
        assert sum(e["count"] for k, e in d["events"].items() if k.startswith("dealt_")) > 0
        assert sum(s["win_rate"] for s in d["seats"]) == pytest.approx(1.0)  # one win a deal
    spec = runner.make_spec("commerce", "pool", n=40, seed=2, strategy="threshold")
    d = runner.run(spec).to_dict()
    ev = d["events"]
    assert ev["hands"]["rate"] > 9  # a four-player pool game lasts at least 9 hands (no ties)
    assert sum(ev[f"game_len_{x}"]["count"] for x in ("below_min", "min", "min_plus_1", "min_plus_2",
                                                      "min_plus_3_or_more")) == 40  # fmt: skip
    assert sum(s["win_rate"] for s in d["seats"]) == pytest.approx(1.0)  # the last player in


def test_threshold_parameter_reaches_the_kernel():
    def events(strategy):
        return runner.run(runner.make_spec("commerce", "standard", n=800, seed=3, strategy=strategy)).meta[
            "event_counts"
        ]

    assert events("threshold:0") == events("stand")  # a player content with any hand stands at once
    assert events("threshold:0.6") == events("threshold") == events("book")
    high = events("threshold:1")
    assert high["barters"] + high["trades"] > events("threshold")["barters"] + events("threshold")["trades"]


def test_dealt_hand_classes_match_the_combinatorics():
    """Exact frequencies (52, 48, 1,096, 3,744, 17,160 of 22,100) within 4 SE, at a fixed seed."""
    spec = runner.make_spec("commerce", "standard", n=200_000, seed=11, strategy="stand")
    d = runner.run(spec).to_dict()["events"]
    expect = {"tricon": 52, "sequence": 48, "flush": 1096, "pair": 3744, "point": 17160}
    for name, count in expect.items():
        e = d[f"dealt_{name}"]
        assert abs(e["rate"] - 4 * count / 22100) < 4 * e["se"]


# ------------------------------------------------------------------------------------------------------------
# the CLI


def test_cli_rules_run_trace():
    from click.testing import CliRunner

    from sim.cli import cli

    cr = CliRunner()
    out = cr.invoke(cli, ["rules", "commerce", "--variant", "pool"])
    assert out.exit_code == 0 and "horse_price" in out.output and "threshold" in out.output
    out = cr.invoke(cli, ["run", "commerce", "-n", "400", "--strategy", "threshold:0.7", "--format", "json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.stdout)
    assert d["game"] == "commerce" and d["seats"][0]["strategy"] == "threshold:0.7"
    out = cr.invoke(cli, ["run", "commerce", "-n", "40"])  # the default strategy name, "book"
    assert out.exit_code == 0, out.output
    for variant in ("standard", "old", "pool"):
        out = cr.invoke(cli, ["trace", "commerce", "--variant", variant, "--seed", "3", "--deal", "2"])
        assert out.exit_code == 0, out.output
        assert "winner: seat" in out.output
    out = cr.invoke(cli, ["trace", "commerce", "--deck", C.format(stacked(rules(), 0, HANDS4)), "--format", "json"])
    assert out.exit_code == 0 and json.loads(out.stdout)["winner"] == 1
    for args, words in (
        (["run", "commerce", "--rule", "pack=40"], "pack must be one of 52 | 32"),
        (["run", "commerce", "--players", "9", "--rule", "pack=32"], "32-card pack"),
        (["run", "commerce", "--strategy", "greedy:0.5"], "takes no parameter"),
        (["run", "commerce", "--strategy", "threshold:2"], "between"),
        (["trace", "commerce", "--deck", "AS KS"], "whole pack"),
    ):
        out = cr.invoke(cli, args)
        assert out.exit_code == 2 and words in out.output, (args, out.output)
