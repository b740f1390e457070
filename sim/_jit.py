"""The compile decorator shared by every kernel."""

from __future__ import annotations

from numba import njit


def kernel(fn=None, *, inline: bool = False):
    """Compile a hot-path function: nopython, cached, and without NRT reference counting.

    Numba reference-counts every array passed to a function or sliced; in a deal loop that makes calls per card
    played those atomic counts cost more than the game itself (measured: about half the time of a Pope Joan
    deal). Kernels never allocate - their arrays come from a workspace made by the caller - so they are built
    with ``_nrt=False``. Functions that allocate (workspaces, play_sessions) use plain ``njit``.

    ``inline=True`` inlines the function into its callers at numba's IR level. LLVM does inline small helpers
    that take scalars, but a call that is kept passes every array as its exploded struct (pointer, shape,
    strides ...): a workspace of fifteen arrays is some hundred arguments. Measured on Pope Joan, one thread, in
    one process: about 50 ns per such call, a fifth of a deal across the dozen calls a deal made; so the
    per-deal pieces that take the workspace are inlined (sim/games/popejoan/play.py).
    """

    def wrap(f):
        return njit(cache=True, _nrt=False, inline="always" if inline else "never")(f)

    return wrap(fn) if fn is not None else wrap
