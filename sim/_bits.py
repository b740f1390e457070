"""Bit operations on uint64 card masks that numba does not expose: count trailing and leading zeros, population
count.

They compile to single machine instructions (LLVM's cttz / ctlz / ctpop), which is what makes the hand analysis of
the stops games cheap enough to play millions of deals.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

_DEFINED_AT_ZERO = ir.Constant(ir.IntType(1), 0)  # cttz / ctlz of 0 is 64, not undefined


def _on_uint64(name: str, doc: str, emit):
    """A numba intrinsic taking and giving a uint64, compiled to ``emit(builder, x)`` (an LLVM instruction)."""

    def typer(typingctx, x):
        if x != types.uint64:
            return None

        def codegen(context, builder, signature, args):
            return emit(builder, args[0])

        return types.uint64(types.uint64), codegen

    typer.__name__ = typer.__qualname__ = name  # numba names (and caches) the intrinsic by it
    typer.__doc__ = doc
    return intrinsic(typer)


ctz = _on_uint64("ctz", "Trailing zeros of a uint64 (64 for zero).", lambda b, x: b.cttz(x, _DEFINED_AT_ZERO))
clz = _on_uint64(
    "clz",
    "Leading zeros of a uint64 (64 for zero): the highest set bit of x is 63 - clz(x).",
    lambda b, x: b.ctlz(x, _DEFINED_AT_ZERO),
)
popcount = _on_uint64("popcount", "Set bits of a uint64.", lambda b, x: b.ctpop(x))
