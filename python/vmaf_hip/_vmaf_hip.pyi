# The native module's names that the package uses (python/src/module.cpp),
# for type checkers; vmaf_hip's functions are the public API.
from typing import Any, Callable, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

class VmafError(RuntimeError): ...
class VmafDeviceError(VmafError): ...

class ScoreOptions:
    models: Optional[list[str]]
    features: list[str]
    backend: str
    html: Optional[str]
    gpus: list[int]
    all_gpus: bool
    # The option table's keywords, each value as text.
    values: list[tuple[str, str]]
    output: Optional[str]
    output_format: str
    progress: Optional[Callable[[int, Optional[int]], object]]
    def __init__(self) -> None: ...

# A table: "frames", "seconds", "width", "height", "frame_rate", "pooled",
# "scores", "alignment", as vmaf_hip.Result reads it. A path is str or bytes.
def score_files(reference: Union[str, bytes], distorted: Union[str, bytes],
                options: ScoreOptions) -> dict[str, Any]: ...
def score_arrays(reference: list[npt.NDArray[np.generic]], distorted: list[npt.NDArray[np.generic]],
                 options: ScoreOptions) -> dict[str, Any]: ...
def score_ladder(reference: Union[str, bytes], distorted: list[Union[str, bytes]],
                 options: ScoreOptions) -> list[dict[str, Any]]: ...
def hip_available() -> bool: ...
# ValueError where score() would refuse the options.
def check_options(options: ScoreOptions) -> None: ...
# The session's option table: (keyword, kind, annotation, default, help) a row.
def option_table() -> list[tuple[str, str, str, str, str]]: ...
# (path, what it is) of the files many runs read and write; ValueError where
# an output is an input or another output.
def check_files(reads: list[tuple[str, str]], writes: list[tuple[str, str]]) -> None: ...
