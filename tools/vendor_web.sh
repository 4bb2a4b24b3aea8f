#!/bin/sh
# Refresh the browser page's vendored libraries (assets/web/vendor/) from the npm
# registry, at pinned versions, with their licences. No build step: the page imports
# the packages' own ES-module files as they are published.
#
#   sh tools/vendor_web.sh          # fetch, unpack, copy; prints what it wrote
#
# Needs npm (only `npm pack`: no node_modules, no install scripts run). After a version
# bump, update the entry in assets/LICENSES.md and run tests/web.
set -eu

MSGPACK_VERSION=3.1.3   # @msgpack/msgpack, ISC
NOBLE_HASHES_VERSION=1.4.0   # @noble/hashes, MIT (the seat proof's HMAC-SHA256; 1.4's
                             # esm build is a third of 2.x's bytes: the page's size budget)

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENDOR="$ROOT/assets/web/vendor"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cd "$WORK"
npm pack --silent "@msgpack/msgpack@$MSGPACK_VERSION" >/dev/null
tar xzf "msgpack-msgpack-$MSGPACK_VERSION.tgz"

OUT="$VENDOR/msgpack"
rm -rf "$OUT"
mkdir -p "$OUT"
# The package's own minified browser build as published (dist.umd/msgpack.min.js, 22 KB:
# one file, loaded by index.html as a classic script before the page's modules, which
# sets the global `MessagePack` that js/wire.js reads). Its ES-module build is 58 KB in
# 14 files for the page's part of it: the minified one keeps the page inside its size
# budget and loads in one request. Source maps are not shipped: drop the comment that
# points at one.
cp package/dist.umd/msgpack.min.js "$OUT/msgpack.min.js"
sed -i '/^\/\/# sourceMappingURL=/d' "$OUT/msgpack.min.js"
cp package/LICENSE "$OUT/LICENSE"
printf '@msgpack/msgpack %s (npm: dist.umd/msgpack.min.js, ISC; https://github.com/msgpack/msgpack-javascript)\n' \
    "$MSGPACK_VERSION" > "$OUT/VERSION"
echo "@msgpack/msgpack $MSGPACK_VERSION -> ${OUT#$ROOT/}: msgpack.min.js ($(wc -c < "$OUT/msgpack.min.js") bytes)"

# @noble/hashes: HMAC-SHA256 for the seat proof (js/proof.js; a page served over plain
# HTTP on a LAN address is no secure context: no crypto.subtle). Its esm build as
# published, only sha256.js, hmac.js and what they import; utils.js names its one
# package import by the package's own name ('@noble/hashes/crypto'), which a page without
# an import map cannot resolve: it is pointed at the file beside it ('./crypto.js').
cd "$WORK"
npm pack --silent "@noble/hashes@$NOBLE_HASHES_VERSION" >/dev/null
rm -rf package
tar xzf "noble-hashes-$NOBLE_HASHES_VERSION.tgz"
OUT="$VENDOR/noble-hashes"
rm -rf "$OUT"
mkdir -p "$OUT"
for m in sha256 hmac _md utils _assert crypto; do cp "package/esm/$m.js" "$OUT/$m.js"; done
sed -i "s#from '@noble/hashes/crypto'#from './crypto.js'#" "$OUT/utils.js"
for f in "$OUT"/*.js; do
    sed -i '/^\/\/# sourceMappingURL=/d' "$f"
done
cp package/LICENSE "$OUT/LICENSE"
printf '@noble/hashes %s (npm: esm build, MIT; https://github.com/paulmillr/noble-hashes)\n' \
    "$NOBLE_HASHES_VERSION" > "$OUT/VERSION"
echo "@noble/hashes $NOBLE_HASHES_VERSION -> ${OUT#$ROOT/}: $(ls "$OUT" | grep -c '\.js$') modules"
