"""The Python side: the kernels' configuration, stacked decks, and a traced deal as a JSON-ready dict."""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.games import _ledger as L
from sim.games._common import check_pack_deck
from sim.games._contract import TracedDeal
from sim.games.speculation import odds as O
from sim.games.speculation.rules import (
    A_BEST,
    A_BID,
    A_CARD,
    A_CARD2,
    A_CARD3,
    A_CHIEF,
    A_KIND,
    A_OTHER,
    A_PRICE,
    A_SEAT,
    A_WHAT,
    EVENTS,
    HAND,
    NAME,
    POOL_OWNS,
    POOLS,
    REASONS,
    ROW_KINDS,
    RULEBOOK,
    SALE_KINDS,
    SPARE_OWNS,
    TITLE,
    E,
)

TO_POSITION, TO_CODE = O.position_tables()


def pack_of(r) -> np.ndarray:
    """The pack's card codes: 52, or the 32 from seven to ace."""
    return C.full_pack() if r.pack == 52 else C.short_pack()


def deals_per_session(r, rotations: int) -> int:
    return r.players * rotations


def kernel_config(r) -> tuple:
    """cfg: (int64 rule parameters, the pack's card codes, card code -> position, 1/i, uint64 masks, the table of
    ``odds.stands``)."""
    pack = pack_of(r)
    masks = np.zeros(2, dtype=np.uint64)
    masks[0] = np.uint64(sum(1 << int(TO_POSITION[c]) for c in pack))
    masks[1] = O.knaves_and_fives() & masks[0]
    inv = O.inverses()
    return RULEBOOK.params(r), pack, TO_POSITION.copy(), inv, masks, O.stands_table(inv)


def check_deck(text: str) -> np.ndarray:
    """A stacked deck from text: the whole pack of 52 (or of 32, seven to ace), each card once, in the order
    dealt (three rounds from the dealer's left, the spare hand last in each round, then the trump card)."""
    codes = C.parse(text)
    if len(codes) == 32 and set(codes.tolist()) <= set(C.short_pack().tolist()):
        return check_pack_deck(text, C.short_pack(), TITLE)
    return check_pack_deck(text, C.full_pack(), TITLE)


def stack_deck(r, dealer: int, hands: dict[int, str], turnup: str, spare: str = "", rest: str = "") -> np.ndarray:
    """A deck dealing ``hands[seat]`` (text, in the order the seat will expose them), ``spare``, then the trump
    card ``turnup``, then ``rest`` (the next cards of the pack); the remaining cards follow in pack order."""
    n = r.players
    rows = [C.parse(hands.get(s, "")).tolist() for s in range(n)]
    if r.spare_hand:
        rows.append(C.parse(spare).tolist())
    fixed = [c for h in rows for c in h] + C.parse(turnup).tolist() + C.parse(rest).tolist()
    free = [c for c in pack_of(r).tolist() if c not in fixed]
    order: list[int] = []
    for j in range(HAND):
        for i in range(len(rows)):
            who = rows[(dealer + 1 + i) % n] if i < n else rows[n]
            # the pile's top card (exposed first) is dealt last: round j deals the card exposed (HAND - 1 - j)th
            k = HAND - 1 - j
            order.append(who[k] if k < len(who) else free.pop(0))
    order += C.parse(turnup).tolist() + C.parse(rest).tolist() + free
    return check_deck(C.format(order))


def _card(x: int) -> str | None:
    return None if x < 0 else C.format_card(int(TO_CODE[x]))


def _who(x: int):
    if x == POOL_OWNS:
        return "pool"
    if x == SPARE_OWNS:
        return "spare"
    return None if x < 0 else int(x)


def _action(a: np.ndarray) -> dict | None:
    """One trace row as a dict (None for the hand rows, which go into ``hands``)."""
    kind = ROW_KINDS[a[A_KIND]]
    cards = [c for c in (_card(a[A_CARD]), _card(a[A_CARD2]), _card(a[A_CARD3])) if c]
    who, other = _who(a[A_SEAT]), _who(a[A_OTHER])
    item: dict = {"action": kind, "seat": who, "chief": _who(a[A_CHIEF]), "best": _card(a[A_BEST]), "stop": False}
    if kind == "hand":
        return None
    if kind == "turn-up":
        item.update(card=cards[0], dealer=other, stop=True, play=f"trump card {cards[0]} to {who}")
    elif kind in ("offer", "sale"):
        sale = SALE_KINDS[a[A_WHAT]]
        item.update(kind=sale, cards=cards, seller=who, unseen=sale != "chief")
        if kind == "offer":
            sold = other is not None and a[A_BID] >= a[A_PRICE]
            item.update(reserve=int(a[A_PRICE]), best_bid=int(a[A_BID]), bidder=other, sold=bool(sold))
            item["play"] = f"offers {sale} {' '.join(cards)} at {a[A_PRICE]} (best bid {a[A_BID]})"
        else:
            item.update(buyer=other, price=int(a[A_PRICE]), play=f"sells {sale} {' '.join(cards)} to {other}")
            item["play"] += f" for {a[A_PRICE]}"
    elif kind in ("expose", "reveal"):
        item.update(card=cards[0], holder=other, higher_trump=bool(a[A_BEST] == a[A_CARD]), stop=kind == "expose")
        item["play"] = f"{kind}s {cards[0]}" + (f", chief {item['chief']}" if item["higher_trump"] else "")
    elif kind == "spare":
        item.update(card=cards[0], play=f"spare {cards[0]}")
    else:  # the end: the pool taken (amount) or carried
        carried = who in ("pool", "spare")
        item.update(to="carried" if carried else who, amount=0 if carried else int(a[A_OTHER]), stop=True)
        item["play"] = "the pool carries" if carried else f"takes the pool of {item['amount']}"
    return item


def describe_trace(run: TracedDeal) -> dict:
    """A traced deal as a JSON-ready dict: the pack, hands, trump card, every offer, sale, exposure and payment,
    the chief after each step, the pool before and after, the nets and events."""
    r = run.rules
    n = run.players
    ws = run.ws
    pack = pack_of(r)
    size = len(pack)
    in_use = [int(c) for c in ws.pack[:size]]
    if run.deal is None and sorted(in_use) != sorted(pack.tolist()):
        raise ValueError(f"--deck must be the whole {size}-card pack for pack={r.pack}")
    rows = ws.tr_actions[: int(ws.tr_count[0])]
    hands: list[list[str | None]] = [[] for _ in range(n)]
    spare: list[str | None] = []
    for a in rows:
        if ROW_KINDS[a[A_KIND]] == "hand":
            cards = [_card(x) for x in (a[A_CARD], a[A_CARD2], a[A_CARD3])]
            if a[A_SEAT] == SPARE_OWNS:
                spare = cards
            else:
                hands[int(a[A_SEAT])] = cards
    actions = [x for x in (_action(a) for a in rows) if x is not None]
    turn = next(x for x in actions if x["action"] == "turn-up")
    end = actions[-1]
    dealt = int(ws.ev[E.cards_dealt])
    return {
        "game": NAME,
        "rules": dict(r._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(in_use),
        "pack_position": int(ws.st[0]) - dealt,  # cards of the pack dealt before this deal
        "fresh_pack": bool(ws.ev[E.fresh_packs]),
        "hands_kept": bool(ws.ev[E.hands_kept]),
        "dealer": run.dealer,
        "elder": (run.dealer + 1) % n,
        "hands": hands,
        "spare": spare,
        "turnup": turn["card"],
        "trumps": C.SUIT_NAMES[C.SUITS.index(turn["card"][-1])],
        "trump_owner": turn["seat"],
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "actions": actions,
        "payments": L.payments(ws, REASONS, POOLS),
        "chief": end["seat"],
        "pool_to": end["to"],
        "winner": int(np.argmax(ws.won[:n])),
        "net": [int(x) for x in ws.net[:n]],
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
    }
