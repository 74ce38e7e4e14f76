"""Rendering the edit to a video file with the bundled ffmpeg, through one
filter graph built from the project (see ``graph``)."""
