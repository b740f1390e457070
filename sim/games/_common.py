"""What every game kernel shares: the layout of a session's result row.

A kernel writes one int64 row per session::

    [0, 10)    net counters per seat        (seat s at column s)
    [10, 20)   net counters per role        (role 0 = dealer, 1 = elder hand, 2 = next, ...)
    [20, 30)   games (deals) won per seat
    [30, 40)   deals won per role
    [40, 40+E) the game's EVENTS, summed over the session's deals
    then       the game's SESSION_METRICS (values at the session's end, e.g. board_left)

Integers only, so sums over sessions are exact and independent of the order chunks are combined in.
"""

import numpy as np

from sim._jit import kernel

MAX_SEATS = 10
COL_NET_SEAT = 0
COL_NET_ROLE = MAX_SEATS
COL_WIN_SEAT = 2 * MAX_SEATS
COL_WIN_ROLE = 3 * MAX_SEATS
COL_EVENTS = 4 * MAX_SEATS


def row_width(n_events: int, n_session_metrics: int) -> int:
    return COL_EVENTS + n_events + n_session_metrics


# -- stacked decks: the Python side every game shares ------------------------------------------------------


def check_pack_deck(text: str, pack: np.ndarray, title: str, why_out: str = "") -> np.ndarray:
    """A stacked deck from text: every card of ``pack`` once, in the order dealt; ValueError otherwise."""
    from sim import cards as C

    deck = C.parse(text)
    codes = deck.tolist()
    allowed = set(pack.tolist())
    stray = [c for c in codes if c not in allowed]
    if stray:
        raise ValueError(f"--deck: {C.format(stray)} not in the {title} pack{why_out}")
    seen = set(codes)
    if len(seen) != len(codes):
        dup = sorted({c for c in codes if codes.count(c) > 1})
        raise ValueError(f"--deck: {C.format(dup)} given more than once")
    if len(codes) != len(pack):
        missing = [c for c in pack.tolist() if c not in seen]
        raise ValueError(
            f"--deck must be the whole {title} pack of {len(pack)} cards "
            f"(got {len(codes)}; missing {C.format(missing)})"
        )
    return deck


# rollout:K, the strong player every game has: K sampled deals per decision, 8 unless given, at most 256.
DEFAULT_SAMPLES = 8
MAX_SAMPLES = 256
# strategies whose parameter counts something (rollout's K deals): refused unless whole, where the kernel would
# round it and a run or a tuning would be labelled with a K it did not play
WHOLE_PARAMS = frozenset({"rollout"})


@kernel
def samples(param):
    """K from the seat's strategy parameter (NaN: the default), rounded, 1 .. MAX_SAMPLES."""
    if param != param:
        return np.int64(DEFAULT_SAMPLES)
    k = np.int64(param + 0.5)
    return max(np.int64(1), min(k, np.int64(MAX_SAMPLES)))


@kernel
def next_seat(seat, n):
    """The seat after ``seat`` of n (on his left): a compare, not the division ``% n`` compiles to (twice a
    Pope Joan deal, some 2%)."""
    return seat + 1 if seat + 1 < n else np.int64(0)
