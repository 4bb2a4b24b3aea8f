"""Tapete's pygame-ce client: scenes, tables, animation, settings."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
