"""The fast path of an action to every client (issue 18): the host builds every delta
before it sends the first, and sends the seats' before the spectators'; no Nagle delay
on either end; a headless client applies each delta on its network thread as it is
read; the decoder's nesting check is the same check, done level by level."""

from __future__ import annotations

import socket
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from net.botplayer import play_remote
from net.client import connect
from net.host import Table
from net.local import LocalHost
from net.protocol import MAX_BUFFER, MAX_DEPTH, Decoder, ProtocolError, depth, encode, roundtrip

WAIT = 20.0  # seconds: the bound of every wait below


def test_every_delta_is_built_before_the_first_is_sent_and_seats_go_first():
    """Take 5 at 4 seats, two spectators attached first: at the moment the host sends
    the first delta of an action, every connection's delta is already built (each
    client's ``seq`` is the new one); the four seats get theirs before any spectator."""
    table = Table("take5", ["human"] * 4, 3)
    order: list[tuple[str, int]] = []
    seqs_at_first_send: list[list[int]] = []
    clients = []

    def recorder(name):
        def send(message):
            if message.get("type") != "delta":
                return
            if not any(o[1] == message["seq"] for o in order):
                seqs_at_first_send.append([c.seq for c in clients])
            order.append((name, message["seq"]))

        return send

    clients += [table.attach(None, recorder("spectator")) for _ in range(2)]
    clients += [table.attach(s, recorder(f"seat {s}")) for s in range(4)]
    card = table.view(0)["hand"][0]
    table.receive(clients[2], {"type": "action", "action": {"type": "choose", "card": card}})
    assert len(table.actions) == 1
    assert [name for name, _ in order] == ["seat 0", "seat 1", "seat 2", "seat 3"] + [
        "spectator"
    ] * 2
    assert seqs_at_first_send == [[1] * 6]


def test_no_nagle_delay_on_the_host_or_the_client():
    """Both ends of a table's TCP connection send small messages at once
    (``TCP_NODELAY``): a delta is ~50 bytes."""
    host = LocalHost("take5", ["open", "bot"], 1, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", player="a")
        try:
            mine = conn._writer.transport.get_extra_info("socket")
            assert mine.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0

            def host_sockets(table):
                server = next(s for s in host._services if hasattr(s, "_peers"))
                return [
                    p.writer.get_extra_info("socket").getsockopt(
                        socket.IPPROTO_TCP, socket.TCP_NODELAY
                    )
                    for p in server._peers
                ]

            flags = host.call(host_sockets)
            assert flags and all(f != 0 for f in flags)
        finally:
            conn.close()
    finally:
        host.stop()


def test_a_headless_client_applies_each_delta_on_its_network_thread():
    """``play_remote`` takes every message into its mirror on the thread that reads it
    (a TCP connection's network thread), so a delta is applied as soon as it is read;
    a spectator's calling thread is not woken for each delta."""
    host = LocalHost("take5", ["open", "bot", "bot"], 5, {"rounds": 1}, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", spectator=True)
        threads: set[str] = set()
        seqs: list[int] = []

        def seen(message, mirror):
            if message.get("type") == "delta":
                threads.add(threading.current_thread().name)
                assert mirror.seq == message["seq"]  # already applied
                seqs.append(message["seq"])

        got: dict = {}

        def watch() -> None:
            try:
                got["run"] = play_remote(conn, None, timeout=WAIT, on_message=seen)
            finally:
                conn.close()

        decider = threading.Thread(target=watch, name="decider")
        decider.start()
        for _ in range(int(WAIT / 0.01)):  # the game starts once play_remote listens
            if conn.on_message is not None:
                break
            threading.Event().wait(0.01)
        host.start_game()
        decider.join(WAIT)
        run = got["run"]
        assert run.outcome is not None
        assert run.mirror.gaps == 0
        assert seqs == list(range(1, run.outcome["actions"] + 1))
        assert threads == {f"tapete-client-{port}"}
    finally:
        host.stop()


def reference_depth(value) -> int:
    """Nesting of dicts and lists, the plain recursive way."""
    if isinstance(value, dict):
        return 1 + max((reference_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((reference_depth(v) for v in value), default=0)
    return 0


values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=40,
)


@settings(max_examples=100, deadline=None)
@given(values, st.integers(0, 6))
def test_depth_is_the_nesting_counted_up_to_one_past_the_limit(value, limit):
    assert depth(value, limit) == min(reference_depth(value), limit + 1)


def test_the_decoder_still_refuses_a_message_nested_past_the_limit():
    deep: dict = {"type": "delta"}
    inner: list = []
    deep["set"] = {"x": inner}
    for _ in range(MAX_DEPTH):
        nxt: list = []
        inner.append(nxt)
        inner = nxt
    try:
        Decoder().feed(encode(deep))
    except ProtocolError as exc:
        assert exc.code == "too-deep"
    else:
        raise AssertionError("a message nested past MAX_DEPTH was accepted")
    ok = {"type": "delta", "set": {"x": [[[1]]]}}
    assert Decoder().feed(encode(ok)) == [ok]


messages = st.dictionaries(st.text(max_size=3), values, max_size=4).map(
    lambda d: {**d, "type": "delta"}
)


@settings(max_examples=100, deadline=None)
@given(messages)
def test_roundtrip_and_the_kept_packer_read_and_write_what_the_stream_decoder_does(message):
    """In-process messages (``roundtrip``: one ``unpackb``, no stream decoder made per
    message) come out as a TCP stream decoder reads them, and ``encode``'s kept
    per-thread packer writes msgpack.packb's bytes."""
    import msgpack

    wire = encode(message)
    assert wire == msgpack.packb(message, use_bin_type=True)
    assert roundtrip(message) == Decoder().feed(wire)[0]


def test_roundtrip_refuses_what_the_stream_decoder_refuses():
    deep: dict = {"type": "delta"}
    inner: list = []
    deep["set"] = {"x": inner}
    for _ in range(MAX_DEPTH):
        nxt: list = []
        inner.append(nxt)
        inner = nxt
    big = {"type": "delta", "blob": [b"x" * 60_000] * 5}  # 300 KB > MAX_BUFFER
    assert len(encode(big)) > MAX_BUFFER
    for message, code in ((deep, "too-deep"), (big, "too-large")):
        try:
            roundtrip(message)
        except ProtocolError as exc:
            assert exc.code == code
        else:
            raise AssertionError(f"roundtrip took a message the decoder refuses ({code})")
    try:
        encode({"type": "x", "bad": object()})
    except TypeError:
        pass
    else:
        raise AssertionError("encode packed an object msgpack cannot carry")
    assert encode({"type": "ok"}) == msgpack_bytes({"type": "ok"})  # the packer was reset


def msgpack_bytes(message: dict) -> bytes:
    import msgpack

    return msgpack.packb(message, use_bin_type=True)


class _Hosted:
    """What :func:`tools.loadcheck.latencies` reads of a hosted table."""

    def __init__(self, accepted: dict, done: dict) -> None:
        self.accepted, self.done = accepted, done


def test_loadcheck_times_an_action_to_the_last_player_s_mirror():
    """``updated`` is the latest of every player's mirror update (not the network
    thread's receipt), ``all`` adds the spectators, ``sent`` starts at the acting
    bot's send; an action some player never saw is left out of the player figures."""
    from tools.loadcheck import latencies, percentiles

    hosted = _Hosted({1: 10.0, 2: 20.0}, {1: 10.001, 2: 20.002})
    results = [
        {
            "seat": 0,
            "received": {"1": 10.002, "2": 20.003},
            "updated": {"1": 10.003, "2": 20.004},
            "acted": {"1": 9.999},
        },
        {"seat": 1, "received": {"1": 10.004}, "updated": {"1": 10.005}, "acted": {}},
        {"seat": None, "received": {"1": 10.007}, "updated": {"1": 10.009}},
    ]
    got = latencies(hosted, results)
    ms = {k: [round(x, 6) for x in v] for k, v in got.items()}
    assert ms == {
        "host": [1.0, 2.0],
        "received": [4.0],
        "updated": [5.0],
        "all": [9.0],
        "sent": [6.0],
    }
    assert percentiles([]) is None
    assert percentiles([float(x) for x in range(1, 201)]) == (100.5, 199.0, 200.0)


def test_the_client_reads_a_burst_larger_than_its_decoder_buffer():
    """A transport may hand the client 256 KiB at once (asyncio's reads): fed to the
    decoder 64 KiB at a time, twelve 100 KB messages behind each other all arrive —
    one feed of it all would pass the decoder's 256 KiB bound and be refused."""
    import asyncio

    from net.client import _Link

    class Conn:
        _closing = False

        def __init__(self):
            self.got: list[dict] = []

        def _receive(self, message):
            self.got.append(message)

    big = [
        encode({"type": "notice", "n": i, "a": "y" * 50_000, "b": "z" * 50_000}) for i in range(12)
    ]
    conn = Conn()

    async def feed() -> bool:
        link = _Link(conn)
        link.data_received(b"".join(big[:2]))
        link.data_received(b"".join(big[2:]))
        return link.ended.done()

    assert asyncio.run(feed()) is False
    assert [m["n"] for m in conn.got] == list(range(12))
