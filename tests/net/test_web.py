"""The web door (issue 30, net/web.py) on loopback, with aiohttp's own client: a browser
seat plays a whole game over the WebSocket; WebSocket and TCP seats at one table see the
same public deltas; every door's bound holds at the WebSocket (hello deadline, idle
timeout, hostile frames, spectator and pending caps counted with TCP); the HTTP side
carries its security headers, refuses foreign origins and hosts, serves nothing outside
the page's folder and no token or seed in ``/table.json``."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import aiohttp
import msgpack
import pytest

from net.mirror import ViewMirror
from net.protocol import HEARTBEAT, MAX_BUFFER, PROTOCOL, encode
from net.local import LocalHost, serve_for_tests
from net.web import MAX_FRAME, FrameDecoder, WebPeer
from net.webpage import CSP, host_allowed
from tests.net.conftest import options_for

WAIT = 30.0  # seconds: the bound of every wait below


# --------------------------------------------------------------------------- helpers
@pytest.fixture
def page(tmp_path):
    """A page folder of our own (the real one is the page helpers'): index.html and a
    module under js/, plus a file type the door does not serve."""
    (tmp_path / "js").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (tmp_path / "js" / "main.js").write_text("export const x = 1;\n", encoding="utf-8")
    (tmp_path / "js" / "notes.py").write_text("secret = 1\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def door(page):
    """``make(game, seats, seed=1, listen=None, **kw) -> (host, url)``: a LocalHost with
    TCP (``listen``: its limits) and the web door on 127.0.0.1; stops them all."""
    hosts = []

    def make(game, seats, seed=1, listen=None, **kw):
        host = LocalHost(game, seats, seed, **{"bot_delay": 0.0, **kw})
        hosts.append(host)
        host.start()
        host.listen(0, "127.0.0.1", **(listen or {}))
        port = host.listen_web(0, root=page)
        return host, f"http://127.0.0.1:{port}/"

    yield make
    for host in hosts:
        host.stop()


def origin(url: str) -> str:
    return url.rstrip("/")


def hello(**kw) -> dict:
    return {"type": "hello", "protocol": PROTOCOL, "player": "Web", **kw}


class Link:
    """One connection, WebSocket or TCP, read as a list of messages (asyncio)."""

    async def send(self, message: dict) -> None:
        raise NotImplementedError

    async def recv(self, timeout: float = WAIT) -> dict | None:
        """The next message, or None once the host closed."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def rest(self, timeout: float = WAIT) -> list[dict]:
        """Every message until the host closes."""
        out = []
        while (m := await self.recv(timeout)) is not None:
            out.append(m)
        return out


class WsLink(Link):
    def __init__(self, session: aiohttp.ClientSession, ws) -> None:
        self.session, self.ws = session, ws
        self.close_code = None

    @classmethod
    async def open(cls, url: str, **kw) -> "WsLink":
        session = aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(url + "ws", origin=origin(url), autoping=True, **kw)
        except BaseException:
            await session.close()
            raise
        return cls(session, ws)

    async def send(self, message: dict) -> None:
        await self.ws.send_bytes(encode(message))

    async def recv(self, timeout: float = WAIT) -> dict | None:
        msg = await self.ws.receive(timeout)
        if msg.type is aiohttp.WSMsgType.BINARY:
            return msgpack.unpackb(msg.data, raw=False)
        self.close_code = self.ws.close_code
        return None

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()


class TcpLink(Link):
    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer
        self.unpacker = msgpack.Unpacker(raw=False)

    @classmethod
    async def open(cls, host: LocalHost) -> "TcpLink":
        return cls(*await asyncio.open_connection(*host.address))

    async def send(self, message: dict) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def recv(self, timeout: float = WAIT) -> dict | None:
        while True:
            for m in self.unpacker:
                return m
            try:
                data = await asyncio.wait_for(self.reader.read(65536), timeout)
            except ConnectionError:
                return None
            if not data:
                return None
            self.unpacker.feed(data)

    async def close(self) -> None:
        self.writer.close()


async def play(link: Link, **hello_fields) -> tuple[list[dict], ViewMirror]:
    """Say hello (a thin client: ``legal: true``) and play the first legal action each
    time the seat is awaited, one action in flight; until the ``outcome``. Returns the
    messages and the mirror (which checks the deltas run without a gap)."""
    mirror = ViewMirror(keep_backlog=False)
    messages: list[dict] = []
    await link.send(hello(legal=True, **hello_fields))
    pending = False
    while True:
        try:
            m = await link.recv(HEARTBEAT)
        except asyncio.TimeoutError:  # nothing to do: ping, as every client does
            await link.send({"type": "ping"})
            continue
        assert m is not None, f"closed before the outcome: {messages[-3:]}"
        messages.append(m)
        mirror.feed(m)
        assert mirror.gaps == 0, "deltas come in sequence"
        kind = m["type"]
        if kind == "outcome":
            return messages, mirror
        if kind == "error":
            raise AssertionError(f"refused: {m}")
        if kind == "snapshot" or (kind == "delta" and m.get("yours")):
            pending = False
        v, seat = mirror.view, mirror.seat
        if v and seat is not None and seat in v["awaiting"] and mirror.legal and not pending:
            pending = True
            await link.send({"type": "action", "action": mirror.legal[0]})


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 4 * WAIT))


def http_get(url: str, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    """``GET path`` sent as it is (no client normalises it), on a plain socket."""
    host, port = url.split("//")[1].rstrip("/").split(":")
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    with socket.create_connection((host, int(port)), timeout=WAIT) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in header_lines:
        k, _c, v = line.partition(":")
        fields[k.strip().lower()] = v.strip()
    return int(status_line.split()[1]), fields, body


def wait_until(check, timeout: float = WAIT) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


# --------------------------------------------------------------------------- play
def test_a_browser_seat_plays_a_whole_game_over_the_websocket(door):
    host, url = door("take5", ["open", "bot", "bot"], 7, options=options_for("take5"))

    async def main():
        link = await WsLink.open(url)
        try:
            return await play(link)
        finally:
            await link.close()

    messages, mirror = run(main())
    kinds = [m["type"] for m in messages]
    assert kinds[:2] == ["welcome", "snapshot"] and kinds[-1] == "outcome"
    assert messages[0]["seat"] == 0 and messages[0]["token"] and messages[0]["game"] == "take5"
    assert "delta" in kinds and any(m.get("yours") for m in messages if m["type"] == "delta")
    assert host.over.wait(WAIT)
    assert mirror.view == host.call(lambda t: t.view(0))  # the page's view is the seat's
    assert messages[-1]["outcome"] == host.call(lambda t: t.wire_outcome())


def test_a_websocket_seat_and_a_tcp_seat_see_the_same_public_deltas(door):
    host, url = door("take5", ["open", "open", "bot"], 11, options=options_for("take5"))

    async def main():
        ws_watch = await WsLink.open(url)
        tcp_watch = await TcpLink.open(host)
        await ws_watch.send(hello(spectator=True))
        await tcp_watch.send(hello(spectator=True))
        web, tcp = await WsLink.open(url), await TcpLink.open(host)
        try:
            (web_got, web_mirror), (tcp_got, tcp_mirror) = await asyncio.gather(
                play(web, seat=0), play(tcp, seat=1)
            )
            watched = []
            for link in (ws_watch, tcp_watch):
                got = []
                while not got or got[-1]["type"] != "outcome":
                    got.append(await link.recv())
                watched.append(got)
            return web_got, tcp_got, web_mirror, tcp_mirror, watched
        finally:
            for link in (web, tcp, ws_watch, tcp_watch):
                await link.close()

    web_got, tcp_got, web_mirror, tcp_mirror, (ws_seen, tcp_seen) = run(main())
    assert web_mirror.seat == 0 and tcp_mirror.seat == 1
    # The spectators at either door get the same public stream, byte for byte.
    public = [encode(m) for m in ws_seen if m["type"] in ("snapshot", "delta", "outcome")]
    assert public == [encode(m) for m in tcp_seen if m["type"] in ("snapshot", "delta", "outcome")]
    # The two seats see the same public table: each view laid over the spectator's.
    spectator = host.call(lambda t: t.view(None))
    for mirror in (web_mirror, tcp_mirror):
        mine = host.call(lambda t, s=mirror.seat: t.view(s))
        assert mirror.view == mine
        for key, value in spectator.items():
            if key not in host.call(lambda t, s=mirror.seat: t.game.private_view(t.state, s)):
                assert mirror.view[key] == value, key
    assert web_got[-1] == tcp_got[-1]  # the same outcome


# --------------------------------------------------------------------------- HTTP
@pytest.mark.parametrize(
    "path", ["/", "/index.html", "/js/main.js", "/table.json", "/i18n/es.json", "/nope.js"]
)
def test_every_response_carries_the_security_headers(door, path):
    host, url = door("take5", ["open", "bot"])
    status, headers, _body = http_get(url, path)
    assert status == (404 if path == "/nope.js" else 200)
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert "set-cookie" not in headers
    assert headers["cache-control"] in ("no-cache", "no-store")
    if path.endswith(".js"):
        assert status == 404 or headers["content-type"].startswith("text/javascript")


def test_the_page_is_served_with_its_types_and_revalidates(door):
    host, url = door("take5", ["open", "bot"])
    status, headers, body = http_get(url, "/")
    assert status == 200 and body.startswith(b"<!doctype html>")
    assert headers["content-type"].startswith("text/html")
    status, again, _ = http_get(url, "/", {"If-None-Match": headers["etag"]})
    assert status == 304 and again["content-security-policy"] == CSP


@pytest.mark.parametrize(
    "path",
    [
        "/../net/host.py",
        "/%2e%2e/net/host.py",
        "/%2E%2E%2Fnet%2Fhost.py",
        "/js/../../net/host.py",
        "/js/%2e%2e/%2e%2e/net/host.py",
        "/..%2f..%2fnet%2fhost.py",
        "/..\\..\\net\\host.py",
        "/%5c..%5c..%5cnet%5chost.py",
        "//etc/passwd",
        "/../__init__.py",
        "/../LICENSES.md",
        "/js/notes.py",
        "/.hidden.js",
        "/index.html%00.js",
        "/%00",
    ],
)
def test_nothing_outside_the_page_folder_is_served(door, path):
    host, url = door("take5", ["open", "bot"])
    status, headers, body = http_get(url, path)
    assert status in (400, 404), (status, body[:80])
    assert b"class Table" not in body and b"secret" not in body and b"root:" not in body
    assert headers.get("content-security-policy") == CSP


def test_table_json_is_public_and_holds_no_token_or_seed(door):
    seed = 0xC0FFEE_1234_5678_9ABC_DEF0_1357_9BDF
    host, url = door("take5", ["open", "open", "bot"], seed, name="Anna's table")

    async def seat_two():
        links = [await WsLink.open(url), await TcpLink.open(host)]
        for link in links:
            await link.send(hello())
            assert (await link.recv())["type"] == "welcome"
        return links

    async def main():
        links = await seat_two()
        await asyncio.sleep(0.2)
        try:
            async with aiohttp.ClientSession() as s:
                async with s.get(url + "table.json") as r:
                    return r.status, r.headers["Content-Type"], await r.read()
        finally:
            for link in links:
                await link.close()

    status, kind, body = run(main())
    assert status == 200 and kind.startswith("application/json")
    tokens = host.call(lambda t: [s.token for s in t._seats if s.token])
    bot_key = host.call(lambda t: t.bot_key.hex())
    assert len(tokens) == 2
    for secret in [*tokens, str(seed), hex(seed)[2:], bot_key]:
        assert secret.encode() not in body
    card = json.loads(body)
    assert card["protocol"] == PROTOCOL and card["game"] == "take5"
    assert card["table"] == "Anna's table" and card["started"] is True
    assert card["table_id"] == host.call(lambda t: t.table_id)
    assert [s["state"] for s in card["seats"]][:2] == ["connected", "connected"]
    assert "en" in card["languages"] and card["emotes"][0] == "nice"


def test_catalogues_and_rules_pages(door):
    host, url = door("take5", ["open", "bot"])
    status, _h, body = http_get(url, "/i18n/hu.json")
    hu = json.loads(body)
    assert status == 200 and hu["Settings"] == "Beállítások" and "" not in hu
    assert hu["{n} card"] == ["{n} lap"] or hu["{n} card"][0] == "{n} lap"
    assert http_get(url, "/i18n/en.json")[2] == b"{}"
    for bad in ("/i18n/xx.json", "/i18n/..%2f..%2fnet.json", "/i18n/es_ES.json"):
        assert http_get(url, bad)[0] == 404
    status, headers, body = http_get(url, "/rules/take5.md")
    assert status == 200 and headers["content-type"].startswith("text/markdown")
    assert body.decode().startswith("# Take 5") and "\n#" not in body.decode()[2:]
    status, _h, es = http_get(url, "/rules/take5.es.md")
    assert status == 200 and es != body
    assert http_get(url, "/rules/the-game.xx.md")[0] == 200  # English stands in
    assert http_get(url, "/rules/nope.md")[0] == 404


# --------------------------------------------------------------------------- origins
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1"},  # another port is another origin
        {"Origin": "null"},
        {},  # every browser sends Origin on a WebSocket handshake
    ],
)
def test_a_foreign_or_missing_origin_is_refused(door, headers):
    host, url = door("take5", ["open", "bot"])
    ws_headers = {
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
        **headers,
    }
    status, got, _body = http_get(url, "/ws", ws_headers)
    assert status == 403 and got["content-security-policy"] == CSP
    assert host.call(lambda t: t.open_seats()) == [0]


def test_a_public_host_name_is_refused_dns_rebinding(door):
    host, url = door("take5", ["open", "bot"])
    port = url.rstrip("/").rsplit(":", 1)[1]

    async def main():
        async with aiohttp.ClientSession() as s:
            headers = {"Host": f"evil.example:{port}"}
            async with s.get(url + "table.json", headers=headers) as r:
                status = r.status
            with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                await s.ws_connect(
                    url + "ws", origin=f"http://evil.example:{port}", headers=headers
                )
            return status, exc.value.status

    assert run(main()) == (403, 403)
    assert host_allowed("192.168.1.5:47471") and host_allowed("[fe80::1]:80")
    assert host_allowed("tapete-laptop.local:47471") and host_allowed("localhost")
    assert not host_allowed("evil.example:47471") and not host_allowed("")


# --------------------------------------------------------------------------- hostile frames
HOSTILE = {
    "text frame": ("text", '{"type": "hello"}', "bad-message"),
    "bad msgpack": ("bytes", b"\xc1", "bad-message"),
    "not a map": ("bytes", msgpack.packb([1, 2, 3]), "bad-message"),
    "two messages": ("bytes", encode(hello()) + encode(hello()), "bad-message"),
    "half a message": ("bytes", encode(hello())[:5], "bad-message"),
    "empty frame": ("bytes", b"", "bad-message"),
    "ext type": ("bytes", b"\x81\xa4type\xd4\x01\x00", "bad-message"),
    "too large": ("bytes", b"\x81\xa4type\xdb" + (MAX_BUFFER).to_bytes(4, "big"), "too-large"),
    "over the frame bound": ("bytes", b"\x80" * (MAX_FRAME + 1), None),
    "too deep": ("bytes", b"\x81\xa4type" + b"\x91" * 40 + b"\xc0", "too-deep"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_every_hostile_frame_gets_its_named_error_and_the_others_play_on(door, case):
    host, url = door(
        "take5", ["open", "open", "bot"], 3, options=options_for("take5"), takeover_delay=0.2
    )
    kind, data, code = HOSTILE[case]
    if case == "too large":  # a whole frame just over the bound
        data = data + b"x" * (MAX_BUFFER + 16 - len(data))

    async def hostile(link: WsLink) -> tuple[list[dict], int | None]:
        await (link.ws.send_str(data) if kind == "text" else link.ws.send_bytes(data))
        return await link.rest(), link.close_code

    async def main():
        stranger = await WsLink.open(url)  # before its hello
        try:
            got, close_code = await hostile(stranger)
        finally:
            await stranger.close()
        player = await TcpLink.open(host)
        game = asyncio.ensure_future(play(player, seat=0))
        seated = await WsLink.open(url)  # a seat that turns hostile mid-game
        try:
            await seated.send(hello(seat=1))
            while not ((await seated.recv()) or {}).get("started"):
                pass
            seated_got, _ = await hostile(seated)
            messages, _mirror = await game
        finally:
            await seated.close()
            await player.close()
        return got, close_code, seated_got, messages

    got, close_code, seated_got, messages = run(main())
    if code is None:  # beyond MAX_FRAME: aiohttp cuts it off before buffering it
        assert close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    else:
        assert got and got[-1]["type"] == "error" and got[-1]["code"] == code, got
        assert got[-1]["message"] and close_code == aiohttp.WSCloseCode.OK
        assert seated_got[-1]["code"] == code
    # The other seat played the whole game: no error, no gap (play() checks both), while
    # a stand-in played the hostile seat.
    assert messages[-1]["type"] == "outcome"
    assert any(
        m["type"] == "notice" and m["event"] == "stand-in" and m["seat"] == 1 for m in messages
    )


def test_no_hello_within_three_seconds_meets_the_idle_timeout(door):
    host, url = door("take5", ["open", "bot"])

    async def main():
        link = await WsLink.open(url)
        t0 = time.monotonic()
        try:
            got = await link.rest()
        finally:
            await link.close()
        return got, time.monotonic() - t0

    got, took = run(main())
    assert [m["code"] for m in got] == ["idle-timeout"] and "hello" in got[0]["message"]
    assert 2.5 < took < 6.0


def test_websocket_pings_do_not_keep_a_silent_seat_alive(door):
    host, url = door("take5", ["open", "bot"], listen={"idle_timeout": 0.5})

    async def main():
        link = await WsLink.open(url)
        try:
            await link.send(hello())
            seen = [await link.recv(), await link.recv()]
            end = time.monotonic() + 3.0
            got = []
            while time.monotonic() < end:
                await link.ws.ping()  # the WebSocket's own pings are not protocol messages
                try:
                    m = await link.recv(0.1)
                except asyncio.TimeoutError:
                    continue
                if m is None:
                    break
                got.append(m)
            return seen, got
        finally:
            await link.close()

    seen, got = run(main())
    assert [m["type"] for m in seen] == ["welcome", "snapshot"]
    assert got and got[-1]["code"] == "idle-timeout"

    async def pinging():  # protocol pings keep it: pong each time, no timeout
        link = await WsLink.open(url)
        try:
            await link.send(hello())
            kinds = []
            for _ in range(8):
                await link.send({"type": "ping"})
                await asyncio.sleep(0.2)
            while kinds.count("pong") < 8:
                m = await link.recv(5.0)
                assert m is not None, kinds
                kinds.append(m["type"])
            return kinds
        finally:
            await link.close()

    kinds = run(pinging())
    assert kinds.count("pong") == 8 and "error" not in kinds


# --------------------------------------------------------------------------- shared caps
def test_websocket_spectators_count_in_the_same_caps_as_tcp(door, monkeypatch):
    import net.server

    monkeypatch.setattr(net.server, "MAX_SPECTATORS_PER_ADDRESS", 2)
    host, url = door("take5", ["bot", "bot"])

    async def watch(link):
        await link.send(hello(spectator=True))
        return await link.recv()

    async def main():
        tcp, web = await TcpLink.open(host), await WsLink.open(url)
        third_web, third_tcp = await WsLink.open(url), await TcpLink.open(host)
        try:
            first = [await watch(tcp), await watch(web)]
            refused = [await watch(third_web), await watch(third_tcp)]
            return first, refused
        finally:
            for link in (tcp, web, third_web, third_tcp):
                await link.close()

    first, refused = run(main())
    assert [m["type"] for m in first] == ["welcome", "welcome"]
    assert [m["code"] for m in refused] == ["table-full", "table-full"]
    assert all("watches" in m["message"] for m in refused)


def test_silent_websockets_count_in_the_same_pending_bound_as_tcp(door, monkeypatch):
    """Three silent connections from one address, TCP and WebSocket, with room for two:
    exactly one of them meets ``too-many-pending`` (the newcomer refused, or the oldest
    silent one pushed out: the keeper's policy decides which, for both doors alike); once
    they leave, a seat's player gets in."""
    import net.server

    monkeypatch.setattr(net.server, "MAX_PENDING_PER_ADDRESS", 2)
    host, url = door("take5", ["open", "bot"])

    async def state(link: Link) -> str:
        try:
            m = await link.recv(0.3)
        except asyncio.TimeoutError:
            return "open"
        return "closed" if m is None else m.get("code", m["type"])

    async def main():
        tcp = await TcpLink.open(host)
        await asyncio.sleep(0.2)
        web = await WsLink.open(url)
        await asyncio.sleep(0.2)
        third = await WsLink.open(url)
        await asyncio.sleep(0.3)
        links = [tcp, web, third]
        try:
            states = [await state(link) for link in links]
            for link in links:
                await link.close()
            await asyncio.sleep(0.2)
            player = await WsLink.open(url)
            await player.send(hello())
            welcome = await player.recv()
            await player.close()
            return states, welcome
        finally:
            for link in links:
                await link.close()

    states, welcome = run(main())
    assert sorted(states) == ["open", "open", "too-many-pending"], states
    assert welcome["type"] == "welcome" and welcome["seat"] == 0


# --------------------------------------------------------------------------- units
def test_a_websocket_that_stops_reading_is_dropped_at_the_unsent_bound():
    class Transport:
        def __init__(self):
            self.aborted, self.size, self.frames = False, 0, []

        def is_closing(self):
            return self.aborted

        def get_write_buffer_size(self):
            return self.size

        def abort(self):
            self.aborted = True

    class Writer:
        def __init__(self, transport):
            self.transport = transport

        def _write_websocket_frame(self, data, opcode, rsv):
            self.transport.frames.append(data)
            self.transport.size += len(data)

    class Ws:
        pass

    transport, ws = Transport(), Ws()
    ws._writer = Writer(transport)
    peer = WebPeer(ws, transport, 1000, "10.0.0.9")
    message = {"type": "pong", "pad": "x" * 300}
    for _ in range(3):
        peer.send(message)
    assert len(transport.frames) == 3 and not peer.closed
    peer.send(message)
    assert peer.closed and transport.aborted and "not reading" in peer.reason
    assert len(transport.frames) == 3


def test_a_frame_holds_exactly_one_whole_message():
    assert FrameDecoder().feed(encode(hello())) == [hello()]
    decoder = FrameDecoder()
    decoder.feed(encode({"type": "ping"}))
    assert decoder.feed(encode({"type": "ping"})) == [{"type": "ping"}]  # frame after frame
    for frame in (encode(hello())[:-1], encode(hello()) * 2, encode(hello()) + b"\x81"):
        with pytest.raises(Exception) as exc:
            FrameDecoder().feed(frame)
        assert exc.value.code == "bad-message"


def test_the_web_port_is_the_tcp_port_plus_one_or_any_free_one():
    host = LocalHost("take5", ["open", "bot"], 1, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        blocker = socket.socket()
        try:
            blocker.bind(("127.0.0.1", port + 1))
        except OSError:
            blocker.close()
            blocker = None
        web_port = host.listen_web()
        if blocker is None:  # someone else holds port + 1 anyway
            assert web_port != port
        else:
            assert web_port not in (port, port + 1) and web_port > 0
            blocker.close()
        assert host.web_address == ("127.0.0.1", web_port)
        assert host.address == ("127.0.0.1", port)  # the TCP door is still "the" address
    finally:
        host.stop()
    other = LocalHost("take5", ["open", "bot"], 1, bot_delay=0.0)
    other.start()
    try:
        for _ in range(20):
            port = other.listen(0, "127.0.0.1")
            probe = socket.socket()
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
            finally:
                probe.close()
            break
        assert other.listen_web() == port + 1
    finally:
        other.stop()


def test_serve_for_tests_gives_a_page_address():
    host, url = serve_for_tests("take5", ["open", "bot"], 5)
    try:
        status, headers, body = http_get(url, "/table.json")
        assert status == 200 and json.loads(body)["game"] == "take5"
    finally:
        host.stop()


def test_the_txt_record_carries_the_web_port_and_is_read_defensively():
    from zeroconf import ServiceInfo

    from net.discovery import SERVICE_TYPE, Advertiser, table_info

    adv = Advertiser("T", "take5", 47470, seats=2, open_seats=1, web_port=47471, loopback=True)
    assert adv._properties()["web"] == "47471"
    assert "web" not in Advertiser("T", "take5", 47470, loopback=True)._properties()

    def info(**extra):
        props = {"protocol": str(PROTOCOL), "game": "take5", "table": "T", "open": "1"}
        props.update({"seats": "2", "started": "0", "host": "m", **extra})
        return table_info(
            ServiceInfo(
                SERVICE_TYPE,
                f"T.{SERVICE_TYPE}",
                port=47470,
                properties=props,
                server="t.local.",
                parsed_addresses=["192.168.1.9"],
            )
        )

    assert info(web="47471").web_url == "http://192.168.1.9:47471/"
    for bad in ("0", "70000", "²", "12a", "-1", "1" * 9):
        t = info(web=bad)
        assert t is not None and t.web_port is None and t.web_url == ""
    assert info().web_port is None


def test_tapete_host_prints_a_browser_line_after_each_join_line():
    from client.headless import _reachable_lines

    lines = _reachable_lines("0.0.0.0", 47470, True, 47471)
    assert lines == ["Join with: tapete join 127.0.0.1:47470", "Browser: http://127.0.0.1:47471/"]
    assert _reachable_lines("0.0.0.0", 47470, True) == ["Join with: tapete join 127.0.0.1:47470"]
    lines = _reachable_lines("10.1.2.3", 47470, False, 47471)
    assert lines == ["Join with: tapete join 10.1.2.3:47470", "Browser: http://10.1.2.3:47471/"]


def test_a_crowd_of_silent_websockets_pushes_out_its_oldest_and_a_player_gets_in(door, monkeypatch):
    import net.server

    monkeypatch.setattr(net.server, "MAX_PENDING", 2)
    host, url = door("take5", ["open", "bot"])

    async def main():
        oldest = await WsLink.open(url)
        await asyncio.sleep(0.1)
        other = await TcpLink.open(host)
        await asyncio.sleep(0.1)
        player = await WsLink.open(url)  # the third: the oldest silent one goes
        try:
            pushed = await oldest.rest()
            await player.send(hello())
            welcome = await player.recv()
            return pushed, welcome
        finally:
            for link in (oldest, other, player):
                await link.close()

    pushed, welcome = run(main())
    assert [m["code"] for m in pushed] == ["too-many-pending"]
    assert "waited longest" in pushed[0]["message"]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0


def test_the_table_proves_itself_over_the_websocket_and_a_seat_comes_back_by_proof(door):
    from net.identity import check_proof, new_nonce, seat_proof

    host, url = door("take5", ["open", "bot"], bot_delay=3600.0)  # the game starts at once

    async def main():
        first = await WsLink.open(url)
        await first.send(hello(seat=0))
        welcome = await first.recv()
        await first.close()
        await asyncio.sleep(0.2)
        again = await WsLink.open(url)
        try:
            nonce = new_nonce()
            await again.send({"type": "challenge", "nonce": nonce})
            proof = await again.recv()
            proven = check_proof(proof, nonce, welcome["table_id"])
            mine = seat_proof(welcome["token"], nonce, proof["nonce"])
            await again.send(hello(seat=0, proof=mine))
            return welcome, proven, await again.recv()
        finally:
            await again.close()

    welcome, proven, back = run(main())
    assert proven == welcome["table_id"] == host.call(lambda t: t.table_id)
    assert back["type"] == "welcome" and back["seat"] == 0 and back["token"] == welcome["token"]


# --------------------------------------------------------------------------- HTTP bounds
def _closes(sock: socket.socket, timeout: float = WAIT) -> float:
    """Seconds until the host closes ``sock`` (reading and dropping what it sends)."""
    sock.settimeout(timeout)
    t0 = time.monotonic()
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, socket.timeout):
        pass
    return time.monotonic() - t0


def test_a_silent_or_half_http_request_meets_the_request_deadline(door):
    host, url = door("take5", ["open", "bot"])
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    silent = socket.create_connection(("127.0.0.1", port))
    half = socket.create_connection(("127.0.0.1", port))
    half.sendall(b"GET /table.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    try:
        assert _closes(silent) < 5.0 and _closes(half) < 5.0
    finally:
        silent.close()
        half.close()


def test_a_crowd_of_silent_http_connections_is_bounded_by_address(door, monkeypatch):
    import net.web

    monkeypatch.setattr(net.web, "MAX_FRESH_PER_ADDRESS", 4)
    host, url = door("take5", ["open", "bot"])
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    crowd = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
    time.sleep(0.2)
    extra = socket.create_connection(("127.0.0.1", port))
    try:
        assert _closes(extra, 2.0) < 1.0  # refused at once
        for s in crowd:
            assert _closes(s) < 5.0  # each meets the deadline
        assert http_get(url, "/table.json")[0] == 200  # and the address may ask again
    finally:
        for s in [*crowd, extra]:
            s.close()


def test_an_http_connection_ends_at_its_lifetime_unless_it_is_a_websocket(door, monkeypatch):
    import net.web

    monkeypatch.setattr(net.web, "HTTP_LIFETIME", 1.0)
    host, url = door("take5", ["open", "bot"])
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    s = socket.create_connection(("127.0.0.1", port))
    request = f"GET /table.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    s.sendall(request + request[:20])  # one request, then half of another, held
    try:
        assert _closes(s) < 3.0
    finally:
        s.close()

    async def main():  # a WebSocket outlives it, pinging
        link = await WsLink.open(url)
        try:
            await link.send(hello())
            kinds = []
            for _ in range(8):
                await link.send({"type": "ping"})
                await asyncio.sleep(0.25)
            while kinds.count("pong") < 8:
                m = await link.recv(5.0)
                assert m is not None and m["type"] != "error", m
                kinds.append(m["type"])
            return kinds
        finally:
            await link.close()

    assert run(main()).count("pong") == 8


# --------------------------------------------------------------------------- wiring
def _tapete_host(*extra: str):
    """``tapete host take5 --seats open,bot --loopback …`` on a thread: ``(host, out,
    thread)`` once it listens."""
    import io
    import threading

    from client.cli import main

    ready, box, out = threading.Event(), {}, io.StringIO()

    def on_ready(host):
        box["host"] = host
        ready.set()

    argv = ["host", "take5", "--seats", "open,bot", "--port", "0", "--loopback"]
    argv += ["--no-log", "--no-advertise", "--bot-delay", "0", *extra]
    thread = threading.Thread(
        target=main, args=(argv,), kwargs={"out": out, "err": io.StringIO(), "ready": on_ready}
    )
    thread.start()
    assert ready.wait(WAIT)
    return box["host"], out, thread


def test_tapete_host_serves_the_page_and_prints_its_address():
    host, out, thread = _tapete_host()
    try:
        tcp, web_port = host.address[1], host.web.port
        lines = out.getvalue().splitlines()
        i = lines.index(f"Join with: tapete join 127.0.0.1:{tcp}")
        assert lines[i + 1] == f"Browser: http://127.0.0.1:{web_port}/"
        status, _h, body = http_get(f"http://127.0.0.1:{web_port}/", "/table.json")
        assert status == 200 and json.loads(body)["table_id"] == host.table.table_id
    finally:
        host.stop()
        thread.join(WAIT)
    host, out, thread = _tapete_host("--no-web")
    try:
        assert host.web is None and "Browser:" not in out.getvalue()
    finally:
        host.stop()
        thread.join(WAIT)


def test_the_window_s_lan_table_serves_the_page_too():
    from client.hostchild import serve

    host = LocalHost("take5", ["open", "bot"], 1, bot_delay=0.0)
    host.start()
    try:
        host.listen(0, "127.0.0.1")  # the window's own door
        answer = serve(host, {"port": 0, "advertise": None})
        assert answer["serving"] and answer["web_port"] == host.web.port
        assert host.web.bind == "0.0.0.0"
        status, _h, body = http_get(f"http://127.0.0.1:{answer['web_port']}/", "/table.json")
        assert status == 200 and json.loads(body)["game"] == "take5"
        # Every door counts with the first one: one keeper.
        lan = [s for s in host._services if getattr(s, "host", None) == "0.0.0.0"][0]
        assert lan._peers is host.keeper._peers and host.web.keeper is host.keeper
    finally:
        host.stop()
    host = LocalHost("take5", ["open", "bot"], 1, bot_delay=0.0)
    host.start()
    try:
        assert serve(host, {"port": 0, "web": False})["web_port"] is None and host.web is None
    finally:
        host.stop()


def test_a_request_with_too_many_or_too_long_headers_is_refused(door):
    host, url = door("take5", ["open", "bot"])
    many = {f"X-Pad-{i}": "y" for i in range(100)}
    assert http_get(url, "/table.json", many)[0] in (400, 431)
    assert http_get(url, "/table.json", {"X-Long": "y" * 20000})[0] in (400, 431)
    assert http_get(url, "/table.json", {"X-Pad": "y"})[0] == 200
