"""VMAF scores from Python, computed as the ``vmaf`` command line computes
them (same models, features, backends and numbers).

    import vmaf_hip
    r = vmaf_hip.score("ref.y4m", "dis.y4m", features=["psnr"])
    r.pooled["vmaf"]["mean"], r["psnr_y"]

See docs/python.md; vmaf_hip.dask scores many pairs on a Dask cluster;
vmaf_hip.Server and connect() reach a resident ``vmaf --serve`` (docs/serve.md).
"""
# Annotations stay strings, so that `X | None` reads on Python 3.9 too.
from __future__ import annotations

import numbers
import os
import textwrap
from typing import TYPE_CHECKING, Any, Callable, List, Literal, Mapping, Optional, Sequence, \
    Tuple, Union

import numpy as np

if TYPE_CHECKING:
    # numpy.typing came with numpy 1.20; the package runs on 1.19 (Debian 11).
    import numpy.typing as npt


def _load_carried_libraries() -> None:
    """A wheel carries libsvm.so.3 beside the extension (Debian's archive is
    not position-independent); loaded first, it is what the extension's
    libsvm.so.3 resolves to, whatever the machine has. A build of the
    source tree has none here and links the system's."""
    import ctypes

    path = os.path.join(os.path.dirname(__file__), "libsvm.so.3")
    if os.path.exists(path):
        ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)


_load_carried_libraries()

from . import _vmaf_hip  # noqa: E402  (after its libraries)
from ._vmaf_hip import VmafDeviceError, VmafError, __version__  # noqa: E402
from .serve import Connection, Server, connect  # noqa: E402

if TYPE_CHECKING:
    import pandas  # type: ignore[import]  # pandas ships no annotations; pandas-stubs does

__all__ = ["Connection", "Result", "Server", "VmafDeviceError", "VmafError", "connect",
           "hip_available", "score", "score_ladder", "__version__"]

VmafError.__module__ = __name__
VmafError.__doc__ = "Scoring failed; the message says why, with the library's reason."
VmafDeviceError.__module__ = __name__
VmafDeviceError.__doc__ = ("A VmafError of the GPU, not the pair (out of its memory, a faulting "
                           "kernel, the GPU lost): another GPU, or fallback='cpu', may score it.")

# What the keywords take, for type checkers (the functions check the values
# themselves). Aliases are evaluated at run time, hence typing's spellings.
_Path = Union[str, os.PathLike[str]]
if TYPE_CHECKING:
    _Frames = Union[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]
else:
    _Frames = np.ndarray
# A path, one luma array or the (Y, U, V) planes.
_Video = Union[_Path, _Frames, Sequence[_Frames]]
_Strings = Union[str, List[str], Tuple[str, ...]]
_Gpu = Union[int, List[int], Tuple[int, ...], Literal["all"]]
_Backend = Literal["cpu", "hip"]
_OutputFormat = Literal["json", "xml", "csv", "sub"]
_Hwdec = Literal["none", "auto", "cuda", "vaapi"]
_Fallback = Literal["none", "cpu"]
_Align = Literal["none", "auto", "pts"]
_PixelFormat = Literal["420", "422", "444", "400"]
# progress=: called with (frames_done, frames_total or None); what it
# returns is ignored.
_Progress = Callable[[int, Optional[int]], object]


class Result:
    """The scores of one pair.

    frames: frames scored; seconds: wall-clock time; width, height: of the
    pictures; frame_rate: frames per second, score(fps=...)'s or else the
    reference file's (its Y4M header, its container), None where neither
    tells (numpy arrays, raw .yuv); scores: name -> float64 array per frame
    (NaN where a frame has none, e.g. frames skipped by subsample); pooled:
    name -> {"min", "max", "mean", "harmonic_mean"}, and score(pool=...)'s
    ("median", "p5", ...). Names are the report's ("vmaf",
    "integer_adm2", "psnr_y", ...), in its order; r[name] is scores[name].
    alignment: None, or with align= or offset= how the inputs were lined
    up, as the reports say: {"method": "auto" or "offset", "offset" (the
    distorted's frame i + offset is the reference's frame i), "margin" (the
    search's, None for a given offset), "ref_skipped", "dis_skipped" (frames
    left out at the start), "ref_unscored", "dis_unscored" (at the end; None
    where not counted)}.
    """

    __slots__ = ("frames", "seconds", "width", "height", "frame_rate", "scores", "pooled",
                 "alignment")

    frames: int
    seconds: float
    width: int
    height: int
    frame_rate: float | None
    scores: dict[str, npt.NDArray[np.float64]]
    pooled: dict[str, dict[str, float]]
    alignment: dict[str, Any] | None

    def __init__(self, table: Mapping[str, Any]) -> None:
        for name in self.__slots__:
            setattr(self, name, table[name])

    def __getitem__(self, name: str) -> npt.NDArray[np.float64]:
        return self.scores[name]

    def __contains__(self, name: object) -> bool:
        return name in self.scores

    def to_pandas(self) -> pandas.DataFrame:
        """The per-frame scores as a pandas DataFrame, one row per frame:
        the index "frame" (0 to frames - 1), a column "time" (the frame's
        start in seconds, frame / frame_rate; left out where frame_rate is
        None), then one column per name of `scores`, in the report's order.
        """
        try:
            import pandas
        except ImportError:
            raise ImportError("Result.to_pandas needs pandas (pip install pandas; Debian: "
                              "apt install python3-pandas)") from None
        table = pandas.DataFrame(self.scores, index=pandas.RangeIndex(self.frames, name="frame"))
        if self.frame_rate is not None:
            # insert refuses a score that is itself named "time".
            table.insert(0, "time", np.arange(self.frames) / self.frame_rate)
        return table

    def __repr__(self) -> str:
        shown = next(iter(self.pooled), None)
        if "vmaf" in self.pooled:
            shown = "vmaf"
        mean = f", {shown} mean={self.pooled[shown]['mean']:.6f}" if shown else ""
        return f"<vmaf_hip.Result {self.frames} frames {self.width}x{self.height}{mean}>"


def hip_available() -> bool:
    """True when this build has the HIP backend and it finds a usable GPU."""
    return _vmaf_hip.hip_available()


# **table: the option table's keywords, which the build writes in (_TABLE).
def score(reference: _Video, distorted: _Video, *, model: _Strings | None = None,
          features: _Strings | None = None, backend: _Backend = "cpu", gpu: _Gpu = 0,
          output: _Path | None = None, output_format: _OutputFormat = "json",
          html: _Path | None = None, progress: _Progress | None = None,
          **table: Any) -> Result:
    """Scores `distorted` against `reference`; returns a Result.

    reference, distorted: paths (str or os.PathLike) to .y4m or raw .yuv
    files (raw ones need width, height, pixel_format and bitdepth),
    containers (MP4, MKV, ... where the build has libav), or numpy arrays:
    one 3-D array (frames, height, width) of luma, or a tuple (Y, U, V) of
    3-D arrays whose shapes tell 4:2:0, 4:2:2 or 4:4:4; uint8 is 8-bit,
    uint16 is `bitdepth` bits (9 to 16, default 10). Both must have the
    same shapes and dtype.
    model: a --model string ("version=vmaf_v0.6.1", "path=m.json:name=x") or
    a list of them; None for the default model, [] for none (features only).
    features: --feature strings ("psnr", "cambi=full_ref=true").
    backend: "cpu" or "hip"; gpu: an index, a list of indices (a pair split
    over them) or "all".
    output, output_format: also write the CLI's report ("json", "xml",
    "csv", "sub") to that file.
    html: also write the CLI's --html page to that file: the per-frame
    scores plotted (zoom, hover), the pooled table and the worst frames,
    self-contained.
    progress: a callable taking (frames_done, frames_total), called while
    scoring (at most about 10 times a second) and once at the end with
    every frame done; frames_total is the number of frames the run will
    score where the inputs tell (a Y4M or raw file's size; a container's
    frame count or duration, an estimate; frame_cnt), else None.
    The option table's keywords, the CLI's flags of the same names (a list
    of strings for one the CLI takes repeated; None or the default: the
    CLI without the flag), are listed at the end.

    Ctrl-C (KeyboardInterrupt) stops the run between frames, as does an
    exception raised by `progress`; either is raised here, promptly.
    Raises VmafError when scoring fails, ValueError or TypeError for bad
    arguments.
    """
    keywords = _keywords(locals())
    options = _options(**keywords)
    ref_planes, dis_planes = _planes(reference), _planes(distorted)
    if (ref_planes is None) != (dis_planes is None):
        raise TypeError("reference and distorted must both be paths or both be numpy arrays")
    if ref_planes is None or dis_planes is None:  # both, by the check above
        table = _vmaf_hip.score_files(_path(reference, "reference"),
                                      _path(distorted, "distorted"), options)
    else:
        table = _vmaf_hip.score_arrays(ref_planes, dis_planes, options)
    return Result(table)


# **table: as score()'s.
def score_ladder(reference: _Path, distorted: Sequence[_Path], *,
                 model: _Strings | None = None, features: _Strings | None = None,
                 backend: _Backend = "cpu", gpu: int = 0, output_dir: _Path | None = None,
                 output_format: _OutputFormat = "json", html: _Path | None = None,
                 progress: _Progress | None = None, **table: Any) -> list[Result]:
    """Scores each of `distorted` (an encoding ladder's renditions) against
    `reference` in one pass; returns a list of Result, one per rendition in
    the order given, each what score() returns for that pair.

    The reference is read and decoded once and each of its frames handed to
    every rendition's scoring; reference and distorted are paths (no numpy
    arrays), and gpu is one index. output_dir: also write each rendition's
    report there, named after its file ("r540.mp4" -> output_dir/r540.json),
    byte for byte as score(..., output=...) writes it (fps aside). The other
    keywords are score()'s, applied to every rendition (scale scales each
    one of another size to the reference's); html= writes one page with
    every rendition on one plot; progress counts the reference's frames,
    each handed to every rendition.

    Raises VmafError when scoring fails (naming the rendition), ValueError
    or TypeError for bad arguments.
    """
    if isinstance(distorted, (str, bytes, os.PathLike)) or not isinstance(distorted, (list, tuple)):
        raise TypeError("distorted must be a list of paths")
    if not distorted:
        raise ValueError("distorted is empty: give at least one rendition")
    if isinstance(gpu, (list, tuple, str)):
        raise ValueError("a ladder is scored on one GPU: gpu must be one index")
    keywords = _keywords(locals())
    keywords["output"] = keywords.pop("output_dir")
    options = _options(**keywords)
    paths = [_path(d, f"distorted[{i}]") for i, d in enumerate(distorted)]
    tables = _vmaf_hip.score_ladder(_path(reference, "reference"), paths, options)
    return [Result(t) for t in tables]


# The session's option table: keyword -> (keyword, kind, annotation,
# default, help). score()'s keywords of these rows are checked here for
# their kind and by the row itself, as the CLI's flags are. The package's
# build writes them into score()'s and score_ladder()'s signatures in place
# of **table (python/tools/table_keywords.cpp), so that type checkers and
# help() see each keyword; their help is the rows'.
_TABLE = {row[0]: row for row in _vmaf_hip.option_table()}


def _table_help() -> str:
    lines = ["", "    Keywords of the option table:"]
    for keyword, _, annotation, default, text in _TABLE.values():
        lines += textwrap.wrap(f"{keyword} ({annotation}, default {default}): {text}.", 76,
                               initial_indent="    ", subsequent_indent="        ")
    return "\n".join(lines) + "\n"


score.__doc__ = (score.__doc__ or "") + _table_help()


def _keywords(local: dict[str, Any]) -> dict[str, Any]:
    """score()'s keywords from its locals(): the table's as parameters of
    their own (as built) or in **table (as written)."""
    keywords = {k: v for k, v in local.items() if k not in ("reference", "distorted", "table")}
    keywords.update(local.get("table", {}))
    return keywords


def _options(*, model: Any, features: Any, backend: Any, gpu: Any, output: Any,
             output_format: Any, html: Any, progress: Any, **rows: Any) -> _vmaf_hip.ScoreOptions:
    """score()'s keywords, checked, as the native module takes them; the
    parameters are named as score()'s (vmaf_hip.dask passes them by name),
    the option table's among `rows`. Values are Any: the caller's may be
    anything, which this checks."""
    o = _vmaf_hip.ScoreOptions()
    o.models = None if model is None else _strings(model, "model")
    o.features = [] if features is None else _strings(features, "features")
    o.backend = _string(backend, "backend")
    if isinstance(gpu, str):
        if gpu != "all":
            raise ValueError(f"gpu must be an index, a list of indices or 'all', not {gpu!r}")
        o.all_gpus, o.gpus = True, []
    elif isinstance(gpu, (list, tuple)):
        o.gpus = [_count(g, "gpu") for g in gpu]
    else:
        o.gpus = [_count(gpu, "gpu")]
    o.values = [(name, text) for name, value in rows.items() for text in _texts(name, value)]
    o.output = None if output is None else os.fspath(output)
    o.output_format = _string(output_format, "output_format")
    o.html = None if html is None else os.fspath(html)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable (taking frames_done, frames_total), "
                        f"not {type(progress).__name__}")
    o.progress = progress
    return o


def _texts(name: str, value: object) -> list[str]:
    """An option table keyword's value as the texts its row checks (none
    where it is None): a whole number, a number, a string, or strings."""
    if name not in _TABLE:
        raise TypeError(f"{name!r} is not a keyword of vmaf_hip.score")
    if value is None:
        return []
    kind = _TABLE[name][1]
    if kind == "count":
        return [str(_integer(value, name))]
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must be a number, not {type(value).__name__}")
        return [repr(float(value))]
    if kind == "text":
        return [_string(value, name)]
    return _strings(value, name)


def _planes(video: object) -> list[Any] | None:
    """The planes of an array input as a list, or None for a path."""
    if isinstance(video, np.ndarray):
        return [video]
    if isinstance(video, (tuple, list)):
        return list(video)
    return None


def _path(video: Any, name: str) -> str | bytes:
    try:
        path: str | bytes = os.fspath(video)
        return path
    except TypeError:
        raise TypeError(f"{name} must be a path or numpy arrays, not {type(video).__name__}") \
            from None


def _strings(value: object, name: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{name} must be a string or a list of strings")
    return list(value)


def _string(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, not {type(value).__name__}")
    return value


def _integer(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    return int(value)


def _count(value: object, name: str) -> int:
    number = _integer(value, name)
    if not 0 <= number < 2**32:
        raise ValueError(f"{name} must be 0 to {2**32 - 1}, not {number}")
    return number
