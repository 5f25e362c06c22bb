"""`SaveStore`: the folder of saved games — naming, atomic writes with a backup, listing, locks.

Each save is `<name>.json` in the folder, with the previous version kept as `<name>.json.bak`
and `<name>.lock` present while a Rivals process plays it. Writes never leave a half-written
save behind: the new text goes to a temporary file in the same folder, is flushed to disk, and
only then renamed over the old one. Reading never changes a file.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Mapping
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs
import platformdirs

from engine.core.game import Game
from engine.core.match import Match
from engine.registry import GAMES
from saves import codec
from saves.codec import STATUS_IN_PROGRESS, dumps, load_envelope, loads, parse, progress_of, status_of
from saves.errors import SaveError
from saves.lock import SaveLock, acquire
from saves.migrations import MigrationFault, migrate

__all__ = ["ENV_VAR", "SaveInfo", "SaveLock", "SaveStore"]

ENV_VAR = "RIVALS_SAVE_DIR"
SUFFIX = ".json"


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
        if override is not None and str(override) != "":
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
        base = f"{game_id}-{self._clock():%Y-%m-%d-%H%M}"
        name, n = base, 2
        while any(p.exists() for p in (self.path(name), self.backup_path(name), self.lock_path(name))):
            name, n = f"{base}-{n}", n + 1
        return name

    # -- writing -------------------------------------------------------------------------------
    def save(self, name: str, match: Match) -> Path:
        """Write `match` as the save `name`, atomically, keeping the previous version as a backup."""
        name = self._name(name)
        target = self.path(name)
        data = dumps(match, created=self._created(target)).encode("utf-8")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(prefix=f".{name}{SUFFIX}.", suffix=".tmp", dir=self.root)
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
            raise SaveError(target.name, f"could not be saved ({exc.strerror or exc})") from None
        return target

    def _created(self, target: Path) -> str | None:
        """The creation time recorded in the existing save, so that it survives rewrites."""
        try:
            data = json.loads(target.read_bytes())
            version = data["format_version"]
            if type(version) is int and version < codec.FORMAT_VERSION:
                # Older formats kept the time elsewhere; upgrade a copy to find it.
                data = migrate(dict(data), version, codec.FORMAT_VERSION)
            created = data.get("created")
        except (OSError, ValueError, LookupError, TypeError, AttributeError, MigrationFault):
            return None
        return created if isinstance(created, str) else None

    def _keep_backup(self, name: str, target: Path) -> None:
        backup = self.backup_path(name)
        tmp = self.root / f".{name}{SUFFIX}.bak-{secrets.token_hex(4)}.tmp"
        try:
            try:
                # A second name for the current file: no copying, and the rename below then
                # swaps the backup in whole.
                os.link(target, tmp)
            except OSError:
                shutil.copy2(target, tmp)  # file systems without hard links
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
        path = self.path(name)
        return loads(self._read(path), games=self._games(games), source=path.name)

    def _games(
        self, games: Mapping[str, Game[Any, Any, Any]] | None
    ) -> Mapping[str, Game[Any, Any, Any]] | None:
        return games if games is not None else self.games

    def _read(self, path: Path) -> bytes:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise SaveError(path.name, f"no such save in {self.root}") from None
        except OSError as exc:
            raise SaveError(path.name, f"cannot be read ({exc.strerror or exc})") from None

    def list(self, *, games: Mapping[str, Game[Any, Any, Any]] | None = None) -> list[SaveInfo]:
        """Every save, newest first. A file that cannot be loaded is listed with `error` set."""
        if not self.root.is_dir():
            return []
        found: list[tuple[float, SaveInfo]] = []
        for path in self.root.glob(f"*{SUFFIX}"):
            if path.name.startswith(".") or not path.is_file():
                continue
            found.append(self._info(path, self._games(games)))
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
            data = parse(self._read(path), path.name)
            match, envelope = load_envelope(data, games=games, source=path.name)
        except SaveError as exc:
            game_id = data.get("game") if isinstance(data, dict) else None
            game_id = game_id if isinstance(game_id, str) else ""
            known = games if games is not None else GAMES
            title = known[game_id].title if game_id in known else ""
            info = SaveInfo(name, path, game_id, title, (), "", "", _iso(mtime), error=str(exc))
            return mtime, info
        updated = envelope["updated"]
        info = SaveInfo(
            name=name,
            path=path,
            game_id=match.game.id,
            title=match.game.title,
            players=tuple(seat.name for seat in match.seats),
            progress=progress_of(match),
            status=status_of(match),
            updated=updated,
        )
        return _when(updated, mtime), info

    def latest(self, *, in_progress: bool = True) -> SaveInfo | None:
        """The most recently played save that loads (and is still in progress, by default)."""
        for info in self.list():
            if info.error is None and (not in_progress or info.status == STATUS_IN_PROGRESS):
                return info
        return None

    # -- locking -------------------------------------------------------------------------------
    def lock(self, name: str) -> SaveLock:
        """Mark the save as open in this process until released. Raises SaveError
        ("<name>: already open in another Rivals window (pid N)") if a live process holds it."""
        name = self._name(name)
        return acquire(name, self.lock_path(name))
