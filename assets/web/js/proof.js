// The seat proof (net.identity.seat_proof): HMAC-SHA256 under the seat's token of
// SEAT_LABEL and both nonces of one connection, so the token itself never leaves the
// page. A page served over plain HTTP on a LAN address is no "secure context" (no
// crypto.subtle): the hash is @noble/hashes, vendored (vendor/noble-hashes,
// tools/vendor_web.sh). Nothing here touches the DOM: tests/web/test_seat_proof.py runs
// it under node against Python's hmac.

import { hmac } from "../vendor/noble-hashes/hmac.js";
import { sha256 as nobleSha256 } from "../vendor/noble-hashes/sha256.js";

/** SHA-256 of `data` (a Uint8Array): 32 bytes. */
export const sha256 = (data) => nobleSha256(data);

/** HMAC-SHA256 of `message` under `key` (both Uint8Array): 32 bytes. */
export const hmacSha256 = (key, message) => hmac(nobleSha256, key, message);

/** net.identity.SEAT_LABEL: what a seat's proof covers starts with it. */
export const SEAT_LABEL = new TextEncoder().encode("tapete-seat-3\0");

/**
 * A `hello`'s seat proof (net.identity.seat_proof): HMAC-SHA256 under the seat's token
 * (UTF-8) of SEAT_LABEL and both nonces of this connection — the token itself never
 * leaves the page, and the proof is worth nothing on another connection.
 */
export function seatProof(token, clientNonce, hostNonce) {
  const message = new Uint8Array(SEAT_LABEL.length + clientNonce.length + hostNonce.length);
  message.set(SEAT_LABEL);
  message.set(clientNonce, SEAT_LABEL.length);
  message.set(hostNonce, SEAT_LABEL.length + clientNonce.length);
  return hmacSha256(new TextEncoder().encode(token), message);
}
