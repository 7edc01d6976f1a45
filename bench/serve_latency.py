#!/usr/bin/env python3
"""vmaf --serve against vmaf run alone (issue 59): the wall time of short
calls through a client and of the same calls run here, alternating, and
the aggregate of several clients at once.

    serve_latency.py VMAF REF DIS [--frames 1] [--calls 20] [--clients 0]
                     [VMAF ARGS...]          e.g. --backend hip

--frames: frames a call scores (--frame_cnt); --calls: calls of each kind,
alternating client and local; --clients N: then N clients at once, each
making --calls calls, against N local runs at once. Prints the median and
the total of each kind and their ratio.
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timed_run import run_seconds  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vmaf")
    ap.add_argument("ref")
    ap.add_argument("dis")
    ap.add_argument("--frames", type=int, default=1)
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--clients", type=int, default=0)
    args, extra = ap.parse_known_args()
    tmp = tempfile.mkdtemp(prefix="vmaf_serve_bench_")
    sock = os.path.join(tmp, "vmaf.sock")
    jobs = max(2, args.clients)
    server = subprocess.Popen([args.vmaf, "--serve", sock, "--jobs", str(jobs), "-q"],
                              stderr=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    call = ["-r", args.ref, "-d", args.dis, "--frame_cnt", str(args.frames), "-q",
            "-o", os.devnull, *extra]
    local = [args.vmaf, *call]
    client = [args.vmaf, "--server", sock, *call]
    env = {k: v for k, v in os.environ.items() if k != "VMAF_SERVER"}
    # The server's workers start their GPU context on their first request.
    for _ in range(jobs):
        run_seconds(client, env)
    times = {"client": [], "local": []}
    for _ in range(args.calls):
        times["client"].append(run_seconds(client, env))
        times["local"].append(run_seconds(local, env))
    print(f"{args.calls} calls of {args.frames} frame(s) each, {' '.join(extra) or 'default model'}")
    for kind, t in times.items():
        print(f"  {kind:6s}: median {statistics.median(t) * 1000:8.1f} ms, total {sum(t):7.2f} s")
    print(f"  local / client: {sum(times['local']) / sum(times['client']):.2f}x")
    if args.clients:
        for kind, cmd in (("client", client), ("local", local)):
            t0 = time.perf_counter()
            threads = [threading.Thread(target=lambda: [run_seconds(cmd, env) for _ in range(args.calls)])
                       for _ in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            seconds = time.perf_counter() - t0
            calls = args.clients * args.calls
            print(f"  {args.clients} at once, {kind:6s}: {calls} calls in {seconds:.2f} s, "
                  f"{calls * args.frames / seconds:.1f} frames/s")
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=120)


if __name__ == "__main__":
    main()
