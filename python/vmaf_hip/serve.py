"""A resident ``vmaf --serve`` from Python (docs/serve.md): start one for
the life of a ``with`` block, and hand it command lines that it scores as
``vmaf`` run by itself would, from the caller's folder and streams.

    with vmaf_hip.Server(vmaf="vmaf") as server:
        conn = vmaf_hip.connect(server.socket)
        for crf in range(20, 40):
            status = conn.run(["-r", "ref.y4m", "-d", f"crf{crf}.mp4", "--json",
                               "-o", f"crf{crf}.json", "-q"])
"""
from __future__ import annotations

import os
import shutil
import signal
import socket as _socket
import struct
import subprocess
import tempfile
import time
from typing import IO, Mapping, Optional, Sequence, Union

# The request and the answer, as core/tools/serve_protocol.cpp writes them.
_REQUEST = b"VMAFRQ01"
_TAKEN = b"VMAFTK01"
_STATUS = b"VMAFST01"
_MAX_PAYLOAD = 1 << 20

_Stream = Union[int, IO[bytes], IO[str], None]


def _fileno(stream: _Stream, default: int) -> int:
    if stream is None:
        return default
    if isinstance(stream, int):
        return stream
    stream.flush()
    return stream.fileno()


class Connection:
    """A server's socket; each run() is one request on a connection of its own."""

    def __init__(self, socket: str):
        self.socket = socket

    def run(self, args: Sequence[str], *, cwd: Optional[str] = None, stdin: _Stream = None,
            stdout: _Stream = None, stderr: _Stream = None) -> int:
        """Scores ``vmaf ARGS`` on the server and returns its exit status.

        Relative paths in ``args`` are taken from ``cwd`` (default: the
        current folder), a /dev/fd/N from this process's descriptor N (a
        pipe); what the run prints goes to ``stdout`` and
        ``stderr`` (file objects with a descriptor, or descriptors; default:
        this process's). Raises ConnectionError where no server answers.
        """
        args = [os.fsdecode(a) for a in args]
        payload = struct.pack("<II", _umask(), len(args))
        named: list[int] = []
        for a in args:
            data = a.encode()
            payload += struct.pack("<I", len(data)) + data
            fd = _named_descriptor(a)
            if fd is not None and fd not in named:
                try:
                    os.fstat(fd)
                except OSError:
                    raise ValueError(f"{a} names no open descriptor") from None
                named.append(fd)
        payload += struct.pack(f"<I{len(named)}I", len(named), *named)
        if len(payload) > _MAX_PAYLOAD:
            raise ValueError("the arguments are too long for a server request")
        message = _REQUEST + struct.pack("<I", len(payload)) + payload
        folder = os.open(cwd if cwd is not None else ".", os.O_PATH | os.O_DIRECTORY)
        try:
            fds = [folder, _fileno(stdin, 0), _fileno(stdout, 1), _fileno(stderr, 2), *named]
            with _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM) as s:
                # A server whose queue is full refuses at once.
                s.setblocking(False)
                try:
                    s.connect(self.socket)
                except BlockingIOError as e:
                    raise ConnectionError(f"the server at {self.socket!r}: its queue is full") from e
                except OSError as e:
                    raise ConnectionError(f"no server answers at {self.socket!r}: "
                                          f"{e.strerror}") from e
                s.setblocking(True)
                sent = _socket.send_fds(s, [message], fds)
                # Never an empty send: a quick request (a missing file) may
                # be answered and closed already, and that would fail.
                if sent < len(message):
                    s.sendall(message[sent:])
                taken = _receive(s, len(_TAKEN))
                if taken != _TAKEN:
                    raise ConnectionError(f"the server at {self.socket!r} stopped before taking "
                                          "the run")
                answer = _receive(s, 12)
                if len(answer) < 12:
                    raise ConnectionError(f"the server at {self.socket!r} ended the request "
                                          "without an answer")
        finally:
            os.close(folder)
        if answer[:8] != _STATUS:
            raise ConnectionError(f"the server at {self.socket!r} answered something else")
        status: int = struct.unpack("<i", answer[8:])[0]
        return status


def _receive(s: _socket.socket, n: int) -> bytes:
    """Up to `n` bytes: fewer where the connection ends first."""
    data = b""
    while len(data) < n:
        try:
            chunk = s.recv(n - len(data))
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return data


def _named_descriptor(arg: str) -> Optional[int]:
    """N where `arg` is /dev/fd/N or /proc/self/fd/N (a pipe's path)."""
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        rest = arg[len(prefix):]
        if arg.startswith(prefix) and rest.isdigit() and len(rest) <= 6:
            return int(rest)
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def connect(socket: Optional[str] = None) -> Connection:
    """The server at ``socket`` (default: $VMAF_SERVER)."""
    socket = socket or os.environ.get("VMAF_SERVER")
    if not socket:
        raise ValueError("connect() needs a socket, or VMAF_SERVER naming one")
    return Connection(os.fspath(socket))


class Server:
    """``vmaf --serve`` as a child process, for the life of a ``with`` block.

    socket: where it listens (default: a new temporary folder's vmaf.sock);
    vmaf: the CLI to run; jobs: requests scored at once; env: its
    environment (every request's: VMAF_BACKEND, VMAF_GPU, ...).
    """

    def __init__(self, socket: Optional[str] = None, *, vmaf: str = "vmaf", jobs: int = 2,
                 env: Optional[Mapping[str, str]] = None, start_timeout: float = 30.0):
        self._folder: Optional[str] = None
        if socket:
            self.socket = os.fspath(socket)
        else:
            self._folder = tempfile.mkdtemp(prefix="vmaf_serve_")
            self.socket = os.path.join(self._folder, "vmaf.sock")
        # Its messages in a file: a pipe nobody reads could fill and stop it.
        self._log = tempfile.TemporaryFile()
        self._process = subprocess.Popen([vmaf, "--serve", self.socket, "--jobs", str(jobs), "-q"],
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=self._log, env=env)
        deadline = time.monotonic() + start_timeout
        while not self._answers():
            if self._process.poll() is not None:
                self._log.seek(0)
                said = self._log.read().decode(errors="replace").strip()
                self._cleanup()
                raise RuntimeError(f"vmaf --serve {self.socket} exited "
                                   f"{self._process.returncode}: {said}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"vmaf --serve {self.socket} did not start in time")
            time.sleep(0.02)

    def _answers(self) -> bool:
        with _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM) as s:
            try:
                s.connect(self.socket)
            except OSError:
                return False
        return True

    def connect(self) -> Connection:
        return Connection(self.socket)

    def stop(self, timeout: Optional[float] = None) -> int:
        """SIGTERM: the requests being scored finish; returns the exit status."""
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
        try:
            status = self._process.wait(timeout)
        finally:
            self._cleanup()
        return status

    def _cleanup(self) -> None:
        self._log.close()
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
