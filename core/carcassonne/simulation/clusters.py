"""Executors past one machine: Dask and Ray, each an optional extra.

Both give :func:`carcassonne.simulation.simulate` a ``concurrent.futures.Executor``. Tasks are
plain data (configuration spec, seeds, bot specs) and the function they run is
``carcassonne.simulation.tasks.run_task``, so every worker machine needs carcassonne-engine and
the same expansions installed, not this process's state. Neither library is imported until a
cluster is asked for; without the extra the error says what to install.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any, TypeVar

from carcassonne.errors import CarcassonneError

T = TypeVar("T")

CLUSTERS = ("dask", "ray")


class MissingExtraError(CarcassonneError):
    """An optional dependency is not installed; the message names the extra to install."""


def _missing(extra: str, module: str) -> MissingExtraError:
    return MissingExtraError(
        f"--cluster {extra} needs {module}: install carcassonne-engine[{extra}]"
        f" (pip install 'carcassonne-engine[{extra}]')"
    )


@contextmanager
def cluster_executor(kind: str, address: str | None, workers: int) -> Iterator[Executor]:
    """An executor on a Dask or Ray cluster: the one at ``address``, or a local cluster of
    ``workers`` single-threaded worker processes started (and stopped) here."""
    if kind == "dask":
        with dask_executor(address, workers) as executor:
            yield executor
    elif kind == "ray":
        with ray_executor(address, workers) as executor:
            yield executor
    else:
        raise CarcassonneError(f"unknown cluster {kind!r} (known: {', '.join(CLUSTERS)})")


def cluster_workers(kind: str) -> int | None:
    """How many tasks the connected cluster runs at once (worker threads or CPUs), to size
    batches by; ``None`` when it cannot tell. Call inside :func:`cluster_executor`."""
    try:
        if kind == "dask":
            from distributed import get_client

            info = get_client().scheduler_info()
            return sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()) or None
        if kind == "ray":
            import ray

            return int(ray.cluster_resources().get("CPU", 0)) or None
    except Exception:  # noqa: BLE001 - only a hint for the batch size
        return None
    return None


@contextmanager
def dask_executor(address: str | None, workers: int) -> Iterator[Executor]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _missing("dask", "dask.distributed") from None
    cluster = None
    if address is None:
        # one single-threaded process per worker: the engine is pure Python (the GIL)
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        # pure=False: two tasks are never "the same computation" to Dask's cache
        yield client.get_executor(pure=False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def ray_executor(address: str | None, workers: int) -> Iterator[Executor]:
    try:
        import ray
    except ImportError:
        raise _missing("ray", "ray") from None
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=address, log_to_driver=False)
    executor = RayExecutor()
    try:
        yield executor
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        ray.shutdown()


class RayExecutor(Executor):
    """``concurrent.futures`` on Ray: each ``submit`` is a Ray task (one CPU), its future the
    task's ``ObjectRef.future()``. Needs ``ray.init()`` first."""

    def __init__(self) -> None:
        self._remote: dict[Callable[..., Any], Any] = {}
        self._refs: list[Any] = []

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        import ray

        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(num_cpus=1)(fn)
        ref = remote.remote(*args, **kwargs)
        self._refs.append(ref)
        future: Future[T] = ref.future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        import ray

        if cancel_futures:
            for ref in self._refs:
                try:
                    ray.cancel(ref)
                except Exception:  # noqa: BLE001 - finished or already gone: nothing to cancel
                    pass
        elif wait:
            ray.wait(self._refs, num_returns=len(self._refs))
        self._refs = []
