"""``tapete play take5 --seats phone,bot,bot`` in a real window (issue 31): under Xvfb
the command prints the phone seat's link, a screenshot of the X screen (ImageMagick's
``import``, as a person's camera sees the window) shows a QR code that decodes to that
very link, and a browser at the link plays the seat to the end, the window reaching its
results. Screenshots: /tmp/shots-web/couch-window-*.png."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time

import pygame
import pytest

from tests.web.conftest import SHOTS, missing
from tests.web.test_couch_phones import read_codes, take5_step

pytest.importorskip("zxingcpp", reason="the test extra installs zxing-cpp")

LINE = re.compile(r"^Phone seat 1 \(Player 1\): (http://\S+)$")


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        missing(f"{tool} (on Debian or Ubuntu: apt install xvfb imagemagick)")
    return path


@pytest.fixture
def xvfb():
    """A 1920×1080 X screen of its own (Xvfb picks a free display number); its
    ``DISPLAY`` value."""
    proc = subprocess.Popen(
        [need("Xvfb"), "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    ready, _w, _x = select.select([proc.stdout], [], [], 20)
    assert ready, "Xvfb did not start"
    display = ":" + proc.stdout.readline().decode().strip()
    yield display
    proc.terminate()
    proc.wait(10)


def screen(display: str) -> pygame.Surface:
    """The whole X screen now, as a picture (ImageMagick's ``import -window root``)."""
    png = subprocess.run(
        [need("import"), "-display", display, "-window", "root", "png:-"],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout
    import io

    return pygame.image.load(io.BytesIO(png), "screen.png")


def test_tapete_play_with_a_phone_seat_shows_the_printed_link_as_a_code(xvfb, open_page, tmp_path):
    env = dict(os.environ, DISPLAY=xvfb, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    env["TAPETE_CONFIG_DIR"] = str(tmp_path / "config")
    cmd = [sys.executable, "-m", "client", "play", "take5", "--seats", "phone,bot,bot"]
    cmd += ["--options", '{"rounds": 1}', "--seed", "5"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready, _w, _x = select.select([proc.stdout], [], [], 60)
        assert ready, "tapete play printed no link"
        printed = proc.stdout.readline().decode().strip()
        match = LINE.match(printed)
        assert match, printed
        link = match.group(1)
        codes = []
        end = time.monotonic() + 30
        while time.monotonic() < end and not codes:
            shot = screen(xvfb)
            codes = read_codes(shot)
        assert codes == [link]
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(shot, str(SHOTS / "couch-window-codes.png"))
        page = open_page(link, "phone")
        page.wait("[data-hand]", 30)
        time.sleep(1)  # the card over the table goes once the phone is in
        table = pygame.transform.average_color(screen(xvfb))[1]
        end = time.monotonic() + 240
        turns = 0
        while time.monotonic() < end and not page.find("[data-outcome]"):
            if take5_step(page):
                turns += 1
            else:
                time.sleep(0.1)
        assert page.find("[data-outcome]"), turns
        assert turns >= 10  # ten cards played (and any rows taken)
        page.shot("couch-window-phone-outcome")
        # The window draws every move in turn (the phone played faster than a person
        # would): its results come once it has shown the last one, dimming the table.
        end = time.monotonic() + 90
        while time.monotonic() < end:
            shot = screen(xvfb)
            if pygame.transform.average_color(shot)[1] < 0.8 * table:
                break
            time.sleep(1)
        assert pygame.transform.average_color(shot)[1] < 0.8 * table, "no results"
        pygame.image.save(shot, str(SHOTS / "couch-window-results.png"))
        assert proc.poll() is None  # the window is still up, at its results
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
