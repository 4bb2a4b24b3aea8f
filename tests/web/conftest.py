"""The browser page's harness (issue 30): a real headless Chromium (Debian's `chromium`
and `chromium-driver`, through Selenium) on loopback against a host with the web door.

Fixtures:
- ``web_table(game, seats, seed=1, options=None, **table)`` → ``(host, url)``: a started
  :class:`net.local.LocalHost` with its TCP and web doors on 127.0.0.1
  (:func:`net.web.serve_for_tests`, bots' pause off unless ``bot_delay`` is given);
  stopped at the end of the test.
- ``viewport``: "phone" (360×740 CSS px, pixel ratio 2, touch — Chrome's mobile
  emulation) or "laptop" (1280×720); tests that take it run once per viewport.
- ``app``: a window on SDL's dummy driver (tests/client/conftest.py's, for the couch
  tests that play its table beside the phones' pages).
- ``open_page(url, viewport=None)`` → :class:`Player`: a fresh browser (its own
  profile folder, so its own localStorage) with the page open; quit at the end.

A :class:`Player` clicks like a player — ``click(css)`` waits for an element and clicks
it — and reads what a player reads (``text``, ``attrs``). It never calls into the
page; it reads only the Performance API's entries (``marks``) for the figures.
``shot(name)`` saves a screenshot to ``$TAPETE_WEB_SHOTS`` (default /tmp/shots-web/) as
``<name>-<viewport>.png``.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

#: ``TAPETE_BROWSER_TESTS=required`` (set by .ci/run): a missing browser, driver,
#: Selenium or node fails these tests instead of skipping them.
REQUIRED = os.environ.get("TAPETE_BROWSER_TESTS") == "required"


def missing(what: str) -> None:
    """Skip (or, in CI, fail) a test whose tool ``what`` is not on this machine."""
    text = f"needs {what} (on Debian or Ubuntu: apt install chromium chromium-driver nodejs)"
    if REQUIRED:
        pytest.fail(text)
    pytest.skip(text)


try:
    from selenium import webdriver
except ImportError:  # the test extra installs it
    if REQUIRED:
        raise
    pytest.skip("needs selenium (pip install -e '.[test]')", allow_module_level=True)
from selenium.common.exceptions import (  # noqa: E402
    ElementClickInterceptedException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By  # noqa: E402

# ``app``: a window on SDL's dummy driver, as the client tests have it (the couch tests
# play its table beside the phones' pages).
from tests.client.conftest import app  # noqa: E402, F401

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("TAPETE_WEB_SHOTS", "/tmp/shots-web"))
#: CSS pixels of each viewport.
VIEWPORTS = {"phone": (360, 740), "laptop": (1280, 720)}
#: Chromium's switches: headless, nothing fetched from outside, a fresh profile.
SWITCHES = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)
#: Seconds a wait for the page may take.
WAIT = 15.0


def chromium_options(viewport: str, profile: Path):
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for s in SWITCHES:
        opts.add_argument(s)
    opts.add_argument(f"--user-data-dir={profile}")
    if viewport == "phone":
        w, h = VIEWPORTS["phone"]
        opts.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": w, "height": h, "pixelRatio": 2.0}}
        )
    else:
        w, h = VIEWPORTS["laptop"]
        opts.add_argument(f"--window-size={w},{h}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return opts


class Player:
    """One browser at the table (see the module docstring)."""

    def __init__(self, driver, viewport: str) -> None:
        self.driver = driver
        self.viewport = viewport

    # ------------------------------------------------------------------ finding
    def find(self, css: str):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait(self, css: str, timeout: float = WAIT, visible: bool = True):
        """The first element matching ``css`` (displayed, unless ``visible`` is False),
        once there is one; TimeoutException after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while True:
            try:
                for e in self.find(css):
                    if not visible or e.is_displayed():
                        return e
            except StaleElementReferenceException:
                pass
            if time.monotonic() > end:
                raise TimeoutException(f"no {css!r} after {timeout} s\n{self.log_tail()}")
            time.sleep(0.05)

    def wait_until(self, test, timeout: float = WAIT, what: str = "condition"):
        """``test()``'s first truthy value (retried while elements go stale)."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = test()
                if value:
                    return value
            except StaleElementReferenceException:
                pass
            if time.monotonic() > end:
                raise TimeoutException(f"{what} not met after {timeout} s\n{self.log_tail()}")
            time.sleep(0.05)

    def click(self, css: str, timeout: float = WAIT) -> None:
        """Wait for ``css`` and click it (as a player taps: the element must be shown
        and not covered)."""
        end = time.monotonic() + timeout
        while True:
            try:
                e = self.wait(css, max(0.1, end - time.monotonic()))
                e.click()
                return
            except (StaleElementReferenceException, ElementClickInterceptedException):
                if time.monotonic() > end:
                    raise
                time.sleep(0.05)

    def text(self, css: str = "body") -> str:
        try:
            return " ".join(e.text for e in self.find(css))
        except StaleElementReferenceException:
            return self.text(css)

    def attrs(self, css: str, name: str) -> list[str]:
        """Attribute ``name`` of every element matching ``css`` (retried while stale)."""
        for _ in range(20):
            try:
                return [e.get_attribute(name) for e in self.find(css)]
            except StaleElementReferenceException:
                time.sleep(0.02)
        return []

    # ------------------------------------------------------------------ records
    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}-{self.viewport}.png"
        self.driver.save_screenshot(str(path))
        return path

    def marks(self, name: str) -> list[dict]:
        """The page's Performance API entries named ``name`` ({startTime, duration}, ms)."""
        return self.driver.execute_script(
            "return performance.getEntriesByName(arguments[0]).map("
            "e => ({startTime: e.startTime, duration: e.duration}))",
            name,
        )

    def resources(self) -> list[dict]:
        """Every resource the page loaded ({name, transferSize, encodedBodySize})."""
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').concat("
            "performance.getEntriesByType('navigation')).map(e => ({name: e.name, "
            "transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, "
            "decodedBodySize: e.decodedBodySize}))"
        )

    def log_tail(self, n: int = 15) -> str:
        try:
            logs = self.driver.get_log("browser")
        except Exception:  # noqa: BLE001 - a log is a help, not a need
            return ""
        return "\n".join(f"{e.get('level')}: {e.get('message')}" for e in logs[-n:])

    def storage(self) -> dict:
        """localStorage, as the page left it (the test reads it; the page never gets
        anything from the test)."""
        return self.driver.execute_script(
            "const o = {}; for (let i = 0; i < localStorage.length; i++) {"
            " const k = localStorage.key(i); o[k] = localStorage.getItem(k); } return o;"
        )


def start_browser(viewport: str, profile: Path):
    """A headless Chromium with ``viewport`` ("phone" or "laptop") and a fresh profile
    folder ``profile``; the laptop's viewport is made exactly 1280×720."""
    from selenium.webdriver.chrome.service import Service

    driver = webdriver.Chrome(
        options=chromium_options(viewport, profile), service=Service(CHROMEDRIVER)
    )
    driver.set_page_load_timeout(WAIT)
    if viewport == "laptop":
        w, h = VIEWPORTS["laptop"]
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner != [w, h]:  # the window's frame takes some: make the viewport exact
            size = driver.get_window_size()
            driver.set_window_size(size["width"] + w - inner[0], size["height"] + h - inner[1])
    return driver


def browsers_present() -> bool:
    return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)


@pytest.fixture(params=["phone", "laptop"])
def viewport(request) -> str:
    return request.param


@pytest.fixture
def web_table():
    from net.local import serve_for_tests

    hosts = []

    def make(game: str, seats: list[str], seed: int = 1, options: dict | None = None, **table):
        table.setdefault("bot_delay", 0.0)
        host, url = serve_for_tests(game, seats, seed, options, **table)
        hosts.append(host)
        return host, url

    yield make
    for host in hosts:
        host.stop()


@pytest.fixture
def open_page(tmp_path):
    if not browsers_present():
        missing("Debian's chromium and chromium-driver")
    drivers = []

    def make(url: str, viewport: str | None = None) -> Player:
        viewport = viewport or "laptop"
        driver = start_browser(viewport, tmp_path / f"profile-{len(drivers)}")
        drivers.append(driver)
        driver.get(url)
        return Player(driver, viewport)

    yield make
    for d in drivers:
        try:
            d.quit()
        except Exception:  # noqa: BLE001
            pass


def drop_web_links(host) -> int:
    """Cut every WebSocket link of ``host``'s web door at once (from the host's side, as
    a lost Wi-Fi would); returns how many were cut."""

    async def cut() -> int:
        peers = list(host.web._peers)
        for p in peers:
            p.abort()
        return len(peers)

    return host.run(cut())


def host_view(host, seat):
    """The host's own view of ``seat`` now (what the page must draw)."""
    return host.call(lambda t: t.view(seat))


def page_hand(p) -> list[int]:
    """The hand the page draws: its ``[data-hand]`` list of card values."""
    (value,) = p.attrs("[data-hand]", "data-hand") or [None]
    return [int(x) for x in value.split()] if value else []


def drop_and_return(p, host, name: str) -> None:
    """Cut the page's WebSocket from the host's side (a lost Wi-Fi): the seat goes away,
    then the page takes it back by itself (its kept token) and plays on. ``name``: the
    screenshot's (``<name>-reconnecting``). Returns once the "Back in your seat" notice
    has gone, as a player waits for it before tapping on."""
    assert drop_web_links(host) == 1

    def state():
        return host.call(lambda t: t.seats)[0]["state"]

    try:
        p.wait_until(
            lambda: state() != "connected" or p.attrs("[data-link]", "data-link") != ["up"],
            timeout=3,
            what="the drop",
        )
        if p.attrs("[data-link]", "data-link") != ["up"]:
            p.shot(f"{name}-reconnecting")
    except Exception:  # noqa: BLE001 - it may be back before we look
        pass
    p.wait_until(
        lambda: p.attrs("[data-link]", "data-link") == ["up"] and state() == "connected",
        timeout=30,
        what="the seat back",
    )
    p.wait_until(lambda: not p.find(".banner .note"), 15, "the notice to go")


def small_targets(p) -> list[str]:
    """The board's tappable elements under 40 CSS px either way (as laid out now)."""
    out = []
    for e in p.find(".board [data-action]"):
        if e.is_displayed():
            size = e.size
            if size["width"] < 40 or size["height"] < 40:
                out.append(f"{e.get_attribute('outerHTML')[:80]} {size}")
    return out
