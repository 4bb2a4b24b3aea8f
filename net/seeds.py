"""Seeds and the bots' key of a table (PROTOCOL.md "Seeds and the bots' key"): the
128-bit seeds a host draws, a chosen seed mixed with a secret at a served table, and
the keyed generator seed of every bot, so nothing a seat sees reveals the deal or a
bot's choice before the ``outcome``."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from net.protocol import echo

#: Bits of a seed the host draws (``secrets``): no seat can search the seed space.
SEED_BITS = 128
#: Bytes of the secret mixed into a seed a player chose, at a served table.
SEED_SECRET_BYTES = 32


def new_seed() -> int:
    """A seed for a new table: :data:`SEED_BITS` random bits from ``secrets`` (an int
    in ``0 .. 2**128 - 1``), so the deal cannot be searched from one seat's cards."""
    return secrets.randbits(SEED_BITS)


def new_bot_key() -> bytes:
    """A fresh secret key for a table's bots (32 random bytes)."""
    return secrets.token_bytes(32)


def seeded_bot_key(seed: int) -> bytes:
    """The bots' key that follows from ``seed`` alone, for a game a player asked to
    reproduce at a table nobody joins from another machine (``tapete play --seed``, the
    New game box offline): the same seed then gives the same bots' choices. Whoever
    knows such a seed knows the deal and the bots anyway. (A served table mixes a chosen
    seed with a secret instead, and its bots get a fresh key: :func:`mixed_seed`.)"""
    return hashlib.sha256(f"tapete:bots:{seed}".encode()).digest()


def new_seed_secret() -> bytes:
    """A fresh secret to mix into a chosen seed (:data:`SEED_SECRET_BYTES` random bytes)."""
    return secrets.token_bytes(SEED_SECRET_BYTES)


def mixed_seed(chosen: int, secret: bytes) -> int:
    """The seed a table served to other machines deals from when a player chose
    ``chosen``: the first 128 bits (big-endian) of HMAC-SHA256 under ``secret`` of
    ``chosen`` as a decimal string. No seat can search it from its cards (a small chosen
    seed falls in seconds: issue 29); once the ``outcome`` reveals ``chosen_seed`` and
    ``seed_secret``, anyone can check that the deal came from the chosen seed.

    Raises ``ValueError`` for a negative or non-int ``chosen`` or an empty ``secret``."""
    if isinstance(chosen, bool) or not isinstance(chosen, int) or chosen < 0:
        raise ValueError(f"a chosen seed is a non-negative int, not {echo(chosen)}")
    if not isinstance(secret, bytes) or not secret:
        raise ValueError("a seed secret is non-empty bytes")
    digest = hmac.new(secret, str(chosen).encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[: SEED_BITS // 8], "big")


def bot_seed(key: bytes, seed: int, seat: int, level: str) -> int:
    """The generator seed of the bot at ``seat`` and ``level``: HMAC-SHA256 of
    ``"seed:seat:level"`` under the table's secret bots' ``key``, as a 256-bit int.
    Nothing a seat sees before the ``outcome`` reveals it."""
    msg = f"{seed}:{seat}:{level}".encode()
    return int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")


def _key_bytes(key: bytes | str | None) -> bytes:
    if key is None:
        return new_bot_key()
    if isinstance(key, str):
        try:
            key = bytes.fromhex(key)
        except ValueError:
            raise ValueError("a bots' key is hex digits") from None
    if not isinstance(key, bytes) or not key:
        raise ValueError("a bots' key is non-empty bytes or hex digits")
    return key


def _chosen(seed: int, chosen: Any, secret: Any) -> tuple[int | None, bytes | None]:
    """``(chosen_seed, seed_secret)`` for :class:`Table`, checked: both None, or both
    given and ``seed == mixed_seed(chosen, secret)``. Raises ``ValueError``."""
    if chosen is None and secret is None:
        return None, None
    if chosen is None or secret is None:
        raise ValueError("chosen_seed and seed_secret go together")
    if isinstance(secret, str):
        try:
            secret = bytes.fromhex(secret)
        except ValueError:
            raise ValueError("a seed secret is hex digits") from None
    if mixed_seed(chosen, secret) != seed:
        raise ValueError("the seed does not follow from chosen_seed and seed_secret")
    return chosen, secret
