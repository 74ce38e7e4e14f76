"""Media files: the bundled ffmpeg, probing, and importing assets."""
