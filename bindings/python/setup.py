"""pip install ./bindings/python: builds the _phosphene extension with the project's CMake build
(offline; no downloads) and installs the `phosphene` package.

    /usr/bin/python3 -m pip install --no-build-isolation --no-deps ./bindings/python

The extension links the shared libphosphene like any host; the build puts a copy of it beside the
module, which looks there first (RPATH $ORIGIN), and both are installed, so the package is
self-contained (no libphosphene on the library path needed). Environment:
  PHOSPHENE_SOURCE_DIR  the repository (default: two folders above this file)
  PHOSPHENE_BUILD_DIR   a CMake build folder to use or reuse (default: inside pip's build/)
  PHOSPHENE_CMAKE_ARGS  extra arguments for the CMake configure step
"""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent


def source_dir() -> pathlib.Path:
    root = pathlib.Path(os.environ.get("PHOSPHENE_SOURCE_DIR", HERE.parent.parent)).resolve()
    if not (root / "include" / "phosphene" / "phosphene.h").is_file():
        sys.exit(f"setup.py: {root} is not the phosphene repository; set PHOSPHENE_SOURCE_DIR")
    return root


def project_version() -> str:
    try:
        text = (source_dir() / "CMakeLists.txt").read_text()
        return re.search(r"project\(phosphene VERSION ([0-9.]+)", text).group(1)
    except (OSError, AttributeError):
        return "0.0.0"


class CMakeExtension(Extension):
    def __init__(self, name: str):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the whole project (tests, benchmarks and examples off) and builds only the
    extension target, for the interpreter running pip."""

    def build_extension(self, ext):
        if shutil.which("cmake") is None:
            sys.exit("setup.py: cmake not found (Debian: apt-get install cmake; see scripts/deps.sh)")
        build = pathlib.Path(os.environ.get("PHOSPHENE_BUILD_DIR",
                                            pathlib.Path(self.build_temp).resolve() / "cmake"))
        configure = [
            "cmake", "-S", str(source_dir()), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DPHOSPHENE_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
            "-DPHOSPHENE_BUILD_TESTS=OFF", "-DPHOSPHENE_BUILD_BENCH=OFF",
            "-DPHOSPHENE_BUILD_EXAMPLES=OFF", "-DPHOSPHENE_BUILD_PLAYER=OFF",
        ]
        if shutil.which("ccache"):
            configure += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
        configure += shlex.split(os.environ.get("PHOSPHENE_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build), "--target", "_phosphene", "-j", jobs],
                       check=True)
        package = build / "python" / "phosphene"
        built = sorted(package.glob("_phosphene*.so"))
        library = sorted(package.glob("libphosphene.so.*"))
        if not built or not library:
            sys.exit(f"setup.py: the build produced no _phosphene module or libphosphene in {package}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[-1], target)
        shutil.copy2(library[-1], target.parent / library[-1].name)


setup(
    name="phosphene",
    version=project_version(),
    description="MilkDrop-compatible music visualization: render presets to numpy arrays, "
                "analyse audio, lint presets",
    python_requires=">=3.9",
    packages=["phosphene"],
    package_dir={"phosphene": "phosphene"},
    package_data={"phosphene": ["*.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("phosphene._phosphene")],
    cmdclass={"build_ext": CMakeBuild},
    install_requires=["numpy"],
    zip_safe=False,
)
