"""An error raised in a game's kernel during a run reaches the caller, with its message, on any thread count."""

from __future__ import annotations

import sys

import failing_game
import failing_whole_game
import numba
import numpy as np
import pytest

from sim.games import _contract
from sim.games._common import COL_EVENTS, row_width


@pytest.fixture(scope="module", params=[failing_game, failing_whole_game], ids=["deals", "whole-games"])
def kernels(request):
    """The harness of a game whose deals raise in one session: a deal inlined into the session, or a whole game
    and its block called by their addresses (``BY_ADDRESS``)."""
    name = request.param.__name__
    sys.modules[f"sim.games.{name}"] = request.param
    try:
        yield _contract.harness(name)
    finally:
        del sys.modules[f"sim.games.{name}"]


def _game(failing: int, sessions: int = 300) -> tuple:
    """(cfg, seats, rows) of 3 players and ``sessions`` empty rows, session ``failing`` raising."""
    cfg = (np.array([3, failing], dtype=np.int64),)
    seats = _contract.seats(np.zeros(3), np.full(3, np.nan))
    return cfg, seats, np.zeros((sessions, row_width(1, 1)), dtype=np.int64)


def _run(kernels, failing: int) -> np.ndarray:
    cfg, seats, rows = _game(failing)
    kernels.play_sessions(cfg, seats, np.uint64(1), 0, 4, rows)
    return rows


def test_a_run_without_errors_fills_every_row(kernels):
    rows = _run(kernels, failing=-1)
    assert (rows[:, COL_EVENTS] == 4).all() and (rows[:, COL_EVENTS + 1] == np.arange(300)).all()


def test_a_run_of_no_sessions_plays_nothing(kernels):
    cfg, seats, rows = _game(-1, sessions=0)
    kernels.play_sessions(cfg, seats, np.uint64(1), 0, 4, rows)


@pytest.mark.parametrize("threads", [1, 2])
def test_an_error_in_one_session_is_raised_with_its_message(kernels, threads):
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        with pytest.raises(ValueError, match="the failing session's deal"):
            _run(kernels, failing=211)
    finally:
        numba.set_num_threads(before)


def test_the_parallel_loop_alone_marks_the_failing_block_undone(kernels):
    """What play_sessions guards against: the parallel loop returns as if all were well (numba issues 2811, 9673),
    but the block that failed is not marked done."""
    cfg, seats, rows = _game(211)
    done = np.zeros(kernels.n_blocks(300), dtype=np.uint8)
    first, deals = np.int64(0), np.int64(4)
    calls = kernels.kernel_calls(cfg, seats, np.uint64(1), first, deals, rows)
    try:
        kernels.play_blocks(calls, cfg, seats, np.uint64(1), first, deals, rows, done)
    except (ValueError, SystemError):  # raised on the calling thread: passed on, or as a SystemError naming none
        pass
    failing_block = next(b for b in range(len(done)) if kernels.block_span(b, 300, len(done))[1] > 211)
    assert done[failing_block] == 0 and rows[211, COL_EVENTS] == 0


def test_the_parallel_loop_refuses_kernels_compiled_for_other_types(kernels):
    """A kernel called by its address (``BY_ADDRESS``) but compiled for other argument types would read them
    wrongly, so the loop raises before any call, and no row is touched."""
    cfg, seats, rows = _game(-1)
    done = np.zeros(kernels.n_blocks(300), dtype=np.uint8)
    first, deals = np.int64(0), np.int64(4)
    calls = kernels.kernel_calls(cfg, seats, np.uint64(1), first, deals, rows)
    (block_at, deal_at), (block_tag, deal_tag) = calls
    if not kernels.BLOCK_BY_ADDRESS:
        assert calls == ((0, 0), (0, 0))
        return
    with pytest.raises(TypeError, match="play_block was compiled for other"):
        kernels.play_blocks(calls, cfg, seats, np.int64(1), first, deals, rows, done)  # a signed seed
    wrong = (block_at, deal_at), (block_tag, np.int64(deal_tag ^ 1))
    with pytest.raises(TypeError, match="play_deal was compiled for other"):
        kernels.play_blocks(wrong, cfg, seats, np.uint64(1), first, deals, rows, done)
    assert not done.any() and not rows.any()
