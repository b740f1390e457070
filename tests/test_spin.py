"""Spin (pp. 87-89): stacked-deck scenarios from the book and one per rule flag, conservation and card
accounting in every deal, the session's carry-over, reproducibility, and the CLI's handling of bad input."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
import stacked
from click.testing import CliRunner
from stacked import paid, run_deal, runs

from sim import cards as C
from sim import runner
from sim.cli import cli
from sim.games import spin as G
from sim.games._contract import TRACE_ROWS, TracedDeal, seats

BOOK, LOWEST, RANDOM = G.STRATEGIES["book"], G.STRATEGIES["lowest"], G.STRATEGIES["random"]


stack = partial(stacked.stack, G)
play = partial(stacked.play, G)


def play_after(r: G.Rules, deck, last_winner: int, board=None) -> dict:
    """A stacked deal played as the next of a session whose last deal ``last_winner`` won.

    The shared trace starts a session, where nobody has won yet; this sets the carried winner in the workspace
    and plays the deal with the game's own kernels, as the harness does, traced.
    """
    cfg = G.kernel_config(r)
    ws = G.new_workspace(cfg, TRACE_ROWS)
    strategy = seats(stacked.policies(G, r.players, "lowest"), np.full(r.players, np.nan))
    G.begin_session(cfg, ws, strategy, np.uint64(1), 0)
    ws.state[0] = last_winner
    if board is not None:
        ws.board[:] = board
    ws.deck[: len(deck)] = deck
    board_before = ws.board.copy()
    ws.tracing[0] = True
    nxt = G.play_deal(cfg, ws, 0, strategy)
    return G.describe_trace(TracedDeal(r, cfg, ws, 1, None, ws.deck.tolist(), 0, int(nxt), board_before))


R4 = G.Rules(players=4).validated()
ALL_CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def test_p87_pack_and_deal():
    t = play(R4, stack(R4, 0, {}))
    sizes = [len(h) for h in t["hands"]]
    assert sizes == [12, 13, 13, 12]  # 50 cards, the elder hand and the next get one more
    cards = {c for h in t["hands"] for c in h}
    assert len(cards) == 50 and "2H" not in cards and "8D" not in cards
    assert t["spare"] == [] and t["turnup"] is None


def test_p88_seven_and_spin():
    """Clubs in play, the six the last card, the holder of the seven has Spin: "He plays the two cards
    together, and says 'seven and Spin.' The other competitors then pay him the agreed stake" (p. 88)."""
    elder = "5C 6C 5D 6D 7D 5H 6H 7H 5S 6S 7S 8S 9S"  # "lowest" leads 5C, then must play 6C
    deck = stack(R4, 0, {1: elder, 2: "7C AD", 3: "8C"})
    t = play(R4, deck)
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("5C", 1), ("6C", 1), ("7C", 2), ("AD", 2)]
    assert first[-1]["stop"] and first[-1].get("spin")  # Spin made the seven a stop: the eight never comes
    assert t["actions"][4]["seat"] == 2  # and its player leads next
    assert sorted(paid(t, "spin")) == [(0, 2, 3), (1, 2, 3), (3, 2, 3)]
    assert t["events"]["spin_with_card"] == 1 and t["events"]["spin_played"] == 1


def test_p87_spin_stake_flag():
    elder = "5C 6C 5D 6D 7D 5H 6H 7H 5S 6S 7S 8S 9S"
    deck = stack(R4, 0, {1: elder, 2: "7C AD", 3: "8C"})
    t = play(G.Rules(players=4, spin_stake=5).validated(), deck)
    assert sorted(paid(t, "spin")) == [(0, 2, 5), (1, 2, 5), (3, 2, 5)]


def test_p88_spin_with_lead():
    """Read "or after a stop" as Spin going with the card led: that card becomes a stop."""
    elder = "AC 5D 6D 7D 5H 6H 7H 5S 6S 7S 8S 9S AD"  # "lowest" leads AC; 2C is another player's
    deck = stack(R4, 0, {1: elder, 2: "2C"})
    plain = runs(play(R4, deck))[0]
    assert [a["play"] for a in plain][:2] == ["AC", "2C"]
    t = play(G.Rules(players=4, spin_with_lead=True).validated(), deck)
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("AC", 1), ("AD", 1)]
    assert t["actions"][2]["seat"] == 1


def test_p88_first_out_takes_game_and_a_stake_per_card_spin_pays_double():
    # the elder hand holds every club: he leads the ace and goes out on the king; seat 2 never gets to Spin
    deck = stack(R4, 0, {1: ALL_CLUBS, 2: "AD"})
    board = np.array([4, 0, 0])
    t = play(R4, deck, board=board)
    assert t["winner"] == 1 and len(t["actions"]) == 13
    assert paid(t, "game") == [("board", 1, 4 + 3)]  # the pool brought over, and the non-dealers' stakes
    assert sorted(paid(t, "cards")) == [(0, 1, 12), (2, 1, 2 * 13), (3, 1, 12)]
    assert t["events"]["spin_unplayed"] == 1 and t["events"]["spin_penalty_paid"] == 26
    single = play(G.Rules(players=4, spin_penalty=1).validated(), deck, board=board)
    assert sorted(paid(single, "cards")) == [(0, 1, 12), (2, 1, 13), (3, 1, 12)]


def test_p87_each_king_takes_a_stake_from_every_player():
    deck = stack(R4, 0, {1: ALL_CLUBS})
    t = play(R4, deck)
    assert sorted(paid(t, "king")) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    t2 = play(G.Rules(players=4, king_stake=2).validated(), deck)
    assert sorted(paid(t2, "king")) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    assert t2["net"][1] - t["net"][1] == 3


def test_p87_pool_dealer_pays_matrimony_and_intrigue_others_game():
    t = play(R4, stack(R4, 0, {1: ALL_CLUBS}))
    assert sorted(paid(t, "game_stake")) == [(1, "board", 1), (2, "board", 1), (3, "board", 1)]
    assert paid(t, "matrimony_stake") == [(0, "board", 2)] and paid(t, "intrigue_stake") == [(0, "board", 1)]
    assert t["board_after"] == {"game": 0, "matrimony": 2, "intrigue": 1}  # unwon chances carry over


def test_p88_dealer_pays_game():
    deck = stack(R4, 0, {1: ALL_CLUBS})
    t0 = play(R4, deck)
    t1 = play(G.Rules(players=4, dealer_pays_game=True).validated(), deck)
    assert (0, "board", 1) in paid(t1, "game_stake") and (0, "board", 1) not in paid(t0, "game_stake")
    assert paid(t1, "game") == [("board", 1, 4)] and paid(t0, "game") == [("board", 1, 3)]


def test_p88_winner_exempt_from_next_game():
    deck = stack(R4, 0, {1: ALL_CLUBS})
    t = play_after(R4, deck, last_winner=3)
    assert sorted(paid(t, "game_stake")) == [(1, "board", 1), (2, "board", 1)]
    assert t["last_winner"] == 3
    t2 = play_after(G.Rules(players=4, winner_exempt=False).validated(), deck, last_winner=3)
    assert sorted(paid(t2, "game_stake")) == [(1, "board", 1), (2, "board", 1), (3, "board", 1)]
    # "If, however, the winner is the next dealer, then he has to contribute to Matrimony and Intrigue"
    t3 = play_after(R4, deck, last_winner=0)
    assert paid(t3, "matrimony_stake") == [(0, "board", 2)] and len(paid(t3, "game_stake")) == 3


MATRIMONY_ELDER = "10C JC QC KC QD KD 10H JH QH KH 10S JS QS"  # leads 10C and ends on KC, a stop of his


def test_p88_matrimony_declared_after_a_stop():
    deck = stack(R4, 0, {1: MATRIMONY_ELDER})
    t = play(R4, deck)
    first = runs(t)[0]
    assert [a["play"] for a in first] == ["10C", "JC", "QC", "KC"] and first[-1]["seat"] == 1
    assert paid(t, "matrimony") == [("board", 1, 2)]  # shown, not played: KD and QD are still in his hand
    assert t["events"]["matrimony_won"] == 1 and t["events"]["intrigue_won"] == 0
    # declared on the first stop he plays, before the next lead
    i = next(i for i, p in enumerate(t["payments"]) if p["reason"] == "matrimony")
    kings_before = sum(1 for p in t["payments"][:i] if p["reason"] == "king")
    assert kings_before == 3


def test_p88_triple_takes_both_or_one():
    elder = "10C JC QC KC JD QD KD 10H JH QH KH 10S JS"
    deck = stack(R4, 0, {1: elder})
    board = np.array([0, 3, 5])  # with the dealer's stakes: Matrimony 5, Intrigue 6
    t = play(R4, deck, board=board)
    assert paid(t, "matrimony") == [("board", 1, 5)] and paid(t, "intrigue") == [("board", 1, 6)]
    t1 = play(G.Rules(players=4, triple_takes_both=False).validated(), deck, board=board)
    assert paid(t1, "intrigue") == [("board", 1, 6)] and paid(t1, "matrimony") == []  # the larger only
    assert t1["board_after"]["matrimony"] == 5


def test_p88_intrigue_lost_when_played_up_to_another_players_king():
    # seat 1 holds JD QD but not KD: "lowest" leads 10D, JD and QD follow from his hand, KD (seat 2) ends the
    # run; he has played his Intrigue without a stop of his own and can no longer show it
    elder = "10D JD QD 10H JH QH KH JS QS KS JC QC KC"
    deck = stack(R4, 0, {1: elder, 2: "KD"})
    t = play(R4, deck)
    first = runs(t)[0]
    assert [(a["play"], a["seat"]) for a in first] == [("10D", 1), ("JD", 1), ("QD", 1), ("KD", 2)]
    assert t["events"]["pair_lost"] == 1 and t["events"]["intrigue_won"] == 0
    assert paid(t, "intrigue") == [] and t["board_after"]["intrigue"] == 1
    # had KD been his too, the run would have ended on his own stop, and he would have shown Intrigue
    deck = stack(R4, 0, {1: "10D JD QD KD 10H JH QH JS QS KS JC QC KC"})
    t = play(R4, deck)
    assert paid(t, "intrigue") == [("board", 1, 1)] and paid(t, "matrimony") == [("board", 1, 2)]


def _check_deal(t: dict, r: G.Rules) -> None:
    n = r.players
    assert len(t["deck"]) == 50 and sorted(C.parse(" ".join(t["deck"])).tolist()) == G.PACK.tolist()
    change = sum(t["board_after"].values()) - sum(t["board_before"].values())
    assert sum(t["net"]) + change == 0
    played = [a["play"] for a in t["actions"]]
    assert len(set(played)) == len(played)
    left = {s: set(t["hands"][s]) for s in range(n)}
    for a in t["actions"]:
        left[a["seat"]].remove(a["play"])
    w = t["winner"]
    assert not left[w]
    spin_holder = next((s for s in range(n) if "AD" in left[s]), None)
    assert (spin_holder is not None) == bool(t["events"]["spin_unplayed"])
    owed = {s: 0 for s in range(n)}
    for p in t["payments"]:
        if p["reason"] == "cards":
            owed[p["from"]] += p["amount"]
    for s in range(n):
        if s != w:
            assert owed[s] == len(left[s]) * (r.spin_penalty if s == spin_holder else 1)
    kings = sum(1 for a in t["actions"] if a["play"].startswith("K"))
    assert t["events"]["kings_played"] == kings
    if r.king_stake:
        assert len(paid(t, "king")) == kings * (n - 1)
    # runs follow in sequence; a run ends on a stop (nobody holds the next card) or on Spin
    gone: set[str] = set()
    for run in runs(t):
        codes = [C.parse_card(a["play"]) for a in run if not (a.get("spin"))]
        for a, b in zip(codes, codes[1:]):
            assert b == a + 1
        gone.update(a["play"] for a in run)
        last = run[-1]
        if last["stop"] and not last.get("spin"):
            nxt = codes[-1] + 1  # every card of the pack is dealt: the next is out of the pack or played
            assert codes[-1] % 13 == 12 or nxt not in G.PACK.tolist() or C.format_card(nxt) in gone
    if r.spin_stake and t["events"]["spin_played"]:
        assert len(paid(t, "spin")) == n - 1


@pytest.mark.parametrize("variant", list(G.VARIANTS))
def test_conservation_and_cards_every_deal(variant):
    for strategy in G.STRATEGIES:
        players = {"book": 4, "lowest": 3, "random": 7, "rollout": 5}[strategy]
        spec = runner.make_spec("spin", variant, n=1, strategy=strategy, players=players, rotations=2)
        last = None
        for deal in range(2 * players):
            t = run_deal(spec, 17, deal, rotations=2)
            _check_deal(t, spec.rules)
            if last is not None:  # the pool and the winner's exemption carry between a session's deals
                assert t["board_before"] == last["board_after"]
                assert t["last_winner"] == last["winner"]
                assert all(p["from"] != last["winner"] for p in t["payments"] if p["reason"] == "game_stake")
            else:
                assert t["last_winner"] == -1
            last = t


def test_book_and_lowest_play_spin_at_the_first_chance():
    """Holding Spin, a book or lowest player who ends his own part of a run in sequence plays Spin with it."""
    for strategy in ("book", "lowest"):
        spec = runner.make_spec("spin", "standard", n=1, strategy=strategy)
        for seed in range(30):
            t = run_deal(spec, seed, 0)
            holder = next(s for s, h in enumerate(t["hands"]) if "AD" in h)
            acts = t["actions"]
            spun = [i for i, a in enumerate(acts) if a["play"] == "AD"]
            end = spun[0] if spun else len(acts)
            for i in range(1, end):
                a = acts[i]
                if a["seat"] == holder and not acts[i - 1]["stop"]:  # he follows in sequence
                    nxt = acts[i + 1] if i + 1 < len(acts) else None
                    assert nxt is None or nxt["seat"] == holder, (seed, i)


def test_threads_and_chunks_do_not_change_results():
    spec = runner.make_spec("spin", "dealer-pays-game", n=600, seed=3, strategy="random", seat_strategies=("1=book",))
    stacked.same_on_one_and_two_threads(spec)


def test_same_decks_under_every_variant_and_strategy():
    decks = set()
    for variant in G.VARIANTS:
        for strategy in G.STRATEGIES:
            spec = runner.make_spec("spin", variant, n=1, strategy=strategy)
            t = run_deal(spec, 9, 6)
            decks.add(tuple(t["deck"]))
    assert len(decks) == 1


def test_cli_rules_run_trace():
    cr = CliRunner()
    res = cr.invoke(cli, ["rules", "spin", "--variant", "dealer-pays-game"])
    assert res.exit_code == 0, res.output
    assert "dealer_pays_game" in res.output and "pp. 87-88" in res.output
    res = cr.invoke(cli, ["run", "spin", "-n", "200", "--players", "6", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "spin_played" in res.output and "matrimony_won" in res.output
    res = cr.invoke(cli, ["trace", "spin", "--seed", "2", "--deal", "1"])
    assert res.exit_code == 0, res.output
    assert "winner: seat" in res.output and "AD(" in res.output
    deck = " ".join(C.format_card(c) for c in stack(R4, 0, {1: ALL_CLUBS}))
    res = cr.invoke(cli, ["trace", "spin", "--deck", deck, "--format", "json"])
    assert res.exit_code == 0, res.output
    assert '"winner": 1' in res.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["run", "spin", "--variant", "nope"], "unknown variant"),
        (["run", "spin", "--players", "9"], "Spin needs 3 to 8 players (got 9)"),
        (["run", "spin", "--players", "2"], "Spin needs 3 to 8 players (got 2)"),
        (["run", "spin", "--rule", "spin_stake=-3"], "spin_stake"),
        (["run", "spin", "--rule", "dealer_pays_game=maybe"], "dealer_pays_game"),
        (["trace", "spin", "--deck", "2H 3H"], "2H not in the Spin pack"),
        (["trace", "spin", "--deck", "AS KS"], "50 cards"),
    ],
)
def test_cli_bad_input_exits_2(args, words):
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2
    assert words in res.output


def _ref_book_lead(h: int, out: int, lead_lowest: bool, avoid: int, stops_first: bool = True) -> int:
    """sim.games._stops.book_lead written plainly from its docstring (pp. 83-84), on Python ints as masks
    (``stops_first`` False: without rule 1, as ``lead_by_rules`` plays for a strategy that leaves it out)."""

    def has(m, x):
        return x >= 0 and (m >> x) & 1 == 1

    def run(m, x):
        k = 0
        while has(m, x + k):
            k += 1
        return k

    cards = [x for x in range(64) if has(h, x)]
    allowed = [x for x in cards if not lead_lowest or not any(has(h, y) for y in range(x - (x & 15), x))]
    bottoms = [x for x in allowed if not has(h, x - 1)]
    cand = [x for x in bottoms if not has(avoid, x)] or [x for x in allowed if not has(avoid, x)] or bottoms
    best, best_key = -1, None
    for b in cand if stops_first else []:  # 1. lead up to his lowest known stop above b, within two unknowns
        stops = [t for t in range(b, (b | 15) + 1) if has(h, t) and has(out, t + 1)]
        if not stops or any(has(out, x) for x in range(b, stops[0] + 1)):
            continue
        span = range(b, stops[0] + 1)
        gap, clear = sum(1 for x in span if not has(h, x)), sum(1 for x in span if has(h, x))
        if gap <= 2 and (best_key is None or (clear, -gap, b) > best_key):
            best, best_key = b, (clear, -gap, b)
    if best >= 0:
        return best
    orphans = [b for b in cand if b & 15 == 0 or has(out, b - 1)]  # 2. nothing can be played up to it
    if orphans:
        return max(orphans, key=lambda b: (run(h, b), b))
    return min(cand, key=lambda b: (-run(h, b), (b & 15) * 4 + (b >> 4)))  # 3. the longest run, lowest


def test_book_lead_is_what_its_description_says():
    """The shared book lead (used by Spin's and Newmarket's book strategy) against a plain reading of it."""
    from sim.games import _stops as S

    rng = np.random.default_rng(5)
    tabs = S.position_tables(False)
    pad = sum(1 << x for x in range(64) if tabs[1, x] < 0)
    differ = 0
    for _ in range(3000):
        perm = rng.permutation(52)
        k = int(rng.integers(1, 14))
        o = int(rng.integers(0, 52 - k))
        h = sum(1 << int(tabs[0, c]) for c in perm[:k])
        out = pad | sum(1 << int(tabs[0, c]) for c in perm[k : k + o])
        avoid = sum(1 << int(tabs[0, c]) for c in perm[: int(rng.integers(0, 3))])
        for ll in (False, True):
            got = S.book_lead(np.uint64(h), np.uint64(out), ll, np.uint64(avoid))
            assert got == _ref_book_lead(h, out, ll, avoid), (hex(h), hex(out), ll, hex(avoid))
            plain = S.lead_by_rules(np.uint64(h), np.uint64(out), ll, np.uint64(avoid), False)
            assert plain == _ref_book_lead(h, out, ll, avoid, False), (hex(h), hex(out), ll, hex(avoid))
            differ += got != plain
    assert differ > 300  # rule 1 (known stops first, p. 83) decides many leads


def test_stretch_table_is_rule_one_weighing():
    """Rule 1's weighing of a known stop, looked up by the cards of its stretch (``stretch_value``; under the
    lead-lowest rule ``lowest_stretch_value``), against the worked-out weighing (``stop_key``) on every stretch: at
    the bottom of a suit, and at the top of another above cards known out (every card outside the stretch is
    out); and with a card of his lower in the suit, which leaves the stretch nothing to lead under lead-lowest."""
    from sim.games import _stops as S

    one = np.uint64(1)
    for cards in range(1, 1 << 13):
        top = cards.bit_length() - 1
        for floor in (0, 16 + 12 - top):  # the stretch from clubs' ace; up to the king of diamonds
            h = np.uint64(cards << floor)
            t = floor + top
            out = np.uint64(~(((1 << (top + 1)) - 1) << floor) & (2**64 - 1))
            want = S.stop_key(h, out, ~out & ~h, h & ~(h << one), t)
            assert S.stretch_value((h, out), t) == want, (hex(cards), floor)
            assert S.STRETCH_VALUE[cards] + floor == want
            lowest = S.stop_key(h, out, ~out & ~h, np.uint64(S.lowest_per_suit(h)), t)
            assert S.lowest_stretch_value((h, out), t) == lowest, (hex(cards), floor)
            if floor >= 18:  # the ace of diamonds his too, below the stretch
                h2, out2 = h | np.uint64(1 << 16), out & ~np.uint64(1 << 16)
                got = S.lowest_stretch_value((h2, out2), t)
                assert got == S.stop_key(h2, out2, ~out2 & ~h2, np.uint64(S.lowest_per_suit(h2)), t) and got < 64
