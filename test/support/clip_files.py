"""The public clips as plain Y4M files, for the Python tests: each one
decompressed once into a work folder shared by the tests (written under a
temporary name, then renamed, so tests running at once never see half a
file)."""
import lzma
import os


def clip_file(shared, work, clip, side):
    """WORK/CLIP_SIDE.y4m from SHARED/clips/CLIP_SIDE.y4m.xz (side: ref or dis)."""
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, f"{clip}_{side}.y4m")
    if not os.path.exists(path):
        tmp = f"{path}.part{os.getpid()}"
        with lzma.open(os.path.join(shared, "clips", f"{clip}_{side}.y4m.xz")) as src, open(tmp, "wb") as dst:
            dst.write(src.read())
        os.replace(tmp, path)
    return path
