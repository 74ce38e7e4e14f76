"""Where things are, for tests in any folder: the checkout, the tests, their fixtures."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
FIXTURES = TESTS / "fixtures"
DEMO = REPO / "projects" / "demo.json"
