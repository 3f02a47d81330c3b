#!/usr/bin/env python3
"""Narrows to `pub(crate)` every `pub` item of the library that nothing outside the
crate can reach (issue 36, point 5: a small public API).

The modules are private behind the layer namespaces of src/lib.rs, so what the
binary, the tests, the benches and the examples can name is what those namespaces
re-export. rustc's `unreachable_pub` lint finds every other `pub`; this script takes
its findings (`cargo check --message-format=json`, the lint switched on in
src/lib.rs for the run only: RUSTFLAGS would rebuild every dependency) and rewrites
them. `cargo fix` cannot do it: it narrows a whole `pub use a::{X, Y}` when only Y
is unreachable, which breaks X's re-export further up. Here such a statement is
split: `pub use a::{X};` stays, `pub(crate) use a::{Y};` follows it. The
re-exports then unused inside the crate are removed by `cargo fix` (unused
imports), and the result is formatted.

Run it again after merging work that adds items: it changes nothing outside the
crate can name.

    python3 scripts/narrow_pub.py
"""
import collections
import json
import os
import re
import subprocess
import sys

LIB = "src/lib.rs"
LINT = "#![warn(unreachable_pub)]\n"


def findings():
    """(file, start of the `pub`, the narrower visibility rustc suggests: `pub(crate)`
    or `pub(super)`) -> the byte ranges of the names the lint finds unreachable."""
    out = subprocess.run(
        ["cargo", "check", "--lib", "--message-format=json"],
        capture_output=True,
        text=True,
        env=dict(os.environ, CARGO_BUILD_JOBS=os.environ.get("CARGO_BUILD_JOBS", "1")),
    )
    found = collections.defaultdict(list)
    for line in out.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        d = msg.get("message")
        if msg.get("reason") != "compiler-message" or not d:
            continue
        code = (d.get("code") or {}).get("code")
        primary = next((s for s in d["spans"] if s["is_primary"]), None)
        if primary is None:  # "aborting due to N previous errors"
            continue
        if code in ("E0364", "E0365"):
            # A `pub use` of an item narrowed before: narrowed in turn.
            path = primary["file_name"]
            data = open(path, "rb").read()
            at = data.rfind(b"pub use", 0, primary["byte_start"])
            found[(path, at, "pub(crate)")].append((primary["byte_start"], primary["byte_end"]))
            continue
        if code in ("private_interfaces", "private_bounds"):
            # An item outside code calls names a type narrowed by name (below): the
            # type is part of the API after all.
            # The type is widened to the visibility the item is reached at.
            reached = re.search(r"reachable at visibility `([^`]+)`", primary["label"] or "")
            for c in d["children"]:
                for s in c["spans"]:
                    if reached and "only usable at visibility" in c["message"]:
                        found[(s["file_name"], s["byte_start"], "=" + reached.group(1))].append(None)
            continue
        if d["level"] == "error":
            sys.exit("the library does not build:\n" + d["rendered"])
        if code != "unreachable_pub":
            continue
        fix = next(
            s
            for c in d["children"]
            for s in c["spans"]
            if s.get("suggested_replacement")
        )
        key = (fix["file_name"], fix["byte_start"], fix["suggested_replacement"])
        found[key].append((primary["byte_start"], primary["byte_end"]))
    return found


def split_use(text, start, names):
    """The `pub use a::{..};` statement at `start` (character offsets) with the names
    starting at `names` moved into a `pub(crate) use a::{..};` after it: (end of the
    statement, its new text); None when it is not of that simple form."""
    end = text.index(";", start) + 1
    m = re.fullmatch(r"pub use ([\w:]+)::\{([^{}]*)\};", text[start:end], re.S)
    if not m:
        return None
    kept, moved = [], []
    offset = start + m.start(2)
    for part in re.finditer(r"[^,]+", m.group(2)):
        item = part.group(0).strip()
        if item:
            a, b = offset + part.start(), offset + part.end()
            (moved if any(a <= s < b for s in names) else kept).append(item)
    prefix = m.group(1)
    if not kept:
        return end, "pub(crate)" + text[start + 3 : end]  # all of it unreachable
    return end, (
        f"pub use {prefix}::{{{', '.join(kept)}}};\n"
        f"pub(crate) use {prefix}::{{{', '.join(moved)}}};"
    )


def narrow(found):
    by_file = collections.defaultdict(list)
    for (path, a, visibility), names in found.items():
        by_file[path].append((a, visibility, names))
    for path, edits in by_file.items():
        data = open(path, "rb").read()
        text = data.decode("utf-8")

        def char(byte):
            return len(data[:byte].decode("utf-8"))

        # Back to front, so the offsets of the edits still to make hold.
        for a, visibility, names in sorted(edits, key=lambda e: e[0], reverse=True):
            at = char(a)
            if visibility.startswith("="):
                m = re.compile(r"pub\((crate|super)\)").match(text, at)
                if m:
                    text = text[: m.start()] + visibility[1:] + text[m.end() :]
                continue
            statement = text[at : text.find(";", at) + 1]
            if statement.startswith("pub use") and "{" in statement:
                split = split_use(text, at, [char(s) for s, _ in names])
                if split is None:
                    print(f"{path}: narrow by hand: {statement}")
                    continue
                end, new = split
                text = text[:at] + new + text[end:]
            else:
                text = text[:at] + visibility + text[at + 3 :]
        open(path, "w", encoding="utf-8").write(text)
    return len(by_file)


OUTSIDE = ["src/bin", "tests", "benches", "examples", "fuzz/fuzz_targets"]
# Functions, constants and statics only: a type outside code never names may still be
# what a function it calls returns, and its methods are then called outside; the
# lint narrows the types nothing reaches.
DEFINITION = re.compile(r"^(\s*)pub ((?:async |const |unsafe )*(?:fn|const|static) (\w+))", re.M)


def rust_files(root):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.join(d, f)


def named_outside():
    """Every word of the code outside the crate and of the library's doc comments
    (whose examples are compiled outside it)."""
    words = set()
    for root in OUTSIDE:
        for path in rust_files(root):
            words |= set(re.findall(r"\w+", open(path, encoding="utf-8").read()))
    aliases = []
    for path in rust_files("src"):
        if not path.startswith("src/bin"):
            text = open(path, encoding="utf-8").read()
            for line in text.splitlines():
                if line.lstrip().startswith(("///", "//!")):
                    words |= set(re.findall(r"\w+", line))
            for use in re.findall(r"\bpub use [^;]*;", text):
                aliases += re.findall(r"(\w+) as (\w+)", use)
    # `pub use demo::set_up as set_up_demo`: set_up is named by its alias.
    words |= {name for name, alias in aliases if alias in words}
    return words


def narrow_unnamed():
    """Items reachable from the namespaces (methods of public types, items defined in
    a namespace's own file) that no code outside the crate names: the lint cannot
    see them, their name says it. Returns how many were narrowed."""
    words = named_outside()
    count = 0
    for path in rust_files("src"):
        if path.startswith("src/bin"):
            continue
        text = open(path, encoding="utf-8").read()
        # A file's unit tests are inside the crate.
        cut = text.find("#[cfg(test)]")
        head, tail = (text, "") if cut < 0 else (text[:cut], text[cut:])

        def narrowed(m):
            nonlocal count
            if m.group(3) in words:
                return m.group(0)
            count += 1
            return f"{m.group(1)}pub(crate) {m.group(2)}"

        new = DEFINITION.sub(narrowed, head)
        if new != head:
            open(path, "w", encoding="utf-8").write(new + tail)
    return count


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    # Twice: the imports `cargo fix` removes at the end of a round can leave more to
    # narrow, and a second round finds nothing left when the first did it all.
    for _ in range(2):
        print(f"narrowing {narrow_unnamed()} `pub` no code outside names", flush=True)
        total = 0
        for _ in range(30):
            original = open(LIB, encoding="utf-8").read()
            open(LIB, "w", encoding="utf-8").write(LINT + original)
            try:
                found = findings()
            finally:
                open(LIB, "w", encoding="utf-8").write(original)
            if not found:
                break
            widen = sum(1 for (_, _, v) in found if v.startswith("="))
            print(f"narrowing {len(found) - widen} `pub`, widening {widen} back", flush=True)
            # The lint's byte offsets in lib.rs count the line added to it.
            found = {
                (p, a - len(LINT) if p == LIB else a, v): [
                    (s - len(LINT), e - len(LINT)) if p == LIB else (s, e)
                    for s, e in filter(None, names)
                ]
                for (p, a, v), names in found.items()
            }
            narrow(found)
            total += len(found) - widen
        else:
            sys.exit("no fixed point after 30 rounds: see the last findings above")
        print(f"narrowed {total} `pub` by the lint")
        subprocess.run(["cargo", "fix", "--lib", "--allow-dirty", "--allow-staged", "--quiet"], check=True)
        subprocess.run(["cargo", "fmt"], check=True)


if __name__ == "__main__":
    main()
