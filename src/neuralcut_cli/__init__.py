"""NeuralCut CLI: edit video projects by talking to them."""

__version__ = "0.3.0"
