"""vmaf_hip.dask.score_pairs and iter_scores on a LocalCluster of worker
processes (which import vmaf_hip from PYTHONPATH, as remote workers would):
the CLI's pooled scores per pair, in input order or as they finish; a
broken pair fails alone; mistakes are refused before anything is submitted;
a timeout ends the wait."""
import json
import os
import signal
import time

import distributed
import pytest

from harness import assert_pooled_match_cli, cli_json, clip, import_vmaf_hip

vmaf_hip = import_vmaf_hip()
from vmaf_hip.dask import iter_scores, score_pairs  # noqa: E402

FRAMES = 3

# Debian's distributed 2022.12 on its tornado: noise from the event loop.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    # Each worker offers one "GPU", as a GPU worker started with
    # --resources GPU=1 does, so backend="hip" tasks can be placed.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, resources={"GPU": 1}) as cluster, \
            distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def bare_client():
    # One worker thread offering no resources: quick to start, and what a
    # CPU-only cluster looks like. Its dashboard takes a free port: the
    # other cluster holds the default one.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as c:
        yield c


def _nothing_submitted(monkeypatch, client):
    """Fails the test where `client` is asked to run anything."""
    def submitted(*args, **kwargs):
        raise AssertionError("a task was submitted")
    monkeypatch.setattr(client, "map", submitted)
    monkeypatch.setattr(client, "submit", submitted)


def _page_data(path):
    """The data of an --html page."""
    text = path.read_text()
    return json.loads(text.split("const report = ", 1)[1].split(";\n</script>", 1)[0]
                      .replace("<\\/", "</"))


def test_pairs_score_as_the_cli_and_a_broken_one_fails_alone(client, tmp_path):
    flat, cup, vtest = "flat_64x64_420p8", "cup_320x240_420p8_identical", "vtest_481x271_420p8"
    missing = str(tmp_path / "missing_ref.y4m")
    pairs = [
        (clip(flat, "ref"), clip(flat, "dis")),
        {"ref": clip(cup, "ref"), "dis": clip(cup, "dis"), "features": ["psnr"]},
        {"ref": missing, "dis": clip(flat, "dis")},
        {"ref": clip(vtest, "ref"), "dis": clip(vtest, "dis"),
         "model": "version=vmaf_4k_v0.6.1", "features": ["float_ssim"]},
    ]
    summaries = score_pairs(pairs, client, frame_cnt=FRAMES)
    json.dumps(summaries)  # plain values only

    assert [s["status"] for s in summaries] == ["ok", "ok", "failed", "ok"]
    assert [s["ref"] for s in summaries] == [clip(flat, "ref"), clip(cup, "ref"), missing,
                                             clip(vtest, "ref")]
    failed = summaries[2]
    assert "missing_ref.y4m" in failed["error"] and failed["pooled"] == {}
    want = [
        cli_json(clip(flat, "ref"), clip(flat, "dis"), "--frame_cnt", str(FRAMES)),
        cli_json(clip(cup, "ref"), clip(cup, "dis"), "--frame_cnt", str(FRAMES),
                 "--feature", "psnr"),
        None,
        cli_json(clip(vtest, "ref"), clip(vtest, "dis"), "--frame_cnt", str(FRAMES),
                 "--model", "version=vmaf_4k_v0.6.1", "--feature", "float_ssim"),
    ]
    for summary, doc in zip(summaries, want):
        if doc is None:
            continue
        assert summary["error"] is None and summary["frames"] == FRAMES
        assert_pooled_match_cli(summary["pooled"], doc)


def test_killed_workers_lose_no_pair_and_leave_no_partial_report(tmp_path):
    # As pairs finish, a worker busy with pairs is killed (SIGKILL): its
    # pairs go to other workers (the nanny starts a new one), each pair is
    # reported once, and every report is the CLI's. Three kills here;
    # VMAF_TEST_DASK_KILLS=50 in the slow suite (issue 57). Three kills at
    # most per cluster: a pair held by a worker that dies counts against it,
    # and Dask gives a task up after three such deaths (allowed-failures).
    # VMAF_TEST_DASK_BACKEND=hip: on the GPU, each worker offering one, as
    # the HIP suite runs it (scripts/hip_suite.sh, part dask).
    kills_wanted = int(os.environ.get("VMAF_TEST_DASK_KILLS", "3"))
    backend = os.environ.get("VMAF_TEST_DASK_BACKEND", "cpu")
    assert backend in ("cpu", "hip"), backend
    gpu = {"resources": {"GPU": 1}} if backend == "hip" else {}
    name = "vtest_481x271_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    want = {k: v for k, v in cli_json(ref, dis, "--backend", backend).items() if k != "fps"}
    kills, rounds = 0, 0
    # Rounds of twelve pairs, each on a cluster of its own with up to three
    # kills: distributed 2022.12's nanny gives up restarting its worker after
    # a dozen kills or so.
    while kills < kills_wanted:
        rounds += 1
        assert rounds <= kills_wanted, f"{kills} workers killed in {rounds - 1} rounds"
        out = tmp_path / f"round{rounds}"
        out.mkdir()
        pairs = [{"ref": ref, "dis": dis, "output": str(out / f"r{i}.json")} for i in range(12)]
        seen, round_kills = [], 0
        with distributed.LocalCluster(n_workers=3, threads_per_worker=1, processes=True,
                                      dashboard_address=None, **gpu) as cluster, \
                distributed.Client(cluster) as c:
            # The timeout ends the test where the cluster lost every worker.
            for i, summary in iter_scores(pairs, c, backend=backend, output_format="json",
                                          timeout=600):
                seen.append(i)
                assert summary["status"] == "ok", summary["error"]
                # Only while every worker is up: a worker killed as it
                # starts can leave its nanny without one.
                if (round_kills == 3 or kills == kills_wanted or
                        len(c.scheduler_info()["workers"]) < 3):
                    continue
                busy = [w for w, tasks in c.processing().items() if tasks]
                if busy:
                    # The busy worker alone is asked for its process: one
                    # killed before may not be known gone yet, and asking
                    # it would wait for its connection.
                    pid = c.run(os.getpid, workers=busy[:1], on_error="return").get(busy[0])
                    if isinstance(pid, int):
                        os.kill(pid, signal.SIGKILL)
                        kills += 1
                        round_kills += 1
        assert sorted(seen) == list(range(len(pairs)))
        for i in range(len(pairs)):
            with open(out / f"r{i}.json") as f:
                got = {k: v for k, v in json.load(f).items() if k != "fps"}
            assert got == want, (rounds, i)


def test_hip_pairs_ask_for_a_gpu_worker(client):
    name = "flat_64x64_420p8"
    [summary] = score_pairs([(clip(name, "ref"), clip(name, "dis"))], client, backend="hip")
    if vmaf_hip.hip_available():
        assert summary["status"] == "ok", summary["error"]
    else:
        assert summary["status"] == "failed" and "hip" in summary["error"]


def test_fallback_cpu_reaches_the_workers(client):
    # Without a GPU every pair's GPU fails and fallback="cpu" scores it on
    # the CPU; with one, the GPU scores it: the CLI's numbers either way.
    name = "flat_64x64_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    [summary] = score_pairs([(ref, dis)], client, backend="hip", fallback="cpu")
    assert summary["status"] == "ok", summary["error"]
    assert_pooled_match_cli(summary["pooled"], cli_json(ref, dis))


def test_a_pair_a_gpu_failed_is_scored_once_more_on_another_worker(client):
    # One worker's GPU fails from its 60th HIP call on (VMAF_HIP_FAULT, as a
    # lost device): its pairs are scored again on the other worker. Without
    # a GPU both fail, and the error says the first had failed too.
    name = "flat_64x64_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    lost = sorted(client.scheduler_info(n_workers=-1)["workers"])[0]
    client.run(os.environ.__setitem__, "VMAF_HIP_FAULT", "60:lost", workers=[lost])
    try:
        summaries = score_pairs([(ref, dis)] * 4, client, backend="hip")
    finally:
        client.run(os.environ.pop, "VMAF_HIP_FAULT", None, workers=[lost])
    if vmaf_hip.hip_available():
        for summary in summaries:
            assert summary["status"] == "ok", summary["error"]
            assert_pooled_match_cli(summary["pooled"], cli_json(ref, dis))
    else:
        for summary in summaries:
            assert summary["status"] == "failed"
            assert "had failed it first" in summary["error"], summary["error"]


def test_a_bad_pair_entry_is_refused_before_submitting(client):
    with pytest.raises(ValueError, match="'ref' and 'dis'"):
        score_pairs([{"reference": "a.y4m", "dis": "b.y4m"}], client)


def test_iter_scores_yields_each_pair_once_as_score_pairs_scores_it(client, tmp_path):
    flat, cup = "flat_64x64_420p8", "cup_320x240_420p8_identical"
    page = tmp_path / "cup.html"
    pairs = [
        (clip(flat, "ref"), clip(flat, "dis")),
        {"ref": clip(cup, "ref"), "dis": clip(cup, "dis"), "features": ["psnr"], "html": page},
        {"ref": str(tmp_path / "missing_ref.y4m"), "dis": clip(flat, "dis")},
    ]
    want = score_pairs(pairs, client, frame_cnt=FRAMES)
    assert [s["status"] for s in want] == ["ok", "ok", "failed"]
    got = list(iter_scores(pairs, client, frame_cnt=FRAMES))
    assert sorted(i for i, _ in got) == [0, 1, 2]
    for i, summary in got:
        # Timings aside, the same summaries.
        seconds = summary.pop("seconds")
        assert seconds > 0 if summary["status"] == "ok" else seconds is None
        want[i].pop("seconds")
        assert summary == want[i], i
    run = _page_data(page)["runs"][0]
    assert run["pooled"]["psnr_y"]["mean"] == want[1]["pooled"]["psnr_y"]["mean"]


def test_hip_is_refused_without_a_gpu_worker(bare_client, client, monkeypatch):
    name = "flat_64x64_420p8"
    pairs = [(clip(name, "ref"), clip(name, "dis"))]
    _nothing_submitted(monkeypatch, bare_client)
    started = time.monotonic()
    with pytest.raises(ValueError, match=r"asks a worker for GPU=1, which none of the cluster's "
                                         r"1 workers offers.*--resources GPU=1`"):
        score_pairs(pairs, bare_client, backend="hip")
    with pytest.raises(ValueError, match="GPU=1"):
        iter_scores(pairs, bare_client, backend="hip")
    assert time.monotonic() - started < 10
    # The GPU workers offer one GPU each, not two.
    _nothing_submitted(monkeypatch, client)
    with pytest.raises(ValueError, match="asks a worker for GPU=2"):
        score_pairs(pairs, client, backend="hip", resources={"GPU": 2})


def test_mistakes_are_refused_before_submitting(bare_client, monkeypatch):
    name = "flat_64x64_420p8"
    pairs = [(clip(name, "ref"), clip(name, "dis"))]
    _nothing_submitted(monkeypatch, bare_client)
    with pytest.raises(TypeError, match="'thread' is not a keyword of vmaf_hip.score; did you "
                                        "mean 'threads'"):
        score_pairs(pairs, bare_client, thread=2)
    # iter_scores checks when called, not when first iterated.
    with pytest.raises(TypeError, match="'frame_count' is not a keyword"):
        iter_scores(pairs, bare_client, frame_count=2)
    # Values score() would refuse on every worker, refused here as it would.
    with pytest.raises(ValueError, match="threads must be a whole number, got '-1'"):
        score_pairs(pairs, bare_client, threads=-1)
    with pytest.raises(TypeError, match="subsample must be an integer"):
        score_pairs(pairs, bare_client, subsample="2")
    with pytest.raises(TypeError, match="backend must be a string"):
        score_pairs(pairs, bare_client, backend=None)
    with pytest.raises(ValueError, match="html names one pair's file"):
        score_pairs(pairs, bare_client, html="page.html")
    with pytest.raises(ValueError, match="timeout must be a number of seconds above 0"):
        score_pairs(pairs, bare_client, timeout=0)
    with pytest.raises(TypeError, match="progress must be True or False"):
        score_pairs(pairs, bare_client, progress=print)


def test_a_pairs_output_that_is_another_pairs_file_is_refused(bare_client, monkeypatch, tmp_path):
    # Each pair's score() checks its own files; across pairs, the
    # submission is refused first (ADR 0040).
    name = "flat_64x64_420p8"
    ref, dis = tmp_path / "r.y4m", tmp_path / "d.y4m"
    ref.write_bytes(open(clip(name, "ref"), "rb").read())
    dis.write_bytes(open(clip(name, "dis"), "rb").read())
    (tmp_path / "sub").mkdir()
    _nothing_submitted(monkeypatch, bare_client)
    with pytest.raises(ValueError, match=r"pair 2's report .* is pair 1's distorted video"):
        score_pairs([(ref, dis), {"ref": ref, "dis": ref,
                                  "output": tmp_path / "sub" / ".." / "d.y4m"}], bare_client)
    with pytest.raises(ValueError, match=r"pair 1's HTML page .* and pair 2's report .* are one "
                                         r"file"):
        score_pairs([{"ref": ref, "dis": dis, "html": tmp_path / "x"},
                     {"ref": ref, "dis": dis, "output": tmp_path / "x"}], bare_client)
    assert dis.read_bytes() == open(clip(name, "dis"), "rb").read()


def test_timeout_reports_unscored_pairs_failed(bare_client):
    # No worker offers FOO: nothing is ever scored, and the wait ends.
    name = "flat_64x64_420p8"
    pairs = [(clip(name, "ref"), clip(name, "dis"))] * 2
    started = time.monotonic()
    summaries = score_pairs(pairs, bare_client, resources={"FOO": 1}, timeout=1)
    assert 1 <= time.monotonic() - started < 30
    assert [(s["status"], s["error"]) for s in summaries] == \
        [("failed", "not scored within timeout=1 s")] * 2


def test_progress_bar(client, capsys):
    name = "flat_64x64_420p8"
    [summary] = score_pairs([(clip(name, "ref"), clip(name, "dis"))], client, progress=True)
    assert summary["status"] == "ok"
    assert "| 100% Completed |" in capsys.readouterr().out
