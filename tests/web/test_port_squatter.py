"""A squatter at a phone's table address (net/PROTOCOL.md "The next game", "What the page
keeps"): between the game that closed and the next one, or after a host crashed, another
program may bind the page's port first — another user of the host's machine, who
needs no more than the public ``table_id`` (any spectator's ``welcome``, the listing,
``/table.json``) and the port (``client.hostchild.home_port`` of that id, or the seat
link's, shown to the room). It answers ``/table.json`` with the table's id, so the
page's id check passes, and it answers the page's ``challenge`` with a proof it cannot
make. The page must not give it the seat's token: it sends only the seat proof (an HMAC
under the token, bound to the squatter's connection's nonces), which takes no seat at the
real table on any other connection.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from urllib.parse import urlsplit

import msgpack
import pytest
from aiohttp import WSMsgType, web

from net.host import Table
from net.identity import new_nonce
from net.local import LocalHost
from net.protocol import PROTOCOL, encode
from tests.net.test_web import WsLink
from tests.web.test_couch_phones import play_to_the_outcome

SEATS = ["phone", "bot:easy"]


class Squatter:
    """A web server on ``port`` that says it is table ``table_id`` and keeps every
    frame a page sends it (``frames``, raw bytes; ``messages``, decoded)."""

    def __init__(self, port: int, table_id: str, status: int = 200) -> None:
        """``status``: what ``/table.json`` answers (200: the table's card with
        ``table_id``; 0: nothing, ever)."""
        self.port, self.table_id, self.status = port, table_id, status
        self.knocked: list[float] = []  # time.monotonic() of each /table.json
        self.frames: list[bytes] = []
        self.messages: list[dict] = []
        self.knocks = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.runner = None
        self.error: BaseException | None = None

    async def card(self, request: web.Request) -> web.Response:
        self.knocks += 1
        self.knocked.append(time.monotonic())
        if self.status == 0:  # never answers (until it stops)
            await asyncio.sleep(3600)
        if self.status != 200:
            return web.Response(status=self.status)
        return web.json_response(
            {
                "protocol": PROTOCOL,
                "game": "take5",
                "table": "Couch",
                "table_id": self.table_id,
                "started": True,
                "seats": [],
                "turn_seconds": None,
                "emotes": [],
                "languages": [],
            }
        )

    async def ws(self, request: web.Request) -> web.WebSocketResponse:
        sock = web.WebSocketResponse()
        await sock.prepare(request)
        async for msg in sock:
            if msg.type is not WSMsgType.BINARY:
                continue
            self.frames.append(msg.data)
            message = msgpack.unpackb(msg.data, raw=False)
            self.messages.append(message)
            if message.get("type") == "challenge":  # a proof it cannot make
                await sock.send_bytes(
                    encode(
                        {
                            "type": "proof",
                            "table_id": self.table_id,
                            "key": os.urandom(32),
                            "nonce": new_nonce(),
                            "signature": os.urandom(64),
                        }
                    )
                )
        return sock

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        app = web.Application()
        app.router.add_get("/table.json", self.card)
        app.router.add_get("/ws", self.ws)
        self.runner = web.AppRunner(app)
        try:
            self.loop.run_until_complete(self.runner.setup())
            site = web.TCPSite(self.runner, "127.0.0.1", self.port)
            self.loop.run_until_complete(site.start())
        except BaseException as exc:  # noqa: BLE001 - said by start()
            self.error = exc
            self.ready.set()
            return
        self.ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.runner.cleanup())

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def crash(host) -> None:
    """End ``host``'s web door as a crash does: the listening socket closed and every
    link cut at once, without a word; then the rest of the host."""

    async def cut() -> None:
        host.web._server.close()
        for peer in list(host.web._peers):
            peer.abort()

    host.run(cut())
    host.stop()


@pytest.mark.parametrize("how", ["next-game", "crash"])
def test_a_squatter_at_the_tables_port_gets_no_token_from_the_page(web_table, open_page, how):
    """``next-game``: the screen deals the next game (``host-closed`` with ``next``) and
    the squatter binds the port before the next host process does: the waiting page
    knocks, reads the table's own id from the squatter's ``/table.json`` and sits.
    ``crash``: the host process dies mid-game (the link drops without a word): the page
    reconnects to whoever answers at its address. Either way the squatter hears a
    ``challenge`` and a ``hello`` with a 32-byte seat proof — never the token, in any
    frame — and that proof takes no seat at the real table."""
    host, url = web_table("take5", SEATS, seed=3, options={"rounds": 1})
    port = int(urlsplit(url).port)
    table_id = host.call(lambda t: t.table_id)
    token = host.call(lambda t: t.seat_token(0))
    key = host.call(lambda t: t.key.private_hex)
    page = open_page(f"{url}#t={token}&s=0", "phone")
    page.wait("[data-hand]", 30)
    if how == "next-game":
        play_to_the_outcome(page, host)
        host.stop(next_game=True)
    else:
        crash(host)
    squatter = Squatter(port, table_id)
    squatter.start()
    try:
        page.wait_until(
            lambda: any(m.get("type") == "hello" for m in squatter.messages), 30, "a hello"
        )
    finally:
        squatter.stop()
    raw = token.encode()
    assert not any(raw in frame for frame in squatter.frames)
    assert [m["type"] for m in squatter.messages[:2]] == ["challenge", "hello"]
    challenge, hello = squatter.messages[:2]
    assert len(challenge["nonce"]) == 32
    assert hello["token"] is None and hello["seat"] == 0
    assert isinstance(hello["proof"], bytes) and len(hello["proof"]) == 32

    # The real next table (the same key and token) on another port: the proof the
    # squatter heard, relayed on a fresh connection, is refused.
    nxt = LocalHost(
        "take5",
        SEATS,
        4,
        table=Table("take5", SEATS, 4, table_key=key, tokens={0: token}),
        bot_delay=0.0,
    )
    nxt.start()
    try:
        nxt.listen(0, "127.0.0.1")
        real = f"http://127.0.0.1:{nxt.listen_web(0)}/"

        async def replay() -> list[dict]:
            link = await WsLink.open(real)
            try:
                await link.send({"type": "challenge", "nonce": challenge["nonce"]})
                proof = await link.recv()
                assert proof["type"] == "proof" and proof["table_id"] == table_id
                await link.send({**hello, "player": "Mallory"})
                return await link.rest()
            finally:
                await link.close()

        refused = asyncio.run(asyncio.wait_for(replay(), 30))
        assert [(m["type"], m["code"]) for m in refused] == [("error", "bad-token")]
        assert nxt.call(lambda t: t.seats[0]["state"]) == "waiting"
    finally:
        nxt.stop()


def squatted_next_game(web_table, open_page, status: int):
    """A phone seated at a Take 5 table whose screen then deals the next game, and a
    :class:`Squatter` (answering ``status``) started on the page's port as it frees.
    Returns ``(page, squatter)``."""
    host, url = web_table("take5", SEATS, seed=3)
    port = int(urlsplit(url).port)
    table_id = host.call(lambda t: t.table_id)
    page = open_page(f"{url}#t={host.call(lambda t: t.seat_token(0))}&s=0", "phone")
    page.wait("[data-hand]", 30)
    host.stop(next_game=True)
    squatter = Squatter(port, table_id, status=status)
    squatter.start()
    return page, squatter


def test_a_waiting_page_knocks_with_a_back_off_never_a_flood(web_table, open_page):
    """The screen dealt the next game and the address answers, but not with the table
    (503): the page knocks at ``/table.json`` 1, 2, 4, 8 s apart and then every 8 s
    (then gives up at 5 minutes: ``NEXT_GIVE_UP`` in assets/web/js/main.js) — never
    faster, however the address answers: over 18 s, at most 5 knocks and no WebSocket."""
    page, squatter = squatted_next_game(web_table, open_page, status=503)
    try:
        page.wait("[data-next='waiting']", 15)
        time.sleep(18)
    finally:
        squatter.stop()
    knocked = squatter.knocked
    gaps = [round(b - a, 1) for a, b in zip(knocked, knocked[1:], strict=False)]
    assert 3 <= len(knocked) <= 5, gaps
    for gap, least in zip(gaps, [1.0, 2.0, 4.0, 8.0], strict=False):
        assert gap >= least - 0.1, gaps
    assert squatter.messages == []
    assert page.attrs("[data-next]", "data-next") == ["waiting"]


def test_a_knock_that_is_never_answered_does_not_stop_the_waiting(web_table, open_page):
    """The address accepts the page's knock and never answers (a squatter, a hung
    program): the page gives that knock up after 8 s and knocks again, so its 5-minute
    give-up still comes — it does not wait on one request for ever."""
    page, squatter = squatted_next_game(web_table, open_page, status=0)
    try:
        page.wait("[data-next='waiting']", 15)
        end = time.monotonic() + 25
        while time.monotonic() < end and len(squatter.knocked) < 2:
            time.sleep(0.1)
    finally:
        squatter.stop()
    knocked = squatter.knocked
    assert len(knocked) >= 2
    assert knocked[1] - knocked[0] >= 8.0 - 0.1
    assert page.attrs("[data-next]", "data-next") == ["waiting"]
