#!/usr/bin/env python3
"""Functions of src/ longer than a limit (issue 36: "no function over about 150 lines").

A function's length is counted from the line of its `fn` keyword to the line of the
brace that closes its body, both included, so the signature counts and a function
nested inside another counts in both. Braces are matched on the source with
comments, strings, raw strings and character literals blanked out (a lifetime such
as `'a` is not a character literal), which is enough for rustc-accepted code.
Declarations without a body (`fn f();` in a trait) are skipped.

Prints `lines  file:line  name`, longest first, and "functions over N lines: K";
exits 1 when K > 0.

    python3 scripts/long_functions.py [--limit N] [src]
"""
import os
import re
import sys


def blank_comments_and_strings(src):
    """The source with every comment, string and char literal replaced by spaces
    (newlines kept, so line numbers stay true)."""
    out = []
    i, n = 0, len(src)

    def blank(text):
        return re.sub(r'[^\n]', ' ', text)

    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(blank(src[i:j]))
            i = j
        elif src.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif src.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(src[i:j]))
            i = j
        else:
            raw = re.match(r'(?<![\w])b?r(#*)"', src[i:i + 300]) if c in 'br' else None
            if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == '_')):
                close = '"' + raw.group(1)
                j = src.find(close, i + raw.end())
                j = n if j < 0 else j + len(close)
                out.append(blank(src[i:j]))
                i = j
            elif c == '"' or (c == 'b' and src.startswith('b"', i)
                              and not (i and (src[i - 1].isalnum() or src[i - 1] == '_'))):
                j = i + (2 if c == 'b' else 1)
                while j < n and src[j] != '"':
                    j += 2 if src[j] == '\\' else 1
                out.append(blank(src[i:j + 1]))
                i = j + 1
            elif c == "'":
                char = re.match(r"'(\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'])'", src[i:i + 16])
                if char:
                    out.append(blank(char.group(0)))
                    i += char.end()
                else:  # a lifetime or a label
                    out.append(c)
                    i += 1
            else:
                out.append(c)
                i += 1
    return ''.join(out)


def functions(src):
    """(name, first line, line count) of every function with a body."""
    code = blank_comments_and_strings(src)
    line_starts = [0] + [m.end() for m in re.finditer('\n', code)]

    def line_of(pos):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    found = []
    for m in re.finditer(r'\bfn\s+(\w+)', code):
        # The body opens at the first `{` outside the signature's brackets; a `;`
        # first means a declaration without body.
        depth, j = 0, m.end()
        while j < len(code):
            ch = code[j]
            if ch in '(<[':
                depth += 1
            elif ch in ')]':
                depth -= 1
            elif ch == '>' and code[j - 1] != '-' and depth:
                depth -= 1
            elif ch == ';' and depth == 0:
                j = -1
                break
            elif ch == '{' and depth == 0:
                break
            j += 1
        if j < 0 or j >= len(code):
            continue
        braces, k = 0, j
        while k < len(code):
            if code[k] == '{':
                braces += 1
            elif code[k] == '}':
                braces -= 1
                if braces == 0:
                    break
            k += 1
        first, last = line_of(m.start()), line_of(k)
        found.append((m.group(1), first, last - first + 1))
    return found


def main(argv):
    limit, root, args = 150, 'src', list(argv)
    while args:
        a = args.pop(0)
        if a == '--limit':
            limit = int(args.pop(0))
        else:
            root = a
    long = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith('.rs'):
                path = os.path.join(dirpath, f)
                with open(path, encoding='utf-8') as fh:
                    for name, line, count in functions(fh.read()):
                        if count > limit:
                            long.append((count, f'{path}:{line}', name))
    for count, where, name in sorted(long, key=lambda t: (-t[0], t[1])):
        print(f'{count:5}  {where}  {name}')
    print(f'functions over {limit} lines: {len(long)}')
    return 1 if long else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
