"""Writing files so that nothing is lost: locations checked before a run starts, writes atomic, the umask kept."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

MAX_NAME = 255  # bytes in one file name on the usual file systems


def check_writable(path: str, option: str) -> None:
    """ValueError naming ``option`` unless a file can be written at ``path`` (its folder exists and is writable)."""
    if not path or path.endswith(os.sep):
        raise ValueError(f"{option} needs a file name (got {path!r})")
    name = os.path.basename(path)
    if len(name.encode()) > MAX_NAME:
        raise ValueError(f"{option}: the file name is longer than {MAX_NAME} bytes")
    if os.path.isdir(path):
        raise ValueError(f"{option} {path} is a folder; give a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"{option}: {folder} is a file, not a folder")
    if not os.path.isdir(folder):
        raise ValueError(f"{option}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{option}: cannot write in {folder} (permission denied)")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise ValueError(f"{option}: {path} is read-only")


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """Call ``write(tmp)`` on a temp file beside ``path``, then move it into place: never half-written.

    The file gets the permissions a plain ``open(path, "w")`` would (the umask's), or keeps those of the file
    it replaces. An OSError names ``path``, never the temp file (whose name the reader never gave).
    """
    try:
        _write_atomically(path, write)
    except OSError as e:
        if e.errno is None or e.filename == path:
            raise
        # the temp file's name means nothing to the reader, who asked for ``path``
        raise OSError(e.errno, e.strerror, path) from e


def _write_atomically(path: str, write: Callable[[str], None]) -> None:
    folder = os.path.dirname(os.path.abspath(path)) or "."
    mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else _umask_mode()
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=os.path.splitext(path)[1], dir=folder)
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomically(path: str, text: str) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w") as f:
            f.write(text)

    write_atomically(path, write)
