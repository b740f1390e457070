"""Call a compiled kernel by its address, so that the caller's compile does not take in the callee's code.

numba links the code of every kernel a kernel calls into the caller's and optimises the whole again, level by
level: a game's deal was optimised once for itself and once more for each kernel above it (the session, the block
of sessions, the parallel loop over blocks: sim/games/_harness.py). Cassino's first compile spent about 100 s of
its 280 s in the parallel loop's level, and some 45 s more in the two levels between its game and that loop
(docs/speed.md). Called by address, a kernel is compiled (or loaded from numba's disk cache) once, on its own.

``call_native(address, args)`` (``call_native_int`` for a kernel that returns an int64) calls the kernel with
numba's own calling convention, so an exception it raises reaches the caller as from any kernel call (numba's
first-class functions call through a C wrapper that prints such an exception and returns zero). An address
called with arguments of other types than it was compiled for would read memory wrongly, silently: ``address``
also returns the tag of the types it compiled for, and the caller compares it with ``native_tag`` of its
arguments before it calls.
"""

from __future__ import annotations

import hashlib

from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


def type_tag(argtypes) -> int:
    """A number naming a list of numba types, the same in every process: 64 bits of a hash of their names (a
    32-bit checksum would let one pair of type lists in some four billion pass for each other)."""
    digest = hashlib.blake2b("|".join(str(t) for t in argtypes).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=True)


def address(dispatcher, argtypes: tuple, restype) -> tuple[int, int]:
    """(address, tag) of ``dispatcher`` compiled for ``argtypes`` (numba types): compiled, or loaded from the
    disk cache, now if not before. The address stays valid while the dispatcher lives. Raises TypeError unless
    the kernel returns ``restype`` (types.none for ``call_native``, types.int64 for ``call_native_int``): a wider
    result would be written past the caller's slot for it."""
    dispatcher.compile(argtypes)
    cres = dispatcher.overloads[argtypes]
    if cres.signature.return_type != restype:
        raise TypeError(f"{dispatcher.py_func.__name__} returns {cres.signature.return_type}, not {restype}")
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name), type_tag(argtypes)


@intrinsic
def native_tag(typingctx, args):
    """``type_tag`` of the types of the tuple ``args``, a constant of the compiled code."""
    tag = type_tag(args.types)

    def codegen(context, builder, signature, values):
        return context.get_constant(types.int64, tag)

    return types.int64(args), codegen


def _call(resty, argtypes):
    """The code of a call of the kernel at an address (the first value) on a tuple of ``argtypes`` (the second),
    returning ``resty``; an error it raises is raised in the caller."""

    def codegen(context, builder, signature, values):
        conv = context.call_conv
        fnty = conv.get_function_type(resty, argtypes)
        fn = builder.inttoptr(values[0], fnty.as_pointer())
        retval = cgutils.alloca_once(builder, conv.get_return_type(resty).pointee)
        builder.store(cgutils.get_null_value(retval.type.pointee), retval)
        excinfo = cgutils.alloca_once(builder, fnty.args[1].pointee, name="excinfo")
        flat = [builder.extract_value(values[1], i) for i in range(len(argtypes))]
        code = builder.call(fn, [retval, excinfo] + list(conv._get_arg_packer(argtypes).as_arguments(builder, flat)))
        status = conv._get_return_status(builder, code, builder.load(excinfo))
        with cgutils.if_unlikely(builder, status.is_error):
            conv.return_status_propagate(builder, status)
        return context.get_returned_value(builder, resty, builder.load(retval))

    return codegen


@intrinsic
def call_native(typingctx, addr, args):
    """The kernel at ``addr``, returning nothing, called on the tuple ``args``."""
    return types.none(addr, args), _call(types.none, tuple(args.types))


@intrinsic
def call_native_int(typingctx, addr, args):
    """The kernel at ``addr``, returning an int64, called on the tuple ``args``: its result."""
    return types.int64(addr, args), _call(types.int64, tuple(args.types))
