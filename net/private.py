"""Private files and folders of Tapete (PROTOCOL.md "Log on disk", "Private on disk"):
the user's data folder and its ``logs/`` folder (mode 0700), files created mode 0600
exactly whatever the umask (logs, ``seats.json``, ``stats.json``), written whole or not
at all. The umask never loosens them."""

from __future__ import annotations

import os
import secrets
import stat
import time
from pathlib import Path

APP = "tapete"
#: Mode of every file this module creates (owner read/write: it holds tokens).
PRIVATE_FILE = 0o600
#: Mode of the data folder and its logs folder (owner only).
PRIVATE_FOLDER = 0o700


def data_dir() -> Path:
    """The user's data folder for Tapete: ``$TAPETE_DATA_DIR`` if set, else platformdirs'
    user data folder for "tapete" (logs, statistics, kept seat tokens). Not created
    here: :func:`private_folder` creates it (mode 0700)."""
    env = os.environ.get("TAPETE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP))


def logs_dir() -> Path:
    """Where tables log by default: ``data_dir()/logs``."""
    return data_dir() / "logs"


def _tighten(folder: Path, created: bool) -> None:
    """Make ``folder`` exactly :data:`PRIVATE_FOLDER` when this process ``created`` it,
    or when it is looser and ours: owned by this user and not a shared sticky folder
    (such as /tmp). A folder that cannot be changed (another owner, a read-only disk)
    is left as it is."""
    try:
        st = os.stat(folder)
    except OSError:
        return
    mode = stat.S_IMODE(st.st_mode)
    if not created:
        if mode & 0o077 == 0 or mode & stat.S_ISVTX:
            return
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return
    if mode != PRIVATE_FOLDER:
        try:
            os.chmod(folder, PRIVATE_FOLDER)
        except OSError:
            pass


def _make(folder: Path) -> bool:
    """Create ``folder`` (mode 0700; missing parents as the umask says); True when this
    call created it. Raises ``OSError`` (``FileExistsError`` for a file in the way)."""
    try:
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True)
    except FileExistsError:
        if not folder.is_dir():
            raise
        return False
    return True


def private_folder(folder: str | os.PathLike) -> Path:
    """``folder``, made to exist for private files: created mode 0700 (exactly: the
    umask neither loosens nor over-tightens it). The data folder (:func:`data_dir`) and
    its ``logs`` folder are ours, so they are also tightened to 0700 when found looser
    (owned by this user, not a sticky shared folder); a folder inside the data folder
    brings the data folder with it. Any other existing folder (``--log /tmp/x.jsonl``)
    is left as it is. Returns ``folder`` as a ``Path``; raises ``OSError`` when it
    cannot be created."""
    folder = Path(folder)
    root = data_dir()
    top, here = os.path.abspath(root), os.path.abspath(folder)
    ours = (top, os.path.join(top, "logs"))
    try:
        inside = here != top and os.path.commonpath([here, top]) == top
    except ValueError:  # another drive
        inside = False
    if inside:
        _tighten(root, _make(root))
    created = _make(folder)
    if created or here in ours:
        _tighten(folder, created)
    return folder


def open_private(path: str | os.PathLike, replace: bool = True) -> int:
    """A new file at ``path`` opened for writing, mode exactly 0600 (a file descriptor).
    ``replace``: a file already there is removed first (a stale ``.tmp``), so its old
    mode cannot carry over; without it, an existing file raises ``FileExistsError``.
    ``O_EXCL`` also refuses to follow a symbolic link planted at ``path``."""
    path = os.fspath(path)
    if replace:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    _private(fd)
    return fd


def _private(fd: int) -> None:
    """Make the open file ``fd`` mode 0600 (no-op where ``fchmod`` is missing or the
    file is not ours to change)."""
    if hasattr(os, "fchmod"):
        try:
            if stat.S_IMODE(os.fstat(fd).st_mode) != PRIVATE_FILE:
                os.fchmod(fd, PRIVATE_FILE)
        except OSError:
            pass


def write_private(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole, mode 0600: into ``PATH.PID.tmp`` first,
    then moved into place, so the file is never half-written nor readable by others.
    The folder is made with :func:`private_folder`. Raises ``OSError``."""
    path = Path(path)
    private_folder(path.parent)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(open_private(tmp), "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def default_log_path(game_id: str, label: str | None = None, when: float | None = None) -> Path:
    """A fresh log path under :func:`logs_dir` (folder created, 0700: see
    :func:`private_folder`), named by local time,
    game and ``label`` (default: 8 random hex digits), never by the seed — a file name
    is seen by more eyes than the file (issue 13): ``20261130-064512-take5-3f9a0c1e.jsonl``;
    a counter is added if the name is taken."""
    folder = private_folder(logs_dir())
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    base = f"{stamp}-{game_id}-{label if label else secrets.token_hex(4)}"
    path = folder / f"{base}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.jsonl"
    return path
