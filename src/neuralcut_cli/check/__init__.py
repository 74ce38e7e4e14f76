"""The edit checked as a viewer would see it (issue 28): findings with severity, place and fix."""
