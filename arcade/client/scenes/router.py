"""Scenes opened by name: ``make(app, "pause", table)`` builds the scene registered under that name, so no scene
module imports another to open it (the import graph stays a tree; ``tools/layout_report.py`` checks it).

Names: ``title``, ``attract``, ``seat_setup``, ``pause``, ``results``, ``settings``, ``bindings``, ``rules``,
``replays``, ``playback``, ``lan`` (the LAN menu) and the other ``lan_*`` screens, ``online`` (the online menu),
``online_wait`` (meeting by code) and ``online_settings``; a game's table is opened with
``table(game_id)`` (its ``GameDefinition.load_table``). Raises KeyError for an unknown name.
"""

from __future__ import annotations

import importlib
from typing import Any

from arcade.games import definition_of

__all__ = ["SCENES", "scene_class", "make", "table"]

SCENES: dict[str, str] = {
    "title": "arcade.client.scenes.title:TitleScene",
    "seat_setup": "arcade.client.scenes.setup:SeatSetupScene",
    "pause": "arcade.client.scenes.pause:PauseScene",
    "results": "arcade.client.scenes.results:ResultsScene",
    "settings": "arcade.client.scenes.settings:SettingsScene",
    "bindings": "arcade.client.scenes.bindings:BindingsScene",
    "rules": "arcade.client.scenes.rules:RulesScene",
    "attract": "arcade.client.scenes.attract:AttractScene",
    "replays": "arcade.client.scenes.replays:ReplaysScene",
    "playback": "arcade.client.scenes.replays:PlaybackScene",
    "lan": "arcade.client.scenes.lan_menu:LanMenuScene",
    "lan_lobby": "arcade.client.scenes.lan_lobby:LanLobbyScene",
    "lan_message": "arcade.client.scenes.lan_message:LanMessageScene",
    "online": "arcade.client.scenes.online_menu:OnlineMenuScene",
    "online_wait": "arcade.client.scenes.online_wait:OnlineWaitScene",
    "online_settings": "arcade.client.scenes.online_settings:OnlineSettingsScene",
}


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def scene_class(name: str) -> type:
    """The class registered under ``name``. Raises KeyError for an unknown name."""
    return _load(SCENES[name])


def make(app: Any, name: str, *args: Any, **kw: Any) -> Any:
    """A new scene ``name`` built with ``(app, *args, **kw)``."""
    return scene_class(name)(app, *args, **kw)


def table(game_id: str) -> type:
    """The table scene class of a game, from its definition (``GameDefinition.load_table``). Raises KeyError for an
    unknown game; ImportError naming the module if the table does not load."""
    return definition_of(game_id).load_table()
