"""Pure operations on a project: they take a tree and return a new one.

They know nothing of tools, LLMs or terminals. An operation that cannot be
carried out raises ``EditError`` before building anything.
"""
