"""sim._native: a kernel called by its address gets its arguments, and its errors reach the caller."""

import numpy as np
import pytest
from numba import njit, prange, typeof, types

from sim import _native
from sim._jit import kernel


@kernel
def _fill(rows, lo, hi, bad):
    for i in range(lo, hi):
        if i == bad:
            raise ValueError("row went wrong")
        rows[i, 0] = 3 * i + 1
        rows[i, 1] = lo


@njit(cache=True)
def _call_once(at, tag, rows, bad):
    args = (rows, np.int64(0), np.int64(rows.shape[0]), bad)
    if _native.native_tag(args) != tag:
        raise TypeError("other types")
    _native.call_native(at, args)


@njit(parallel=True, cache=True)
def _call_in_blocks(at, tag, rows, bad, done):
    n = rows.shape[0]
    k = done.shape[0]
    if _native.native_tag((rows, n // k, n // k, bad)) != tag:
        raise TypeError("other types")
    for b in prange(k):
        _native.call_native(at, (rows, (b * n) // k, ((b + 1) * n) // k, bad))
        done[b] = 1


@kernel
def _count(rows, lo, hi):
    return rows[lo:hi, 0].sum() + 7


@njit(cache=True)
def _count_at(at, rows, lo, hi):
    return _native.call_native_int(at, (rows, lo, hi))


def _address(rows):
    return _native.address(_fill, (typeof(rows), types.int64, types.int64, types.int64), types.none)


def test_the_kernel_gets_every_argument():
    rows = np.zeros((50, 2), dtype=np.int64)
    at, tag = _address(rows)
    _call_once(at, tag, rows, -1)
    assert (rows[:, 0] == 3 * np.arange(50) + 1).all() and (rows[:, 1] == 0).all()


def test_an_error_in_the_kernel_is_raised_with_its_message():
    rows = np.zeros((50, 2), dtype=np.int64)
    at, tag = _address(rows)
    with pytest.raises(ValueError, match="row went wrong"):
        _call_once(at, tag, rows, 30)
    assert (rows[:30, 0] == 3 * np.arange(30) + 1).all() and not rows[30:].any()


def test_the_tag_names_the_types():
    rows = np.zeros((50, 2), dtype=np.int64)
    at, tag = _address(rows)
    assert tag != _native.type_tag((typeof(rows), types.int64, types.int64, types.uint64))
    with pytest.raises(TypeError, match="other types"):
        _call_once(at, tag ^ 1, rows, -1)
    assert not rows.any()


def test_blocks_called_in_parallel_fill_their_own_rows():
    rows = np.zeros((1000, 2), dtype=np.int64)
    at, tag = _address(rows)
    done = np.zeros(16, dtype=np.uint8)
    _call_in_blocks(at, tag, rows, -1, done)
    assert done.all() and (rows[:, 0] == 3 * np.arange(1000) + 1).all()
    assert sorted(set(rows[:, 1].tolist())) == [(b * 1000) // 16 for b in range(16)]


def test_a_kernel_that_returns_an_int_gives_its_result():
    rows = np.arange(20, dtype=np.int64).reshape(10, 2)
    at, _ = _native.address(_count, (typeof(rows), types.int64, types.int64), types.int64)
    assert _count_at(at, rows, 2, 5) == 4 + 6 + 8 + 7  # rows 2..4 of column 0, plus 7


def test_an_address_is_refused_for_a_kernel_of_another_result_type():
    """A kernel returning more than the caller's slot holds would write past it: refused before any call."""
    rows = np.zeros((10, 2), dtype=np.int64)
    with pytest.raises(TypeError, match="returns none, not int64"):
        _native.address(_fill, (typeof(rows), types.int64, types.int64, types.int64), types.int64)
