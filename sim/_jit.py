"""The compile decorator shared by every kernel."""

from __future__ import annotations

from numba import njit
from numba.core import types


def kernel(fn=None, *, inline: bool = False, merged: bool = False):
    """Compile a hot-path function: nopython, cached, and without NRT reference counting.

    Numba reference-counts every array passed to a function or sliced; in a deal loop that makes calls per card
    played those atomic counts cost more than the game itself (measured: about half the time of a Pope Joan
    deal). Kernels never allocate - their arrays come from a workspace made by the caller - so they are built
    with ``_nrt=False``. Functions that allocate (workspaces, play_blocks) use plain ``njit``.

    ``inline=True`` inlines the function into its callers at numba's IR level. LLVM does inline small helpers
    that take scalars, but a call that is kept passes every array as its exploded struct (pointer, shape,
    strides ...): a workspace of fifteen arrays is some hundred arguments. Measured on Pope Joan, one thread, in
    one process: about 50 ns per such call, a fifth of a deal across the dozen calls a deal made; so the
    per-deal pieces that take the workspace are inlined (sim/games/popejoan/play.py).

    ``merged=True`` has LLVM inline it instead (numba's ``forceinline``): the function is typed and optimised once,
    as a cached kernel of its own, and LLVM merges the optimised code into each caller, so no arguments are
    pushed, while the compile stays that of one function. Measured on Commerce's hand, called once a deal with
    some 150 words of arguments: numba's inlining made the game 12% faster and its tests' cold compile 2.4x
    longer; LLVM's gave 9% and no longer compile (sim/games/commerce/search.py).

    A kernel that is called (not inlined) from other kernels is compiled for its arguments' types with constants
    made plain: see ``_one_copy_per_kind``.
    """

    def wrap(f):
        options = {"forceinline": True} if merged else {}
        dispatcher = njit(cache=True, _nrt=False, inline="always" if inline else "never", **options)(f)
        return dispatcher if inline else _one_copy_per_kind(dispatcher)

    return wrap(fn) if fn is not None else wrap


def _one_copy_per_kind(dispatcher):
    """Type calls from other kernels by their arguments' plain types, not their constant values.

    Numba types a constant argument as a literal (``Literal[int](3)``) and compiles the callee once per distinct
    constant: the trace's payment record had 49 copies across the games (one per reason code), and a game's whole
    ``play_deal`` a second copy for ``dealer = 0`` before its loop made it an int64. No kernel here needs a
    constant argument, so the call is typed as numba would type it from Python: int64, float64, bool.
    Measured: the Speculation test files' cold compile took 60 s of CPU with this, 131 s without.
    """
    typed = dispatcher.get_call_template

    def get_call_template(args, kws):
        plain = tuple(types.unliteral(a) for a in args)
        return typed(plain, {k: types.unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher
