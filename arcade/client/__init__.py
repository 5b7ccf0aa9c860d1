"""The pygame client: window, input, audio, settings, scenes and drawing."""
