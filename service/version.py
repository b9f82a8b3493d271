"""The package's one version. `pyproject.toml` reads it (`[tool.setuptools.dynamic]`), and
`palimpsest --version`, `/healthz` and the OpenAPI document print it, so the four agree.

Bumped by hand at a release, with a section in CHANGELOG.md; a `.devN` suffix means the code
between two releases.
"""

__version__ = "0.2.0.dev0"
