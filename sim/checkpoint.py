"""Checkpoints: a run's exact sums so far, written atomically, refused when damaged or from another run.

A checkpoint is one JSON object: the run's identity (game, rules, strategies, seed, rotations, the target
number of deals, version), the sessions played, the sums, and a SHA-256 over all of that. Loading checks the
file is readable JSON of that shape, that every sum is a whole number, that the checksum matches and that the
identity is this run's: anything else is a ``ValueError`` naming the file, so a damaged file can never be
resumed into wrong numbers.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from sim.files import check_writable, write_text_atomically
from sim.stats import Sums


def _digest(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def save(path: str, key: dict, sums: Sums) -> None:
    body = {"key": key, "sessions": sums.sessions, "s1": [int(x) for x in sums.s1], "s2": [int(x) for x in sums.s2]}
    write_text_atomically(path, json.dumps({**body, "sha256": _digest(body)}))


def load(path: str, key: dict, width: int, max_sessions: int) -> Sums:
    """The sums saved in ``path`` for the run ``key``; ValueError (naming the file) if it cannot be trusted."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except IsADirectoryError:
        raise ValueError(f"checkpoint {path} is a folder, not a file") from None
    except OSError as e:
        raise ValueError(f"checkpoint {path} cannot be read ({e.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError(f"checkpoint {path} is not a checkpoint (damaged or not JSON)") from None
    if not isinstance(data, dict) or set(data) != {"key", "sessions", "s1", "s2", "sha256"}:
        raise ValueError(f"checkpoint {path} is not a checkpoint of sim (its fields are wrong)")
    body = {k: data[k] for k in ("key", "sessions", "s1", "s2")}
    if data["sha256"] != _digest(body):
        raise ValueError(f"checkpoint {path} is damaged: its checksum does not match its content")
    if body["key"] != json.loads(json.dumps(key)):
        raise ValueError(
            f"checkpoint {path} was written by a different run (game, rules, strategies, seed, rotations or -n)"
        )
    sessions = body["sessions"]
    sums = [body["s1"], body["s2"]]
    if not _whole(sessions) or not 0 <= sessions <= max_sessions:
        raise ValueError(f"checkpoint {path} is damaged: {sessions!r} sessions for a run of {max_sessions}")
    if any(not isinstance(s, list) or len(s) != width or not all(_whole(x) for x in s) for s in sums):
        raise ValueError(f"checkpoint {path} is damaged: its sums are not {width} whole numbers each")
    return Sums(width, sessions, body["s1"], body["s2"])


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_location(path: str) -> None:
    """Refuse, before the run starts, a checkpoint that could not be written (or read back) there."""
    if os.path.isdir(path):
        raise ValueError(f"--checkpoint {path} is a folder; give a file name")
    check_writable(path, "--checkpoint")
