"""Many (reference, distorted) pairs scored on a Dask cluster: one task per
pair, on whichever worker is free, from a LocalCluster to many hosts alike.

    from distributed import Client
    from vmaf_hip.dask import iter_scores, score_pairs
    summaries = score_pairs([("a_ref.y4m", "a_dis.y4m"), {"ref": ..., "dis": ...,
                             "features": ["psnr"]}], Client("scheduler:8786"))
    for index, summary in iter_scores(pairs, client):   # as each pair finishes
        ...

Each worker imports vmaf_hip itself and scores by path, so every worker
must see the files at the same paths (a shared file system). Tasks return
plain dicts of floats: nothing native crosses the network.

GPUs: start one worker per GPU, pinned to it (CUDA_VISIBLE_DEVICES or
HIP_VISIBLE_DEVICES), with `dask worker --nworkers 1 --nthreads 1
--resources GPU=1`; with backend="hip" each task asks for {"GPU": 1}, so a
worker scores one pair at a time on its own GPU (gpu=0, the default: the
only one it sees). docs/python.md has the commands.
"""
# distributed's functions carry no annotations.
# mypy: disallow-untyped-calls=False
from __future__ import annotations

import difflib
import functools
import inspect
import math
import numbers
import os
import threading
from typing import Any, Dict, Iterable, Iterator, Literal, Mapping, Optional, Tuple, TypedDict, \
    Union

import distributed
from distributed import Client, Future, as_completed
from distributed.utils import is_kernel

from . import Result, VmafDeviceError, VmafError, _Backend, _options, _Path, _vmaf_hip, score

__all__ = ["Summary", "iter_scores", "score_pairs"]

# What a pair's dict may set for itself; the rest of score()'s keywords
# come from score_pairs and are the same for every pair.
_PER_PAIR = ("model", "features", "output", "html")
# Files of one pair each: never the same for every pair.
_PAIR_FILES = ("output", "html")

# score()'s keywords and their defaults: what a task passes on to it.
_SCORE_KEYWORDS = {name: p.default for name, p in inspect.signature(score).parameters.items()
                   if p.kind is inspect.Parameter.KEYWORD_ONLY}

_Pair = Union[Tuple[_Path, _Path], Mapping[str, Any]]


class Summary(TypedDict):
    """One pair's outcome, as plain values (it crosses the network)."""
    ref: str
    dis: str
    status: Literal["ok", "failed"]
    frames: Optional[int]
    seconds: Optional[float]
    pooled: Dict[str, Dict[str, float]]  # name -> {"min", "max", "mean", "harmonic_mean", ...}
    error: Optional[str]  # why it failed, or None


def score_pairs(pairs: Iterable[_Pair], client: Client, *, backend: _Backend = "cpu",
                resources: Mapping[str, float] | None = None, timeout: float | None = None,
                progress: bool = False, **score_kwargs: Any) -> list[Summary]:
    """Scores every pair on `client`'s cluster; returns one summary per pair,
    in the order of `pairs`.

    pairs: (ref, dis) tuples or dicts with "ref", "dis" and optionally
    "model", "features", "output" (a report file for that pair) and "html"
    (that pair's page).
    backend: "cpu" or "hip"; resources: what each task asks of a worker
    (default {"GPU": 1} for "hip", nothing for "cpu"). A "hip" run is
    refused (ValueError) where no worker of the cluster offers them.
    timeout: seconds from submission after which the pairs not yet scored
    are reported failed (and their tasks cancelled); None waits for all.
    progress: show Dask's progress bar (text in a terminal, a widget in a
    notebook).
    score_kwargs: the other keywords of vmaf_hip.score (threads, frame_cnt,
    subsample, width/height/pixel_format/bitdepth for raw files, ...),
    checked here before anything is submitted: an unknown keyword raises
    TypeError, a value score() would refuse ValueError or TypeError.

    A summary is {"ref", "dis", "status": "ok" or "failed", "frames",
    "seconds", "pooled": {name: {"min", "max", "mean", "harmonic_mean"}},
    "error": the reason, or None}. A pair that fails (a missing file, a
    worker that died, the timeout) is reported failed; the others are still
    scored. A pair whose GPU failed it (vmaf_hip.VmafDeviceError on the
    worker: out of the device's memory, a faulting kernel, the GPU lost) is
    first scored once more on another worker that offers `resources`;
    fallback="cpu" scores it on the worker's CPU instead.
    A pair's output or html that is another pair's input, output or page
    (compared as files: links, "..", hard links) is refused with ValueError
    before anything is submitted.
    """
    summaries = dict(iter_scores(pairs, client, backend=backend, resources=resources,
                                 timeout=timeout, progress=progress, **score_kwargs))
    return [summaries[i] for i in range(len(summaries))]


def iter_scores(pairs: Iterable[_Pair], client: Client, *, backend: _Backend = "cpu",
                resources: Mapping[str, float] | None = None, timeout: float | None = None,
                progress: bool = False, **score_kwargs: Any) -> Iterator[tuple[int, Summary]]:
    """score_pairs, yielding (index in `pairs`, summary) as each pair
    finishes, every index once.

    The arguments are checked and the tasks submitted when this is called;
    leaving the loop early cancels the pairs not yet scored.
    """
    jobs = [_job(pair) for pair in pairs]
    options = _checked_options(backend, score_kwargs)
    _check_files(jobs)
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
            raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
        if not 0 < timeout < math.inf:
            raise ValueError(f"timeout must be a number of seconds above 0, not {timeout}")
    if not isinstance(progress, bool):
        # score()'s per-frame callable would run on the workers, unseen.
        raise TypeError(f"progress must be True or False (Dask's progress bar), "
                        f"not {type(progress).__name__}")
    if resources is None and backend == "hip":
        resources = {"GPU": 1}
    if resources and backend == "hip":
        _check_workers(client, resources)
    task = functools.partial(_score_pair, options=options)
    futures = client.map(task, jobs, pure=False, resources=resources)
    return _Run(client, jobs, futures, timeout, progress, task, resources).summaries()


def _checked_options(backend: object, score_kwargs: dict[str, Any]) -> dict[str, Any]:
    """The keywords every task passes to score(), refused here as score()
    would refuse them on every worker."""
    for name in score_kwargs:
        if name not in _SCORE_KEYWORDS:
            close = difflib.get_close_matches(name, _SCORE_KEYWORDS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise TypeError(f"{name!r} is not a keyword of vmaf_hip.score{hint}")
    for name in _PAIR_FILES:
        if name in score_kwargs:
            raise ValueError(f"{name} names one pair's file: give it in that pair's dict")
    options = dict(score_kwargs, backend=backend)
    _vmaf_hip.check_options(_options(**dict(_SCORE_KEYWORDS, **options)))
    return options


def _check_workers(client: Client, resources: Mapping[str, float]) -> None:
    """Refuses a GPU run that no worker could take: its tasks would wait
    for such a worker for ever."""
    # Every worker: newer releases of distributed list only five unless
    # asked; older ones list all and ignore the keyword.
    workers = client.scheduler_info(n_workers=-1)["workers"].values()
    if any(all(w.get("resources", {}).get(name, 0) >= amount
               for name, amount in resources.items()) for w in workers):
        return
    asked = " ".join(f"{name}={amount:g}" for name, amount in resources.items())
    flag = asked if len(resources) == 1 else f'"{asked}"'
    raise ValueError(f"backend='hip': each task asks a worker for {asked}, which none of the "
                     f"cluster's {len(workers)} workers offers; start one worker per GPU, pinned "
                     f"to it (CUDA_VISIBLE_DEVICES or HIP_VISIBLE_DEVICES), with `dask worker "
                     f"SCHEDULER --nworkers 1 --nthreads 1 --resources {flag}`")


class _Run:
    """The tasks of one iter_scores call, from their submission: the
    timeout's timer and the progress bar start with them."""

    def __init__(self, client: Client, jobs: list[dict[str, Any]], futures: list[Future],
                 timeout: float | None, progress: bool, task: Any,
                 resources: Mapping[str, float] | None) -> None:
        self.client, self.jobs, self.futures, self.timeout = client, jobs, futures, timeout
        self.task, self.resources = task, resources
        # The keys of the tasks that the timeout cancelled.
        self.expired: set[str] = set()
        self.timer = threading.Timer(timeout, self._expire) if timeout is not None else None
        if self.timer:
            self.timer.daemon = True
            self.timer.start()
        self.bar = _show_progress(client, futures) if progress else None

    def _expire(self) -> None:
        self.expired.update(f.key for f in self.futures if not f.done())
        if self.expired:
            self.client.cancel([f for f in self.futures if f.key in self.expired])

    def _other_workers(self, worker: str) -> list[str]:
        """The workers but `worker` that offer what a task asks."""
        workers = self.client.scheduler_info(n_workers=-1)["workers"]
        return [address for address, w in workers.items() if address != worker and all(
            w.get("resources", {}).get(name, 0) >= amount
            for name, amount in (self.resources or {}).items())]

    def summaries(self) -> Iterator[tuple[int, Summary]]:
        """(index, summary) of each pair as it finishes; a pair whose GPU
        failed it is scored once more on another worker first."""
        index = {f.key: i for i, f in enumerate(self.futures)}
        first_failed_on: dict[int, str] = {}
        try:
            finished = as_completed(self.futures, loop=self.client.loop)
            for future in finished:
                i = index[future.key]
                if future.key in self.expired:
                    yield i, _summary(self.jobs[i], "failed",
                                      f"not scored within timeout={self.timeout:g} s")
                    continue
                failed_on = None
                try:
                    summary, failed_on = future.result()
                except Exception as e:  # it raised, was lost with its worker, or cancelled
                    summary = _summary(self.jobs[i], "failed", f"the task did not finish: {e!r}")
                if failed_on and i in first_failed_on:
                    summary["error"] = (f"{summary['error']} (its GPU on worker "
                                        f"{first_failed_on[i]} had failed it first)")
                elif failed_on:
                    others = self._other_workers(failed_on)
                    if others:
                        first_failed_on[i] = failed_on
                        again = self.client.submit(self.task, self.jobs[i], pure=False,
                                                   workers=others, allow_other_workers=False,
                                                   resources=self.resources)
                        index[again.key] = i
                        self.futures.append(again)
                        finished.add(again)
                        continue
                    summary["error"] = f"{summary['error']} (no other worker to score it on)"
                yield i, summary
        finally:
            if self.timer:
                self.timer.cancel()
            # Where the caller left the loop early: nothing goes on scoring
            # for nobody.
            unfinished = [f for f in self.futures if not f.done()]
            if unfinished:
                self.client.cancel(unfinished)
            if self.bar:
                # The bar reads the scheduler every 100 ms: once the tasks
                # have ended it draws its end and returns within a few
                # readings.
                self.bar.join(timeout=1)


def _show_progress(client: Client, futures: list[Future]) -> threading.Thread | None:
    """Dask's progress bar for `futures`, drawn while the caller waits on
    them: a widget in a notebook (None returned), else text from a thread
    (returned)."""
    scheduler = client.scheduler_info()["address"]
    if is_kernel():
        from IPython.display import display  # type: ignore[import]
        bar = distributed.progress(futures, notebook=True, scheduler=scheduler)
        # The notebook's event loop is held while the cell iterates: the
        # widget listens on the client's loop, which has its own thread.
        loop = client.loop
        assert loop is not None  # a client made outside async code has one
        loop.add_callback(bar.listen)
        display(bar.widget)
        return None
    # The text bar returns only when the tasks have ended.
    thread = threading.Thread(target=distributed.progress, args=(futures,),
                              kwargs={"notebook": False, "scheduler": scheduler}, daemon=True)
    thread.start()
    return thread


def _job(pair: _Pair) -> dict[str, Any]:
    """The pair as a dict of plain values, which pickles to any worker."""
    if isinstance(pair, Mapping):
        unknown = set(pair) - {"ref", "dis", *_PER_PAIR}
        if unknown or "ref" not in pair or "dis" not in pair:
            raise ValueError(f"a pair's dict needs 'ref' and 'dis' and may have "
                             f"{', '.join(map(repr, _PER_PAIR))}; got {sorted(pair)}")
        job = {k: pair[k] for k in _PER_PAIR if k in pair}
        ref, dis = pair["ref"], pair["dis"]
    else:
        ref, dis = pair
        job = {}
    job["ref"], job["dis"] = os.fspath(ref), os.fspath(dis)
    for name in _PAIR_FILES:
        if name in job:
            job[name] = os.fspath(job[name])
    return job


def _check_files(jobs: list[dict[str, Any]]) -> None:
    """The pairs' files as the CLI's batch compares them (ADR 0040): no
    pair's report or page may be another's input, report or page. Compared
    here, where the pairs are submitted; each worker checks its own pair's
    folders when it scores."""
    reads, writes = [], []
    for i, job in enumerate(jobs, start=1):
        reads += [(os.fsdecode(job["ref"]), f"pair {i}'s reference video"),
                  (os.fsdecode(job["dis"]), f"pair {i}'s distorted video")]
        if "output" in job:
            writes.append((os.fsdecode(job["output"]), f"pair {i}'s report"))
        if "html" in job:
            writes.append((os.fsdecode(job["html"]), f"pair {i}'s HTML page"))
    _vmaf_hip.check_files(reads, writes)


def _summary(job: Mapping[str, Any], status: Literal["ok", "failed"], error: str | None = None,
             result: Result | None = None) -> Summary:
    return {
        "ref": job["ref"],
        "dis": job["dis"],
        "status": status,
        "frames": result.frames if result else None,
        "seconds": result.seconds if result else None,
        "pooled": {k: dict(v) for k, v in result.pooled.items()} if result else {},
        "error": error,
    }


def _score_pair(job: Mapping[str, Any],
                options: Mapping[str, Any]) -> tuple[Summary, Optional[str]]:
    """The task a worker runs: one pair, summarised, and where its GPU
    failed it, the worker's address (another worker may score it)."""
    kwargs = dict(options, **{k: job[k] for k in _PER_PAIR if k in job})
    try:
        result = score(job["ref"], job["dis"], **kwargs)
    except VmafDeviceError as e:
        return _summary(job, "failed", str(e)), distributed.get_worker().address
    except VmafError as e:
        return _summary(job, "failed", str(e)), None
    except (ValueError, TypeError) as e:
        # A bad entry of one pair fails that pair only.
        return _summary(job, "failed", f"{type(e).__name__}: {e}"), None
    return _summary(job, "ok", result=result), None
