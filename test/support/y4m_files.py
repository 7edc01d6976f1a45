"""Y4M files as bytes, for the CLI tests that cut, repeat or damage frames:
the header line and each frame's samples (sizes from the header's W, H and
C), and such frames written back."""


def frame_bytes(header):
    """The samples of one frame of a Y4M file with this header line."""
    tags = {t[:1]: t[1:] for t in header.split()[1:]}
    w, h = int(tags[b"W"]), int(tags[b"H"])
    colour = tags.get(b"C", b"420jpeg")
    wide = any(colour.endswith(b"p" + bits) for bits in (b"9", b"10", b"12", b"14", b"16"))
    cw, ch = (w + 1) // 2, (h + 1) // 2
    chroma = (0 if colour.startswith(b"mono") else w * h if colour.startswith(b"444")
              else cw * h if colour.startswith(b"422") else cw * ch)
    return (w * h + 2 * chroma) * (2 if wide else 1)


def y4m_frames(path):
    """The header line (with its newline) and each frame's samples."""
    with open(path, "rb") as f:
        data = f.read()
    pos = data.index(b"\n") + 1
    header, frames = data[:pos], []
    size = frame_bytes(header)
    while pos < len(data):
        pos = data.index(b"\n", pos) + 1  # the FRAME line
        frames.append(data[pos:pos + size])
        pos += size
    return header, frames


def write_y4m(path, header, frames):
    """A Y4M file of `header` and each of `frames` (samples) after a FRAME line."""
    with open(path, "wb") as f:
        f.write(header)
        for frame in frames:
            f.write(b"FRAME\n" + frame)
    return path
