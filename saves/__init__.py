"""Saved games: the versioned file format (`codec`), upgrades of old files (`migrations`),
the folder of saves with atomic writes, backups and locks (`store`), and `SaveError`."""

from saves.codec import FORMAT_VERSION, converter, dump_match, dumps, load_match, loads
from saves.errors import SaveError

__all__ = ["FORMAT_VERSION", "SaveError", "converter", "dump_match", "dumps", "load_match", "loads"]
