"""Cassino's rule ``builds`` (not in Peel; Cassell's Book of Indoor Amusements, 1881): building and calling on
stacked decks, who may take a build, a builder not trailing, the plays listed against a brute force, card
accounting and points with builds, the strategies' builds, and the same numbers on any thread count."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacked import same_on_one_and_two_threads
from test_cassino import brute_capture

import sim.games.cassino as G
from sim import cards as C
from sim import games, runner
from sim.games._common import COL_EVENTS, COL_NET_SEAT
from sim.games.cassino import build as B
from sim.games.cassino import play as Play
from sim.games.cassino import rollout as R
from sim.games.cassino.capture import sums_below
from sim.games.cassino.rules import WORTH

BOOK, GREEDY, LOWEST, RANDOM = (G.STRATEGIES[s] for s in ("book", "greedy", "lowest", "random"))


def rules(**kw):
    return G.Rules(**kw).validated()


def play(r, deck, policy=BOOK, seat_policy=None) -> dict:
    pol = np.full(r.players, policy, dtype=np.int64)
    for s, p in (seat_policy or {}).items():
        pol[s] = p
    return games.trace(G, r, pol, np.full(r.players, np.nan), seed=1, deck=deck, dealer=0)


def mask(text: str) -> int:
    return sum(1 << int(c) for c in C.parse(text))


def cards_of(m: int) -> list[int]:
    return [c for c in range(52) if (m >> c) & 1]


# -- building and taking on stacked decks (two players: seat 1 the elder hand plays first) -------------------------

TABLE = "5H JC QH KD"
BUILDER = "3D 8S 7C 6C"  # nothing captures: 3D laid on 5H builds 8 for the 8S he keeps


def test_builds_a_build_made_and_later_taken_by_its_builder():
    on, off = rules(players=2, builds=True), rules(players=2)
    deck = G.stack(on, 0, table=TABLE, hands={1: BUILDER, 0: "9D 9S 10H 4S"})
    plays = G.deal_plays(play(on, deck), 0)
    assert (plays[0]["seat"], plays[0]["card"], plays[0]["build"], plays[0]["on"]) == (1, "3D", 8, ["5H"])
    assert not plays[0]["trail"] and plays[0]["took"] == []
    assert plays[1]["builds"] == {8: ["3D", "5H"]} and "5H" not in plays[1]["table"]
    assert plays[1]["seat"] == 0 and plays[1]["trail"]  # seat 0 holds no eight: he cannot take it
    assert (plays[2]["seat"], plays[2]["card"], sorted(plays[2]["took"])) == (1, "8S", ["3D", "5H"])
    assert plays[3]["builds"] == {}
    t = play(on, deck)
    assert t["events"]["builds_made"] >= 1 and t["events"]["builds_taken"] >= 1
    # the trace writes the build and the table's builds
    assert t["actions"][0]["play"] == "3D builds 8 on 5H" and t["actions"][1]["builds"] == "8: 3D 5H"
    # without the rule he cannot build: he trails
    first = G.deal_plays(play(off, deck), 0)[0]
    assert first["trail"] and first["build"] == 0


def test_builds_an_opponent_takes_anothers_build_with_the_value_card():
    r = rules(players=2, builds=True)
    deck = G.stack(r, 0, table=TABLE, hands={1: BUILDER, 0: "8D 9S 10H 4S"})
    t = play(r, deck, LOWEST, seat_policy={1: BOOK})
    plays = G.deal_plays(t, 0)
    assert plays[0]["build"] == 8 and plays[0]["seat"] == 1
    # seat 0 must capture (lowest plays its lowest card that captures): the eight takes the build as one unit
    assert (plays[1]["seat"], plays[1]["card"], sorted(plays[1]["took"])) == (0, "8D", ["3D", "5H"])
    assert plays[2]["builds"] == {}
    assert t["events"]["builds_taken_by_others"] >= 1


def test_builds_only_the_value_takes_a_build_not_its_cards():
    """A build of 8 made of 3D on 5H is an 8: a five does not pair its five, a three and five do not make it."""
    r = rules(players=2, builds=True)
    deck = G.stack(r, 0, table=TABLE, hands={1: BUILDER, 0: "5D 3S 2H 9S"})
    plays = G.deal_plays(play(r, deck, LOWEST, seat_policy={1: BOOK}), 0)
    assert plays[0]["build"] == 8
    assert plays[1]["seat"] == 0 and plays[1]["trail"]  # 5D takes nothing: the 5H lies in the build


def listing(r, p, hand, loose, builds, owners):
    """The plays ``Play.listing`` gives seat p: [(card, value, cards taken or laid on)], and how many capture."""
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    ws.hand[p] = np.uint64(mask(hand))
    built = 0
    for v, cards in builds.items():
        ws.builds[v] = np.uint64(mask(cards))
        ws.owners[v] = owners.get(v, 0)
        built |= mask(cards)
    ws.masks[Play.TABLE] = np.uint64(mask(loose) | built)
    ws.masks[Play.BUILT] = np.uint64(built)
    lo = np.uint64(mask(loose))
    cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
    k1, k, ncap = Play.listing(ws, p, cap, lo, np.uint64(sums_below(lo)), r.builds)
    out = [(C.format_card(int(ws.opt_card[i])), int(ws.opt_value[i]), int(ws.opt_take[i])) for i in range(k)]
    return out, k1, ncap


def test_builds_a_builder_may_not_trail_nor_play_away_the_card_that_takes_his_build():
    r = rules(players=2, builds=True)
    # seat 1's build of 8 lies; he holds 8S and 9C, and the loose AH: 8S on AH would build 9 for his 9C, but
    # it is his last eight. He cannot trail: his 8S takes his build, and capturing is compulsory
    got, k1, ncap = listing(r, 1, "8S 9C", "AH", {8: "3D 5H"}, {8: 1 << 1})
    assert got == [("8S", 0, mask("3D 5H"))] and ncap == 1 == k1
    # the same hand without a build of his own (the build is seat 0's): he may build 9 with his eight
    got, _, _ = listing(r, 1, "8S 9C", "AH", {8: "3D 5H"}, {8: 1 << 0})
    assert got == [("8S", 0, mask("3D 5H")), ("8S", 9, mask("AH"))]
    # he may call: add a set making 8 to his build while he keeps an eight
    got, _, _ = listing(r, 1, "8S 2C", "6H", {8: "3D 5H"}, {8: 1 << 1})
    assert ("2C", 8, mask("6H")) in got and all(v or take for _, v, take in got)


def test_builds_a_builder_never_trails_in_random_play():
    """Traced games under random play (which builds as often as it captures): whenever a seat has a build of
    his own on the table, his play is never a trail; no build is left for the remainder; builds are made."""
    r = rules(players=4, builds=True)
    made = 0
    for d in range(3):
        t = games.trace(G, r, np.full(4, RANDOM), np.full(4, np.nan), 21, deal=d)
        for deal in range(len(t["deals"])):
            owners: dict[int, set[int]] = {}
            for p in G.deal_plays(t, deal):
                assert set(p["builds"]) == set(owners)
                if any(p["seat"] in who for who in owners.values()):
                    assert not p["trail"], p
                if p["remainder"]:  # every builder took his build by his last card of the round
                    assert not owners, p
                if p["build"]:
                    owners.setdefault(p["build"], set()).add(p["seat"])
                    made += 1
                elif p["took"]:
                    for v in [v for v in owners if set(p["builds"][v]) <= set(p["took"])]:
                        del owners[v]
    assert made > 5


# -- the plays against a brute force --------------------------------------------------------------------------------


def value(c: int) -> int:
    return c % 13 + 1


def brute_best_set(loose: list[int], total: int) -> tuple[int, int] | None:
    """(cards, worth) of the best set of loose numeric cards adding up to ``total``."""
    best = None
    numeric = [c for c in loose if c % 13 < 10]
    for k in range(1, len(numeric) + 1):
        for sub in itertools.combinations(numeric, k):
            if sum(value(c) for c in sub) == total:
                best = max(best or (0, 0), (k, sum(int(WORTH[c]) for c in sub)))
    return best


def brute_builds(hand: list[int], loose: list[int], builds: dict[int, list[int]], mine: set[int]) -> dict:
    """Every build (card, value) the rules allow, with the (cards, worth) of the set it is laid on."""
    out = {}
    for c in hand:
        if c % 13 >= 10:
            continue
        keep = {value(x) for x in hand if x != c and x % 13 < 10}
        if not mine <= keep:
            continue
        for v in range(max(2, value(c)), 11):
            if v not in keep:
                continue
            need = v - value(c) if value(c) < v else v
            s = brute_best_set(loose, need)
            if s is not None:
                out[(c, v)] = s
            elif value(c) == v and v in builds:
                out[(c, v)] = (0, 0)
    return out


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 4), st.integers(0, 6), st.integers(0, 2), st.booleans())
def test_builds_the_plays_listed_match_a_brute_force(perm, nhand, nloose, nbuilds, owned):
    """Random hands, loose cards and builds on the table (builds are items: a card of the value takes all of
    them, nothing else takes any): the captures listed are the brute-force captures of the loose cards plus the
    builds of the card's value; the builds listed are exactly those the rules allow, each laid on a best set."""
    hand, loose = list(perm[:nhand]), list(perm[nhand : nhand + nloose])
    rest = list(perm[nhand + nloose :])
    builds: dict[int, list[int]] = {}
    for _ in range(nbuilds):  # two cards each, kept by some value 2..10 (their sum does not matter to the play)
        v = 2 + rest[0] % 9
        builds.setdefault(v, []).extend(rest[:2])
        rest = rest[2:]
    mine = {v for v in builds if owned}
    r = rules(players=2, builds=True)
    text = {v: C.format(cs) for v, cs in builds.items()}
    got, k1, ncap = listing(r, 1, C.format(hand), C.format(loose), text, {v: 2 for v in mine})

    def capture(c: int) -> tuple[int, int]:
        n, w = brute_capture(loose, c)
        extra = builds.get(value(c), []) if c % 13 < 10 else []
        return n + len(extra), w + sum(int(WORTH[x]) for x in extra)

    caps = {c: capture(c) for c in hand}
    capturing = sorted(c for c in hand if caps[c][0] > 0)
    assert ncap == len(capturing)
    cards = [C.parse_card(name) for name, _, _ in got[:k1]]
    assert cards == (capturing or sorted(hand))
    for name, v, take in got[:k1]:
        c = C.parse_card(name)
        assert v == 0
        assert (len(cards_of(take)), sum(int(WORTH[x]) for x in cards_of(take))) == (caps[c] if ncap else (0, 0))
    expect = brute_builds(hand, loose, builds, mine)
    listed = {(C.parse_card(name), v): take for name, v, take in got[k1:]}
    assert set(listed) == set(expect)
    for key, take in listed.items():
        assert set(cards_of(take)) <= set(loose)
        assert (len(cards_of(take)), sum(int(WORTH[x]) for x in cards_of(take))) == expect[key]
        c, v = key
        assert sum(value(x) for x in cards_of(take)) == (v - value(c) if value(c) < v else v * (take != 0))


def listed_choice(ws, policy, p, cap, loose, sums, state):
    """The play ``Play.listing`` and ``Play.choose`` make for seat p: (card, value, cards taken or laid on)."""
    k1, k, ncap = Play.listing(ws, p, cap, loose, sums, True)
    unseen = ws.masks[Play.PACK_MASK] & ~ws.masks[Play.SEEN] & ~ws.hand[p]
    opts = (ws.opt_card, ws.opt_take, ws.opt_value, ws.builds)
    i = Play.choose(policy, opts, k1, k, ncap, unseen, state)
    return int(ws.opt_card[i]), int(ws.opt_value[i]), int(ws.opt_take[i])


def registered_choice(ws, policy, p, cap, loose, sums, state):
    """The play ``Play.built_choice`` (the game's own chooser under ``builds``) makes for seat p."""
    c, v, cards = Play.built_choice(policy, ws, p, cap, loose, sums, state)
    return int(c), int(v), int(cards)


STALE = np.uint64(2**64 - 1)


def compare_choosers(chooser, deals=40):
    """Play seeded deals under ``builds`` (2 to 4 players, each seat a strategy, book, greedy, lowest or random,
    in turn) and at every turn compare ``chooser`` with ``listed_choice`` on the position reached, each from a
    copy of the seat's stream, the build scratch spoilt first. The game goes on with the play chosen (every
    seat stops for it as a rollout seat does). Returns the first position where they differ (or None) and how
    many plays of each kind were compared."""
    kinds = {"build": 0, "capture": 0, "trail": 0}
    for d in range(deals):
        n = 2 + d % 3
        r = rules(players=n, builds=True)
        cfg = G.kernel_config(r)
        ws = G.new_workspace(cfg, 1)
        seats = (np.full(n, G.STRATEGIES["rollout"], dtype=np.int64), np.full(n, np.nan))
        G.begin_session(cfg, ws, seats, np.uint64(17), d)
        ws.deck[:52] = np.random.default_rng(d).permutation(52).astype(np.int8)
        Play.begin_play(cfg, ws, d % n)
        cap = (ws.sums, ws.groups, ws.weights, ws.best, ws.choice, ws.codes)
        while Play.resume(cfg, ws, seats) < 0:
            p = int(ws.turn[Play.T_PLAYER])
            policy = (p + d) % 4  # book, greedy, lowest, random
            loose = ws.masks[Play.TABLE] & ~ws.masks[Play.BUILT]
            sums = np.uint64(sums_below(loose))
            ws.group[:] = STALE  # what the chooser reads of the build scratch it must have written this turn
            got = chooser(ws, policy, p, cap, loose, sums, ws.seat_rng[p].copy())
            want = listed_choice(ws, policy, p, cap, loose, sums, ws.seat_rng[p])  # (the stream moves on)
            if got != want:
                return (d, p, policy, got, want), kinds
            c, v, cards = want
            kinds["build" if v else "capture" if cards else "trail"] += 1
            ws.turn[Play.T_CHOICE] = c + (v << B.VALUE_SHIFT)
    return None, kinds


def test_builds_the_game_chooses_each_play_as_the_listing_does():
    """Position by position in real deals under ``builds``: the game's chooser in registers (``built_choice``,
    with its build search and its knapsack only up to the totals the hand can use) picks exactly the play that
    listing every play and choosing among them (``listing`` + ``choose``, the rollout's path) picks."""
    differ, kinds = compare_choosers(registered_choice)
    assert differ is None, differ
    assert min(kinds.values()) > 50, kinds  # builds, captures and trails all compared

    def book_as_greedy(ws, policy, p, cap, loose, sums, state):  # a chooser wrong for one strategy
        return registered_choice(ws, GREEDY if policy == BOOK else policy, p, cap, loose, sums, state)

    assert compare_choosers(book_as_greedy)[0] is not None  # the comparison can fail


# -- the strategies -------------------------------------------------------------------------------------------------


def test_builds_book_secures_an_ace_by_building_greedy_takes_the_cards():
    """Seat 1 can take 6D and 4C with his ten, or lay 8C (or 9S) on the ace to build 9 (or 10): book builds to
    secure the ace (the lowest card of the two builds); greedy captures, since the build wins no more cards
    (three: 8C, the ace and the nine that will take them) than the capture now (10H, 6D, 4C)."""
    r = rules(players=2, builds=True)
    deck = G.stack(r, 0, table="AH 6D 4C QS", hands={1: "8C 9S 10H KD"})
    book = G.deal_plays(play(r, deck, BOOK), 0)[0]
    greedy = G.deal_plays(play(r, deck, GREEDY), 0)[0]
    lowest = G.deal_plays(play(r, deck, LOWEST), 0)[0]
    assert (book["card"], book["build"], book["on"]) == ("8C", 9, ["AH"])
    assert (greedy["card"], greedy["build"], sorted(greedy["took"])) == ("10H", 0, ["4C", "6D"])
    assert (lowest["card"], lowest["build"]) == ("10H", 0)  # lowest never builds: it must capture
    off = G.deal_plays(play(rules(players=2), deck, BOOK), 0)[0]
    assert (off["card"], off["build"]) == ("10H", 0)


def test_builds_greedy_builds_when_the_build_wins_more_cards():
    """3D laid on 4C and AH builds 8 (four cards with the eight that takes them) against pairing the queen (two)."""
    r = rules(players=2, builds=True)
    deck = G.stack(r, 0, table="AH 4C QS KC", hands={1: "3D 8C QD JH"})
    greedy = G.deal_plays(play(r, deck, GREEDY), 0)[0]
    assert (greedy["card"], greedy["build"], sorted(greedy["on"])) == ("3D", 8, ["4C", "AH"])
    off = G.deal_plays(play(rules(players=2), deck, GREEDY), 0)[0]
    assert (off["card"], off["took"]) == ("QD", ["QS"])


def test_builds_off_and_lowest_with_builds_play_alike():
    """``lowest`` never builds, so with the rule on it plays exactly as with it off (the capture with no build on
    the table is Peel's): the rule changes nothing but the builds."""
    on, off = rules(players=4, builds=True), rules(players=4)
    for d in range(3):
        a = games.trace(G, on, np.full(4, LOWEST), np.full(4, np.nan), 8, deal=d)
        b = games.trace(G, off, np.full(4, LOWEST), np.full(4, np.nan), 8, deal=d)
        assert a["actions"] == b["actions"] and a["net"] == b["net"]
        assert a["events"]["builds_made"] == 0
    c = games.trace(G, on, np.full(4, BOOK), np.full(4, np.nan), 8, deal=0)
    assert c["events"]["builds_made"] > 0  # and the test can fail: book builds


def test_builds_rollout_considers_building():
    r = rules(players=2, builds=True)
    deck = G.stack(r, 0, table="AH 6D 4C QS", hands={1: "8C 9S 10H KD"})
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, 1)
    seats = (np.full(2, BOOK, dtype=np.int64), np.full(2, 4.0))
    seats[0][1] = G.STRATEGIES["rollout"]
    G.begin_session(cfg, ws, seats, np.uint64(5), 0)
    ws.deck[:52] = deck
    Play.begin_play(cfg, ws, 0)
    m, pref = R.candidates(ws, 1, ws.roll.cand, True)
    codes = sorted(int(x) for x in ws.roll.cand[:m])
    card = C.parse_card
    assert codes == sorted([card("10H"), card("8C") + (9 << B.VALUE_SHIFT), card("9S") + (10 << B.VALUE_SHIFT)])
    assert int(ws.roll.cand[pref]) == card("8C") + (9 << B.VALUE_SHIFT)  # book's play
    assert int(R.decide(cfg, ws, seats)) in codes


# -- accounting, points, threads -------------------------------------------------------------------------------------


def test_builds_every_card_accounted_for_and_counts_add_up_in_traced_deals():
    for r, pol in ((rules(players=4, builds=True), BOOK), (rules(players=3, builds=True), RANDOM)):
        for d in range(2):
            t = games.trace(G, r, np.full(r.players, pol), np.full(r.players, np.nan), 4, deal=d)
            assert t["events"]["builds_made"] > 0
            for k, deal in enumerate(t["deals"]):
                piles: dict[int, list[str]] = {s: [] for s in range(r.players)}
                for p in G.deal_plays(t, k):
                    if p["remainder"]:
                        piles[p["seat"]] += p["took"]
                    elif p["took"]:  # a capture: the card and what it took, builds included
                        piles[p["seat"]] += [p["card"]] + p["took"]
                taken = [c for pile in piles.values() for c in pile]
                assert len(taken) == len(set(taken)) == 52
                c = deal["count"].values()
                assert sum(x["cards"] for x in c) == 52 and sum(x["aces"] for x in c) == 4
                sweeps = sum(x["sweeps"] for x in c)
                ties = 3 * (not any(x["most_cards"] for x in c)) + (not any(x["most_spades"] for x in c))
                assert sum(x["count"] for x in c) == 11 - ties + sweeps


def ev(rows, name):
    return rows[:, COL_EVENTS + G.EVENTS.index(name)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_builds_points_of_every_session_add_up(players):
    spec = runner.make_spec("cassino", "builds", n=1, players=players, strategy="book", seed=5,
                            seat_strategies=["0=random"])  # fmt: skip
    rows = runner.play_chunk(spec, 0, 30)
    raw = sum(ev(rows, f"raw_{p}") for p in G.rules.PARTIES)
    expect = 11 * ev(rows, "deals") - 3 * ev(rows, "cards_ties") - ev(rows, "spades_ties")
    assert np.array_equal(raw, expect + ev(rows, "sweeps") + ev(rows, "final_sweeps"))
    nets = rows[:, COL_NET_SEAT : COL_NET_SEAT + players].sum(axis=1)
    assert np.all(nets + rows[:, -1] == 0)
    assert ev(rows, "builds_made").sum() >= ev(rows, "builds_taken").sum() > ev(rows, "builds_taken_by_others").sum()
    assert ev(rows, "builds_taken_by_others").sum() > 0


def test_builds_same_numbers_on_one_and_two_threads_and_any_chunk():
    spec = runner.make_spec("cassino", "builds", n=60, seed=3, seat_strategies=["0=rollout:2", "1=random"])
    one = same_on_one_and_two_threads(spec)
    assert one.meta["event_counts"]["builds_made"] > 0


def test_builds_rollout_beats_book_in_a_smoke_run():
    """With builds, one seat of rollout:4 (which weighs every build it may make) against book in the same seat on
    the same one-deal games (target 1): its side's margin over the other side is better."""
    margins = []
    for arm in ("0=book", "0=rollout:4"):
        spec = runner.make_spec("cassino", n=1, seed=1, seat_strategies=[arm], rules=["target=1", "builds=true"])
        rows = runner.play_chunk(spec, 0, 2000)
        assert ev(rows, "builds_made").sum() > 0
        margins.append(rows[:, COL_NET_SEAT] - rows[:, COL_NET_SEAT + 1])
    d = margins[1] - margins[0]
    assert d.mean() > 2 * d.std(ddof=1) / np.sqrt(len(d)), (d.mean(), d.std(ddof=1) / np.sqrt(len(d)))
