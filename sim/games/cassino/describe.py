"""The Python side of Cassino: stacked decks, and a traced game as a JSON-ready dict."""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.games import _ledger as L
from sim.games._common import check_pack_deck
from sim.games._contract import TracedDeal
from sim.games.cassino import game as K
from sim.games.cassino import play as G
from sim.games.cassino import score as S
from sim.games.cassino.rules import EVENTS, NAME, POOLS, REASONS, TITLE, pack


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the whole 52-card pack, or the whole 32-card pack, in the order dealt."""
    deck = C.parse(text)
    short = C.short_pack()
    if len(deck) == len(short) and set(deck.tolist()) <= set(short.tolist()):
        return check_pack_deck(text, short, TITLE + " 32-card")
    return check_pack_deck(text, C.full_pack(), TITLE)


def dealt(deck: list[int], dealer: int, n: int) -> tuple[list[int], list[list[list[int]]]]:
    """(the four cards dealt to the table, each round's hands by seat) of a deck dealt as the kernel deals it:
    one card at a time from the elder hand, four times round, one to the table after each time round in the
    first round; the last round as far as the pack goes."""
    pos, table = 0, []
    rounds: list[list[list[int]]] = []
    while pos < len(deck):
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(4):
            for k in range(1, n + 1):
                if pos < len(deck):
                    hands[(dealer + k) % n].append(deck[pos])
                    pos += 1
            if not rounds and pos < len(deck):
                table.append(deck[pos])
                pos += 1
        rounds.append(hands)
    return table, rounds


def stack(r, dealer: int, table: str = "", hands: dict[int, str] | None = None, rest: str = "") -> np.ndarray:
    """A deck dealing ``table`` to the table and ``hands[seat]`` to each seat, in the order each receives its
    cards (round by round); every other place is filled from ``rest``, then from the pack in pack order."""
    n = r.players
    queues = {s: C.parse(t).tolist() for s, t in (hands or {}).items()}
    board = C.parse(table).tolist()
    given = set(board) | {c for q in queues.values() for c in q}
    filler = [c for c in C.parse(rest).tolist() if c not in given]
    given |= set(filler)
    filler += [c for c in pack(r).tolist() if c not in given]
    size = len(pack(r))
    order = _dealing_order(size, dealer, n)
    deck = []
    for who in order:
        q = board if who < 0 else queues.get(who, [])
        deck.append(q.pop(0) if q else filler.pop(0))
    left = board + [c for q in queues.values() for c in q]
    if left:
        raise ValueError(f"cards left over: {C.format(left)}")
    return check_deck(C.format(deck))


def _dealing_order(size: int, dealer: int, n: int) -> list[int]:
    """Who receives each card of the deck: a seat, or -1 for the table."""
    marks = list(range(size))
    table, rounds = dealt(marks, dealer, n)
    who = {m: -1 for m in table}
    for hands in rounds:
        for s, h in enumerate(hands):
            for m in h:
                who[m] = s
    return [who[m] for m in marks]


def _cards(mask: int) -> str:
    return " ".join(C.format_card(c) for c in range(52) if (mask >> c) & 1)


def _builds(builds: dict[int, int]) -> str:
    """The table's builds, by value: ``8: 5H 3C; 6: 4D 2C``."""
    return "; ".join(f"{v}: {_cards(m)}" for v, m in sorted(builds.items(), reverse=True))


def _play(a: np.ndarray, last_of_round: bool, builds: dict[int, int]) -> dict:
    """One play as {seat, play, table, stop} (and ``builds``, the table's builds before it, when any lie): ``play``
    is the card, then ``:`` and the cards it took joined by ``+``, and ``!`` for a sweep; a build is written
    ``3C builds 8 on 5H`` (the card, the build's value, the loose cards it is laid on); the last capturer's
    remainder is ``rest:`` and its cards (``left:`` with seat -1 when nobody captured in the deal); ``table`` is
    the table's loose cards before the play (every card on it when no build lies).

    ``builds`` (value -> cards) is the state of the builds before the play, and is updated by it."""
    kind = int(a[G.TR_KIND])
    took = _cards(int(a[G.TR_TAKEN])).replace(" ", "+")
    seat = int(a[G.TR_SEAT])
    built = 0
    for m in builds.values():
        built |= m
    out = {"seat": seat, "play": "", "table": _cards(int(a[G.TR_TABLE]) & ~built), "stop": last_of_round}
    if builds:
        out["builds"] = _builds(builds)
    if kind == G.REMAINDER:
        what = ("rest:" if seat >= 0 else "left:") + (took or _cards(int(a[G.TR_TABLE])).replace(" ", "+"))
        builds.clear()
    elif kind == G.BUILD:
        v, card = int(a[G.TR_VALUE]), int(a[G.TR_CARD])
        what = f"{C.format_card(card)} builds {v}" + (f" on {_cards(int(a[G.TR_TAKEN]))}" if took else "")
        builds[v] = builds.get(v, 0) | int(a[G.TR_TAKEN]) | (1 << card)
    else:
        what = C.format_card(int(a[G.TR_CARD])) + (":" + took if took else "")
        for v in [v for v, m in builds.items() if m & int(a[G.TR_TAKEN])]:
            del builds[v]
    if a[G.TR_SWEEP]:
        what += "!"
    out["play"] = what
    return out


def read_play(p: dict) -> dict:
    """A traced play spelled out: card (None for the remainder), took (list), trail, sweep, remainder, and for a
    build its value (``build``, else 0) and the loose cards it was laid on (``on``); ``builds``, the table's
    builds before the play ({value: cards})."""
    text = p["play"]
    sweep = text.endswith("!")
    head, _, took = text.rstrip("!").partition(":")
    remainder = head in ("rest", "left")
    build, on = 0, []
    if " builds " in head:
        head, _, what = head.partition(" builds ")
        value, _, laid = what.partition(" on ")
        build, on, took = int(value), laid.split(), ""
    builds = {}
    for part in p.get("builds", "").split("; "):
        if part:
            value, _, cards = part.partition(": ")
            builds[int(value)] = cards.split()
    return {
        "seat": p["seat"],
        "card": None if remainder else head,
        "took": took.split("+") if took and head != "left" else [],
        "trail": not remainder and not took and not build,
        "sweep": sweep,
        "remainder": remainder,
        "table": p["table"].split(),
        "build": build,
        "on": on,
        "builds": builds,
    }


def _deal(row: np.ndarray, n: int, first: int, last: int) -> dict:
    size = int(row[K.D_SIZE])
    deck = [int(c) for c in row[K.D_DECK : K.D_DECK + size]]
    dealer = int(row[K.D_DEALER])
    table, rounds = dealt(deck, dealer, n)
    k = int(row[K.D_PARTIES])
    count = {
        (f"seats {q}+{q + 2}" if k == 2 and n == 4 else f"seat {q}"): {
            name: int(row[K.D_COUNT + f * 4 + q]) for f, name in enumerate(S.FIELDS)
        }
        for q in range(k)
    }
    return {
        "dealer": dealer,
        "table": C.format(table),
        "rounds": [[C.format(h) for h in hands] for hands in rounds],
        "actions": [first, last],
        "count": count,
        "scores": [int(row[K.D_TOTAL + q]) for q in range(k)],
    }


def deal_plays(t: dict, d: int) -> list[dict]:
    """The plays of deal ``d`` of a traced game, spelled out (``read_play``)."""
    lo, hi = t["deals"][d]["actions"]
    return [read_play(p) for p in t["actions"][lo:hi]]


def describe_trace(run: TracedDeal) -> dict:
    """A traced game as a JSON-ready dict: every deal's cards, the table before each play and what each play
    took or trailed, the sweeps, each deal's count and the scores, the payments, nets and events."""
    r, ws, n = run.rules, run.ws, run.players
    size = len(pack(r))
    first = run.deck[:size]
    if sorted(first) != sorted(pack(r).tolist()):
        raise ValueError(f"--deck must be the {size}-card pack when pack={r.pack}")
    acts = ws.tr_actions[: int(ws.tr_count[0])]
    keys = [(int(a[G.TR_DEAL]), int(a[G.TR_ROUND])) for a in acts]
    plays = []
    builds: dict[int, int] = {}  # the builds on the table as the plays go (a deal begins with none)
    for i, a in enumerate(acts):
        if i and keys[i][0] != keys[i - 1][0]:
            builds = {}
        plays.append(_play(a, i + 1 == len(acts) or keys[i + 1] != keys[i], builds))
    deals = []
    for d in range(int(ws.tr_count[2])):
        mine = [i for i, key in enumerate(keys) if key[0] == d]
        deals.append(_deal(ws.tr_deals[d], n, mine[0] if mine else len(plays), mine[-1] + 1 if mine else len(plays)))
    start = dealt(first, run.dealer, n)
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(first),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": [L.cards([c for rnd in start[1] for c in rnd[s]]) for s in range(n)],
        "table": L.cards(start[0]),
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "unit": "points",
        "deals": deals,
        "actions": plays,
        "payments": L.payments(ws, REASONS, POOLS),
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
        "complete": int(ws.tr_count[2]) == int(ws.ev[0]),
    }
