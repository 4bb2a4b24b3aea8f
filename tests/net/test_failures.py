"""Why a connection failed, as a code (net/failures.py): OS errors mapped, and the
codes a real connection puts in its ``disconnected`` notice and its exceptions —
nothing listening, a closed table, a host that closes the table, a name that does not
resolve, another protocol."""

from __future__ import annotations

import asyncio
import errno
import socket
import time

import pytest

from net.client import JoinFailed, JoinRefused, TcpConnection, connect
from net.failures import LINK_CODES, failure_code
from net.local import LocalHost

WAIT = 20.0


@pytest.mark.parametrize(
    "exc, code",
    [
        (
            ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 1)"),
            "refused",
        ),
        (asyncio.TimeoutError(), "timed-out"),
        (TimeoutError(errno.ETIMEDOUT, "timed out"), "timed-out"),
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), "no-such-name"),
        (OSError(errno.EHOSTUNREACH, "No route to host"), "unreachable"),
        (OSError(errno.ENETUNREACH, "Network is unreachable"), "unreachable"),
        (OSError(errno.ENETDOWN, "Network is down"), "no-network"),
        (ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"), "reset"),
        (BrokenPipeError(errno.EPIPE, "Broken pipe"), "reset"),
        (OSError(errno.EACCES, "Permission denied"), "cannot-reach"),
        (None, "closed"),
        # asyncio's one error for every address of a name it tried, without an errno:
        (
            OSError(
                "Multiple exceptions: [Errno 99] Cannot assign requested address, "
                "[Errno 111] Connect call failed ('127.0.0.1', 1)"
            ),
            "refused",
        ),
        (OSError("Multiple exceptions: [Errno 113] No route to host"), "unreachable"),
    ],
)
def test_each_os_error_has_its_code(exc, code):
    assert failure_code(exc) == code
    assert code in LINK_CODES


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_nothing_listening_is_refused_with_the_address():
    port = free_port()
    with pytest.raises(JoinFailed) as info:
        connect(f"127.0.0.1:{port}", timeout=5.0)
    assert info.value.code == "refused"
    assert info.value.address == f"127.0.0.1:{port}"


def test_the_notice_of_a_failed_join_names_code_and_address():
    port = free_port()
    conn = TcpConnection("127.0.0.1", port, connect_timeout=5.0).start()
    assert conn.answered.wait(WAIT)
    (notice,) = [m for m in conn.poll() if m["type"] == "disconnected"]
    conn.close()
    assert (notice["code"], notice["address"]) == ("refused", f"127.0.0.1:{port}")
    assert "reconnecting" not in notice and conn.failure == "refused"


def test_a_name_that_does_not_resolve():
    with pytest.raises(JoinFailed) as info:
        connect("no-such-host.invalid:47470", timeout=5.0)
    assert (info.value.code, info.value.address) == ("no-such-name", "no-such-host.invalid:47470")


def test_a_host_that_closes_the_table_says_so():
    host = LocalHost("take5", ["open", "open", "bot"], 1, bot_delay=0.0)
    host.start()
    port = host.listen(0, "127.0.0.1")
    conn = connect(f"127.0.0.1:{port}", player="Ana")
    try:
        host.stop()
        end = time.monotonic() + WAIT
        seen: list[dict] = []
        while time.monotonic() < end and not any(m["type"] == "disconnected" for m in seen):
            seen += conn.poll()
            time.sleep(0.01)
        (gone,) = [m for m in seen if m["type"] == "disconnected"]
        assert gone["code"] == "host-closed"
        assert gone["address"] == f"127.0.0.1:{port}"
        assert "reconnecting" not in gone  # a table that closed is not tried again
        assert conn.refusal["code"] == "host-closed"
    finally:
        conn.close()
        host.stop()


def test_a_refusal_names_the_address():
    host = LocalHost("take5", ["open", "open", "bot"], 1, bot_delay=0.0)
    host.start()
    port = host.listen(0, "127.0.0.1")
    try:
        with pytest.raises(JoinRefused) as info:
            connect(f"127.0.0.1:{port}", player="Ana", seat=2)
        assert (info.value.code, info.value.address) == ("seat-is-bot", f"127.0.0.1:{port}")
    finally:
        host.stop()


def test_something_that_is_not_a_tapete_table_is_unreadable():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]

    def answer() -> None:
        peer, _ = srv.accept()
        peer.recv(1024)
        peer.sendall(b"\xc1" * 8)  # 0xc1: never a msgpack byte
        time.sleep(0.5)
        peer.close()

    import threading

    t = threading.Thread(target=answer, daemon=True)
    t.start()
    try:
        with pytest.raises(JoinFailed) as info:
            connect(f"127.0.0.1:{port}", timeout=5.0)
        assert info.value.code == "unreadable"
    finally:
        t.join(WAIT)
        srv.close()
