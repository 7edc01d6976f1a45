"""Many (reference, distorted) pairs scored on a Dask cluster: one task per
pair, on whichever worker is free, from a LocalCluster to many hosts alike.

    from distributed import Client
    from vmaf_hip.dask import score_pairs
    summaries = score_pairs([("a_ref.y4m", "a_dis.y4m"), {"ref": ..., "dis": ...,
                             "features": ["psnr"]}], Client("scheduler:8786"))

Each worker imports vmaf_hip itself and scores by path, so every worker
must see the files at the same paths (a shared file system). Tasks return
plain dicts of floats: nothing native crosses the network.

GPUs: start one worker per GPU, pinned to it (CUDA_VISIBLE_DEVICES or
HIP_VISIBLE_DEVICES), with `dask worker --nworkers 1 --nthreads 1
--resources GPU=1`; with backend="hip" each task asks for {"GPU": 1}, so a
worker scores one pair at a time on its own GPU (gpu=0, the default: the
only one it sees). docs/python.md has the commands.
"""
import functools
import os

from distributed import wait

from . import VmafError, score

__all__ = ["score_pairs"]

# What a pair's dict may set for itself; the rest of score()'s keywords
# come from score_pairs and are the same for every pair.
_PER_PAIR = ("model", "features", "output")


def score_pairs(pairs, client, *, backend="cpu", resources=None, **score_kwargs):
    """Scores every pair on `client`'s cluster; returns one summary per pair,
    in the order of `pairs`.

    pairs: (ref, dis) tuples or dicts with "ref", "dis" and optionally
    "model", "features", "output" (a report file for that pair).
    backend: "cpu" or "hip"; resources: what each task asks of a worker
    (default {"GPU": 1} for "hip", nothing for "cpu").
    score_kwargs: the other keywords of vmaf_hip.score (threads, frame_cnt,
    subsample, width/height/pixel_format/bitdepth for raw files, ...).

    A summary is {"ref", "dis", "status": "ok" or "failed", "frames",
    "seconds", "pooled": {name: {"min", "max", "mean", "harmonic_mean"}},
    "error": the reason, or None}. A pair that fails (a missing file, a
    worker that died) is reported failed; the others are still scored.
    """
    if "output" in score_kwargs:
        raise ValueError("output names one pair's report: give it in that pair's dict")
    jobs = [_job(pair) for pair in pairs]
    if resources is None and backend == "hip":
        resources = {"GPU": 1}
    task = functools.partial(_score_pair, options=dict(score_kwargs, backend=backend))
    futures = client.map(task, jobs, pure=False, resources=resources)
    wait(futures)
    finished = [f for f in futures if f.status == "finished"]
    results = dict(zip((f.key for f in finished), client.gather(finished)))
    return [results[f.key] if f.key in results else _unfinished(job, f)
            for job, f in zip(jobs, futures)]


def _job(pair):
    """The pair as a dict of plain values, which pickles to any worker."""
    if isinstance(pair, dict):
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
    if "output" in job:
        job["output"] = os.fspath(job["output"])
    return job


def _summary(job, status, error=None, result=None):
    return {
        "ref": job["ref"],
        "dis": job["dis"],
        "status": status,
        "frames": result.frames if result else None,
        "seconds": result.seconds if result else None,
        "pooled": {k: dict(v) for k, v in result.pooled.items()} if result else {},
        "error": error,
    }


def _score_pair(job, options):
    """The task a worker runs: one pair, summarised."""
    kwargs = dict(options, **{k: job[k] for k in _PER_PAIR if k in job})
    try:
        result = score(job["ref"], job["dis"], **kwargs)
    except VmafError as e:
        return _summary(job, "failed", str(e))
    except (ValueError, TypeError) as e:
        # A bad entry of one pair fails that pair only.
        return _summary(job, "failed", f"{type(e).__name__}: {e}")
    return _summary(job, "ok", result=result)


def _unfinished(job, future):
    """A task that raised or was lost with its worker."""
    try:
        reason = repr(future.exception())
    except Exception as e:  # a cancelled future raises instead of returning its exception
        reason = repr(e)
    return _summary(job, "failed", f"the task did not finish: {reason}")
