// The wire, as the page speaks it (net/PROTOCOL.md): msgpack maps with the protocol's
// decoder limits (net/protocol.py), and the client side of net/delta.py — applying a
// `delta` to a view (apply_delta) and unpacking a thin client's grouped legal list
// (unpack_legal) — ported line for line, so the page's view equals the host's.
//
// Nothing here touches the DOM or the socket: tests/web/test_wire.py runs it under node.

// msgpack is the vendored @msgpack/msgpack's browser build (vendor/msgpack/msgpack.min.js),
// a classic script that index.html loads before any module: it leaves the library in the
// global `MessagePack` (a test under node puts it there the same way).
const { Decoder, Encoder } = globalThis.MessagePack;

/** Decoder limits, as net/protocol.py (MAX_BUFFER, MAX_STR, MAX_ARRAY, MAX_MAP). */
export const MAX_MESSAGE = 256 * 1024;
export const MAX_STR = 64 * 1024;
export const MAX_ARRAY = 4096;
export const MAX_MAP = 1024;
/** Seats a bit mask `aw` can name (net.delta.MASK_SEATS). */
export const MASK_SEATS = 63;

const decoder = new Decoder({
  maxStrLength: MAX_STR,
  maxBinLength: MAX_STR,
  maxArrayLength: MAX_ARRAY,
  maxMapLength: MAX_MAP,
  maxExtLength: 0,
});
const encoder = new Encoder({ ignoreUndefined: true });

/**
 * One message's bytes (a msgpack map with a string `type`), as a plain object.
 * @throws {Error} for a message over MAX_MESSAGE, one that breaks a limit, or one that
 *   is not a map with a string `type`.
 */
export function decode(bytes) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.byteLength > MAX_MESSAGE) throw new Error("too-large");
  const msg = decoder.decode(data);
  if (msg === null || typeof msg !== "object" || Array.isArray(msg) || typeof msg.type !== "string") {
    throw new Error("bad-message");
  }
  return msg;
}

/**
 * A message as msgpack bytes (undefined fields are left out; ints stay ints).
 */
export function encode(message) {
  return encoder.encode(message);
}

// -- awaiting
/**
 * The `awaiting` list a bit mask stands for (seats in rising order):
 * net.delta.mask_awaiting. Exact for every mask below 2**53 (seats 0..52).
 */
export function maskAwaiting(mask) {
  const out = [];
  let m = mask;
  for (let s = 0; m > 0 && s < MASK_SEATS; s++) {
    if (m % 2 === 1) out.push(s);
    m = Math.floor(m / 2);
  }
  return out;
}

// -- deltas
/**
 * A delta message (net/PROTOCOL.md "Deltas"): only the parts that are not empty.
 * @typedef {Object} Delta
 */

/**
 * `view` with `delta` applied, as a new object (`view` and its lists are left as they
 * were): net.delta.apply_delta — `set` replaces values (a new key goes last), `app`
 * extends lists (into new lists), `del` removes keys, `aw` sets `awaiting`.
 */
export function applyDelta(view, delta) {
  const out = Object.assign({}, view);
  const changed = delta.set;
  if (changed) {
    for (const key of Object.keys(changed)) out[key] = changed[key];
  }
  const app = delta.app || {};
  for (const key of Object.keys(app)) {
    const old = out[key];
    const items = app[key];
    out[key] = Array.isArray(old) && Array.isArray(items) ? old.concat(items) : items;
  }
  for (const key of delta.del || []) delete out[key];
  const mask = delta.aw;
  if (Number.isInteger(mask) && mask >= 0) out.awaiting = maskAwaiting(mask);
  return out;
}

// -- legal lists
/**
 * One group of a thin client's legal list (net/PROTOCOL.md "Legal lists for thin
 * clients"): a run of actions with the same keys in the same order.
 * @typedef {Object} LegalGroup
 */

/**
 * The actions of a grouped legal list, in order: net.delta.unpack_legal (a plain
 * action map in the list is taken as it is).
 * @returns {Object[]} the actions (plain maps such as `{type: "choose", card: 37}`)
 */
export function unpackLegal(groups) {
  const out = [];
  for (const g of groups || []) {
    if (!("rows" in g)) {
      out.push(g);
      continue;
    }
    const keys = g.keys;
    const same = g.same;
    for (const row of g.rows) {
      let i = 0;
      const action = {};
      for (const k of keys) {
        action[k] = Object.prototype.hasOwnProperty.call(same, k) ? same[k] : row[i++];
      }
      out.push(action);
    }
  }
  return out;
}

// -- matching
/**
 * Whether two plain values (numbers, strings, booleans, null, arrays, maps) are equal,
 * deeply, as Python's `==` compares the decoded values.
 */
export function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !equal(a[k], b[k])) return false;
  }
  return true;
}

/**
 * Whether `action` has every field of `fields` with a matching value (equal, or a
 * function of the field's value that says whether it matches): client.tables.seat.matches.
 */
export function matches(action, fields) {
  for (const name of Object.keys(fields)) {
    if (!Object.prototype.hasOwnProperty.call(action, name)) return false;
    const want = fields[name];
    const value = action[name];
    if (typeof want === "function") {
      if (!want(value)) return false;
    } else if (!equal(value, want)) {
      return false;
    }
  }
  return true;
}
