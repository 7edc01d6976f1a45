"""vmaf_hip.score: the CLI's numbers from files and from numpy arrays, the
golden values, errors that say what is wrong, progress and Ctrl-C, pandas
tables and the type annotations."""
import _thread
import ast
import concurrent.futures
import inspect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading

import numpy as np
import pandas
import pytest

from harness import (assert_matches_cli, cli_json, clip, golden, import_vmaf_hip, printed)
from y4m_arrays import read_y4m

vmaf_hip = import_vmaf_hip()

INTEGER_TOL = 2e-6  # AGENTS.md: integer features and vmaf against ../shared/golden

needs_gpu = pytest.mark.skipif(not vmaf_hip.hip_available(),
                               reason="no HIP backend or no usable GPU here")

# (clip, score() keywords, the same as CLI flags): 8-bit odd size, 10-bit,
# 4:4:4 with two models and subsampling (NaN frames), features only, the
# metrics beyond libvmaf.
CLI_CASES = [
    ("vtest_481x271_420p8", {"features": ["psnr", "float_ssim"]},
     ["--feature", "psnr", "--feature", "float_ssim"]),
    ("tree_640x360_420p10",
     {"model": "version=vmaf_v0.6.1", "features": ["psnr", "cambi"], "frame_cnt": 6},
     ["--model", "version=vmaf_v0.6.1", "--feature", "psnr", "--feature", "cambi",
      "--frame_cnt", "6"]),
    ("box_352x288_444p8",
     {"model": ["version=vmaf_v0.6.1", "version=vmaf_4k_v0.6.1:name=vmaf_4k"],
      "features": ["ciede"], "subsample": 3},
     ["--model", "version=vmaf_v0.6.1", "--model", "version=vmaf_4k_v0.6.1:name=vmaf_4k",
      "--feature", "ciede", "--subsample", "3"]),
    ("flat_64x64_420p8", {"model": [], "features": ["psnr=enable_mse=true"]},
     ["-n", "--feature", "psnr=enable_mse=true"]),
    ("box_960x540_420p8", {"features": ["ssimulacra2", "xpsnr=average=true"], "frame_cnt": 4},
     ["--feature", "ssimulacra2", "--feature", "xpsnr=average=true", "--frame_cnt", "4"]),
]


@pytest.mark.parametrize("name,kwargs,flags", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_files_score_as_the_cli(name, kwargs, flags):
    ref, dis = clip(name, "ref"), clip(name, "dis")
    assert_matches_cli(vmaf_hip.score(ref, dis, **kwargs), cli_json(ref, dis, *flags))


@pytest.mark.parametrize("source", ["files", "arrays"])
def test_fallback_cpu_scores_what_the_gpu_failed_as_the_cpu(source, monkeypatch):
    # The 60th HIP call and every later one fail, as a lost device fails
    # them (without a GPU, the GPU cannot be used at all): fallback="cpu"
    # scores the pair again on the CPU, saying so; without it, it fails.
    name = "vtest_481x271_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    if source == "arrays":
        ref, dis = read_y4m(ref), read_y4m(dis)
    want = vmaf_hip.score(ref, dis, features=["psnr"], frame_cnt=4)
    monkeypatch.setenv("VMAF_HIP_FAULT", "60:lost")
    with pytest.warns(RuntimeWarning, match=r"again on the CPU \(fallback='cpu'\)"):
        got = vmaf_hip.score(ref, dis, features=["psnr"], frame_cnt=4, backend="hip",
                             fallback="cpu")
    assert list(got.scores) == list(want.scores)
    assert_same_scores(got, want)
    with pytest.raises(vmaf_hip.VmafError, match="HIP"):
        vmaf_hip.score(ref, dis, features=["psnr"], frame_cnt=4, backend="hip")


def test_default_model_matches_golden():
    name = "vtest_576x324_420p8"
    r = vmaf_hip.score(clip(name, "ref"), clip(name, "dis"))
    want = golden(name, "main")
    assert r.frames == len(want["frames"]) == 24
    assert "vmaf" in r
    for key, values in r.scores.items():
        for frame in want["frames"]:
            assert values[frame["frameNum"]] == pytest.approx(frame["metrics"][key],
                                                              abs=INTEGER_TOL), key
        for method, value in want["pooled_metrics"][key].items():
            assert r.pooled[key][method] == pytest.approx(value, abs=INTEGER_TOL), key


def test_report_file_is_the_clis(tmp_path):
    name = "flat_64x64_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    out = tmp_path / "report.json"
    vmaf_hip.score(ref, dis, features=["psnr"], output=out, output_format="json")
    mine = json.loads(out.read_text())
    cli = cli_json(ref, dis, "--feature", "psnr")
    for doc in (mine, cli):
        doc.pop("fps")
    assert mine == cli


def assert_same_scores(a, b, keys=None):
    """Bit-identical per-frame and pooled scores (NaN where NaN)."""
    keys = list(a.scores) if keys is None else keys
    assert a.frames == b.frames
    for key in keys:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)
        assert a.pooled[key] == b.pooled[key], key


@pytest.mark.parametrize("name,kwargs", [
    ("vtest_481x271_420p8", {"features": ["psnr", "float_ssim"]}),
    ("tree_640x360_420p10", {"features": ["psnr"], "bitdepth": 10, "frame_cnt": 4}),
    ("box_352x288_444p8", {"model": [], "features": ["ciede", "psnr"], "frame_cnt": 3}),
], ids=["420p8_odd_size", "420p10", "444p8"])
def test_yuv_arrays_score_as_the_file(name, kwargs):
    ref, dis = clip(name, "ref"), clip(name, "dis")
    from_arrays = vmaf_hip.score(read_y4m(ref), read_y4m(dis), **kwargs)
    file_kwargs = {k: v for k, v in kwargs.items() if k != "bitdepth"}
    from_files = vmaf_hip.score(ref, dis, **file_kwargs)
    assert list(from_arrays.scores) == list(from_files.scores)
    assert_same_scores(from_arrays, from_files)


def test_luma_array_scores_as_the_file_with_luma_features():
    name = "vtest_481x271_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    features = ["psnr", "float_ssim"]
    luma = vmaf_hip.score(read_y4m(ref)[0], read_y4m(dis)[0], features=features)
    from_files = vmaf_hip.score(ref, dis, features=features)
    assert {"vmaf", "psnr_y", "float_ssim"} <= set(luma.scores)
    luma_keys = [k for k in luma.scores if k not in ("psnr_cb", "psnr_cr")]
    assert_same_scores(luma, from_files, luma_keys)


def test_strided_arrays_score_as_contiguous_ones():
    name = "cup_320x240_420p8_identical"
    y_ref = read_y4m(clip(name, "ref"))[0]
    y_dis = read_y4m(clip("vtest_576x324_420p8", "dis"), frames=3)[0][:, :240, :320]
    kwargs = {"model": [], "features": ["psnr", "float_ssim"]}
    want = vmaf_hip.score(y_ref, np.ascontiguousarray(y_dis), **kwargs)
    padded = np.zeros((3, 250, 333), np.uint8)
    padded[:, 5:245, 7:327] = y_ref
    mirrored = np.flip(np.flip(y_ref, 2).copy(), 2)  # negative column stride
    for ref in (padded[:, 5:245, 7:327], np.asfortranarray(y_ref), mirrored):
        assert not ref.flags.c_contiguous
        assert_same_scores(vmaf_hip.score(ref, y_dis, **kwargs), want)


def test_arrays_score_on_threads_at_once():
    """The GIL is released while scoring: threads score side by side."""
    y = read_y4m(clip("vtest_481x271_420p8", "ref"), frames=4)[0]
    y_dis = read_y4m(clip("vtest_481x271_420p8", "dis"), frames=4)[0]
    want = vmaf_hip.score(y, y_dis)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for r in pool.map(lambda _: vmaf_hip.score(y, y_dis), range(4)):
            assert_same_scores(r, want)


def test_missing_file_names_the_file(tmp_path):
    missing = str(tmp_path / "missing.y4m")
    with pytest.raises(vmaf_hip.VmafError, match="missing.y4m"):
        vmaf_hip.score(missing, clip("flat_64x64_420p8", "dis"))
    assert issubclass(vmaf_hip.VmafError, RuntimeError)


def test_bad_feature_option_carries_the_librarys_reason():
    with pytest.raises(vmaf_hip.VmafError, match="unknown option 'bogus' for 'psnr'"):
        vmaf_hip.score(clip("flat_64x64_420p8", "ref"), clip("flat_64x64_420p8", "dis"),
                       features=["psnr=bogus=1"])


def test_unknown_feature_fails():
    with pytest.raises(vmaf_hip.VmafError, match="unknown feature 'no_such_metric'"):
        vmaf_hip.score(clip("flat_64x64_420p8", "ref"), clip("flat_64x64_420p8", "dis"),
                       features=["no_such_metric"])


def test_array_mismatches_are_value_errors():
    y8 = np.zeros((2, 16, 16), np.uint8)
    with pytest.raises(ValueError, match="16x16 .* but distorted is 8x16"):
        vmaf_hip.score(y8, y8[:, :, :8])
    with pytest.raises(ValueError, match="reference has 2 frames but distorted has 1"):
        vmaf_hip.score(y8, y8[:1])
    with pytest.raises(ValueError, match="8-bit but distorted is .* 10-bit"):
        vmaf_hip.score(y8, y8.astype(np.uint16))
    with pytest.raises(ValueError, match="fit no pixel format"):
        vmaf_hip.score((y8, y8[:, :5], y8[:, :5]), (y8, y8[:, :5], y8[:, :5]))
    with pytest.raises(ValueError, match="3-D"):
        vmaf_hip.score(y8[0], y8[0])
    with pytest.raises(ValueError, match="bitdepth"):
        vmaf_hip.score(y8, y8, bitdepth=10)
    with pytest.raises(TypeError, match="uint8 or uint16"):
        vmaf_hip.score(y8.astype(np.float32), y8.astype(np.float32))
    with pytest.raises(TypeError, match="both be paths or both be numpy arrays"):
        vmaf_hip.score(clip("flat_64x64_420p8", "ref"), y8)


def test_samples_beyond_the_bit_depth_fail():
    y = np.full((1, 16, 16), 1024, np.uint16)
    with pytest.raises(vmaf_hip.VmafError, match="1024 exceeds the 10-bit maximum 1023"):
        vmaf_hip.score(y, y, bitdepth=10)


def test_bad_keywords_are_value_or_type_errors():
    ref, dis = clip("flat_64x64_420p8", "ref"), clip("flat_64x64_420p8", "dis")
    with pytest.raises(ValueError, match="backend must be 'cpu' or 'hip'"):
        vmaf_hip.score(ref, dis, backend="gpu")
    with pytest.raises(ValueError, match="output_format"):
        vmaf_hip.score(ref, dis, output="x", output_format="yaml")
    with pytest.raises(ValueError, match="nothing to score"):
        vmaf_hip.score(ref, dis, model=[])
    with pytest.raises(ValueError, match="subsample must be a whole number"):
        vmaf_hip.score(ref, dis, subsample=-1)
    with pytest.raises(TypeError, match="threads must be an integer"):
        vmaf_hip.score(ref, dis, threads="4")


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="no ffmpeg to make an MKV with")
def test_messages_name_the_keywords(tmp_path):
    # The session's messages spell options as score()'s keywords, never as
    # the CLI's flags.
    def message(*args, **kwargs):
        with pytest.raises((vmaf_hip.VmafError, ValueError)) as e:
            vmaf_hip.score(*args, **kwargs)
        return str(e.value)

    text = tmp_path / "notavideo.txt"
    text.write_text("hello\n")
    deep = clip("tree_640x360_420p10", "ref")
    flat = clip("flat_64x64_420p8", "ref")
    cases = [
        (message(str(text), str(text)), "give width, height, pixel_format and bitdepth"),
        (message(deep, deep, bitdepth_convert=9), "bitdepth_convert='9' converts"),
        (message(flat, flat, model="version=vmaf_v0.6.1:bogus=1"),
         "model 'version=vmaf_v0.6.1:bogus=1'"),
        (message(flat, flat, bitdepth_convert=17), "bitdepth_convert must be 9 to 16"),
    ]
    for got, want in cases:
        assert want in got and "--" not in got, got


def test_container_scaled_as_the_cli(tmp_path):
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    low = str(tmp_path / "low.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", dis, "-vf", "scale=288:162",
                    "-c:v", "ffv1", low], check=True)
    r = vmaf_hip.score(ref, low, scale="lanczos", features=["psnr"])
    assert_matches_cli(r, cli_json(ref, low, "--scale", "lanczos", "--feature", "psnr"))
    assert r.frames == 24
    with pytest.raises(vmaf_hip.VmafError, match="576x324 but distorted is 288x162"):
        vmaf_hip.score(ref, low)
    with pytest.raises(ValueError, match="nosuch"):
        vmaf_hip.score(ref, low, scale="nosuch")


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="no ffmpeg to make an MKV with")
def test_hwdec_as_the_cli(tmp_path, caplog):
    # Where the GPU's decoder cannot be used, auto decodes on the CPU and
    # says so on the "vmaf_hip" logger; scores are the CPU's decoding's.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    enc = str(tmp_path / "dis.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", dis, "-frames:v", "4",
                    "-c:v", "libx264", "-crf", "30", enc], check=True)
    caplog.set_level("INFO", logger="vmaf_hip")
    r = vmaf_hip.score(ref, enc, hwdec="auto", frame_cnt=4)
    assert_matches_cli(r, cli_json(ref, enc, "--frame_cnt", "4"))
    assert any("dis.mkv: decoding h264 on the" in m for m in caplog.messages)
    with pytest.raises(ValueError, match="hwdec must be"):
        vmaf_hip.score(ref, enc, hwdec="gpu")
    if not vmaf_hip.hip_available():
        with pytest.raises(vmaf_hip.VmafError, match="hwdec='cuda'"):
            vmaf_hip.score(ref, enc, hwdec="cuda")


def test_bitdepth_convert_as_the_cli():
    # The CLI's conversion is ffmpeg's (test_containers.py); here the keyword
    # is the flag.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    r = vmaf_hip.score(ref, dis, bitdepth_convert=10, features=["psnr"], frame_cnt=4)
    assert_matches_cli(r, cli_json(ref, dis, "--bitdepth-convert", "10", "--feature", "psnr",
                                   "--frame_cnt", "4"))
    assert r["psnr_y"][0] != vmaf_hip.score(ref, dis, features=["psnr"], frame_cnt=1)["psnr_y"][0]
    with pytest.raises(ValueError, match="9 to 16"):
        vmaf_hip.score(ref, dis, bitdepth_convert=8)
    deep = clip("tree_640x360_420p10", "ref")
    with pytest.raises(vmaf_hip.VmafError, match="10 bits per sample.*never down"):
        vmaf_hip.score(deep, deep, bitdepth_convert=9)
    y = np.zeros((1, 16, 16), np.uint8)
    with pytest.raises(vmaf_hip.VmafError, match="frames in memory"):
        vmaf_hip.score(y, y, bitdepth_convert=10)


def test_raw_yuv_as_the_cli(tmp_path):
    # Raw YUV's geometry, rows of the option table: the CLI's -w -h -p -b,
    # the same scores as the Y4M the frames came from.
    name = "tree_640x360_420p10"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    raw = {}
    for side, path in (("ref", ref), ("dis", dis)):
        raw[side] = str(tmp_path / f"{side}.yuv")
        with open(raw[side], "wb") as f:
            for frame in zip(*read_y4m(path, frames=3)):
                for plane in frame:
                    f.write(plane.astype("<u2").tobytes())
    r = vmaf_hip.score(raw["ref"], raw["dis"], width=640, height=360, pixel_format="420",
                       bitdepth=10, features=["psnr"])
    assert r.frames == 3
    assert_matches_cli(r, cli_json(raw["ref"], raw["dis"], "-w", "640", "-h", "360", "-p", "420",
                                   "-b", "10", "--feature", "psnr"))
    y4m = vmaf_hip.score(ref, dis, features=["psnr"], frame_cnt=3)
    assert np.array_equal(r["vmaf"], y4m["vmaf"]) and np.array_equal(r["psnr_y"], y4m["psnr_y"])
    geometry = dict(width=640, height=360, pixel_format="420", bitdepth=10)
    with pytest.raises(ValueError, match="pixel_format must be 420, 422, 444 or 400, not '411'"):
        vmaf_hip.score(raw["ref"], raw["dis"], **dict(geometry, pixel_format="411"))
    with pytest.raises(TypeError, match="width must be an integer, not str"):
        vmaf_hip.score(raw["ref"], raw["dis"], **dict(geometry, width="640"))
    with pytest.raises(vmaf_hip.VmafError, match=r"raw YUV size -640x360 is out of range"):
        vmaf_hip.score(raw["ref"], raw["dis"], **dict(geometry, width=-640))
    y = np.zeros((1, 16, 16), np.uint8)
    with pytest.raises(ValueError, match="arrays carry their own shape"):
        vmaf_hip.score(y, y, width=16)


@needs_gpu
def test_hip_backend_scores_as_the_cpu():
    name = "vtest_481x271_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    gpu = vmaf_hip.score(ref, dis, features=["psnr"], backend="hip")
    cpu = vmaf_hip.score(ref, dis, features=["psnr"])
    assert list(gpu.scores) == list(cpu.scores)
    for key in cpu.scores:
        assert [printed(v) for v in gpu[key]] == [printed(v) for v in cpu[key]], key


@needs_gpu
def test_hip_backend_scores_arrays():
    name = "vtest_481x271_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    gpu = vmaf_hip.score(read_y4m(ref), read_y4m(dis), backend="hip", gpu=0)
    cpu = vmaf_hip.score(ref, dis)
    assert [printed(v) for v in gpu["vmaf"]] == [printed(v) for v in cpu["vmaf"]]


def test_hip_backend_without_a_gpu_says_so():
    if vmaf_hip.hip_available():
        pytest.skip("a GPU is usable here; test_hip_backend_* cover it")
    with pytest.raises(vmaf_hip.VmafError, match="hip"):
        vmaf_hip.score(clip("flat_64x64_420p8", "ref"), clip("flat_64x64_420p8", "dis"),
                       backend="hip")


def test_version_is_the_clis_and_paths_may_be_pathlike():
    vmaf = os.environ["VMAF_TEST_VMAF"]
    cli_version = subprocess.run([vmaf, "--version"], capture_output=True, text=True).stdout
    assert vmaf_hip.__version__ and vmaf_hip.__version__ in cli_version
    r = vmaf_hip.score(pathlib.Path(clip("flat_64x64_420p8", "ref")),
                       pathlib.Path(clip("flat_64x64_420p8", "dis")))
    assert (r.frames, r.width, r.height) == (4, 64, 64)


def _same_result(a, b):
    assert a.frames == b.frames and a.width == b.width and a.height == b.height
    assert list(a.scores) == list(b.scores)
    for key in a.scores:
        np.testing.assert_array_equal(a.scores[key], b.scores[key], err_msg=key)
        assert a.pooled[key] == b.pooled[key], key


def test_ladder_scores_each_rendition_as_its_own_pair(tmp_path):
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    copy = tmp_path / "copy_of_dis.y4m"
    shutil.copy(dis, copy)
    renditions = [dis, ref, copy]
    kwargs = {"features": ["psnr"], "threads": 2}
    got = vmaf_hip.score_ladder(ref, renditions, output_dir=tmp_path / "reports", **kwargs)
    assert len(got) == 3
    for r, result in zip(renditions, got):
        alone = tmp_path / f"alone_{pathlib.Path(r).stem}.json"
        _same_result(result, vmaf_hip.score(ref, r, output=alone, **kwargs))
        report = json.loads((tmp_path / "reports" / f"{pathlib.Path(r).stem}.json").read_text())
        mine = json.loads(alone.read_text())
        report.pop("fps"), mine.pop("fps")
        assert report == mine
    assert got[1].pooled["psnr_y"]["mean"] == 60.0  # the reference against itself


def test_ladder_mistakes_are_refused(tmp_path):
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    with pytest.raises(TypeError, match="list of paths"):
        vmaf_hip.score_ladder(ref, dis)
    with pytest.raises(ValueError, match="at least one rendition"):
        vmaf_hip.score_ladder(ref, [])
    with pytest.raises(ValueError, match="one GPU"):
        vmaf_hip.score_ladder(ref, [dis], gpu=[0, 1])
    small = clip("vtest_481x271_420p8", "dis")
    with pytest.raises(vmaf_hip.VmafError, match=r"vtest_481x271_420p8_dis\.y4m: reference is "
                                                   r"576x324 but distorted is 481x271"):
        vmaf_hip.score_ladder(ref, [dis, small])


def test_pool_as_the_cli_and_numpy():
    # Pools beyond the four: the result's equal the report's and numpy's
    # over the full-precision per-frame scores, to the bit.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    pools = ["median", "p5", "p99.9", "below:86.5"]
    r = vmaf_hip.score(ref, dis, features=["psnr"], pool=pools, fps=24)
    assert_matches_cli(r, cli_json(ref, dis, "--feature", "psnr", "--pool", ",".join(pools),
                                   "--fps", "24"))
    for key, values in r.scores.items():
        assert r.pooled[key]["median"] == np.median(values)
        assert r.pooled[key]["p5"] == np.percentile(values, 5)
        assert r.pooled[key]["p99.9"] == np.percentile(values, 99.9)
        assert r.pooled[key]["seconds_below_86.5"] == np.count_nonzero(values < 86.5) / 24
    assert 0 < r.pooled["vmaf"]["seconds_below_86.5"] < r.frames / 24
    assert vmaf_hip.score(ref, dis, pool="median,p5").pooled["vmaf"]["p5"] == r.pooled["vmaf"]["p5"]
    with pytest.raises(ValueError, match="unknown pooling method"):
        vmaf_hip.score(ref, dis, pool=["p200"])
    with pytest.raises(ValueError, match="fps"):
        vmaf_hip.score(ref, dis, pool=["below:80"], fps=0)


def test_html_page(tmp_path):
    # html= writes the CLI's page: its data carries the result's scores.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    page = tmp_path / "page.html"
    r = vmaf_hip.score(ref, dis, pool="p5", html=page)
    text = page.read_text()
    data = json.loads(text.split("const report = ", 1)[1].split(";\n</script>", 1)[0]
                      .replace("<\\/", "</"))
    run = data["runs"][0]
    assert run["values"]["vmaf"] == list(r.scores["vmaf"])
    assert run["pooled"]["vmaf"]["p5"] == r.pooled["vmaf"]["p5"]
    assert "Permission is hereby granted" in text
    ladder = tmp_path / "ladder.html"
    vmaf_hip.score_ladder(ref, [dis, ref], html=ladder)
    assert len(json.loads(ladder.read_text().split("const report = ", 1)[1]
                          .split(";\n</script>", 1)[0].replace("<\\/", "</"))["runs"]) == 2


def test_outputs_never_replace_inputs_or_each_other(tmp_path):
    # The CLI's rule (session::RunFiles) holds for Python's output= and
    # html= too: refused before scoring, every file as it was.
    name = "flat_64x64_420p8"
    ref, dis = tmp_path / "r.y4m", tmp_path / "d.y4m"
    shutil.copy(clip(name, "ref"), ref)
    shutil.copy(clip(name, "dis"), dis)
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.json").symlink_to(dis)
    before = {p: p.read_bytes() for p in (ref, dis)}
    with pytest.raises(vmaf_hip.VmafError, match=r"the report .* is the distorted video"):
        vmaf_hip.score(ref, dis, output=tmp_path / "link.json")
    with pytest.raises(vmaf_hip.VmafError, match=r"the HTML page .* is the reference video"):
        vmaf_hip.score(ref, dis, html=tmp_path / "sub" / ".." / "r.y4m")
    with pytest.raises(vmaf_hip.VmafError, match=r"the report .* and the HTML page .* are one "
                                                   r"file"):
        vmaf_hip.score(ref, dis, output=tmp_path / "o.json", html=tmp_path / "o.json")
    with pytest.raises(vmaf_hip.VmafError, match=r"d\.y4m's report .* and the HTML page"):
        vmaf_hip.score_ladder(ref, [dis], output_dir=tmp_path / "lad",
                              html=tmp_path / "lad" / "d.json")
    assert before == {p: p.read_bytes() for p in (ref, dis)}
    assert not (tmp_path / "o.json").exists()


def _long_luma(frames):
    """A long luma video at the cost of one frame (a stride-0 view): a run
    long enough for several progress calls."""
    picture = np.random.default_rng(7).integers(0, 256, (1, 240, 320), dtype=np.uint8)
    return np.broadcast_to(picture, (frames, 240, 320))


def test_progress_counts_frames_to_the_end():
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    calls = []

    def progress(done, total):
        calls.append((done, total))

    # A Y4M file's size tells the total; frame_cnt caps it; a ladder counts
    # the reference's frames.
    assert vmaf_hip.score(ref, dis, progress=progress).frames == 24
    assert calls[-1] == (24, 24) and {total for _, total in calls} == {24}
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[0] > 0
    calls.clear()
    vmaf_hip.score(ref, dis, frame_cnt=5, progress=progress)
    assert calls[-1] == (5, 5)
    calls.clear()
    vmaf_hip.score_ladder(ref, [dis, ref], progress=progress)
    assert calls[-1] == (24, 24)

    calls.clear()
    y = _long_luma(1000)
    assert vmaf_hip.score(y, y, progress=progress).frames == 1000
    done = [d for d, _ in calls]
    assert len(done) >= 2 and done == sorted(done) and 0 < done[0] < 1000 and done[-1] == 1000


def test_progress_exception_stops_the_run():
    class Enough(Exception):
        pass

    calls = []

    def stop(done, total):
        calls.append(done)
        raise Enough("stop here")

    y = _long_luma(1000)
    with pytest.raises(Enough, match="stop here"):
        vmaf_hip.score(y, y, progress=stop)
    assert len(calls) == 1 and calls[0] < 1000  # the first call stopped it


def test_ctrl_c_stops_the_run():
    # interrupt_main is Ctrl-C's signal, sent here from another thread once
    # the run is under way: the run stops long before its end.
    calls = []

    def progress(done, total):
        calls.append(done)
        if len(calls) == 1:
            threading.Thread(target=_thread.interrupt_main).start()

    y = _long_luma(1000)
    with pytest.raises(KeyboardInterrupt):
        vmaf_hip.score(y, y, progress=progress)
    assert calls and calls[-1] < 1000


def test_progress_must_be_callable():
    ref, dis = clip("flat_64x64_420p8", "ref"), clip("flat_64x64_420p8", "dis")
    with pytest.raises(TypeError, match="progress must be callable"):
        vmaf_hip.score(ref, dis, progress=True)
    with pytest.raises(TypeError, match="progress must be callable"):
        vmaf_hip.score_ladder(ref, [dis], progress="bar")


def test_frame_rate_and_to_pandas(monkeypatch):
    name = "flat_64x64_420p8"  # Y4M header F25:1, 4 frames
    ref, dis = clip(name, "ref"), clip(name, "dis")
    r = vmaf_hip.score(ref, dis, features=["psnr"])
    assert r.frame_rate == 25.0
    table = r.to_pandas()
    assert isinstance(table, pandas.DataFrame)
    assert table.index.name == "frame" and list(table.index) == [0, 1, 2, 3]
    assert list(table.columns) == ["time", *r.scores]
    assert list(table["time"]) == [0.0, 0.04, 0.08, 0.12]
    for key, values in r.scores.items():
        np.testing.assert_array_equal(table[key].to_numpy(), values, err_msg=key)

    assert vmaf_hip.score(ref, dis, fps=50, frame_cnt=2).frame_rate == 50.0
    # Arrays state no rate: no time column.
    y = read_y4m(ref)[0]
    from_arrays = vmaf_hip.score(y, read_y4m(dis)[0])
    assert from_arrays.frame_rate is None
    assert list(from_arrays.to_pandas().columns) == list(from_arrays.scores)

    monkeypatch.setitem(sys.modules, "pandas", None)  # as if it were not installed
    with pytest.raises(ImportError, match="to_pandas needs pandas"):
        r.to_pandas()


def test_keywords_are_the_option_tables():
    # Each row of the session's option table is a keyword of score() and
    # score_ladder(), annotated and defaulted as the row says; the CLI's
    # flags come from the same rows (test_cli.py).
    rows = vmaf_hip._vmaf_hip.option_table()
    assert {r[0] for r in rows} >= {"subsample", "pool", "fps", "frame_skip_ref"}
    for function in (vmaf_hip.score, vmaf_hip.score_ladder):
        parameters = inspect.signature(function).parameters
        for keyword, kind, annotation, default, _ in rows:
            p = parameters.get(keyword)
            assert p is not None and p.kind is inspect.Parameter.KEYWORD_ONLY, (function, keyword)
            assert (p.annotation, repr(p.default)) == (annotation, default), (function, keyword)
            assert kind in ("count", "number", "text", "texts")
    # score()'s help names each of them.
    assert all(r[0] in vmaf_hip.score.__doc__ for r in rows)


def test_frame_skip_as_the_cli():
    # frame_skip_ref / frame_skip_dist, rows of the option table: the
    # CLI's --frame_skip_ref / --frame_skip_dist, the same scores.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    r = vmaf_hip.score(ref, dis, features=["psnr"], frame_skip_ref=1, frame_skip_dist=2,
                       frame_cnt=5)
    assert r.frames == 5
    assert_matches_cli(r, cli_json(ref, dis, "--feature", "psnr", "--frame_skip_ref", "1",
                                   "--frame_skip_dist", "2", "--frame_cnt", "5"))
    with pytest.raises(ValueError, match="frame_skip_dist must be a whole number, got '-1'"):
        vmaf_hip.score(ref, dis, frame_skip_dist=-1)
    with pytest.raises(TypeError, match="frame_skip_ref must be an integer, not str"):
        vmaf_hip.score(ref, dis, frame_skip_ref="1")  # type: ignore[arg-type]


def test_align_and_offset_as_the_cli(tmp_path):
    # align= and offset= (option table rows): the CLI's --align auto and
    # --offset, the same scores and the same alignment in the result.
    name = "vtest_576x324_420p8"
    ref, dis = clip(name, "ref"), clip(name, "dis")
    text = open(dis, "rb").read()
    header, _, frames = text.partition(b"\n")
    size = len(frames) // 24
    cut = tmp_path / "cut.y4m"
    cut.write_bytes(header + b"\n" + frames[3 * size:])
    r = vmaf_hip.score(ref, cut, features=["psnr"], align="auto")
    assert r.alignment is not None and r.alignment["method"] == "auto"
    assert r.alignment["offset"] == -3 and r.alignment["margin"] > 0.5
    assert (r.alignment["ref_skipped"], r.alignment["dis_skipped"]) == (3, 0)
    assert (r.alignment["ref_unscored"], r.alignment["dis_unscored"]) == (0, 0)
    assert r.frames == 21
    doc = cli_json(ref, str(cut), "--feature", "psnr", "--align", "auto")
    assert_matches_cli(r, doc)
    assert doc["alignment"]["offset"] == -3
    g = vmaf_hip.score(ref, cut, features=["psnr"], offset=-3)
    assert g.alignment is not None and g.alignment["method"] == "offset"
    assert g.alignment["margin"] is None
    assert_matches_cli(g, doc)
    assert vmaf_hip.score(ref, dis, features=["psnr"]).alignment is None
    with pytest.raises(ValueError, match="align must be 'none', 'auto' or 'pts', not 'later'"):
        vmaf_hip.score(ref, dis, align="later")  # type: ignore[arg-type]
    with pytest.raises(vmaf_hip.VmafError, match="offset and align both line the inputs up"):
        vmaf_hip.score(ref, dis, align="auto", offset=1)


def test_stub_names_the_native_modules_names():
    # _vmaf_hip.pyi, which type checkers read, against the module built.
    native = vmaf_hip._vmaf_hip
    with open(os.path.join(os.path.dirname(vmaf_hip.__file__), "_vmaf_hip.pyi")) as f:
        stub = ast.parse(f.read())
    names = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | \
        {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    assert names == {n for n in dir(native) if not n.startswith("_")} | {"__version__"}
    [options] = [n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "ScoreOptions"]
    attributes = {n.target.id for n in options.body if isinstance(n, ast.AnnAssign)}
    assert attributes == {n for n, v in vars(native.ScoreOptions).items()
                          if isinstance(v, property)}


TYPED_CLIENT = '''\
import numpy as np
import vmaf_hip


def mean_vmaf(ref: str, dis: str) -> float:
    r = vmaf_hip.score(ref, dis, features=["psnr"], gpu="all", progress=lambda d, t: None)
    rate: float | None = r.frame_rate
    first: float = r["vmaf"][0]
    ladder = vmaf_hip.score_ladder(ref, [dis], output_dir="out")
    return r.pooled["vmaf"]["mean"] + ladder[0].seconds + first + (rate or 0)


def wrong(r: vmaf_hip.Result) -> None:
    vmaf_hip.score("r.y4m", "d.y4m", threads="4")
    vmaf_hip.score("r.y4m", "d.y4m", backend="gpu")
    vmaf_hip.score("r.y4m", "d.y4m", progress=lambda done: None)
    vmaf_hip.score(np.zeros((1, 8, 8), np.float32), np.zeros((1, 8, 8), np.float32))
    print(r.frame_rate * 2)
'''


def test_annotations_check_with_mypy(tmp_path):
    # py.typed makes mypy read the package's annotations: the right calls
    # pass --strict, and each wrong one is the error it should be.
    client = tmp_path / "client.py"
    client.write_text(TYPED_CLIENT)
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--show-error-codes",
                        "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(client)],
                       capture_output=True, text=True, cwd=tmp_path, timeout=300)
    errors = {}
    for line in p.stdout.splitlines():
        if ": note: " not in line:
            match = re.match(r".*client\.py:(\d+): error: .*\[([a-z-]+)\]$", line)
            assert match, line
            errors[int(match[1])] = match[2]
    first_wrong = TYPED_CLIENT.splitlines().index("def wrong(r: vmaf_hip.Result) -> None:") + 2
    assert errors == {first_wrong: "arg-type", first_wrong + 1: "arg-type",
                      first_wrong + 2: "arg-type", first_wrong + 3: "arg-type",
                      first_wrong + 4: "operator"}, p.stdout
