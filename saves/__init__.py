"""Saved games: the versioned file format (`codec`), upgrades of old files (`migrations`),
the folder of saves with atomic writes, backups and locks (`store`), and `SaveError`.

Import what you need from the modules themselves (`from saves.codec import dumps`); the package
stays light so that opening the app's menu does not load the save format.
"""

from saves.errors import SaveError

__all__ = ["SaveError"]
