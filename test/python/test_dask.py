"""vmaf_hip.dask.score_pairs on a LocalCluster of worker processes (which
import vmaf_hip from PYTHONPATH, as remote workers would): the CLI's pooled
scores per pair, in input order; a broken pair fails alone."""
import json

import pytest

from harness import assert_pooled_match_cli, cli_json, clip, import_vmaf_hip

vmaf_hip = import_vmaf_hip()
distributed = pytest.importorskip("distributed", reason="Dask's distributed is not installed")
from vmaf_hip.dask import score_pairs  # noqa: E402

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


def test_hip_pairs_ask_for_a_gpu_worker(client):
    name = "flat_64x64_420p8"
    [summary] = score_pairs([(clip(name, "ref"), clip(name, "dis"))], client, backend="hip")
    if vmaf_hip.hip_available():
        assert summary["status"] == "ok", summary["error"]
    else:
        assert summary["status"] == "failed" and "hip" in summary["error"]


def test_a_bad_pair_entry_is_refused_before_submitting(client):
    with pytest.raises(ValueError, match="'ref' and 'dis'"):
        score_pairs([{"reference": "a.y4m", "dis": "b.y4m"}], client)
