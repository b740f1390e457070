"""sim: Monte Carlo analysis of the round games of Peel's *Round Games with Cards* (1891).

In a notebook::

    import sim
    r = sim.run("popejoan", "five-pool", n=100_000, players="3-6")
    r.to_frame()          # a tidy pandas DataFrame
    r.plot()              # a matplotlib Axes
    sim.fairness("popejoan", "five-pool", players=4).summary

``import sim`` stays light (no numpy, numba, pandas or matplotlib): ``run``, ``compare``, ``fairness`` and the
result classes are loaded from ``sim.api`` on first use (PEP 562), so the command line starts quickly.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import tempfile

__version__ = "0.1.0"


@functools.cache
def source_digest() -> str:
    """A hash of the package's Python sources.

    numba's on-disk cache is checked against the caller's own file only: a kernel that inlines a helper from
    another module (every game inlines sim.games._stops) would keep running stale machine code after that
    helper changed. Keying the cache folder by the whole package's sources makes any edit start afresh.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    h = hashlib.sha256()
    for root, dirs, files in os.walk(here):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(root, name)
                h.update(os.path.relpath(path, here).encode())
                with open(path, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:16]


def _writable_dir(path: str) -> bool:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return False
    return os.access(path, os.W_OK)


def _base_of(chosen: str) -> str:
    """The folder a user chose, from $NUMBA_CACHE_DIR as found: a process started by one that imported sim (a test's
    child, a local worker) inherits the keyed folder ``<chosen>/sim-numba/<digest>``, which is keyed afresh from
    its base rather than nested under it. Nested, every such child compiled every kernel again into a folder of
    its own: a cold test suite spent some 1,000 s of its 2,400 s of worker time so."""
    parent, leaf = os.path.split(os.path.normpath(chosen))
    if os.path.basename(parent) == "sim-numba" and len(leaf) == 16 and all(c in "0123456789abcdef" for c in leaf):
        return os.path.dirname(parent)
    return chosen


def _set_numba_cache_dir() -> None:
    """Point numba's cache at a writable folder keyed by the sources: under the folder the user chose
    ($NUMBA_CACHE_DIR), else $XDG_CACHE_HOME or ~/.cache, else the temp folder (tested with HOME unwritable).

    A folder the user chose is keyed too: used as it was, a kernel merged into another (numba inlining, or LLVM's
    ``kernel(merged=True)``) kept the machine code of its callee's old sources after that callee's file changed,
    since numba checks only the caller's own file (found when a Commerce change was measured against a stale
    cache). numba's own default, __pycache__ beside the sources, is never relied on: an installed package folder
    is often read-only.
    """
    digest = source_digest()
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        path = os.path.join(_base_of(chosen), "sim-numba", digest)
        if _writable_dir(path):
            os.environ["NUMBA_CACHE_DIR"] = path
        return
    bases = []
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        bases.append(xdg)
    home = os.path.expanduser("~")
    if home != "~":
        bases.append(os.path.join(home, ".cache"))
    bases.append(tempfile.gettempdir())
    for base in bases:
        path = os.path.join(base, "sim-numba", digest)
        if _writable_dir(path):
            os.environ["NUMBA_CACHE_DIR"] = path
            return


_set_numba_cache_dir()
if "numba" in sys.modules:  # numba read NUMBA_CACHE_DIR when it was imported, before sim: read it again
    from numba.core import config as _numba_config

    _numba_config.reload_config()

_API = ("run", "compare", "fairness", "RunResult", "CompareResult", "FairnessResult")
__all__ = ["__version__", *_API]


def __getattr__(name: str) -> object:
    """``sim.run`` and the rest of the API, imported on first use (PEP 562)."""
    if name in _API:
        from sim import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'sim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_API))
