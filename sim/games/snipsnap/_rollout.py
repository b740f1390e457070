"""``rollout:K``, the strong reference player of Snip-Snap-Snorum: a determinized Monte Carlo search over its free
card.

The one choice a player has is the card he plays when he is free to choose (he must pair when he can, p. 91; a
deliberate miss only costs him double, p. 93). Suits never matter, so the candidates are the ranks he holds (the
lowest suit of each). For each of K deals of the cards he cannot see, drawn from his own seat's stream, every
candidate is played and the deal played out to its end (the first empty hand; in the whole-pack game, when every
card is played or, in first-out, someone is rid of his cards) with ``book`` at every seat, himself included. He
plays the rank whose summed net over the K deals is highest - the counters he pays in the deal, less what he
takes back (a turn-up Snip paid by the pool, the pool when the game ends inside the deal); ties go to book's
card. A whole game is too long to play out at every choice, so the search values what the deal costs him.

What he knows: his own hand, the cards played or turned up since the pack was gathered, how many cards each
other player holds, who is still in, and - from the rule that a player must pair when he can (p. 91) - the ranks
each player has shown he lacks this deal: one who played another card on a card he could have paired holds none
of its rank (a careless miss is called and paid, so it is seen). A sampled deal gives the other unseen cards at
random to the other hands (each keeping its size, none of a rank its holder lacks), the rest to the stock (the
undealt pack and the face-down cards of players out). He draws no other inference from the play.

The playout runs the game's own turn (sim.games.snipsnap._turns) over a second copy of the game's state in the
workspace (the ``x_*`` arrays), a workspace over it built in place: nothing is allocated.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games._common import samples
from sim.games.snipsnap._book import BOOK, POOL, ROLLOUT, P
from sim.games.snipsnap._choose import free_card, of_rank, rank, ranks_held
from sim.games.snipsnap._play import (
    ST_CHAIN,
    ST_CHOICE,
    ST_IN,
    ST_PACK,
    ST_SIZE,
    ST_WINNER,
    Workspace,
    _play_card,
)
from sim.games.snipsnap._turns import book_rest_five, book_rest_whole, is_free

_ONE = np.uint64(1)
TRIES = 64  # dead ends before a sampled deal ignores what the players are known to lack


@kernel(inline=True)
def decide(cfg, ws, seats, player):
    """Before a rollout seat's turn: if he is free to choose, search his card into ``st[ST_CHOICE]``."""
    if seats[0][player] != ROLLOUT:
        return
    if cfg[0][P.whole_pack] == 0 and not is_free(ws, player):
        return
    ws.st[ST_CHOICE] = choose(cfg, ws, seats[1][player], player)


@kernel(inline=True)
def _sim(ws):
    """A workspace over the scratch copy of the game's state (no tracing, book at every seat)."""
    return Workspace(
        ws.deck, ws.x_stock, ws.x_hand, ws.x_lives, ws.x_inn, ws.x_role, ws.x_dpaid, ws.x_spell, ws.x_seen,
        ws.x_st, ws.deck_rng, ws.game_rng, ws.seat_rng, ws.x_board, ws.x_net, ws.x_won, ws.x_ev, ws.x_tracing,
        ws.tr_actions, ws.tr_pays, ws.tr_count, ws.x_stock, ws.x_hand, ws.x_lives, ws.x_inn, ws.x_role, ws.x_dpaid,
        ws.x_spell, ws.x_seen, ws.x_st, ws.x_board, ws.x_net, ws.x_won, ws.x_ev, ws.x_tracing, ws.x_pol, ws.x_par,
        ws.unseen, ws.score, ws.x_void, ws.x_void, ws.sample, ws.cap,
    )  # fmt: skip


@kernel
def choose(cfg, ws, param, seat):
    """The rank of his hand whose play nets most over K sampled deals (each rank's sum in ``ws.score``)."""
    h = ws.hand[seat]
    book = free_card(BOOK, h, ws.seen[0], ws.seat_rng[seat])  # book draws nothing from the stream
    ranks = ranks_held(h)
    for r in range(13):
        ws.score[r] = 0
    if popcount(ranks) <= 1:
        return book
    sim = _sim(ws)
    u, k = _gather(cfg, ws, seat)
    state = ws.seat_rng[seat]
    for _ in range(samples(param)):
        deal_sample(cfg, ws, seat, u, k, state)
        rr = ranks
        while rr != 0:
            r = np.int64(ctz(rr))
            rr &= rr - _ONE
            _load(ws, sim, seat, cfg[0][P.players])
            ws.score[r] += playout(cfg, sim, seat, np.int64(ctz(h & of_rank(r))))
    best = rank(book)
    rr = ranks
    while rr != 0:
        r = np.int64(ctz(rr))
        rr &= rr - _ONE
        if ws.score[r] > ws.score[best]:
            best = r
    return book if best == rank(book) else np.int64(ctz(h & of_rank(best)))


@kernel
def _gather(cfg, ws, seat):
    """The cards he cannot see into ``ws.unseen`` (in code order: nothing of where they lie); returns their
    number and how many of them the other hands hold."""
    m = np.uint64(ws.st[ST_PACK]) & ~ws.seen[0] & ~ws.hand[seat]
    u = 0
    while m != 0:
        ws.unseen[u] = ctz(m)
        u += 1
        m &= m - _ONE
    k = 0
    for q in range(cfg[0][P.players]):
        if q != seat and ws.inn[q] != 0:
            k += popcount(ws.hand[q])
    return u, k


@kernel
def _shuffle(cards, u, k, state):
    """The first k of the u unseen cards at random (a partial Fisher-Yates): every deal equally likely."""
    for i in range(k):
        j = i + rng.bounded(state, u - i)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t


@kernel
def _load(ws, sim, seat, n):
    """The game's state into the scratch, the other hands those of the sampled deal (``ws.sample``)."""
    for i in range(ws.stock.shape[0]):
        sim.stock[i] = ws.stock[i]
    for i in range(ST_SIZE):
        sim.st[i] = ws.st[i]
    sim.seen[0] = ws.seen[0]
    sim.board[0] = ws.board[0]
    for s in range(n):
        sim.lives[s] = ws.lives[s]
        sim.inn[s] = ws.inn[s]
        sim.role[s] = ws.role[s]
        sim.dpaid[s] = ws.dpaid[s]
        sim.spell[s] = ws.spell[s]
        sim.void[s] = ws.void[s]
        sim.net[s] = 0
        sim.won[s] = 0
        sim.hand[s] = ws.hand[s] if s == seat or ws.inn[s] == 0 else ws.sample[s]


@kernel
def deal_sample(cfg, ws, seat, u, k, state):
    """A deal of the u unseen cards into ``ws.sample``: each other hand as many as it holds, none of a rank its
    holder is known to lack (``ws.void``), the rest to the stock. The cards are taken in random order, each into a
    random place with room for it (so, with nothing known lacking, every deal is equally likely); a dead end (room
    left only where the card is known to be lacking) starts again, and after TRIES dead ends the deal ignores what
    the players lack."""
    n = cfg[0][P.players]
    for attempt in range(TRIES + 1):
        strict = attempt < TRIES
        _shuffle(ws.unseen, u, u, state)
        for q in range(n):
            ws.sample[q] = np.uint64(0)
            ws.cap[q] = popcount(ws.hand[q]) if q != seat and ws.inn[q] != 0 else 0
        ws.cap[n] = u - k  # the stock
        if _place_all(ws, n, u, strict, state):
            return


@kernel
def _place_all(ws, n, u, strict, state):
    """Each unseen card to a place with room, uniformly over the places' room; False at a dead end."""
    for i in range(u):
        c = np.int64(ws.unseen[i])
        lacked = np.int64(1) << rank(c)
        room = np.int64(0)
        for q in range(n + 1):
            if q == n or not strict or ws.void[q] & lacked == 0:
                room += ws.cap[q]
        if room == 0:
            return False
        pick = rng.bounded(state, room)
        for q in range(n + 1):
            if q == n or not strict or ws.void[q] & lacked == 0:
                if pick < ws.cap[q]:
                    ws.cap[q] -= 1
                    if q < n:
                        ws.sample[q] |= _ONE << np.uint64(c)
                    break
                pick -= ws.cap[q]
    return True


@kernel
def playout(cfg, sim, seat, c):
    """Seat plays card c and the deal is played out by book; his net from here to the end of the deal."""
    _play_card(sim, seat, c, 0)
    sim.st[ST_CHAIN] = 0
    seats = (sim.x_pol, sim.x_par)
    if cfg[0][P.whole_pack] != 0:
        book_rest_whole(cfg, sim, seats, seat)
    else:
        book_rest_five(cfg, sim, seats, seat)
    v = sim.net[seat]
    if cfg[0][P.first_out] != 0:
        return v + (sim.board[POOL] if sim.st[ST_WINNER] == seat else 0)
    if sim.st[ST_IN] == 1 and sim.inn[seat] != 0:  # the game ends in this deal: the last in takes the pool
        v += sim.board[POOL]
    return v
