#!/usr/bin/env python3
"""vmaf --serve and its clients (issue 59): a request scored by the server
prints, writes and exits exactly as the same command run here (fps aside),
from the client's folder, with its umask; with no server it scores here,
saying so once; the server survives a client killed mid-request, an idle
client, a worker killed; it refuses other users; SIGTERM finishes the
request being scored, refuses what comes after and removes the socket; a
socket file left by a killed server is replaced, any other file is kept.

usage: test_serve.py VMAF_BINARY SHARED_DIR
"""
import csv
import io
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from clip_files import clip_file  # noqa: E402

VMAF, SHARED = os.path.abspath(sys.argv[1]), sys.argv[2]
results = {"passed": 0, "failed": 0}
tmp = tempfile.mkdtemp(prefix="vmaf_serve_")
os.chmod(tmp, 0o755)
CLIP = "vtest_576x324_420p8"
REF = clip_file(SHARED, os.path.join(tmp, "clips"), CLIP, "ref")
DIS = clip_file(SHARED, os.path.join(tmp, "clips"), CLIP, "dis")
ENV = {k: v for k, v in os.environ.items() if k != "VMAF_SERVER"}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + str(detail)[:2000]), flush=True)


def without_fps(data):
    return [line for line in data.splitlines() if b"fps" not in line]


def summary_rows(data):
    """A batch summary without its timing and its reports' digests (their
    fps differ)."""
    rows = list(csv.reader(io.StringIO(data.decode())))
    keep = [i for i, name in enumerate(rows[0]) if name not in ("seconds", "report_digest")]
    return [[r[i] for i in keep] for r in rows]


def start_server(sock, *args, env=None):
    log = open(os.path.join(tmp, os.path.basename(sock) + ".log"), "wb")
    p = subprocess.Popen([VMAF, "--serve", sock, *args], stdin=subprocess.DEVNULL, stdout=log,
                         stderr=subprocess.STDOUT, env=env or ENV)
    # Until it accepts a connection: a stale socket of a killed server is
    # there before the new one replaces it.
    for _ in range(400):
        if p.poll() is not None or listening(sock):
            break
        time.sleep(0.05)
    return p


def listening(sock):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(sock)
            return True
        except OSError:
            return False


def stop_server(p):
    p.send_signal(signal.SIGTERM)
    return p.wait(timeout=60)


def run(args, cwd, env=None, umask=None, user=None):
    def child():
        if umask is not None:
            os.umask(umask)
        if user is not None:
            os.setgid(user)
            os.setuid(user)
    return subprocess.run([VMAF, *args], cwd=cwd, capture_output=True, timeout=120,
                          stdin=subprocess.DEVNULL, env=env or ENV, preexec_fn=child)


def children(pid):
    """The processes whose parent is `pid` (no procps needed)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def folder(name):
    path = os.path.join(tmp, name)
    os.makedirs(path, exist_ok=True)
    return path


def same_as_here(name, sock, args, files=(), umask=None):
    """The command through the server against the same command run here,
    each in a folder of its own: exit status, stdout, stderr, the files."""
    here, there = folder(name + "_here"), folder(name + "_there")
    a = run(args, here, umask=umask)
    b = run(["--server", sock, *args], there, umask=umask)
    problems = []
    if a.returncode != b.returncode:
        problems.append(f"exit {b.returncode}, here {a.returncode}")
    if without_fps(a.stdout) != without_fps(b.stdout):
        problems.append(f"stdout {b.stdout[-300:]!r}, here {a.stdout[-300:]!r}")
    if without_fps(a.stderr) != without_fps(b.stderr):
        problems.append(f"stderr {b.stderr[-300:]!r}, here {a.stderr[-300:]!r}")
    for f in files:
        pa, pb = os.path.join(here, f), os.path.join(there, f)
        if not os.path.exists(pb) or not os.path.exists(pa):
            problems.append(f"{f}: here {os.path.exists(pa)}, there {os.path.exists(pb)}")
            continue
        same = summary_rows if f.endswith("summary.csv") else without_fps
        with open(pa, "rb") as x, open(pb, "rb") as y:
            ca, cb = same(x.read()), same(y.read())
            if ca != cb:
                problems.append(f"{f} differs: {[r for r in cb if r not in ca][:2]} "
                                f"here {[r for r in ca if r not in cb][:2]}")
        if stat.S_IMODE(os.stat(pa).st_mode) != stat.S_IMODE(os.stat(pb).st_mode):
            problems.append(f"{f}: mode {oct(os.stat(pb).st_mode)}, here {oct(os.stat(pa).st_mode)}")
    check(f"through the server as here: {name}", not problems, "; ".join(problems))


def slow_pair(path, pause):
    """A FIFO the reference comes through, its second half after `pause` s
    (or when `release` is set)."""
    os.mkfifo(path)
    release = threading.Event()

    def writer():
        with open(REF, "rb") as f:
            data = f.read()
        with open(path, "wb") as out:
            out.write(data[:len(data) // 2])
            out.flush()
            release.wait(pause)
            try:
                out.write(data[len(data) // 2:])
            except BrokenPipeError:
                pass
    t = threading.Thread(target=writer, daemon=True)
    t.start()
    return t, release


def client(sock, cwd, args):
    return subprocess.Popen([VMAF, "--server", sock, *args, "-q"], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)


def busy_and_waiting(sock, d, name, n):
    """A request held on a FIFO (NAME.y4m) until `release`, then `n` more
    (NAME_I.xml) behind it."""
    writer, release = slow_pair(os.path.join(d, name + ".y4m"), 30)
    busy = client(sock, d, ["-r", name + ".y4m", "-d", DIS, "-o", name + ".xml"])
    time.sleep(1)
    behind = [client(sock, d, ["-r", REF, "-d", DIS, "-o", f"{name}_{i}.xml"]) for i in range(n)]
    time.sleep(1)
    return writer, release, busy, behind


def main():
    sock = os.path.join(tmp, "vmaf.sock")
    server = start_server(sock, "--jobs", "2", "--serve-timeout", "1")
    check("socket made with mode 0600", stat.S_IMODE(os.stat(sock).st_mode) == 0o600,
          oct(os.stat(sock).st_mode))

    for fmt in ("json", "xml", "csv", "sub"):
        same_as_here(fmt, sock, ["-r", REF, "-d", DIS, f"--{fmt}", "-o", f"out.{fmt}", "--feature",
                                 "psnr"], files=[f"out.{fmt}"])
    same_as_here("html_and_stdout", sock, ["-r", REF, "-d", DIS, "--json", "-o", "-", "--html",
                                           "page.html", "-q"], files=["page.html"])
    same_as_here("relative_paths", sock, ["-r", os.path.join("..", "clips", os.path.basename(REF)),
                                          "-d", os.path.join("..", "clips", os.path.basename(DIS)),
                                          "-o", "out.xml"], files=["out.xml"])
    same_as_here("umask_077", sock, ["-r", REF, "-d", DIS, "-o", "out.xml"], files=["out.xml"],
                 umask=0o077)
    same_as_here("missing_input", sock, ["-r", "missing.y4m", "-d", DIS])
    same_as_here("bad_feature", sock, ["-r", REF, "-d", DIS, "--feature", "nonsense"])
    same_as_here("usage_error", sock, ["-r", REF])
    same_as_here("help", sock, ["--help"])
    manifest = os.path.join(tmp, "pairs.csv")
    with open(manifest, "w") as f:
        f.write(f"ref,dis\n{REF},{DIS}\n{REF},missing.y4m\n")
    same_as_here("batch", sock, ["--batch", manifest, "-o", "reports", "-q", "--jobs", "2"],
                 files=["reports/summary.csv", f"reports/0001-{CLIP}_dis.xml"])

    # Pipes: the client's stdin as /dev/stdin, a pipe it holds as /dev/fd/N
    # (bash's <(...)), a /dev/fd/N it has not open.
    d = folder("pipes")
    here = run(["-r", REF, "-d", DIS, "-o", "here.xml", "-q"], d)
    with open(REF, "rb") as f:
        data = f.read()
    p = subprocess.run([VMAF, "--server", sock, "-r", "/dev/stdin", "-d", DIS, "-o", "stdin.xml",
                        "-q"], cwd=d, input=data, capture_output=True, timeout=120, env=ENV)
    read_end, write_end = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(write_end, data), os.close(write_end)))
    writer.start()
    q = subprocess.run([VMAF, "--server", sock, "-r", f"/dev/fd/{read_end}", "-d", DIS, "-o",
                        "fd.xml", "-q"], cwd=d, capture_output=True, timeout=120, env=ENV,
                       stdin=subprocess.DEVNULL, pass_fds=[read_end])
    writer.join()
    os.close(read_end)
    reports = []
    for name in ("here.xml", "stdin.xml", "fd.xml"):
        path = os.path.join(d, name)
        with open(path, "rb") if os.path.exists(path) else open(os.devnull, "rb") as f:
            reports.append(without_fps(f.read()))
    check("pipes: /dev/stdin and /dev/fd/N of the client",
          here.returncode == p.returncode == q.returncode == 0 and reports[0] and
          reports[0] == reports[1] == reports[2], (p.stderr, q.stderr))
    same_as_here("closed_descriptor", sock, ["-r", "/dev/fd/77", "-d", DIS, "-o", "x.xml"])

    # VMAF_SERVER names the server where --server does not.
    d = folder("env")
    p = run(["-r", REF, "-d", DIS, "-o", "out.xml"], d, env={**ENV, "VMAF_SERVER": sock})
    check("VMAF_SERVER: scored, nothing said", p.returncode == 0 and b"server" not in p.stderr,
          p.stderr)
    # A request never reaches a server through the server's environment.
    check("a request asking for --serve is refused",
          run(["--server", sock, "--serve", os.path.join(tmp, "other.sock")], d).returncode == 2)

    # No server there: scored here, said once.
    d = folder("none")
    p = run(["--server", os.path.join(tmp, "nobody.sock"), "-r", REF, "-d", DIS, "-o", "out.xml"], d)
    said = p.stderr.count(b"no server takes the run")
    check("no server: scored here, said once", p.returncode == 0 and said == 1 and
          os.path.exists(os.path.join(d, "out.xml")), p.stderr)

    # An idle client is dropped after --serve-timeout; others are served.
    idle = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    idle.connect(sock)
    idle.settimeout(10)
    t0 = time.monotonic()
    try:
        dropped = idle.recv(1) == b""
    except OSError:
        dropped = False
    check("an idle client is dropped after --serve-timeout", dropped and time.monotonic() - t0 < 5,
          f"{time.monotonic() - t0:.1f} s")
    idle.close()

    # A client killed mid-request: the server goes on and serves the next.
    d = folder("killed")
    fifo = os.path.join(d, "ref.y4m")
    writer, release = slow_pair(fifo, 30)
    victim = subprocess.Popen([VMAF, "--server", sock, "-r", "ref.y4m", "-d", DIS, "-o", "out.xml",
                               "-q"], cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env=ENV)
    time.sleep(1)
    victim.kill()
    victim.wait()
    release.set()
    writer.join(30)
    after = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "after.xml"], d)
    check("a client killed mid-request: the next one is served",
          after.returncode == 0 and server.poll() is None and b"no server" not in after.stderr,
          after.stderr)
    # Its run stopped at the next frame: nothing written for nobody.
    time.sleep(3)
    check("a client killed mid-request: its run stops, no report",
          not os.path.exists(os.path.join(d, "out.xml")))

    # A full queue: one worker busy, --serve-queue 1; the clients beyond
    # what waits score by themselves, saying so, the others are served.
    small_sock = os.path.join(tmp, "small.sock")
    small = start_server(small_sock, "--jobs", "1", "--serve-queue", "1")
    d = folder("queue")
    writer, release, busy, waiting = busy_and_waiting(small_sock, d, "busy", 5)
    release.set()
    said = [w.communicate(timeout=120)[1] for w in waiting]
    busy.communicate(timeout=120)
    writer.join(30)
    full = sum(b"(its queue is full); scoring here" in e for e in said)
    check("a full queue: the clients beyond it score by themselves, the others are served",
          all(w.returncode == 0 for w in waiting) and busy.returncode == 0 and 1 <= full < 5,
          (full, said))
    stop_server(small)

    # SIGTERM with requests queued: the one being scored finishes, the
    # queued ones were never taken and score by themselves, saying so.
    small = start_server(small_sock, "--jobs", "1")
    writer, release, busy, queued = busy_and_waiting(small_sock, d, "busy2", 2)
    small.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    release.set()
    said = [q.communicate(timeout=120)[1] for q in queued]
    busy_err = busy.communicate(timeout=120)[1]
    writer.join(30)
    check("SIGTERM with requests queued: they score by themselves, the busy one finishes",
          busy.returncode == 0 and os.path.exists(os.path.join(d, "busy2.xml")) and
          all(q.returncode == 0 and b"stopped before taking the run" in e
              for q, e in zip(queued, said)) and
          all(os.path.exists(os.path.join(d, f"busy2_{i}.xml")) for i in range(2)) and
          small.wait(timeout=60) == 0, (said, busy_err))

    # A worker killed: another takes its place.
    workers = children(server.pid)
    if workers:
        os.kill(workers[0], signal.SIGKILL)
        time.sleep(1.5)
    p = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "after_worker.xml"], d)
    p2 = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "after_worker2.xml"], d)
    check("a worker killed: requests still served", len(workers) == 2 and p.returncode == 0 and
          p2.returncode == 0 and b"no server" not in p.stderr + p2.stderr, (workers, p.stderr))

    # Other users: the socket's mode keeps them out; where an administrator
    # opened it to them, the server refuses their requests.
    if os.getuid() == 0:
        nobody = 65534
        d = folder("other_user")
        os.chmod(d, 0o777)
        p = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "out.xml"], d, user=nobody)
        check("another user: not let in, scored by itself",
              b"no server takes the run" in p.stderr and b"ermission denied" in p.stderr, p.stderr)
        os.chmod(sock, 0o666)
        p = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "out2.xml"], d, user=nobody)
        check("another user let in by the socket's mode: refused",
              p.returncode == 1 and b"own user" in p.stderr and
              not os.path.exists(os.path.join(d, "out2.xml")), p.stderr)
        os.chmod(sock, 0o600)
    else:
        print("SKIP other users: needs root to run a client as another user", flush=True)

    # SIGTERM: the request being scored finishes, the socket goes at once,
    # later clients score by themselves, the server exits 0.
    d = folder("term")
    fifo = os.path.join(d, "ref.y4m")
    writer, release = slow_pair(fifo, 30)
    busy = subprocess.Popen([VMAF, "--server", sock, "-r", "ref.y4m", "-d", DIS, "-o", "out.xml",
                             "-q"], cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    time.sleep(1)
    server.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    gone = not os.path.exists(sock)
    later = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "later.xml"], d)
    release.set()
    out, err = busy.communicate(timeout=60)
    status = server.wait(timeout=60)
    run(["-r", REF, "-d", DIS, "-o", "here.xml", "-q"], d)
    with open(os.path.join(d, "out.xml"), "rb") as a, open(os.path.join(d, "here.xml"), "rb") as b:
        same = without_fps(a.read()) == without_fps(b.read())
    check("SIGTERM: the request being scored finishes", busy.returncode == 0 and same, err)
    check("SIGTERM: socket removed, later clients score by themselves, exit 0",
          gone and later.returncode == 0 and b"no server takes the run" in later.stderr and status == 0,
          (gone, later.stderr, status))

    # A socket file left by a killed server is replaced; a file that is not a
    # socket is kept; a socket a server answers on is not taken.
    stale = start_server(sock)
    for w in children(stale.pid):
        os.kill(w, signal.SIGKILL)
    stale.kill()
    stale.wait()
    check("a killed server leaves its socket", os.path.exists(sock))
    again = start_server(sock)
    p = run(["--server", sock, "-r", REF, "-d", DIS, "-o", "again.xml"], d)
    check("its socket replaced by a new server", p.returncode == 0 and b"no server" not in p.stderr,
          p.stderr)
    second = subprocess.run([VMAF, "--serve", sock], capture_output=True, timeout=30)
    check("a second server on a live socket is refused",
          second.returncode == 1 and b"already listens" in second.stderr, second.stderr)
    stop_server(again)
    precious = os.path.join(tmp, "precious.txt")
    with open(precious, "w") as f:
        f.write("keep me")
    p = subprocess.run([VMAF, "--serve", precious], capture_output=True, timeout=30)
    with open(precious) as f:
        kept = f.read() == "keep me"
    check("a file that is not a socket is kept", p.returncode == 1 and kept and
          b"not a socket" in p.stderr, p.stderr)
    p = subprocess.run([VMAF, "--serve", sock, "-r", REF, "-d", DIS], capture_output=True, timeout=30)
    check("--serve with -r/-d is refused", p.returncode == 2 and b"--serve takes" in p.stderr, p.stderr)

    print(f"serve: {results['passed']} passed, {results['failed']} failed")
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
