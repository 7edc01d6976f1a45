#!/usr/bin/env python3
"""Long runs (issue 57): memory, threads and file descriptors of `vmaf` over
a long synthetic pair streamed through two FIFOs (never stored), or over a
batch of many small pairs; a line per checkpoint, printed as it is reached.

    soak.py pair VMAF --size 3840x2160 --frames 100000 [--checkpoints 1000,10000]
                 [VMAF ARGS...]        e.g. --threads 16, --backend hip, --feature psnr -n
    soak.py batch VMAF --pairs 10000 [--checkpoints 100,1000] [VMAF ARGS...]

A checkpoint of the pair is the frame the writers have handed over (the
reader holds a few more than vmaf has scored); of the batch, the reports
written. RSS is the process's resident memory then, peak its high-water
mark; GPU is the process's device memory as nvidia-smi reports it (with
--backend hip). The last line is at the end, once vmaf has exited.
"""
import fcntl
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time

F_SETPIPE_SZ = 1031


def status(pid):
    """(rss MiB, peak MiB, threads, open fds) of a live process, else None."""
    try:
        fields = {}
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields[key] = value.split()
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None
    if "VmRSS" not in fields:  # exited, not yet waited for
        return None
    return (int(fields["VmRSS"][0]) / 1024, int(fields["VmHWM"][0]) / 1024,
            int(fields["Threads"][0]), fds)


def peak_mib():
    """The largest resident size of a child waited for (vmaf's; nvidia-smi's are small)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def gpu_memory(pid):
    """The process's device memory in MiB (nvidia-smi), or None."""
    if not shutil.which("nvidia-smi"):
        return None
    out = subprocess.run(["nvidia-smi", "--query-compute-apps=pid,used_memory",
                          "--format=csv,noheader,nounits"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        p, _, mib = line.partition(",")
        if p.strip() == str(pid):
            return int(mib)
    return None


class Monitor:
    """Prints a row at each checkpoint `progress()` passes, and the peak."""

    def __init__(self, pid, checkpoints, unit, t0):
        self.pid, self.checkpoints, self.unit, self.t0 = pid, sorted(checkpoints), unit, t0
        print(f"| {unit} | seconds | RSS MiB | peak MiB | threads | fds | GPU MiB |", flush=True)
        print("|---:|---:|---:|---:|---:|---:|---:|", flush=True)

    def row(self, label, s):
        gpu = gpu_memory(self.pid)
        print(f"| {label} | {time.monotonic() - self.t0:.0f} | {s[0]:.0f} | {s[1]:.0f} | {s[2]} | "
              f"{s[3]} | {'-' if gpu is None else gpu} |", flush=True)

    def watch(self, progress, proc):
        last = None
        while proc.poll() is None:
            s = status(self.pid)
            if s:
                last = s
                while self.checkpoints and progress() >= self.checkpoints[0]:
                    self.row(f"{self.checkpoints.pop(0):,}", s)
            time.sleep(0.2)
        return last


def y4m_frames(w, h, count):
    """`count` distinct 4:2:0 frames of noise, as Y4M FRAME records."""
    size = w * h * 3 // 2
    return [b"FRAME\n" + os.urandom(size) for _ in range(count)]


def records_file(records):
    """The records one after the other in an anonymous memory file, so that
    the writer splices pages into the pipe instead of copying them (at 2160p
    the copy bounded the soak to ~140-195 frames/s)."""
    fd = os.memfd_create("soak_frames")
    for record in records:
        view = memoryview(record)
        while view:
            view = view[os.write(fd, view):]
    return fd


def send(fd, src, offset, size, record):
    """One record into the pipe: spliced from `src` at `offset`, else written."""
    if src is not None:
        done = 0
        while done < size:
            done += os.splice(src, fd, size - done, offset_src=offset + done)
        return
    view = memoryview(record)
    while view:
        view = view[os.write(fd, view):]


def writer(path, w, h, frames, distinct, counter, index):
    header = f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 C420jpeg\n".encode()
    records = y4m_frames(w, h, distinct)
    size = len(records[0])
    try:
        src = records_file(records) if hasattr(os, "splice") else None
    except OSError:
        src = None  # no memfd: written, as before
    fd = os.open(path, os.O_WRONLY)
    try:
        fcntl.fcntl(fd, F_SETPIPE_SZ, 1 << 20)
    except OSError:
        pass  # the system's default pipe size: slower, not wrong
    try:
        os.write(fd, header)
        for i in range(frames):
            send(fd, src, (i % distinct) * size, size, records[i % distinct])
            counter[index] = i + 1
    except BrokenPipeError:
        pass  # vmaf stopped reading (it failed): its exit status says why
    finally:
        os.close(fd)
        if src is not None:
            os.close(src)


def soak_pair(vmaf, w, h, frames, checkpoints, args):
    tmp = tempfile.mkdtemp(prefix="vmaf_soak_")
    try:
        ref, dis = os.path.join(tmp, "ref.y4m"), os.path.join(tmp, "dis.y4m")
        os.mkfifo(ref)
        os.mkfifo(dis)
        t0 = time.monotonic()
        proc = subprocess.Popen([vmaf, "-r", ref, "-d", dis, "-q", *args],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        counter = [0, 0]
        threads = [threading.Thread(target=writer, args=(p, w, h, frames, 8, counter, i),
                                    daemon=True) for i, p in enumerate((ref, dis))]
        for t in threads:
            t.start()
        monitor = Monitor(proc.pid, checkpoints, "frames", t0)
        last = monitor.watch(lambda: min(counter), proc)
        err = proc.stderr.read()
        for t in threads:
            t.join()
        if last:
            monitor.row(f"end ({min(counter):,} written)", last)
        print(f"vmaf exit {proc.returncode} after {time.monotonic() - t0:.0f} s, "
              f"{frames / (time.monotonic() - t0):.1f} frames/s; peak RSS {peak_mib():.0f} MiB",
              flush=True)
        if proc.returncode:
            print(err[-2000:] or "(nothing on stderr)")
        return proc.returncode
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def soak_batch(vmaf, pairs, checkpoints, args):
    tmp = tempfile.mkdtemp(prefix="vmaf_soak_batch_")
    try:
        ref, dis = os.path.join(tmp, "ref.y4m"), os.path.join(tmp, "dis.y4m")
        w, h = 64, 48
        for path in (ref, dis):
            with open(path, "wb") as f:
                f.write(f"YUV4MPEG2 W{w} H{h} F25:1 Ip A1:1 C420jpeg\n".encode())
                for record in y4m_frames(w, h, 3):
                    f.write(record)
        # A reference of its own per pair (links): pairs that share both
        # inputs would be scored as a ladder.
        refs = os.path.join(tmp, "refs")
        os.mkdir(refs)
        manifest = os.path.join(tmp, "pairs.csv")
        with open(manifest, "w") as f:
            f.write("ref,dis\n")
            for i in range(pairs):
                link = os.path.join(refs, f"r{i}.y4m")
                os.symlink(ref, link)
                f.write(f"{link},{dis}\n")
        out = os.path.join(tmp, "out")
        os.mkdir(out)
        t0 = time.monotonic()
        proc = subprocess.Popen([vmaf, "--batch", manifest, "-o", out, "-q", *args],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        monitor = Monitor(proc.pid, checkpoints, "pairs", t0)
        done = lambda: sum(1 for e in os.scandir(out) if not e.name.startswith("."))  # noqa: E731
        last = monitor.watch(done, proc)
        err = proc.stderr.read()
        if last:
            monitor.row(f"end ({done():,} files)", last)
        print(f"vmaf exit {proc.returncode} after {time.monotonic() - t0:.0f} s; peak RSS "
              f"{peak_mib():.0f} MiB", flush=True)
        if proc.returncode:
            print(err[-2000:] or "(nothing on stderr)")
        return proc.returncode
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def take(argv, flag, default):
    if flag in argv:
        i = argv.index(flag)
        value = argv[i + 1]
        del argv[i:i + 2]
        return value
    return default


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("pair", "batch"):
        sys.exit(__doc__)
    mode, vmaf, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "pair":
        w, h = map(int, take(argv, "--size", "3840x2160").split("x"))
        frames = int(take(argv, "--frames", "100000"))
        points = [int(c) for c in take(argv, "--checkpoints", "1000,10000").split(",")]
        return soak_pair(vmaf, w, h, frames, points, argv)
    pairs = int(take(argv, "--pairs", "10000"))
    points = [int(c) for c in take(argv, "--checkpoints", "100,1000").split(",")]
    return soak_batch(vmaf, pairs, points, argv)


if __name__ == "__main__":
    sys.exit(main())
