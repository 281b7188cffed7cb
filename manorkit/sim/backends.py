"""Running many independent tasks on one of three backends, results in task order.

``"local"`` runs them in this process; ``"processes"`` on a ``ProcessPoolExecutor``;
``"dask"`` on a Dask distributed cluster given by ``client=`` (a ``dask.distributed.Client``)
or ``address=`` (a scheduler address). The function and its arguments must pickle. Results
come back in task order whatever the backend, so a caller that derives every random choice
from its arguments gets identical results everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

BACKENDS = ("local", "processes", "dask")
#: Runs per task: a Dask task costs about 1.8 ms of overhead, so batches of about 50 days
#: keep the overhead under 1 % and still spread over the workers.
BATCH = 50


def batches(items: Sequence, size: int = BATCH) -> list[list]:
    """``items`` cut into consecutive lists of at most ``size``."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size!r}")
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def run_tasks(fn: Callable, tasks: Sequence[tuple], backend: str = "local", *,
              processes: int | None = None, client=None, address: str | None = None,
              progress: bool = False, weights: Sequence[int] | None = None,
              unit: str = "day") -> list:
    """``[fn(*t) for t in tasks]`` on ``backend``, in task order.

    ``progress``: a ``tqdm.auto`` bar advancing by ``weights[i]`` (default 1) as task ``i``
    completes. ``processes``: the pool's workers (``"processes"``). ``client``/``address``:
    the Dask cluster (``"dask"``; exactly one of them); a client opened from ``address`` is
    closed afterwards.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if backend != "dask" and (client is not None or address is not None):
        raise ValueError(f"client= and address= are for backend='dask', not {backend!r}")
    if backend != "processes" and processes is not None:
        raise ValueError(f"processes= is for backend='processes', not {backend!r}")
    weights = list(weights) if weights is not None else [1] * len(tasks)
    if len(weights) != len(tasks):
        raise ValueError(f"{len(weights)} weights for {len(tasks)} tasks")
    if not tasks:
        return []
    bar = _bar(sum(weights), unit) if progress else None
    try:
        if backend == "local":
            return [_tick(bar, w, fn(*t)) for t, w in zip(tasks, weights, strict=True)]
        if backend == "processes":
            return _on_pool(fn, tasks, weights, processes, bar)
        return _on_dask(fn, tasks, weights, client, address, bar)
    finally:
        if bar is not None:
            bar.close()


def _on_pool(fn, tasks, weights, processes, bar) -> list:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(processes) as pool:
        return [_tick(bar, w, r) for r, w in zip(pool.map(fn, *zip(*tasks, strict=True)),
                                                  weights, strict=True)]


def _on_dask(fn, tasks, weights, client, address, bar) -> list:
    if (client is None) == (address is None):
        raise ValueError("backend='dask' needs exactly one of client= (a "
                         "dask.distributed.Client) or address= (a scheduler address)")
    from distributed import Client, as_completed

    own = client is None
    client = Client(address) if own else client
    try:
        futures = [client.submit(fn, *t, pure=False) for t in tasks]
        index = {f.key: i for i, f in enumerate(futures)}
        results: list = [None] * len(tasks)
        for future in as_completed(futures):
            i = index[future.key]
            results[i] = _tick(bar, weights[i], future.result())
        return results
    finally:
        if own:
            client.close()


def _tick(bar, weight: int, result):
    if bar is not None:
        bar.update(weight)
    return result


def _bar(total: int, unit: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, unit=unit)
