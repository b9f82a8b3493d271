"""A credential declared with its value a field or a type away from its name: by class, each
failing before, with short passwords of our own (words and words with digits).

* **a mapping named by a credential holding its value in a default or value field**:
  CloudFormation's parameter `DBPassword:` with `Default: x` under it, an ARM parameters
  file's `"adminPassword": {"value": "x"}`, an ARM template's `"defaultValue": "x"`;
* **a typed declaration**: a declaring keyword, the name, a type, `=` and the value (Bicep's
  `param adminPassword string = 'x'`, Go's `var password string = "x"`).
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

VALUES = ["bluecatsgo", "Kite42sky", "pass!1213"]
LAYOUTS = [
    # a mapping named by a credential holding its value in a default or value field
    "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {}\n",
    "Parameters:\n  MasterUserPassword:\n    Type: String\n    Default: '{}'\n",
    '{{"parameters": {{"adminPassword": {{"value": "{}"}}}}}}',
    '"adminPassword": {{\n  "value": "{}"\n}}',
    '"sqlPassword": {{\n  "type": "securestring",\n  "defaultValue": "{}"\n}}',
    # a typed declaration
    "param adminPassword string = '{}'",
    'var password string = "{}"',
    "const dbPassword string = '{}'",
]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("value", VALUES)
def test_a_declared_credential_is_masked(layout: str, value: str) -> None:
    assert value not in notarize(layout.format(value)).text


KEPT = [
    "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 8\n",
    "Parameters:\n  DBPasswordPolicy:\n    Type: String\n    Default: strict\n",
    "Parameters:\n  DBPassword:\n    Type: String\n    Default: ''\n",
    '"adminPassword": {\n  "reference": {"keyVault": {"id": "x"}, "secretName": "admin"}\n}',
    '"adminPassword": {\n  "type": "securestring",\n  "metadata": {"description": "x"}\n}',
    "param adminPassword string",
    "param adminPassword string = newGuid()",
    'var password string = os.Getenv("DB_PASSWORD")',
    "password:\n  min_length: 12\n  default_length: 16\n",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_declaration_without_a_value_is_kept(text: str) -> None:
    assert notarize(text).text == text
