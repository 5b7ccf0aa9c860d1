"""cops_and_robbers's table: the only pygame code of this game (art, layout, controls, scene)."""
