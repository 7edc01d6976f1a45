"""vmaf_hip.Server and connect(): a vmaf --serve child for a with block,
and requests through it that write the CLI's reports from the folder
given, print on the streams given and return the CLI's exit status."""
import json
import os
import threading

import pytest

from harness import clip, import_vmaf_hip

vmaf_hip = import_vmaf_hip()

NAME = "vtest_576x324_420p8"


def _report(path):
    with open(path) as f:
        return {k: v for k, v in json.load(f).items() if k != "fps"}


def test_requests_write_what_the_cli_writes(tmp_path):
    vmaf = os.environ["VMAF_TEST_VMAF"]
    ref, dis = clip(NAME, "ref"), clip(NAME, "dis")
    here = tmp_path / "here"
    here.mkdir()
    assert os.spawnv(os.P_WAIT, vmaf, [vmaf, "-r", ref, "-d", dis, "--json", "-o",
                                       str(here / "out.json"), "-q"]) == 0
    served = tmp_path / "served"
    served.mkdir()
    with vmaf_hip.Server(vmaf=vmaf) as server:
        conn = vmaf_hip.connect(server.socket)
        with open(tmp_path / "err.txt", "wb") as err:
            assert conn.run(["-r", ref, "-d", dis, "--json", "-o", "out.json"],
                            cwd=str(served), stderr=err) == 0
            assert conn.run(["-r", "missing.y4m", "-d", dis], cwd=str(served), stderr=err) == 1
            # A pipe the caller holds, named as /dev/fd/N.
            read_end, write_end = os.pipe()
            with open(ref, "rb") as f:
                data = f.read()
            writer = threading.Thread(target=lambda: (os.write(write_end, data),
                                                      os.close(write_end)))
            writer.start()
            assert conn.run(["-r", f"/dev/fd/{read_end}", "-d", dis, "--json", "-o", "pipe.json",
                             "-q"], cwd=str(served), stderr=err) == 0
            writer.join()
            os.close(read_end)
            with pytest.raises(ValueError, match="no open descriptor"):
                conn.run(["-r", "/dev/fd/999", "-d", dis])
        socket = server.socket
        assert os.path.exists(socket)
    assert not os.path.exists(socket)
    assert _report(served / "out.json") == _report(here / "out.json")
    assert _report(served / "pipe.json") == _report(here / "out.json")
    said = (tmp_path / "err.txt").read_text()
    assert "missing.y4m: cannot open" in said and "vmaf_v0.6.1: " in said


def test_no_server_raises(tmp_path, monkeypatch):
    conn = vmaf_hip.connect(str(tmp_path / "nobody.sock"))
    with pytest.raises(ConnectionError, match="no server answers"):
        conn.run(["--help"])
    monkeypatch.delenv("VMAF_SERVER", raising=False)
    with pytest.raises(ValueError, match="VMAF_SERVER"):
        vmaf_hip.connect()


def test_a_server_that_cannot_start_says_why(tmp_path):
    kept = tmp_path / "not_a_socket"
    kept.write_text("keep")
    with pytest.raises(RuntimeError, match="not a socket"):
        vmaf_hip.Server(str(kept), vmaf=os.environ["VMAF_TEST_VMAF"])
    assert kept.read_text() == "keep"
