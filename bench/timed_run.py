"""One timed run of a command for the bench scripts: the seconds it took and
its stderr; a failed run stops the script saying why, always: the command,
its exit status or the signal that ended it, and the end of what it wrote
to stderr (issue 57: a batch row once exited non-zero with nothing said)."""
import signal
import subprocess
import sys
import time


def why_failed(cmd, returncode, stderr):
    if returncode < 0:
        try:
            status = f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            status = f"killed by signal {-returncode}"
    else:
        status = f"exit status {returncode}"
    said = stderr.strip()[-2000:] if stderr and stderr.strip() else "(nothing on stderr)"
    return f"failed ({status}): {' '.join(cmd)}\n{said}"


def run_timed(cmd, env=None):
    """Seconds the command took and its stderr; exits the script on failure."""
    t0 = time.perf_counter()
    p = subprocess.run(cmd, env=env, text=True, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(why_failed(cmd, p.returncode, p.stderr))
    return seconds, p.stderr


def run_seconds(cmd, env=None):
    """Seconds the command took; exits the script on failure."""
    return run_timed(cmd, env)[0]
