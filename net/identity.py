"""A table's identity, proven rather than copied (``net/PROTOCOL.md``, "Proving the table").

Each table holds an Ed25519 key pair (:class:`TableKey`; the private half is kept in the
log header for resume, as private as the seat tokens). Its identity, the ``table_id`` of
``welcome``, the zeroconf listing and the token store, is derived from the public key:
:func:`table_id_of` — the first 16 bytes of its SHA-256, as 32 hex digits. Anybody may
copy a ``table_id``; only the table's host can answer a fresh challenge for it.

The exchange, before ``hello`` (protocol 3):

* the client sends ``{"type": "challenge", "nonce": <32 random bytes>}``;
* the host answers ``{"type": "proof", "table_id", "key": <32-byte public key>,
  "nonce": <32 fresh bytes of its own>, "signature": <64 bytes>}``, the signature
  covering :data:`PROOF_LABEL`, both nonces and the key (:meth:`TableKey.prove`);
* the client checks it (:func:`check_proof`) and, only when the proven identity is the
  one it keeps a token for, proves that it holds the token without sending it:
  ``hello`` carries ``seat`` and ``proof`` = HMAC-SHA256(token, :data:`SEAT_LABEL` +
  both nonces) (:func:`seat_proof`). The host recomputes it with the seat's token.

So a look-alike listing that copies a table's identity learns nothing: it cannot sign,
the client then offers no token, and even a host that relays the exchange to the real
table gets an HMAC bound to that one connection's nonces, never the token itself.
The primitives come from ``cryptography`` (no hand-made crypto).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

#: Bytes of each side's nonce, of a public key, of a signature and of a seat proof.
NONCE_BYTES = 32
KEY_BYTES = 32
SIGNATURE_BYTES = 64
SEAT_PROOF_BYTES = 32
#: Domain separation: what the host signs, and what a seat's HMAC covers, start with these.
PROOF_LABEL = b"tapete-table-proof-3\0"
SEAT_LABEL = b"tapete-seat-3\0"


class IdentityError(Exception):
    """A ``proof`` that proves nothing (malformed, a bad signature, or another table's
    identity than the one expected); ``str()`` says which, for people."""


def table_id_of(public_key: bytes) -> str:
    """The identity of the table whose public key is ``public_key`` (32 bytes): the first
    16 bytes of its SHA-256 as 32 lowercase hex digits."""
    return hashlib.sha256(public_key).digest()[:16].hex()


def new_nonce() -> bytes:
    """:data:`NONCE_BYTES` fresh random bytes (``secrets``)."""
    return secrets.token_bytes(NONCE_BYTES)


class TableKey:
    """The table's Ed25519 key pair. ``private``: the 32-byte private key, or its 64 hex
    digits (from a log header); None draws a fresh one. Raises ``ValueError`` for a key
    of another length or not hex."""

    def __init__(self, private: bytes | str | None = None) -> None:
        if private is None:
            self._key = Ed25519PrivateKey.generate()
        else:
            if isinstance(private, str):
                try:
                    private = bytes.fromhex(private)
                except ValueError:
                    raise ValueError("a table key is 64 hex digits") from None
            if not isinstance(private, bytes) or len(private) != KEY_BYTES:
                raise ValueError(f"a table key is {KEY_BYTES} bytes (64 hex digits)")
            self._key = Ed25519PrivateKey.from_private_bytes(private)
        #: The public key (32 bytes) and the identity derived from it.
        self.public = self._key.public_key().public_bytes_raw()
        self.table_id = table_id_of(self.public)

    @property
    def private_hex(self) -> str:
        """The private key as 64 hex digits (for the log header only: it is a secret)."""
        return self._key.private_bytes_raw().hex()

    def prove(self, client_nonce: bytes, host_nonce: bytes | None = None) -> dict:
        """The ``proof`` message answering a ``challenge`` with ``client_nonce``
        (:data:`NONCE_BYTES` bytes; ``ValueError`` otherwise). ``host_nonce`` (tests):
        the host's nonce; None draws one. The signature covers :data:`PROOF_LABEL`,
        the public key and both nonces."""
        if not isinstance(client_nonce, bytes) or len(client_nonce) != NONCE_BYTES:
            raise ValueError(f"a challenge's nonce is {NONCE_BYTES} bytes")
        host_nonce = new_nonce() if host_nonce is None else host_nonce
        signature = self._key.sign(_signed(self.public, client_nonce, host_nonce))
        return {
            "type": "proof",
            "table_id": self.table_id,
            "key": self.public,
            "nonce": host_nonce,
            "signature": signature,
        }


def _signed(public: bytes, client_nonce: bytes, host_nonce: bytes) -> bytes:
    return PROOF_LABEL + public + client_nonce + host_nonce


def check_proof(proof: Any, client_nonce: bytes, expected: str | None = None) -> str:
    """The identity ``proof`` (a host's ``proof`` message) proves for the challenge
    ``client_nonce``; raises :class:`IdentityError` when it proves nothing: a field
    missing or of the wrong size, a signature that does not verify, a ``table_id`` that
    is not the key's, or — with ``expected`` — another identity than ``expected``."""
    if not isinstance(proof, dict) or proof.get("type") != "proof":
        raise IdentityError("the host answered the challenge with something else than a proof")
    key, nonce, signature = proof.get("key"), proof.get("nonce"), proof.get("signature")
    if not (isinstance(key, bytes) and len(key) == KEY_BYTES):
        raise IdentityError("the host's proof has no valid public key")
    if not (isinstance(nonce, bytes) and len(nonce) == NONCE_BYTES):
        raise IdentityError("the host's proof has no valid nonce")
    if not (isinstance(signature, bytes) and len(signature) == SIGNATURE_BYTES):
        raise IdentityError("the host's proof has no valid signature")
    proven = table_id_of(key)
    if proof.get("table_id") != proven:
        raise IdentityError("the host's proof names another identity than its key's")
    try:
        Ed25519PublicKey.from_public_bytes(key).verify(signature, _signed(key, client_nonce, nonce))
    except (InvalidSignature, ValueError):
        raise IdentityError("the host's signature does not verify") from None
    if expected is not None and proven != expected:
        raise IdentityError(
            f"this host proved table {proven[:8]}…, not the table {expected[:8]}… your seat is at"
        )
    return proven


def seat_proof(token: str, client_nonce: bytes, host_nonce: bytes) -> bytes:
    """The ``proof`` a ``hello`` carries for a seat: HMAC-SHA256 under the seat's
    ``token`` (UTF-8) of :data:`SEAT_LABEL` and both nonces (32 bytes). Bound to one
    connection's nonces, it is worth nothing on another connection."""
    return hmac.new(
        token.encode("utf-8"), SEAT_LABEL + client_nonce + host_nonce, hashlib.sha256
    ).digest()


def seat_proof_matches(token: str, proof: Any, client_nonce: bytes, host_nonce: bytes) -> bool:
    """Whether ``proof`` is :func:`seat_proof` of ``token`` (compared in constant time);
    any other value is just False."""
    if not isinstance(proof, bytes) or len(proof) != SEAT_PROOF_BYTES:
        return False
    return hmac.compare_digest(seat_proof(token, client_nonce, host_nonce), proof)
