"""The kernel decorator: a called kernel is compiled once per kind of argument, not once per constant."""

from __future__ import annotations

from numba import njit

from sim._jit import _one_copy_per_kind


def _caller_of(add):
    @njit
    def total(n):
        t = 0  # a literal 0 until the loop's first call returns: numba would type that call with it too
        for i in range(n):
            t = add(t, 3) + add(i, 4)
        return t

    return total


def _add(a, b):
    return a + b


def test_constants_make_no_copies_of_a_called_kernel():
    add = _one_copy_per_kind(njit(_add))
    assert _caller_of(add)(5) == 45
    assert [tuple(str(t) for t in sig) for sig in add.signatures] == [("int64", "int64")]


def test_without_it_numba_compiles_a_copy_per_constant():
    """The control: the plain dispatcher is compiled for each literal argument (so the test above can fail)."""
    add = njit(_add)
    assert _caller_of(add)(5) == 45
    assert len(add.signatures) > 1
