#!/usr/bin/env python3
"""Files of src/ that name each other in a circle (issue 24: "no circle of files").

A file names another when one of its paths (`crate::a::b`, `super::b`, `self::b`,
`goobalay::a::b`, or a module in scope such as `b::item`) resolves to the other's
module. Only a path's first segments are resolved, to the longest module prefix, so
`crate::matches::X` names src/matches, never a sibling file called matches.rs.
A module and its own ancestors (a `mod.rs` that declares or re-exports its children,
a child that uses `super::Type`) are not counted: that is how a module is built.
Everything below `#[cfg(test)] mod tests` in a file is left out.

Prints each circle (a strongly connected group of more than one file) and
"files in circles: N"; exits 1 when N > 0. `--edges` also prints every reference.

    python3 scripts/file_circles.py [src]
"""
import collections
import os
import re
import sys

ROOT = next((a for a in sys.argv[1:] if not a.startswith('--')), 'src')


def module_of(path):
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    parts = ['BIN'] + rel[2:] if rel[0] == 'bin' else ['LIB'] + rel
    if parts[-1] in ('mod', 'main', 'lib'):
        parts = parts[:-1]
    return tuple(parts)


def without_comments_and_strings(src):
    src = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    src = re.sub(r'(?<!\w)b?r(#*)"(?s:.*?)"\1', '""', src)
    src = re.sub(r'"(\\.|[^"\\])*"', '""', src)
    src = re.sub(r'//[^\n]*', '', src)
    cut = re.search(r'#\[cfg\(test\)\]\s*mod tests', src)
    return src[:cut.start()] if cut else src


def use_paths(src):
    """Every path a `use` declaration names, its `{...}` groups expanded."""
    def expand(prefix, tree):
        i = tree.find('{')
        if i < 0:
            return [prefix + tree]
        head, body = tree[:i], tree[i + 1:tree.rfind('}')]
        parts, current, depth = [], '', 0
        for ch in body:
            depth += ch == '{'
            depth -= ch == '}'
            if ch == ',' and depth == 0:
                parts.append(current)
                current = ''
            else:
                current += ch
        parts.append(current)
        return [p for part in parts if part for p in expand(prefix + head, part)]
    out = []
    for m in re.finditer(r'\buse\s+([^;]+);', src):
        out += expand('', re.sub(r'\s+', '', m.group(1)))
    return out


files = sorted(os.path.join(d, f) for d, _, fs in os.walk(ROOT) for f in fs if f.endswith('.rs'))
modules = {module_of(f): f for f in files}
edges = collections.defaultdict(set)

for f in files:
    me = module_of(f)
    parent = list(me[:-1])
    src = without_comments_and_strings(open(f, encoding='utf-8').read())

    def longest_module(base, segs):
        for k in range(len(segs), 0, -1):
            if tuple(base + segs[:k]) in modules:
                return tuple(base + segs[:k])
        return None

    def refer(target):
        if target is None or modules[target] == f:
            return
        if target == me[:len(target)] or me == target[:len(me)]:
            return  # an ancestor or a descendant
        edges[f].add(modules[target])

    paths = set(use_paths(src))
    paths |= set(re.findall(r'(?<![:\w])((?:crate|super|self|goobalay)(?:::\w+)+)', src))
    paths |= set(re.findall(r'(?<![:\w])([a-z_]\w*(?:::\w+)+)', src))
    for path in paths:
        segs = [s.split(' as ')[0] for s in path.split('::') if s and s != '*']
        if not segs:
            continue
        head = segs[0]
        if head == 'crate':
            refer(longest_module([me[0]], segs[1:]))
        elif head == 'goobalay':
            refer(longest_module(['LIB'], segs[1:]))
        elif head == 'self':
            refer(longest_module(list(me), segs[1:]))
        elif head == 'super':
            base = parent
            rest = segs[1:]
            while rest and rest[0] == 'super':
                base, rest = base[:-1], rest[1:]
            refer(longest_module(base, rest))
        else:
            refer(longest_module(list(me), segs) or longest_module(parent, segs))

# Tarjan's strongly connected components.
index, low, stack, on_stack, groups = {}, {}, [], set(), []
sys.setrecursionlimit(10000)


def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on_stack.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        group = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            group.append(w)
            if w == v:
                break
        groups.append(group)


for f in files:
    if f not in index:
        visit(f)
circles = sorted((g for g in groups if len(g) > 1), key=len, reverse=True)
for g in circles:
    print(len(g), ' '.join(sorted(os.path.relpath(x, ROOT) for x in g)))
print('files in circles:', sum(len(g) for g in circles))
if '--edges' in sys.argv:
    for f in sorted(edges):
        for t in sorted(edges[f]):
            print(os.path.relpath(f, ROOT), '->', os.path.relpath(t, ROOT))
sys.exit(1 if circles else 0)
