"""docs/greet.md's Python example is Examples/python's code, word for word."""

from conftest import ROOT


def test_the_docs_show_the_example_tool() -> None:
    readme = (ROOT / "docs" / "greet.md").read_text(encoding="utf-8")
    example = (ROOT / "Examples" / "python" / "src" / "greeted" / "__init__.py").read_text(encoding="utf-8")
    code = example[example.index("import os") :]
    assert f"```python\n{code}```\n" in readme
