"""The Python side: stacked decks (one or more packs: the decks of a game in turn), and a traced game as a dict."""

from __future__ import annotations

import numpy as np

from sim import cards as C
from sim.games import _ledger as L
from sim.games._common import check_pack_deck
from sim.games._contract import TracedDeal
from sim.games.snipsnap._book import (
    CALLS,
    EVENTS,
    HAND,
    K_CARD,
    K_DEAL,
    K_EMPTY,
    K_GATHER,
    K_OUT,
    K_PASS,
    K_PLAY,
    K_TURNUP,
    K_WIN,
    NAME,
    POOLS,
    REASONS,
    SLOTS,
    TITLE,
    TR_CALL,
    TR_CARD,
    TR_DEAL,
    TR_EXTRA,
    TR_KIND,
    TR_PAYS,
    TR_SEAT,
)
from sim.games.snipsnap._play import ST_BAD, ST_SHUFFLES

FULL = C.full_pack()
SHORT = C.short_pack()
DEAL_WORDS = (
    "one whole game: deals are played, the deal passing left, until one player is left with counters (in "
    "first-out, one deal, won by the first player rid of his cards)"
)


def pack_of(r) -> np.ndarray:
    return SHORT if r.pack == 32 else FULL


def check_deck(text: str) -> np.ndarray:
    """A stacked game from text: one to SLOTS whole packs (52 cards, or the 32-card pack), each in the order dealt;
    deck j is dealt from the j-th time the pack is gathered and shuffled (every deal, unless reshuffle=false)."""
    codes = C.parse(text)
    for pack in (FULL, SHORT):
        size = len(pack)
        if len(codes) % size or not 1 <= len(codes) // size <= SLOTS:
            continue
        chunks = [codes[i : i + size] for i in range(0, len(codes), size)]
        if all(sorted(chunk.tolist()) == pack.tolist() for chunk in chunks):
            return codes.astype(np.int8)
    if len(codes) <= len(FULL):
        which = SHORT if len(codes) == len(SHORT) else FULL
        check_pack_deck(text, which, TITLE, " (give the 52 cards, or the 32 of the short pack)")
    raise ValueError(
        f"--deck must be 1 to {SLOTS} whole packs of 52 cards (or of the 32-card pack) one after another, each "
        f"card once in each, in the order dealt: the decks of the game's deals in turn (got {len(codes)} cards)"
    )


def _order(r, dealer: int, seats_in: list[int] | None) -> list[int]:
    """The seats in, from the dealer's left round to the dealer."""
    n = r.players
    ins = set(range(n) if seats_in is None else seats_in)
    return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if s in ins]


def stack(r, dealer: int, hands: dict[int, str], turnup: str | None = None, seats_in=None) -> list[int]:
    """A whole pack in the order dealt so that each seat in receives ``hands[seat]`` (text; seats not given, or
    given fewer cards, are filled in pack order), the turn-up next (turnup_snip), the undealt rest after.
    Five cards each, or (whole_pack) the whole pack round from the dealer's left."""
    pack = pack_of(r).tolist()
    order = _order(r, dealer, seats_in)
    if r.whole_pack:
        sizes = {s: len(pack) // len(order) + (1 if i < len(pack) % len(order) else 0) for i, s in enumerate(order)}
    else:
        sizes = dict.fromkeys(order, HAND)
    given = {s: C.parse(t).tolist() for s, t in hands.items()}
    fixed = [c for cs in given.values() for c in cs] + ([C.parse_card(turnup)] if turnup else [])
    rest = [c for c in pack if c not in fixed]
    queues = {}
    for s in order:
        cards = given.get(s, [])
        if len(cards) > sizes[s]:
            raise ValueError(f"seat {s} is dealt {sizes[s]} cards, not {len(cards)}")
        need = sizes[s] - len(cards)
        queues[s] = cards + rest[:need]
        rest = rest[need:]
    deck = []
    for k in range(max(sizes.values())):
        deck += [queues[s][k] for s in order if k < sizes[s]]
    if turnup:
        deck.append(C.parse_card(turnup))
    return deck + rest


def _cards(mask: int) -> list[str]:
    return [C.format_card(c) for c in range(52) if mask >> c & 1]


def describe_trace(run: TracedDeal) -> dict:
    """A traced game as a JSON-ready dict: every deal's hands, every play with its call and payments, the players
    going out, the winner; ``deck`` is the game's first deck and ``decks`` every deck it was dealt from. The plays
    of every deal are ``actions`` (each with its deal's number), so that ``sim trace`` prints one line a deal."""
    ws, r, n = run.ws, run.rules, run.players
    size = len(pack_of(r))
    if ws.st[ST_BAD]:
        raise ValueError(f"--deck: every deck given must be the whole {size}-card pack of these rules")
    pays = L.payments(ws, REASONS, POOLS)
    rows = ws.tr_actions[: int(ws.tr_count[0])]
    bounds = [int(a[TR_PAYS]) for a in rows] + [len(pays)]
    deals: list[dict] = []
    actions: list[dict] = []
    out: list[dict] = []
    winner, shuffled, takes = -1, False, []
    for i, a in enumerate(rows):
        kind, seat, card = int(a[TR_KIND]), int(a[TR_SEAT]), int(a[TR_CARD])
        mine = pays[bounds[i] : bounds[i + 1]]
        if kind == K_GATHER:
            shuffled = True
        elif kind == K_DEAL:
            deals.append(_new_deal(int(a[TR_DEAL]), seat, n, shuffled, int(a[TR_EXTRA])))
            shuffled = False
        elif kind == K_CARD:
            deals[-1]["hands"][seat].append(C.format_card(card))
        elif kind == K_TURNUP:
            deals[-1]["turnup"] = C.format_card(card)
        elif kind in (K_PLAY, K_PASS):
            item = {"deal": int(a[TR_DEAL]), "seat": seat, "play": C.format_card(card), "call": CALLS[a[TR_CALL]]}
            if kind == K_PASS:
                item["passed"] = True  # whole-pack: he did not pair, so played nothing
            item["payments"] = mine
            item["stop"] = False
            actions.append(item)
        elif kind == K_OUT:
            gone = {"seat": seat, "deal": int(a[TR_DEAL]), "dead_cards": _cards(int(a[TR_EXTRA]))}
            out.append(gone)
            deals[-1]["out"].append(gone)
            if actions and actions[-1]["deal"] == gone["deal"]:
                actions[-1]["payments"] += mine  # paid after he went out, for the same play (a miss's double)
        elif kind == K_EMPTY:
            deals[-1]["cleared"] = seat
        elif kind == K_WIN:
            winner, takes = seat, mine
    for a, b in zip(actions, actions[1:] + [None]):
        a["stop"] = b is None or b["deal"] != a["deal"]  # the last play of a deal (the text trace ends a line there)
    for d in deals:
        d["elder"] = next(s for s in ((d["dealer"] + k) % n for k in range(1, n + 1)) if d["hands"][s])
    first = deals[0] if deals else _new_deal(0, run.dealer, n, True, n)
    used = int(ws.st[ST_SHUFFLES])
    after = [int(x) for x in ws.deck]
    return {
        "game": NAME,
        "deal_is": DEAL_WORDS,
        "rules": dict(r._asdict()),
        "seed": run.seed,
        "deal": run.deal,
        "deck": L.cards(run.deck[:size]),
        "decks": [L.cards(after[j * size : (j + 1) * size]) for j in range(min(used, SLOTS))],
        "dealer": run.dealer,
        "elder": first.get("elder", (run.dealer + 1) % n),
        "hands": first["hands"],
        "turnup": first["turnup"],
        "board_before": L.board(run.board_before, POOLS),
        "board_after": L.board(ws.board, POOLS),
        "deals": deals,
        "actions": actions,
        "payments": pays,
        "out": out,
        "winner": winner,
        "winner_takes": takes,
        "next_dealer": run.next_dealer,
        "net": [int(x) for x in ws.net[:n]],
        "counters_left": [int(x) for x in ws.lives[:n]] if not r.first_out else None,
        "events": {name: int(v) for name, v in zip(EVENTS, ws.ev)},
        "truncated": bool(ws.tr_count[0] >= ws.tr_actions.shape[0] or ws.tr_count[1] >= ws.tr_pays.shape[0]),
    }


def _new_deal(index: int, dealer: int, n: int, shuffled: bool, players_in: int) -> dict:
    return {
        "deal": index,
        "dealer": dealer,
        "players_in": players_in,
        "shuffled": shuffled,
        "hands": [[] for _ in range(n)],
        "turnup": None,
        "out": [],
    }
