"""Y4M files read into numpy arrays, independently of the library: the
tests score the arrays and compare with scoring the file."""
import numpy as np

# Y4M's C tag -> (bits, chroma subsampling (width, height)); None: no chroma.
_CHROMA = {"420": (2, 2), "420jpeg": (2, 2), "420mpeg2": (2, 2), "420paldv": (2, 2),
           "422": (2, 1), "444": (1, 1), "mono": None}


def read_y4m(path, frames=None):
    """(Y, U, V) uint8 or uint16 arrays of shape (frames, rows, columns);
    (Y,) for mono. `frames`: at most that many."""
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"\n")
    tags = {t[:1]: t[1:] for t in data[:end].decode().split()[1:]}
    w, h = int(tags["W"]), int(tags["H"])
    colour = tags.get("C", "420jpeg")
    bits = 8
    if "p" in colour and colour.split("p")[-1].isdigit():
        colour, bits = colour.rsplit("p", 1)
        bits = int(bits)
    sub = _CHROMA[colour]
    dtype = np.dtype(np.uint8) if bits == 8 else np.dtype("<u2")
    shapes = [(h, w)]
    if sub:
        shapes += [(-(-h // sub[1]), -(-w // sub[0]))] * 2
    planes = [[] for _ in shapes]
    pos = end + 1
    while pos < len(data) and (frames is None or len(planes[0]) < frames):
        pos = data.index(b"\n", pos) + 1  # the FRAME line
        for plane, (ph, pw) in zip(planes, shapes):
            count = ph * pw
            plane.append(np.frombuffer(data, dtype, count, pos).reshape(ph, pw))
            pos += count * dtype.itemsize
    # In native byte order, as the module takes uint16.
    return tuple(np.stack(p).astype(np.uint16 if bits > 8 else np.uint8) for p in planes)
