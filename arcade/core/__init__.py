"""Contracts shared by the games and the client, with no pygame, netplay or client code: what a game *is*
(``GameSpec``) and the registry that finds every game folder and fails loudly when one does not load."""

from .spec import GameSpec, Option
from .registry import GameLoadError, SPECS, register, register_package, discover

__all__ = ["GameSpec", "Option", "SPECS", "GameLoadError", "register", "register_package", "discover"]
