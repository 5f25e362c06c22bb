"""`SaveLock`: marks a save as open in one Rivals process, so a second window cannot play it too.

The lock is an operating-system lock on a small file beside the save (`<name>.lock`) that
holds the owner's process id for the error message. The operating system drops the lock when
its process dies, however it dies, so a lock left behind by a crash or a closed terminal is
simply taken over by the next process: no guessing from process ids that may have been reused.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from saves.errors import SaveError

if sys.platform == "win32":
    import msvcrt

    # Windows locks are mandatory: lock one byte far past the pid text so that others can still
    # read who holds the lock.
    _LOCK_OFFSET = 1 << 20

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _holder(fd: int) -> str:
    """The pid written in the lock file, or "unknown" while its owner has not written it yet."""
    os.lseek(fd, 0, os.SEEK_SET)
    first = os.read(fd, 64).decode("ascii", "replace").strip()
    return first if first.isdigit() else "unknown"


def _same_file(path: Path, fd: int) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


class SaveLock:
    """Held while this process plays the save `name`. Use as a context manager or call `release`."""

    def __init__(self, name: str, path: Path, fd: int) -> None:
        self.name = name
        self.path = path
        self.pid = os.getpid()
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give up the lock and remove the lock file. Calling it again does nothing."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if sys.platform == "win32":
            # Windows cannot remove a file that is still open, so close first.
            _unlock(fd)
            os.close(fd)
            # Fails if another process has just opened the file to take the lock; it reuses it.
            with suppress(OSError):
                os.unlink(self.path)
            return
        # Remove the file while still holding the lock, so nobody can lock this copy after us
        # and believe they hold the save (they check that the path still names their file).
        if _same_file(self.path, fd):
            os.unlink(self.path)
        _unlock(fd)
        os.close(fd)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"SaveLock({self.name!r}, held={self.held})"


def acquire(
    name: str, path: Path, held: str = "already open in another Rivals window (pid {pid})"
) -> SaveLock:
    """Lock the save `name` through the lock file `path`.

    Raises SaveError("<name>: already open in another Rivals window (pid N)") when a live
    process, this one included, holds it (`held` words it otherwise).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _lock_file(name, path, held)
    except OSError as exc:
        raise SaveError(name, f"cannot be locked ({exc.strerror or exc})") from None
    return SaveLock(name, path, fd)


# Never follow a link planted at the lock's name (it would make us truncate the file it points
# to, or create one elsewhere), and never wait on a pipe planted there.
_OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _open_lock(name: str, path: Path) -> int:
    if path.is_symlink():
        raise SaveError(name, f"cannot be locked: {path.name} is a link; remove it and try again")
    try:
        fd = os.open(path, _OPEN_FLAGS, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # the link appeared between the check and the open
            raise SaveError(
                name, f"cannot be locked: {path.name} is a link; remove it and try again"
            ) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveError(name, f"cannot be locked: {path.name} is not a plain file; remove it and try again")
    return fd


def _lock_file(name: str, path: Path, held: str) -> int:
    while True:
        fd = _open_lock(name, path)
        try:
            if not _try_lock(fd):
                raise SaveError(name, held.format(pid=_holder(fd)))
            # The previous owner may have removed the file between our open and our lock; a lock
            # on a removed file guards nothing, so try again with the file now at `path`.
            if _same_file(path, fd):
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
                return fd
            _unlock(fd)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
