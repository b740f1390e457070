"""The compile decorator shared by every kernel."""

from __future__ import annotations

from numba import njit


def kernel(fn=None, *, inline: bool = False):
    """Compile a hot-path function: nopython, cached, and without NRT reference counting.

    Numba reference-counts every array passed to a function or sliced; in a deal loop that makes calls per card
    played those atomic counts cost more than the game itself (measured: about half the time of a Pope Joan
    deal). Kernels never allocate - their arrays come from a workspace made by the caller - so they are built
    with ``_nrt=False``. Functions that allocate (workspaces, play_sessions) use plain ``njit``.
    """

    def wrap(f):
        return njit(cache=True, _nrt=False, inline="always" if inline else "never")(f)

    return wrap(fn) if fn is not None else wrap
