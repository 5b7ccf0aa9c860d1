"""Drawing helpers shared by every scene: fonts, card sprites, easing and tweens, widgets."""
