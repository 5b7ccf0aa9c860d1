"""Contracts shared by the games and the client, with no pygame, netplay or client code, and nothing of
``arcade.games``: the game protocols (``protocols``), the tick adapter and the tick-input rule (``simulation``), the
canonical encoding (``canonical``) and the decodable one (``codec``), the seeded generator (``rng``), the bot seat
(``bots``), what a game *is* (``GameSpec``, ``GameDefinition``) and the registry that holds one definition a game and
fails loudly when a game folder does not load; then the match, replays, results, the hidden-hand policy, the turn
games' referee (``referee``) and a peer's views (``peerviews``)."""

from .definition import GameDefinition, Tutorial
from .registry import GameLoadError, definition_of, discover, register, register_package
from .spec import GameSpec, Option

__all__ = ["GameSpec", "Option", "GameDefinition", "Tutorial", "GameLoadError",
           "definition_of", "register", "register_package", "discover"]
