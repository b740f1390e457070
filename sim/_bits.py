"""Bit operations on uint64 card masks that numba does not expose: count trailing and leading zeros, population
count.

They compile to single machine instructions (LLVM's cttz / ctpop), which is what makes the hand analysis of the
stops games cheap enough to play millions of deals.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def ctz(typingctx, x):
    """Trailing zeros of a uint64 (64 for zero)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen


@intrinsic
def popcount(typingctx, x):
    """Set bits of a uint64."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def clz(typingctx, x):
    """Leading zeros of a uint64 (64 for zero): the highest set bit of x is 63 - clz(x)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen
