"""Every third-party package the project imports is declared in pyproject.toml.

A package that only arrives as another's dependency (httpx2 through anthropic, redis through
celery[redis]) works until that other package drops or bounds it differently; then a fresh
install breaks. So each top-level import in the product, bench, scripts and tests must map, through
the installed distributions, to a package named in `dependencies` or the `dev` extra.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

from tests.conftest import REPO_ROOT

SKIPPED_DIRS = {".venv", "var", "node_modules", "__pycache__"}
# Modules only a type checker imports (under `if TYPE_CHECKING:`), shipped with it.
TYPE_CHECKER_MODULES = {"_typeshed"}


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared(root: Path) -> set[str]:
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [
        *project["dependencies"],
        *project.get("optional-dependencies", {}).get("dev", []),
    ]
    return {_normalise(re.match(r"[A-Za-z0-9._-]+", r).group(0)) for r in requirements}


def _python_files(root: Path) -> list[Path]:
    return [
        path
        for path in root.rglob("*.py")
        if not any(p in SKIPPED_DIRS or p.startswith(".") for p in path.relative_to(root).parts)
    ]


def _is_local(name: str, importer: Path, root: Path) -> bool:
    """A package of this repository, or a module beside the importing script (bench/ scripts
    import their `common` module that way)."""
    for folder in (root, importer.parent):
        if (folder / name / "__init__.py").is_file() or (folder / f"{name}.py").is_file():
            return True
    return False


def _third_party_imports(root: Path) -> dict[str, set[str]]:
    """Top-level module name -> the files that import it."""
    found: dict[str, set[str]] = {}
    for path in _python_files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top in TYPE_CHECKER_MODULES:
                    continue
                if not _is_local(top, path, root):
                    found.setdefault(top, set()).add(str(path.relative_to(root)))
    return found


def _undeclared(root: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Imported module -> (the distributions that provide it, a few files importing it), for
    every module no declared distribution provides."""
    distributions = importlib.metadata.packages_distributions()
    declared = _declared(root)
    undeclared = {}
    for module, files in sorted(_third_party_imports(root).items()):
        providers = {_normalise(d) for d in distributions.get(module, [])}
        if not providers & declared:
            undeclared[module] = (sorted(providers) or ["not installed"], sorted(files)[:3])
    return undeclared


def test_every_imported_package_is_declared_in_pyproject() -> None:
    assert "django" in _third_party_imports(REPO_ROOT), "the scan found no import: it is broken"
    assert _undeclared(REPO_ROOT) == {}, "imported but not declared in pyproject.toml"


def test_a_package_that_only_arrives_as_a_dependency_is_reported(tmp_path: Path) -> None:
    """httpx2 is installed (anthropic needs it), yet a project that imports it without declaring
    it is reported; a sibling script module and the standard library are not."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["anthropic>=2"]\n', encoding="utf-8"
    )
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "common.py").write_text("import json\n", encoding="utf-8")
    (tmp_path / "bench" / "run.py").write_text(
        "import common\nimport anthropic\nfrom httpx2 import TransportError\n", encoding="utf-8"
    )

    assert _undeclared(tmp_path) == {"httpx2": (["httpx2"], ["bench/run.py"])}
