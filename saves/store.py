"""`SaveStore`: the folder of saved games — naming, atomic writes with a backup, listing, locks.

Each save is `<name>.json` in the folder, with the previous version kept as `<name>.json.bak`
and `<name>.lock` present while a Rivals process plays it. Writes never leave a half-written
save behind: the new text goes to a temporary file in the same folder, is flushed to disk, and
only then renamed over the old one. Reading never changes a file.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import platformdirs

from engine.core.game import Game
from engine.registry import GAMES
from saves.errors import SaveError
from saves.lock import SaveLock, acquire
from saves.migrations import MigrationFault, migrate

if TYPE_CHECKING:
    from engine.core.match import Match

__all__ = ["ENV_VAR", "SaveInfo", "SaveLock", "SaveStore"]

ENV_VAR = "RIVALS_SAVE_DIR"
SUFFIX = ".json"
BACKUP_SUFFIX = ".json.bak"
# A real save is a few dozen kilobytes; anything much larger is not one, and reading it whole
# (a link to /dev/zero, a huge file) must not eat the memory.
MAX_SAVE_BYTES = 8 * 1024 * 1024
# While a table server uses the folder (one server per folder: a second would rewrite the table
# index without the first one's tables). A dot name: no save can be called that.
SERVER_LOCK = ".server.lock"
# Temporary files are named ".<save>.json.<random>.tmp" and ".<save>.json.bak-<random>.tmp".
TEMP_SUFFIX = ".tmp"
# A temporary file this old belongs to no save in progress (a save takes milliseconds).
STALE_TEMP_SECONDS = 60.0
# No following of links when creating files (where the system has the flag).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _random_tag() -> str:
    """Eight hex digits for a temporary file's name (os.urandom: the secrets module costs start-up
    time for nothing more here; the name is never trusted anyway, files are opened exclusively)."""
    return os.urandom(4).hex()


def _codec() -> Any:
    """The save format, imported on first use: the app's menu and an empty save folder never
    need it, and it brings in cattrs (a noticeable share of start-up)."""
    from saves import codec

    return codec


@attrs.frozen
class SaveInfo:
    """One line of the load list. `error` is set (and the game fields may be blank) when the
    file cannot be loaded; the list shows it rather than failing."""

    name: str
    path: Path
    game_id: str
    title: str
    players: tuple[str, ...]
    progress: str
    status: str
    updated: str
    error: str | None = None
    # For a damaged save whose previous version (the .bak) loads: how many moves that version
    # has, and how many fewer than the damaged file (None when the damaged file cannot tell).
    backup_moves: int | None = None
    backup_behind: int | None = None

    @property
    def restorable(self) -> bool:
        return self.error is not None and self.backup_moves is not None

    def restore_offer(self) -> str:
        """One sentence offering the previous version, saying how far behind it is."""
        if self.backup_behind is not None:
            n = self.backup_behind
            behind = "as far as the damaged one" if n == 0 else f"{n} move{'s' if n != 1 else ''} behind"
        else:
            n = self.backup_moves or 0
            behind = f"with {n} move{'s' if n != 1 else ''} made"
        return f"The previous version of this save can be restored ({behind})."

    # The game's variants (its Options instance), for the list to show which are in force.
    options: Any = None


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


def _when(text: str, fallback: float) -> float:
    """Seconds since the epoch for an ISO time, for sorting; `fallback` if it cannot be read."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return fallback
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; directories cannot be opened this way on Windows.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class SaveStore:
    """The saves in one folder. `games` (default: every registered game) is what loads can read."""

    def __init__(
        self,
        root: Path,
        *,
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.root = Path(root)
        self.games = games
        # Local time: new save names are read by people ("rival_kings-2026-11-29-1930").
        self._clock = clock or datetime.now

    @classmethod
    def default(
        cls, override: str | Path | None = None, *, games: Mapping[str, Game[Any, Any, Any]] | None = None
    ) -> SaveStore:
        """The store at `override` (--save-dir), else $RIVALS_SAVE_DIR, else the user data folder."""
        if override is not None:
            if str(override).strip() == "":
                raise SaveError("--save-dir", "an empty folder name; give the folder where saves live")
            root = Path(override).expanduser()
        elif os.environ.get(ENV_VAR):
            root = Path(os.environ[ENV_VAR]).expanduser()
        else:
            root = Path(platformdirs.user_data_dir("rivals")) / "saves"
        return cls(root, games=games)

    def __repr__(self) -> str:
        return f"SaveStore({str(self.root)!r})"

    # -- names and paths -----------------------------------------------------------------------
    def _name(self, name: str) -> str:
        """`name` checked to be a plain file name; "autumn.json" is accepted as "autumn"."""
        clean = name.removesuffix(SUFFIX)
        bad = (
            not clean
            or clean.startswith(".")
            or "\0" in clean
            or any(sep in clean for sep in ("/", "\\", os.sep, os.altsep or "/"))
        )
        if bad:
            raise SaveError(
                name or '""', "not a valid save name (a plain file name, not starting with a dot)"
            )
        return clean

    def path(self, name: str) -> Path:
        return self.root / f"{self._name(name)}{SUFFIX}"

    def backup_path(self, name: str) -> Path:
        return self.root / f"{self._name(name)}{SUFFIX}.bak"

    def lock_path(self, name: str) -> Path:
        return self.root / f"{self._name(name)}.lock"

    def new_name(self, game_id: str) -> str:
        """A fresh, readable name such as "rival_kings-2026-11-29-1930" ("-2", "-3"... if taken)."""
        return self.unused_name(f"{game_id}-{self._clock():%Y-%m-%d-%H%M}")

    def unused_name(self, base: str) -> str:
        """`base`, or "<base>-2", "-3"... when a save, backup or lock already has that name."""
        name, n = self._name(base), 2
        base = name
        while any(p.exists() for p in (self.path(name), self.backup_path(name), self.lock_path(name))):
            name, n = f"{base}-{n}", n + 1
        return name

    # -- writing -------------------------------------------------------------------------------
    def save(
        self, name: str, match: Match, *, created: str | None = None, updated: str | None = None
    ) -> Path:
        """Write `match` as the save `name`, atomically, keeping the previous version as a backup.
        `created`: when the game began (default: as the save already says, else now); `updated`:
        when its last move was made (default now; an imported record keeps its own)."""
        name = self._name(name)
        target = self.path(name)
        began = created if created is not None else self._created(target)
        data = _codec().dumps(match, created=began, updated=updated).encode("utf-8")
        try:
            self._make_root()
            # mkstemp creates the file itself (O_EXCL, no link followed) under a random name.
            fd, tmp_name = tempfile.mkstemp(prefix=f".{name}{SUFFIX}.", suffix=TEMP_SUFFIX, dir=self.root)
            tmp = Path(tmp_name)
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                if target.exists():
                    self._keep_backup(name, target)
                os.replace(tmp, target)
            except BaseException:
                with suppress(OSError):
                    tmp.unlink()
                raise
            _fsync_dir(self.root)
        except OSError as exc:
            raise SaveError(target.name, f"could not be saved ({_why(exc)})") from None
        return target

    def _make_root(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{self.root} is a file, not a folder")
        self.root.mkdir(parents=True, exist_ok=True)

    def _created(self, target: Path) -> str | None:
        """The creation time recorded in the existing save, so that it survives rewrites."""
        try:
            data = json.loads(_read_bounded(target))
            version = data["format_version"]
            if type(version) is int and version < _codec().FORMAT_VERSION:
                # Older formats kept the time elsewhere; upgrade a copy to find it.
                data = migrate(dict(data), version, _codec().FORMAT_VERSION)
            created = data.get("created")
        except (OSError, ValueError, LookupError, TypeError, AttributeError, MigrationFault, RecursionError):
            return None
        return created if isinstance(created, str) else None

    def _keep_backup(self, name: str, target: Path) -> None:
        backup = self.backup_path(name)
        tmp = self.root / f".{name}{SUFFIX}.bak-{_random_tag()}.tmp"
        try:
            try:
                # A second name for the current file: no copying, and the rename below then
                # swaps the backup in whole. link() never follows a link at either name.
                os.link(target, tmp, follow_symlinks=False)
            except OSError as exc:
                if exc.errno == errno.EEXIST:
                    raise  # something planted at our temporary name: never write through it
                _copy_exclusive(target, tmp)  # file systems without hard links
            os.replace(tmp, backup)
        except BaseException:
            with suppress(OSError):
                tmp.unlink()
            raise

    def delete(self, name: str) -> None:
        """Remove the save and its backup. Refused while another window has the save open."""
        name = self._name(name)
        files = [self.path(name), self.backup_path(name)]
        if not any(p.exists() for p in files):
            raise SaveError(files[0].name, f"no such save in {self.root}")
        with self.lock(name):
            for p in files:
                try:
                    p.unlink(missing_ok=True)
                except OSError as exc:
                    raise SaveError(p.name, f"could not be deleted ({exc.strerror or exc})") from None

    # -- reading -------------------------------------------------------------------------------
    def load(self, name: str, *, games: Mapping[str, Game[Any, Any, Any]] | None = None) -> Match:
        """The match saved as `name`. Raises SaveError with one line; never changes the file."""
        return self.load_envelope(name, games=games)[0]

    def load_envelope(
        self, name: str, *, games: Mapping[str, Game[Any, Any, Any]] | None = None
    ) -> tuple[Match, dict[str, Any]]:
        """The match saved as `name` and its envelope (its times, status...), as `load`."""
        path = self.path(name)
        codec = _codec()
        found: tuple[Match, dict[str, Any]] = codec.load_envelope(
            codec.parse(self._read(path), path.name), games=self._games(games), source=path.name
        )
        return found

    def _games(
        self, games: Mapping[str, Game[Any, Any, Any]] | None
    ) -> Mapping[str, Game[Any, Any, Any]] | None:
        return games if games is not None else self.games

    def _read(self, path: Path) -> bytes:
        try:
            return _read_bounded(path)
        except FileNotFoundError:
            raise SaveError(path.name, f"no such save in {self.root}") from None
        except _NotASaveFile as exc:
            raise SaveError(path.name, exc.strerror or "not a Rivals save") from None
        except OSError as exc:
            raise SaveError(path.name, f"cannot be read ({_why(exc)})") from None

    def save_paths(self) -> list[Path]:
        """Every save file in the folder, by name: plain files only (no dot files, no folders,
        pipes or dangling links)."""
        if not self.root.is_dir():
            return []
        try:
            paths = sorted(self.root.glob(f"*{SUFFIX}"))
        except OSError:
            return []
        return [p for p in paths if not p.name.startswith(".") and _is_regular(p)]

    def parsed(self, path: Path) -> Any:
        """The JSON value in the save file at `path`, not yet checked. Raises SaveError."""
        return _codec().parse(self._read(path), path.name)

    def list(self, *, games: Mapping[str, Game[Any, Any, Any]] | None = None) -> list[SaveInfo]:
        """Every save, newest first. A file that cannot be loaded is listed with `error` set."""
        found: list[tuple[float, SaveInfo]] = []
        for path in self.save_paths():
            try:
                found.append(self._info(path, self._games(games)))
            except Exception as exc:  # one odd file is one line of the list, never the whole list
                line = f"{path.name}: cannot be read ({type(exc).__name__})"
                found.append((0.0, SaveInfo(path.stem, path, "", "", (), "", "", "", error=line)))
        found.sort(key=lambda pair: (pair[0], pair[1].name), reverse=True)
        return [info for _, info in found]

    def _info(self, path: Path, games: Mapping[str, Game[Any, Any, Any]] | None) -> tuple[float, SaveInfo]:
        name = path.stem
        data: Any = None
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = 0.0
        try:
            data = self.parsed(path)
            match, envelope = _codec().load_envelope(data, games=games, source=path.name)
        except SaveError as exc:
            game_id = data.get("game") if isinstance(data, dict) else None
            game_id = game_id if isinstance(game_id, str) else ""
            known = games if games is not None else GAMES
            title = known[game_id].title if game_id in known else ""
            info = SaveInfo(name, path, game_id, title, (), "", "", _iso(mtime), error=str(exc))
            return mtime, self._with_backup(info, data, games)
        updated = envelope["updated"]
        info = SaveInfo(
            name=name,
            path=path,
            game_id=match.game.id,
            title=match.game.title,
            players=tuple(seat.name for seat in match.seats),
            progress=_codec().progress_of(match),
            status=_codec().status_of(match),
            updated=updated,
            options=match.options,
        )
        return _when(updated, mtime), info

    def _with_backup(
        self, info: SaveInfo, damaged: Any, games: Mapping[str, Game[Any, Any, Any]] | None
    ) -> SaveInfo:
        """`info` of a damaged save, plus what its backup offers if the backup loads."""
        backup = self.root / f"{info.name}{BACKUP_SUFFIX}"
        if not _is_regular(backup):
            return info
        try:
            match = _codec().loads(self._read(backup), games=games, source=backup.name)
        except Exception:  # a damaged backup too: nothing to offer
            return info
        moves = len(match.history)
        behind = None
        actions = damaged.get("actions") if isinstance(damaged, dict) else None
        if isinstance(actions, list) and len(actions) >= moves:
            behind = len(actions) - moves
        return attrs.evolve(info, backup_moves=moves, backup_behind=behind)

    def restore_backup(self, name: str) -> Path:
        """Put the previous version back in place of a damaged save.

        The damaged file is kept beside it as `<name>.json.damaged` (nothing is ever lost), and
        the backup is checked to load before anything is moved. Needs the save's lock.
        """
        name = self._name(name)
        target, backup = self.path(name), self.backup_path(name)
        _codec().loads(self._read(backup), games=self.games, source=backup.name)  # raises SaveError
        try:
            with self.lock(name):
                if target.exists() or target.is_symlink():
                    os.replace(target, self.root / f"{name}{SUFFIX}.damaged")
                tmp = self.root / f".{name}{SUFFIX}.restore-{_random_tag()}{TEMP_SUFFIX}"
                _copy_exclusive(backup, tmp)
                os.replace(tmp, target)
                _fsync_dir(self.root)
        except OSError as exc:
            raise SaveError(target.name, f"could not be restored ({_why(exc)})") from None
        return target

    def clean_temporary(self) -> int:
        """Remove temporary files left by a process killed during a save; how many were removed.

        Only files named like ours, that are plain files (never a link), and that are not in use:
        either their save is not open in a live process, or they are too old to be a save in
        progress.
        """
        try:
            candidates = [
                p for p in self.root.iterdir() if p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX)
            ]
        except OSError:
            return 0
        removed = 0
        now = time.time()
        for path in candidates:
            name, ours, _ = path.name[1:].partition(SUFFIX + ".")
            if not ours:
                continue  # not one of ours
            try:
                info = path.lstat()
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode) or not name:
                continue
            if now - info.st_mtime < STALE_TEMP_SECONDS and self._in_use(name):
                continue
            with suppress(OSError):
                path.unlink()
                removed += 1
        return removed

    def _in_use(self, name: str) -> bool:
        try:
            lock = self.lock(name)
        except (SaveError, OSError):
            return True
        lock.release()
        return False

    def latest(self, *, in_progress: bool = True) -> SaveInfo | None:
        """The most recently played save that loads (and is still in progress, by default)."""
        for info in self.list():
            if info.error is None and (not in_progress or info.status == _codec().STATUS_IN_PROGRESS):
                return info
        return None

    # -- locking -------------------------------------------------------------------------------
    def lock(self, name: str) -> SaveLock:
        """Mark the save as open in this process until released. Raises SaveError
        ("<name>: already open in another Rivals window (pid N)") if a live process holds it."""
        name = self._name(name)
        if self.root.exists() and not self.root.is_dir():
            raise SaveError(name, f"cannot be saved: {self.root} is a file, not a folder")
        return acquire(name, self.lock_path(name))

    def lock_folder(self) -> SaveLock:
        """Mark the whole folder as a table server's until released. Raises SaveError (one
        sentence) if another live process serves it."""
        if self.root.exists() and not self.root.is_dir():
            raise SaveError(str(self.root), "is a file, not a folder")
        held = "already used by another table server (pid {pid}); a save folder serves one server at a time"
        return acquire(str(self.root), self.root / SERVER_LOCK, held)


class _NotASaveFile(OSError):
    """The path names something that is not a plain file of a sane size."""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _is_regular(path: Path) -> bool:
    """A plain file (a link to one counts); False for folders, pipes, devices, dangling links."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def _read_bounded(path: Path) -> bytes:
    """The bytes of a save file, refusing pipes, devices and files over MAX_SAVE_BYTES.

    Opened without blocking, so that a pipe put in place of a save cannot hang the app.
    """
    fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _NotASaveFile(errno.EINVAL, "not a Rivals save (it is not a plain file)")
        if info.st_size > MAX_SAVE_BYTES:
            raise _NotASaveFile(errno.EFBIG, "not a Rivals save (the file is far too large)")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_SAVE_BYTES:
                raise _NotASaveFile(errno.EFBIG, "not a Rivals save (the file is far too large)")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _copy_exclusive(source: Path, dest: Path) -> None:
    """Copy `source` to the new file `dest`, which must not exist (a planted link is refused)."""
    data = _read_bounded(source)
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
