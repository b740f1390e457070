"""Where a run's chunks are played: here on threads, or as Dask tasks on a cluster (``--dask``).

A chunk of sessions is a pure function of (game, rules, strategies, seed, chunk range): ``runner.chunk_sums``
returns its exact integer sums. Both executors hand the chunks' sums back **in chunk order**, and the driver adds
them in that order and checks ``--ci-width`` after each one, so a run stops at the same chunk and gives the same
numbers on threads, on one Dask worker or on a hundred, whatever order tasks finish in and however often a lost
worker's tasks are recomputed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

CONNECT_TIMEOUT_S = 5


class Threads:
    """Chunks played one after another in this process (numba's threads inside each)."""

    def __init__(self, threads: int | None = None):
        self.threads = threads

    def describe(self) -> dict:
        import numba

        return {"executor": "threads", "threads": int(numba.get_num_threads())}

    def map(self, fn: Callable, args: tuple, plan: list[tuple[int, int]]) -> Iterator[tuple[int, Any]]:
        for first, count in plan:
            yield first, fn(*args, first, count)

    def close(self) -> None:
        pass


class Dask:
    """Chunks as Dask tasks: ``local:K`` starts a LocalCluster of K worker processes, anything else is the
    address of a running scheduler (``tcp://10.0.0.5:8786``)."""

    def __init__(self, address: str, threads_per_task: int = 1):
        from distributed import Client, LocalCluster

        self.address = address
        self.cluster = None
        self.threads_per_task = threads_per_task
        if address.startswith("local:"):
            k = _local_workers(address)
            self.cluster = LocalCluster(
                n_workers=k, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50
            )
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=CONNECT_TIMEOUT_S)
            except (OSError, TimeoutError, ValueError) as e:
                raise ValueError(f"--dask: cannot reach a Dask scheduler at {address} ({e})") from None

    def workers(self) -> int:
        return len(self.client.scheduler_info().get("workers", {}))

    def describe(self) -> dict:
        return {"executor": "dask", "scheduler": self.address, "workers": self.workers()}

    def map(self, fn: Callable, args: tuple, plan: list[tuple[int, int]]) -> Iterator[tuple[int, Any]]:
        """Submit a window of chunks ahead, yield their results in plan order, cancel the rest when stopped."""
        window = max(4, 3 * max(1, self.workers()))
        pending: dict[int, Any] = {}
        nxt = 0
        try:
            for i, (first, _count) in enumerate(plan):
                while nxt < len(plan) and nxt < i + window:
                    f, c = plan[nxt]
                    pending[nxt] = self.client.submit(_task, fn, args, f, c, self.threads_per_task, pure=False)
                    nxt += 1
                yield first, pending.pop(i).result()
        finally:
            for fut in pending.values():
                fut.cancel()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _task(fn: Callable, args: tuple, first: int, count: int, threads: int) -> Any:
    """One chunk on a worker; the kernels compile once per worker process (and come from its disk cache)."""
    import numba

    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    return fn(*args, first, count)


def _local_workers(address: str) -> int:
    text = address.split(":", 1)[1]
    if not text.isdigit() or not 1 <= int(text) <= 256:
        raise ValueError(f"--dask local:K needs K from 1 to 256 workers (got {address!r})")
    return int(text)


DEFAULT: str | None = None  # the scheduler every run uses when given none (set by ``shared_cluster``)


def executor(dask: str | None, threads: int | None) -> Threads | Dask:
    address = dask or DEFAULT
    if address:
        return Dask(address)
    return Threads(threads)


@contextlib.contextmanager
def shared_cluster(dask: str | None) -> Iterator[None]:
    """Every run inside uses ``dask`` (``sim claims --dask``): one LocalCluster for all of them with local:K."""
    global DEFAULT
    if not dask:
        yield
        return
    cluster = None
    address = dask
    if dask.startswith("local:"):
        from distributed import LocalCluster

        cluster = LocalCluster(
            n_workers=_local_workers(dask), threads_per_worker=1, processes=True, dashboard_address=":0",
            silence_logs=50,
        )  # fmt: skip
        address = cluster.scheduler_address
    before, DEFAULT = DEFAULT, address
    try:
        yield
    finally:
        DEFAULT = before
        if cluster is not None:
            cluster.close()
