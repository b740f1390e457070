"""The session harness every game shares: sessions in parallel, the deals of a session, the trace, the floor.

This file is a template. ``sim.games._contract.harness(game)`` writes a copy of it with the ``import ... as G``
line below naming that game's module, and imports the copy: its kernels then call the game's own kernels
directly (``G.play_deal``), so numba compiles each game's harness once and caches it on disk like any other
kernel. (Passing ``play_deal`` as an argument, or closing over it in a factory, was measured to defeat numba's
disk cache: every process recompiled.) The copies live in the numba cache folder, keyed by the package's
sources, so an edit here reaches every game.

What a game provides (see ``sim.games._contract.Game``): ``new_workspace(cfg, trace_rows)``,
``begin_session(cfg, ws, seats, seed, session)``, ``deal_cards(cfg, ws, dealer)``, ``deal_hands(cfg, ws, dealer)``,
``play_deal(cfg, ws, dealer, seats)`` and ``end_session(cfg, ws, row, col)``. ``cfg`` is the tuple the game's
``kernel_config(rules)`` returns, its first element the int64 rule parameters (players first); ``seats`` is
(strategy codes int64[n], strategy parameters float64[n]); ``ws`` the game's workspace, a NamedTuple of arrays
with at least ``deck``, ``board``, ``net``, ``won``, ``ev``, ``tracing`` and ``tr_count``. ``net`` and ``won``
are the deal's (the game zeroes them as it begins one: sim.games._ledger.begin_deal); ``ev`` is the session's, a
deal's events added to it: the harness zeroes it as a session begins and adds it to the session's row at its end
(and zeroes it before a traced deal, so that a trace's events are that deal's).
``deal_cards`` draws the deck that ``dealer`` is to deal; a game may deal it into the hands there and then, in
the shuffle's own loop (Spin, Jig, Cassino), so that ``deal_hands`` and ``play_deal`` deal only a deck stacked since.

prange calls a non-inlined kernel per block of sessions, ``play_block`` (measured: a workspace inlined straight
into a prange body gave wrong sums), by its address where the game asks for it (``BY_ADDRESS``); the session is
inlined into it, except where a driver deal is a whole game (see ``SESSION_INLINED``).
"""

import numpy as np
from numba import njit, prange, typeof, types

import sim.games.GAME as G  # noqa: F401  (the game: this line is rewritten for each copy)
from sim import _native
from sim._jit import kernel
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT

N_EVENTS = len(G.EVENTS)

# A session of deals is inlined into play_block, saving a call per session that passes the whole workspace as
# exploded structs: about 60 ns, a few per cent of a short deal (Commerce standard +17%, Pope Joan, Newmarket and
# Jig +8%). A session of whole games (Snip-Snap-Snorum, Cassino) has nothing to save, and Snip-Snap-Snorum's
# game, inlined one level further, ran 10% slower (the same machine code size; measured, cause not found), so
# such a session stays a kernel of its own, which LLVM merges into play_block (``merged``): the call had pushed the
# whole workspace, about 330 words, once a game. Measured (A/B, CPU time, 3 rounds): Snip-Snap-Snorum standard
# 1.15x, Cassino standard 1.05x, builds 1.04x; their cold compile +22 s and +30 s of CPU (+36%, +29%).
SESSION_INLINED = G.DEAL != "game"
# The harness's calls a game asks to be made by address (``BY_ADDRESS``, optional, see sim.games._contract):
# ``play_block`` from the parallel loop (see ``play_blocks``), ``play_deal`` from the session (``play_session``).
# numba prunes the branches on these constants.
BY_ADDRESS = getattr(G, "BY_ADDRESS", ())
BLOCK_BY_ADDRESS = "play_block" in BY_ADDRESS
DEAL_BY_ADDRESS = "play_deal" in BY_ADDRESS


@kernel(inline=True)
def record_deal(row, ws, n, dealer):
    """Add the deal just played to its session's row: nets and wins by seat and by role. (Its events are added to
    the session's in ``ws.ev`` as they happen: added to the row deal by deal, some 30-50 of them, they were 5.5% of a
    Commerce deal, measured by a timing copy without.)"""
    role = n - dealer  # seat s's place from the dealer, counted on without a division per seat
    if role == n:
        role = 0
    for s in range(n):
        row[COL_NET_SEAT + s] += ws.net[s]
        row[COL_NET_ROLE + role] += ws.net[s]
        if ws.won[s] != 0:
            row[COL_WIN_SEAT + s] += 1
            row[COL_WIN_ROLE + role] += 1
        role += 1
        if role == n:
            role = 0


@kernel(inline=SESSION_INLINED, merged=not SESSION_INLINED)
def play_session(cfg, ws, seats, seed, session, deals, row, deal_at):
    """One session: ``deals`` deals from seat 0's deal, the board carried between them; its row filled.

    A game that asks for it (``DEAL_BY_ADDRESS``) has its ``play_deal`` called by its address ``deal_at``
    (sim._native; 0 otherwise), so that neither this kernel's compile nor ``play_block``'s optimises it again:
    Cassino's, 116 KB of machine code that LLVM never inlines, cost 44 s of a 148 s first compile so. A deal
    LLVM does inline must not be so called: Snip-Snap-Snorum's ran 6% slower (the call pushes the whole workspace
    once a game)."""
    n = cfg[0][0]
    G.begin_session(cfg, ws, seats, seed, session)
    for j in range(row.shape[0]):
        row[j] = 0
    for e in range(N_EVENTS):
        ws.ev[e] = 0
    ws.tracing[0] = 0
    dealer = 0
    for _ in range(deals):
        G.deal_cards(cfg, ws, dealer)
        if DEAL_BY_ADDRESS:
            nxt = _native.call_native_int(deal_at, (cfg, ws, dealer, seats))
        else:
            nxt = G.play_deal(cfg, ws, dealer, seats)
        record_deal(row, ws, n, dealer)
        dealer = nxt
    for e in range(N_EVENTS):
        row[COL_EVENTS + e] = ws.ev[e]
    G.end_session(cfg, ws, row, COL_EVENTS + N_EVENTS)


@kernel
def play_block(cfg, ws, seats, seed, first_session, deals, rows, deal_at):
    """Sessions ``first_session ..`` one after another on one workspace, a row each (``deal_at``: see
    ``play_session``).

    The one call a block of sessions makes from ``play_blocks``' parallel loop: a call passes every array of the
    workspace as its exploded struct (Commerce's, some 300 words), so a call per session cost about 5% of a
    Commerce deal (perf; a session of four deals).
    """
    for i in range(rows.shape[0]):
        play_session(cfg, ws, seats, seed, first_session + i, deals, rows[i], deal_at)


def n_blocks(n_sessions):
    """How many blocks ``play_blocks`` splits its sessions into (``block_span`` gives each block's sessions)."""
    return min(n_sessions, 64)


@kernel(inline=True)
def block_span(blk, n_sessions, k):
    """The sessions (lo, hi) of block ``blk`` of ``k``: near-equal runs, in order."""
    return (blk * n_sessions) // k, ((blk + 1) * n_sessions) // k


@njit(parallel=True, cache=True)
def play_blocks(calls, cfg, seats, seed, first_session, deals, rows, done):
    """Sessions ``first_session ..`` (one int64 row each in ``rows``; layout in sim.games._common), in blocks
    played in parallel; ``done[b]`` is set once block b has returned.

    A game that asks for it (``BLOCK_BY_ADDRESS``) has ``play_block`` called by its address (``calls``, as
    ``kernel_calls`` gives them; sim._native), so that this loop's compile does not optimise the whole game once
    more: 15-106 s of the first compile of Commerce, Speculation, Snip-Snap-Snorum and Cassino. The stops games,
    whose whole session LLVM inlines into ``play_block``, save 2-4 s so, and Pope Joan ran some 4% slower (its
    ``play_block`` optimised once less): they link it here. Each session depends only on (seed, session index),
    so any split into chunks, blocks or threads gives the same rows. Workspaces are made once per block of
    sessions, never per deal.
    """
    n_sessions = rows.shape[0]
    k = done.shape[0]
    block_at, deal_at = calls[0]
    if BY_ADDRESS:  # (a constant: no workspace made for the check where there is nothing to check)
        lo, hi = block_span(0, n_sessions, k)
        check_calls(calls, cfg, G.new_workspace(cfg, 1), seats, seed, first_session + lo, deals, rows[lo:hi])
    for blk in prange(k):
        ws = G.new_workspace(cfg, 1)
        lo, hi = block_span(blk, n_sessions, k)
        if BLOCK_BY_ADDRESS:
            _native.call_native(block_at, (cfg, ws, seats, seed, first_session + lo, deals, rows[lo:hi], deal_at))
        else:
            play_block(cfg, ws, seats, seed, first_session + lo, deals, rows[lo:hi], deal_at)
        done[blk] = 1


@njit(cache=True)
def play_blocks_in_turn(calls, cfg, seats, seed, first_session, deals, rows, done):
    """The blocks ``done`` does not mark, one after another on the calling thread, where an error propagates."""
    n_sessions = rows.shape[0]
    k = done.shape[0]
    deal_at = calls[0][1]
    ws = G.new_workspace(cfg, 1)
    check_calls(calls, cfg, ws, seats, seed, first_session, deals, rows)
    for blk in range(k):
        if done[blk] == 0:
            lo, hi = block_span(blk, n_sessions, k)
            play_block(cfg, ws, seats, seed, first_session + lo, deals, rows[lo:hi], deal_at)
            done[blk] = 1


@kernel(inline=True)
def check_calls(calls, cfg, ws, seats, seed, first_session, deals, rows):
    """Raise TypeError unless the kernels at ``calls``' addresses were compiled for the types they are called
    with here (sim._native): a kernel called with other types would read its arguments wrongly."""
    (block_at, deal_at), (block_tag, deal_tag) = calls
    if (
        BLOCK_BY_ADDRESS
        and _native.native_tag((cfg, ws, seats, seed, first_session, deals, rows, deal_at)) != block_tag
    ):
        raise TypeError("play_block was compiled for other argument types than it is called with")
    if DEAL_BY_ADDRESS and _native.native_tag((cfg, ws, np.int64(0), seats)) != deal_tag:
        raise TypeError("the game's play_deal was compiled for other argument types than it is called with")


def kernel_calls(cfg, seats, seed, first_session, deals, rows):
    """((play_block's address, play_deal's), (their tags)) for ``play_blocks``: each compiled, or loaded from
    the disk cache, for the arguments it is given there (sim._native); 0 for a call not made by address."""
    deal_at = deal_tag = block_at = block_tag = 0
    ws = G.new_workspace(cfg, 1) if BY_ADDRESS else None  # only its type is needed
    if DEAL_BY_ADDRESS:
        deal = (typeof(cfg), typeof(ws), types.int64, typeof(seats))
        deal_at, deal_tag = _native.address(G.play_deal, deal, types.int64)
    if BLOCK_BY_ADDRESS:
        block = (cfg, ws, seats, seed, first_session, deals, rows[:1], np.int64(deal_at))
        block_at, block_tag = _native.address(play_block, tuple(typeof(a) for a in block), types.none)
    return (np.int64(block_at), np.int64(deal_at)), (np.int64(block_tag), np.int64(deal_tag))


def play_sessions(cfg, seats, seed, first_session, deals, rows):
    """Sessions ``first_session ..``, one row each in ``rows``: ``play_blocks``, and a block that did not return
    played again on this thread to raise its error.

    numba drops an exception raised in a function called from a prange body (numba issues 2811 and 9673): the
    block stops, its remaining rows stay as they were, and the call returns as if all were well (or, where the
    block ran on the calling thread, raises a SystemError that names no error of the game). A game kernel's
    own check (Cassino's, that the unseen cards fill the other hands) would so have left a run's numbers silently
    short. Sessions are a function of (seed, session index), so the block fails again the same way, this time
    where its error reaches the caller.
    """
    if rows.shape[0] == 0:  # no block to play (and none to take the bounds of)
        return
    first_session = np.int64(first_session)
    deals = np.int64(deals)
    calls = kernel_calls(cfg, seats, seed, first_session, deals, rows)
    done = np.zeros(n_blocks(rows.shape[0]), dtype=np.uint8)
    try:
        play_blocks(calls, cfg, seats, seed, first_session, deals, rows, done)
    except SystemError:  # raised on this thread, the error comes back as "returned a result with an exception set"
        if done.all():
            raise
    if done.all():
        return
    play_blocks_in_turn(calls, cfg, seats, seed, first_session, deals, rows, done)
    raise RuntimeError(  # pragma: no cover - a block that fails in parallel and not on one thread
        "a block of sessions stopped in parallel without saying why, and played on one thread it did not: "
        "its rows cannot be trusted"
    )


@kernel
def traced_play(cfg, ws, dealer, seats):
    """The game's deal as a call of its own, for ``trace_deal``.

    A game whose ``play_deal`` is inlined (the stops games) is compiled whole at every call site. Called straight
    from ``trace_deal``'s two sites it made that kernel the slowest compile of the game (Pope Joan: 112 s of a
    223 s test compile, against 42 s for ``play_session``); through this one call it is compiled once more, not
    twice. A trace plays one session, so the call's cost does not matter there.
    """
    return G.play_deal(cfg, ws, dealer, seats)


@njit(cache=True)
def trace_deal(cfg, ws, seats, seed, session, k, deck_in, dealer_in, deck_out, board_before):
    """Replay one deal exactly as ``play_sessions`` plays it, with the game's trace recording on.

    With an empty ``deck_in``: deals 0 .. k-1 of ``session`` are played silently (so the board and the
    strategies' streams are as in the run) and deal k is traced. With a stacked ``deck_in``: that deck, with
    ``dealer_in`` dealing, on the board ``ws`` holds. ``deck_out`` receives the deck and ``board_before`` the
    board before the deal. Returns (dealer, next dealer).
    """
    board = ws.board.copy()
    G.begin_session(cfg, ws, seats, seed, session)
    ws.tracing[0] = 0
    # int64: traced_play's one copy is for an int64 dealer, as the game's play_deal returns it (sim._jit makes
    # a literal 0 plain anyway; the cast says the width)
    dealer = np.int64(0)
    if deck_in.shape[0] == 0:
        for _ in range(k):
            G.deal_cards(cfg, ws, dealer)
            dealer = traced_play(cfg, ws, dealer, seats)
        G.deal_cards(cfg, ws, dealer)
    else:
        ws.board[:] = board
        ws.deck[: deck_in.shape[0]] = deck_in
        dealer = dealer_in
    deck_out[: ws.deck.shape[0]] = ws.deck
    board_before[:] = ws.board
    ws.tracing[0] = 1
    ws.tr_count[:] = 0
    ws.ev[:] = 0  # the traced deal's events alone
    nxt = traced_play(cfg, ws, dealer, seats)
    return dealer, nxt


@kernel
def deal_only(cfg, ws, n_deals):
    """Draw the game's deck and deal it ``n_deals`` times, no play; returns a checksum of the cards dealt.

    A kernel of its own, like ``play_session``: with the loop in ``shuffle_only`` (an allocating, reference-counted
    function that makes the workspace) Commerce's floor ran 1.5 times slower (measured, CPU time, one thread).
    """
    n = cfg[0][0]
    acc = 0
    for d in range(n_deals):
        G.deal_cards(cfg, ws, d % n)
        acc += G.deal_hands(cfg, ws, d % n)
    return acc


@njit(cache=True)
def shuffle_only(cfg, seats, seed, first_session, n_deals, out):
    """The floor for ``sim bench``: draw the game's deck and deal it ``n_deals`` times, no play."""
    ws = G.new_workspace(cfg, 1)
    G.begin_session(cfg, ws, seats, seed, first_session)
    out[0] = deal_only(cfg, ws, n_deals)
