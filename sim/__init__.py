"""sim: Monte Carlo analysis of the round games of Peel's *Round Games with Cards* (1891)."""

from __future__ import annotations

import os
import tempfile

__version__ = "0.1.0"


def _ensure_numba_cache_dir() -> None:
    """Point numba's cache somewhere writable when the package folder is not (a read-only install).

    numba caches next to the source, or under the user's cache folder; when neither can be written it raises
    at the first compiled call. A temp folder keeps the cache working (for this user) instead of crashing.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    if os.access(here, os.W_OK):
        return
    home = os.path.expanduser("~")
    if home != "~" and os.access(home, os.W_OK):
        return
    os.environ["NUMBA_CACHE_DIR"] = os.path.join(tempfile.gettempdir(), f"sim-numba-cache-{os.getuid()}")


_ensure_numba_cache_dir()
