"""A traced deal as a JSON-ready dict (``describe_trace``), and stacked decks (``check_deck``, ``deck_from_hands``).

In Pool Commerce a traced "deal" is a whole pool game: ``rounds`` lists its hands (who was dealt in, the hands
dealt and shown, the widow, the lives after), the top-level hands, widow and shown cards are its first hand's,
and the actions carry their hand's number.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim import cards as C
from sim.games import _hands as HT
from sim.games import _ledger as L
from sim.games._common import MAX_SEATS
from sim.games._contract import TracedDeal
from sim.games.commerce.rules import NAME, unit
from sim.games.commerce.table import EVENTS, KINDS, POOLS, REASONS, TR_LAST


def _card(c: int) -> str | None:
    return None if c < 0 else C.format_card(c)


def _round(ws, h: int, n: int, r: Any) -> dict[str, Any]:
    """Hand h of the traced deal: its dealer, hands dealt and shown, widow, and (Pool Commerce) lives after."""
    old = r.game == "old"
    rec = ws.tr_hands[h]
    meta = rec[MAX_SEATS]
    seats = [s for s in range(n) if rec[s, 9] == 1]
    return {
        "hand": h,
        "dealer": int(meta[6]),
        "hands": {s: [C.format_card(c) for c in rec[s, 0:3]] for s in seats},
        "shown": {
            s: {
                "cards": [C.format_card(c) for c in rec[s, 3:6]],
                "class": HT.CLASS_NAMES[int(rec[s, 8])],
                "strength": int(rec[s, 6]),
            }
            for s in seats
        },
        "widow": [C.format_card(c) for c in meta[0:3]] if old else None,
        "widow_after": [C.format_card(c) for c in meta[3:6]] if old else None,
        "capped": bool(meta[7] == 1),
        "circuits": int(meta[9]),
        "lives_after": [int(x) for x in rec[:n, 7]] if r.pool else None,
    }


_PLAY_TEXT = {
    "stand": "stand",
    "trade": "trade {out}>{inc}",
    "barter": "barter {out}>{inc} with {other}",
    "barter_refused": "offer {out} to {other}",
    "exchange": "exchange {out}>{inc}",
    "pass": "pass",
    "last_exchange": "last exchange {out}>{inc}",
    "keep": "keep",
    "horse": "buys a horse",
    "loses_counter": "loses a counter",
    "out": "out",
}


def _actions(ws, pool: bool) -> list[dict[str, Any]]:
    actions = []
    for a in ws.tr_actions[: int(ws.tr_count[0])]:
        kind = KINDS[a[2]]
        out_c, in_c, other = _card(a[3]), _card(a[4]), int(a[5])
        text = _PLAY_TEXT[kind].format(out=out_c, inc=in_c, other=other)
        item: dict[str, Any] = {"seat": int(a[1]), "action": kind, "play": text, "stop": bool(a[TR_LAST])}
        if pool:
            item["hand"] = int(a[0])
        if out_c is not None:
            item["out"] = out_c
        if in_c is not None:
            item["in"] = in_c
        if other >= 0 and kind in ("trade", "barter", "barter_refused"):
            item["with"] = other
        actions.append(item)
    return actions


def _winners(run: TracedDeal, first: dict | None) -> list[int]:
    """Every hand paid as a winner: all tied best hands, or under tie=eldest the one nearest the left; in Pool
    Commerce the last player in."""
    n = run.players
    if run.rules.pool or first is None:
        return [s for s in range(n) if run.ws.won[s]]
    top = max(v["strength"] for v in first["shown"].values())
    order = [(run.dealer + 1 + j) % n for j in range(n)]
    winners = sorted(s for s in order if first["shown"][s]["strength"] == top)
    if run.rules.tie == "eldest":
        winners = [min(winners, key=order.index)]
    return winners


def _stock(run: TracedDeal, first: dict | None) -> list[str] | None:
    """The modern game's stock after play, top first (the deck's tail is a ring whose top the trace kept)."""
    if run.rules.game == "old" or first is None:
        return None
    m0 = len(first["hands"])
    top = int(run.ws.tr_hands[0, MAX_SEATS, 8])
    ring = run.ws.deck[3 * m0 : run.rules.pack].tolist()
    return [C.format_card(c) for c in ring[top:] + ring[:top]]


def _check_stacked(run: TracedDeal) -> None:
    pack = run.rules.pack
    if sorted(run.deck[:pack]) != sorted(HT.pack_cards(pack).tolist()):
        raise ValueError(f"the stacked deck must be the {pack}-card pack")


def describe_trace(run: TracedDeal) -> dict:
    """One deal (in Pool Commerce one whole game) with every action and payment, as a JSON-ready dict."""
    r, ws, n = run.rules, run.ws, run.players
    if run.deal is None:
        _check_stacked(run)
    rounds = [_round(ws, h, n, r) for h in range(int(ws.tr_count[2]))]
    first = rounds[0] if rounds else None
    m0 = len(first["hands"]) if first else n
    none: list[list[str]] = [[] for _ in range(n)]
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(run.deck[: r.pack]),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": [first["hands"].get(s, []) for s in range(n)] if first else none,
        "widow": first["widow"] if first else None,
        "widow_after": first["widow_after"] if first else None,
        "final_hands": [first["shown"][s]["cards"] if s in first["shown"] else [] for s in range(n)] if first else [],
        "shown": first["shown"] if first else {},
        "stock": _stock(run, first),
        "capped": first["capped"] if first else False,
        "rounds": rounds if r.pool else None,
        "unit": unit(r),
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "actions": _actions(ws, bool(r.pool)),
        "payments": L.payments(ws, REASONS, POOLS),
        "winner": next((s for s in range(n) if ws.won[s]), -1),  # the deal's win is counted for this seat
        "winners": _winners(run, first),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
        "cards_per_round": m0 + 1 if r.game == "old" else m0,
    }


# ----------------------------------------------------------------------------------------------------------
# stacked decks


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the whole 52- or 32-card pack, each card once, in the order dealt."""
    deck = C.parse(text)
    cards = deck.tolist()
    seen = set(cards)
    if len(seen) != len(cards):
        dup = sorted({c for c in cards if cards.count(c) > 1})
        raise ValueError(f"--deck: {C.format(dup)} given more than once")
    for pack in (52, 32):
        if seen == set(HT.pack_cards(pack).tolist()):
            return deck
    short = set(HT.pack_cards(32).tolist())
    if seen <= short:
        missing = sorted(short - seen)
        raise ValueError(
            f"--deck must be the whole pack, 52 or 32 cards (got {len(cards)}; 32-card pack missing "
            f"{C.format(missing)})"
        )
    missing = sorted(set(range(52)) - seen)
    raise ValueError(f"--deck must be the whole pack, 52 or 32 cards (got {len(cards)}; missing {C.format(missing)})")


def deck_from_hands(r: Any, dealer: int, hands: dict[int, str], widow: str = "", stock: str = "") -> np.ndarray:
    """Stack a deck so that each seat is dealt ``hands[seat]`` (and the old game's widow ``widow``), the stock
    (modern game) starting with ``stock``; the rest of the pack follows in card order."""
    r = r.validated()
    n = r.players
    old = r.game == "old"
    width = n + 1 if old else n
    queues = {s: C.parse(t).tolist() for s, t in hands.items()}
    order: list[int] = [0] * (3 * width)
    for rnd in range(3):
        for j in range(n):
            seat = (dealer + 1 + j) % n
            q = queues.get(seat)
            if not q:
                raise ValueError(f"seat {seat} needs three cards")
            order[rnd * width + j] = q.pop(0)
        if old:
            w = C.parse(widow).tolist()
            if len(w) != 3:
                raise ValueError("the widow needs three cards")
            order[rnd * width + n] = w[rnd]
    if any(queues.values()):
        raise ValueError("each seat takes exactly three cards")
    order += C.parse(stock).tolist()
    full = HT.pack_cards(r.pack).tolist()
    rest = [c for c in full if c not in set(order)]
    deck = order + rest
    if len(set(deck)) != len(deck) or len(deck) != r.pack or not set(deck) <= set(full):
        raise ValueError(f"the cards given are not distinct cards of the {r.pack}-card pack")
    return np.array(deck, dtype=np.int8)
